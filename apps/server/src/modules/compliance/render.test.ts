import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { complianceRuleSetInputSchema, type SiteCompliance } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSites, type TestSites } from '../../../test/test-sites.ts';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import type { AppContext } from '../../context.ts';
import { SYSTEM_ACTOR } from '../../platform/actor.ts';
import { grantLicences } from '../licences/index.ts';
import { newStorageKey } from '../../platform/storage.ts';
import { checkSite, screenshotKeysInUse, withinDomain, type CheckedPage } from './check-site.ts';
import { pruneChecks } from './jobs.ts';
import { renderPage } from './render.ts';

/**
 * Sites whose words are written by their scripts, read as headless Chromium draws them
 * (COMPLIANCE_RENDER=chromium), over HTTPS to sites this test serves: the rules judge the page as
 * drawn, every request of the page is held to the site's domain and the outbound rules, and the
 * home page's screenshot is kept with the check and shown to the site's vendor alone.
 */

const DISCLAIMER =
  'Listing data courtesy of Summit MLS. Information deemed reliable but not guaranteed. Updated {date}.';
const HOSTS = ['drawn.test', 'drawn-two.test', 'elsewhere.test'];

let t: PortalTest;
let sites: TestSites;
/** A server on the loopback address that no page may reach, and what it was asked. */
let inside: Server;
const insideHits: string[] = [];
let insidePort = 0;
const ids: Record<string, number> = {};

/** Plain mode: the same app, its pages read as served. */
const plain = (): AppContext => ({
  ...t.app.ctx,
  config: { ...t.app.ctx.config, complianceRender: 'off' },
});

/** A home page with no words of its own: its script asks the site for the MLS's name and writes the disclaimer. */
const HOME = `<!doctype html><html><head><title>Lakeside Homes</title></head><body>
<main id="app"><noscript>Turn on JavaScript to see this site.</noscript></main>
<script src="/static/app.js"></script></body></html>`;

/** The page's script, which also tries to reach what it must not. */
const script = (port: number) => `
const probes = {
  loopback: 'http://127.0.0.1:${port}/steal',
  metadata: 'http://169.254.169.254/latest/meta-data/',
  elsewhere: 'https://elsewhere.test/track',
  inDomainPrivate: 'https://www.drawn.test/private',
};
const out = document.getElementById('app');
const line = (text) => { const p = document.createElement('p'); p.textContent = text; out.appendChild(p); };
new Image().src = 'http://127.0.0.1:${port}/pixel.gif';
try { new WebSocket('ws://127.0.0.1:${port}/socket'); } catch {}
Promise.all(Object.entries(probes).map(([name, url]) =>
  fetch(url, { mode: 'no-cors' }).then(() => name + ' reached', () => name + ' refused'),
)).then(async (outcomes) => {
  const notice = await (await fetch('/api/notice.json')).json();
  line('Homes by the lake');
  line('Listing data courtesy of ' + notice.mls + '. Information deemed reliable but not guaranteed. Updated today.');
  for (const o of outcomes) line('probe: ' + o);
  document.body.dataset.done = 'yes';
});`;

const LISTING = `<!doctype html><html><body><div id="listing"></div><script>
setTimeout(() => {
  document.getElementById('listing').textContent = '3 beds, 2 baths. Listing courtesy of Harbor Realty';
}, 50);
</script></body></html>`;

function serveDrawnSite(host: string) {
  sites.page(host, '/', HOME);
  sites.page(host, '/static/app.js', {
    body: script(insidePort),
    headers: { 'content-type': 'text/javascript; charset=utf-8' },
  });
  sites.page(host, '/api/notice.json', {
    body: JSON.stringify({ mls: 'Summit MLS' }),
    headers: { 'content-type': 'application/json' },
  });
  sites.page(host, '/listing/1', LISTING);
}

beforeAll(async () => {
  inside = createServer((req, res) => {
    insideHits.push(req.url ?? '');
    res.end('inside');
  });
  inside.on('upgrade', (req, socket) => {
    insideHits.push(req.url ?? '');
    socket.destroy();
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  insidePort = (inside.address() as AddressInfo).port;
  sites = await startTestSites(HOSTS);
  t = await setupPortal({
    env: {
      ...sites.env,
      COMPLIANCE_RENDER: 'chromium',
      // www.drawn.test is within the site's domain, but at a link-local address the rules never reach.
      OUTBOUND_RESOLVE: `${sites.env.OUTBOUND_RESOLVE!},www.drawn.test=169.254.169.254:443,*=127.0.0.1:1`,
    },
  });
  const rows = await t.rows<{ id: number }>(
    sql`SELECT w.id FROM websites w
      WHERE w.vendor_id = ${t.vendors.summit} AND w.status = 'Active'
        AND NOT EXISTS (SELECT 1 FROM compliance_checks c WHERE c.website_id = w.id)
      ORDER BY w.id LIMIT ${HOSTS.length}`,
  );
  for (const [i, host] of HOSTS.entries()) {
    ids[host] = rows[i]!.id;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE websites SET domain_name = ${host} WHERE id = ${rows[i]!.id}`);
      await grantLicences(tx, [{ id: rows[i]!.id, vendorId: t.vendors.summit }], 'recorded', SYSTEM_ACTOR);
    });
  }
  const set = complianceRuleSetInputSchema.parse({
    rules: [
      { id: 'answers', kind: 'answers' },
      { id: 'disclaimer', kind: 'requiredText', template: DISCLAIMER },
      { id: 'attribution', kind: 'attribution', paths: ['/listing/1'], sample: 1 },
    ],
  });
  await t.db.execute(
    sql`INSERT INTO compliance_rule_sets (product_id, version, rules, grace_days)
      SELECT id, 2, ${JSON.stringify(set.rules)}::jsonb, 7 FROM products`,
  );
  serveDrawnSite('drawn.test');
  serveDrawnSite('drawn-two.test');
  sites.page('elsewhere.test', '/track', 'tracked');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sites?.close();
  await new Promise<void>((resolve) => (inside ? inside.close(() => resolve()) : resolve()));
});

const decisions = (results: { ruleId: string; decision: string }[]) =>
  Object.fromEntries(results.map((r) => [r.ruleId, r.decision]));

async function pagesOf(checkId: number): Promise<CheckedPage[]> {
  const [row] = await t.rows<{ pages: CheckedPage[] | string }>(
    sql`SELECT pages FROM compliance_checks WHERE id = ${checkId}`,
  );
  return typeof row!.pages === 'string' ? (JSON.parse(row!.pages) as CheckedPage[]) : row!.pages;
}

const findings = (host: string) =>
  t.rows<{ rule_id: string; state: string }>(
    sql`SELECT rule_id, state FROM compliance_findings WHERE website_id = ${ids[host]} ORDER BY id`,
  );

describe('a check with COMPLIANCE_RENDER=chromium', () => {
  it('judges a page whose words its scripts write: they fail read as served, and pass as drawn', async () => {
    const served = await checkSite(plain(), ids['drawn.test']!, 'staff');
    expect(decisions(served!.results)).toEqual({ answers: 'pass', disclaimer: 'fail', attribution: 'fail' });
    expect((await findings('drawn.test')).map((f) => [f.rule_id, f.state])).toEqual([
      ['disclaimer', 'open'],
      ['attribution', 'open'],
    ]);
    expect((await pagesOf(served!.checkId)).some((p) => p.rendered !== undefined || p.screenshot)).toBe(
      false,
    );

    const drawn = await checkSite(t.app.ctx, ids['drawn.test']!, 'staff');
    expect(drawn).toMatchObject({ decision: 'pass', resolved: 2 });
    expect(decisions(drawn!.results)).toEqual({ answers: 'pass', disclaimer: 'pass', attribution: 'pass' });
    expect(drawn!.results.find((r) => r.ruleId === 'disclaimer')!.evidence).toContain(
      'listing data courtesy of summit mls',
    );
    const pages = await pagesOf(drawn!.checkId);
    expect(pages.map((p) => [p.url, p.status, p.rendered])).toEqual([
      ['https://drawn.test/', 200, true],
      ['https://drawn.test/listing/1', 200, true],
    ]);
    // The page's four tries at what it must not reach, and its picture and socket on the loopback.
    expect(pages[0]!.refused).toBeGreaterThanOrEqual(4);
    expect(pages[0]!.screenshot).toMatch(/^v\d+\/[0-9a-f-]{36}$/);
    expect(pages[1]!.screenshot).toBeUndefined();
  }, 60_000);

  it('refuses every request of the page outside its domain or the outbound rules; nothing is reached', async () => {
    const before = sites.requests.length;
    const page = await renderPage(t.app.ctx, {
      url: 'https://drawn.test/',
      allowed: (url) => withinDomain('drawn.test', url),
      screenshot: false,
    });
    // The page learnt that each was refused, and went on to draw what its own site gave it.
    for (const probe of ['loopback', 'metadata', 'elsewhere', 'inDomainPrivate'])
      expect(page.html).toContain(`probe: ${probe} refused`);
    expect(page.html).toContain('Listing data courtesy of Summit MLS.');
    expect(page.refused).toEqual(
      expect.arrayContaining([
        `http://127.0.0.1:${insidePort}/steal`,
        `http://127.0.0.1:${insidePort}/pixel.gif`,
        'http://169.254.169.254/latest/meta-data/',
        'https://elsewhere.test/track',
        'https://www.drawn.test/private',
      ]),
    );
    expect(insideHits).toEqual([]);
    expect(sites.requests.filter((r) => r.host !== 'drawn.test')).toEqual([]);
    // The site itself was read by the server: the page, its script and the data it asked for.
    expect(sites.requests.slice(before).map((r) => r.path)).toEqual(
      expect.arrayContaining(['/', '/static/app.js', '/api/notice.json']),
    );
  }, 60_000);

  it('keeps the home page’s screenshot, and shows it to the site’s vendor and its staff alone', async () => {
    const res = await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${ids['drawn.test']}/compliance`);
    const latest = (res.json() as SiteCompliance).latest!;
    expect(latest.screenshot).toBe(true);
    const url = `/api/portal/websites/${ids['drawn.test']}/compliance/checks/${latest.id}/screenshot`;
    const shot = await t.call(t.tokens.demo, 'GET', url);
    expect(shot.statusCode, shot.body).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    const png = shot.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // 1280×800, from the header of the PNG.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 800]);
    expect((await t.call(t.tokens.viewer, 'GET', url)).statusCode).toBe(200);
    expect((await t.call(t.tokens.admin, 'GET', url, undefined, t.vendors.summit)).statusCode).toBe(200);
    expect((await t.call(t.tokens.other, 'GET', url)).statusCode).toBe(404);
    // Another site's address for the same check, and a check that kept none: 404 too.
    const wrongSite = url.replace(`/websites/${ids['drawn.test']}/`, `/websites/${ids['drawn-two.test']}/`);
    expect((await t.call(t.tokens.demo, 'GET', wrongSite)).statusCode).toBe(404);
    const [first] = await t.rows<{ id: number }>(
      sql`SELECT min(id) AS id FROM compliance_checks WHERE website_id = ${ids['drawn.test']}`,
    );
    expect(
      (await t.call(t.tokens.demo, 'GET', url.replace(`/checks/${latest.id}/`, `/checks/${first!.id}/`)))
        .statusCode,
    ).toBe(404);
  }, 60_000);

  it('keeps screenshots of the latest check and of those that opened a finding; the prune removes the rest', async () => {
    const site = ids['drawn-two.test']!;
    // Fails as drawn (no disclaimer): a finding is opened, and this check's screenshot is its evidence.
    sites.page('drawn-two.test', '/api/notice.json', {
      body: JSON.stringify({ mls: 'Some Other Board' }),
      headers: { 'content-type': 'application/json' },
    });
    const failing = await checkSite(t.app.ctx, site, 'schedule');
    expect(failing).toMatchObject({ decision: 'fail', opened: 1 });
    const evidence = (await pagesOf(failing!.checkId))[0]!.screenshot!;
    sites.page('drawn-two.test', '/api/notice.json', {
      body: JSON.stringify({ mls: 'Summit MLS' }),
      headers: { 'content-type': 'application/json' },
    });
    const second = await checkSite(t.app.ctx, site, 'schedule');
    const secondShot = (await pagesOf(second!.checkId))[0]!.screenshot!;
    const third = await checkSite(t.app.ctx, site, 'schedule');
    const thirdShot = (await pagesOf(third!.checkId))[0]!.screenshot!;
    expect(new Set([evidence, secondShot, thirdShot]).size).toBe(3);
    // The second check gave its screenshot up to the third; the finding's evidence stays.
    expect((await pagesOf(second!.checkId))[0]!.screenshot).toBeUndefined();
    expect((await pagesOf(second!.checkId))[0]!.rendered).toBe(true);
    expect(await t.app.ctx.storage.exists(secondShot)).toBe(false);
    expect(await t.app.ctx.storage.exists(evidence)).toBe(true);
    expect(await t.app.ctx.storage.exists(thirdShot)).toBe(true);

    await t.db.execute(
      sql`UPDATE compliance_checks SET started_at = now() - interval '200 days' WHERE id = ${failing!.checkId}`,
    );
    expect(await pruneChecks(t.db, t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.storage.exists(evidence)).toBe(false);
    expect(await t.app.ctx.storage.exists(thirdShot)).toBe(true);
    // What the orphan sweep is told is in use: the screenshots checks still name, nothing else.
    expect(
      await screenshotKeysInUse(t.db, [thirdShot, secondShot, evidence, newStorageKey(t.vendors.summit)]),
    ).toEqual(new Set([thirdShot]));
  }, 90_000);

  it('when Chromium cannot start, records unknown with the reason, opens no finding, and logs it once', async () => {
    const logged: unknown[][] = [];
    const log = t.app.log.child({});
    log.error = (...args: unknown[]) => {
      logged.push(args);
    };
    const broken: AppContext = {
      ...t.app.ctx,
      log,
      config: { ...t.app.ctx.config, chromiumPath: '/nonexistent/chromium' },
    };
    const site = ids['elsewhere.test']!;
    serveDrawnSite('elsewhere.test');
    for (let n = 0; n < 3; n++) {
      const outcome = await checkSite(broken, site, 'schedule');
      expect(outcome).toMatchObject({ decision: 'unknown', opened: 0 });
      expect(decisions(outcome!.results)).toEqual({
        answers: 'pass',
        disclaimer: 'unknown',
        attribution: 'unknown',
      });
      expect(outcome!.results.find((r) => r.ruleId === 'disclaimer')!.reason).toBe(
        'The site answered, but its page could not be drawn: the browser the checks use did not start. The rules were not judged.',
      );
      const [home] = await pagesOf(outcome!.checkId);
      expect(home).toMatchObject({ url: 'https://elsewhere.test/', status: 200, rendered: false });
      expect(home!.screenshot).toBeUndefined();
    }
    expect(await findings('elsewhere.test')).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(String(logged[0]![1])).toMatch(/Chromium could not start/);
  }, 60_000);
});
