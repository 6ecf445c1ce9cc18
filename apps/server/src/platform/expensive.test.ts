import net from 'node:net';
import { Messages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setup, usePostgres, type TestContext } from '../../test/helper.ts';
import { withCancel } from '../db/client.ts';
import { EXPENSIVE_PER_USER } from './expensive.ts';

/** One user's parallel expensive requests are bounded; other users keep their share. */

const PROBE = '/api/test-probe/expensive';
const WORK_PROBE = '/api/test-probe/expensive-work';
let t: TestContext;
let port = 0;
let release: () => void = () => undefined;
let gate = Promise.resolve();
let worked = 0;
/** Handlers of PROBE running now: each holds a place. */
let entered = 0;

beforeAll(async () => {
  t = await setup({
    extend(app) {
      app.get(PROBE, { config: { access: 'vendor-read', expensive: true } }, async () => {
        entered += 1;
        try {
          await gate;
        } finally {
          entered -= 1;
        }
        return { ok: true };
      });
      // Its database work waits for the gate inside its turn.
      app.get(WORK_PROBE, { config: { access: 'vendor-read', expensive: true } }, async (request) =>
        request.work(async () => {
          worked += 1;
          await gate;
          return { ok: true };
        }),
      );
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});

/**
 * A real HTTP request whose client closes the connection once `leave` resolves (by default
 * `afterMs` after sending it).
 */
function abandoned(url: string, token: string, afterMs = 150, leave?: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      socket.write(`GET ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      void (leave ?? new Promise((r) => setTimeout(r, afterMs))).then(() => socket.destroy());
    });
    socket.once('close', () => resolve());
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

it('keeps an abandoned request’s place until its work has ended, not until its client left', async () => {
  const demo = (await t.login('demo'))!;
  gate = new Promise((resolve) => (release = resolve));
  // The clients leave once every request is being worked on (each has taken its place).
  const working = until(() => entered === EXPENSIVE_PER_USER);
  await Promise.all(Array.from({ length: EXPENSIVE_PER_USER }, () => abandoned(PROBE, demo, 0, working)));
  // Every client has gone; their handlers still run, so their places are still taken.
  const refused = await t.inject({ method: 'GET', url: PROBE, headers: t.auth(demo) });
  expect(refused.statusCode).toBe(429);
  release();
  // Their work ends, and their places come back (on PostgreSQL a row is deleted as each ends).
  await until(() => entered === 0);
  let after = 429;
  for (let i = 0; i < 50 && after === 429; i++) {
    after = (await t.inject({ method: 'GET', url: PROBE, headers: t.auth(demo) })).statusCode;
    if (after === 429) await new Promise((r) => setTimeout(r, 20));
  }
  expect(after).toBe(200);
});

it('does not run the database work of a request abandoned while it waited for its turn', async () => {
  const demo = (await t.login('demo'))!;
  gate = new Promise((resolve) => (release = resolve));
  worked = 0;
  // The first holds the user's turn; the second waits behind it and is given up.
  const first = t.inject({ method: 'GET', url: WORK_PROBE, headers: t.auth(demo) });
  await new Promise((r) => setTimeout(r, 100));
  await abandoned(WORK_PROBE, demo, 100);
  // The server hears of the closed connection a moment after the client gave up.
  await new Promise((r) => setTimeout(r, 100));
  release();
  expect((await first).statusCode).toBe(200);
  await new Promise((r) => setTimeout(r, 100));
  expect(worked).toBe(1);
});

it('cancels the statement of an abandoned request', async () => {
  const ac = new AbortController();
  if (usePostgres) {
    // PostgreSQL cancels it on the server: a 30 s statement ends as soon as the request is given up.
    const started = Date.now();
    const running = withCancel(t.database, ac.signal, (db) => db.execute(sql`SELECT pg_sleep(30)`));
    setTimeout(() => ac.abort(), 200);
    const err = (await running.then(
      () => null,
      (e: unknown) => e,
    )) as { message: string; cause?: { code?: string } } | null;
    // 57014: query_canceled (drizzle wraps the driver's error as its cause).
    expect(err?.cause?.code).toBe('57014');
    expect(Date.now() - started).toBeLessThan(10_000);
  } else {
    // The embedded database cannot interrupt a statement: the next one is not run.
    ac.abort();
    let ran = false;
    await expect(withCancel(t.database, ac.signal, async () => void (ran = true))).rejects.toThrow();
    expect(ran).toBe(false);
  }
});
afterAll(async () => t?.close());

it('answers 429 beyond the limit at once, counts only running requests, and per user', async () => {
  const [demo, other] = await Promise.all([t.login('demo'), t.login('other')]);
  gate = new Promise((resolve) => (release = resolve));
  const call = (token: string) => t.inject({ method: 'GET', url: PROBE, headers: t.auth(token) });

  const held = Array.from({ length: EXPENSIVE_PER_USER }, () => call(demo!));
  // Let the held requests reach their handler before the next arrives.
  await new Promise((r) => setTimeout(r, 200));
  const refused = await call(demo!);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ code: 429, message: Messages.tooManyAtOnce });

  const otherUser = call(other!);
  release();
  expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual(Array(EXPENSIVE_PER_USER).fill(200));
  expect((await otherUser).statusCode).toBe(200);
  // Finished requests give their places back.
  expect((await call(demo!)).statusCode).toBe(200);
});

it('counts the websites list, the export and the agent searches among them', async () => {
  const demo = await t.login('demo');
  gate = new Promise((resolve) => (release = resolve));
  const held = Array.from({ length: EXPENSIVE_PER_USER }, () =>
    t.inject({ method: 'GET', url: PROBE, headers: t.auth(demo!) }),
  );
  await new Promise((r) => setTimeout(r, 200));
  for (const url of [
    '/api/portal/websites',
    '/api/portal/websites/export',
    '/api/searchagent/smith',
    '/api/searchrecipagent/smith',
  ]) {
    const res = await t.inject({ method: 'GET', url, headers: t.auth(demo!) });
    expect(res.statusCode, url).toBe(429);
  }
  release();
  await Promise.all(held);
  expect(
    (await t.inject({ method: 'GET', url: '/api/portal/websites', headers: t.auth(demo!) })).statusCode,
  ).toBe(200);
});
