import type { Resource, ResourceCategory } from '@vp/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resources, resourceViews } from '../../db/schema.ts';

/** The SQL of resources: the list with each item's "new" marker for one user, and the writes. */

export type ResourceRow = typeof resources.$inferSelect;

export function toResource(row: ResourceRow, lastSeenAt: Date | null): Resource {
  return {
    id: row.id,
    category: row.category as ResourceCategory,
    title: row.title,
    description: row.description,
    kind: row.storageKey ? 'file' : 'link',
    url: row.url,
    fileName: row.fileName,
    size: row.size,
    contentType: row.contentType,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
    isNew: lastSeenAt === null || row.updatedAt > lastSeenAt,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

export async function lastSeen(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: resourceViews.lastSeenAt })
    .from(resourceViews)
    .where(eq(resourceViews.userId, userId));
  return row?.at ?? null;
}

/** The user has looked now: what changes later is new to them. */
export async function markSeen(db: Db, userId: number): Promise<Date> {
  const [row] = await db
    .insert(resourceViews)
    .values({ userId, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({ target: resourceViews.userId, set: { lastSeenAt: sql`now()` } })
    .returning({ at: resourceViews.lastSeenAt });
  return row!.at;
}

/** Active resources (and, for MLS staff, retired ones too), by category, position and id. */
export async function listRows(db: Db, withRetired: boolean): Promise<ResourceRow[]> {
  return db
    .select()
    .from(resources)
    .where(withRetired ? undefined : isNull(resources.retiredAt))
    .orderBy(asc(resources.category), asc(resources.position), asc(resources.id));
}

export async function rowById(db: Db, id: number, lock = false): Promise<ResourceRow | null> {
  const query = db.select().from(resources).where(eq(resources.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The position after the last one in a category. */
export async function nextPosition(db: Db, category: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${resources.position})` })
    .from(resources)
    .where(eq(resources.category, category));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** The ids of a category's active resources, locked for a reorder. */
export async function activeIdsIn(db: Db, category: string): Promise<number[]> {
  const rows = await db
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.category, category), isNull(resources.retiredAt)))
    .for('update');
  return rows.map((r) => r.id);
}
