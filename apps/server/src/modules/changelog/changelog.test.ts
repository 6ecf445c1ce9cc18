import { historyEntrySchema } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

it('lists a site’s entries newest first in the contract shape, each written with its change', async () => {
  const created = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
    domainName: freshDomain('log'),
    memberNumber: t.agents.local[1],
    products: [1],
  });
  const id = created.json().id as number;
  const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json();
  await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', { ...site, dba: 'One' });
  await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', { ...site, dba: 'Two' });
  const res = await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`);
  expect(res.statusCode).toBe(200);
  const entries = historyEntrySchema.array().parse(res.json());
  expect(entries.map((e) => e.description)).toEqual([
    'Website updated',
    'Website updated',
    'Website created',
  ]);
  expect(entries[0]!.changes).toEqual([{ path: ['dba'], from: 'One', to: 'Two' }]);
  const dates = entries.map((e) => Date.parse(e.date));
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
});

it('a refused change writes no entry (same transaction)', async () => {
  const created = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
    domainName: freshDomain('log'),
    memberNumber: t.agents.local[1],
    products: [1],
  });
  const id = created.json().id as number;
  const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json();
  const refused = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
    ...site,
    dba: 'x',
    status: 'Active',
  });
  expect(refused.statusCode).toBe(400);
  const [n] = await t.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM website_changes WHERE website_id = ${id}`,
  );
  expect(n!.n).toBe(1);
});

it('404 for another vendor’s site, seeded History included', async () => {
  const [seeded] = await t.rows<{ website_id: number }>(
    sql`SELECT website_id FROM website_changes WHERE vendor_id = ${t.vendors.summit} LIMIT 1`,
  );
  expect(
    (await t.call(t.tokens.demo, 'GET', `/api/website/${seeded!.website_id}/changelog`)).json().length,
  ).toBeGreaterThan(0);
  const res = await t.call(t.tokens.other, 'GET', `/api/website/${seeded!.website_id}/changelog`);
  expect(res.statusCode).toBe(404);
});
