import { QueueMessages, WebsiteServerMessages, isSafSigned } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, rowsOf } from '../../db/sql.ts';
import { staffDecisions } from '../../db/schema.ts';
import type { Acting } from '../../platform/actor.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recordChanges } from '../history/index.ts';
import { endLicences, grantLicences } from '../licences/index.ts';
import { noticeText, type NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import { today } from './rules.ts';
import { safStandings } from './saf-standing.ts';
import { activationBlockers, requiredDocuments, terminationBlockers } from './staff-rules.ts';

/**
 * Activation and termination by MLS staff, of one site or of a selection, decided set-wise in the
 * caller's transaction: the sites are locked, each is checked on its own (found, at the version
 * staff saw, in the status the action ends, nothing missing), and those that pass are changed with
 * one statement per table, so a selection of hundreds costs about what one site does. Each result
 * says what happened to its site, with the message the single action gives.
 */

export interface SiteDecision {
  id: number;
  vendorId: number | null;
  domainName: string;
  ok: boolean;
  message: string;
  /** Why it was refused, as the single action answers it. */
  error: AppError | null;
}

export interface DecisionRequest {
  id: number;
  version: number;
  /** Activation only: the licence's start, today when not given. */
  startDate?: string;
}

interface Locked {
  id: number;
  vendor_id: number;
  domain_name: string;
  status: string;
  start_date: string | null;
  term_date: string | null;
  version: number;
  pending_since: string | Date;
  termination_since: string | Date;
}

async function lockSites(tx: Db, ids: number[]): Promise<Map<number, Locked>> {
  const rows = await rowsOf<Locked>(
    tx,
    sql`SELECT w.id, w.vendor_id, w.domain_name, w.status, w.start_date::text AS start_date,
        w.term_date::text AS term_date, w.version, w.pending_since,
        -- As the queue counts a termination's wait: from its request, else from the site's last change.
        COALESCE((SELECT min(r.created_at) FROM website_requests r
          WHERE r.website_id = w.id AND r.kind = 'termination' AND r.status = 'pending'), w.updated_at)
          AS termination_since
      FROM websites w WHERE w.id = ANY(${intArray(ids)}) ORDER BY w.id FOR UPDATE OF w`,
  );
  return new Map(rows.map((r) => [r.id, { ...r, version: Number(r.version) }]));
}

/** Each request once, in the order given, with its locked site or the reason it cannot be decided. */
function screen(
  requests: readonly DecisionRequest[],
  sites: Map<number, Locked>,
  status: string,
  notInStatus: string,
): {
  results: SiteDecision[];
  candidates: { request: DecisionRequest; site: Locked; result: SiteDecision }[];
} {
  const results: SiteDecision[] = [];
  const candidates: { request: DecisionRequest; site: Locked; result: SiteDecision }[] = [];
  const seen = new Set<number>();
  for (const request of requests) {
    if (seen.has(request.id)) continue;
    seen.add(request.id);
    const site = sites.get(request.id);
    const result: SiteDecision = {
      id: request.id,
      vendorId: site?.vendor_id ?? null,
      domainName: site?.domain_name ?? '',
      ok: false,
      message: '',
      error: null,
    };
    results.push(result);
    if (!site) result.error = new NotFoundError(WebsiteServerMessages.siteNotFound);
    else if (site.version !== request.version) result.error = new ConflictError(QueueMessages.stale);
    else if (site.status !== status) result.error = new ConflictError(notInStatus);
    else {
      candidates.push({ request, site, result });
      continue;
    }
    result.message = result.error.message;
  }
  return { results, candidates };
}

const refuse = (result: SiteDecision, error: AppError) => {
  result.error = error;
  result.message = error.message;
};

/** The vendors' notifications: the site's own for one site, one telling the whole selection for more. */
async function tellVendors(
  tx: Db,
  actor: Acting,
  notices: NoticeBatch,
  done: Locked[],
  verb: string,
  detail: string,
): Promise<void> {
  const byVendor = new Map<number, Locked[]>();
  for (const site of done) byVendor.set(site.vendor_id, [...(byVendor.get(site.vendor_id) ?? []), site]);
  for (const [vendorId, sites] of byVendor) {
    if (sites.length === 1) {
      const site = sites[0]!;
      await siteChanged(
        notices,
        tx,
        vendorId,
        { id: site.id, domainName: site.domain_name },
        actor,
        'modified',
        detail,
      );
    } else {
      await notices.add(tx, {
        vendorId,
        websiteId: null,
        websiteIds: sites.map((s) => s.id),
        topic: 'websites.modify',
        content: noticeText.websites(
          verb,
          sites.map((s) => s.domain_name),
          actor,
        ),
        actor,
      });
    }
  }
}

/**
 * Pending Activation → Active, for sites whose form is signed by everyone and whose required
 * documents are on file (they are approved with it); the start date is today unless given.
 */
export async function activateMany(
  tx: Db,
  actor: Acting,
  requests: readonly DecisionRequest[],
  notices: NoticeBatch,
): Promise<SiteDecision[]> {
  const sites = await lockSites(
    tx,
    requests.map((r) => r.id),
  );
  const { results, candidates } = screen(
    requests,
    sites,
    'Pending Activation',
    QueueMessages.notPendingActivation,
  );
  const day = today();
  const [standings, required] = await Promise.all([
    safStandings(
      tx,
      candidates.map((c) => ({ vendorId: c.site.vendor_id, siteId: c.site.id })),
    ),
    requiredDocuments(
      tx,
      candidates.map((c) => c.site.id),
    ),
  ]);
  const ready = candidates.filter(({ request, site, result }) => {
    if ((request.startDate ?? day) > day) {
      refuse(result, new BadRequestError(QueueMessages.startInFuture));
      return false;
    }
    const standing = standings.get(site.id);
    const blockers = activationBlockers(!!standing && isSafSigned(standing), required.get(site.id) ?? []);
    if (blockers.length > 0) {
      refuse(result, new BadRequestError(blockers.join(' ')));
      return false;
    }
    return true;
  });
  if (ready.length === 0) return results;

  const starts = ready.map(({ request, site }) => ({ site, startDate: request.startDate ?? day }));
  await tx.execute(
    sql`UPDATE websites w SET status = 'Active', start_date = v.start_date, term_date = NULL, updated_at = now()
      FROM (SELECT (e ->> 'id')::int AS id, (e ->> 'startDate')::date AS start_date
        FROM jsonb_array_elements(${JSON.stringify(starts.map((s) => ({ id: s.site.id, startDate: s.startDate })))}::jsonb) e) v
      WHERE w.id = v.id`,
  );
  const onFile = ready.flatMap(({ site }) =>
    (required.get(site.id) ?? []).flatMap((d) => (d.documentId === null ? [] : [d.documentId])),
  );
  if (onFile.length > 0)
    await tx.execute(sql`UPDATE documents SET approved = true WHERE id = ANY(${intArray(onFile)})`);
  // The decision is the licence, for the site's terms as they are now.
  await grantLicences(
    tx,
    ready.map(({ site }) => ({ id: site.id, vendorId: site.vendor_id })),
    'activation',
    actor,
  );
  await recordChanges(
    tx,
    starts.map(({ site, startDate }) => ({
      websiteId: site.id,
      vendorId: site.vendor_id,
      kind: 'website.status_changed' as const,
      description: 'Status changed to Active',
      actor,
      changes: [
        { path: ['status'], from: site.status, to: 'Active' },
        ...(startDate !== site.start_date
          ? [{ path: ['startDate'], from: site.start_date, to: startDate }]
          : []),
      ],
    })),
  );
  await tx.insert(staffDecisions).values(
    ready.map(({ site }) => ({
      kind: 'activation' as const,
      outcome: 'approved' as const,
      vendorId: site.vendor_id,
      websiteId: site.id,
      // The round began when the site entered Pending Activation.
      waitedSince: new Date(site.pending_since),
      userId: actor.userId,
      username: actor.username,
    })),
  );
  await tellVendors(
    tx,
    actor,
    notices,
    ready.map((r) => r.site),
    'activated',
    'Status changed to Active',
  );
  for (const { site, result } of ready) {
    result.ok = true;
    result.message = QueueMessages.activated(site.domain_name);
  }
  return results;
}

/** Pending Termination → Inactive, on or after the term date; the termination requests are approved. */
export async function terminateMany(
  tx: Db,
  actor: Acting,
  requests: readonly DecisionRequest[],
  notices: NoticeBatch,
): Promise<SiteDecision[]> {
  const sites = await lockSites(
    tx,
    requests.map((r) => r.id),
  );
  const { results, candidates } = screen(
    requests,
    sites,
    'Pending Termination',
    QueueMessages.notPendingTermination,
  );
  const day = today();
  const ready = candidates.filter(({ site, result }) => {
    const blockers = terminationBlockers(site.term_date, day);
    if (blockers.length === 0) return true;
    refuse(result, new BadRequestError(blockers.join(' ')));
    return false;
  });
  if (ready.length === 0) return results;

  const ids = ready.map((r) => r.site.id);
  await tx.execute(
    sql`UPDATE websites SET status = 'Inactive', updated_at = now() WHERE id = ANY(${intArray(ids)})`,
  );
  await endLicences(
    tx,
    ready.map(({ site }) => ({ id: site.id, vendorId: site.vendor_id })),
    // The term-date job acts as the portal itself, with no user.
    actor.userId === null ? 'term date' : 'terminated',
    actor,
  );
  await tx.execute(
    sql`UPDATE website_requests SET status = 'approved', decided_at = now(), decided_by = ${actor.userId}
      WHERE website_id = ANY(${intArray(ids)}) AND kind = 'termination' AND status = 'pending'`,
  );
  await recordChanges(
    tx,
    ready.map(({ site }) => ({
      websiteId: site.id,
      vendorId: site.vendor_id,
      kind: 'website.status_changed' as const,
      description: 'Status changed to Inactive',
      actor,
      changes: [{ path: ['status'], from: site.status, to: 'Inactive' }],
    })),
  );
  await tx.insert(staffDecisions).values(
    ready.map(({ site }) => ({
      kind: 'termination' as const,
      outcome: 'approved' as const,
      vendorId: site.vendor_id,
      websiteId: site.id,
      waitedSince: new Date(site.termination_since),
      userId: actor.userId,
      username: actor.username,
    })),
  );
  await tellVendors(
    tx,
    actor,
    notices,
    ready.map((r) => r.site),
    'terminated',
    'Status changed to Inactive',
  );
  for (const { site, result } of ready) {
    result.ok = true;
    result.message = QueueMessages.terminated(site.domain_name);
  }
  return results;
}
