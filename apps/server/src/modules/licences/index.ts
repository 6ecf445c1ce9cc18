import {
  LICENSED_SITE_STATUSES,
  LicenceMessages,
  QueueMessages,
  WebsiteMessages,
  WebsiteServerMessages,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, rowsOf } from '../../db/sql.ts';
import type { Acting } from '../../platform/actor.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recordChanges } from '../history/index.ts';

/**
 * Licences: the one place the portal grants and ends a site's right to listing data. A licence is
 * granted only by an MLS decision (an activation, the approval of a change to a licensed site's
 * terms, a staff member's own edit of them) and holds exactly the terms the site had then; the
 * database refuses, at commit, any site that is Active or Pending Termination without a current
 * licence for its terms as they are (migration 0028: website_terms is the one definition of them).
 */

export type LicenceGrant = 'activation' | 'change approval' | 'staff edit' | 'recorded';
export type LicenceEnd = 'terminated' | 'term date' | 'replaced' | 'new licensing round';

/** The statuses in which a site receives listing data, and so must hold a licence for its terms. */
export const LICENSED_STATUSES: readonly string[] = LICENSED_SITE_STATUSES;

const byUser = (actor: Acting) =>
  sql`${actor.userId}::int, ${`${actor.firstName} ${actor.lastName}`.trim() || actor.username}`;

/**
 * Grants each site a licence for its terms as they stand in this transaction, ending the one it
 * held (replaced). The form that covers them is the newest approved Site Access Form made for
 * exactly those terms (SQL website_covering_form), if any. Each grant is in the site's History.
 */
export async function grantLicences(
  tx: Db,
  sites: readonly { id: number; vendorId: number }[],
  grantedBy: LicenceGrant,
  actor: Acting,
  /** Staff's note of the paper form that covers the terms when none on file does. */
  paperForm = '',
): Promise<void> {
  if (sites.length === 0) return;
  const ids = intArray(sites.map((s) => s.id));
  await tx.execute(
    sql`UPDATE licences SET ended_at = now(), end_reason = 'replaced',
        ended_by_user = ${actor.userId}::int, ended_by_name = ${actor.username}
      WHERE website_id = ANY(${ids}) AND ended_at IS NULL`,
  );
  await tx.execute(
    sql`INSERT INTO licences (website_id, vendor_id, terms, terms_hash, saf_parties, form_document_id,
          form_kind, form_note, granted_by, granted_by_user, granted_by_name)
      SELECT w.id, w.vendor_id, website_terms(w.id), website_terms_hash(w.id),
        COALESCE(website_saf_parties(w.id), ''), f.id,
        CASE WHEN f.paper OR (f.id IS NULL AND ${paperForm} <> '') THEN 'paper'
          WHEN f.id IS NULL THEN 'none' ELSE 'portal' END,
        CASE WHEN f.id IS NULL THEN ${paperForm} ELSE '' END,
        ${grantedBy}, ${byUser(actor)}
      FROM websites w
      LEFT JOIN LATERAL website_covering_form(w.id) f ON true
      WHERE w.id = ANY(${ids})`,
  );
  // A licence recorded for a site licensed before licences were kept is not a decision of now.
  if (grantedBy === 'recorded') return;
  await recordChanges(
    tx,
    sites.map((s) => ({
      websiteId: s.id,
      vendorId: s.vendorId,
      kind: 'website.licence_granted' as const,
      description: paperForm
        ? `${LicenceMessages.granted(grantedBy)}. ${LicenceMessages.paperForm(paperForm)}`
        : LicenceMessages.granted(grantedBy),
      actor,
      changes: [],
    })),
  );
}

/** Ends the current licence of each site that holds one; each end is in the site's History. */
export async function endLicences(
  tx: Db,
  sites: readonly { id: number; vendorId: number }[],
  reason: LicenceEnd,
  actor: Acting,
): Promise<void> {
  if (sites.length === 0) return;
  const ended = await rowsOf<{ website_id: number }>(
    tx,
    sql`UPDATE licences SET ended_at = now(), end_reason = ${reason},
        ended_by_user = ${actor.userId}::int, ended_by_name = ${actor.username}
      WHERE website_id = ANY(${intArray(sites.map((s) => s.id))}) AND ended_at IS NULL
      RETURNING website_id`,
  );
  const endedIds = new Set(ended.map((r) => r.website_id));
  await recordChanges(
    tx,
    sites
      .filter((s) => endedIds.has(s.id))
      .map((s) => ({
        websiteId: s.id,
        vendorId: s.vendorId,
        kind: 'website.licence_ended' as const,
        description: LicenceMessages.ended(reason),
        actor,
        changes: [],
      })),
  );
}

/** What of a site's terms differs from its current licence's, in the order a request names them. */
type TermsPart = 'domain' | 'agent' | 'product' | 'team';

/** Whether the site holds a current licence, whether its terms now are the licensed ones, and what differs. */
export async function licenceStanding(
  tx: Db,
  siteId: number,
): Promise<{ current: boolean; termsMatch: boolean; changed: TermsPart[] }> {
  const [row] = await rowsOf<{
    licensed: Record<string, unknown> | null;
    now: Record<string, unknown> | null;
  }>(
    tx,
    sql`SELECT (SELECT terms FROM licences WHERE website_id = ${siteId}::int AND ended_at IS NULL) AS licensed,
      website_terms(${siteId}::int) AS now`,
  );
  if (!row?.licensed) return { current: false, termsMatch: false, changed: [] };
  const differs = (key: string) => JSON.stringify(row.licensed![key]) !== JSON.stringify(row.now?.[key]);
  const changed: TermsPart[] = [];
  if (differs('domain')) changed.push('domain');
  if (differs('agent') || differs('reciprocal')) changed.push('agent');
  if (differs('products')) changed.push('product');
  if (differs('team')) changed.push('team');
  return { current: true, termsMatch: changed.length === 0, changed };
}

/**
 * Settles the licence of a site after a change in this transaction left it in `status`. A site that
 * receives listing data keeps its licence while its terms are the licensed ones. Otherwise only MLS
 * staff may go on: their change is the decision, and grants a licence for the terms as they now are
 * (`decision`, or an activation when the site held none); anyone else is refused, with the request
 * to use instead.
 */
export async function settleLicence(
  tx: Db,
  site: { id: number; vendorId: number },
  status: string,
  actor: Acting,
  decision: LicenceGrant = 'staff edit',
  paperForm = '',
): Promise<void> {
  if (!LICENSED_STATUSES.includes(status)) return;
  const standing = await licenceStanding(tx, site.id);
  if (standing.termsMatch) return;
  if (actor.role !== 'admin') {
    if (!standing.current) throw new ConflictError(LicenceMessages.noLicence);
    const [part] = standing.changed;
    throw new ConflictError(part ? WebsiteServerMessages.useRequest(part) : LicenceMessages.termsLocked);
  }
  // Staff licensing a site that held none is an activation: a signed form must cover its terms.
  if (!standing.current && !(await hasCoveringForm(tx, site.id)))
    throw new ConflictError(WebsiteMessages.activationNeedsSaf);
  await grantLicences(tx, [site], standing.current ? decision : 'activation', actor, paperForm);
}

async function hasCoveringForm(tx: Db, siteId: number): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM website_covering_form(${siteId}::int)`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * MLS staff have reviewed a current licence held without a signed form on file and recorded what
 * covers it; it leaves the approval queue. 404 when the licence is not current or was reviewed.
 */
export async function reviewLicence(
  tx: Db,
  licenceId: number,
  note: string,
  actor: Acting,
): Promise<{ websiteId: number; vendorId: number; waitedSince: Date }> {
  const [licence] = await rowsOf<{ website_id: number; vendor_id: number; granted_at: string | Date }>(
    tx,
    sql`SELECT l.website_id, l.vendor_id, l.granted_at FROM licences l
      WHERE l.id = ${licenceId}::int AND l.ended_at IS NULL AND l.form_kind = 'none'
        AND NOT EXISTS (SELECT 1 FROM licence_reviews r WHERE r.licence_id = l.id)
      FOR UPDATE`,
  );
  if (!licence) throw new NotFoundError(QueueMessages.licenceNotFound);
  await tx.execute(
    sql`INSERT INTO licence_reviews (licence_id, note, user_id, username)
      VALUES (${licenceId}::int, ${note}, ${actor.userId}::int, ${actor.username})`,
  );
  await recordChanges(tx, [
    {
      websiteId: licence.website_id,
      vendorId: licence.vendor_id,
      kind: 'website.licence_reviewed',
      description: LicenceMessages.reviewed(note),
      actor,
      changes: [],
    },
  ]);
  return {
    websiteId: licence.website_id,
    vendorId: licence.vendor_id,
    waitedSince: new Date(licence.granted_at),
  };
}
