import {
  ImportMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  canDelete,
  type AgentChangeRequest,
  type ImportRowParsed,
  type DomainChangeRequest,
  type ProductChangeRequest,
  type TeamChangeRequest,
  type TerminationRequestParsed,
  type WebsiteDetail,
  type WebsiteInputParsed,
  type WebsiteList,
  type WebsiteRequest,
  type WebsiteSave,
  type WithdrawableRequestKind,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../platform/errors.ts';
import { HOUR_MS, perMinuteLimit } from '../../platform/per-minute.ts';
import { recordChange } from '../history/index.ts';
import { noticeBatch, withNotices, type NoticeBatch } from '../notifications/index.ts';
import { createWebsite, type CreateLimits } from './create-website.ts';
import { checkImport, commitImport } from './import-websites.ts';
import { listWebsites, websiteById, type ListQuery } from './list-queries.ts';
import { siteChanged } from './notices.ts';
import { archiveWebsite, requireWebsite } from './queries.ts';
import { declinedOfSite, pendingRequestsOfSite, requestsOfSite, type RequestRow } from './request-queries.ts';
import { requestAgentChange } from './request-agent-change.ts';
import { requestDomainChange } from './request-domain-change.ts';
import { requestProductChange, requestTeamChange } from './request-terms-change.ts';
import { requestTermination } from './request-termination.ts';
import { safStanding } from './saf-standing.ts';
import { saveWebsite } from './save-website.ts';
import { withdrawRequest } from './withdraw-request.ts';
import { withdrawTermination } from './withdraw-termination.ts';

/** The vendor's websites: every read and write is scoped by the acting vendor. */

function toRequest(r: RequestRow): WebsiteRequest {
  return {
    id: r.id,
    siteId: r.siteId,
    kind: r.kind,
    status: r.status,
    payload: r.payload,
    date: new Date(r.createdAt).toISOString(),
    user: { username: r.username, firstName: r.firstName, lastName: r.lastName },
  };
}

export function websitesService(ctx: AppContext) {
  const { db, database, config } = ctx;
  /** Runs a write with a batch of notifications, told to their recipients once it has committed. */
  async function notifying<T>(write: (notices: NoticeBatch) => Promise<T>): Promise<T> {
    const notices = noticeBatch(ctx);
    const result = await write(notices);
    await notices.announce();
    return result;
  }
  const creations = perMinuteLimit(database, 'site-create', config.siteCreatePerMinute);
  const importChecks = perMinuteLimit(database, 'import-check', config.importCheckRowsPerHour, HOUR_MS);
  const limits: CreateLimits = {
    siteLimit: config.vendorSiteLimit,
    takeCreations: (vendorId, count) => creations.takeMany(vendorId, count),
  };
  return {
    /** `on`: the connection of an expensive request's turn. */
    list: (vendorId: number, query: ListQuery, on: Db = db): Promise<WebsiteList> =>
      listWebsites(on, vendorId, query),

    /** One site, with the requests it has waiting for MLS staff and where its SAF stands. */
    async get(vendorId: number, id: number): Promise<WebsiteDetail> {
      const site = await websiteById(db, vendorId, id);
      if (!site) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
      return {
        ...site,
        pendingRequests: await pendingRequestsOfSite(db, vendorId, id),
        declined: await declinedOfSite(db, vendorId, id),
        saf: await safStanding(db, vendorId, id),
      };
    },

    create: (vendorId: number, actor: Actor, input: WebsiteInputParsed) =>
      notifying((notices) => createWebsite(db, vendorId, actor, input, limits, notices)),

    /** Bulk import: the dry run judges the rows; the import creates the valid ones. */
    async checkImport(vendorId: number, rows: ImportRowParsed[], on: Db = db) {
      // Each row checked says whether its domain is free: budgeted, so the check cannot map the
      // domains other accounts hold.
      const budget = await importChecks.takeMany(vendorId, rows.length);
      if (!budget.taken) throw new TooManyRequestsError(ImportMessages.checkBudget(budget.left, config.importCheckRowsPerHour));
      return checkImport(on, vendorId, rows);
    },

    importRows: (vendorId: number, actor: Actor, rows: ImportRowParsed[], onlyIfAllValid: boolean) =>
      notifying((notices) => commitImport(db, vendorId, actor, rows, onlyIfAllValid, limits, notices)),

    save: (vendorId: number, actor: Actor, input: WebsiteSave) =>
      notifying((notices) => saveWebsite(db, vendorId, actor, input, notices)),

    async remove(vendorId: number, actor: Actor, id: number): Promise<{ message: string }> {
      return withNotices(ctx, async (tx, notices) => {
        const site = await requireWebsite(tx, vendorId, id, true);
        if (!canDelete(site.status, site.activated))
          throw new ConflictError(WebsiteMessages.deleteNotAllowed);
        // The site leaves every list; the record and its History are kept for MLS staff.
        await archiveWebsite(tx, vendorId, site.id, actor.userId);
        await recordChange(tx, {
          websiteId: site.id,
          vendorId,
          kind: 'website.deleted',
          description: 'Website deleted',
          actor,
          changes: [],
        });
        await siteChanged(notices, tx, vendorId, site, actor, 'deleted');
        return { message: WebsiteMessages.deleted };
      });
    },

    async requests(vendorId: number, id: number): Promise<WebsiteRequest[]> {
      await requireWebsite(db, vendorId, id);
      return (await requestsOfSite(db, vendorId, id)).map(toRequest);
    },

    requestDomainChange: async (vendorId: number, actor: Actor, id: number, input: DomainChangeRequest) =>
      toRequest(await notifying((notices) => requestDomainChange(db, vendorId, actor, id, input, notices))),

    requestAgentChange: async (vendorId: number, actor: Actor, id: number, input: AgentChangeRequest) =>
      toRequest(await notifying((notices) => requestAgentChange(db, vendorId, actor, id, input, notices))),

    requestProductChange: async (
      vendorId: number,
      actor: Actor,
      id: number,
      input: Required<ProductChangeRequest>,
    ) =>
      toRequest(await notifying((notices) => requestProductChange(db, vendorId, actor, id, input, notices))),

    requestTeamChange: async (
      vendorId: number,
      actor: Actor,
      id: number,
      input: Required<TeamChangeRequest>,
    ) => toRequest(await notifying((notices) => requestTeamChange(db, vendorId, actor, id, input, notices))),

    requestTermination: (vendorId: number, actor: Actor, id: number, input: TerminationRequestParsed) =>
      notifying((notices) => requestTermination(db, vendorId, actor, id, input, notices)),

    withdrawTermination: (vendorId: number, actor: Actor, id: number) =>
      notifying((notices) => withdrawTermination(db, vendorId, actor, id, notices)),

    withdrawRequest: (vendorId: number, actor: Actor, id: number, kind: WithdrawableRequestKind) =>
      notifying((notices) => withdrawRequest(db, vendorId, actor, id, kind, notices)),
  };
}
