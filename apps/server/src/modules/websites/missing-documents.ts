import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a document type `t`'s requirements apply to a vendor of this type: the MLS may limit a
 * type to some vendor types (document_types.required_vendor_types; empty means every type).
 */
export function typeAppliesToVendor(vendorType: SQL): SQL {
  return sql`(cardinality(t.required_vendor_types) = 0 OR ${vendorType} = ANY(t.required_vendor_types))`;
}

/**
 * A site that lacks a document it needs, as one condition on a `websites w` row. The dashboard's
 * "Sites missing documents" counts it (website_counts.missing) and the websites list filters by it
 * (missing=documents), so the figure and the list always agree. The flag is kept by triggers
 * (migration 0027) from the rule website_missing_documents, which reads:
 * - Active and Pending Termination: an approved, non-voided document of every site-required type
 *   its product needs (a type naming no products applies to all).
 * - Pending Activation: a Site Access Form that counts for activation (signed by everyone or on
 *   paper, not voided, in this licensing round, for the current parties), without which the site
 *   cannot be activated.
 * Inactive sites need nothing.
 */
export function siteMissingDocuments(): SQL {
  return sql`w.missing_documents`;
}

/**
 * A vendor's sites from the counters (website_counts, kept by triggers): all of them, or those
 * missing documents, optionally of one status. One to four rows read, at any size.
 */
export function siteCount(
  vendorId: SQL,
  { status, missing }: { status?: string; missing?: boolean } = {},
): SQL {
  return sql`(SELECT coalesce(sum(${missing ? sql`c.missing` : sql`c.n`}), 0)::int FROM website_counts c
    WHERE c.vendor_id = ${vendorId} ${status ? sql`AND c.status = ${status}` : sql``})`;
}
