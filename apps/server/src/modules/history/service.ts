import {
  SITE_STATUS_DISPLAY,
  WebsiteServerMessages,
  agentWithNumber,
  webhookTypesOfChange,
  type AuditKind,
  type HistoryEntry,
  type SiteStatus,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { raiseWebhookEvents } from '../../platform/webhook-outbox.ts';
import { agentsByMemberNumbers } from '../agents/index.ts';
import { entriesOfDeletedSite, entriesOfSite, insertChanges, productNames } from './queries.ts';

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
  /** A user, or someone acting without an account (a signer on a signing link: no user id). */
  actor: Pick<Actor, 'username' | 'firstName' | 'lastName'> & { userId: number | null };
  changes: FieldChange[];
}

/** Writes one History entry; called inside the transaction of the change it describes. */
export async function recordChange(tx: Db, entry: ChangeEntry): Promise<void> {
  await recordChanges(tx, [entry]);
}

/** Writes the History entries of a change of many sites at once (a bulk decision), in one statement. */
export async function recordChanges(tx: Db, entries: ChangeEntry[]): Promise<void> {
  // The licensing events these changes are, for the endpoints that want them (same transaction).
  await raiseWebhookEvents(
    tx,
    entries.flatMap(({ actor, ...e }) =>
      webhookTypesOfChange(e.kind, e.changes).map((type) => ({
        vendorId: e.vendorId,
        type,
        subject: { kind: 'website', id: e.websiteId },
        data: {
          change: {
            kind: e.kind,
            description: e.description,
            changes: e.changes,
            by: { username: actor.username, firstName: actor.firstName, lastName: actor.lastName },
          },
        },
      })),
    ),
  );
  await insertChanges(
    tx,
    entries.map(({ actor, ...rest }) => ({
      ...rest,
      userId: actor.userId,
      username: actor.username,
      firstName: actor.firstName,
      lastName: actor.lastName,
    })),
  );
}

const isAgentPath = (path: string[]) => path[0] === 'memberNumber' || path.join('.') === 'team.memberIds';

/**
 * History values as people read them, for old entries and new alike: statuses by their display
 * names, agents by name with their member number, products by name, yes/no for flags. Entries keep
 * the raw values; they are made readable when read.
 */
export async function readableChanges(db: Db, changes: FieldChange[][]): Promise<HistoryEntry['changes'][]> {
  const numbers = new Set<string>();
  for (const c of changes.flat()) {
    if (!isAgentPath(c.path)) continue;
    for (const v of [c.from, c.to].flat()) if (typeof v === 'string' && v) numbers.add(v);
  }
  const agents = new Map(
    (await agentsByMemberNumbers(db, [...numbers])).map((a) => [
      a.member_mls_id,
      agentWithNumber(a.member_first_name, a.member_last_name, a.member_mls_id),
    ]),
  );
  const needProducts = changes.flat().some((c) => c.path[0] === 'products');
  const names = needProducts ? await productNames(db) : new Map<number, string>();
  const value = (path: string[], v: unknown): unknown => {
    if (Array.isArray(v)) return v.map((x) => value(path, x));
    if (path[0] === 'status' && typeof v === 'string') return SITE_STATUS_DISPLAY[v as SiteStatus] ?? v;
    if (isAgentPath(path) && typeof v === 'string') return agents.get(v) ?? agentWithNumber('', '', v);
    if (path[0] === 'products' && (typeof v === 'number' || typeof v === 'string'))
      return names.get(Number(v)) ?? String(v);
    if (typeof v === 'boolean') return v ? 'Yes' : 'No';
    return v;
  };
  return changes.map((list) =>
    list.map((c) => ({ path: c.path, from: value(c.path, c.from), to: value(c.path, c.to) })),
  );
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
      const changes = await readableChanges(
        db,
        rows.map((r) => r.changes),
      );
      return rows.map((r, i) => ({
        date: new Date(r.createdAt).toISOString(),
        kind: r.kind,
        description: r.description,
        user: { username: r.username, firstName: r.firstName, lastName: r.lastName },
        changes: changes[i]!,
      }));
    },
  };
}
