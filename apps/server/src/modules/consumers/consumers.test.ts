import { FeedMessages, Messages, PrimitiveMessages, type ConsumersResponse } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const feeds = (token: string, vendor?: number) =>
  t.call(token, 'GET', '/api/portal/consumers', undefined, vendor);

describe('GET /api/portal/consumers', () => {
  it('shows a provider the consumers it feeds', async () => {
    for (const token of [t.tokens.demo, t.tokens.viewer]) {
      const res = await feeds(token);
      expect(res.statusCode, res.body).toBe(200);
      const body: ConsumersResponse = res.json();
      expect(body).toMatchObject({ isProvider: true, isConsumer: false, providers: [] });
      expect(body.consumers).toEqual([
        {
          id: expect.any(Number),
          vendorName: 'Harbor IDX Co.',
          vendorCode: 'HIC',
          feedType: 'RESO Web API',
          status: 'Active',
          since: '2025-03-01',
        },
      ]);
    }
  });

  it('shows a consumer its providers', async () => {
    const res = await feeds(t.tokens.other);
    expect(res.statusCode, res.body).toBe(200);
    const body: ConsumersResponse = res.json();
    expect(body).toMatchObject({ isProvider: false, isConsumer: true, consumers: [] });
    expect(body.providers.map((p) => [p.vendorName, p.feedType, p.status, p.since])).toEqual([
      ['Summit Web Solutions', 'RESO Web API', 'Active', '2025-03-01'],
    ]);
  });

  it('answers 404 to a vendor that is neither provider nor consumer', async () => {
    const res = await feeds(t.tokens.demo, t.vendors.west);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FeedMessages.notFeeding);
  });

  it('answers 401 without a session and 403 for a vendor the user is not linked to', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/portal/consumers' })).statusCode).toBe(401);
    const res = await feeds(t.tokens.other, t.vendors.summit);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(Messages.vendorNotLinked);
  });
});

describe('feeds kept by MLS staff', () => {
  const feed = (over: Record<string, unknown> = {}) => ({
    providerVendorId: t.vendors.summit,
    consumerVendorId: t.vendors.harbor,
    feedType: 'RETS',
    status: 'Pending',
    since: '2026-01-05',
    ...over,
  });

  it('adds and removes a relation; the provider and the consumer see it', async () => {
    // Make a second consumer: West becomes one.
    await t.db.execute(sql`UPDATE vendors SET is_consumer = true WHERE id = ${t.vendors.west}`);
    const res = await t.call(
      t.tokens.admin,
      'POST',
      '/api/admin/feeds',
      feed({ consumerVendorId: t.vendors.west }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: FeedMessages.created,
      feed: { providerVendorId: t.vendors.summit, consumerVendorId: t.vendors.west, status: 'Pending' },
    });
    const id = res.json().feed.id as number;
    const summit: ConsumersResponse = (await feeds(t.tokens.demo)).json();
    expect(summit.consumers.map((c) => c.vendorCode)).toEqual(['HIC', 'SWS-W']);
    const west: ConsumersResponse = (await feeds(t.tokens.demo, t.vendors.west)).json();
    expect(west.providers.map((p) => [p.vendorCode, p.feedType, p.status, p.since])).toEqual([
      ['SWS', 'RETS', 'Pending', '2026-01-05'],
    ]);

    const del = await t.call(t.tokens.admin, 'DELETE', `/api/admin/feeds/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe(FeedMessages.deleted);
    expect((await feeds(t.tokens.demo, t.vendors.west)).json().providers).toEqual([]);
    expect((await t.call(t.tokens.admin, 'DELETE', `/api/admin/feeds/${id}`)).statusCode).toBe(404);
    await t.db.execute(sql`UPDATE vendors SET is_consumer = false WHERE id = ${t.vendors.west}`);
  });

  it.each([
    [() => feed({ consumerVendorId: t.vendors.summit }), 400, FeedMessages.self],
    [() => feed({ consumerVendorId: 999999 }), 400, FeedMessages.vendorUnknown],
    [
      () => feed({ providerVendorId: t.vendors.harbor, consumerVendorId: t.vendors.summit }),
      400,
      FeedMessages.notProvider('Harbor IDX Co.'),
    ],
    [
      () => feed({ consumerVendorId: t.vendors.west }),
      400,
      FeedMessages.notConsumer('Summit Web Solutions West'),
    ],
    [() => feed(), 409, FeedMessages.duplicate],
    [() => feed({ feedType: ' ' }), 400, FeedMessages.feedTypeRequired],
    [() => feed({ feedType: 'x'.repeat(61) }), 400, FeedMessages.feedTypeTooLong],
    [() => feed({ status: 'Live' }), 400, FeedMessages.statusInvalid],
    [() => feed({ since: '2026-02-30' }), 400, PrimitiveMessages.dateInvalid],
  ])('refuses a bad relation (%#)', async (body, status, message) => {
    const before = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM vendor_feeds`);
    const res = await t.call(t.tokens.admin, 'POST', '/api/admin/feeds', body());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM vendor_feeds`)).toEqual(before);
  });

  it('is not there for anyone but MLS staff (404), nor without a session (401)', async () => {
    for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other]) {
      expect((await t.call(token, 'POST', '/api/admin/feeds', feed())).statusCode).toBe(404);
      expect((await t.call(token, 'DELETE', '/api/admin/feeds/1')).statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'POST', url: '/api/admin/feeds', payload: feed() })).statusCode).toBe(
      401,
    );
    expect((await t.inject({ method: 'DELETE', url: '/api/admin/feeds/1' })).statusCode).toBe(401);
  });
});
