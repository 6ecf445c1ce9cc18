import { SAF_NOT_SENT, type SafStanding } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';

/**
 * A site's Site Access Form in its current licensing round. A form counts for activation when it
 * was signed by everyone (or signed on paper and uploaded by MLS staff), is not voided, was signed
 * after the site last entered Pending Activation, and was made for the site's current parties:
 * its agent (a team site's primary) and the broker of every office among its agents. An agent
 * swapped in Pending Activation, or a team gaining an office, needs a new form.
 */

/**
 * The parties a form for this site must name, as one sorted key: the agent, and each office of its
 * agents with that office's broker. Stored on a form when it is sent, compared when it is counted;
 * the SQL function website_saf_parties (migration 0013) is the one definition.
 */
export async function safPartiesKey(db: Db, siteId: number): Promise<string> {
  const [row] = await rowsOf<{ key: string | null }>(
    db,
    sql`SELECT website_saf_parties(${siteId}::int) AS key`,
  );
  return row?.key ?? '';
}

interface SafRow {
  site_id: number;
  parties_now: string | null;
  approved: boolean;
  paper: boolean;
  saf_parties: string | null;
  signed_in_round: boolean;
  request_status: 'pending' | 'completed' | 'declined' | 'voided' | null;
  signed: number;
  total: number;
  current_round: boolean;
}

/** The standing of one site from its forms (newest first), by the rule described above. */
function standingOf(rows: SafRow[], key: string): SafStanding {
  const forParties = rows.filter((r) => r.saf_parties === key);
  // A form sent in an earlier round may be signed in this one; what counts is when it was signed.
  const counting = forParties.find(
    (r) => r.approved && r.signed_in_round && (r.paper || r.request_status === 'completed'),
  );
  if (counting)
    return { state: 'signed', signed: counting.total, total: counting.total, paper: counting.paper };
  const latest = forParties.find((r) => r.current_round && !r.approved);
  if (latest?.request_status === 'pending')
    return { state: 'out-for-signature', signed: latest.signed, total: latest.total, paper: false };
  if (latest?.request_status === 'declined')
    return { state: 'declined', signed: latest.signed, total: latest.total, paper: false };
  return SAF_NOT_SENT;
}

/**
 * Where each site stands, in one query (the approval queue reads a page of sites at once): the
 * counting form if there is one, else the newest form of this round. `sites` are (vendor, site)
 * pairs; a site of another vendor than named is not found and reads as not sent.
 */
export async function safStandings(
  db: Db,
  sites: readonly { vendorId: number; siteId: number }[],
): Promise<Map<number, SafStanding>> {
  const out = new Map<number, SafStanding>(sites.map((s) => [s.siteId, SAF_NOT_SENT]));
  if (sites.length === 0) return out;
  const pairs = sql.join(
    sites.map((s) => sql`(${s.vendorId}::int, ${s.siteId}::int)`),
    sql`, `,
  );
  const rows = await rowsOf<SafRow>(
    db,
    sql`SELECT w.id AS site_id, website_saf_parties(w.id) AS parties_now,
          d.approved, d.paper, d.saf_parties,
          COALESCE(d.sealed_at, r.finished_at, d.created_at) >= w.pending_since AS signed_in_round,
          r.status AS request_status,
          (SELECT count(*)::int FROM signers s WHERE s.request_id = r.id AND s.status = 'signed') AS signed,
          (SELECT count(*)::int FROM signers s WHERE s.request_id = r.id) AS total,
          d.created_at >= w.pending_since AS current_round
        FROM (VALUES ${pairs}) AS p(vendor_id, site_id)
        JOIN websites w ON w.id = p.site_id AND w.vendor_id = p.vendor_id
        JOIN documents d ON d.website_id = w.id AND d.vendor_id = p.vendor_id AND NOT d.voided
        JOIN document_types t ON t.id = d.type_id AND t.name = 'saf'
        LEFT JOIN signature_requests r ON r.document_id = d.id
        WHERE r.status IS NULL OR r.status <> 'voided'
        ORDER BY w.id, d.created_at DESC, d.id DESC`,
  );
  const bySite = new Map<number, SafRow[]>();
  for (const row of rows) {
    const list = bySite.get(row.site_id) ?? [];
    list.push(row);
    bySite.set(row.site_id, list);
  }
  for (const [siteId, list] of bySite) out.set(siteId, standingOf(list, list[0]!.parties_now ?? ''));
  return out;
}

/** Where the site stands: the counting form if there is one, else the newest form of this round. */
export async function safStanding(db: Db, vendorId: number, siteId: number): Promise<SafStanding> {
  return (await safStandings(db, [{ vendorId, siteId }])).get(siteId) ?? SAF_NOT_SENT;
}
