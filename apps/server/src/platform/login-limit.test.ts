import { Messages } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';
import { setup, type TestContext } from '../../test/helper.ts';
import {
  FAILURE_MEMORY_MS,
  MAX_WAIT_MS,
  accountKey,
  addressKey,
  attemptsOf,
  currentPasswordLimits,
  limitedPasswordCheck,
  loginLimits,
  pairKey,
  release,
  reserve,
  type Admission,
  type Limit,
} from './login-limit.ts';
import { passwordGate } from './password-gate.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => {
  await t.close();
});

const WINDOW = 15 * 60 * 1000;
const cap = (key: string, max: number): Limit => ({ key, max, windowMs: WINDOW });
const admitted = (a: Admission) => 'reservation' in a;
const waitOf = (a: Admission) => ('retryAfterMs' in a ? a.retryAfterMs : 0);

describe('reserving attempts under a cap', () => {
  it('admits exactly the maximum out of a parallel burst', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => reserve(t.db, [cap('test:burst', 5)])),
    );
    expect(results.filter(admitted)).toHaveLength(5);
    expect(await attemptsOf(t.db, 'test:burst', WINDOW)).toBe(5);
  });

  it('refuses when any one key is used up, and then inserts nothing for the others', async () => {
    for (let i = 0; i < 2; i++) expect(admitted(await reserve(t.db, [cap('test:small', 2)]))).toBe(true);
    expect(admitted(await reserve(t.db, [cap('test:other', 9), cap('test:small', 2)]))).toBe(false);
    expect(await attemptsOf(t.db, 'test:other', WINDOW)).toBe(0);
  });

  it('says when the oldest attempt leaves the window', async () => {
    const start = Date.now() - 60_000;
    await reserve(t.db, [cap('test:when', 2)], start);
    await reserve(t.db, [cap('test:when', 2)], start + 1000);
    const refused = await reserve(t.db, [cap('test:when', 2)], start + 2000);
    expect(waitOf(refused)).toBe(WINDOW - 2000);
  });

  it('does not count attempts older than the window', async () => {
    const longAgo = Date.now() - WINDOW - 1000;
    for (let i = 0; i < 3; i++) await reserve(t.db, [cap('test:old', 3)], longAgo);
    expect(admitted(await reserve(t.db, [cap('test:old', 3)]))).toBe(true);
  });

  it('gives a place back on release', async () => {
    const held = await reserve(t.db, [cap('test:release', 1)]);
    expect(admitted(await reserve(t.db, [cap('test:release', 1)]))).toBe(false);
    if (!('reservation' in held)) throw new Error('the first attempt was refused');
    await release(t.db, held.reservation);
    expect(admitted(await reserve(t.db, [cap('test:release', 1)]))).toBe(true);
  });

  it('holds across instances sharing one database', async () => {
    // Two connection pools stand for two instances; the embedded database has only the one.
    const instances: Database[] =
      t.database.kind === 'postgres'
        ? [openPostgres(t.database.url, 5), openPostgres(t.database.url, 5)]
        : [];
    const dbs = instances.length > 0 ? instances.map((d) => d.db) : [t.db];
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_v, i) => reserve(dbs[i % dbs.length]!, [cap('test:shared', 7)])),
      );
      expect(results.filter(admitted)).toHaveLength(7);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
    }
  });
});

describe('growing waits', () => {
  const grow = (key: string, free: number, whenFailed?: string): Limit => ({
    key,
    windowMs: FAILURE_MEMORY_MS,
    free,
    ...(whenFailed ? { whenFailed } : {}),
  });

  it('let the first failures through, then double the wait after the latest, up to the cap', async () => {
    const limit = grow('test:grow', 3);
    let now = Date.now() - 30 * 60 * 1000;
    for (let i = 0; i < 3; i++) expect(admitted(await reserve(t.db, [limit], now))).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = await reserve(t.db, [limit], now);
      waits.push(waitOf(refused));
      // Trying again too early is refused without being counted, and the wait stays as it was.
      expect(waitOf(await reserve(t.db, [limit], now + waitOf(refused) - 1))).toBe(1);
      now += waitOf(refused);
      expect(admitted(await reserve(t.db, [limit], now))).toBe(true);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000]);

    const late = Date.now();
    await t.db
      .insert(loginFailures)
      .values(Array.from({ length: 20 }, () => ({ key: 'test:grow', at: new Date(late) })));
    expect(waitOf(await reserve(t.db, [limit], late))).toBe(MAX_WAIT_MS);
  });

  it('with whenFailed, hold only while that other key has failures', async () => {
    const now = Date.now();
    await t.db
      .insert(loginFailures)
      .values([
        ...Array.from({ length: 2 }, () => ({ key: 'test:acct', at: new Date(now) })),
        { key: 'test:addr-failed', at: new Date(now) },
      ]);
    expect(waitOf(await reserve(t.db, [grow('test:acct', 1, 'test:addr-failed')], now))).toBe(2000);
    expect(admitted(await reserve(t.db, [grow('test:acct', 1, 'test:addr-clean')], now))).toBe(true);
  });
});

describe('limited password checks', () => {
  it('keep failures; a success gives its place back and clears the pair, not the account', async () => {
    const who = { account: 'Limit-Test', address: '10.9.0.1' };
    const limits = loginLimits(who);
    expect(await limitedPasswordCheck(t.db, who, limits, async () => false)).toBe(false);
    expect(await limitedPasswordCheck(t.db, who, limits, async () => false)).toBe(false);
    expect(await attemptsOf(t.db, pairKey('limit-test', '10.9.0.1'), FAILURE_MEMORY_MS)).toBe(2);
    expect(await limitedPasswordCheck(t.db, who, limits, async () => true)).toBe(true);
    expect(await attemptsOf(t.db, pairKey('limit-test', '10.9.0.1'), FAILURE_MEMORY_MS)).toBe(0);
    expect(await attemptsOf(t.db, accountKey('limit-test'), FAILURE_MEMORY_MS)).toBe(2);
    expect(await attemptsOf(t.db, addressKey('10.9.0.1'), FAILURE_MEMORY_MS)).toBe(2);
  });

  it('answer 429 with the wait once the pair has used its free failures, without running the check', async () => {
    const who = { account: 'limit-three', address: '10.9.0.2' };
    for (let i = 0; i < 3; i++) await limitedPasswordCheck(t.db, who, loginLimits(who), async () => false);
    let ran = false;
    const fourth = limitedPasswordCheck(t.db, who, loginLimits(who), async () => (ran = true));
    await expect(fourth).rejects.toMatchObject({
      statusCode: 429,
      message: Messages.tooManyAttempts(1),
      retryAfterSeconds: 1,
    });
    expect(ran).toBe(false);
  });

  it('for a current password, ignore failures made against the account from elsewhere', async () => {
    const at = new Date();
    await t.db
      .insert(loginFailures)
      .values(Array.from({ length: 40 }, () => ({ key: accountKey('limit-owner'), at })));
    const owner = { account: 'limit-owner', address: '10.9.0.4' };
    expect(await limitedPasswordCheck(t.db, owner, currentPasswordLimits(owner), async () => true)).toBe(
      true,
    );
  });

  it('do not count a check the gate refused', async () => {
    const who = { account: 'limit-busy', address: '10.9.0.3' };
    const release: (() => void)[] = [];
    // Fill the pair's place in the gate and its queue.
    const holders = Array.from({ length: 5 }, () =>
      passwordGate.run(who, () => new Promise<void>((r) => release.push(r))),
    );
    const refused = limitedPasswordCheck(t.db, who, loginLimits(who), async () => false);
    await expect(refused).rejects.toMatchObject({ statusCode: 429, message: Messages.tooManyChecksAtOnce });
    expect(await attemptsOf(t.db, accountKey(who.account), FAILURE_MEMORY_MS)).toBe(0);
    let settled = false;
    void Promise.all(holders).then(() => (settled = true));
    while (!settled) {
      await new Promise((r) => setImmediate(r));
      for (const r of release.splice(0)) r();
    }
    await Promise.all(holders);
  });
});
