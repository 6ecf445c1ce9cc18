import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { vendors } from '../../db/schema.ts';
import { siteCount, typeAppliesToVendor } from '../websites/index.ts';

export async function vendorById(db: Db, vendorId: number) {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row ?? null;
}

/**
 * The summary's figures, in one statement:
 * - the sites per status, from the counters the websites' triggers keep, so a vendor of a million
 *   sites costs what one of ten does;
 * - the sub-accounts: the accounts whose parent the vendor is;
 * - missing documents: the vendor-level types every vendor must have on file that it has none of
 *   (a voided or rejected one does not count), and the sites lacking a document they need: the one
 *   condition the websites list filters by with missing=documents (a site missing two counts once).
 */
export async function siteFigures(
  db: Db,
  vendorId: number,
): Promise<{
  counts: { status: string; n: number }[];
  subAccounts: number;
  missingDocTypes: string[];
  missingSiteDocs: number;
  sitesWithFindings: number;
}> {
  const [row] = await rowsOf<{
    counts: { status: string; n: number }[] | null;
    sub_accounts: number;
    missing_docs: string[] | null;
    missing_site_docs: number;
    sites_with_findings: number;
  }>(
    db,
    sql`SELECT
      (SELECT json_agg(json_build_object('status', c.status, 'n', c.n))
        FROM website_counts c WHERE c.vendor_id = ${vendorId} AND c.n > 0) AS counts,
      (SELECT count(*)::int FROM vendors v WHERE v.parent_vendor_id = ${vendorId}) AS sub_accounts,
      (SELECT json_agg(t.type ORDER BY t.type) FROM document_types t
        WHERE t.required_for_vendor AND NOT t.messaging
          AND ${typeAppliesToVendor(sql`(SELECT v.type FROM vendors v WHERE v.id = ${vendorId})`)}
          AND NOT EXISTS (SELECT 1 FROM documents d
            WHERE d.vendor_id = ${vendorId} AND d.type_id = t.id AND NOT d.voided
              AND d.rejected_at IS NULL)) AS missing_docs,
      ${siteCount(sql`${vendorId}`, { missing: true })} AS missing_site_docs,
      (SELECT count(DISTINCT f.website_id)::int FROM compliance_findings f
        WHERE f.vendor_id = ${vendorId} AND f.state = 'open') AS sites_with_findings`,
  );
  return {
    counts: (row?.counts ?? []).map((c) => ({ status: c.status, n: Number(c.n) })),
    subAccounts: Number(row?.sub_accounts ?? 0),
    missingDocTypes: row?.missing_docs ?? [],
    missingSiteDocs: Number(row?.missing_site_docs ?? 0),
    sitesWithFindings: Number(row?.sites_with_findings ?? 0),
  };
}
