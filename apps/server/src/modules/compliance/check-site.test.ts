import {
  CHECK_NOW_MINUTES,
  ComplianceCheckMessages,
  ComplianceMessages,
  ComplianceRuleSetMessages,
  complianceRuleSetInputSchema,
  type ProductRuleSet,
  type SiteCompliance,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSites, type TestSites } from '../../../test/test-sites.ts';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { intArray } from '../../db/sql.ts';
import { checkSite } from './check-site.ts';
import { licensedDemoSites } from './test-fixture.ts';
import { checksSummary, dueSites, pruneChecks, runDueChecks } from './jobs.ts';

/**
 * A check of a licensed website against its products' rules, over HTTPS to sites this test serves:
 * what it records, the findings it opens and resolves, and what it tells the vendor.
 */

const DISCLAIMER =
  'Listing data courtesy of Summit MLS. Information deemed reliable but not guaranteed. Updated {date}.';
const HOSTS = ['compliant.test', 'failing.test', 'redirecting.test', 'untrusted.test', 'down.test'];

let t: PortalTest;
let sites: TestSites;
const ids: Record<string, number> = {};
const agents: Record<string, string> = {};

const utc = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;

const goodPage = (host: string) =>
  `<html><body><h1>${agents[host]}, REALTOR®</h1><p>Homes by the lake</p><img src="/img/summit-mls-logo.png" alt="">` +
  `<footer>${DISCLAIMER.replace('{date}', 'today')} Data last updated ${utc(new Date(Date.now() - 3_600_000))}</footer></body></html>`;
const listingPage =
  '<html><body><p>3 beds, 2 baths</p><p>Listing courtesy of Harbor Realty</p></body></html>';

beforeAll(async () => {
  sites = await startTestSites(HOSTS, { hostsWithOtherCertificate: ['untrusted.test'] });
  t = await setupPortal({
    env: {
      ...sites.env,
      // A host whose port nothing listens on is a site that is down; so is every other site here.
      OUTBOUND_RESOLVE: `${sites.env.OUTBOUND_RESOLVE!.replace(`down.test=127.0.0.1:${sites.port}`, 'down.test=127.0.0.1:1')},*=127.0.0.1:1`,
    },
  });
  const licensed = await licensedDemoSites(t, HOSTS);
  Object.assign(ids, licensed.ids);
  Object.assign(agents, licensed.agents);
  // Every product gets the same rules, so whichever a site has, it is checked.
  const set = complianceRuleSetInputSchema.parse({
    rules: [
      { id: 'answers', kind: 'answers' },
      { id: 'disclaimer', kind: 'requiredText', template: DISCLAIMER },
      { id: 'fresh', kind: 'freshness' },
      { id: 'attribution', kind: 'attribution', paths: ['/listing/1'], sample: 1 },
      { id: 'notice', kind: 'mlsNotice', pattern: 'Summit MLS' },
      { id: 'forbidden', kind: 'forbidden', patterns: ['buyer agent compensation'] },
      { id: 'licensee', kind: 'licensee' },
    ],
  });
  // A new version of every product's rules (the demo's are version 1).
  await t.db.execute(
    sql`INSERT INTO compliance_rule_sets (product_id, version, rules, grace_days)
      SELECT id, 2, ${JSON.stringify(set.rules)}::jsonb, 7 FROM products`,
  );
  sites.page('compliant.test', '/', goodPage('compliant.test'));
  sites.page('compliant.test', '/listing/1', listingPage);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sites?.close();
});

const findings = (host: string) =>
  t.rows<{ rule_id: string; state: string; due_on: string; reason: string }>(
    sql`SELECT rule_id, state, due_on::text, reason FROM compliance_findings WHERE website_id = ${ids[host]} ORDER BY id`,
  );

describe('a compliance check', () => {
  it('passes a compliant site on every rule, and records what it read', async () => {
    const outcome = await checkSite(t.app.ctx, ids['compliant.test']!, 'staff');
    expect(outcome).toMatchObject({ decision: 'pass', opened: 0, resolved: 0 });
    expect(outcome!.results.map((r) => [r.ruleId, r.decision])).toEqual(
      expect.arrayContaining([
        ['answers', 'pass'],
        ['disclaimer', 'pass'],
        ['fresh', 'pass'],
        ['attribution', 'pass'],
        ['notice', 'pass'],
        ['forbidden', 'pass'],
        ['licensee', 'pass'],
      ]),
    );
    const [check] = await t.rows<{
      decision: string;
      trigger: string;
      pages: { url: string; status: number; sha256: string }[];
    }>(sql`SELECT decision, trigger, pages FROM compliance_checks WHERE id = ${outcome!.checkId}`);
    expect(check).toMatchObject({ decision: 'pass', trigger: 'staff' });
    expect(check!.pages.map((p) => [p.url, p.status])).toEqual([
      ['https://compliant.test/', 200],
      ['https://compliant.test/listing/1', 200],
    ]);
    expect(check!.pages[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await findings('compliant.test')).toEqual([]);
  });

  it('opens a finding per failed rule with its due date, tells the vendor, and keeps one open per rule', async () => {
    sites.page(
      'failing.test',
      '/',
      goodPage('failing.test')
        .replace('Listing data courtesy of Summit MLS.', '')
        .replace('<p>Homes by the lake</p>', '<p>We pay buyer-agent compensation!</p>'),
    );
    sites.page('failing.test', '/listing/1', listingPage);
    const first = await checkSite(t.app.ctx, ids['failing.test']!, 'schedule');
    expect(first).toMatchObject({ decision: 'fail', opened: 2 });
    const open = await findings('failing.test');
    expect(open.map((f) => [f.rule_id, f.state])).toEqual([
      ['disclaimer', 'open'],
      ['forbidden', 'open'],
    ]);
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(open.every((f) => f.due_on === due)).toBe(true);
    const told = await t.rows<{ content: string }>(
      sql`SELECT content FROM notifications WHERE website_id = ${ids['failing.test']} AND content LIKE '%compliance%'`,
    );
    expect(told.some((n) => n.content.includes('fails the compliance rule "Forbidden content"'))).toBe(true);
    // The same failures again: nothing new is opened.
    expect(await checkSite(t.app.ctx, ids['failing.test']!, 'schedule')).toMatchObject({ opened: 0 });
    expect(await findings('failing.test')).toHaveLength(2);
  });

  it('resolves the findings once the page is fixed and checked again', async () => {
    sites.page('failing.test', '/', goodPage('failing.test'));
    const fixed = await checkSite(t.app.ctx, ids['failing.test']!, 'vendor');
    expect(fixed).toMatchObject({ decision: 'pass', opened: 0, resolved: 2 });
    expect((await findings('failing.test')).map((f) => f.state)).toEqual(['resolved', 'resolved']);
  });

  it('a site that does not answer is unknown; the third time in a row opens one finding, its answering', async () => {
    for (const n of [1, 2]) {
      const outcome = await checkSite(t.app.ctx, ids['down.test']!, 'schedule');
      expect(outcome, `check ${n}`).toMatchObject({ decision: 'unknown', opened: 0 });
    }
    const third = await checkSite(t.app.ctx, ids['down.test']!, 'schedule');
    expect(third).toMatchObject({ decision: 'unknown', opened: 1 });
    expect((await findings('down.test')).map((f) => f.rule_id)).toEqual(['answers']);
  });

  it('fails a site whose certificate is for another name, or that redirects off its domain', async () => {
    sites.page('untrusted.test', '/', goodPage('untrusted.test'));
    const untrusted = await checkSite(t.app.ctx, ids['untrusted.test']!, 'schedule');
    expect(untrusted!.results.find((r) => r.ruleId === 'answers')).toMatchObject({
      decision: 'fail',
      reason: "The site's HTTPS certificate is not valid for untrusted.test.",
    });
    sites.page('redirecting.test', '/', { status: 302, headers: { location: 'https://compliant.test/' } });
    const redirecting = await checkSite(t.app.ctx, ids['redirecting.test']!, 'schedule');
    expect(redirecting!.results.find((r) => r.ruleId === 'answers')).toMatchObject({ decision: 'fail' });
    expect(redirecting!.results.find((r) => r.ruleId === 'answers')!.reason).toMatch(
      /redirects outside redirecting\.test/,
    );
    // Never read: the other domain was not asked.
    expect(sites.requests.filter((r) => r.host === 'compliant.test' && r.path === '/').length).toBe(1);
  });

  it('checks only licensed sites, against the newest version of the rules', async () => {
    const [pending] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} AND status = 'Pending Activation' LIMIT 1`,
    );
    expect(await checkSite(t.app.ctx, pending!.id, 'staff')).toBeNull();
    await t.db.execute(
      sql`INSERT INTO compliance_rule_sets (product_id, version, rules, grace_days)
        SELECT id, 3, ${JSON.stringify([{ id: 'answers', kind: 'answers' }])}::jsonb, 3 FROM products`,
    );
    const outcome = await checkSite(t.app.ctx, ids['compliant.test']!, 'staff');
    expect(outcome!.results.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['answers']));
    expect(new Set(outcome!.results.map((r) => r.ruleId))).toEqual(new Set(['answers']));
    const [check] = await t.rows<{ versions: number[] }>(
      sql`SELECT ARRAY(SELECT version FROM compliance_rule_sets s WHERE s.id = ANY(c.rule_set_ids)) AS versions
        FROM compliance_checks c WHERE c.id = ${outcome!.checkId}`,
    );
    expect(new Set(check!.versions)).toEqual(new Set([3]));
  });
});

describe('the daily checks', () => {
  it('each run takes its share of the day: licensed sites with rules not checked for a day, never-checked first', async () => {
    const [licensed] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM websites WHERE status IN ('Active', 'Pending Termination')`,
    );
    const due = await dueSites(t.db);
    expect(due).toHaveLength(Math.ceil(licensed!.n / 144));
    const checkedToday = Object.values(ids);
    expect(due.some((id) => checkedToday.includes(id))).toBe(false);
    // Run as the job does: the share is checked and recorded as the schedule's.
    const tally = await runDueChecks(t.app.ctx);
    expect(tally.checked).toBe(due.length);
    const [scheduled] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM compliance_checks WHERE trigger = 'schedule' AND website_id = ANY(${intArray(due)})`,
    );
    expect(scheduled!.n).toBe(due.length);
    expect(checksSummary(tally)).toMatch(/^Checked \d+ websites?: /);
  });

  it('prunes checks older than the kept days, but never a site’s newest, and keeps its findings', async () => {
    const site = ids['failing.test']!;
    await t.db.execute(
      sql`UPDATE compliance_checks SET started_at = now() - interval '200 days' WHERE website_id = ${site}`,
    );
    const [before] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM compliance_checks WHERE website_id = ${site}`,
    );
    expect(before!.n).toBeGreaterThan(1);
    expect(await pruneChecks(t.db)).toBeGreaterThanOrEqual(before!.n - 1);
    const [after] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM compliance_checks WHERE website_id = ${site}`,
    );
    expect(after!.n).toBe(1);
    expect(await findings('failing.test')).toHaveLength(2);
  });
});

describe('the Compliance tab’s calls', () => {
  const url = (host: string, tail = '') => `/api/portal/websites/${ids[host]}/compliance${tail}`;

  it('reads the latest check and the findings to the vendor and its read-only user; another vendor gets 404', async () => {
    const res = await t.call(t.tokens.demo, 'GET', url('failing.test'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SiteCompliance;
    expect(body.latest?.decision).toBe('pass');
    expect(body.findings.map((f) => [f.ruleId, f.state])).toEqual([
      ['forbidden', 'resolved'],
      ['disclaimer', 'resolved'],
    ]);
    expect(body.checkable).toBe(true);
    expect((await t.call(t.tokens.viewer, 'GET', url('failing.test'))).statusCode).toBe(200);
    expect((await t.call(t.tokens.other, 'GET', url('failing.test'))).statusCode).toBe(404);
    expect((await t.call(t.tokens.demo, 'GET', '/api/portal/websites/99999999/compliance')).statusCode).toBe(
      404,
    );
  });

  it('checks now for the vendor, then refuses another ask for a while; a read-only user cannot ask', async () => {
    expect((await t.call(t.tokens.viewer, 'POST', url('redirecting.test', '/check'))).statusCode).toBe(403);
    const first = await t.call(t.tokens.demo, 'POST', url('redirecting.test', '/check'));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as SiteCompliance;
    expect(body.latest?.trigger).toBe('vendor');
    expect(body.nextCheckAllowedAt).not.toBeNull();
    const again = await t.call(
      t.tokens.admin,
      'POST',
      url('redirecting.test', '/check'),
      undefined,
      t.vendors.summit,
    );
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(ComplianceCheckMessages.tooSoon(CHECK_NOW_MINUTES));
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('another vendor cannot check a site it does not hold: 404, and nothing is read', async () => {
    const before = sites.requests.length;
    const res = await t.call(t.tokens.other, 'POST', url('compliant.test', '/check'));
    expect(res.statusCode).toBe(404);
    expect(sites.requests.length).toBe(before);
  });

  it('says why a site that is not licensed now is not checked', async () => {
    const [pending] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} AND status = 'Pending Activation' LIMIT 1`,
    );
    const res = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${pending!.id}/compliance/check`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ComplianceCheckMessages.notCheckable);
  });
});

describe('the console’s rule sets', () => {
  const URL = '/api/admin/compliance/rule-sets';

  it('shows staff each product’s current rules; to a vendor the console’s calls do not exist', async () => {
    const res = await t.call(t.tokens.admin, 'GET', URL);
    expect(res.statusCode, res.body).toBe(200);
    const sets = res.json() as ProductRuleSet[];
    expect(sets.map((s) => s.productName)).toEqual(['IDX Website', 'IDX Team Website', 'VOW Website']);
    expect(sets.every((s) => s.current?.version === 3)).toBe(true);
    expect((await t.call(t.tokens.demo, 'GET', URL)).statusCode).toBe(404);
    expect(
      (await t.call(t.tokens.demo, 'PUT', `${URL}/1`, { rules: [{ id: 'a', kind: 'answers' }] })).statusCode,
    ).toBe(404);
  });

  it('a save is a new version, named for who saved it; two at once are two versions', async () => {
    const rules = [
      { id: 'answers', kind: 'answers' },
      { id: 'disclaimer', kind: 'requiredText', template: DISCLAIMER, threshold: 0.8 },
    ];
    const saved = await t.call(t.tokens.admin, 'PUT', `${URL}/3`, { rules, graceDays: 14 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      productId: 3,
      current: {
        version: 4,
        graceDays: 14,
        rules: [{ id: 'answers' }, { id: 'disclaimer', threshold: 0.8 }],
      },
    });
    expect((saved.json() as ProductRuleSet).current!.createdBy).toBeTruthy();
    const both = await Promise.all(
      [1, 2].map(() =>
        t.call(t.tokens.admin, 'PUT', `${URL}/3`, { rules: [{ id: 'answers', kind: 'answers' }] }),
      ),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const [versions] = await t.rows<{ n: number }>(
      sql`SELECT count(DISTINCT version)::int AS n FROM compliance_rule_sets WHERE product_id = 3`,
    );
    expect(versions!.n).toBe(6);
  });

  it.each([
    [{ rules: [] }, ComplianceMessages.rulesRequired],
    [{ rules: [{ id: 'd', kind: 'requiredText', template: '  ' }] }, ComplianceMessages.templateRequired],
    [
      {
        rules: [
          { id: 'a', kind: 'answers' },
          { id: 'a', kind: 'licensee' },
        ],
      },
      ComplianceMessages.duplicateRule,
    ],
    [{ rules: [{ id: 'a', kind: 'teleport' }] }, null],
  ])('refuses %j with a 400 and nothing saved', async (body, message) => {
    const res = await t.call(t.tokens.admin, 'PUT', `${URL}/1`, body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('an unknown product is 404', async () => {
    const res = await t.call(t.tokens.admin, 'PUT', `${URL}/999`, { rules: [{ id: 'a', kind: 'answers' }] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ComplianceRuleSetMessages.productNotFound);
  });
});

describe('sites with open findings', () => {
  it('the dashboard counts them, and the list narrowed to missing=compliance holds exactly them', async () => {
    const open = await t.rows<{ id: number }>(
      sql`SELECT DISTINCT website_id AS id FROM compliance_findings WHERE vendor_id = ${t.vendors.summit} AND state = 'open'`,
    );
    expect(open.length).toBeGreaterThan(0);
    const meta = (await t.call(t.tokens.demo, 'GET', '/api/portal/metadata')).json() as {
      sitesWithFindings: number;
    };
    expect(meta.sitesWithFindings).toBe(open.length);
    const list = await t.call(t.tokens.demo, 'GET', '/api/portal/websites?missing=compliance&pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { items: { rowKey: number }[]; total: number };
    expect(body.total).toBe(open.length);
    expect(body.items.map((s) => s.rowKey).sort()).toEqual(open.map((r) => Number(r.id)).sort());
    // Another vendor's findings never count here.
    const other = (await t.call(t.tokens.other, 'GET', '/api/portal/metadata')).json() as {
      sitesWithFindings: number;
    };
    expect(other.sitesWithFindings).toBe(0);
  });
});
