import { Messages } from '@vp/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, setup, type TestContext } from '../../../test/helper.ts';
import { loginFailures } from '../../db/schema.ts';
import {
  FREE_FAILURES_PER_ACCOUNT,
  MAX_WAIT_MS,
  accountKey,
  addressKey,
  pairKey,
} from '../../platform/login-limit.ts';

/** Failed logins slow down the address they come from; the account stays open to its owner. */

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

/** Earlier failures, recorded as the server records them; checking each for real would only be slow. */
async function failuresOn(key: string, n: number, at = new Date()) {
  await t.db.insert(loginFailures).values(Array.from({ length: n }, () => ({ key, at })));
}

/** Lets time pass for the failures of these keys: each moves `seconds` into the past. */
async function age(keys: string[], seconds: number) {
  await t.db
    .update(loginFailures)
    .set({ at: sql`${loginFailures.at} - (${seconds}::int * interval '1 second')` })
    .where(inArray(loginFailures.key, keys));
}

/**
 * Moves the failures of these keys so the latest happened just now, as if the next attempt followed
 * it at once: a slow machine must not shorten the wait the next answer states.
 */
async function justAfter(keys: string[]) {
  const [row] = await t.db
    .select({ latest: sql<string>`max(${loginFailures.at})` })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));
  const shiftMs = Date.now() - new Date(row!.latest).getTime();
  await t.db
    .update(loginFailures)
    .set({ at: sql`${loginFailures.at} + (${shiftMs}::int * interval '1 millisecond')` })
    .where(inArray(loginFailures.key, keys));
}

/** The 429's stated wait, checked against its Retry-After header. */
function statedWait(res: Awaited<ReturnType<typeof login>>): number {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(res.json()).toEqual({ code: 429, message: Messages.tooManyAttempts(seconds) });
  return seconds;
}

describe('failed logins', () => {
  it("from an attacker's address do not stop the right password from another address", async () => {
    for (const account of ['other', 'ghost-account']) {
      const attacker = account === 'other' ? '10.3.0.1' : '10.3.0.2';
      for (let i = 0; i < 3; i++) expect((await login(account, `wrong-${i}`, attacker)).statusCode).toBe(401);
      // The account is also attacked from many other addresses, far past its looser limit.
      await failuresOn(accountKey(account), FREE_FAILURES_PER_ACCOUNT * 3);
      // The attacker's address is held, whatever it sends, and whether or not the account exists.
      statedWait(await login(account, account === 'other' ? 'harbor-idx-2026' : 'anything-at-all', attacker));
    }
    // The owner, from an address with no failures, gets in at once.
    expect((await login('other', 'harbor-idx-2026', '10.3.1.1')).statusCode).toBe(200);
  });

  it('from one address wait longer each time, and the answer says how long', async () => {
    const address = '10.3.2.1';
    const keys = [pairKey('demo', address), accountKey('demo'), addressKey(address)];
    for (let i = 0; i < 3; i++) expect((await login('demo', `wrong-${i}`, address)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await justAfter(keys);
      const wait = statedWait(await login('demo', 'summit-sites-2026', address));
      waits.push(wait);
      await age(keys, wait);
      expect((await login('demo', `still-wrong-${i}`, address)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(Messages.tooManyAttempts(4)).toBe('Too many failed attempts. Please try again in 4 seconds.');

    // Once the wait has passed, the right password gets in and the address starts afresh.
    await justAfter(keys);
    await age(keys, statedWait(await login('demo', 'summit-sites-2026', address)));
    expect((await login('demo', 'summit-sites-2026', address)).statusCode).toBe(200);
    expect((await login('demo', 'wrong-after', address)).statusCode).toBe(401);
  });

  it('stop growing at the longest wait, said in minutes', async () => {
    const address = '10.3.3.1';
    await failuresOn(pairKey('viewer', address), 40);
    const res = await login('viewer', 'read-only-2026', address);
    expect(statedWait(res)).toBe(MAX_WAIT_MS / 1000);
    expect(res.json().message).toBe('Too many failed attempts. Please try again in 15 minutes.');
  });

  it('from one address across accounts are capped, and the cap says when it lifts', async () => {
    const address = '10.3.4.1';
    await failuresOn(addressKey(address), 19, new Date(Date.now() - 60_000));
    expect((await login('someone-20', 'wrong-password', address)).statusCode).toBe(401);
    const limited = await login('newbie', 'first-visit-2026', address);
    // The oldest of the twenty leaves the fifteen-minute window a minute early.
    expect(statedWait(limited)).toBeGreaterThan(13 * 60);
    expect(statedWait(limited)).toBeLessThanOrEqual(14 * 60);
    expect(limited.json().message).toBe('Too many failed attempts. Please try again in 14 minutes.');
    expect((await login('newbie', 'first-visit-2026', '10.3.4.2')).statusCode).toBe(200);
  });
});
