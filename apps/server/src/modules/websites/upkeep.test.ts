import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../test/helper.ts';
import { setupPortal, type PortalTest } from './test-fixture.ts';
import { runWebsiteUpkeep, upkeepNeeded } from './upkeep.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

describe('database upkeep', () => {
  it('uses autovacuum’s default thresholds', () => {
    const table = { relname: 'websites', live: 10_000, dead: 0, modified: 0, inserted: 0 };
    expect(upkeepNeeded(table)).toEqual({ vacuum: false, analyze: false });
    expect(upkeepNeeded({ ...table, modified: 1_051 })).toEqual({ vacuum: false, analyze: true });
    expect(upkeepNeeded({ ...table, dead: 2_051 })).toEqual({ vacuum: true, analyze: false });
    expect(upkeepNeeded({ ...table, inserted: 3_001 })).toEqual({ vacuum: true, analyze: false });
  });

  it('vacuums and analyses a table of the embedded database after many writes, then rests', async () => {
    await runWebsiteUpkeep(t.app.ctx);
    await t.db
      .execute(sql`INSERT INTO members (member_key, member_mls_id, member_first_name, member_last_name,
        member_state_license, member_status, member_aor, office_key, office_mls_id, reciprocal)
      SELECT 'UK-' || i, 'UK-' || i, 'Ada', 'Upkeep', 'UKL-' || i, 'Active', office_aor, office_key, office_mls_id, false
      FROM generate_series(1, 5000) AS i, (SELECT * FROM offices ORDER BY office_key LIMIT 1) o`);
    // PostgreSQL has its own autovacuum: nothing is run there.
    const ran = await runWebsiteUpkeep(t.app.ctx);
    if (usePostgres) expect(ran).toEqual([]);
    else expect(ran).toContain('VACUUM (ANALYZE) members');
    expect(await runWebsiteUpkeep(t.app.ctx)).toEqual([]);
  });
});
