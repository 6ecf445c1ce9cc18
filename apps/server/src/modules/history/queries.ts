import type { AuditKind } from '@vp/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deletedWebsites, products, websiteChanges, websites, type FieldChange } from '../../db/schema.ts';

export interface ChangeRow {
  websiteId: number;
  vendorId: number;
  kind: AuditKind;
  description: string;
  userId: number | null;
  username: string;
  firstName: string;
  lastName: string;
  changes: FieldChange[];
}

export async function insertChange(tx: Db, row: ChangeRow): Promise<void> {
  await insertChanges(tx, [row]);
}

/** Above this many rows (a bulk change) the rows travel as one JSON parameter, not nine per row. */
const MANY_ROWS = 100;

export async function insertChanges(tx: Db, rows: ChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (rows.length <= MANY_ROWS) {
    await tx.insert(websiteChanges).values(rows);
    return;
  }
  const data = rows.map((r) => ({
    website_id: r.websiteId,
    vendor_id: r.vendorId,
    kind: r.kind,
    description: r.description,
    user_id: r.userId,
    username: r.username,
    first_name: r.firstName,
    last_name: r.lastName,
    changes: r.changes,
  }));
  await tx.execute(sql`INSERT INTO website_changes
      (website_id, vendor_id, kind, description, user_id, username, first_name, last_name, changes)
    SELECT website_id, vendor_id, kind, description, user_id, username, first_name, last_name, changes
    FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS r(website_id integer, vendor_id integer, kind text,
      description text, user_id integer, username text, first_name text, last_name text, changes jsonb)`);
}

/** What a History entry shows. */
const ENTRY_COLUMNS = {
  createdAt: websiteChanges.createdAt,
  kind: websiteChanges.kind,
  description: websiteChanges.description,
  username: websiteChanges.username,
  firstName: websiteChanges.firstName,
  lastName: websiteChanges.lastName,
  changes: websiteChanges.changes,
};

/**
 * A site's entries, newest first, read through the site so the vendor scope is the site's: null
 * when the vendor has no such site, an empty list when the site has no entries.
 */
export async function entriesOfSite(db: Db, vendorId: number, websiteId: number) {
  const rows = await db
    .select(ENTRY_COLUMNS)
    .from(websites)
    .leftJoin(
      websiteChanges,
      and(eq(websiteChanges.websiteId, websites.id), eq(websiteChanges.vendorId, websites.vendorId)),
    )
    .where(and(eq(websites.id, websiteId), eq(websites.vendorId, vendorId)))
    .orderBy(desc(websiteChanges.createdAt), desc(websiteChanges.id));
  if (rows.length === 0) return null;
  // A site without entries comes back as one row of nulls from the outer join.
  return rows.flatMap((r) =>
    r.createdAt === null || r.kind === null
      ? []
      : [
          {
            createdAt: r.createdAt,
            kind: r.kind,
            description: r.description ?? '',
            username: r.username ?? '',
            firstName: r.firstName ?? '',
            lastName: r.lastName ?? '',
            changes: r.changes ?? [],
          },
        ],
  );
}

/** The entries of a deleted site of the vendor, newest first; null when the vendor deleted no such site. */
export async function entriesOfDeletedSite(db: Db, vendorId: number, websiteId: number) {
  const [deleted] = await db
    .select({ id: deletedWebsites.id })
    .from(deletedWebsites)
    .where(and(eq(deletedWebsites.id, websiteId), eq(deletedWebsites.vendorId, vendorId)));
  if (!deleted) return null;
  return db
    .select(ENTRY_COLUMNS)
    .from(websiteChanges)
    .where(and(eq(websiteChanges.websiteId, websiteId), eq(websiteChanges.vendorId, vendorId)))
    .orderBy(desc(websiteChanges.createdAt), desc(websiteChanges.id));
}

/** Product names by id, for History values. */
export async function productNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: products.id, name: products.name }).from(products);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
