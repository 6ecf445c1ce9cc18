import Fastify from 'fastify';
import { Messages } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, usePostgres, type TestContext } from '../../test/helper.ts';
import { EXPENSIVE_COST, registerEdgeBudget, TokenBuckets } from './edge-budget.ts';

/**
 * Each session and each client address has a budget of requests, drawn before any other work; a
 * flood is answered 429 with the wait, and nobody else is held by it.
 */

describe('a token bucket', () => {
  it('lets a burst through, then one request per share of a second, and says how long to wait', () => {
    const buckets = new TokenBuckets(2, 3);
    const at = 1_000;
    expect([buckets.take('k', at), buckets.take('k', at), buckets.take('k', at)]).toEqual([0, 0, 0]);
    expect(buckets.take('k', at)).toBeCloseTo(0.5);
    // Half a second later one token is back, and only one.
    expect(buckets.take('k', at + 500)).toBe(0);
    expect(buckets.take('k', at + 500)).toBeGreaterThan(0);
    expect(buckets.take('other', at + 500)).toBe(0);
  });
});

describe('the budgets of a running server', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setup({
      env: {
        USER_REQUESTS_PER_SECOND: '0.5',
        USER_REQUEST_BURST: '5',
        ADDRESS_REQUESTS_PER_SECOND: '0.5',
        ADDRESS_REQUEST_BURST: '8',
      },
    });
  });
  afterAll(async () => t?.close());

  const profile = (token: string, remoteAddress = '127.0.0.1') =>
    t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token), remoteAddress });

  it("refuse a session's flood with 429 and Retry-After, and hold no other session", async () => {
    const flooding = await t.login('demo');
    const calm = await t.login('viewer');
    const answers = await Promise.all(Array.from({ length: 12 }, () => profile(flooding)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.json()).toEqual({ code: 429, message: Messages.tooManyRequests });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await profile(calm)).statusCode).toBe(200);
    // The health check is never refused.
    const health = await t.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('charge a request that reads much (a list page) several requests of the budget', async () => {
    const token = await t.login('other');
    const page = () =>
      t.inject({ method: 'GET', url: '/api/portal/websites?page=1&pageSize=10', headers: t.auth(token) });
    // A burst of five: one list page spends it all.
    expect(EXPENSIVE_COST).toBe(5);
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(429);
  });

  it('refuse an address that floods, counting an IPv6 /64 as one address, and no other', async () => {
    const anonymous = (remoteAddress: string) =>
      t.inject({
        method: 'POST',
        url: '/api/login/code/account',
        payload: { code: 'x'.repeat(43) },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await anonymous(`2001:db8:40:1::${i}`)).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429, 429, 429]);
    expect((await anonymous('2001:db8:40:2::1')).statusCode).toBe(400);
    expect((await anonymous('10.40.0.1')).statusCode).toBe(400);
  });
});

describe('budgets across instances', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(async () => t?.close());

  it("add up every instance's requests for a key within the minute (PostgreSQL; the embedded database has one process)", async () => {
    const options = { userRate: 0.1, userBurst: 12, addressRate: 1000, addressBurst: 1000 };
    const instances = [Fastify(), Fastify()];
    const budgets = instances.map((app) => {
      const budget = registerEdgeBudget(app, t.database, options);
      app.get('/api/probe', async () => ({ ok: true }));
      return budget;
    });
    try {
      const call = (i: number) =>
        instances[i]!.inject({
          method: 'GET',
          url: '/api/probe',
          headers: { authorization: 'Bearer shared-token' },
        });
      // Each instance alone allows a burst of twelve; together they spend twenty, more than the
      // minute's share of eighteen (a minute at 0.1 a second, plus the burst).
      for (let i = 0; i < 10; i++) for (const n of [0, 1]) expect((await call(n)).statusCode).toBe(200);
      await budgets[0]!.flush();
      await budgets[1]!.flush();
      const refused = usePostgres ? 429 : 200;
      expect((await call(1)).statusCode).toBe(refused);
      // The other instance learns it with its next count, within a second.
      expect((await call(0)).statusCode).toBe(200);
      await budgets[0]!.flush();
      expect((await call(0)).statusCode).toBe(refused);
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }
  });
});
