import crypto from 'node:crypto';
import { Messages } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { PasswordGate, QueueFullError, Semaphore, type GateLimits } from './password-gate.ts';
import { hashParams, hashPassword, verifyPassword } from './passwords.ts';
import { ScryptPool } from './scrypt-pool.ts';

/** A task that runs until the test lets it finish, recording how many run at once. */
function controlled() {
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  const task = async () => {
    running++;
    peak = Math.max(peak, running);
    await new Promise<void>((resolve) => waiting.push(resolve));
    running--;
    return 'done';
  };
  return {
    task,
    get peak() {
      return peak;
    },
    get started() {
      return waiting.length;
    },
    /** Lets every started task finish, and keeps doing so until none is left waiting. */
    async finishAll() {
      for (let rounds = 0; rounds < 100; rounds++) {
        await new Promise((r) => setImmediate(r));
        const next = waiting.splice(0);
        if (next.length === 0 && running === 0) return;
        for (const resolve of next) resolve();
      }
    },
  };
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof AppError ? err.statusCode : String(err)),
  );

const LIMITS: GateLimits = { perKey: { concurrency: 1, queue: 2 }, overall: { concurrency: 2, queue: 3 } };

describe('semaphore', () => {
  it('admits up to its concurrency, queues up to its length and refuses beyond', async () => {
    const s = new Semaphore(2, 1);
    await s.acquire();
    await s.acquire();
    const third = s.acquire();
    await expect(s.acquire()).rejects.toBeInstanceOf(QueueFullError);
    s.release();
    await third;
    s.release();
    s.release();
    expect(s.idle).toBe(true);
  });
});

describe('password gate', () => {
  it('runs one check per account and address at a time and answers 429 once its queue is full', async () => {
    const gate = new PasswordGate(LIMITS);
    const c = controlled();
    const pair = { account: 'Demo', address: '10.0.0.1' };
    const results = Array.from({ length: 5 }, () => outcome(gate.run(pair, c.task)));
    // Letter case does not make a different account.
    results.push(outcome(gate.run({ ...pair, account: 'DEMO' }, c.task)));
    // The same account from elsewhere does not queue behind that burst.
    const owner = outcome(gate.run({ account: 'demo', address: '10.0.0.2' }, c.task));
    await c.finishAll();
    const answers = await Promise.all(results);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(3);
    expect(answers.filter((a) => a === 429)).toHaveLength(3);
    expect(await owner).toBe('ok');
    expect(c.peak).toBe(2);
    expect(gate.trackedKeys).toBe(0);
  });

  it('bounds one address across many accounts the same way', async () => {
    const gate = new PasswordGate(LIMITS);
    const c = controlled();
    const results = Array.from({ length: 8 }, (_v, i) =>
      outcome(gate.run({ account: `user-${i}`, address: '10.0.0.1' }, c.task)),
    );
    await c.finishAll();
    const answers = await Promise.all(results);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(3);
    expect(answers.filter((a) => a === 429)).toHaveLength(5);
    expect(c.peak).toBe(1);
  });

  it('answers 503 "server busy" when the whole process is saturated', async () => {
    const gate = new PasswordGate(LIMITS);
    const c = controlled();
    const results = Array.from({ length: 8 }, (_v, i) =>
      outcome(gate.run({ account: `user-${i}`, address: `10.0.0.${i}` }, c.task)),
    );
    const refused = await Promise.race(results.slice(5));
    expect(refused).toBe(503);
    await new Promise((r) => setImmediate(r));
    expect(c.started).toBe(2);
    await c.finishAll();
    const answers = await Promise.all(results);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(5);
    expect(answers.filter((a) => a === 503)).toHaveLength(3);
    expect(c.peak).toBe(2);
    const err = await gate
      .run({}, async () => {
        throw new Error('boom');
      })
      .catch((e: unknown) => e);
    expect(String(err)).toContain('boom');
    const busy = new PasswordGate({ ...LIMITS, overall: { concurrency: 0, queue: 0 } });
    await expect(busy.run({}, c.task)).rejects.toMatchObject({
      statusCode: 503,
      message: Messages.serverBusy,
    });
  });

  it('gives the slots back when a check fails', async () => {
    const gate = new PasswordGate(LIMITS);
    for (let i = 0; i < 5; i++) {
      await expect(
        gate.run({ account: 'demo', address: '10.0.0.1' }, async () => Promise.reject(new Error('no'))),
      ).rejects.toThrow('no');
    }
    expect(await gate.run({ account: 'demo', address: '10.0.0.1' }, async () => 'fine')).toBe('fine');
    expect(gate.trackedKeys).toBe(0);
  });
});

describe('hashing cost', () => {
  it("is OWASP's scrypt cost outside a test run, whatever the environment says", () => {
    expect(hashParams({})).toEqual({ N: 131072, r: 8, p: 1 });
    expect(hashParams({ TEST_SCRYPT_LOG2N: '10' })).toEqual({ N: 131072, r: 8, p: 1 });
  });

  it('is lowered only in a test run, and never below 2^10 nor raised', () => {
    expect(hashParams({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '14' })).toEqual({ N: 16384, r: 8, p: 1 });
    expect(hashParams({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '4' }).N).toBe(131072);
    expect(hashParams({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '20' }).N).toBe(131072);
    expect(hashParams({ NODE_ENV: 'test' }).N).toBe(131072);
  });
});

describe('hashing workers', () => {
  it('hash and verify round-trip through the workers', async () => {
    const hash = await hashPassword('a-long-enough-secret');
    const { N, r, p } = hashParams();
    expect(hash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await verifyPassword('a-long-enough-secret', hash)).toBe(true);
    expect(await verifyPassword('another-secret-word', hash)).toBe(false);
  });

  it("do not wait for libuv's thread pool, which serves file reads", async () => {
    // Four slow hashes on the libuv pool occupy all of its threads; a cheap hash on the workers
    // still finishes first, which it could not if it shared that pool.
    const order: string[] = [];
    // The worker is started first, so only the hashing itself is compared, not a thread's start.
    const pool = new ScryptPool(1);
    await pool.hash('warm', Buffer.from('salt'), 32, { N: 2 ** 4, r: 8, p: 1 });
    const blockers = Array.from(
      { length: 4 },
      (_v, i) =>
        new Promise<void>((resolve, reject) =>
          crypto.scrypt(
            'x',
            `salt-${i}`,
            32,
            { N: 2 ** 16, r: 8, p: 1, maxmem: 128 * 1024 * 1024 },
            (err) => {
              order.push('libuv');
              if (err) reject(err);
              else resolve();
            },
          ),
        ),
    );
    try {
      await pool.hash('x', Buffer.from('salt'), 32, { N: 2 ** 4, r: 8, p: 1 });
      order.push('worker');
      await Promise.all(blockers);
      expect(order[0]).toBe('worker');
    } finally {
      await pool.close();
    }
  });

  it('reports a failed hash as an error and keeps working', async () => {
    const pool = new ScryptPool(1);
    try {
      await expect(pool.hash('x', Buffer.from('salt'), 32, { N: 3, r: 8, p: 1 })).rejects.toThrow();
      const key = await pool.hash('x', Buffer.from('salt'), 32, { N: 16, r: 1, p: 1 });
      expect(key).toEqual(crypto.scryptSync('x', Buffer.from('salt'), 32, { N: 16, r: 1, p: 1 }));
    } finally {
      await pool.close();
    }
  });
});
