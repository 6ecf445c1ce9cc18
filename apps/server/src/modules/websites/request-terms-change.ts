import {
  REQUEST_PENDING_MESSAGES,
  TEAM_PRODUCT_ID,
  WebsiteServerMessages,
  type ProductChangeRequest,
  type TeamChangeRequest,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import { LICENSED_STATUSES } from '../licences/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { teamOf } from '../teams/index.ts';
import { siteChanged } from './notices.ts';
import { requireWebsite } from './queries.ts';
import { hasPendingRequest, insertRequest, type RequestRow } from './request-queries.ts';
import { checkProducts, licensableAgent } from './rules.ts';

/**
 * A licensed site (Active, Pending Termination) asks the MLS for other products or another team;
 * it keeps what it has until MLS staff approve. Before activation the vendor changes both directly.
 */

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

export async function requestProductChange(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  input: Required<ProductChangeRequest>,
  notices: NoticeBatch,
): Promise<RequestRow> {
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, id, true);
    if (!LICENSED_STATUSES.includes(site.status))
      throw new ConflictError(WebsiteServerMessages.productChangeNotLicensed);
    const products = [...new Set(input.products)].sort((a, b) => a - b);
    await checkProducts(tx, products);
    if (products.includes(TEAM_PRODUCT_ID) !== site.products.includes(TEAM_PRODUCT_ID))
      throw new BadRequestError(WebsiteServerMessages.productChangeTeam);
    if (sameSet(products, site.products)) throw new BadRequestError(WebsiteServerMessages.productChangeSame);
    if (await hasPendingRequest(tx, site.id, 'product'))
      throw new ConflictError(REQUEST_PENDING_MESSAGES.product);
    const request = await insertRequest(tx, site, actor, 'product', { products, reason: input.reason });
    await recordChange(tx, {
      websiteId: site.id,
      vendorId,
      kind: 'website.product_change_requested',
      description: 'Product change requested',
      actor,
      changes: [
        { path: ['products'], from: site.products, to: products },
        ...(input.reason ? [{ path: ['reason'], from: null, to: input.reason }] : []),
      ],
    });
    await siteChanged(notices, tx, vendorId, site, actor, 'modified', 'Product change requested');
    return request;
  });
}

export async function requestTeamChange(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  input: Required<TeamChangeRequest>,
  notices: NoticeBatch,
): Promise<RequestRow> {
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, id, true);
    const team = site.products.includes(TEAM_PRODUCT_ID) ? await teamOf(tx, site.id) : null;
    if (!team || !LICENSED_STATUSES.includes(site.status))
      throw new ConflictError(WebsiteServerMessages.teamChangeNotLicensed);
    const memberIds = [...new Set(input.memberIds)];
    if (!memberIds.includes(team.primary)) throw new BadRequestError(WebsiteServerMessages.teamChangePrimary);
    if (sameSet(memberIds, team.memberIds)) throw new BadRequestError(WebsiteServerMessages.teamChangeSame);
    const added = memberIds.filter((m) => !team.memberIds.includes(m));
    for (const memberNumber of added) await licensableAgent(tx, vendorId, memberNumber);
    if (await hasPendingRequest(tx, site.id, 'team')) throw new ConflictError(REQUEST_PENDING_MESSAGES.team);
    const ordered = [team.primary, ...memberIds.filter((m) => m !== team.primary)];
    const request = await insertRequest(tx, site, actor, 'team', {
      memberIds: ordered,
      reason: input.reason,
    });
    await recordChange(tx, {
      websiteId: site.id,
      vendorId,
      kind: 'website.team_change_requested',
      description: 'Team change requested',
      actor,
      changes: [
        { path: ['team', 'memberIds'], from: team.memberIds, to: ordered },
        ...(input.reason ? [{ path: ['reason'], from: null, to: input.reason }] : []),
      ],
    });
    await siteChanged(notices, tx, vendorId, site, actor, 'modified', 'Team change requested');
    return request;
  });
}
