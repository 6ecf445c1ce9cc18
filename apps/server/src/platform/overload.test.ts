import { Messages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';
import { MIN_RATE, RequestLoad, SHED_AFTER_MS } from './overload.ts';

/**
 * When more requests are under way than the server can finish in a few seconds, a new API request
 * is answered 503 with Retry-After at once instead of joining the line; health still answers, and
 * once the line has drained nothing is shed.
 */

describe('the load estimate', () => {
  it('is what is under way over the rate finished lately, never below the floor rate', () => {
    let now = 10_000;
    const load = new RequestLoad(() => now);
    for (let i = 0; i < 400; i++) load.started();
    expect(load.rate()).toBe(MIN_RATE);
    expect(load.expectedWaitMs()).toBe(4_000);
    // 400 finished within a second: 100 a second over the four-second window, and 0 under way.
    for (let i = 0; i < 400; i++) {
      now += 2;
      load.finished();
    }
    expect(load.underWay).toBe(0);
    expect(load.rate()).toBe(100);
    // The window moves on: old completions stop counting.
    now += 10_000;
    expect(load.rate()).toBe(MIN_RATE);
  });
});

describe('a server under more load than it can serve', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setup({
      extend(app) {
        // Work of a known length for each request.
        app.get('/api/test-probe/slow', { config: { access: 'public' } }, async () => {
          await app.ctx.db.execute(sql`SELECT pg_sleep(0.01)`);
          return { ok: true };
        });
      },
    });
  });
  afterAll(async () => t?.close());

  it('sheds new requests with 503 and Retry-After, serves those under way, and then serves again', async () => {
    const many = Math.ceil((MIN_RATE * SHED_AFTER_MS) / 1000) * 2;
    const answers = await Promise.all(
      Array.from({ length: many }, () => t.inject({ method: 'GET', url: '/api/test-probe/slow' })),
    );
    const shed = answers.filter((a) => a.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed[0]!.json()).toEqual({ code: 503, message: Messages.serverBusy });
    expect(shed[0]!.headers['retry-after']).toBe('2');
    expect(answers.filter((a) => a.statusCode !== 503).every((a) => a.statusCode === 200)).toBe(true);
    // Once drained, nothing is shed; the health check never is.
    expect((await t.inject({ method: 'GET', url: '/api/test-probe/slow' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);
});
