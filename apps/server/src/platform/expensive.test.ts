import { Messages } from '@vp/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';
import { EXPENSIVE_PER_USER } from './expensive.ts';

/** One user's parallel expensive requests are bounded; other users keep their share. */

const PROBE = '/api/test-probe/expensive';
let t: TestContext;
let release: () => void = () => undefined;
let gate = Promise.resolve();

beforeAll(async () => {
  t = await setup({
    extend(app) {
      app.get(PROBE, { config: { access: 'vendor-read', expensive: true } }, async () => {
        await gate;
        return { ok: true };
      });
    },
  });
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
