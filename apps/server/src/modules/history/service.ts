import { WebsiteServerMessages, type AuditKind, type HistoryEntry } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { entriesOfDeletedSite, entriesOfSite, insertChange } from './queries.ts';

/** A website's History: every write records what changed, in the transaction of the change. */

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

export interface ChangeEntry {
  websiteId: number;
  vendorId: number;
  kind: AuditKind;
  /** Display text; code reads the kind. */
  description: string;
  actor: Actor;
  changes: FieldChange[];
}

/** Writes one History entry; called inside the transaction of the change it describes. */
export async function recordChange(tx: Db, entry: ChangeEntry): Promise<void> {
  const { actor, ...rest } = entry;
  await insertChange(tx, {
    ...rest,
    userId: actor.userId,
    username: actor.username,
    firstName: actor.firstName,
    lastName: actor.lastName,
  });
}

export function historyService({ db }: AppContext) {
  return {
    /**
     * The entries of a site, newest first; another vendor's site is not found. A deleted site's
     * History stays readable to MLS staff (admin); to the vendor the site is gone.
     */
    async list(vendorId: number, actor: Actor, websiteId: number): Promise<HistoryEntry[]> {
      const rows =
        (await entriesOfSite(db, vendorId, websiteId)) ??
        (actor.role === 'admin' ? await entriesOfDeletedSite(db, vendorId, websiteId) : null);
      if (!rows) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
      return rows.map((r) => ({
        date: new Date(r.createdAt).toISOString(),
        kind: r.kind,
        description: r.description,
        user: { username: r.username, firstName: r.firstName, lastName: r.lastName },
        changes: r.changes,
      }));
    },
  };
}
