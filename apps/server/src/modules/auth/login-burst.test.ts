import { Messages } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, setup, type TestContext } from '../../../test/helper.ts';
import type { LightMyRequestResponse } from 'fastify';
import { loginFailures } from '../../db/schema.ts';
import {
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_PAIR,
  MAX_FAILURES_PER_ADDRESS,
  accountKey,
} from '../../platform/login-limit.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, remoteAddress: string) =>
  t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(username, password) },
    remoteAddress,
  });

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** A 429 says when to try again: at once for too many at the same time, else after the wait it names. */
function expectRefusal(res: LightMyRequestResponse) {
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect([Messages.tooManyChecksAtOnce, Messages.tooManyAttempts(seconds)]).toContain(res.json().message);
}

// Every guess that gets through costs a full scrypt run; on a busy machine that adds up.
describe('parallel login bursts', { timeout: 120_000 }, () => {
  it('lets at most the free guesses for one account from one address through, whatever their order', async () => {
    const passwords = Array.from({ length: 30 }, (_v, i) =>
      i === 2 ? 'harbor-lights-2026' : `wrong-guess-${i}`,
    );
    const answers = await Promise.all(passwords.map((p) => login('other', p, '10.20.0.1')));
    const statuses = answers.map((r) => r.statusCode);
    // The right password either got one of the places and succeeded, or was refused.
    expect([200, 429]).toContain(statuses[2]);
    // A success starts the address afresh, so the guesses after it get their free places again.
    const rounds = statuses[2] === 200 ? 2 : 1;
    expect(countOf(statuses, 401)).toBeLessThanOrEqual(FREE_FAILURES_PER_PAIR * rounds);
    expect(countOf(statuses, 401)).toBeGreaterThan(0);
    for (const r of answers.filter((a) => a.statusCode === 429)) expectRefusal(r);
  });

  it('lets at most twenty failures from one address through, across made-up accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_v, i) => login(`made-up-${i}`, 'wrong-password', '10.20.0.2')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.length - countOf(statuses, 429)).toBeLessThanOrEqual(MAX_FAILURES_PER_ADDRESS);
    expect(countOf(statuses, 401)).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('still lets another user in from another address', async () => {
    expect((await login('viewer', 'read-only-2026', '10.20.0.3')).statusCode).toBe(200);
  });
});

describe('current-password checks', { timeout: 120_000 }, () => {
  const changeEmail = (token: string, currentPassword: string, remoteAddress: string) =>
    t.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: t.auth(token),
      remoteAddress,
      payload: {
        email: 'alex.morgan@mls.example',
        firstName: 'Alex',
        lastName: 'Morgan',
        currentPassword,
      },
    });

  it('are limited per account and address like logins, without closing the account elsewhere', async () => {
    const token = await t.login('admin', undefined, '10.20.1.1');
    const statuses: number[] = [];
    // The clock stands still, so a slow password check cannot outlast the first wait.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (let i = 0; i < 8; i++) {
        const res = await changeEmail(token, `not-it-${i}`, '10.20.1.1');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expectRefusal(res);
      }
    } finally {
      vi.useRealTimers();
    }
    expect(statuses).toEqual([...Array<number>(3).fill(400), ...Array<number>(5).fill(429)]);
    // The same account logs in from another address at once.
    expect((await login('admin', 'mls-staff-2026', '10.20.1.2')).statusCode).toBe(200);
  });

  it("are not held by others' failures against the account", async () => {
    const token = await t.login('viewer', undefined, '10.20.2.1');
    for (let i = 0; i < 3; i++)
      expect((await login('viewer', `guess-${i}`, '10.20.2.9')).statusCode).toBe(401);
    const at = new Date();
    await t.db
      .insert(loginFailures)
      .values(
        Array.from({ length: FREE_FAILURES_PER_ACCOUNT * 3 }, () => ({ key: accountKey('viewer'), at })),
      );
    const res = await changeEmail(token, 'read-only-2026', '10.20.2.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pendingEmail).toBe('alex.morgan@mls.example');
  });
});
