import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../../test/helper.ts';
import { rowsOf } from '../../db/sql.ts';
import { PURGE_JOB } from './purge.ts';

/** Sessions and one-time codes that can no longer be used are deleted by a daily job, after a week. */

let t: TestContext;
let userId: number;
beforeAll(async () => {
  t = await setup();
  const [u] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM users WHERE username = 'demo'`);
  userId = u!.id;
});
afterAll(async () => t?.close());

const count = async (table: string, where: ReturnType<typeof sql>) => {
  const [row] = await rowsOf<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`,
  );
  return row!.n;
};

describe('sessions.purge', () => {
  it('deletes sessions and codes unusable for more than a week, and keeps the others', async () => {
    const token = await t.login('demo');
    await t.db
      .execute(sql`INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, ended_at, ended_reason) VALUES
      ('purge-ended-old', ${userId}, now() - interval '20 days', now() - interval '20 days', now() - interval '8 days', 'logout'),
      ('purge-ended-new', ${userId}, now() - interval '2 days', now() - interval '2 days', now() - interval '1 day', 'logout'),
      ('purge-idle-old', ${userId}, now() - interval '9 days', now() - interval '9 days', NULL, NULL)`);
    await t.db.execute(sql`INSERT INTO login_codes (code_hash, user_id, expires_at) VALUES
      ('purge-code-old', ${userId}, now() - interval '8 days'), ('purge-code-new', ${userId}, now() + interval '1 hour')`);
    await t.db.execute(sql`INSERT INTO password_tokens (token_hash, user_id, kind, expires_at) VALUES
      ('purge-token-old', ${userId}, 'reset', now() - interval '8 days'),
      ('purge-token-new', ${userId}, 'reset', now() - interval '1 day')`);

    await t.app.ctx.jobs.runNow(PURGE_JOB);

    expect(await count('sessions', sql`token_hash LIKE 'purge-%'`)).toBe(1);
    expect(await count('sessions', sql`token_hash = 'purge-ended-new'`)).toBe(1);
    expect(await count('login_codes', sql`code_hash LIKE 'purge-%'`)).toBe(1);
    expect(await count('password_tokens', sql`token_hash = 'purge-token-new'`)).toBe(1);
    expect(await count('password_tokens', sql`token_hash = 'purge-token-old'`)).toBe(0);
    // The session in use stays, and still works.
    const res = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
  });
});
