import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';
import { rowsOf } from '../db/sql.ts';
import { JOBS_SCHEMA } from './jobs.ts';

/** The job runner on pg-boss, on whichever database the suite runs (the embedded one included). */
const attempts: Record<string, number> = {};
let t: TestContext;
beforeAll(async () => {
  t = await setup({
    realJobs: { pollSeconds: 0.5, cronCheckSeconds: 1 },
    extend: (app) => {
      app.ctx.jobs.define(
        'test.flaky',
        async (data) => {
          const key = String(data.key);
          attempts[key] = (attempts[key] ?? 0) + 1;
          // Fails twice, then succeeds: retried with backoff until it does.
          if (attempts[key] < 3) throw new Error(`not yet (${attempts[key]})`);
        },
        { retryLimit: 3, retryDelaySeconds: 1 },
      );
      app.ctx.jobs.define(
        'test.broken',
        async () => {
          throw new Error('the sweep could not reach the bucket');
        },
        { retryLimit: 1, retryDelaySeconds: 1 },
      );
    },
  });
});
afterAll(() => t.close());

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const jobRows = (name: string) =>
  rowsOf<{ state: string; retry_count: number; output: { message?: string } | null }>(
    t.db,
    sql`SELECT state, retry_count, output FROM ${sql.raw(JOBS_SCHEMA)}.job WHERE name = ${name}`,
  );

describe('jobs', () => {
  it('retries a failing job with backoff until it succeeds', async () => {
    await t.app.ctx.jobs.send('test.flaky', { key: 'a' });
    const rows = await eventually(
      () => jobRows('test.flaky'),
      (r) => r[0]?.state === 'completed',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'completed', retry_count: 2 });
    expect(attempts.a).toBe(3);
  }, 30_000);

  it('records a job that fails for good, with its error', async () => {
    await t.app.ctx.jobs.send('test.broken');
    const rows = await eventually(
      () => jobRows('test.broken'),
      (r) => r[0]?.state === 'failed',
    );
    expect(rows[0]?.state).toBe('failed');
    expect(rows[0]?.output?.message).toBe('the sweep could not reach the bucket');
  }, 30_000);

  it('schedules the product’s own jobs', async () => {
    const schedules = await rowsOf<{ name: string; cron: string }>(
      t.db,
      sql`SELECT name, cron FROM ${sql.raw(JOBS_SCHEMA)}.schedule ORDER BY name`,
    );
    expect(schedules).toEqual(
      expect.arrayContaining([
        { name: 'mail.deliver', cron: '* * * * *' },
        { name: 'limits.purge', cron: '*/10 * * * *' },
        { name: 'notifications.digest', cron: '* * * * *' },
        { name: 'documents.orphan-sweep', cron: '7 * * * *' },
        { name: 'notifications.purge', cron: '41 3 * * *' },
        { name: 'sessions.purge', cron: '23 3 * * *' },
      ]),
    );
  });
});
