import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/** The distinct last names the misspelt-name search ranks follow every roster change. */
let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

async function kept(): Promise<Map<string, number>> {
  const rows = await t.rows<{ name: string; n: number }>(sql`SELECT name, n FROM member_last_names`);
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

async function counted(): Promise<Map<string, number>> {
  const rows = await t.rows<{ name: string; n: number }>(
    sql`SELECT member_last_name AS name, count(*)::int AS n FROM members GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

const addMember = (key: string, last: string) =>
  t.db.execute(sql`INSERT INTO members (member_key, member_mls_id, member_first_name, member_last_name,
      member_state_license, member_status, member_aor, office_key, office_mls_id, reciprocal)
    SELECT ${key}, ${key}, 'Nora', ${last}, ${`L-${key}`}, 'Active', office_aor, office_key, office_mls_id, false
      FROM offices ORDER BY office_key LIMIT 1`);

describe('member_last_names', () => {
  it('starts as the roster’s last names with their counts', async () => {
    expect(await kept()).toEqual(await counted());
  });

  it('follows inserts, renames and deletes, dropping a name no member carries', async () => {
    await addMember('LN-1', 'Zephyrine');
    await addMember('LN-2', 'Zephyrine');
    expect((await kept()).get('Zephyrine')).toBe(2);
    await t.db.execute(sql`UPDATE members SET member_last_name = 'Zephyrina' WHERE member_key = 'LN-1'`);
    expect((await kept()).get('Zephyrine')).toBe(1);
    expect((await kept()).get('Zephyrina')).toBe(1);
    await t.db.execute(sql`DELETE FROM members WHERE member_key IN ('LN-1', 'LN-2')`);
    expect((await kept()).has('Zephyrine')).toBe(false);
    expect((await kept()).has('Zephyrina')).toBe(false);
    expect(await kept()).toEqual(await counted());
  });

  it('finds the members of a misspelt last name through it', async () => {
    await addMember('LN-3', 'Zephyrine');
    const res = await t.call(t.tokens.demo, 'GET', `/api/searchagent/${encodeURIComponent('Zefyrine')}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { memberNumber: string }[]).map((a) => a.memberNumber)).toContain('LN-3');
  });
});
