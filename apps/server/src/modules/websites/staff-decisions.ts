import { QueueMessages, WebsiteServerMessages, type ActivateInput } from '@vp/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { staffDecisions, websites } from '../../db/schema.ts';
import type { Acting } from '../../platform/actor.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { reviewLicence } from '../licences/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { activateMany, terminateMany, type DecisionRequest } from './staff-many.ts';
import { siteRecord, type SiteRecord } from './queries.ts';

/**
 * The decisions of MLS staff on what a site waits for: activation, termination, a roster flag, and
 * licences held without a form on file (change requests: staff-requests.ts). Each runs in one
 * transaction: the change, a History entry naming the staff member, a decision row (how long it
 * waited), and the vendor's notification. A decision on a site that moved on since staff saw it
 * (another version, or already decided) answers 409.
 */

/** What a decision answers, and whom the live channel tells once it has committed. */
export interface StaffDecision {
  message: string;
  vendorId: number;
  siteId: number;
  domainName: string;
}

/** A site of any vendor (staff act on all), locked, at the version staff saw; else 404 or 409. */
async function lockedSite(tx: Db, siteId: number, version: number): Promise<SiteRecord> {
  const site = await siteRecord(tx, null, siteId, true);
  if (!site) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
  if (site.version !== version) throw new ConflictError(QueueMessages.stale);
  return site;
}

export async function recordDecision(
  tx: Db,
  actor: Acting,
  decision: Omit<
    typeof staffDecisions.$inferInsert,
    'userId' | 'username' | 'id' | 'decidedAt' | 'waitedSince'
  > & {
    waitedSince: Date | SQL;
  },
): Promise<void> {
  await tx.insert(staffDecisions).values({ ...decision, userId: actor.userId, username: actor.username });
}

/** Runs one site's decision through the set-wise path, answering its refusal as the error it is. */
async function one(
  db: Db,
  decide: typeof activateMany,
  actor: Acting,
  request: DecisionRequest,
  notices: NoticeBatch,
): Promise<StaffDecision> {
  const [result] = await db.transaction((tx) => decide(tx, actor, [request], notices));
  if (!result?.ok) throw result?.error ?? new NotFoundError(WebsiteServerMessages.siteNotFound);
  return {
    message: result.message,
    vendorId: result.vendorId!,
    siteId: result.id,
    domainName: result.domainName,
  };
}

/**
 * Pending Activation → Active, once its form is signed by everyone and its required documents are
 * on file (they are approved with it). The start date is the activation date unless staff give one.
 */
export function activateSite(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number; startDate?: ActivateInput['startDate'] },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return one(db, activateMany, actor, { id: siteId, ...input }, notices);
}

/** Pending Termination → Inactive, on or after its term date; its termination request is approved. */
export function terminateSite(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return one(db, terminateMany, actor, { id: siteId, version: input.version }, notices);
}

export const decided = (site: SiteRecord, message: string): StaffDecision => ({
  message,
  vendorId: site.vendorId,
  siteId: site.id,
  domainName: site.domainName,
});

/**
 * Staff have looked at a site the roster sync flagged: it leaves the queue. (Whatever they decided,
 * a termination or an agent change, is its own action.)
 */
export async function clearRosterFlag(
  db: Db,
  actor: Acting,
  siteId: number,
  input: { version: number },
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const site = await lockedSite(tx, siteId, input.version);
    const [flag] = await rowsOf<{ flagged_at: string | Date | null; reason: string | null }>(
      tx,
      sql`SELECT roster_flagged_at AS flagged_at, roster_flag AS reason FROM websites WHERE id = ${site.id}`,
    );
    if (!flag?.flagged_at) throw new ConflictError(QueueMessages.notFlagged);
    await tx
      .update(websites)
      .set({ rosterFlag: null, rosterFlaggedAt: null })
      .where(eq(websites.id, site.id));
    await recordDecision(tx, actor, {
      kind: 'agent',
      outcome: 'approved',
      vendorId: site.vendorId,
      websiteId: site.id,
      waitedSince: new Date(flag.flagged_at),
    });
    return decided(site, QueueMessages.rosterCleared);
  });
}

/**
 * Staff have reviewed a licence held without a signed form on file and recorded what covers it: it
 * leaves the queue, with its History and a decision row.
 */
export async function reviewSiteLicence(
  db: Db,
  actor: Acting,
  licenceId: number,
  note: string,
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const reviewed = await reviewLicence(tx, licenceId, note, actor);
    const site = await siteRecord(tx, reviewed.vendorId, reviewed.websiteId);
    if (!site) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
    await recordDecision(tx, actor, {
      kind: 'licence',
      outcome: 'approved',
      vendorId: site.vendorId,
      websiteId: site.id,
      waitedSince: reviewed.waitedSince,
    });
    return decided(site, QueueMessages.licenceReviewed);
  });
}
