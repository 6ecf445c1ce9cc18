import {
  PrimitiveMessages,
  earliestToday,
  WebsiteMessages,
  historyEntrySchema,
  type SiteStatus,
  type Website,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

async function siteIn(status: SiteStatus): Promise<number> {
  const res = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
    domainName: freshDomain('term'),
    memberNumber: t.agents.local[4],
    products: [1],
    // Started a year ago: a term date is never before the start date.
    startDate: dayFromToday(-365),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await forceStatus(t.db, id, status);
  return id;
}

const terminate = (id: number, body: unknown, token = t.tokens.demo) =>
  t.call(token, 'POST', `/api/portal/websites/${id}/termination`, body);

describe('POST /api/portal/websites/:id/termination', () => {
  it('moves an Active site to Pending Termination with the term date and answers the site', async () => {
    const id = await siteIn('Active');
    const termDate = dayFromToday(30);
    const res = await terminate(id, { termDate, reason: 'Agent retired' });
    expect(res.statusCode, res.body).toBe(200);
    const site = res.json() as Website;
    expect(site).toMatchObject({ rowKey: id, status: 'Pending Termination', termDate });
    const stored = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
    expect(stored).toMatchObject({ status: 'Pending Termination', termDate });
  });

  it('records a History entry with the reason and the status and term date changes', async () => {
    const id = await siteIn('Active');
    const termDate = dayFromToday(7);
    expect((await terminate(id, { termDate, reason: 'Contract ended' })).statusCode).toBe(200);
    const log = historyEntrySchema
      .array()
      .parse((await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json());
    expect(log[0]).toMatchObject({
      description: WebsiteMessages.terminationRequested,
      user: { username: 'demo' },
      changes: [
        { path: ['status'], from: 'Active', to: 'Inactive (Pending)' },
        { path: ['termDate'], from: null, to: termDate },
        { path: ['reason'], from: null, to: 'Contract ended' },
      ],
    });
  });

  it("accepts the user's today in the zone furthest behind the server's clock", async () => {
    const id = await siteIn('Active');
    const res = await terminate(id, { termDate: earliestToday() });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Website).termDate).toBe(earliestToday());
  });

  it('refuses a term date in the past, and one that is no real date', async () => {
    const id = await siteIn('Active');
    const past = await terminate(id, { termDate: dayFromToday(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ code: 400, message: WebsiteMessages.termDateInPast });
    for (const termDate of ['31/12/2030', '']) {
      const res = await terminate(id, { termDate });
      expect(res.statusCode, termDate).toBe(400);
      expect(res.json(), termDate).toEqual({ code: 400, message: WebsiteMessages.termDateRequired });
    }
    for (const termDate of ['2024-02-30', '2031-13-01']) {
      const res = await terminate(id, { termDate });
      expect(res.statusCode, termDate).toBe(400);
      expect(res.json(), termDate).toEqual({ code: 400, message: PrimitiveMessages.dateInvalid });
    }
    const missing = await terminate(id, {});
    expect(missing.json()).toEqual({ code: 400, message: WebsiteMessages.termDateRequired });
    const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
    expect(site.status).toBe('Active');
  });

  it('refuses a site that is not Active', async () => {
    for (const status of ['Pending Activation', 'Pending Termination', 'Inactive'] as const) {
      const id = await siteIn(status);
      const res = await terminate(id, { termDate: dayFromToday(10) });
      expect(res.statusCode, status).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: WebsiteMessages.terminationNotActive });
    }
  });

  it('answers 403 to a read-only user and 404 to another vendor, changing nothing', async () => {
    const id = await siteIn('Active');
    const body = { termDate: dayFromToday(10) };
    const viewer = await terminate(id, body, t.tokens.viewer);
    expect(viewer.statusCode).toBe(403);
    const other = await terminate(id, body, t.tokens.other);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(404);
    const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
    expect(site).toMatchObject({ status: 'Active', termDate: null });
    const [n] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM website_changes WHERE website_id = ${id}`,
    );
    expect(n!.n).toBe(1);
  });
});
