import { WEBSITE_SORT_FIELDS, type Website } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLines, exportsInProgress, type BatchRunner } from './export.ts';
import { setupPortal, type PortalTest } from './test-fixture.ts';

/** The streamed export of the websites list: who may read it, its shape, its order, one at a time. */
let t: PortalTest;
const URL = '/api/portal/websites/export';

beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

function ndjson(body: string): Website[] {
  expect(body === '' || body.endsWith('\n')).toBe(true);
  return body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Website);
}

async function exported(token: string, query = '', vendor?: number): Promise<Website[]> {
  const res = await t.call(token, 'GET', `${URL}${query}`, undefined, vendor);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const sites = ndjson(res.body);
  expect(Number(res.headers['x-total-count'])).toBe(sites.length);
  return sites;
}

/** The whole list as the screen pages it, for comparison. */
async function listed(token: string, query: string): Promise<Website[]> {
  const items: Website[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call(token, 'GET', `/api/portal/websites?pageSize=500&page=${page}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Website[]; total: number };
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return items;
  }
}

describe('GET /api/portal/websites/export', () => {
  it('streams every site of the acting vendor, one well-formed website per line', async () => {
    const sites = await exported(t.tokens.demo);
    const [row] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${t.vendors.summit}`,
    );
    expect(sites).toHaveLength(Number(row!.n));
    expect(sites.length).toBeGreaterThan(0);
    expect(sites).toEqual(await listed(t.tokens.demo, ''));
    for (const s of sites) {
      expect(typeof s.rowKey).toBe('number');
      expect(typeof s.domainName).toBe('string');
    }
  });

  it('lets a read-only user export', async () => {
    const sites = await exported(t.tokens.viewer);
    expect(sites.length).toBeGreaterThan(0);
  });

  it('never includes another vendor’s sites, and refuses a vendor the user is not linked to', async () => {
    const summit = new Set(
      (await t.rows<{ id: number }>(sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit}`)).map(
        (r) => Number(r.id),
      ),
    );
    const harbor = await exported(t.tokens.other);
    expect(harbor.some((s) => summit.has(s.rowKey))).toBe(false);
    const res = await t.call(t.tokens.other, 'GET', URL, undefined, t.vendors.summit);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(403);
  });

  it('answers an empty stream when nothing matches', async () => {
    expect(await exported(t.tokens.demo, '?search=no-such-site-anywhere')).toEqual([]);
  });

  it('filters by status and search like the list', async () => {
    const query = '&status=Active&search=a&sort=office&order=desc';
    const sites = await exported(t.tokens.demo, `?${query.slice(1)}`);
    expect(sites.every((s) => s.status === 'Active')).toBe(true);
    expect(sites).toEqual(await listed(t.tokens.demo, query));
  });

  it('refuses bad parameters with 400', async () => {
    const res = await t.call(t.tokens.demo, 'GET', `${URL}?sort=nope`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('answers 429 while the same user already has an export running', async () => {
    const demoUser = await t.rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'demo'`);
    const running = exportsInProgress(t.app.ctx);
    running.add(Number(demoUser[0]!.id));
    try {
      const res = await t.call(t.tokens.demo, 'GET', URL);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 429, message: expect.stringMatching(/export/i) });
      // Another user is not held up.
      expect((await t.call(t.tokens.viewer, 'GET', URL)).statusCode).toBe(200);
    } finally {
      running.delete(Number(demoUser[0]!.id));
    }
    expect((await t.call(t.tokens.demo, 'GET', URL)).statusCode).toBe(200);
    expect(running.size).toBe(0);
  });
});

const direct: BatchRunner = (task) => task(t.db);

describe('the export shares the server', () => {
  it('lets other work run between its batches', async () => {
    const seen: number[] = [];
    let batches = 0;
    let tick = 0;
    const timer = setInterval(() => (tick += 1), 0);
    try {
      for await (const _chunk of exportLines(
        direct,
        t.vendors.summit,
        { sort: 'domainName', order: 'asc' },
        7,
      )) {
        batches += 1;
        seen.push(tick);
      }
    } finally {
      clearInterval(timer);
    }
    expect(batches).toBeGreaterThan(5);
    // Timers fired while the export was under way, not only once it had finished.
    expect(seen[seen.length - 1]!).toBeGreaterThan(seen[0]!);
  });
});

describe('the export reads in keyset batches', () => {
  // Small batches, so every sort crosses many batch boundaries and both ranges (with and without a
  // value in the first sort key) in the demo data.
  const cases = WEBSITE_SORT_FIELDS.flatMap((sort) =>
    (['asc', 'desc'] as const).map((order) => [sort, order] as const),
  );
  it.each(cases)('in the list order by %s %s', async (sort, order) => {
    let body = '';
    for await (const chunk of exportLines(direct, t.vendors.summit, { sort, order }, 7)) body += chunk;
    const expected = await listed(t.tokens.demo, `&sort=${sort}&order=${order}`);
    expect(ndjson(body).map((s) => s.rowKey)).toEqual(expected.map((s) => s.rowKey));
  });
});
