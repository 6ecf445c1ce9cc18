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

/** Failed logins slow down the places they come from; the account stays open to its owner's browser. */

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, remoteAddress: string, cookie?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(username, password), ...(cookie ? { cookie } : {}) },
    remoteAddress,
  });

/** The device cookie a successful login set, as the browser sends it back. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>): string {
  const header = String(res.headers['set-cookie'] ?? '');
  expect(header).toMatch(/^vp_device=[A-Za-z0-9_-]{43};/);
  return header.split(';')[0]!;
}

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
  it('against one account from many addresses hold every browser but the owner’s', async () => {
    // The owner signed in once from this browser, which keeps the device cookie it was given.
    const first = await login('other', 'harbor-lights-2026', '10.3.1.1');
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(first.headers['set-cookie']).toMatch(/; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict$/);

    for (const account of ['other', 'ghost-account']) {
      const attacker = account === 'other' ? '10.3.0.1' : '10.3.0.2';
      for (let i = 0; i < 3; i++) expect((await login(account, `wrong-${i}`, attacker)).statusCode).toBe(401);
      // The account is also attacked from many other addresses, far past its looser limit.
      await failuresOn(accountKey(account), FREE_FAILURES_PER_ACCOUNT * 3);
      // The attacker's address is held, whatever it sends, and whether or not the account exists.
      statedWait(await login(account, account === 'other' ? 'harbor-lights-2026' : 'anything-at-all', attacker));
      // So is any other address from a browser that never signed in to the account.
      statedWait(await login(account, account === 'other' ? 'harbor-lights-2026' : 'anything-at-all', '10.3.1.9'));
    }
    // The owner's browser gets in at once, from wherever it is now.
    const owner = await login('other', 'harbor-lights-2026', '10.3.5.5', cookie);
    expect(owner.statusCode, owner.body).toBe(200);
    // Its own failures count against it alone: three free, then it waits like anyone.
    for (let i = 0; i < 3; i++)
      expect((await login('other', `typo-${i}`, '10.3.5.5', cookie)).statusCode).toBe(401);
    statedWait(await login('other', 'harbor-lights-2026', '10.3.5.5', cookie));
  });

  it('from every address of one IPv6 /64 count as from one address', async () => {
    const answers: number[] = [];
    for (let i = 1; i <= 40; i++) {
      answers.push((await login('newbie', `guess-${i}`, `2001:db8:7:9::${i.toString(16)}`)).statusCode);
    }
    // The pair's three free failures, then the network waits: no fresh address gets a fresh count.
    expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
    expect(answers.slice(3).every((s) => s === 429)).toBe(true);
    expect(addressKey('2001:db8:7:9:abcd::1')).toBe(addressKey('2001:0db8:0007:0009::ffff'));
    expect(addressKey('::ffff:10.3.6.1')).toBe(addressKey('10.3.6.1'));
    // Another /64 has its own count for the pair (the account's looser count is not yet reached).
    expect((await login('newbie', 'first-visit-2026', '2001:db8:7:a::1')).statusCode).toBe(200);
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
