import {
  COMPLIANCE_RULE_LABELS,
  FINDING_EXTEND_MAX_DAYS,
  QueueMessages,
  type ComplianceRuleKind,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import {
  recordDecision,
  requireWebsite,
  startMlsTermination,
  type SiteRecord,
  type StaffDecision,
} from '../websites/index.ts';

/**
 * What MLS staff decide on a compliance finding left unfixed past its due date: a later fix-by
 * date, a waiver, or the end of the site's licence. Each runs in one transaction with the site's
 * History, a staff decision (how long it waited since it fell due) and the vendor's notification.
 * A finding fixed, waived or decided by someone else first answers 409; nothing is terminated
 * without staff taking that decision.
 */

interface FindingRow {
  id: number;
  website_id: number;
  vendor_id: number;
  rule_kind: ComplianceRuleKind;
  state: string;
  due_on: string | Date;
}

const dayOf = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const utcToday = () => new Date().toISOString().slice(0, 10);

/** The finding, locked and still open; else 404 (no such finding) or 409 (decided already). */
async function openFinding(tx: Db, findingId: number) {
  const [finding] = await rowsOf<FindingRow>(
    tx,
    sql`SELECT id, website_id, vendor_id, rule_kind, state, due_on FROM compliance_findings
      WHERE id = ${findingId} FOR UPDATE`,
  );
  if (!finding) throw new NotFoundError(QueueMessages.findingNotFound);
  if (finding.state !== 'open') throw new ConflictError(QueueMessages.findingNotOpen);
  const site = await requireWebsite(tx, Number(finding.vendor_id), Number(finding.website_id), true);
  const dueOn = dayOf(finding.due_on);
  return {
    finding,
    site,
    dueOn,
    rule: COMPLIANCE_RULE_LABELS[finding.rule_kind],
    // It started waiting on the MLS the day after it was due.
    waitedSince: new Date(`${addDays(dueOn, 1)}T00:00:00Z`),
  };
}

/**
 * What every decision on a finding leaves besides its change: the staff decision (how long it
 * waited), the vendor's notification when there is one to send, and the answer.
 */
async function decided(
  tx: Db,
  actor: Actor,
  notices: NoticeBatch,
  { site, waitedSince }: { site: SiteRecord; waitedSince: Date },
  outcome: 'approved' | 'declined',
  message: string,
  notice: string | null,
): Promise<StaffDecision> {
  await recordDecision(tx, actor, {
    kind: 'compliance',
    outcome,
    vendorId: site.vendorId,
    websiteId: site.id,
    waitedSince,
  });
  if (notice)
    await notices.add(tx, {
      vendorId: site.vendorId,
      websiteId: site.id,
      topic: 'compliance.findings',
      content: notice,
      actor,
    });
  return { message, vendorId: site.vendorId, siteId: site.id, domainName: site.domainName };
}

/** A later fix-by date: the finding leaves the queue until then, and the vendor is told why. */
export async function extendFinding(
  db: Db,
  actor: Actor,
  findingId: number,
  input: { dueOn: string; reason: string },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  const today = utcToday();
  if (input.dueOn <= today) throw new BadRequestError(QueueMessages.extendNotAhead);
  if (input.dueOn > addDays(today, FINDING_EXTEND_MAX_DAYS))
    throw new BadRequestError(QueueMessages.extendTooFar);
  return db.transaction(async (tx) => {
    const { finding, site, dueOn, rule, waitedSince } = await openFinding(tx, findingId);
    await tx.execute(sql`UPDATE compliance_findings SET due_on = ${input.dueOn} WHERE id = ${finding.id}`);
    const description = `Compliance finding "${rule}": fix-by date moved to ${input.dueOn}`;
    await recordChange(tx, {
      websiteId: site.id,
      vendorId: site.vendorId,
      kind: 'website.compliance_extended',
      description,
      actor,
      changes: [
        { path: ['dueOn'], from: dueOn, to: input.dueOn },
        { path: ['reason'], from: null, to: input.reason },
      ],
    });
    return decided(
      tx,
      actor,
      notices,
      { site, waitedSince },
      'approved',
      QueueMessages.findingExtended(input.dueOn),
      `${site.domainName}: the MLS moved the fix-by date of the compliance rule "${rule}" to ${input.dueOn}. ${input.reason}`,
    );
  });
}

/** The MLS accepts the site as it is for this rule: the finding is closed with the reason. */
export async function waiveFinding(
  db: Db,
  actor: Actor,
  findingId: number,
  reason: string,
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const { finding, site, rule, waitedSince } = await openFinding(tx, findingId);
    await tx.execute(
      sql`UPDATE compliance_findings SET state = 'waived', closed_at = now(), closed_by = ${actor.userId},
        close_reason = ${reason} WHERE id = ${finding.id}`,
    );
    await recordChange(tx, {
      websiteId: site.id,
      vendorId: site.vendorId,
      kind: 'website.compliance_waived',
      description: `Compliance finding "${rule}" waived by the MLS`,
      actor,
      changes: [{ path: ['reason'], from: null, to: reason }],
    });
    return decided(
      tx,
      actor,
      notices,
      { site, waitedSince },
      'approved',
      QueueMessages.findingWaived,
      `${site.domainName}: the MLS waived the compliance finding "${rule}". ${reason}`,
    );
  });
}

/**
 * The MLS ends the licence over the finding: the site, at the version staff saw, goes to Pending
 * Termination with the term date given and waits in the queue for that day. The finding stays open
 * (a passing check still resolves it) and leaves the compliance items with the site's status.
 */
export async function terminateForFinding(
  db: Db,
  actor: Actor,
  findingId: number,
  input: { version: number; termDate: string; reason: string },
  notices: NoticeBatch,
): Promise<StaffDecision> {
  return db.transaction(async (tx) => {
    const { site, rule, waitedSince } = await openFinding(tx, findingId);
    if (site.version !== input.version) throw new ConflictError(QueueMessages.stale);
    if (site.status !== 'Active') throw new ConflictError(QueueMessages.findingNotActive);
    await startMlsTermination(
      tx,
      site,
      actor,
      { termDate: input.termDate, reason: input.reason },
      notices,
      `Termination started by the MLS: the compliance rule "${rule}" was not fixed`,
    );
    // The vendor hears of it as of any change of the site's status (startMlsTermination).
    return decided(
      tx,
      actor,
      notices,
      { site, waitedSince },
      'declined',
      QueueMessages.findingTerminationStarted(site.domainName),
      null,
    );
  });
}
