import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';

/**
 * At most `limit` uses per key in a window of time (a calendar minute, hour or day). On PostgreSQL
 * the count is one row per key and window, raised atomically, so the limit holds across instances;
 * the embedded database has one process, which counts in memory.
 *
 * A window's row is filed under the last minute it covers, so the purge of past minutes removes it
 * only once the window has ended.
 */
export interface PerMinuteLimit {
  /** Takes one use; false when the key has used up its window. */
  take(key: number | string, now?: number): Promise<boolean>;
  /** Takes `uses` at once when that many are left, otherwise none: then answers how many are left. */
  takeMany(key: number | string, uses: number, now?: number): Promise<TakeResult>;
}

export type TakeResult = { taken: true } | { taken: false; left: number };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The window `now` falls in, named by the last minute it covers. */
const windowOf = (now: number, windowMs: number) =>
  (Math.floor(now / windowMs) + 1) * (windowMs / MINUTE_MS) - 1;

class InProcessLimit implements PerMinuteLimit {
  private readonly windows = new Map<string, { window: number; used: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async take(key: number | string, now = Date.now()): Promise<boolean> {
    return (await this.takeMany(key, 1, now)).taken;
  }

  async takeMany(key: number | string, uses: number, now = Date.now()): Promise<TakeResult> {
    const window = windowOf(now, this.windowMs);
    const k = String(key);
    let entry = this.windows.get(k);
    if (!entry || entry.window !== window) {
      // Old windows go as new ones start, so the map holds only the keys seen lately.
      if (this.windows.size > 10_000) this.windows.clear();
      entry = { window, used: 0 };
      this.windows.set(k, entry);
    }
    if (entry.used + uses > this.limit) return { taken: false, left: this.limit - entry.used };
    entry.used += uses;
    return { taken: true };
  }
}

class SharedLimit implements PerMinuteLimit {
  constructor(
    private readonly database: Database,
    private readonly scope: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async take(key: number | string, now = Date.now()): Promise<boolean> {
    return (await this.takeMany(key, 1, now)).taken;
  }

  async takeMany(key: number | string, uses: number, now = Date.now()): Promise<TakeResult> {
    const window = windowOf(now, this.windowMs);
    if (uses <= this.limit) {
      // The conflict's row lock orders concurrent takes: none passes the limit, on any instance.
      const rows = await rowsOf<{ used: number }>(
        this.database.db,
        sql`INSERT INTO rate_windows (scope, key, minute, used) VALUES (${this.scope}, ${String(key)}, ${window}, ${uses})
            ON CONFLICT (scope, key, minute) DO UPDATE SET used = rate_windows.used + ${uses}
            WHERE rate_windows.used + ${uses} <= ${this.limit}
            RETURNING used`,
      );
      if (rows.length === 1) return { taken: true };
    }
    const [row] = await rowsOf<{ used: number }>(
      this.database.db,
      sql`SELECT used FROM rate_windows WHERE scope = ${this.scope} AND key = ${String(key)} AND minute = ${window}`,
    );
    return { taken: false, left: Math.max(0, this.limit - (row?.used ?? 0)) };
  }
}

/** At most `limit` uses per key in each window of `windowMs` (a minute unless said). */
export function perMinuteLimit(
  database: Database,
  scope: string,
  limit: number,
  windowMs = MINUTE_MS,
): PerMinuteLimit {
  return database.kind === 'postgres'
    ? new SharedLimit(database, scope, limit, windowMs)
    : new InProcessLimit(limit, windowMs);
}

/** Windows that have ended are no longer read: a job removes them. */
export async function purgeRateWindows(database: Database, now = Date.now()): Promise<void> {
  await database.db.execute(sql`DELETE FROM rate_windows WHERE minute < ${Math.floor(now / MINUTE_MS) - 1}`);
}
