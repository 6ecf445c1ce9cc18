import {
  WebsiteMessages,
  TEAM_PRODUCT_ID,
  WebsiteServerMessages,
  isAgentEditable,
  isStartDateEditable,
  isSafSigned,
  statusChangeRefusal,
  isTermDateEditable,
  earliestToday,
  keepsTermDate,
  siteDatesError,
  StaleMessages,
  type Website,
  type WebsiteSave,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { diffFields, recordChange } from '../history/index.ts';
import { LICENSED_STATUSES, endLicences, settleLicence } from '../licences/index.ts';
import { teamCreated } from './create-website.ts';
import { websiteById } from './list-queries.ts';
import { requireWebsite, teamFollowsAgent, updateWebsite, type SiteFields } from './queries.ts';
import { closePendingRequests } from './request-queries.ts';
import { safStanding } from './saf-standing.ts';
import { siteChanged } from './notices.ts';
import { TRACKED, checkProducts, licensableAgent, today } from './rules.ts';
import type { NoticeBatch } from '../notifications/index.ts';

/**
 * Saves a site under the lock rules of its saved status and the actor's role; the domain changes
 * only through a request. One History entry names every field that changed.
 */
export async function saveWebsite(
  db: Db,
  vendorId: number,
  actor: Actor,
  input: WebsiteSave,
  notices: NoticeBatch,
): Promise<Website> {
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, input.rowKey, true);
    // A form loaded before someone else's save is refused before its fields are judged: its errors
    // would be about values that are no longer there. The write below compares again.
    if (site.version !== input.version) throw new ConflictError(StaleMessages.website);
    if (input.domainName !== site.domainName.toLowerCase())
      throw new BadRequestError(WebsiteMessages.domainLocked);
    // Whether a form counts is known only once the agent and team are as this save leaves them;
    // an activation is checked again below, after the write, inside the same transaction.
    const refusal = statusChangeRefusal(site.status, input.status, actor.role, {
      activated: site.activated,
      safSigned: true,
    });
    if (refusal) throw new BadRequestError(refusal);
    // A site moving into Pending Activation starts over: today unless another start date is given.
    const restarting = input.status === 'Pending Activation' && site.status !== 'Pending Activation';
    const startDate =
      input.startDate === undefined ? (restarting ? today() : site.startDate) : input.startDate;
    if (startDate !== site.startDate && !isStartDateEditable(input.status)) {
      throw new BadRequestError(WebsiteMessages.startDateLocked);
    }
    let termDate = input.termDate === undefined ? site.termDate : input.termDate;
    if (!keepsTermDate(input.status)) {
      // The saved term date is cleared; a new one cannot be set in this status.
      if (termDate !== null && termDate !== site.termDate)
        throw new BadRequestError(WebsiteMessages.termDateLocked);
      termDate = null;
    } else if (termDate !== site.termDate && !isTermDateEditable(input.status)) {
      throw new BadRequestError(WebsiteMessages.termDateLocked);
    }
    // The date rules hold whenever the status or a date changes (a save of other fields leaves
    // dates recorded before the rules as they are).
    if (input.status !== site.status || startDate !== site.startDate || termDate !== site.termDate) {
      const datesError = siteDatesError({ status: input.status, startDate, termDate }, earliestToday());
      if (datesError) throw new BadRequestError(datesError);
    }
    let memberNumber = site.memberNumber;
    let reciprocal = site.reciprocal;
    if (input.memberNumber !== site.memberNumber) {
      if (!isAgentEditable(site.status, actor.role, input.status))
        throw new BadRequestError(WebsiteServerMessages.agentLocked);
      const agent = await licensableAgent(tx, vendorId, input.memberNumber);
      memberNumber = agent.member_mls_id;
      reciprocal = agent.reciprocal;
    }
    if (JSON.stringify(input.products) !== JSON.stringify(site.products))
      await checkProducts(tx, input.products);
    const next: SiteFields = {
      domainName: site.domainName,
      status: input.status,
      memberNumber,
      reciprocal,
      startDate,
      termDate,
      dba: input.dba,
      products: input.products,
    };
    const changes = diffFields(site, next, TRACKED);
    if (changes.length > 0) {
      const { domainName: _domain, ...fields } = next;
      if (!(await updateWebsite(tx, vendorId, site.id, fields, input.version)))
        throw new ConflictError(StaleMessages.website);
      if (memberNumber !== site.memberNumber) await teamFollowsAgent(tx, site.id, memberNumber);
      // Leaving Pending Termination decides its request: terminated (Inactive) or not.
      if (site.status === 'Pending Termination' && next.status !== site.status)
        await closePendingRequests(
          tx,
          site.id,
          'termination',
          next.status === 'Inactive' ? 'approved' : 'rejected',
        );
      if (input.status === 'Active' && site.status !== 'Active') {
        const standing = await safStanding(tx, vendorId, site.id);
        const again = statusChangeRefusal(site.status, input.status, actor.role, {
          activated: site.activated,
          safSigned: isSafSigned(standing),
        });
        if (again) throw new ConflictError(again);
      }
      const statusChanged = changes.some((c) => c.path[0] === 'status');
      await recordChange(tx, {
        websiteId: site.id,
        vendorId,
        kind: statusChanged ? 'website.status_changed' : 'website.updated',
        description: statusChanged ? `Status changed to ${next.status}` : 'Website updated',
        actor,
        changes,
      });
      // A product changed to the team product brings the site's team with it.
      if (next.products.includes(TEAM_PRODUCT_ID))
        await teamCreated(tx, vendorId, actor, site.id, memberNumber);
      const wasLicensed = LICENSED_STATUSES.includes(site.status);
      if (wasLicensed && !LICENSED_STATUSES.includes(next.status))
        await endLicences(
          tx,
          [site],
          next.status === 'Pending Activation' ? 'new licensing round' : 'terminated',
          actor,
        );
      // Terms changed on a licensed site, or a site made Active, stand only as an MLS decision.
      await settleLicence(tx, site, next.status, actor, wasLicensed ? 'staff edit' : 'activation');
      await siteChanged(
        notices,
        tx,
        vendorId,
        site,
        actor,
        'modified',
        statusChanged ? `Status changed to ${next.status}` : undefined,
      );
    }
    return (await websiteById(tx, vendorId, site.id))!;
  });
}
