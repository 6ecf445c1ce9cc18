import {
  TEAM_PRODUCT_ID,
  WebsiteMessages,
  WebsiteServerMessages,
  type WebsiteInputParsed,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, TooManyRequestsError } from '../../platform/errors.ts';
import { diffFields, recordChange } from '../history/index.ts';
import {
  domainInUse,
  ensureTeam,
  insertWebsite,
  holdSiteCeiling,
  lockDomain,
  vendorSiteTotal,
  type SiteFields,
} from './queries.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { TakeResult } from '../../platform/per-minute.ts';
import { siteChanged } from './notices.ts';
import { TRACKED, checkProducts, licensableAgent, today } from './rules.ts';
import type { NoticeBatch } from '../notifications/index.ts';

/** A new site starts Pending Activation, tied to a roster agent; a domain is licensed once. */
export interface CreateLimits {
  /** The most websites one vendor may hold. */
  siteLimit: number;
  /** Takes `count` creations from the vendor's minute, when that many are left. */
  takeCreations: (vendorId: number, count: number) => Promise<TakeResult>;
}

export async function createWebsite(
  db: Db,
  vendorId: number,
  actor: Actor,
  input: WebsiteInputParsed,
  limits: CreateLimits,
  notices: NoticeBatch,
): Promise<{ id: number }> {
  if (!(await limits.takeCreations(vendorId, 1)).taken)
    throw new TooManyRequestsError(WebsiteServerMessages.createRate);
  if (input.status !== 'Pending Activation') throw new BadRequestError(WebsiteServerMessages.newSiteStatus);
  if (input.termDate) throw new BadRequestError(WebsiteMessages.termDateLocked);
  await checkProducts(db, input.products);
  const agent = await licensableAgent(db, vendorId, input.memberNumber);
  const next: SiteFields = {
    domainName: input.domainName,
    status: 'Pending Activation',
    memberNumber: agent.member_mls_id,
    reciprocal: agent.reciprocal,
    startDate: input.startDate ?? today(),
    termDate: null,
    dba: input.dba,
    products: input.products,
  };
  // A vendor already at its ceiling is answered at once; the exact check follows the insert.
  if ((await vendorSiteTotal(db, vendorId)) >= limits.siteLimit)
    throw new ConflictError(WebsiteServerMessages.siteLimit(limits.siteLimit));
  try {
    return await db.transaction(async (tx) => {
      await lockDomain(tx, next.domainName);
      const used = await domainInUse(tx, next.domainName);
      if (used === 'site') throw new ConflictError(WebsiteMessages.duplicateDomain);
      if (used === 'request') throw new ConflictError(WebsiteServerMessages.domainReserved);
      const id = await insertWebsite(tx, vendorId, next);
      // Parallel creates of one vendor queue here, on its total, not on a vendor-wide lock.
      await holdSiteCeiling(tx, vendorId, limits.siteLimit);
      await recordChange(tx, {
        websiteId: id,
        vendorId,
        kind: 'website.created',
        description: 'Website created',
        actor,
        // A new site's History lists the fields it was created with, not the empty ones.
        changes: diffFields(null, next, TRACKED).filter((c) => c.to !== '' && c.to !== false),
      });
      if (next.products.includes(TEAM_PRODUCT_ID))
        await teamCreated(tx, vendorId, actor, id, next.memberNumber);
      await siteChanged(notices, tx, vendorId, { id, domainName: next.domainName }, actor, 'created');
      return { id };
    });
  } catch (err) {
    // Two creates of one domain at once: the unique index decides, the loser gets the same answer.
    if (isUniqueViolation(err)) throw new ConflictError(WebsiteMessages.duplicateDomain);
    throw err;
  }
}

/** The team a team-product site is given, led by its agent, with its History entry. */
export async function teamCreated(
  tx: Db,
  vendorId: number,
  actor: Actor,
  siteId: number,
  memberNumber: string,
): Promise<void> {
  if (!(await ensureTeam(tx, siteId, memberNumber))) return;
  await recordChange(tx, {
    websiteId: siteId,
    vendorId,
    kind: 'team.created',
    description: 'Team created',
    actor,
    changes: [{ path: ['team', 'memberIds'], from: [], to: [memberNumber] }],
  });
}
