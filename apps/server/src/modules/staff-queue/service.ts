import {
  QueueMessages,
  isSafSigned,
  type ApproveRequestInput,
  type BulkResult,
  type QueuePage,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { extendFinding, terminateForFinding, waiveFinding } from '../compliance/index.ts';
import { rejectDocument } from '../documents/index.ts';
import { noticeBatch, type NoticeBatch } from '../notifications/index.ts';
import {
  activateMany,
  activateSite,
  activationBlockers,
  approveRequest,
  clearRosterFlag,
  declineRequest,
  requestFormOf,
  requiredDocuments,
  reviewSiteLicence,
  safStandings,
  terminateMany,
  terminateSite,
  terminationBlockers,
  type StaffDecision,
} from '../websites/index.ts';
import { queuePage, queueSummary, queueVendors, utcToday, type Query } from './queries.ts';

/**
 * The approval queue and the decisions taken on it. A decision is announced on the live channel
 * once committed: to the vendor's sockets as a change of the site, and to every staff socket.
 */
export function staffQueueService(ctx: AppContext) {
  const { db } = ctx;

  const announce = async (
    vendorId: number,
    siteId: number | null,
    actor: Actor,
    type: 'website' | 'document',
  ) => {
    await ctx.live
      .publish(
        { vendorId },
        {
          type,
          context: siteId === null ? 'vendor' : 'website',
          siteId,
          username: actor.username,
          action: 'update',
        },
      )
      .catch((err: unknown) => ctx.log.warn({ err }, 'live event of a staff decision not published'));
  };

  const decide = async (
    actor: Actor,
    run: (notices: NoticeBatch) => Promise<StaffDecision>,
  ): Promise<{ message: string }> => {
    const notices = noticeBatch(ctx);
    const done = await run(notices);
    await notices.announce();
    await announce(done.vendorId, done.siteId, actor, 'website');
    return { message: done.message };
  };

  return {
    async page(query: Query): Promise<QueuePage> {
      const today = utcToday();
      const [{ rows, total }, summary] = await Promise.all([
        queuePage(db, query, today),
        queueSummary(db, today),
      ]);
      const activation = rows.filter((r) => r.kind === 'activation');
      const [standingOf, documents] = await Promise.all([
        safStandings(
          db,
          activation.map((r) => ({ vendorId: r.vendor.id, siteId: r.siteId })),
        ),
        requiredDocuments(
          db,
          activation.map((r) => r.siteId),
        ),
      ]);
      const items = rows.map((row) => {
        if (row.kind === 'activation') {
          const saf = standingOf.get(row.siteId)!;
          const required = documents.get(row.siteId) ?? [];
          return {
            ...row,
            saf,
            documents: required,
            blockers: activationBlockers(isSafSigned(saf), required),
          };
        }
        const blockers = row.kind === 'termination' ? terminationBlockers(row.termDate, today) : [];
        return { ...row, saf: null, documents: [], blockers };
      });
      // A change whose terms need a new signature shows where the form for them stands.
      for (const [i, item] of items.entries()) {
        if (item.requestId === null || !['agent', 'product', 'team'].includes(item.kind)) continue;
        const form = await requestFormOf(db, item.vendor.id, item.siteId, item.requestId);
        if (form)
          items[i] = {
            ...item,
            saf: form.saf,
            blockers: form.saf.state === 'signed' ? [] : [QueueMessages.needsForm],
          };
      }
      return { items, total: total ?? summary.waiting, summary };
    },

    vendors: () => queueVendors(db),

    activate: (actor: Actor, siteId: number, input: { version: number; startDate?: string }) =>
      decide(actor, (notices) => activateSite(db, actor, siteId, input, notices)),

    terminate: (actor: Actor, siteId: number, input: { version: number }) =>
      decide(actor, (notices) => terminateSite(db, actor, siteId, input, notices)),

    clearRosterFlag: (actor: Actor, siteId: number, input: { version: number }) =>
      decide(actor, () => clearRosterFlag(db, actor, siteId, input)),

    approve: (actor: Actor, requestId: number, input: ApproveRequestInput = {}) =>
      decide(actor, (notices) => approveRequest(db, actor, requestId, notices, input)),

    reviewLicence: (actor: Actor, licenceId: number, note: string) =>
      decide(actor, () => reviewSiteLicence(db, actor, licenceId, note)),

    extendFinding: (actor: Actor, findingId: number, input: { dueOn: string; reason: string }) =>
      decide(actor, (notices) => extendFinding(db, actor, findingId, input, notices)),

    waiveFinding: (actor: Actor, findingId: number, reason: string) =>
      decide(actor, (notices) => waiveFinding(db, actor, findingId, reason, notices)),

    terminateForFinding: (
      actor: Actor,
      findingId: number,
      input: { version: number; termDate: string; reason: string },
    ) => decide(actor, (notices) => terminateForFinding(db, actor, findingId, input, notices)),

    decline: (actor: Actor, requestId: number, reason: string) =>
      decide(actor, (notices) => declineRequest(db, actor, requestId, reason, notices)),

    async rejectDocument(actor: Actor, documentId: number, reason: string): Promise<{ message: string }> {
      const notices = noticeBatch(ctx);
      const done = await rejectDocument(db, actor, documentId, reason, notices);
      await notices.announce();
      await announce(done.vendorId, done.websiteId, actor, 'document');
      return { message: done.message };
    },

    /**
     * Each site is checked on its own, set-wise in one transaction (see websites' staff-many): one
     * refused does not hold back the others, and the answer says per site what happened, with the
     * message a single action would have given. What was done is announced once committed.
     */
    async bulk(
      actor: Actor,
      action: 'activate' | 'terminate',
      sites: { id: number; version: number }[],
    ): Promise<BulkResult> {
      const notices = noticeBatch(ctx);
      const decide = action === 'activate' ? activateMany : terminateMany;
      const results = await db.transaction((tx) => decide(tx, actor, sites, notices));
      await notices.announce();
      for (const r of results)
        if (r.ok && r.vendorId !== null) await announce(r.vendorId, r.id, actor, 'website');
      return { results: results.map(({ id, domainName, ok, message }) => ({ id, domainName, ok, message })) };
    },
  };
}
