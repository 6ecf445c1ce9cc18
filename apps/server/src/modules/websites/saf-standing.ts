import {
  SAF_NOT_SENT,
  SafOutOfDateMessages,
  TEAM_PRODUCT_ID,
  type SafNewFormMessages,
  safTermsOf,
  signatureChanges,
  type SafStanding,
  type SignatureChange,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, rowsOf } from '../../db/sql.ts';
import { changeNames } from './request-terms.ts';

/**
 * A site's Site Access Form in its current licensing round. A form counts for activation when it
 * was signed by everyone (or signed on paper and uploaded by MLS staff), is not voided, was signed
 * after the site last entered Pending Activation, and covers the site's terms as they are now: its
 * agent (a team site's primary), the broker of every office among its agents, and its products
 * (the contract's saf-terms.ts says which changes need a new form; SQL saf_covers holds the rule).
 * When a form signed in this round no longer covers the site, the standing says why.
 */

/**
 * The terms a form for this site must name, as one sorted key: the agent, each office of its agents
 * with that office's broker, and each product. Stored on a form when it is sent, compared when it is counted;
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
  /** The form covers the site's terms now (SQL saf_covers). */
  covers: boolean;
  signed_in_round: boolean;
  request_status: 'pending' | 'completed' | 'declined' | 'voided' | null;
  signed: number;
  total: number;
  current_round: boolean;
}

const isSigned = (r: SafRow) =>
  r.approved && r.signed_in_round && (r.paper || r.request_status === 'completed');

/** The standing of one site from its forms (newest first), by the rule described above. */
function standingOf(rows: SafRow[]): SafStanding & { staleFrom?: string } {
  const forParties = rows.filter((r) => r.covers);
  // A form sent in an earlier round may be signed in this one; what counts is when it was signed.
  const counting = forParties.find(isSigned);
  if (counting)
    return { state: 'signed', signed: counting.total, total: counting.total, paper: counting.paper };
  const latest = forParties.find((r) => r.current_round && !r.approved);
  if (latest?.request_status === 'pending')
    return { state: 'out-for-signature', signed: latest.signed, total: latest.total, paper: false };
  if (latest?.request_status === 'declined')
    return { state: 'declined', signed: latest.signed, total: latest.total, paper: false };
  // A form signed in this round for terms the site has since left.
  const stale = rows.find((r) => r.saf_parties !== null && !r.covers && isSigned(r));
  return stale ? { ...SAF_NOT_SENT, staleFrom: stale.saf_parties! } : SAF_NOT_SENT;
}

/**
 * The sentences that say what each change is, in a site's words or a request's. A site without a
 * team has one agent: a new office comes with its new agent, and is not said twice.
 */
export async function changeTexts(
  db: Db,
  lists: { changes: SignatureChange[]; team: boolean }[],
  messages: typeof SafOutOfDateMessages | typeof SafNewFormMessages,
): Promise<string[][]> {
  const names = await changeNames(
    db,
    lists.flatMap((l) => l.changes),
  );
  return lists.map(({ changes, team }) =>
    changes
      .filter((c) => team || c.kind !== 'office')
      .map((c) => {
        switch (c.kind) {
          case 'product':
            return messages.products(names.products(c.was), names.products(c.now));
          case 'agent':
            return messages.agent(names.agent(c.was), names.agent(c.now));
          case 'office':
            return messages.officeGained(names.office(c.office));
          case 'broker':
            return messages.brokerChanged(names.office(c.office));
        }
      }),
  );
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
          d.approved, d.paper, d.saf_parties, saf_covers(d.saf_parties, website_saf_parties(w.id)) AS covers,
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
        WHERE (r.status IS NULL OR r.status <> 'voided')
          -- A form for the terms a pending change request asks for is the request's, not the site's.
          AND NOT EXISTS (SELECT 1 FROM website_requests q WHERE q.id = d.request_id AND q.status = 'pending')
        ORDER BY w.id, d.created_at DESC, d.id DESC`,
  );
  const bySite = new Map<number, SafRow[]>();
  for (const row of rows) {
    const list = bySite.get(row.site_id) ?? [];
    list.push(row);
    bySite.set(row.site_id, list);
  }
  const stale: { siteId: number; was: string; now: string }[] = [];
  for (const [siteId, list] of bySite) {
    const now = list[0]!.parties_now ?? '';
    const { staleFrom, ...standing } = standingOf(list);
    out.set(siteId, standing);
    if (staleFrom !== undefined) stale.push({ siteId, was: staleFrom, now });
  }
  // A licensed site whose licence staff granted on a paper form they hold reads as signed on paper.
  const unsigned = [...out].filter(([, st]) => st.state === 'not-sent').map(([id]) => id);
  if (unsigned.length > 0) {
    const paper = await rowsOf<{ website_id: number }>(
      db,
      sql`SELECT l.website_id FROM licences l JOIN websites w ON w.id = l.website_id
        WHERE l.website_id = ANY(${intArray(unsigned)}) AND l.ended_at IS NULL AND l.form_kind = 'paper'
          AND w.status IN ('Active', 'Pending Termination')`,
    );
    for (const { website_id } of paper)
      out.set(website_id, { state: 'signed', signed: 0, total: 0, paper: true });
  }
  if (stale.length > 0) {
    const reasons = await changeTexts(
      db,
      stale.map(({ was, now }) => ({
        changes: signatureChanges(safTermsOf(was), safTermsOf(now)),
        team: safTermsOf(now).products.includes(TEAM_PRODUCT_ID),
      })),
      SafOutOfDateMessages,
    );
    stale.forEach(({ siteId }, i) => out.set(siteId, { ...out.get(siteId)!, outOfDate: reasons[i]! }));
  }
  return out;
}

/** Where the site stands: the counting form if there is one, else the newest form of this round. */
export async function safStanding(db: Db, vendorId: number, siteId: number): Promise<SafStanding> {
  return (await safStandings(db, [{ vendorId, siteId }])).get(siteId) ?? SAF_NOT_SENT;
}
