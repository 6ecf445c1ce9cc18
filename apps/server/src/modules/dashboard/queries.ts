import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { vendors, websites } from '../../db/schema.ts';
import { siteMissingDocuments, typeAppliesToVendor } from '../websites/index.ts';

export async function vendorById(db: Db, vendorId: number) {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row ?? null;
}

export async function siteCountsByStatus(db: Db, vendorId: number) {
  return db
    .select({ status: websites.status, n: count() })
    .from(websites)
    .where(eq(websites.vendorId, vendorId))
    .groupBy(websites.status);
}

/** Sub-accounts of a vendor: the accounts whose parent it is. */
export async function subAccountCount(db: Db, vendorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vendors).where(eq(vendors.parentVendorId, vendorId));
  return row?.n ?? 0;
}

/**
 * Missing documents: the vendor-level types every vendor must have on file that it has none of
 * (a voided one does not count), and the sites lacking a document they need: the one condition
 * the websites list filters by with missing=documents (a site missing two counts once).
 */
export async function missingDocumentCounts(
  db: Db,
  vendorId: number,
): Promise<{ missingDocs: number; missingSiteDocs: number }> {
  const [row] = await rowsOf<{ missing_docs: number; missing_site_docs: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM document_types t
        WHERE t.required_for_vendor AND NOT t.messaging
          AND ${typeAppliesToVendor(sql`(SELECT v.type FROM vendors v WHERE v.id = ${vendorId})`)}
          AND NOT EXISTS (SELECT 1 FROM documents d
            WHERE d.vendor_id = ${vendorId} AND d.type_id = t.id AND NOT d.voided
              AND d.rejected_at IS NULL)) AS missing_docs,
      (SELECT count(*)::int FROM websites w
        WHERE w.vendor_id = ${vendorId} AND ${siteMissingDocuments()}) AS missing_site_docs`,
  );
  return { missingDocs: row?.missing_docs ?? 0, missingSiteDocs: row?.missing_site_docs ?? 0 };
}
