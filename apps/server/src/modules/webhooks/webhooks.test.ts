import {
  ApiKeyMessages,
  Messages,
  WebhookMessages,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../test/helper.ts';
import { startWebhookReceiver, type Received, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { raiseWebhookEvents } from '../../platform/webhook-outbox.ts';
import { dayFromToday, freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { WEBHOOK_DELIVER_JOB } from './index.ts';

/**
 * Webhooks: endpoints kept per vendor (and the MLS's own), events written with their change and
 * delivered at least once, signed per Standard Webhooks (checked with the `standardwebhooks`
 * package, not our code), retried, given up after a day, the endpoint disabled after three days of
 * failures, and never sent to an address inside.
 */

const HOSTS = ['hooks.summit.test', 'hooks.harbor.test', 'hooks.mls.test', 'down.summit.test'];
let receiver: WebhookReceiver;
let t: PortalTest;

beforeAll(async () => {
  receiver = await startWebhookReceiver(HOSTS);
  t = await setupPortal({ env: receiver.env });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(() => {
  for (const h of HOSTS) receiver.answer(h, { status: 200 });
});

const deliver = () => t.app.ctx.jobs.runNow(WEBHOOK_DELIVER_JOB);
const receivedAt = (host: string) => receiver.received.filter((r) => r.host === host);

async function endpoint(
  body: Partial<{ url: string; description: string; eventTypes: string[] }> = {},
  token = t.tokens.demo,
  base = '/api/webhooks',
): Promise<WebhookWithSecret> {
  const res = await t.call(token, 'POST', base, {
    url: 'https://hooks.summit.test/portal',
    description: 'Our systems',
    eventTypes: ['website.created'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WebhookWithSecret;
}

async function newSite(
  token = t.tokens.demo,
  member = t.agents.local[6]!,
): Promise<{ id: number; domain: string }> {
  const domain = freshDomain('hook');
  const res = await t.call(token, 'POST', '/api/portal/websites', {
    domainName: domain,
    memberNumber: member,
    products: [1],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, domain };
}

/** The payload of a delivery, verified with the endpoint's secret by the standardwebhooks package. */
function verified(r: Received, secret: string): { id: string; type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(r.body, r.headers) as never;
}

async function deliveriesOf(id: number, token = t.tokens.demo): Promise<WebhookDelivery[]> {
  const res = await t.call(token, 'GET', `/api/webhooks/${id}/deliveries?page=1&size=100`);
  expect(res.statusCode).toBe(200);
  return res.json().items as WebhookDelivery[];
}

async function removeAll() {
  await t.db.execute(sql`DELETE FROM webhook_endpoints`);
}

describe('endpoints', () => {
  beforeEach(removeAll);

  it('are made with a secret shown once, and listed without it', async () => {
    const { endpoint: made, secret } = await endpoint({
      eventTypes: ['website.created', 'saf.signed', 'saf.signed'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(made).toMatchObject({
      url: 'https://hooks.summit.test/portal',
      eventTypes: ['website.created', 'saf.signed'],
      enabled: true,
      createdBy: { username: 'demo' },
    });
    const list = await t.call(t.tokens.demo, 'GET', '/api/webhooks');
    expect(list.body).not.toContain(secret);
    expect((list.json().items as WebhookEndpoint[]).map((e) => e.id)).toEqual([made.id]);
  });

  it.each([
    [{ url: 'http://hooks.summit.test/x' }, WebhookMessages.urlInvalid],
    [{ url: '' }, WebhookMessages.urlRequired],
    [{ url: 'https://u:p@hooks.summit.test/' }, WebhookMessages.urlCredentials],
    [{ eventTypes: [] }, WebhookMessages.eventsRequired],
    [{ eventTypes: ['website.exploded'] }, null],
    [{ description: 'x'.repeat(300) }, WebhookMessages.descriptionTooLong],
  ])('refuse %j with its message', async (change, message) => {
    const res = await t.call(t.tokens.demo, 'POST', '/api/webhooks', {
      url: 'https://hooks.summit.test/portal',
      eventTypes: ['website.created'],
      ...change,
    });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await t.rows(sql`SELECT id FROM webhook_endpoints`)).toHaveLength(0);
  });

  it("are another vendor's business (404), closed to the read-only role (403), to keys and without a session (401)", async () => {
    const { endpoint: made } = await endpoint();
    for (const [method, url, body] of [
      ['PATCH', `/api/webhooks/${made.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${made.id}`, undefined],
      ['POST', `/api/webhooks/${made.id}/rotate-secret`, { overlapHours: 0 }],
      ['POST', `/api/webhooks/${made.id}/test`, undefined],
      ['GET', `/api/webhooks/${made.id}/deliveries`, undefined],
    ] as const) {
      expect((await t.call(t.tokens.other, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'GET') {
        const viewer = await t.call(t.tokens.viewer, method, url, body);
        expect(viewer.statusCode, `${method} ${url}`).toBe(403);
        expect(viewer.json().message).toBe(Messages.readOnly);
      }
    }
    expect((await t.call(t.tokens.other, 'GET', '/api/webhooks')).json().items).toEqual([]);
    expect((await t.call(t.tokens.viewer, 'GET', '/api/webhooks')).json().items).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
    const key = await t.call(t.tokens.demo, 'POST', '/api/api-keys', {
      name: 'Hook reader',
      scopes: ['read', 'websites', 'forms', 'documents', 'comments'],
      expiresOn: dayFromToday(10),
    });
    const secret = key.json().secret as string;
    const viaKey = await t.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json().message).toBe(ApiKeyMessages.notForKeys);
    const [row] = await t.rows<{ enabled: boolean }>(
      sql`SELECT enabled FROM webhook_endpoints WHERE id = ${made.id}`,
    );
    expect(row!.enabled).toBe(true);
  });

  it('are changed, disabled and enabled, and removed with their log', async () => {
    const { endpoint: made } = await endpoint();
    const changed = await t.call(t.tokens.demo, 'PATCH', `/api/webhooks/${made.id}`, {
      description: 'Nightly',
      eventTypes: ['comment.created'],
      enabled: false,
    });
    expect(changed.json()).toMatchObject({
      description: 'Nightly',
      eventTypes: ['comment.created'],
      enabled: false,
    });
    const test = await t.call(t.tokens.demo, 'POST', `/api/webhooks/${made.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe(WebhookMessages.disabled);
    expect((await t.call(t.tokens.demo, 'DELETE', `/api/webhooks/${made.id}`)).statusCode).toBe(200);
    expect((await t.call(t.tokens.demo, 'GET', `/api/webhooks/${made.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('private addresses', () => {
  it('are refused when the endpoint is saved, and when it is delivered to, without the test flag', async () => {
    const strict = await setupPortal({
      env: { OUTBOUND_ALLOW_PRIVATE: '0', OUTBOUND_RESOLVE: 'inside.summit.test=10.1.2.3' },
    });
    try {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/latest',
        'https://inside.summit.test/x',
      ]) {
        const res = await strict.call(strict.tokens.demo, 'POST', '/api/webhooks', {
          url,
          eventTypes: ['website.created'],
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(WebhookMessages.urlNotPublic);
      }
      // A name that pointed outside when saved and inside later is refused at delivery.
      const [row] = await strict.rows<{ id: number }>(
        sql`INSERT INTO webhook_endpoints (vendor_id, url, event_types, secret)
            VALUES (${strict.vendors.summit}, 'https://inside.summit.test/x', ARRAY['website.created'], 'whsec_AAAA')
            RETURNING id`,
      );
      const made = await strict.call(strict.tokens.demo, 'POST', '/api/portal/websites', {
        domainName: freshDomain('strict'),
        memberNumber: strict.agents.local[7],
        products: [1],
      });
      expect(made.statusCode).toBe(201);
      await strict.app.ctx.jobs.runNow(WEBHOOK_DELIVER_JOB);
      const [delivery] = await strict.rows<{ state: string; error: string; attempts: number }>(
        sql`SELECT state, error, attempts FROM webhook_deliveries WHERE endpoint_id = ${row!.id}`,
      );
      expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
      expect(delivery!.error).toContain('10.1.2.3');
    } finally {
      await strict.close();
    }
  }, 60_000);
});

describe('delivery', () => {
  beforeEach(removeAll);

  it('sends each event once, signed per Standard Webhooks, with the object as the API answers it', async () => {
    const { endpoint: made, secret } = await endpoint({ eventTypes: ['website.created', 'website.changed'] });
    const before = receivedAt('hooks.summit.test').length;
    const site = await newSite();
    await deliver();
    const got = receivedAt('hooks.summit.test').slice(before);
    expect(got).toHaveLength(1);
    const payload = verified(got[0]!, secret);
    expect(payload.type).toBe('website.created');
    expect(got[0]!.headers['webhook-id']).toBe(payload.id);
    const api = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${site.id}`)).json();
    expect(payload.data.website).toMatchObject({
      rowKey: site.id,
      domainName: site.domain,
      status: api.status,
    });
    expect(payload.data.change).toMatchObject({ kind: 'website.created', by: { username: 'demo' } });
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(secret).verify(`${got[0]!.body} `, got[0]!.headers)).toThrow();
    const [log] = await deliveriesOf(made.id);
    expect(log).toMatchObject({
      state: 'delivered',
      attempts: 1,
      responseStatus: 200,
      eventType: 'website.created',
    });
    const detail = await t.call(t.tokens.demo, 'GET', `/api/webhooks/${made.id}/deliveries/${log!.id}`);
    expect(detail.json()).toMatchObject({ payload: got[0]!.body, responseBody: 'ok' });
    // Nothing more to send: a second run sends nothing again.
    await deliver();
    expect(receivedAt('hooks.summit.test').length).toBe(before + 1);
  });

  it("sends a vendor's events to its own endpoints and the MLS's, never to another vendor's", async () => {
    const summit = await endpoint({ eventTypes: ['website.created'] });
    const harbor = await endpoint(
      { url: 'https://hooks.harbor.test/in', eventTypes: ['website.created'] },
      t.tokens.other,
    );
    const mls = await endpoint(
      { url: 'https://hooks.mls.test/all', eventTypes: ['website.created'] },
      t.tokens.admin,
      '/api/admin/webhooks',
    );
    expect(mls.endpoint.vendorId).toBeNull();
    expect((await t.call(t.tokens.demo, 'GET', '/api/webhooks')).json().items).toHaveLength(1);
    const counts = () => HOSTS.map((h) => receivedAt(h).length);
    const before = counts();
    await newSite();
    await deliver();
    const after = counts();
    expect(after[0]! - before[0]!).toBe(1);
    expect(after[1]! - before[1]!).toBe(0);
    expect(after[2]! - before[2]!).toBe(1);
    const toMls = verified(receivedAt('hooks.mls.test').at(-1)!, mls.secret);
    expect(toMls.type).toBe('website.created');
    expect(summit.endpoint.id).not.toBe(harbor.endpoint.id);
    // The MLS's endpoint is staff's: a vendor cannot reach it.
    expect(
      (await t.call(t.tokens.demo, 'PATCH', `/api/webhooks/${mls.endpoint.id}`, { enabled: false }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(t.tokens.demo, 'GET', `/api/admin/webhooks`)).statusCode).toBe(404);
    const vendorList = await t.call(t.tokens.admin, 'GET', `/api/admin/vendors/${t.vendors.harbor}/webhooks`);
    expect((vendorList.json().items as WebhookEndpoint[]).map((e) => e.id)).toEqual([harbor.endpoint.id]);
  });

  it('raises request and comment events; an internal note is none', async () => {
    const { secret } = await endpoint({
      eventTypes: [
        'request.created',
        'request.withdrawn',
        'website.status_changed',
        'website.activated',
        'comment.created',
      ],
    });
    const [active] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} AND status = 'Active' ORDER BY id LIMIT 1`,
    );
    const term = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${active!.id}/termination`, {
      termDate: dayFromToday(20),
    });
    expect(term.statusCode, term.body).toBe(200);
    const back = await t.call(
      t.tokens.demo,
      'POST',
      `/api/portal/websites/${active!.id}/termination/withdraw`,
    );
    expect(back.statusCode, back.body).toBe(200);
    await t.call(t.tokens.demo, 'POST', `/api/website/${active!.id}/comments`, {
      comment: 'Hello MLS',
      public: true,
    });
    await t.call(
      t.tokens.admin,
      'POST',
      `/api/website/${active!.id}/comments`,
      { comment: 'Staff only', public: false },
      t.vendors.summit,
    );
    const before = receivedAt('hooks.summit.test').length;
    await deliver();
    const got = receivedAt('hooks.summit.test')
      .slice(before)
      .map((r) => verified(r, secret));
    expect(got.map((p) => p.type)).toEqual(
      expect.arrayContaining(['request.created', 'request.withdrawn', 'comment.created']),
    );
    expect(got.filter((p) => p.type === 'comment.created')).toHaveLength(1);
    expect(JSON.stringify(got)).not.toContain('Staff only');
    const created = got.find((p) => p.type === 'request.created')!;
    expect(created.data).toMatchObject({
      websiteId: active!.id,
      change: { kind: 'website.termination_requested' },
    });
  });

  it('is written with its change: a change rolled back sends nothing', async () => {
    await endpoint({ eventTypes: ['website.created'] });
    const [site] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} LIMIT 1`,
    );
    const before = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_events`);
    await expect(
      t.db.transaction(async (tx) => {
        await raiseWebhookEvents(tx, [
          { vendorId: t.vendors.summit, type: 'website.created', subject: { kind: 'website', id: site!.id } },
        ]);
        expect(await tx.execute(sql`SELECT 1 FROM webhook_events`)).toBeTruthy();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_events`);
    expect(after[0]!.n).toBe(before[0]!.n);
    // And a refused write raises nothing either.
    const refused = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
      domainName: 'not a domain',
      memberNumber: t.agents.local[6],
      products: [1],
    });
    expect(refused.statusCode).toBe(400);
    const still = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_events`);
    expect(still[0]!.n).toBe(before[0]!.n);
  });

  it('retries after a 500 and after a receiver that is down, with growing waits, and sends what waited once it is back', async () => {
    const { endpoint: made } = await endpoint({ url: 'https://down.summit.test/in' });
    receiver.answer('down.summit.test', { status: 500, body: 'broken' });
    await newSite();
    await deliver();
    let [d] = await deliveriesOf(made.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 1, responseStatus: 500 });
    const wait1 = new Date(d!.nextAttemptAt!).getTime() - new Date(d!.lastAttemptAt!).getTime();
    expect(wait1).toBeGreaterThanOrEqual(4_000);
    expect(wait1).toBeLessThanOrEqual(6_000);
    receiver.answer('down.summit.test', { cut: true });
    await t.db.execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = ${made.id}`,
    );
    await newSite();
    await deliver();
    const both = await deliveriesOf(made.id);
    expect(both.map((x) => x.state)).toEqual(['pending', 'pending']);
    [d] = both.filter((x) => x.attempts === 2);
    expect(d!.responseStatus).toBeNull();
    expect(d!.error).toBeTruthy();
    const wait2 = new Date(d!.nextAttemptAt!).getTime() - new Date(d!.lastAttemptAt!).getTime();
    expect(wait2).toBeGreaterThan(wait1 * 2);
    const [endpointRow] = (await t.call(t.tokens.demo, 'GET', '/api/webhooks')).json()
      .items as WebhookEndpoint[];
    expect(endpointRow!.failingSince).not.toBeNull();
    // Back: a new event arrives at once, and brings the waiting ones with it.
    receiver.answer('down.summit.test', { status: 204 });
    const before = receivedAt('down.summit.test').length;
    await newSite();
    await deliver();
    await deliver();
    expect(receivedAt('down.summit.test').length - before).toBe(3);
    expect((await deliveriesOf(made.id)).map((x) => x.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    const [back] = (await t.call(t.tokens.demo, 'GET', '/api/webhooks')).json().items as WebhookEndpoint[];
    expect(back).toMatchObject({ failingSince: null, lastDeliveryStatus: 204 });
  });

  it('follows no redirect', async () => {
    const { endpoint: made } = await endpoint();
    receiver.answer('hooks.summit.test', {
      status: 302,
      headers: { location: 'https://hooks.harbor.test/steal' },
    });
    const harborBefore = receivedAt('hooks.harbor.test').length;
    await newSite();
    await deliver();
    const [d] = await deliveriesOf(made.id);
    expect(d!.state).toBe('pending');
    expect(d!.error).toContain('not followed');
    expect(receivedAt('hooks.harbor.test').length).toBe(harborBefore);
  });

  it('gives a delivery up 24 hours after its event', async () => {
    const { endpoint: made } = await endpoint({ url: 'https://down.summit.test/in' });
    receiver.answer('down.summit.test', { status: 503 });
    await newSite();
    await t.db.execute(
      sql`UPDATE webhook_events SET created_at = now() - interval '23 hours 59 minutes 58 seconds'`,
    );
    await deliver();
    const [d] = await deliveriesOf(made.id);
    expect(d).toMatchObject({ state: 'failed', nextAttemptAt: null, responseStatus: 503 });
  });

  it('disables an endpoint failing for three days, and mails the vendor', async () => {
    const { endpoint: made } = await endpoint({ url: 'https://down.summit.test/in' });
    receiver.answer('down.summit.test', { status: 500 });
    await t.db.execute(
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '3 days 1 minute' WHERE id = ${made.id}`,
    );
    await newSite();
    await deliver();
    const [after] = (await t.call(t.tokens.demo, 'GET', '/api/webhooks')).json().items as WebhookEndpoint[];
    expect(after).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for 3 days.' });
    const [dana] = await t.rows<{ email: string }>(sql`SELECT email FROM users WHERE username = 'demo'`);
    const mail = await latestMailTo(t, dana!.email);
    expect(mail?.subject).toBe('A webhook endpoint was disabled');
    expect(mail?.text).toContain('https://down.summit.test/in');
    // Disabled: nothing more is sent until it is enabled again.
    receiver.answer('down.summit.test', { status: 200 });
    const before = receivedAt('down.summit.test').length;
    await t.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now()`);
    await deliver();
    expect(receivedAt('down.summit.test').length).toBe(before);
    const enabled = await t.call(t.tokens.demo, 'PATCH', `/api/webhooks/${made.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await deliver();
    expect(receivedAt('down.summit.test').length).toBe(before + 1);
  });

  it('redelivers with the same event id, and sends a test event on request', async () => {
    const { endpoint: made, secret } = await endpoint();
    await newSite();
    await deliver();
    const [first] = await deliveriesOf(made.id);
    const again = await t.call(
      t.tokens.demo,
      'POST',
      `/api/webhooks/${made.id}/deliveries/${first!.id}/redeliver`,
    );
    expect(again.json()).toMatchObject({ state: 'pending' });
    expect(
      (await t.call(t.tokens.other, 'POST', `/api/webhooks/${made.id}/deliveries/${first!.id}/redeliver`))
        .statusCode,
    ).toBe(404);
    await deliver();
    const ids = receivedAt('hooks.summit.test')
      .slice(-2)
      .map((r) => r.headers['webhook-id']);
    expect(ids[0]).toBe(ids[1]);
    const test = await t.call(t.tokens.demo, 'POST', `/api/webhooks/${made.id}/test`);
    expect(test.statusCode).toBe(200);
    await deliver();
    const last = verified(receivedAt('hooks.summit.test').at(-1)!, secret);
    expect(last.type).toBe('webhook.test');
  });

  it('signs with the old secret too during a rotation’s overlap, and only the new one after', async () => {
    const { endpoint: made, secret: old } = await endpoint();
    const rotated = await t.call(t.tokens.demo, 'POST', `/api/webhooks/${made.id}/rotate-secret`, {
      overlapHours: 24,
    });
    const { secret: next, endpoint: after } = rotated.json() as WebhookWithSecret;
    expect(after.previousSecretUntil).not.toBeNull();
    await newSite();
    await deliver();
    const r = receivedAt('hooks.summit.test').at(-1)!;
    expect(r.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(r, old).type).toBe('website.created');
    expect(verified(r, next).type).toBe('website.created');
    const cut = await t.call(t.tokens.demo, 'POST', `/api/webhooks/${made.id}/rotate-secret`, {
      overlapHours: 0,
    });
    const newest = (cut.json() as WebhookWithSecret).secret;
    await newSite();
    await deliver();
    const r2 = receivedAt('hooks.summit.test').at(-1)!;
    expect(verified(r2, newest).type).toBe('website.created');
    expect(() => verified(r2, next)).toThrow();
    const refused = await t.call(t.tokens.demo, 'POST', `/api/webhooks/${made.id}/rotate-secret`, {
      overlapHours: 169,
    });
    expect(refused.statusCode).toBe(400);
  });
});
