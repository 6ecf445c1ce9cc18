import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { TaskFailedError, threadPool, type ThreadPool } from './thread-pool.ts';

const SLOW_START = new URL('../../test/workers/slow-start.mjs', import.meta.url);

let pool: ThreadPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

function slowPool(budgetMs: number): ThreadPool {
  return threadPool({
    file: SLOW_START,
    threads: 1,
    waiting: 2,
    budgetMs,
    memoryMb: 64,
    busy: () => new AppError(503, 'busy'),
  });
}

describe('a thread pool', () => {
  it('does not count a thread’s start in a task’s budget', async () => {
    // The worker takes 800 ms to load; the task's budget is a quarter of that.
    pool = slowPool(200);
    await expect(pool.run('echo', 'hello')).resolves.toBe('hello');
    // Once started, the thread answers within the budget again.
    await expect(pool.run('echo', 'again')).resolves.toBe('again');
  });

  it('stops a task that outruns its budget, and a fresh thread takes the next one', async () => {
    pool = slowPool(300);
    await pool.run('echo', 'warm');
    await expect(pool.run('spin', 5_000)).rejects.toBeInstanceOf(TaskFailedError);
    await expect(pool.run('echo', 'after')).resolves.toBe('after');
  });
});
