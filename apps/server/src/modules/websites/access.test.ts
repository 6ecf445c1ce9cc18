import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/** A term date within the ten years ahead a date may lie. */
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** Tenant isolation and read-only users, over every route of websites, requests, teams and History. */
let t: PortalTest;
let summitSite: number;
let summitTeamSite: number;
let memberNumber: string;

beforeAll(async () => {
  t = await setupPortal();
  memberNumber = t.agents.local[7]!;
  const create = async (products: number[]) => {
    const res = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
      domainName: freshDomain('iso'),
      memberNumber,
      products,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  summitSite = await create([1]);
  summitTeamSite = await create([2]);
  // A team-product site comes with its team.
  const team = await t.call(t.tokens.demo, 'GET', `/api/websites/${summitTeamSite}/team`);
  expect(team.statusCode, team.body).toBe(200);
  await forceStatus(t.db, summitSite, 'Active');
});
afterAll(async () => t?.close());

const siteBody = (id: number) => ({
  rowKey: id,
  domainName: freshDomain('x'),
  memberNumber: '3000001',
  status: 'Pending Activation',
  products: [1],
  version: 1,
});

describe('a user of another vendor (Harbor) gets 404 for a Summit site', () => {
  const calls: [string, string, (id: number) => unknown][] = [
    ['GET', '/api/portal/websites/:id', () => undefined],
    ['PUT', '/api/portal/websites', (id) => siteBody(id)],
    ['DELETE', '/api/portal/websites/:id', () => undefined],
    ['GET', '/api/portal/websites/:id/requests', () => undefined],
    ['POST', '/api/portal/websites/:id/domain-change', () => ({ domainName: freshDomain('req') })],
    ['POST', '/api/portal/websites/:id/agent-change', () => ({ memberNumber: '3000001' })],
    ['POST', '/api/portal/websites/:id/termination', () => ({ termDate: inAYear() })],
    ['POST', '/api/portal/websites/:id/domain-change/withdraw', () => undefined],
    ['POST', '/api/portal/websites/:id/agent-change/withdraw', () => undefined],
    ['GET', '/api/website/:id/changelog', () => undefined],
    ['GET', '/api/websites/:id/team', () => undefined],
    ['POST', '/api/websites/:id/team', (id) => ({ siteId: id, primary: '3000001', memberIds: ['3000001'] })],
    [
      'PUT',
      '/api/websites/:id/team',
      (id) => ({ siteId: id, primary: '3000001', memberIds: ['3000001'], version: 1 }),
    ],
  ];
  it.each(calls)('%s %s', async (method, url, body) => {
    for (const id of [summitSite, summitTeamSite]) {
      const res = await t.call(t.tokens.other, method as 'GET', url.replace(':id', String(id)), body(id));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe(404);
    }
    // Nothing changed on the Summit side.
    const site = await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${summitSite}`);
    expect(site.statusCode).toBe(200);
    const log = await t.call(t.tokens.demo, 'GET', `/api/website/${summitSite}/changelog`);
    expect(log.json().every((e: { user: { username: string } }) => e.user.username === 'demo')).toBe(true);
  });

  it('and the same through a Vendor header naming Summit (403, not linked)', async () => {
    const res = await t.call(
      t.tokens.other,
      'GET',
      `/api/portal/websites/${summitSite}`,
      undefined,
      t.vendors.summit,
    );
    expect(res.statusCode).toBe(403);
  });

  it('never lists Summit sites', async () => {
    const res = await t.call(t.tokens.other, 'GET', '/api/portal/websites?pageSize=500');
    const ids: number[] = res.json().items.map((s: { rowKey: number }) => s.rowKey);
    expect(ids).not.toContain(summitSite);
    const summit = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit}`,
    );
    expect(ids.some((id) => summit.some((s) => s.id === id))).toBe(false);
  });

  it('naming Summit sites by id lists none of them', async () => {
    const res = await t.call(
      t.tokens.other,
      'GET',
      `/api/portal/websites?ids=${summitSite},${summitTeamSite}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0 });
  });
});

describe('the list narrowed to sites by id (a notification about several sites)', () => {
  it('holds those sites alone, with their total, and still takes the other filters', async () => {
    const res = await t.call(
      t.tokens.demo,
      'GET',
      `/api/portal/websites?ids=${summitTeamSite},${summitSite}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { rowKey: number }[]; total: number };
    expect(body.items.map((s) => s.rowKey).sort()).toEqual([summitSite, summitTeamSite].sort());
    expect(body.total).toBe(2);
    const active = await t.call(
      t.tokens.demo,
      'GET',
      `/api/portal/websites?ids=${summitTeamSite},${summitSite}&status=Active`,
    );
    expect(active.json()).toMatchObject({ items: [{ rowKey: summitSite }], total: 1 });
    const paged = await t.call(
      t.tokens.demo,
      'GET',
      `/api/portal/websites?ids=${summitTeamSite},${summitSite}&pageSize=1&page=2`,
    );
    expect(paged.json().total).toBe(2);
    expect(paged.json().items).toHaveLength(1);
  });

  it('refuses ids it cannot read with a clear message', async () => {
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    for (const ids of ['abc', '1,,2', '0', '-3', '1.5', many, '99999999999']) {
      const res = await t.call(t.tokens.demo, 'GET', `/api/portal/websites?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().message).toBe('ids names up to 200 website ids, separated by commas.');
    }
  });
});

describe('a viewer gets 403 on every write route', () => {
  const prefixes = [
    '/api/portal/websites',
    '/api/websites/',
    '/api/website/',
    '/api/searchagent',
    '/api/searchrecipagent',
    '/api/agent/',
  ];
  it('covers at least the website, request and team writes', () => {
    const writes = t.app.routeAccess.filter(
      (r) => r.access === 'vendor-write' && prefixes.some((p) => r.url.startsWith(p)),
    );
    expect(writes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'DELETE /api/portal/websites/:id',
        'POST /api/portal/websites',
        'POST /api/portal/websites/import',
        'POST /api/portal/websites/import/check',
        'POST /api/portal/websites/:id/agent-change',
        'POST /api/portal/websites/:id/agent-change/withdraw',
        'POST /api/portal/websites/:id/compliance/check',
        'POST /api/portal/websites/:id/domain-change',
        'POST /api/portal/websites/:id/domain-change/withdraw',
        'POST /api/portal/websites/:id/product-change',
        'POST /api/portal/websites/:id/product-change/withdraw',
        'POST /api/portal/websites/:id/team-change',
        'POST /api/portal/websites/:id/team-change/withdraw',
        'POST /api/portal/websites/:id/termination',
        'POST /api/portal/websites/:id/termination/withdraw',
        'POST /api/websites/:id/team',
        'PUT /api/portal/websites',
        'PUT /api/websites/:id/team',
        'POST /api/website/:id/comments',
        'DELETE /api/website/:id/comments/:commentId',
      ].sort(),
    );
  });

  it('each write route answers 403 and changes nothing', async () => {
    const writes = t.app.routeAccess.filter(
      (r) => r.access === 'vendor-write' && prefixes.some((p) => r.url.startsWith(p)),
    );
    const before = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM website_changes`);
    for (const route of writes) {
      const url = route.url.replace(':id', String(summitTeamSite));
      const res = await t.call(t.tokens.viewer, route.method as 'POST', url, {
        ...siteBody(summitTeamSite),
        siteId: summitTeamSite,
        primary: memberNumber,
        memberIds: [memberNumber],
      });
      expect(res.statusCode, `${route.method} ${url}`).toBe(403);
    }
    const after = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM website_changes`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('while every read route answers 200', async () => {
    for (const url of [
      '/api/portal/websites',
      `/api/portal/websites/${summitTeamSite}`,
      `/api/portal/websites/${summitTeamSite}/requests`,
      `/api/website/${summitTeamSite}/changelog`,
      `/api/websites/${summitTeamSite}/team`,
      `/api/searchagent/${memberNumber}`,
      `/api/agent/${memberNumber}`,
    ]) {
      const res = await t.call(t.tokens.viewer, 'GET', url);
      expect(res.statusCode, url).toBe(200);
    }
  });
});

it('every route of these modules asks for a session', async () => {
  for (const url of [
    '/api/portal/websites',
    `/api/portal/websites/${summitSite}`,
    `/api/website/${summitSite}/changelog`,
    `/api/websites/${summitSite}/team`,
    '/api/searchagent/smith',
    '/api/agent/3000001',
  ]) {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(401);
  }
});
