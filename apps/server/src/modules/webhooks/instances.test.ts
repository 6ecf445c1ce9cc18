import type { WebhookWithSecret } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { usePostgres } from '../../../test/helper.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { buildApp } from '../../app.ts';
import { freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * Two instances on one database, each delivering on its own (polling every 50 ms and woken by its
 * own changes): every event reaches its endpoint once, whichever instance raised or claimed it.
 */

let receiver: WebhookReceiver;
let t: PortalTest;
let b: FastifyInstance;

beforeAll(async () => {
  receiver = await startWebhookReceiver(['hooks.twin.test']);
  t = await setupPortal({ env: { ...receiver.env, WEBHOOK_POLL_MS: '50' } });
  b = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    ...(usePostgres ? {} : { bus: t.app.ctx.bus }),
  });
  await b.ready();
}, 90_000);
afterAll(async () => {
  await b?.close();
  await t?.close();
  await receiver?.close();
});

it('deliver each event once, by its id, across two instances', async () => {
  const made = await t.call(t.tokens.demo, 'POST', '/api/webhooks', {
    url: 'https://hooks.twin.test/in',
    eventTypes: ['website.created'],
  });
  expect(made.statusCode).toBe(201);
  const { secret } = made.json() as WebhookWithSecret;
  expect(secret).toBeTruthy();
  const SITES = 40;
  const headers = t.auth(t.tokens.demo);
  const results = await Promise.all(
    Array.from({ length: SITES }, (_, i) =>
      (i % 2 === 0 ? t.app : b).inject({
        method: 'POST',
        url: '/api/portal/websites',
        headers,
        payload: { domainName: freshDomain('twin'), memberNumber: t.agents.local[i % 20], products: [1] },
      }),
    ),
  );
  for (const r of results) expect(r.statusCode, r.body).toBe(201);
  const until = Date.now() + 30_000;
  for (;;) {
    const [left] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state <> 'delivered'`,
    );
    if (left!.n === 0 && receiver.received.length >= SITES) break;
    if (Date.now() > until) throw new Error(`not delivered in time: ${left!.n} left`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // A moment more: a second delivery of anything would arrive now.
  await new Promise((r) => setTimeout(r, 300));
  const ids = receiver.received.map((r) => r.headers['webhook-id']);
  expect(ids).toHaveLength(SITES);
  expect(new Set(ids).size).toBe(SITES);
  const [attempts] = await t.rows<{ n: number }>(sql`SELECT sum(attempts)::int AS n FROM webhook_deliveries`);
  expect(attempts!.n).toBe(SITES);
}, 60_000);
