import {
  QueueMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  agentWithNumber,
  type ApproveRequestInput,
} from '@vp/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, rowsOf } from '../../db/sql.ts';
import { websiteRequests, websites } from '../../db/schema.ts';
import type { Acting } from '../../platform/actor.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import { settleLicence } from '../licences/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { addMembers, removeMembers, teamOf, touchTeam } from '../teams/index.ts';
import { siteChanged } from './notices.ts';
import {
  domainInUse,
  lockDomain,
  requireWebsite,
  siteRecord,
  teamFollowsAgent,
  type SiteRecord,
} from './queries.ts';
import { requestForm, type RequestForm } from './request-terms.ts';
import { licensableAgent } from './rules.ts';
import { decided, recordDecision, type StaffDecision } from './staff-decisions.ts';

/**
 * MLS staff's decisions on a site's domain, agent, product and team change requests: approved (the
 * change applied with its History, and on a licensed site the licence for its new terms) or
 * declined with a reason. Each runs in one transaction with a decision row and the vendor's notice.
 */

interface PendingChange {
  id: number;
  websiteId: number;
  vendorId: number;
  kind: 'domain' | 'agent' | 'product' | 'team';
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** A pending domain, agent, product or team change request, locked; decided or withdrawn ones answer 409. */
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
      WHERE id = ${requestId} AND kind IN ('domain', 'agent', 'product', 'team') FOR UPDATE`,
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

/** Applies an approved product change to the site. */
async function applyProducts(tx: Db, site: SiteRecord, products: number[]): Promise<void> {
  await tx.update(websites).set({ products, updatedAt: new Date() }).where(eq(websites.id, site.id));
}

/** Applies an approved team change: the team becomes the members asked for, the primary among them. */
async function applyTeam(tx: Db, site: SiteRecord, memberIds: string[]): Promise<string[]> {
  const team = await teamOf(tx, site.id, true);
  if (!team) throw new ConflictError(WebsiteServerMessages.teamNotFound);
  const wanted = [...new Set([team.primary, ...memberIds])];
  await removeMembers(
    tx,
    site.id,
    team.memberIds.filter((id) => !wanted.includes(id)),
  );
  await addMembers(
    tx,
    site.id,
    wanted.filter((id) => !team.memberIds.includes(id)),
  );
  await touchTeam(tx, site.id, team.version);
  return team.memberIds;
}

/**
 * Approves a change request: the change is applied to the site, with its History. On a licensed
 * site it is the decision on its new terms, and grants their licence; when those terms need a new
 * signature, a form for them must count first, or staff record which paper form covers them.
 */
export async function approveRequest(
  db: Db,
  actor: Acting,
  requestId: number,
  notices: NoticeBatch,
  input: ApproveRequestInput = {},
): Promise<StaffDecision> {
  try {
    return await db.transaction(async (tx) => {
      const request = await pendingChange(tx, requestId);
      const site = await requireWebsite(tx, request.vendorId, request.websiteId, true);
      const form = await requestForm(tx, site, request);
      const paperForm = input.paperForm?.trim() || '';
      if (form && form.saf.state !== 'signed' && !paperForm) throw new ConflictError(QueueMessages.needsForm);
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
      } else if (request.kind === 'agent') {
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
      } else if (request.kind === 'product') {
        const products = (request.payload.products as number[] | undefined) ?? site.products;
        await applyProducts(tx, site, products);
        description = 'Product change approved';
        await recordChange(tx, {
          websiteId: site.id,
          vendorId: site.vendorId,
          kind: 'website.product_change_approved',
          description,
          actor,
          changes: [{ path: ['products'], from: site.products, to: products }, ...reasonChange],
        });
      } else {
        const memberIds = (request.payload.memberIds as string[] | undefined) ?? [];
        for (const id of memberIds) await licensableAgent(tx, site.vendorId, id);
        const before = await applyTeam(tx, site, memberIds);
        description = 'Team change approved';
        await recordChange(tx, {
          websiteId: site.id,
          vendorId: site.vendorId,
          kind: 'website.team_change_approved',
          description,
          actor,
          changes: [
            { path: ['team', 'memberIds'], from: before, to: (await teamOf(tx, site.id))?.memberIds ?? [] },
            ...reasonChange,
          ],
        });
      }
      // On a licensed site the approval is the decision on its new terms.
      await settleLicence(tx, site, site.status, actor, 'change approval', paperForm);
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

const DECLINED = {
  domain: {
    what: 'Domain',
    field: 'domainName',
    path: ['domainName'],
    audit: 'website.domain_change_declined',
  },
  agent: {
    what: 'Agent',
    field: 'memberNumber',
    path: ['memberNumber'],
    audit: 'website.agent_change_declined',
  },
  product: {
    what: 'Product',
    field: 'products',
    path: ['products'],
    audit: 'website.product_change_declined',
  },
  team: {
    what: 'Team',
    field: 'memberIds',
    path: ['team', 'memberIds'],
    audit: 'website.team_change_declined',
  },
} as const;

/** Declines a change request with a reason the vendor sees; the site is unchanged. */
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
    const { what, field, path, audit } = DECLINED[request.kind];
    const description = `${what} change request declined`;
    const now =
      request.kind === 'team'
        ? ((await teamOf(tx, site.id))?.memberIds ?? [])
        : site[field as 'domainName' | 'memberNumber' | 'products'];
    await recordChange(tx, {
      websiteId: site.id,
      vendorId: site.vendorId,
      kind: audit,
      description,
      actor,
      changes: [
        { path: [...path], from: now, to: request.payload[field] ?? null },
        { path: ['reason'], from: null, to: reason },
      ],
    });
    await closeRequest(tx, actor, request, 'declined', reason);
    await siteChanged(notices, tx, site.vendorId, site, actor, 'modified', `${description}: ${reason}`);
    return decided(site, QueueMessages.declined);
  });
}

/** The form a pending agent, product or team change of a site needs, for the queue; null when none. */
export async function requestFormOf(
  db: Db,
  vendorId: number,
  siteId: number,
  requestId: number,
): Promise<RequestForm | null> {
  const site = await siteRecord(db, vendorId, siteId);
  const [request] = await rowsOf<{ id: number; kind: string; payload: Record<string, unknown> }>(
    db,
    sql`SELECT id, kind, payload FROM website_requests WHERE id = ${requestId} AND website_id = ${siteId}`,
  );
  return site && request ? requestForm(db, site, request) : null;
}
