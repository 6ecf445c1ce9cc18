import type { HistoryEntry } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql.ts';

/** Who made a change, snapshotted into the entry so it outlives the user. */
export interface Actor {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One change per field whose value differs, in the order of `fields`. */
export function diffFields<T extends Record<string, unknown>>(
  before: T | null,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return fields.flatMap((f) => {
    const from = before ? (before[f] ?? null) : null;
    const to = after[f] ?? null;
    return same(from, to) ? [] : [{ path: [f], from, to }];
  });
}

/** Writes one change-log entry; called inside the transaction of the change it describes. */
export async function recordChange(
  tx: Db,
  entry: { websiteId: number; vendorId: number; description: string; actor: Actor; changes: FieldChange[] },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO website_changes (website_id, vendor_id, description, user_id, username, first_name, last_name, changes)
      VALUES (${entry.websiteId}, ${entry.vendorId}, ${entry.description}, ${entry.actor.userId}, ${entry.actor.username},
        ${entry.actor.firstName}, ${entry.actor.lastName}, ${JSON.stringify(entry.changes)}::jsonb)`,
  );
}

/** The entries of a site, newest first; empty for a site of another vendor (callers 404 first). */
export async function changelogOf(db: Db, vendorId: number, websiteId: number): Promise<HistoryEntry[]> {
  const rows = await rowsOf<{
    created_at: Date | string;
    description: string;
    username: string;
    first_name: string;
    last_name: string;
    changes: FieldChange[] | string;
  }>(
    db,
    sql`SELECT created_at, description, username, first_name, last_name, changes FROM website_changes
      WHERE website_id = ${websiteId} AND vendor_id = ${vendorId} ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((r) => ({
    date: new Date(r.created_at).toISOString(),
    description: r.description,
    user: { username: r.username, firstName: r.first_name, lastName: r.last_name },
    changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as FieldChange[]) : r.changes,
  }));
}
