import { RequestWithdrawMessages, type WebsiteDetail, type WithdrawableRequestKind } from '@vp/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { ConflictError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import { websiteById } from './list-queries.ts';
import { teamOf } from '../teams/index.ts';
import { requireWebsite, type SiteRecord } from './queries.ts';
import { safStanding } from './saf-standing.ts';
import {
  closePendingRequests,
  declinedOfSite,
  pendingRequestsOfSite,
  pendingRequestPayload,
} from './request-queries.ts';

const KINDS = {
  domain: { field: 'domainName', path: ['domainName'], audit: 'website.domain_change_withdrawn' },
  agent: { field: 'memberNumber', path: ['memberNumber'], audit: 'website.agent_change_withdrawn' },
  product: { field: 'products', path: ['products'], audit: 'website.product_change_withdrawn' },
  team: { field: 'memberIds', path: ['team', 'memberIds'], audit: 'website.team_change_withdrawn' },
} as const;

/** What the site has now of what a request of this kind changes. */
async function current(tx: Db, site: SiteRecord, kind: WithdrawableRequestKind): Promise<unknown> {
  switch (kind) {
    case 'domain':
      return site.domainName;
    case 'agent':
      return site.memberNumber;
    case 'product':
      return site.products;
    case 'team':
      return (await teamOf(tx, site.id))?.memberIds ?? [];
  }
}

/**
 * A domain, agent, product or team change waiting for MLS staff is taken back by the vendor: the
 * request is closed as withdrawn, the site keeps what it has, and a new request can be sent.
 */
export async function withdrawRequest(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  kind: WithdrawableRequestKind,
  notices: NoticeBatch,
): Promise<WebsiteDetail> {
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, id, true);
    const payload = await pendingRequestPayload(tx, site.id, kind);
    if (!payload) throw new ConflictError(RequestWithdrawMessages.nothingPending[kind]);
    await closePendingRequests(tx, site.id, kind, 'withdrawn');
    const { field, path, audit } = KINDS[kind];
    const requested = payload[field] ?? null;
    await recordChange(tx, {
      websiteId: site.id,
      vendorId,
      kind: audit,
      description: RequestWithdrawMessages.withdrawn[kind],
      actor,
      // What had been asked for, beside what the site keeps.
      changes: [{ path: [...path], from: await current(tx, site, kind), to: requested }],
    });
    await siteChanged(
      notices,
      tx,
      vendorId,
      site,
      actor,
      'modified',
      RequestWithdrawMessages.withdrawn[kind],
    );
    const saved = (await websiteById(tx, vendorId, site.id))!;
    return {
      ...saved,
      pendingRequests: await pendingRequestsOfSite(tx, vendorId, site.id),
      declined: await declinedOfSite(tx, vendorId, site.id),
      saf: await safStanding(tx, vendorId, site.id),
    };
  });
}
