import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, usePostgres, type TestContext } from '../../test/helper.ts';
import { openLive, quietFor, subscribeLive } from '../../test/live-client.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { buildApp } from '../app.ts';
import { rowsOf } from '../db/sql.ts';
import type { LocalBus } from './events.ts';
import { JOBS_SCHEMA, type JobRunner, type JobTiming } from './jobs.ts';
import { MAIL_JOB } from './mail.ts';

/**
 * Two instances of the app on one database, as behind a load balancer, each with its own job
 * runner on pg-boss and (on PostgreSQL) its own LISTEN/NOTIFY connection. On the embedded
 * database they share the first instance's in-process bus.
 */
const TIMING: JobTiming = { pollSeconds: 0.5, cronCheckSeconds: 1 };
const PROBE = 'test.probe';

let smtp: TestSmtp;
let t: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let baseB: string;
/** Each run of the scheduled probe: when (ms). */
const probeRuns: number[] = [];
const defineProbe = (jobs: JobRunner) =>
  jobs.define(
    PROBE,
    async () => {
      probeRuns.push(Date.now());
    },
    { cron: '* * * * *' },
  );

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setup({
    env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0' },
    realJobs: TIMING,
    extend: (app) => defineProbe(app.ctx.jobs),
  });
  a = t.app;
  b = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    jobTiming: TIMING,
    ...(usePostgres ? {} : { bus: a.ctx.bus }),
  });
  defineProbe(b.ctx.jobs);
  await b.listen({ port: 0, host: '127.0.0.1' });
  baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
}, 90_000);
afterAll(async () => {
  await b.close();
  await t.close();
  await smtp.stop();
});

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const vendorIds = async () => {
  const rows = await rowsOf<{ id: number; code: string }>(t.db, sql`SELECT id, code FROM vendors`);
  return { summit: rows.find((r) => r.code === 'SWS')!.id, harbor: rows.find((r) => r.code === 'HIC')!.id };
};
const event: LiveEvent = {
  type: 'comment',
  context: 'website',
  siteId: 1,
  username: 'demo',
  action: 'update',
};

describe('two instances on one database', () => {
  it('a comment posted through A reaches a socket on B, and no one else', async () => {
    const v = await vendorIds();
    const [demo, viewer, other] = await Promise.all([t.login('demo'), t.login('viewer'), t.login('other')]);
    const [site] = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM websites WHERE vendor_id = ${v.summit} ORDER BY id LIMIT 1`,
    );
    const onB = await subscribeLive(baseB, viewer, v.summit);
    const otherOnB = await subscribeLive(baseB, other, v.harbor);
    const anonymous = await openLive(baseB);
    const posted = await a.inject({
      method: 'POST',
      url: `/api/website/${site!.id}/comments`,
      headers: t.auth(demo),
      payload: { comment: 'Across instances' },
    });
    expect(posted.statusCode).toBe(201);
    const received = [await onB.nextEvent(), await onB.nextEvent()];
    expect(received).toEqual(
      expect.arrayContaining([
        { type: 'comment', context: 'website', siteId: site!.id, username: 'demo', action: 'update' },
        expect.objectContaining({ type: 'notification', username: 'demo' }),
      ]),
    );
    expect(await quietFor(otherOnB)).toBe(true);
    expect(otherOnB.events).toEqual([]);
    expect(anonymous.texts).toEqual([]);
    for (const c of [onB, otherOnB, anonymous]) c.close();
  });

  it('a logout through A closes the session’s socket on B', async () => {
    const v = await vendorIds();
    const token = await t.login('demo');
    const onB = await subscribeLive(baseB, token, v.summit);
    expect((await a.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token) })).statusCode).toBe(
      200,
    );
    expect((await onB.closed).code).toBe(1011);
  });

  it('a suspension and a deactivation by MLS staff through A close the sockets on B', async () => {
    const v = await vendorIds();
    const admin = t.auth(await t.login('admin'));
    const [other] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM users WHERE username = 'other'`);

    const suspended = await subscribeLive(baseB, await t.login('other'), v.harbor);
    const suspend = await a.inject({
      method: 'POST',
      url: `/api/admin/vendors/${v.harbor}/suspend`,
      headers: admin,
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect((await suspended.closed).code).toBe(1011);
    await a.inject({ method: 'POST', url: `/api/admin/vendors/${v.harbor}/reinstate`, headers: admin });

    const deactivated = await subscribeLive(baseB, await t.login('other'), v.harbor);
    const off = await a.inject({
      method: 'POST',
      url: `/api/admin/users/${other!.id}/deactivate`,
      headers: admin,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await deactivated.closed).code).toBe(1011);
    await a.inject({ method: 'POST', url: `/api/admin/users/${other!.id}/reactivate`, headers: admin });
  });

  it('B recovers from losing its listening connection: its sockets are told to catch up, and events flow again', async () => {
    const v = await vendorIds();
    const demo = await t.login('demo');
    const before = await subscribeLive(baseB, demo, v.summit);
    if (usePostgres && t.database.kind === 'postgres') {
      const pid = (b.ctx.bus as unknown as { listenerPid: number | null }).listenerPid;
      expect(pid).toBeTypeOf('number');
      await t.database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    } else {
      // The embedded database has one in-process bus and no connection to lose: announce the gap.
      (b.ctx.bus as LocalBus).announceGap();
    }
    expect((await before.closed).code).toBe(1012);
    // The client comes back (after its reconnect delay) and refetches; events reach it again.
    let after: Awaited<ReturnType<typeof subscribeLive>> | null = null;
    await eventually(async () => {
      const client = await subscribeLive(baseB, demo, v.summit);
      await a.ctx.live.publish({ vendorId: v.summit }, event);
      const got = await client.nextEvent(500).then(
        () => true,
        () => false,
      );
      if (got) after = client;
      else client.close();
      return got;
    }, 15_000);
    expect(after).not.toBeNull();
    after!.close();
  }, 30_000);

  it('runs a scheduled job once per tick, not once per instance', async () => {
    await eventually(() => probeRuns.length > 0, 20_000);
    // Both instances look at the schedule every second; a run per instance would show within a few.
    await new Promise((r) => setTimeout(r, 5_000));
    // Each tick (a minute's slot) is sent once, whichever instance saw it first; the probe ran once
    // per tick sent. (A tick sent at the end of a minute may run in the next, so wall-clock minutes
    // alone cannot tell a late run from a second one.)
    const ticks = await rowsOf<{ sent: number; slots: number }>(
      t.db,
      sql`SELECT count(*)::int AS sent, count(DISTINCT singleton_on)::int AS slots
        FROM ${sql.raw(JOBS_SCHEMA)}.job WHERE name = '__pgboss__send-it' AND singleton_key = ${PROBE}`,
    );
    expect(ticks[0]!.sent).toBe(ticks[0]!.slots);
    await eventually(async () => {
      const [done] = await rowsOf<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM ${sql.raw(JOBS_SCHEMA)}.job WHERE name = ${PROBE} AND state = 'completed'`,
      );
      return done!.n === probeRuns.length;
    }, 5_000);
    expect(probeRuns.length).toBeLessThanOrEqual(ticks[0]!.slots);
  }, 30_000);

  it('sends the largest live message well under the 8,000 bytes a notification may carry', async () => {
    const v = await vendorIds();
    const demo = await t.login('demo');
    const [user] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM users WHERE username = 'demo'`);
    const onB = await subscribeLive(baseB, demo, v.summit);
    const published: number[] = [];
    const off = a.ctx.bus.subscribe('live.event', (p) => {
      published.push(
        JSON.stringify({ origin: crypto.randomUUID(), channel: 'live.event', payload: p }).length,
      );
    });
    // A thousand recipients with the largest ids, the demo user last, and the longest username.
    const userIds = [...Array.from({ length: 999 }, (_, i) => 2_147_483_647 - i), user!.id];
    const longest: LiveEvent = {
      ...event,
      siteId: 2_147_483_647,
      username: 'u'.repeat(100),
      tab: 't'.repeat(40),
    };
    await a.ctx.live.publish({ vendorId: v.summit, userIds, staffOnly: false }, longest);
    off();
    expect(await onB.nextEvent()).toEqual(longest);
    expect(published.length).toBeGreaterThan(1);
    expect(Math.max(...published)).toBeLessThan(4_500);
    onB.close();
  });

  it('delivers a mail once though both instances deliver', async () => {
    const before = smtp.received.length;
    await a.ctx.mailer.send({ to: 'once@vendor.test', subject: 'Once', text: 'Body' });
    await Promise.all([
      a.ctx.jobs.runNow(MAIL_JOB),
      b.ctx.jobs.runNow(MAIL_JOB),
      b.ctx.jobs.runNow(MAIL_JOB),
    ]);
    await smtp.waitFor(before + 1);
    // The nudge and the schedules run too; give them time to find nothing.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(smtp.received.filter((m) => m.to.includes('once@vendor.test'))).toHaveLength(1);
  });
});

describe('a job whose instance dies mid-run', () => {
  it('is retried on another instance, and its effect happens once', async () => {
    const CRASHY = 'test.crashy';
    /** Which instance took each try; the first try never finishes (its instance is killed). */
    const tries: string[] = [];
    await t.db.execute(sql`CREATE TABLE IF NOT EXISTS test_effects (key text PRIMARY KEY, by text NOT NULL)`);
    const timing: JobTiming = { ...TIMING, maintenanceSeconds: 1 };
    const instance = async (name: string) => {
      const app = await buildApp({
        config: t.config,
        database: t.database,
        logger: false,
        jobTiming: timing,
        ...(usePostgres ? {} : { bus: a.ctx.bus }),
      });
      app.ctx.jobs.define(
        CRASHY,
        async (data) => {
          tries.push(name);
          // The first try stops here, as if its process had been killed mid-job.
          if (tries.length === 1) await new Promise(() => undefined);
          // Idempotent: the effect is keyed by the job's own key.
          await app.ctx.db.execute(
            sql`INSERT INTO test_effects (key, by) VALUES (${String(data.key)}, ${name}) ON CONFLICT DO NOTHING`,
          );
        },
        { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 2 },
      );
      await app.ready();
      return app;
    };
    const apps = { c: await instance('c'), d: await instance('d') };
    await apps.c.ctx.jobs.send(CRASHY, { key: 'k1' });
    await eventually(() => tries.length === 1, 15_000);
    const dead = tries[0] as 'c' | 'd';
    const alive = dead === 'c' ? 'd' : 'c';
    // Killed: its runner stops without waiting for the hung try, and the app goes.
    await Promise.race([apps[dead].close(), new Promise((r) => setTimeout(r, 6_000))]);
    await eventually(async () => {
      const rows = await rowsOf<{ by: string }>(t.db, sql`SELECT by FROM test_effects WHERE key = 'k1'`);
      return rows.length === 1;
    }, 40_000);
    const rows = await rowsOf<{ by: string }>(t.db, sql`SELECT by FROM test_effects WHERE key = 'k1'`);
    expect(rows).toEqual([{ by: alive }]);
    expect(tries).toEqual([dead, alive]);
    await apps[alive].close();
    await t.db.execute(sql`DROP TABLE test_effects`);
  }, 90_000);
});
