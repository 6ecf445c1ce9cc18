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

describe('a line that stands', () => {
  it('sheds when even the quickest request of the last second waited longer than the limit', () => {
    let now = 10_000;
    const load = new RequestLoad(() => now);
    // A slow server: 20 under way, 5 a second finished, each after 4 s in the line.
    const starts = Array.from({ length: 20 }, () => load.started());
    now += 4_000;
    for (const at of starts.slice(0, 5)) load.finished(at);
    expect(load.expectedWaitMs()).toBeLessThan(SHED_AFTER_MS);
    expect(load.standingMs()).toBe(4_000);
    expect(load.overloaded(SHED_AFTER_MS)).toBe(true);
    // Once the line has drained, a newcomer is served at once, however long the last ones waited.
    for (const at of starts.slice(5)) load.finished(at);
    expect(load.standingMs()).toBe(4_000);
    expect(load.overloaded(SHED_AFTER_MS)).toBe(false);
    // A second later, with nothing finished in it, there is nothing to tell: no shedding.
    now += 1_000;
    expect(load.standingMs()).toBe(0);
    expect(load.overloaded(SHED_AFTER_MS)).toBe(false);
  });

  it('is not seen in a long export among quick requests, nor in too few requests to tell', () => {
    let now = 10_000;
    const load = new RequestLoad(() => now);
    const exportAt = load.started();
    const quick = Array.from({ length: 6 }, () => load.started());
    now += 30;
    for (const at of quick) load.finished(at);
    now += 9_000;
    load.finished(exportAt);
    expect(load.standingMs()).toBe(0);
    const slow = Array.from({ length: 4 }, () => load.started());
    now += 5_000;
    for (const at of slow) load.finished(at);
    expect(load.standingMs()).toBe(0);
    expect(load.overloaded(SHED_AFTER_MS)).toBe(false);
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
