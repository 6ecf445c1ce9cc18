import { LicenceMessages, WebsiteMessages, canWithdrawTermination, type Website } from '@vp/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError } from '../../platform/errors.ts';
import { licenceStanding } from '../licences/index.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import { websiteById } from './list-queries.ts';
import { requireWebsite, updateWebsite } from './queries.ts';
import { closePendingRequests, terminationByMls } from './request-queries.ts';

/**
 * A termination waiting for MLS staff is taken back: the site returns to Active, as it was before
 * the request, and its term date is cleared.
 */
export async function withdrawTermination(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  notices: NoticeBatch,
): Promise<Website> {
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, id, true);
    if (site.status !== 'Pending Termination' || !site.activated)
      throw new BadRequestError(WebsiteMessages.withdrawNotPending);
    if (!canWithdrawTermination(site.status, site.activated, actor.role)) throw new ForbiddenError();
    if (await terminationByMls(tx, site.id)) throw new ForbiddenError(WebsiteMessages.withdrawMlsTermination);
    // Back to Active only under the licence the termination was asked of, for the same terms.
    const licence = await licenceStanding(tx, site.id);
    if (!licence.current) throw new ConflictError(LicenceMessages.withdrawNoLicence);
    if (!licence.termsMatch) throw new ConflictError(LicenceMessages.withdrawTermsChanged);
    const {
      id: _id,
      vendorId: _vendor,
      domainName: _domain,
      activated: _activated,
      version: _version,
      ...fields
    } = site;
    await updateWebsite(tx, vendorId, site.id, { ...fields, status: 'Active', termDate: null });
    await closePendingRequests(tx, site.id, 'termination', 'withdrawn');
    await recordChange(tx, {
      websiteId: site.id,
      vendorId,
      kind: 'website.termination_withdrawn',
      description: WebsiteMessages.terminationWithdrawn,
      actor,
      changes: [
        { path: ['status'], from: site.status, to: 'Active' },
        { path: ['termDate'], from: site.termDate, to: null },
      ],
    });
    await siteChanged(notices, tx, vendorId, site, actor, 'modified', WebsiteMessages.terminationWithdrawn);
    return (await websiteById(tx, vendorId, site.id))!;
  });
}
