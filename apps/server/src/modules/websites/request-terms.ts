import {
  QueueMessages,
  SAF_NOT_SENT,
  TEAM_PRODUCT_ID,
  WebsiteServerMessages,
  agentWithNumber,
  safTermsOf,
  signatureChanges,
  type SafStanding,
  type SignatureChange,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, rowsOf, textArray } from '../../db/sql.ts';
import { LICENSED_STATUSES } from '../licences/index.ts';
import { teamOf } from '../teams/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { siteRecord, type SiteRecord } from './queries.ts';

/**
 * The terms a change request of a licensed site asks for, and the Site Access Form they need. An
 * agent, product or team change that the site's signed form does not cover (saf-terms.ts) carries a
 * form round of its own: the vendor sends a form for the terms asked for, and MLS staff approve
 * once one counts for them (or record which paper form covers them).
 */

export interface SiteTerms {
  /** The agent (a team site's primary). */
  agent: string;
  /** A team site's agents, the primary among them; null for a site without a team. */
  team: string[] | null;
  products: number[];
}

export type TermsRequestKind = 'agent' | 'product' | 'team';

export const isTermsRequest = (kind: string): kind is TermsRequestKind =>
  kind === 'agent' || kind === 'product' || kind === 'team';

/** The site's terms as they are now. */
export async function siteTerms(tx: Db, site: SiteRecord): Promise<SiteTerms> {
  if (!site.products.includes(TEAM_PRODUCT_ID))
    return { agent: site.memberNumber, team: null, products: site.products };
  const team = await teamOf(tx, site.id);
  return {
    agent: team?.primary ?? site.memberNumber,
    team: team?.memberIds ?? [site.memberNumber],
    products: site.products,
  };
}

/** The terms a request asks for: the site's own with the one thing it changes. */
export function requestedTerms(
  now: SiteTerms,
  kind: TermsRequestKind,
  payload: Record<string, unknown>,
): SiteTerms {
  switch (kind) {
    case 'agent': {
      const agent = String(payload.memberNumber ?? '');
      // On a team site the new agent leads the team; the old primary stays a member.
      return { ...now, agent, team: now.team ? [...new Set([agent, ...now.team])] : null };
    }
    case 'product':
      return { ...now, products: (payload.products as number[] | undefined) ?? now.products };
    case 'team':
      return { ...now, team: (payload.memberIds as string[] | undefined) ?? now.team };
  }
}

/** The key of terms, as forms are stored with (SQL saf_terms_key). */
export async function termsKey(tx: Db, terms: SiteTerms): Promise<string> {
  const [row] = await rowsOf<{ key: string | null }>(
    tx,
    sql`SELECT saf_terms_key(${terms.agent}::text, ${textArray(terms.team ?? [])}, ${intArray(terms.products)}) AS key`,
  );
  return row?.key ?? '';
}

export interface RequestForm {
  /** What the terms asked for add to what the site's signed form names. */
  changes: SignatureChange[];
  /** No signed form of the site is on file: the terms asked for need one whatever they change. */
  noForm: boolean;
  /** The terms asked for are a team's. */
  team: boolean;
  /** The key a form for the terms asked for is stored with. */
  key: string;
  /** Where a form for them stands: signed once one on file covers them. */
  saf: SafStanding;
}

/**
 * The form a pending request of a licensed site needs, or null when it needs none: the site is not
 * licensed, or its signed form already covers what is asked (a member of an office on the form, a
 * product dropped). A site with no signed form on file needs one for any change of its terms.
 */
export async function requestForm(
  tx: Db,
  site: SiteRecord,
  request: { id: number; kind: string; payload: Record<string, unknown> },
): Promise<RequestForm | null> {
  if (!isTermsRequest(request.kind) || !LICENSED_STATUSES.includes(site.status)) return null;
  const asked = requestedTerms(await siteTerms(tx, site), request.kind, request.payload);
  const key = await termsKey(tx, asked);
  // Measured against what the site's signed form names: with none on file, any change needs one.
  const [base] = await rowsOf<{ key: string }>(
    tx,
    sql`SELECT d.saf_parties AS key FROM website_covering_form(${site.id}::int) f JOIN documents d ON d.id = f.id`,
  );
  const changes = base ? signatureChanges(safTermsOf(base.key), safTermsOf(key)) : [];
  if (base && changes.length === 0) return null;
  const [row] = await rowsOf<{
    covered: boolean;
    paper: boolean;
    status: 'pending' | 'completed' | 'declined' | null;
    signed: number;
    total: number;
  }>(
    tx,
    sql`SELECT
        EXISTS (SELECT 1 FROM documents d JOIN document_types t ON t.id = d.type_id AND t.name = 'saf'
          WHERE d.website_id = ${site.id} AND d.approved AND NOT d.voided AND saf_covers(d.saf_parties, ${key})) AS covered,
        COALESCE(f.paper, false) AS paper, f.status, COALESCE(f.signed, 0) AS signed, COALESCE(f.total, 0) AS total
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT d.paper, r.status,
          (SELECT count(*)::int FROM signers s WHERE s.request_id = r.id AND s.status = 'signed') AS signed,
          (SELECT count(*)::int FROM signers s WHERE s.request_id = r.id) AS total
        FROM documents d LEFT JOIN signature_requests r ON r.document_id = d.id
        WHERE d.request_id = ${request.id} AND NOT d.voided AND (r.status IS NULL OR r.status <> 'voided')
        ORDER BY d.created_at DESC, d.id DESC LIMIT 1) f ON true`,
  );
  const saf: SafStanding = row?.covered
    ? { state: 'signed', signed: row.total, total: row.total, paper: row.paper }
    : row?.status === 'pending'
      ? { state: 'out-for-signature', signed: row.signed, total: row.total, paper: false }
      : row?.status === 'declined'
        ? { state: 'declined', signed: row.signed, total: row.total, paper: false }
        : SAF_NOT_SENT;
  return { changes, noForm: !base, team: asked.team !== null, key, saf };
}

/** The names a change's sentence uses: agents with their number, offices, products. */
export async function changeNames(
  tx: Db,
  changes: SignatureChange[],
): Promise<{ agent(id: string): string; office(key: string): string; products(ids: number[]): string }> {
  const agents = changes.flatMap((c) => (c.kind === 'agent' ? [c.was, c.now] : []));
  const offices = changes.flatMap((c) => (c.kind === 'office' || c.kind === 'broker' ? [c.office] : []));
  const productIds = changes.flatMap((c) => (c.kind === 'product' ? [...c.was, ...c.now] : []));
  const [names] = await rowsOf<{
    agents: Record<string, string> | null;
    offices: Record<string, string> | null;
    products: Record<string, string> | null;
  }>(
    tx,
    sql`SELECT
      (SELECT jsonb_object_agg(m.member_mls_id, trim(m.member_first_name || ' ' || m.member_last_name))
        FROM members m WHERE m.member_mls_id = ANY(${textArray(agents)})) AS agents,
      (SELECT jsonb_object_agg(o.office_key, o.office_name) FROM offices o
        WHERE o.office_key = ANY(${textArray(offices)})) AS offices,
      (SELECT jsonb_object_agg(p.id::text, p.name) FROM products p WHERE p.id = ANY(${intArray(productIds)})) AS products`,
  );
  return {
    agent: (id) => {
      const name = names?.agents?.[id];
      return name ? agentWithNumber(name, '', id) : `#${id}`;
    },
    office: (key) => names?.offices?.[key] ?? key,
    products: (ids) => ids.map((id) => names?.products?.[String(id)] ?? String(id)).join(', '),
  };
}

/**
 * The terms a Site Access Form sent for a pending change request names, and their key: 404 for a
 * request not of this site, 409 for one no longer pending, 400 when its terms need no new form.
 */
export async function requestSafTerms(
  tx: Db,
  vendorId: number,
  siteId: number,
  requestId: number,
): Promise<{ terms: SiteTerms; key: string }> {
  const site = await siteRecord(tx, vendorId, siteId);
  const [request] = await rowsOf<{
    id: number;
    kind: string;
    status: string;
    payload: Record<string, unknown>;
  }>(
    tx,
    sql`SELECT id, kind, status, payload FROM website_requests
      WHERE id = ${requestId}::int AND website_id = ${siteId}::int AND vendor_id = ${vendorId}::int`,
  );
  if (!site || !request) throw new NotFoundError(QueueMessages.requestNotFound);
  if (request.status !== 'pending') throw new ConflictError(WebsiteServerMessages.requestNotPending);
  const form = await requestForm(tx, site, request);
  if (!form || !isTermsRequest(request.kind))
    throw new BadRequestError(WebsiteServerMessages.requestFormNotNeeded);
  return { terms: requestedTerms(await siteTerms(tx, site), request.kind, request.payload), key: form.key };
}
