import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';

/**
 * At most `limit` uses per key in a calendar minute. On PostgreSQL the count is one row per key and
 * minute, raised atomically, so the limit holds across instances; the embedded database has one
 * process, which counts in memory.
 */
export interface PerMinuteLimit {
  /** Takes one use; false when the key has used up its minute. */
  take(key: number | string, now?: number): Promise<boolean>;
}

class InProcessLimit implements PerMinuteLimit {
  private readonly windows = new Map<string, { minute: number; used: number }>();
  constructor(private readonly limit: number) {}

  async take(key: number | string, now = Date.now()): Promise<boolean> {
    const minute = Math.floor(now / 60_000);
    const k = String(key);
    const window = this.windows.get(k);
    if (!window || window.minute !== minute) {
      // Old windows go as new minutes start, so the map holds only the keys seen this minute.
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(k, { minute, used: 1 });
      return true;
    }
    if (window.used >= this.limit) return false;
    window.used += 1;
    return true;
  }
}

class SharedLimit implements PerMinuteLimit {
  constructor(
    private readonly database: Database,
    private readonly scope: string,
    private readonly limit: number,
  ) {}

  async take(key: number | string, now = Date.now()): Promise<boolean> {
    const minute = Math.floor(now / 60_000);
    // The conflict's row lock orders concurrent takes: none passes the limit, on any instance.
    const rows = await rowsOf<{ used: number }>(
      this.database.db,
      sql`INSERT INTO rate_windows (scope, key, minute, used) VALUES (${this.scope}, ${String(key)}, ${minute}, 1)
          ON CONFLICT (scope, key, minute) DO UPDATE SET used = rate_windows.used + 1
          WHERE rate_windows.used < ${this.limit}
          RETURNING used`,
    );
    return rows.length === 1;
  }
}

export function perMinuteLimit(database: Database, scope: string, limit: number): PerMinuteLimit {
  return database.kind === 'postgres' ? new SharedLimit(database, scope, limit) : new InProcessLimit(limit);
}

/** Windows of past minutes are no longer read: a job removes them. */
export async function purgeRateWindows(database: Database, now = Date.now()): Promise<void> {
  await database.db.execute(sql`DELETE FROM rate_windows WHERE minute < ${Math.floor(now / 60_000) - 1}`);
}
