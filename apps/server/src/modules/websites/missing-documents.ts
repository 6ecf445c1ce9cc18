import { sql, type SQL } from 'drizzle-orm';
import { hasCountingSaf } from './saf-standing.ts';

/**
 * Whether a document type `t`'s requirements apply to a vendor of this type: the MLS may limit a
 * type to some vendor types (document_types.required_vendor_types; empty means every type).
 */
export function typeAppliesToVendor(vendorType: SQL): SQL {
  return sql`(cardinality(t.required_vendor_types) = 0 OR ${vendorType} = ANY(t.required_vendor_types))`;
}

/**
 * A site that lacks a document it needs, as one condition on a `websites w` row. The dashboard's
 * "Sites missing documents" counts it and the websites list filters by it (missing=documents), so
 * the figure and the list always agree.
 * - Active and Pending Termination: an approved, non-voided document of every site-required type
 *   its product needs (a type naming no products applies to all).
 * - Pending Activation: a Site Access Form that counts for activation (websites' hasCountingSaf:
 *   signed by everyone or on paper, not voided, in this licensing round, for the current parties),
 *   without which the site cannot be activated.
 * Inactive sites need nothing.
 */
export function siteMissingDocuments(): SQL {
  return sql`(
    (w.status IN ('Active', 'Pending Termination') AND EXISTS (SELECT 1 FROM document_types t
      WHERE t.required_for_sites AND NOT t.messaging
        AND (cardinality(t.required_for_products) = 0 OR t.required_for_products && w.products)
        AND ${typeAppliesToVendor(sql`(SELECT v.type FROM vendors v WHERE v.id = w.vendor_id)`)}
        AND NOT EXISTS (SELECT 1 FROM documents d
          WHERE d.website_id = w.id AND d.type_id = t.id AND d.approved AND NOT d.voided
            AND d.rejected_at IS NULL)))
    OR (w.status = 'Pending Activation' AND NOT ${hasCountingSaf(sql`w`)}))`;
}
