import { ErrorCodes } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { setup, usePostgres, type TestContext } from '../../test/helper.ts';
import { createLocalBus, createPostgresBus, type EventBus } from './events.ts';

/**
 * Two app instances on one database, as behind a load balancer. On PostgreSQL each has its own
 * LISTEN/NOTIFY bus; on the embedded database they share the in-process bus of the first.
 */
let t: TestContext;
let second: FastifyInstance;
beforeAll(async () => {
  t = await setup();
  second = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    ...(usePostgres ? {} : { bus: t.app.ctx.bus }),
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('several instances', () => {
  it('a logout on one instance ends the session cached by another', async () => {
    const token = await t.login('demo');
    const onSecond = () => second.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect((await onSecond()).statusCode).toBe(200);

    await t.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token) });
    const ended = await eventually(async () => (await onSecond()).json().code === ErrorCodes.invalidToken);
    expect(ended).toBe(true);
  });

  it('a profile change on one instance shows on the other', async () => {
    const token = await t.login('other');
    const onSecond = () => second.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect((await onSecond()).json().firstName).toBe('Owen');
    await t.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: t.auth(token),
      payload: { email: 'owen.park@harboridx.example', firstName: 'Owena', lastName: 'Park' },
    });
    expect(await eventually(async () => (await onSecond()).json().firstName === 'Owena')).toBe(true);
  });
});

describe('a burst of events', () => {
  /** Two buses on the test database: two instances on PostgreSQL, one process on the embedded one. */
  async function twoBuses(): Promise<[EventBus, EventBus]> {
    const { database } = t;
    if (database.kind !== 'postgres') {
      const bus = createLocalBus();
      return [bus, bus];
    }
    return [
      await createPostgresBus(database.url, database.pool, t.app.log),
      await createPostgresBus(database.url, database.pool, t.app.log),
    ];
  }

  it('reaches the other instance whole and in order, in a few NOTIFYs, identical events included', async () => {
    const [a, b] = await twoBuses();
    const got: number[] = [];
    const off = b.subscribe('vendor.changed', ({ vendorId }) => got.push(vendorId));
    const notifies = t.database.kind === 'postgres' ? vi.spyOn(t.database.pool, 'query') : null;
    try {
      // 300 distinct events, then 1,000 identical ones: several NOTIFY payloads of each.
      const ids = [...Array.from({ length: 300 }, (_v, i) => i + 1), ...Array<number>(1000).fill(7)];
      await Promise.all(ids.map((vendorId) => a.publish('vendor.changed', { vendorId })));
      expect(await eventually(async () => got.length >= ids.length)).toBe(true);
      expect(got).toEqual(ids);
      if (notifies) {
        const sent = notifies.mock.calls.filter(([text]) => String(text).includes('pg_notify'));
        // The first event goes at once; the 1,299 published meanwhile go together in one statement.
        expect(sent).toHaveLength(2);
      }
    } finally {
      notifies?.mockRestore();
      off();
      if (a !== b) await Promise.all([a.close(), b.close()]);
    }
  });
});
