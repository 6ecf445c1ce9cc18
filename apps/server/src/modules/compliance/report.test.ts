import {
  COMPLIANCE_TREND_DAYS,
  ComplianceReportMessages,
  ComplianceReportPaths,
  overallDecision,
  type ComplianceDecision,
  type ComplianceReport,
  type ComplianceRuleKind,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * The console's compliance report, through the API, over checks and findings written for the
 * test: the demo's own are removed first, so every figure is known.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
  await t.db.execute(sql`DELETE FROM compliance_findings`);
  await t.db.execute(sql`DELETE FROM compliance_checks`);
});
afterAll(async () => {
  await t.close();
});

const URL = `/api${ComplianceReportPaths.report}`;

async function report(query = ''): Promise<ComplianceReport> {
  const res = await t.call(t.tokens.admin, 'GET', query ? `${URL}?${query}` : URL);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);
/** yyyy-mm-dd (UTC), `n` days before today. */
const dayAgo = (n: number) => new Date(now - n * DAY).toISOString().slice(0, 10);
/** Noon (UTC) `n` days before today. */
const noonAgo = (n: number) => new Date(`${dayAgo(n)}T12:00:00Z`);

interface Site {
  id: number;
  vendorId: number;
  product: number;
}

/** A site of the seed in `status`, of a vendor and carrying one product, not taken before. */
const taken = new Set<number>();
async function seededSite(vendorId: number, product: number, status = 'Active'): Promise<Site> {
  const rows = await t.rows<{ id: number }>(
    sql`SELECT id FROM websites WHERE vendor_id = ${vendorId} AND status = ${status}
      AND products = ARRAY[${product}]::int[] ORDER BY id`,
  );
  const row = rows.find((r) => !taken.has(Number(r.id)));
  if (!row) throw new Error(`no ${status} site of vendor ${vendorId} with product ${product} left`);
  taken.add(Number(row.id));
  return { id: Number(row.id), vendorId, product };
}

type Outcome = Partial<Record<ComplianceRuleKind, ComplianceDecision>>;

/** Every check judges three rules: the site answers, its required text, its fresh data. */
const judged = (o: Outcome) => ({
  answers: o.answers ?? 'pass',
  requiredText: o.requiredText ?? 'pass',
  freshness: o.freshness ?? 'pass',
});

const checksMade: { site: number; at: Date }[] = [];

async function check(site: Site, at: Date, outcome: Outcome = {}): Promise<void> {
  const results = Object.entries(judged(outcome)).map(([kind, decision]) => ({
    productId: site.product,
    ruleId: kind.toLowerCase(),
    kind,
    decision,
    reason: `${kind}: ${decision}`,
    evidence: 'https://example.test/',
  }));
  await t.db.execute(
    sql`INSERT INTO compliance_checks (website_id, vendor_id, trigger, started_at, finished_at, decision, rule_set_ids, pages, results)
      VALUES (${site.id}, ${site.vendorId}, 'schedule', ${at.toISOString()}, ${at.toISOString()},
        ${overallDecision(results)}, ARRAY[]::int[], '[]'::jsonb, ${JSON.stringify(results)}::jsonb)`,
  );
  checksMade.push({ site: site.id, at });
}

async function finding(
  site: Site,
  kind: ComplianceRuleKind,
  f: { state?: 'open' | 'resolved' | 'waived'; opened: Date; dueOn: string; closed?: Date },
): Promise<number> {
  const [row] = await t.rows<{ id: number }>(
    sql`INSERT INTO compliance_findings (website_id, vendor_id, product_id, rule_id, rule_kind, state, reason, evidence, opened_at, due_on, closed_at)
      VALUES (${site.id}, ${site.vendorId}, ${site.product}, ${kind.toLowerCase()}, ${kind}, ${f.state ?? 'open'},
        ${`${kind} fails`}, 'https://example.test/', ${f.opened.toISOString()}, ${f.dueOn}::date,
        ${f.closed ? f.closed.toISOString() : null})
      RETURNING id`,
  );
  return Number(row!.id);
}

const licensedCount = async (product?: number) => {
  const [row] = await t.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM websites
      WHERE status IN ('Active', 'Pending Termination') ${product === undefined ? sql`` : sql`AND ${product}::int = ANY(products)`}`,
  );
  return Number(row!.n);
};

describe('before any website is checked', () => {
  it('answers empty figures, every day of the trend at zero, and the choices', async () => {
    const r = await report();
    expect(r.summary).toEqual({
      sitesToCheck: await licensedCount(),
      sitesChecked: 0,
      checkedLastDay: 0,
      checkedLast7Days: 0,
      passing: 0,
      failing: 0,
      unknown: 0,
      passRate: null,
      openFindings: 0,
      overdueFindings: 0,
    });
    expect(r.vendors).toEqual([]);
    expect(r.rules).toEqual([]);
    expect(r.overdue).toEqual({ total: 0, items: [] });
    expect(r.trend).toHaveLength(COMPLIANCE_TREND_DAYS);
    expect(r.trend[0]!.day).toBe(dayAgo(COMPLIANCE_TREND_DAYS - 1));
    expect(r.trend.at(-1)!.day).toBe(r.today);
    expect(r.trend.every((d) => d.sitesChecked === 0 && d.passRate === null && d.findingsOpened === 0)).toBe(
      true,
    );
    expect(r.choices.products.map((p) => p.name)).toEqual(['IDX Website', 'IDX Team Website', 'VOW Website']);
    expect(r.choices.vendors.map((v) => v.code)).toEqual(expect.arrayContaining(['SWS', 'HIC']));
    expect(r).toMatchObject({ vendorId: null, productId: null });
  });
});

describe('with checks and findings', () => {
  let s2Finding = 0;
  let v1Finding = 0;
  let s1: Site, s2: Site, s3: Site, v1: Site, h1: Site, h2: Site, gone: Site;

  beforeAll(async () => {
    const { summit, harbor } = t.vendors;
    [s1, s2, s3] = [await seededSite(summit, 1), await seededSite(summit, 1), await seededSite(summit, 1)];
    // A licensed site never checked: it counts among the sites to check only.
    await seededSite(summit, 1);
    v1 = await seededSite(summit, 3);
    [h1, h2] = [await seededSite(harbor, 1), await seededSite(harbor, 1)];
    gone = await seededSite(summit, 1, 'Inactive');

    // Failed, then passed later the same day, and passes still.
    await check(s1, new Date(noonAgo(2).getTime() - 2 * HOUR), { requiredText: 'fail' });
    await check(s1, new Date(noonAgo(2).getTime() + 2 * HOUR));
    await check(s1, ago(HOUR));
    // Fails its required text, overdue by five days.
    await check(s2, ago(3 * HOUR), { requiredText: 'fail' });
    s2Finding = await finding(s2, 'requiredText', { opened: noonAgo(12), dueOn: dayAgo(5) });
    // Could not be read three days ago.
    await check(s3, ago(3 * DAY), { answers: 'unknown', requiredText: 'unknown', freshness: 'unknown' });
    // The VOW site's data is stale, overdue by a day.
    await check(v1, ago(2 * HOUR), { freshness: 'fail' });
    v1Finding = await finding(v1, 'freshness', { opened: noonAgo(8), dueOn: dayAgo(1) });
    // Passed ten days ago; a check older than the trend does not count in it.
    await check(h1, ago(95 * DAY), { freshness: 'fail' });
    await check(h1, ago(10 * DAY));
    // Stale data still within its grace period; a finding resolved and one waived three days ago.
    await check(h2, ago(HOUR / 2), { freshness: 'fail' });
    await finding(h2, 'freshness', { opened: noonAgo(1), dueOn: dayAgo(-3) });
    await finding(h2, 'requiredText', {
      state: 'resolved',
      opened: noonAgo(20),
      dueOn: dayAgo(13),
      closed: noonAgo(3),
    });
    await finding(h2, 'answers', {
      state: 'waived',
      opened: noonAgo(15),
      dueOn: dayAgo(8),
      closed: noonAgo(3),
    });
    // An Inactive site is licensed no more: its latest check and open finding are not counted.
    await check(gone, ago(HOUR), { answers: 'fail' });
    await finding(gone, 'answers', { opened: noonAgo(100), dueOn: dayAgo(93) });
  });

  it('counts each licensed site by its latest check, and the findings open and overdue', async () => {
    const r = await report();
    expect(r.today).toBe(dayAgo(0));
    expect(r.summary).toEqual({
      sitesToCheck: await licensedCount(),
      sitesChecked: 6,
      checkedLastDay: 4,
      checkedLast7Days: 5,
      passing: 2,
      failing: 3,
      unknown: 1,
      passRate: 0.3333,
      openFindings: 3,
      overdueFindings: 2,
    });
  });

  it('gives each vendor its pass rate, by name', async () => {
    const r = await report();
    expect(r.vendors).toEqual([
      {
        id: t.vendors.harbor,
        name: expect.any(String),
        code: 'HIC',
        sitesChecked: 2,
        passing: 1,
        failing: 1,
        unknown: 0,
        passRate: 0.5,
        openFindings: 1,
        overdueFindings: 0,
      },
      {
        id: t.vendors.summit,
        name: expect.any(String),
        code: 'SWS',
        sitesChecked: 4,
        passing: 1,
        failing: 2,
        unknown: 1,
        passRate: 0.25,
        openFindings: 2,
        overdueFindings: 2,
      },
    ]);
  });

  it('gives each kind of rule the share of the latest results that passed', async () => {
    const r = await report();
    expect(r.rules).toEqual([
      {
        kind: 'answers',
        checks: 6,
        pass: 5,
        fail: 0,
        unknown: 1,
        passRate: 0.8333,
        openFindings: 0,
        overdueFindings: 0,
      },
      {
        kind: 'requiredText',
        checks: 6,
        pass: 4,
        fail: 1,
        unknown: 1,
        passRate: 0.6667,
        openFindings: 1,
        overdueFindings: 1,
      },
      {
        kind: 'freshness',
        checks: 6,
        pass: 3,
        fail: 2,
        unknown: 1,
        passRate: 0.5,
        openFindings: 2,
        overdueFindings: 1,
      },
    ]);
  });

  it('lists the overdue findings, most overdue first', async () => {
    const r = await report();
    expect(r.overdue.total).toBe(2);
    expect(r.overdue.items).toEqual([
      {
        id: s2Finding,
        websiteId: s2.id,
        domain: expect.any(String),
        siteStatus: 'Active',
        vendor: { id: t.vendors.summit, name: expect.any(String), code: 'SWS' },
        productId: 1,
        ruleId: 'requiredtext',
        kind: 'requiredText',
        reason: 'requiredText fails',
        dueOn: dayAgo(5),
        daysOverdue: 5,
      },
      expect.objectContaining({
        id: v1Finding,
        websiteId: v1.id,
        productId: 3,
        kind: 'freshness',
        daysOverdue: 1,
      }),
    ]);
    const [site] = await t.rows<{ domain_name: string }>(
      sql`SELECT domain_name FROM websites WHERE id = ${s2.id}`,
    );
    expect(r.overdue.items[0]!.domain).toBe(site!.domain_name);
  });

  it('follows the last 90 days, each site once a day by its last check of the day', async () => {
    const r = await report();
    const day = (n: number) => r.trend.find((d) => d.day === dayAgo(n))!;
    // Failed, then passed: one site, passing.
    expect(day(2)).toEqual({
      day: dayAgo(2),
      sitesChecked: 1,
      passing: 1,
      failing: 0,
      unknown: 0,
      passRate: 1,
      findingsOpened: 0,
      findingsResolved: 0,
    });
    // The unread site, and a finding resolved (the one waived is not counted).
    expect(day(3)).toMatchObject({ sitesChecked: 1, unknown: 1, passRate: 0, findingsResolved: 1 });
    expect(day(10)).toMatchObject({ sitesChecked: 1, passing: 1, passRate: 1 });
    expect(day(12)).toMatchObject({ sitesChecked: 0, passRate: null, findingsOpened: 1 });
    expect(day(15).findingsOpened).toBe(1);
    expect(day(20).findingsOpened).toBe(1);
    // Every check of the last 90 days counted once per site and day, the Inactive site's too.
    const first = dayAgo(COMPLIANCE_TREND_DAYS - 1);
    const siteDays = new Set(
      checksMade
        .map((c) => `${c.site} ${c.at.toISOString().slice(0, 10)}`)
        .filter((key) => key.split(' ')[1]! >= first),
    );
    expect(r.trend.reduce((n, d) => n + d.sitesChecked, 0)).toBe(siteDays.size);
    expect(r.trend.reduce((n, d) => n + d.findingsOpened, 0)).toBe(5);
    for (const d of r.trend) expect(d.passing + d.failing + d.unknown).toBe(d.sitesChecked);
  });

  it('narrows to a vendor', async () => {
    const summit = await report(`vendor=${t.vendors.summit}`);
    expect(summit.vendorId).toBe(t.vendors.summit);
    expect(summit.vendors.map((v) => v.code)).toEqual(['SWS']);
    expect(summit.summary).toMatchObject({
      sitesChecked: 4,
      passing: 1,
      openFindings: 2,
      overdueFindings: 2,
    });
    expect(summit.overdue.items.map((f) => f.id)).toEqual([s2Finding, v1Finding]);
    expect(summit.rules.find((r) => r.kind === 'freshness')).toMatchObject({ checks: 4, fail: 1 });
    // Its checks alone in the trend: the other vendor's site checked ten days ago is not there.
    expect(summit.trend.find((d) => d.day === dayAgo(10))!.sitesChecked).toBe(0);
    // The choices stay whole, so another vendor can be chosen.
    expect(summit.choices.vendors.map((v) => v.code)).toEqual(expect.arrayContaining(['SWS', 'HIC']));

    const harbor = await report(`vendor=${t.vendors.harbor}`);
    expect(harbor.summary).toMatchObject({
      sitesChecked: 2,
      passRate: 0.5,
      openFindings: 1,
      overdueFindings: 0,
    });
    expect(harbor.overdue).toEqual({ total: 0, items: [] });
    expect(harbor.trend.find((d) => d.day === dayAgo(3))!.findingsResolved).toBe(1);
  });

  it('narrows to a product: the sites that carry it, and its findings', async () => {
    const vow = await report('product=3');
    expect(vow.productId).toBe(3);
    expect(vow.summary).toMatchObject({
      sitesToCheck: await licensedCount(3),
      sitesChecked: 1,
      failing: 1,
      passRate: 0,
      openFindings: 1,
      overdueFindings: 1,
    });
    expect(vow.rules.map((r) => [r.kind, r.checks, r.pass])).toEqual([
      ['answers', 1, 1],
      ['requiredText', 1, 1],
      ['freshness', 1, 0],
    ]);
    expect(vow.overdue.items.map((f) => f.id)).toEqual([v1Finding]);

    const idx = await report(`product=1&vendor=${t.vendors.summit}`);
    expect(idx.summary).toMatchObject({ sitesChecked: 3, passing: 1, failing: 1, unknown: 1 });
    expect(idx.overdue.items.map((f) => f.id)).toEqual([s2Finding]);

    // A product no licensed site of the vendor carries: nothing checked.
    const team = await report(`product=2&vendor=${t.vendors.harbor}`);
    expect(team.summary).toMatchObject({ sitesChecked: 0, passRate: null, openFindings: 0 });
    expect(team.vendors).toEqual([]);
  });

  it('narrowed to a product, a site is judged whole, and the rules are that product’s alone', async () => {
    // A check that judged two products: the VOW rule passes, the IDX one fails.
    const results = [
      { productId: 3, ruleId: 'answers', kind: 'answers', decision: 'pass', reason: '', evidence: '' },
      { productId: 1, ruleId: 'fresh', kind: 'freshness', decision: 'fail', reason: '', evidence: '' },
    ];
    await t.db.execute(
      sql`INSERT INTO compliance_checks (website_id, vendor_id, trigger, started_at, finished_at, decision, rule_set_ids, pages, results)
        VALUES (${v1.id}, ${v1.vendorId}, 'staff', ${ago(HOUR / 4).toISOString()}, ${ago(HOUR / 4).toISOString()},
          'fail', ARRAY[]::int[], '[]'::jsonb, ${JSON.stringify(results)}::jsonb)`,
    );
    const vow = await report('product=3');
    expect(vow.summary).toMatchObject({ sitesChecked: 1, passing: 0, failing: 1 });
    // Its fresh-data finding stays open: that rule is listed by it, without results.
    expect(vow.rules).toEqual([
      expect.objectContaining({ kind: 'answers', checks: 1, pass: 1, passRate: 1 }),
      expect.objectContaining({ kind: 'freshness', checks: 0, passRate: null, openFindings: 1 }),
    ]);
  });
});

describe('refusals', () => {
  it('says what is wrong with a filter it cannot read', async () => {
    for (const [query, message] of [
      ['vendor=abc', ComplianceReportMessages.vendorInvalid],
      ['vendor=0', ComplianceReportMessages.vendorInvalid],
      ['vendor=-4', ComplianceReportMessages.vendorInvalid],
      ['vendor=1.5', ComplianceReportMessages.vendorInvalid],
      ['vendor=99999999999', ComplianceReportMessages.vendorInvalid],
      ['vendor=', ComplianceReportMessages.vendorInvalid],
      ['product=x', ComplianceReportMessages.productInvalid],
      ['product=2147483648', ComplianceReportMessages.productInvalid],
    ] as const) {
      const res = await t.call(t.tokens.admin, 'GET', `${URL}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('answers 404 for a vendor or product that does not exist', async () => {
    const vendor = await t.call(t.tokens.admin, 'GET', `${URL}?vendor=987654`);
    expect(vendor.statusCode).toBe(404);
    expect(vendor.json().message).toBe(ComplianceReportMessages.vendorNotFound);
    const product = await t.call(t.tokens.admin, 'GET', `${URL}?product=987654`);
    expect(product.statusCode).toBe(404);
    expect(product.json().message).toBe(ComplianceReportMessages.productNotFound);
  });
});

describe('who reaches the report', () => {
  it('is MLS staff alone: 404 to vendors and the read-only role, 401 without a session', async () => {
    for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other]) {
      const res = await t.call(token, 'GET', URL);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('sitesChecked');
      // Acting for its own vendor changes nothing.
      expect((await t.call(token, 'GET', `${URL}?vendor=${t.vendors.summit}`)).statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.call(t.tokens.admin, 'GET', URL)).statusCode).toBe(200);
  });

  it('is in the published API, with its filters', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths[URL]?.get;
    expect(op?.tags).toEqual(['compliance']);
    expect(op?.summary).toMatch(/pass rates/i);
    expect(op?.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['product', 'vendor']);
    expect(op?.responses['200']).toBeTruthy();
  });
});
