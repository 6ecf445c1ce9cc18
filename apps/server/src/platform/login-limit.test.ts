import { Messages } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { setup, type TestContext } from '../../test/helper.ts';
import {
  LOGIN_WINDOW_MS,
  accountKey,
  addressKey,
  attemptsOf,
  limitedPasswordCheck,
  release,
  reserve,
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

const limit = (key: string, max: number): Limit => ({ key, max, windowMs: LOGIN_WINDOW_MS });

describe('reserving attempts', () => {
  it('admits exactly the maximum out of a parallel burst', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => reserve(t.db, [limit('test:burst', 5)])),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(5);
    expect(await attemptsOf(t.db, 'test:burst', LOGIN_WINDOW_MS)).toBe(5);
  });

  it('refuses when any one key is used up, and then inserts nothing for the others', async () => {
    for (let i = 0; i < 2; i++) expect(await reserve(t.db, [limit('test:small', 2)])).not.toBeNull();
    expect(await reserve(t.db, [limit('test:other', 9), limit('test:small', 2)])).toBeNull();
    expect(await attemptsOf(t.db, 'test:other', LOGIN_WINDOW_MS)).toBe(0);
  });

  it('does not count attempts older than the window', async () => {
    const longAgo = Date.now() - LOGIN_WINDOW_MS - 1000;
    for (let i = 0; i < 3; i++) await reserve(t.db, [limit('test:old', 3)], longAgo);
    expect(await reserve(t.db, [limit('test:old', 3)])).not.toBeNull();
  });

  it('gives a place back on release', async () => {
    const held = await reserve(t.db, [limit('test:release', 1)]);
    expect(await reserve(t.db, [limit('test:release', 1)])).toBeNull();
    await release(t.db, held!);
    expect(await reserve(t.db, [limit('test:release', 1)])).not.toBeNull();
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
        Array.from({ length: 40 }, (_v, i) => reserve(dbs[i % dbs.length]!, [limit('test:shared', 7)])),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(7);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
    }
  });
});

describe('limited password checks', () => {
  it('keeps failures, and a success clears the account but gives the address its place back', async () => {
    const who = { account: 'Limit-Test', address: '10.9.0.1' };
    expect(await limitedPasswordCheck(t.db, who, async () => false)).toBe(false);
    expect(await limitedPasswordCheck(t.db, who, async () => false)).toBe(false);
    expect(await attemptsOf(t.db, accountKey('limit-test'), LOGIN_WINDOW_MS)).toBe(2);
    expect(await limitedPasswordCheck(t.db, who, async () => true)).toBe(true);
    expect(await attemptsOf(t.db, accountKey('limit-test'), LOGIN_WINDOW_MS)).toBe(0);
    expect(await attemptsOf(t.db, addressKey('10.9.0.1'), LOGIN_WINDOW_MS)).toBe(2);
  });

  it('answers 429 once the account has used its guesses, without running the check', async () => {
    const who = { account: 'limit-five', address: '10.9.0.2' };
    for (let i = 0; i < 5; i++) await limitedPasswordCheck(t.db, who, async () => false);
    let ran = false;
    const sixth = limitedPasswordCheck(t.db, who, async () => (ran = true));
    await expect(sixth).rejects.toMatchObject({ statusCode: 429, message: Messages.tooManyAttempts });
    expect(ran).toBe(false);
  });

  it('does not count a check the gate refused', async () => {
    const who = { account: 'limit-busy', address: '10.9.0.3' };
    const release: (() => void)[] = [];
    // Fill the account's place in the gate and its queue.
    const holders = Array.from({ length: 5 }, () =>
      passwordGate.run({ account: who.account }, () => new Promise<void>((r) => release.push(r))),
    );
    const refused = limitedPasswordCheck(t.db, who, async () => false);
    await expect(refused).rejects.toMatchObject({ statusCode: 429 });
    expect(await attemptsOf(t.db, accountKey(who.account), LOGIN_WINDOW_MS)).toBe(0);
    let settled = false;
    void Promise.all(holders).then(() => (settled = true));
    while (!settled) {
      await new Promise((r) => setImmediate(r));
      for (const r of release.splice(0)) r();
    }
    await Promise.all(holders);
  });
});
