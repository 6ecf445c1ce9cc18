import { QueueMessages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { typeAppliesToVendor } from './missing-documents.ts';
import { today } from './rules.ts';

/** What MLS staff's decisions on a site check: the documents activation needs, and term dates. */

/** The documents a site must have on file to be activated, besides its Site Access Form. */
export interface RequiredDocument {
  typeId: number;
  type: string;
  documentId: number | null;
  label: string | null;
}

/**
 * For each site, every site-required type its products need (the Site Access Form aside: it has its
 * own standing), with the newest document of that type on file (not voided, not rejected).
 */
export async function requiredDocuments(db: Db, siteIds: number[]): Promise<Map<number, RequiredDocument[]>> {
  const out = new Map<number, RequiredDocument[]>(siteIds.map((id) => [id, []]));
  if (siteIds.length === 0) return out;
  const rows = await rowsOf<{
    site_id: number;
    type_id: number;
    type: string;
    document_id: number | null;
    label: string | null;
  }>(
    db,
    sql`SELECT w.id AS site_id, t.id AS type_id, t.type, d.id AS document_id, d.label
      FROM websites w
      JOIN vendors v ON v.id = w.vendor_id
      JOIN document_types t ON t.required_for_sites AND NOT t.messaging AND t.name IS DISTINCT FROM 'saf'
        AND (cardinality(t.required_for_products) = 0 OR t.required_for_products && w.products)
        AND ${typeAppliesToVendor(sql`v.type`)}
      LEFT JOIN LATERAL (SELECT d.id, d.label FROM documents d
        WHERE d.website_id = w.id AND d.type_id = t.id AND NOT d.voided AND d.rejected_at IS NULL
        ORDER BY d.created_at DESC, d.id DESC LIMIT 1) d ON true
      WHERE w.id IN (${sql.join(
        siteIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY w.id, t.type`,
  );
  for (const r of rows)
    out.get(r.site_id)?.push({ typeId: r.type_id, type: r.type, documentId: r.document_id, label: r.label });
  return out;
}

/** Why a site cannot be activated now: its form not signed by everyone, a required document missing. */
export function activationBlockers(signed: boolean, required: RequiredDocument[]): string[] {
  return [
    ...(signed ? [] : [QueueMessages.safNotSigned]),
    ...required.filter((d) => d.documentId === null).map((d) => QueueMessages.documentMissing(d.type)),
  ];
}

/** Why a site in Pending Termination cannot be terminated today. */
export function terminationBlockers(termDate: string | null, day = today()): string[] {
  return termDate !== null && termDate > day ? [QueueMessages.beforeTermDate(termDate)] : [];
}
