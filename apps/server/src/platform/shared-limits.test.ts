import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, usePostgres, type TestContext } from '../../test/helper.ts';
import { rowsOf } from '../db/sql.ts';
import { HOUR_MS, perMinuteLimit, purgeRateWindows } from './per-minute.ts';
import { workPlaces, purgeExpiredPlaces } from './work-places.ts';

/**
 * Two limiters on one database stand for two instances. On PostgreSQL they share their counts;
 * the embedded database serves one process, whose limiter counts in memory.
 */
let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(() => t.close());

describe('limits across instances', () => {
  it('a per-minute limit counts the uses of every instance', async () => {
    const [a, b] = [perMinuteLimit(t.database, 'test', 3), perMinuteLimit(t.database, 'test', 3)];
    const now = Date.now();
    const taken = await Promise.all([a.take('k', now), b.take('k', now), a.take('k', now), b.take('k', now)]);
    // Four at once against a limit of three: one is refused where the count is shared.
    expect(taken.filter(Boolean)).toHaveLength(usePostgres ? 3 : 4);
    // Another key and the next minute have their own count.
    expect(await a.take('other', now)).toBe(true);
    expect(await b.take('k', now + 60_000)).toBe(true);
    if (usePostgres) {
      await purgeRateWindows(t.database, now + 180_000);
      expect(await rowsOf(t.db, sql`SELECT 1 FROM rate_windows WHERE scope = 'test'`)).toEqual([]);
    }
  });

  it('takes many uses at once only when that many are left, and says how many are', async () => {
    const limit = perMinuteLimit(t.database, 'test-many', 10);
    const now = Date.parse('2026-11-29T10:00:30Z');
    expect(await limit.takeMany('v', 7, now)).toEqual({ taken: true });
    expect(await limit.takeMany('v', 4, now)).toEqual({ taken: false, left: 3 });
    expect(await limit.takeMany('v', 11, now + 1)).toEqual({ taken: false, left: 3 });
    expect(await limit.takeMany('v', 3, now)).toEqual({ taken: true });
    expect(await limit.take('v', now)).toBe(false);
    expect(await limit.takeMany('v', 10, now + 60_000)).toEqual({ taken: true });
  });

  it('an hourly window is kept until its hour has ended, then purged', async () => {
    const limit = perMinuteLimit(t.database, 'test-hour', 2, HOUR_MS);
    const start = Date.parse('2026-11-29T10:00:00Z');
    expect(await limit.take('h', start)).toBe(true);
    // The purge at 10:45 leaves the window of 10:00 to 11:00 alone.
    await purgeRateWindows(t.database, start + 45 * 60_000);
    expect(await limit.take('h', start + 50 * 60_000)).toBe(true);
    expect(await limit.take('h', start + 59 * 60_000)).toBe(false);
    expect(await limit.take('h', start + HOUR_MS)).toBe(true);
    if (usePostgres) {
      await purgeRateWindows(t.database, start + 3 * HOUR_MS);
      expect(await rowsOf(t.db, sql`SELECT 1 FROM rate_windows WHERE scope = 'test-hour'`)).toEqual([]);
    }
  });

  it('the places of expensive requests are counted for every instance, and given back', async () => {
    const onError = () => undefined;
    const [a, b] = [workPlaces(t.database, 4, onError), workPlaces(t.database, 4, onError)];
    const held = await Promise.all([a.take(9), a.take(9), b.take(9)]);
    held.push(await a.take(9));
    const fifth = b.take(9);
    if (usePostgres) await expect(fifth).rejects.toMatchObject({ statusCode: 429 });
    else held.push(await fifth);
    // Another user is not affected.
    const other = await b.take(10);
    // Giving back settles once the place is free: the next take finds it at once.
    await Promise.all(held.map((give) => give()));
    await other();
    const again = await b.take(9);
    await again();
    // Eight at once from both instances: where the places are shared, exactly four are given.
    const burst = await Promise.allSettled(Array.from({ length: 8 }, (_v, i) => (i % 2 ? a : b).take(12)));
    const given = burst.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(given).toHaveLength(usePostgres ? 4 : 8);
    for (const r of burst) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 429 });
    await Promise.all(given.map((give) => give()));
    if (usePostgres) {
      expect(await rowsOf(t.db, sql`SELECT user_id FROM work_places`)).toEqual([]);
      await t.db.execute(
        sql`INSERT INTO work_places (user_id, expires_at) VALUES (11, now() - interval '1 second')`,
      );
      await purgeExpiredPlaces(t.database);
      expect(await rowsOf(t.db, sql`SELECT user_id FROM work_places`)).toEqual([]);
    }
  });
});

describe('what the limits write', () => {
  it('keeps its counts and places out of the write-ahead log, so taking one waits for no disk flush', async () => {
    const tables = await rowsOf<{ relname: string; relpersistence: string }>(
      t.db,
      sql`SELECT relname, relpersistence FROM pg_class
          WHERE relname IN ('rate_windows', 'work_places') ORDER BY relname`,
    );
    // 'u': unlogged. Both databases run the same migrations.
    expect(tables).toEqual([
      { relname: 'rate_windows', relpersistence: 'u' },
      { relname: 'work_places', relpersistence: 'u' },
    ]);
  });
});
