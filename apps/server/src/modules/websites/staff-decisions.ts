import {
  QueueMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  agentWithNumber,
  isSafSigned,
  type ActivateInput,
} from '@vp/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, rowsOf } from '../../db/sql.ts';
import { staffDecisions, websiteRequests, websites } from '../../db/schema.ts';
import type { Acting } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import {
  domainInUse,
  lockDomain,
  requireWebsite,
  siteRecord,
  teamFollowsAgent,
  updateWebsite,
  type SiteRecord,
} from './queries.ts';
import { licensableAgent, today } from './rules.ts';
import { safStanding } from './saf-standing.ts';

/**
 * The decisions of MLS staff on what a site waits for: activation, termination, and its domain and
 * agent change requests. Each runs in one transaction: the change, a History entry naming the staff
 * member, a decision row (how long it waited), and the vendor's notification. A decision on a site
 * that moved on since staff saw it (another version, or already decided) answers 409.
 */

/** What a decision answers, and whom the live channel tells once it has committed. */
export interface StaffDecision {
  message: string;
  vendorId: number;
  siteId: number;
  domainName: string;
}

/** A site of any vendor (staff act on all), locked, at the version staff saw; else 404 or 409. */
async function lockedSite(tx: Db, siteId: number, version: number): Promise<SiteRecord> {
  const site = await siteRecord(tx, null, siteId, true);
  if (!site) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
  if (site.version !== version) throw new ConflictError(QueueMessages.stale);
  return site;
}

async function recordDecision(
  tx: Db,
  actor: Acting,
  decision: Omit<
    typeof staffDecisions.$inferInsert,
    'userId' | 'username' | 'id' | 'decidedAt' | 'waitedSince'
  > & {
    waitedSince: Date | SQL;
  },
): Promise<void> {
  await tx.insert(staffDecisions).values({ ...decision, userId: actor.userId, username: actor.username });
}

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
      JOIN document_types t ON t.required_for_sites AND NOT t.messaging AND t.name IS DISTINCT FROM 'saf'
        AND (cardinality(t.required_for_products) = 0 OR t.required_for_products && w.products)
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

/**
 * Pending Activation → Active, once its form is signed by everyone and its required documents are
 * on file (they are approved with it). The start date is the activation date unless staff give one.
 */
export async function activateSite(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number; startDate?: ActivateInput['startDate'] },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const site = await lockedSite(tx, siteId, input.version);
    if (site.status !== 'Pending Activation') throw new ConflictError(QueueMessages.notPendingActivation);
    const day = today();
    const startDate = input.startDate ?? day;
    if (startDate > day) throw new BadRequestError(QueueMessages.startInFuture);
    const standing = await safStanding(tx, site.vendorId, site.id);
    const required = (await requiredDocuments(tx, [site.id])).get(site.id) ?? [];
    const blockers = activationBlockers(isSafSigned(standing), required);
    if (blockers.length > 0) throw new BadRequestError(blockers.join(' '));
    const { id: _id, vendorId: _vendor, domainName: _domain, activated: _a, version: _v, ...fields } = site;
    if (
      !(await updateWebsite(
        tx,
        site.vendorId,
        site.id,
        { ...fields, status: 'Active', startDate, termDate: null },
        site.version,
      ))
    )
      throw new ConflictError(QueueMessages.stale);
    const onFile = required.flatMap((d) => (d.documentId === null ? [] : [d.documentId]));
    if (onFile.length > 0)
      await tx.execute(
        sql`UPDATE documents SET approved = true WHERE id IN (${sql.join(
          onFile.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    await recordChange(tx, {
      websiteId: site.id,
      vendorId: site.vendorId,
      kind: 'website.status_changed',
      description: 'Status changed to Active',
      actor,
      changes: [
        { path: ['status'], from: site.status, to: 'Active' },
        ...(startDate !== site.startDate
          ? [{ path: ['startDate'], from: site.startDate, to: startDate }]
          : []),
      ],
    });
    await recordDecision(tx, actor, {
      kind: 'activation',
      outcome: 'approved',
      vendorId: site.vendorId,
      websiteId: site.id,
      // The round began when the site entered Pending Activation; activation leaves that time as it is.
      waitedSince: sql`(SELECT pending_since FROM websites WHERE id = ${site.id})`,
    });
    await siteChanged(notices, tx, site.vendorId, site, actor, 'modified', 'Status changed to Active');
    return decided(site, QueueMessages.activated(site.domainName));
  });
}

/** Pending Termination → Inactive, on or after its term date; its termination request is approved. */
export async function terminateSite(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const site = await lockedSite(tx, siteId, input.version);
    if (site.status !== 'Pending Termination') throw new ConflictError(QueueMessages.notPendingTermination);
    const blockers = terminationBlockers(site.termDate);
    if (blockers.length > 0) throw new BadRequestError(blockers.join(' '));
    const { id: _id, vendorId: _vendor, domainName: _domain, activated: _a, version: _v, ...fields } = site;
    if (!(await updateWebsite(tx, site.vendorId, site.id, { ...fields, status: 'Inactive' }, site.version)))
      throw new ConflictError(QueueMessages.stale);
    const [since] = await rowsOf<{ since: string | Date }>(
      tx,
      sql`SELECT COALESCE(
          (SELECT min(created_at) FROM website_requests
            WHERE website_id = ${site.id} AND kind = 'termination' AND status = 'pending'),
          ${new Date()}) AS since`,
    );
    await tx
      .update(websiteRequests)
      .set({ status: 'approved', decidedAt: new Date(), decidedBy: actor.userId })
      .where(
        and(
          eq(websiteRequests.websiteId, site.id),
          eq(websiteRequests.kind, 'termination'),
          eq(websiteRequests.status, 'pending'),
        ),
      );
    await recordChange(tx, {
      websiteId: site.id,
      vendorId: site.vendorId,
      kind: 'website.status_changed',
      description: 'Status changed to Inactive',
      actor,
      changes: [{ path: ['status'], from: site.status, to: 'Inactive' }],
    });
    await recordDecision(tx, actor, {
      kind: 'termination',
      outcome: 'approved',
      vendorId: site.vendorId,
      websiteId: site.id,
      waitedSince: new Date(since!.since),
    });
    await siteChanged(notices, tx, site.vendorId, site, actor, 'modified', 'Status changed to Inactive');
    return decided(site, QueueMessages.terminated(site.domainName));
  });
}

const decided = (site: SiteRecord, message: string): StaffDecision => ({
  message,
  vendorId: site.vendorId,
  siteId: site.id,
  domainName: site.domainName,
});

interface PendingChange {
  id: number;
  websiteId: number;
  vendorId: number;
  kind: 'domain' | 'agent';
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** A pending domain or agent change request, locked; decided or withdrawn ones answer 409. */
async function pendingChange(tx: Db, requestId: number): Promise<PendingChange> {
  const [row] = await rowsOf<{
    id: number;
    website_id: number;
    vendor_id: number;
    kind: string;
    status: string;
    payload: Record<string, unknown>;
    created_at: string | Date;
  }>(
    tx,
    sql`SELECT id, website_id, vendor_id, kind, status, payload, created_at FROM website_requests
      WHERE id = ${requestId} AND kind IN ('domain', 'agent') FOR UPDATE`,
  );
  if (!row) throw new NotFoundError(QueueMessages.requestNotFound);
  if (row.status !== 'pending') throw new ConflictError(QueueMessages.requestDecided);
  return {
    id: row.id,
    websiteId: row.website_id,
    vendorId: row.vendor_id,
    kind: row.kind as PendingChange['kind'],
    payload: row.payload,
    createdAt: new Date(row.created_at),
  };
}

async function closeRequest(
  tx: Db,
  actor: Acting,
  request: PendingChange,
  outcome: 'approved' | 'declined',
  reason = '',
): Promise<void> {
  await tx
    .update(websiteRequests)
    .set({
      status: outcome === 'approved' ? 'approved' : 'rejected',
      decidedAt: new Date(),
      decidedBy: actor.userId,
      decisionReason: reason,
    })
    .where(eq(websiteRequests.id, request.id));
  await recordDecision(tx, actor, {
    kind: request.kind,
    outcome,
    vendorId: request.vendorId,
    websiteId: request.websiteId,
    requestId: request.id,
    waitedSince: request.createdAt,
  });
}

/** Approves a domain or agent change request: the change is applied to the site, with its History. */
export async function approveRequest(
  db: Db,
  actor: Acting,
  requestId: number,
  notices: NoticeBatch,
): Promise<StaffDecision> {
  try {
    return await db.transaction(async (tx) => {
      const request = await pendingChange(tx, requestId);
      const site = await requireWebsite(tx, request.vendorId, request.websiteId, true);
      const reason = typeof request.payload.reason === 'string' ? request.payload.reason : '';
      const reasonChange = reason ? [{ path: ['reason'], from: null, to: reason }] : [];
      let description: string;
      if (request.kind === 'domain') {
        const domainName = String(request.payload.domainName ?? '');
        await lockDomain(tx, domainName);
        if ((await domainInUse(tx, domainName, site.id)) !== null)
          throw new ConflictError(
            `${WebsiteMessages.domainChangeFailed}: ${WebsiteMessages.duplicateDomain}`,
          );
        await tx.update(websites).set({ domainName, updatedAt: new Date() }).where(eq(websites.id, site.id));
        description = 'Domain change approved';
        await recordChange(tx, {
          websiteId: site.id,
          vendorId: site.vendorId,
          kind: 'website.domain_change_approved',
          description,
          actor,
          changes: [{ path: ['domainName'], from: site.domainName, to: domainName }, ...reasonChange],
        });
      } else {
        const agent = await licensableAgent(
          tx,
          site.vendorId,
          String(request.payload.memberNumber ?? ''),
          `${WebsiteMessages.agentChangeFailed}: `,
        );
        await tx
          .update(websites)
          // A new agent settles a roster flag raised for the one who left.
          .set({
            memberNumber: agent.member_mls_id,
            reciprocal: agent.reciprocal,
            rosterFlag: null,
            rosterFlaggedAt: null,
            updatedAt: new Date(),
          })
          .where(eq(websites.id, site.id));
        await teamFollowsAgent(tx, site.id, agent.member_mls_id);
        description = `Agent changed to ${agentWithNumber(
          agent.member_first_name,
          agent.member_last_name,
          agent.member_mls_id,
        )}`;
        await recordChange(tx, {
          websiteId: site.id,
          vendorId: site.vendorId,
          kind: 'website.agent_change_approved',
          description: 'Agent change approved',
          actor,
          changes: [
            { path: ['memberNumber'], from: site.memberNumber, to: agent.member_mls_id },
            ...reasonChange,
          ],
        });
      }
      await closeRequest(tx, actor, request, 'approved');
      await siteChanged(notices, tx, site.vendorId, site, actor, 'modified', description);
      return decided(site, QueueMessages.approved);
    });
  } catch (err) {
    // Two approvals of the same new domain: the unique index is the backstop of the lock.
    if (isUniqueViolation(err))
      throw new ConflictError(`${WebsiteMessages.domainChangeFailed}: ${WebsiteMessages.duplicateDomain}`);
    throw err;
  }
}

/** Declines a domain or agent change request with a reason the vendor sees; the site is unchanged. */
export async function declineRequest(
  db: Db,
  actor: Acting,
  requestId: number,
  reason: string,
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const request = await pendingChange(tx, requestId);
    const site = await requireWebsite(tx, request.vendorId, request.websiteId, true);
    const what = request.kind === 'domain' ? 'Domain' : 'Agent';
    const field = request.kind === 'domain' ? 'domainName' : 'memberNumber';
    const description = `${what} change request declined`;
    await recordChange(tx, {
      websiteId: site.id,
      vendorId: site.vendorId,
      kind: request.kind === 'domain' ? 'website.domain_change_declined' : 'website.agent_change_declined',
      description,
      actor,
      changes: [
        { path: [field], from: site[field], to: request.payload[field] ?? null },
        { path: ['reason'], from: null, to: reason },
      ],
    });
    await closeRequest(tx, actor, request, 'declined', reason);
    await siteChanged(notices, tx, site.vendorId, site, actor, 'modified', `${description}: ${reason}`);
    return decided(site, QueueMessages.declined);
  });
}

/**
 * Staff have looked at a site the roster sync flagged: it leaves the queue. (Whatever they decided,
 * a termination or an agent change, is its own action.)
 */
export async function clearRosterFlag(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number },
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const site = await lockedSite(tx, siteId, input.version);
    const [flag] = await rowsOf<{ flagged_at: string | Date | null; reason: string | null }>(
      tx,
      sql`SELECT roster_flagged_at AS flagged_at, roster_flag AS reason FROM websites WHERE id = ${site.id}`,
    );
    if (!flag?.flagged_at) throw new ConflictError(QueueMessages.notFlagged);
    await tx
      .update(websites)
      .set({ rosterFlag: null, rosterFlaggedAt: null })
      .where(eq(websites.id, site.id));
    await recordDecision(tx, actor, {
      kind: 'agent',
      outcome: 'approved',
      vendorId: site.vendorId,
      websiteId: site.id,
      waitedSince: new Date(flag.flagged_at),
    });
    return decided(site, QueueMessages.rosterCleared);
  });
}
