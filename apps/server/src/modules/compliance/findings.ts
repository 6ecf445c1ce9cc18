import { COMPLIANCE_RULE_LABELS, UNKNOWNS_BEFORE_FINDING } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { SYSTEM_ACTOR } from '../../platform/actor.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import type { RuleResult, RuleSetRow, SiteRow } from './check-site.ts';

/** A check's findings: opened for new failures, resolved for rules that pass now. */

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * Opens a finding for each new failure, and for a rule unknown three checks in a row (a site down
 * for days: one finding, its answering); resolves the findings of the rules that pass now. A rule
 * the MLS waived is not opened again while it keeps failing; its next pass ends the waiver.
 */
export async function settleFindings(
  tx: Db,
  notices: NoticeBatch,
  {
    site,
    sets,
    results,
    checkId,
    siteRead,
    today,
  }: {
    site: SiteRow;
    sets: RuleSetRow[];
    results: RuleResult[];
    checkId: number;
    siteRead: boolean;
    today: string;
  },
): Promise<{ opened: number; resolved: number }> {
  // Open findings, and waivers still holding (the rule has not passed since it was waived).
  const held = await rowsOf<{ id: number; product_id: number; rule_id: string; state: string }>(
    tx,
    sql`SELECT id, product_id, rule_id, state FROM compliance_findings WHERE website_id = ${site.id}
      AND (state = 'open' OR (state = 'waived' AND waiver_ended_at IS NULL)) FOR UPDATE`,
  );
  const heldOf = (r: RuleResult, state: string) =>
    held.find((f) => Number(f.product_id) === r.productId && f.rule_id === r.ruleId && f.state === state);
  const openOf = (r: RuleResult) => heldOf(r, 'open');
  let opened = 0;
  let resolved = 0;
  for (const result of results) {
    const finding = openOf(result);
    const label = COMPLIANCE_RULE_LABELS[result.kind];
    if (result.decision === 'pass' && finding) {
      await tx.execute(
        sql`UPDATE compliance_findings SET state = 'resolved', closed_at = now(), closed_check_id = ${checkId} WHERE id = ${finding.id}`,
      );
      resolved++;
      await recordChange(tx, {
        websiteId: site.id,
        vendorId: site.vendor_id,
        kind: 'website.compliance_resolved',
        description: `Compliance rule "${label}" passes again: its finding is resolved`,
        actor: SYSTEM_ACTOR,
        changes: [],
      });
      await notices.add(tx, {
        vendorId: site.vendor_id,
        websiteId: site.id,
        topic: 'compliance.findings',
        content: `${site.domain_name} now passes the compliance rule "${label}"`,
        actor: SYSTEM_ACTOR,
      });
      continue;
    }
    const waiver = heldOf(result, 'waived');
    if (result.decision === 'pass' && waiver)
      await tx.execute(sql`UPDATE compliance_findings SET waiver_ended_at = now() WHERE id = ${waiver.id}`);
    if (result.decision === 'pass' || finding || waiver) continue;
    if (result.decision === 'unknown') {
      // A site that cannot be read is one finding (it does not answer), not one per rule.
      if (!siteRead && result.kind !== 'answers') continue;
      if (!(await unknownStreak(tx, site.id, result, checkId))) continue;
    }
    const set = sets.find((s) => s.productId === result.productId)!;
    const due = addDays(today, set.graceDays);
    await tx.execute(
      sql`INSERT INTO compliance_findings (website_id, vendor_id, product_id, rule_id, rule_kind, reason, evidence, due_on, opened_check_id)
        VALUES (${site.id}, ${site.vendor_id}, ${result.productId}, ${result.ruleId}, ${result.kind}, ${result.reason}, ${result.evidence}, ${due}, ${checkId})`,
    );
    opened++;
    await recordChange(tx, {
      websiteId: site.id,
      vendorId: site.vendor_id,
      kind: 'website.compliance_found',
      description: `Compliance finding "${label}": ${result.reason} Fix by ${due}`,
      actor: SYSTEM_ACTOR,
      changes: [],
    });
    await notices.add(tx, {
      vendorId: site.vendor_id,
      websiteId: site.id,
      topic: 'compliance.findings',
      content: `${site.domain_name} fails the compliance rule "${label}": ${result.reason} Fix it by ${due}`,
      actor: SYSTEM_ACTOR,
      staffToo: true,
    });
  }
  return { opened, resolved };
}

/** Whether the rule was unknown in this check and the ones before it, UNKNOWNS_BEFORE_FINDING in all. */
async function unknownStreak(tx: Db, siteId: number, result: RuleResult, checkId: number): Promise<boolean> {
  const recent = await rowsOf<{ decision: string | null }>(
    tx,
    sql`SELECT (SELECT r->>'decision' FROM jsonb_array_elements(c.results) r
          WHERE r->>'ruleId' = ${result.ruleId} AND (r->>'productId')::int = ${result.productId}) AS decision
      FROM compliance_checks c WHERE c.website_id = ${siteId} AND c.id <= ${checkId}
      ORDER BY c.started_at DESC, c.id DESC LIMIT ${UNKNOWNS_BEFORE_FINDING}`,
  );
  return recent.length === UNKNOWNS_BEFORE_FINDING && recent.every((r) => r.decision === 'unknown');
}
