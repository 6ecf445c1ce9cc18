import { Messages } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, setup, type TestContext } from '../../../test/helper.ts';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from '../../platform/login-limit.ts';

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

// Every guess that gets through costs a full scrypt run; on a busy machine that adds up.
describe('parallel login bursts', { timeout: 120_000 }, () => {
  it('lets at most five guesses for one account through, whatever their order', async () => {
    const passwords = Array.from({ length: 30 }, (_v, i) =>
      i === 2 ? 'harbor-idx-2026' : `wrong-guess-${i}`,
    );
    const answers = await Promise.all(passwords.map((p) => login('other', p, '10.20.0.1')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.length - countOf(statuses, 429)).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(countOf(statuses, 401)).toBeGreaterThan(0);
    // The right password either got one of the five places and succeeded, or was refused.
    expect([200, 429]).toContain(statuses[2]);
    for (const r of answers.filter((a) => a.statusCode === 429)) {
      expect(r.json()).toEqual({ code: 429, message: Messages.tooManyAttempts });
    }
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
  it('are limited per account like logins: 429 after five wrong ones', async () => {
    const token = await t.login('admin', undefined, '10.20.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: t.auth(token),
        payload: {
          email: 'admin@mls.example',
          firstName: 'Alex',
          lastName: 'Morgan',
          currentPassword: `not-it-${i}`,
          password: 'a-new-password-1',
        },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toEqual({ code: 429, message: Messages.tooManyAttempts });
    }
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(7).fill(429)]);
    // The same account may not log in either until the window has passed.
    expect((await login('admin', 'mls-staff-2026', '10.20.1.2')).statusCode).toBe(429);
  });
});
