import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../../test/helper.ts';
import type { Db } from '../../db/client.ts';
import { healthService } from './service.ts';

/** The health check says whether the database answers, without queueing behind a busy one. */

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => t?.close());

/** A database that counts the statements it is asked, or fails every one. */
function counting(fail = false) {
  const asked = { n: 0 };
  const db = {
    execute: async () => {
      asked.n += 1;
      if (fail) throw new Error('database unavailable');
      return { rows: [] };
    },
  } as unknown as Db;
  return { db, asked };
}

const quietLog = { ...({} as FastifyBaseLogger), error: () => undefined } as FastifyBaseLogger;

describe('the health check', () => {
  it('answers ok over HTTP while the database answers', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('asks the database once for checks that come close together, and says when it does not answer', async () => {
    const up = counting();
    const service = healthService({ ...t.app.ctx, db: up.db, log: quietLog });
    expect(await Promise.all([service.databaseUp(), service.databaseUp()])).toEqual([true, true]);
    expect(await service.databaseUp()).toBe(true);
    expect(up.asked.n).toBeLessThanOrEqual(2);

    const down = counting(true);
    const failing = healthService({ ...t.app.ctx, db: down.db, log: quietLog });
    expect(await failing.databaseUp()).toBe(false);
    expect(down.asked.n).toBe(1);
  });
});
