import { AUDIT_KINDS, LicenceMessages, historyEntrySchema } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/** A term date within the ten years ahead a date may lie. */
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

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
  const read = async () => (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json();
  await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', { ...(await read()), dba: 'One' });
  await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', { ...(await read()), dba: 'Two' });
  const res = await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`);
  expect(res.statusCode).toBe(200);
  const entries = historyEntrySchema.array().parse(res.json());
  expect(entries.map((e) => e.description)).toEqual([
    'Website updated',
    'Website updated',
    'Website created',
  ]);
  expect(entries.map((e) => e.kind)).toEqual(['website.updated', 'website.updated', 'website.created']);
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

it('names the kind of every change a website goes through', async () => {
  const created = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
    domainName: freshDomain('kinds'),
    memberNumber: t.agents.local[1],
    products: [1],
  });
  const id = created.json().id as number;
  await forceStatus(t.db, id, 'Active');
  await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/domain-change`, {
    domainName: freshDomain('kinds-new'),
  });
  await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/agent-change`, {
    memberNumber: t.agents.local[2],
  });
  await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/termination`, { termDate: inAYear() });
  const summit = t.vendors.summit;
  const site = (await t.call(t.tokens.admin, 'GET', `/api/portal/websites/${id}`, undefined, summit)).json();
  const ended = { ...site, status: 'Inactive' };
  expect((await t.call(t.tokens.admin, 'PUT', '/api/portal/websites', ended, summit)).statusCode).toBe(200);
  const entries = historyEntrySchema
    .array()
    .parse((await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json());
  expect(entries.map((e) => [e.kind, e.description])).toEqual([
    ['website.licence_ended', LicenceMessages.ended('terminated')],
    ['website.status_changed', 'Status changed to Inactive'],
    ['website.termination_requested', 'Termination requested'],
    ['website.agent_change_requested', 'Agent change requested'],
    ['website.domain_change_requested', 'Domain change requested'],
    ['website.created', 'Website created'],
  ]);
});

it('gives entries written without a kind the one their description names (the demo data)', async () => {
  const kinds = await t.rows<{ description: string; kind: string }>(
    sql`SELECT DISTINCT description, kind FROM website_changes ORDER BY description`,
  );
  const byDescription = Object.fromEntries(kinds.map((k) => [k.description, k.kind]));
  expect(byDescription).toMatchObject({
    'Website created': 'website.created',
    'Status changed': 'website.status_changed',
    'Termination requested': 'website.termination_requested',
  });
});

it('stores only the kinds of the contract', async () => {
  const [site] = await t.rows<{ id: number; vendor_id: number }>(
    sql`SELECT id, vendor_id FROM websites ORDER BY id LIMIT 1`,
  );
  // History is never deleted, so the probes go to a site id no site has.
  const insert = (kind: string) =>
    t.db.execute(sql`INSERT INTO website_changes (website_id, vendor_id, kind, description, username)
      VALUES (0, ${site!.vendor_id}, ${kind}, 'probe', 'probe')`);
  for (const kind of AUDIT_KINDS) await insert(kind);
  await expect(insert('website.renamed')).rejects.toThrow();
});
