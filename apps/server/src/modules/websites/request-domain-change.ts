import {
  REQUEST_PENDING_MESSAGES,
  WebsiteMessages,
  WebsiteServerMessages,
  canRequestDomainChange,
  type DomainChangeRequest,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import { domainInUse, lockDomain, requireWebsite } from './queries.ts';
import { hasPendingRequest, insertRequest, type RequestRow } from './request-queries.ts';

/** An Active site asks the MLS for a new domain; the site keeps its domain until the request is approved. */
export async function requestDomainChange(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  input: DomainChangeRequest,
  notices: NoticeBatch,
): Promise<RequestRow> {
  const fail = `${WebsiteMessages.domainChangeFailed}: `;
  try {
    return await requestUnderLock(db, vendorId, actor, id, input, fail, notices);
  } catch (err) {
    // The domain lock keeps two writers from both passing the check; the unique index is the backstop.
    if (isUniqueViolation(err)) throw new ConflictError(fail + WebsiteServerMessages.domainReserved);
    throw err;
  }
}

function requestUnderLock(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  input: DomainChangeRequest,
  fail: string,
  notices: NoticeBatch,
): Promise<RequestRow> {
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, id, true);
    if (!canRequestDomainChange(site.status))
      throw new BadRequestError(fail + WebsiteServerMessages.domainChangeNotActive);
    if (input.domainName === site.domainName.toLowerCase())
      throw new BadRequestError(fail + WebsiteServerMessages.domainChangeSame);
    if (await hasPendingRequest(tx, site.id, 'domain'))
      throw new ConflictError(fail + REQUEST_PENDING_MESSAGES.domain);
    await lockDomain(tx, input.domainName);
    const used = await domainInUse(tx, input.domainName, site.id);
    if (used === 'site') throw new ConflictError(fail + WebsiteMessages.duplicateDomain);
    if (used === 'request') throw new ConflictError(fail + WebsiteServerMessages.domainReserved);
    const request = await insertRequest(tx, site, actor, 'domain', {
      domainName: input.domainName,
      reason: input.reason,
    });
    await recordChange(tx, {
      websiteId: site.id,
      vendorId,
      kind: 'website.domain_change_requested',
      description: 'Domain change requested',
      actor,
      changes: [
        { path: ['domainName'], from: site.domainName, to: input.domainName },
        ...(input.reason ? [{ path: ['reason'], from: null, to: input.reason }] : []),
      ],
    });
    await siteChanged(notices, tx, vendorId, site, actor, 'modified', 'Domain change requested');
    return request;
  });
}
