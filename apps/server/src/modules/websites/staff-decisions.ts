import {
  QueueMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  agentWithNumber,
  type ActivateInput,
} from '@vp/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, rowsOf } from '../../db/sql.ts';
import { staffDecisions, websiteRequests, websites } from '../../db/schema.ts';
import type { Acting } from '../../platform/actor.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import { settleLicence } from '../licences/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import { activateMany, terminateMany, type DecisionRequest } from './staff-many.ts';
import {
  domainInUse,
  lockDomain,
  requireWebsite,
  siteRecord,
  teamFollowsAgent,
  type SiteRecord,
} from './queries.ts';
import { licensableAgent } from './rules.ts';

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

/** Runs one site's decision through the set-wise path, answering its refusal as the error it is. */
async function one(
  db: Db,
  decide: typeof activateMany,
  actor: Acting,
  request: DecisionRequest,
  notices: NoticeBatch,
): Promise<StaffDecision> {
  const [result] = await db.transaction((tx) => decide(tx, actor, [request], notices));
  if (!result?.ok) throw result?.error ?? new NotFoundError(WebsiteServerMessages.siteNotFound);
  return {
    message: result.message,
    vendorId: result.vendorId!,
    siteId: result.id,
    domainName: result.domainName,
  };
}

/**
 * Pending Activation → Active, once its form is signed by everyone and its required documents are
 * on file (they are approved with it). The start date is the activation date unless staff give one.
 */
export function activateSite(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number; startDate?: ActivateInput['startDate'] },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return one(db, activateMany, actor, { id: siteId, ...input }, notices);
}

/** Pending Termination → Inactive, on or after its term date; its termination request is approved. */
export function terminateSite(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return one(db, terminateMany, actor, { id: siteId, version: input.version }, notices);
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
      // On a licensed site the approval is the decision on its new terms.
      await settleLicence(tx, site, site.status, actor, 'change approval');
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
