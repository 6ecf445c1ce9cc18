import type { QueuePage, SiteStatus } from '@vp/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalTest } from '../websites/test-fixture.ts';
import { checkSite } from './check-site.ts';
import { addDays } from './decisions.ts';
import { complianceSites, type ComplianceSites, type PageFaults } from './test-fixture.ts';

/**
 * The life of compliance findings, proven by random sequences of what happens to a site (its page
 * broken and fixed, checks, days passing) and what anyone does about it (staff extend, waive or
 * start a termination; the vendor and others try to), through the real checker and the HTTP API.
 * After every step:
 *  1. exactly the rules the model says are open have an open finding, one each;
 *  2. the queue's compliance items are exactly the open findings past their date on an Active site;
 *  3. the site's status changes only by a staff decision, never by a check;
 *  4. a finding closes only by a passing check (resolved) or a staff waiver with its reason;
 * and no call answers 500.
 */

const RUNS = Number(process.env.FINDING_FUZZ_RUNS) || 20;
const SEED = process.env.FINDING_FUZZ_SEED ? Number(process.env.FINDING_FUZZ_SEED) : 20261130;
const HOST = 'model.test';
const RULES = ['disclaimer', 'forbidden'] as const;
type Rule = (typeof RULES)[number];
const FAULT: Record<Rule, keyof PageFaults> = { disclaimer: 'noDisclaimer', forbidden: 'forbidden' };

let c: ComplianceSites;
let t: PortalTest;
let site: number;

beforeAll(async () => {
  c = await complianceSites([HOST]);
  t = c.t;
  site = c.ids[HOST]!;
}, 120_000);
afterAll(async () => c?.close());

interface Model {
  faults: PageFaults;
  open: Set<Rule>;
  overdue: Set<Rule>;
  waived: Set<Rule>;
  status: SiteStatus;
}

interface Real {
  version(): Promise<number>;
}

const today = () => new Date().toISOString().slice(0, 10);

async function openFindings(): Promise<Map<Rule, number>> {
  const rows = await t.rows<{ id: number; rule_id: Rule }>(
    sql`SELECT id, rule_id FROM compliance_findings WHERE website_id = ${site} AND state = 'open'`,
  );
  return new Map(rows.map((r) => [r.rule_id, Number(r.id)]));
}

async function checkInvariants(m: Model) {
  const open = await openFindings();
  expect([...open.keys()].sort(), 'open findings').toEqual([...m.open].sort());
  const res = await t.call(t.tokens.admin, 'GET', '/api/admin/queue?kind=compliance&pageSize=100');
  expect(res.statusCode).toBe(200);
  const items = (res.json() as QueuePage).items.filter((i) => i.siteId === site);
  const expected = m.status === 'Active' ? [...m.overdue].filter((r) => m.open.has(r)) : [];
  expect(items.map((i) => i.finding!.id).sort(), 'queue').toEqual(expected.map((r) => open.get(r)).sort());
  const [row] = await t.rows<{ status: SiteStatus }>(sql`SELECT status FROM websites WHERE id = ${site}`);
  expect(row!.status, 'status').toBe(m.status);
  const closedBadly = await t.rows<{ id: number }>(
    sql`SELECT f.id FROM compliance_findings f WHERE f.website_id = ${site} AND (
        (f.state = 'resolved' AND NOT EXISTS (SELECT 1 FROM compliance_checks k, jsonb_array_elements(k.results) r
          WHERE k.id = f.closed_check_id AND r->>'ruleId' = f.rule_id AND r->>'decision' = 'pass'))
        OR (f.state = 'waived' AND (f.closed_by IS NULL OR coalesce(f.close_reason, '') = '')))`,
  );
  expect(closedBadly, 'findings closed without a pass or a waiver').toEqual([]);
}

class Fault implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly rule: Rule,
    readonly broken: boolean,
  ) {}
  check = () => true;
  async run(m: Model) {
    m.faults = { ...m.faults, [FAULT[this.rule]]: this.broken };
    c.serve(HOST, m.faults);
    await checkInvariants(m);
  }
  toString = () => `${this.broken ? 'break' : 'fix'} ${this.rule}`;
}

class Check implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model) {
    await checkSite(t.app.ctx, site, 'schedule');
    for (const rule of RULES) {
      const failing = !!m.faults[FAULT[rule]];
      if (!failing) {
        m.open.delete(rule);
        m.overdue.delete(rule);
        m.waived.delete(rule);
      } else if (!m.open.has(rule) && !m.waived.has(rule)) m.open.add(rule);
    }
    await checkInvariants(m);
  }
  toString = () => 'check';
}

class DaysPass implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.open.size > 0;
  async run(m: Model) {
    await t.db.execute(
      sql`UPDATE compliance_findings SET due_on = current_date - 1 WHERE website_id = ${site} AND state = 'open'`,
    );
    for (const rule of m.open) m.overdue.add(rule);
    await checkInvariants(m);
  }
  toString = () => 'days pass';
}

type Decision = 'extend' | 'waive' | 'terminate';
type Who = 'admin' | 'demo' | 'viewer' | 'other';

class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly rule: Rule,
    readonly decision: Decision,
    readonly who: Who,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = (await openFindings()).get(this.rule) ?? (await anyFinding(this.rule));
    if (id === null) return;
    const body =
      this.decision === 'extend'
        ? { dueOn: addDays(today(), 10), reason: 'Redesign under way.' }
        : this.decision === 'waive'
          ? { reason: 'Accepted by the MLS.' }
          : { version: await r.version(), termDate: addDays(today(), 30), reason: 'Not fixed.' };
    const res = await t.call(
      t.tokens[this.who],
      'POST',
      `/api/admin/compliance/findings/${id}/${this.decision}`,
      body,
    );
    if (this.who !== 'admin') expect(res.statusCode, res.body).toBe(404);
    else if (!m.open.has(this.rule)) expect(res.statusCode, res.body).toBe(409);
    else if (this.decision === 'terminate' && m.status !== 'Active')
      expect(res.statusCode, res.body).toBe(409);
    else {
      expect(res.statusCode, res.body).toBe(200);
      if (this.decision === 'extend') m.overdue.delete(this.rule);
      if (this.decision === 'waive') {
        m.open.delete(this.rule);
        m.overdue.delete(this.rule);
        m.waived.add(this.rule);
      }
      if (this.decision === 'terminate') m.status = 'Pending Termination';
    }
    await checkInvariants(m);
  }
  toString = () => `${this.who} ${this.decision} ${this.rule}`;
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.status === 'Pending Termination';
  async run(m: Model) {
    const res = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${site}/termination/withdraw`);
    expect(res.statusCode, res.body).toBe(403);
    await checkInvariants(m);
  }
  toString = () => 'vendor withdraws the termination';
}

async function anyFinding(rule: Rule): Promise<number | null> {
  const [row] = await t.rows<{ id: number }>(
    sql`SELECT id FROM compliance_findings WHERE website_id = ${site} AND rule_id = ${rule} ORDER BY id DESC LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

const rule = fc.constantFrom(...RULES);
const commands = [
  fc.tuple(rule, fc.boolean()).map(([r, b]) => new Fault(r, b)),
  fc.tuple(rule, fc.constant(true)).map(([r, b]) => new Fault(r, b)),
  fc.constant(new Check()),
  fc.constant(new Check()),
  fc.constant(new Check()),
  fc.constant(new DaysPass()),
  ...(['extend', 'waive', 'terminate'] as const).map((d) =>
    fc.tuple(rule, fc.constant(d), fc.constant<Who>('admin')).map(([r, dd, w]) => new Decide(r, dd, w)),
  ),
  fc
    .tuple(
      rule,
      fc.constantFrom<Decision>('extend', 'waive', 'terminate'),
      fc.constantFrom<Who>('demo', 'viewer', 'other'),
    )
    .map(([r, d, w]) => new Decide(r, d, w)),
  fc.constant(new Withdraw()),
];

describe('compliance findings under random sequences', () => {
  it('hold their rules after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 16, size: 'max' }), async (cmds) => {
        // Each sequence starts from a compliant, Active site with nothing open.
        await t.db.execute(sql`DELETE FROM compliance_findings WHERE website_id = ${site}`);
        await t.db.execute(
          sql`UPDATE website_requests SET status = 'withdrawn' WHERE website_id = ${site} AND status = 'pending'`,
        );
        await t.db.execute(
          sql`UPDATE websites SET status = 'Active', term_date = NULL WHERE id = ${site} AND status <> 'Active'`,
        );
        c.serve(HOST);
        const model: Model = {
          faults: {},
          open: new Set(),
          overdue: new Set(),
          waived: new Set(),
          status: 'Active',
        };
        const real: Real = {
          version: async () =>
            Number(
              (await t.rows<{ version: number }>(sql`SELECT version FROM websites WHERE id = ${site}`))[0]!
                .version,
            ),
        };

        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);
});
