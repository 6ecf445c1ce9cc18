import {
  WebsiteMessages,
  canRequestTermination,
  earliestToday,
  siteDatesError,
  type TerminationRequestParsed,
  type Website,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ForbiddenError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import { websiteById } from './list-queries.ts';
import { requireWebsite, updateWebsite, type SiteRecord } from './queries.ts';
import { insertRequest } from './request-queries.ts';

/** An Active site asks to end: it waits in Pending Termination, with its term date, for MLS staff. */
export async function requestTermination(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  input: TerminationRequestParsed,
  notices: NoticeBatch,
): Promise<Website> {
  // "Today" is the user's, whichever zone they are in: only dates that are past everywhere are refused.
  if (input.termDate < earliestToday()) throw new BadRequestError(WebsiteMessages.termDateInPast);
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, id, true);
    if (site.status !== 'Active') throw new BadRequestError(WebsiteMessages.terminationNotActive);
    if (!canRequestTermination(site.status, actor.role)) throw new ForbiddenError();
    await enterPendingTermination(tx, site, actor, input, notices, WebsiteMessages.terminationRequested);
    return (await websiteById(tx, vendorId, site.id))!;
  });
}

/**
 * The MLS ends an Active site's licence over a compliance finding left unfixed: the site waits in
 * Pending Termination for its term date as a vendor's request does, and only the MLS may take it
 * back (the vendor's Withdraw is refused).
 */
export async function startMlsTermination(
  tx: Db,
  site: SiteRecord,
  actor: Actor,
  input: { termDate: string; reason: string },
  notices: NoticeBatch,
  description: string,
): Promise<void> {
  if (input.termDate < earliestToday()) throw new BadRequestError(WebsiteMessages.termDateInPast);
  if (site.status !== 'Active') throw new BadRequestError(WebsiteMessages.terminationNotActive);
  await enterPendingTermination(tx, site, actor, input, notices, description, true);
}

/** Active → Pending Termination with its term date, its request waiting for staff, and History. */
async function enterPendingTermination(
  tx: Db,
  site: SiteRecord,
  actor: Actor,
  input: { termDate: string; reason?: string | null },
  notices: NoticeBatch,
  description: string,
  byMls = false,
): Promise<void> {
  const { vendorId } = site;
  const datesError = siteDatesError(
    { status: 'Pending Termination', startDate: site.startDate, termDate: input.termDate },
    earliestToday(),
  );
  if (datesError) throw new BadRequestError(datesError);
  const {
    id: _id,
    vendorId: _vendor,
    domainName: _domain,
    activated: _activated,
    version: _version,
    ...fields
  } = site;
  await updateWebsite(tx, vendorId, site.id, {
    ...fields,
    status: 'Pending Termination',
    termDate: input.termDate,
  });
  const changes: FieldChange[] = [
    { path: ['status'], from: site.status, to: 'Pending Termination' },
    { path: ['termDate'], from: site.termDate, to: input.termDate },
  ];
  if (input.reason) changes.push({ path: ['reason'], from: null, to: input.reason });
  // The request waits with MLS staff, beside the domain and agent requests.
  await insertRequest(tx, site, actor, 'termination', {
    termDate: input.termDate,
    reason: input.reason,
    ...(byMls ? { byMls: true } : {}),
  });
  await recordChange(tx, {
    websiteId: site.id,
    vendorId,
    kind: 'website.termination_requested',
    description,
    actor,
    changes,
  });
  await siteChanged(notices, tx, vendorId, site, actor, 'modified', description);
}
