import {
  complianceRuleSetInputSchema,
  overallDecision,
  type ComplianceRuleResult,
  type ComplianceRuleSetInput,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf } from '../sql.ts';
import { PRODUCTS, type SeededSite } from './websites.ts';

/**
 * The demo's compliance watch: one rule set per product, and checks recorded for a few of Summit
 * Web Solutions' licensed sites (most passing, one with a finding still within its grace period,
 * two overdue), so the Compliance tab and the console have something to show on a fresh start.
 * The demo domains do not exist: a check run here finds them unreachable.
 */

export const DEMO_DISCLAIMER =
  'The data relating to real estate for sale on this website comes in part from the Internet Data Exchange program of the MLS. Information deemed reliable but not guaranteed. Data last updated {date}.';

export const DEMO_RULE_SET: ComplianceRuleSetInput = {
  graceDays: 7,
  rules: [
    { id: 'answers', kind: 'answers' },
    { id: 'disclaimer', kind: 'requiredText', template: DEMO_DISCLAIMER, threshold: 0.9 },
    { id: 'fresh', kind: 'freshness', maxHours: 12 },
    { id: 'attribution', kind: 'attribution', sample: 3, pattern: 'listing courtesy of *' },
    { id: 'idx-notice', kind: 'mlsNotice', pattern: 'Internet Data Exchange' },
    {
      id: 'no-compensation',
      kind: 'forbidden',
      patterns: ['buyer agent compensation', 'showing instructions'],
    },
    { id: 'licensee', kind: 'licensee' },
  ],
};

type Result = ComplianceRuleResult & { productId: number };

function results(productId: number, domain: string, failing: readonly string[]): Result[] {
  const rules = complianceRuleSetInputSchema.parse(DEMO_RULE_SET).rules;
  const pass: Record<string, [string, string]> = {
    answers: ['Answered 200 in 184 ms.', `https://${domain}/`],
    disclaimer: [
      'The required text is shown (100% of it).',
      'the data relating to real estate for sale on this website comes in part from the internet data exchange program',
    ],
    fresh: ['Data last updated 2 h ago.', `https://${domain}/`],
    attribution: ['3 listing pages name the listing firm.', 'listing courtesy of harbor realty'],
    'idx-notice': ['The MLS notice is shown.', 'internet data exchange'],
    'no-compensation': ['None of the forbidden content was found.', `https://${domain}/`],
    licensee: ['The licensed agent is named on the site.', `https://${domain}/`],
  };
  const fail: Record<string, [string, string]> = {
    disclaimer: [
      'Only 41% of the required text was found; 90% is needed.',
      'information deemed reliable but not guaranteed',
    ],
    fresh: ['Data last updated 61 h ago; at most 12 h is allowed.', `https://${domain}/`],
    'no-compensation': [
      'Forbidden content was found: "buyer agent compensation".',
      'ask us about buyer agent compensation on every listing',
    ],
  };
  return rules.map((rule) => {
    const failed = failing.includes(rule.id) && fail[rule.id];
    const [reason, evidence] = failed || pass[rule.id]!;
    return {
      productId,
      ruleId: rule.id,
      kind: rule.kind,
      decision: failed ? 'fail' : 'pass',
      reason,
      evidence,
    };
  });
}

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

export async function insertDemoCompliance(
  tx: Db,
  sites: readonly SeededSite[],
  vendorId: number,
): Promise<void> {
  const set = complianceRuleSetInputSchema.parse(DEMO_RULE_SET);
  for (const product of PRODUCTS)
    await tx.execute(
      sql`INSERT INTO compliance_rule_sets (product_id, version, rules, grace_days)
        VALUES (${product.id}, 1, ${JSON.stringify(set.rules)}::jsonb, ${set.graceDays})`,
    );
  const chosen = sites.filter((s) => s.vendorId === vendorId && s.status === 'Active').slice(0, 6);
  const rows = await rowsOf<{ id: number; domain_name: string; products: number[] }>(
    tx,
    sql`SELECT id, domain_name, products FROM websites WHERE id IN (${sql.join(
      chosen.map((s) => sql`${s.id}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  // The first has a finding within its grace period, the next two one overdue each; the rest pass.
  const plans: { failing: string[]; openedDaysAgo: number }[] = [
    { failing: ['disclaimer'], openedDaysAgo: 2 },
    { failing: ['fresh'], openedDaysAgo: 9 },
    { failing: ['no-compensation'], openedDaysAgo: 12 },
  ];
  const [ruleSet] = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT id FROM compliance_rule_sets WHERE product_id = ${PRODUCTS[0].id}`,
  );
  for (const [i, site] of rows.entries()) {
    const productId = Number(site.products[0] ?? PRODUCTS[0].id);
    const [set] = await rowsOf<{ id: number }>(
      tx,
      sql`SELECT id FROM compliance_rule_sets WHERE product_id = ${productId}`,
    );
    const plan = plans[i] ?? { failing: [], openedDaysAgo: 0 };
    const outcome = results(productId, site.domain_name, plan.failing);
    const [check] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO compliance_checks (website_id, vendor_id, trigger, started_at, finished_at, decision, rule_set_ids, pages, results)
        VALUES (${site.id}, ${vendorId}, 'schedule', now() - interval '3 hours', now() - interval '3 hours' + interval '2 seconds',
          ${overallDecision(outcome)}, ARRAY[${(set ?? ruleSet)!.id}]::int[],
          ${JSON.stringify([{ url: `https://${site.domain_name}/`, status: 200, ms: 184, sha256: null, error: null }])}::jsonb,
          ${JSON.stringify(outcome)}::jsonb)
        RETURNING id`,
    );
    for (const failed of outcome.filter((r) => r.decision === 'fail'))
      await tx.execute(
        sql`INSERT INTO compliance_findings (website_id, vendor_id, product_id, rule_id, rule_kind, reason, evidence, opened_at, due_on, opened_check_id)
          VALUES (${site.id}, ${vendorId}, ${productId}, ${failed.ruleId}, ${failed.kind}, ${failed.reason}, ${failed.evidence},
            now() - make_interval(days => ${plan.openedDaysAgo}), ${day(7 - plan.openedDaysAgo)}::date, ${check!.id})`,
      );
  }
}
