import type { IssuedApiKey, WebhookWithSecret } from '@vp/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { agentsWithBrokers, formSignedByAll } from '../signatures/test-fixture.ts';
import {
  dayFromToday,
  freshDomain,
  saveSite,
  setupPortal,
  type PortalTest,
} from '../websites/test-fixture.ts';
import { WEBHOOK_DELIVER_JOB } from './index.ts';

/**
 * A vendor's day scripted with an API key and the API alone: list its sites, create one, change
 * it, send its Site Access Form and follow it to the end, while its endpoint hears of each step,
 * signed. The key's calls are the same as a signed-in user's; the key is all it holds.
 */

let receiver: WebhookReceiver;
let t: PortalTest;
beforeAll(async () => {
  receiver = await startWebhookReceiver(['systems.summit.test']);
  t = await setupPortal({ env: receiver.env });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

it('lists, creates, changes, sends and follows the form, and hears of each step', async () => {
  const hook = await t.call(t.tokens.demo, 'POST', '/api/webhooks', {
    url: 'https://systems.summit.test/events',
    eventTypes: ['website.created', 'website.changed', 'saf.sent', 'saf.signed', 'saf.completed'],
  });
  const { secret: hookSecret } = hook.json() as WebhookWithSecret;
  const made = await t.call(t.tokens.demo, 'POST', '/api/api-keys', {
    name: 'Day script',
    scopes: ['read', 'websites', 'forms'],
    expiresOn: dayFromToday(30),
  });
  const { secret: key } = made.json() as IssuedApiKey;
  // From here on, only the key.
  const asKey = { ...t, tokens: { ...t.tokens, demo: key } };

  const list = await t.call(key, 'GET', '/api/portal/websites?pageSize=5');
  expect(list.statusCode).toBe(200);
  expect(list.json().total).toBeGreaterThan(0);

  const [withBroker] = await agentsWithBrokers(t, 1);
  const agent = withBroker!.agent;
  const created = await t.call(key, 'POST', '/api/portal/websites', {
    domainName: freshDomain('day'),
    memberNumber: agent,
    products: [1],
  });
  expect(created.statusCode, created.body).toBe(201);
  const siteId = created.json().id as number;

  const changed = await saveSite(asKey, siteId, { dba: 'Lakeside Living' }, key);
  expect(changed.statusCode, changed.body).toBe(200);

  const documentId = await formSignedByAll(asKey, siteId);
  const status = await t.call(key, 'GET', `/api/document/${documentId}/signatures/status`);
  expect(status.statusCode).toBe(200);
  expect(JSON.stringify(status.json())).toMatch(/completed|signed/i);

  await t.app.ctx.jobs.runNow(WEBHOOK_DELIVER_JOB);
  const events = receiver.received.map(
    (r) => new Webhook(hookSecret).verify(r.body, r.headers) as { type: string; data: { websiteId: number } },
  );
  const types = events.filter((e) => e.data.websiteId === siteId).map((e) => e.type);
  expect(types).toEqual(
    expect.arrayContaining(['website.created', 'website.changed', 'saf.sent', 'saf.signed', 'saf.completed']),
  );
  expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(receiver.received.length);
});
