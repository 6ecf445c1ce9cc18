import { WebsiteServerMessages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../../test/helper.ts';
import { rowsOf } from '../../db/sql.ts';
import { freshDomain } from './test-fixture.ts';

/** No tenant fills the database: a ceiling on a vendor's websites and a rate of creation. */

const SITE_LIMIT = 400;
const PER_MINUTE = 6;

let t: TestContext;
let demo: string;
let admin: string;
let harbor: number;
let agent: string;

beforeAll(async () => {
  t = await setup({
    env: { VENDOR_SITE_LIMIT: String(SITE_LIMIT), SITE_CREATE_PER_MINUTE: String(PER_MINUTE) },
  });
  [demo, admin] = await Promise.all([t.login('demo'), t.login('admin')]);
  const [v] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM vendors WHERE code = 'HIC'`);
  harbor = v!.id;
  const [m] = await rowsOf<{ n: string }>(
    t.db,
    sql`SELECT member_mls_id AS n FROM members WHERE member_status = 'Active' AND NOT reciprocal LIMIT 1`,
  );
  agent = m!.n;
});
afterAll(async () => t?.close());

const create = (token: string, vendor?: number) =>
  t.inject({
    method: 'POST',
    url: '/api/portal/websites',
    headers: t.auth(token, vendor),
    payload: { domainName: freshDomain('limit'), memberNumber: agent, products: [1] },
  });

/** The limit counts per calendar minute: start where the test cannot straddle two. */
async function startOfAMinute(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
}

describe('creating websites', () => {
  it('is limited per vendor per minute, with 429 and a clear message', async () => {
    await startOfAMinute();
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 2; i++) answers.push((await create(demo)).statusCode);
    expect(answers).toEqual([...Array<number>(PER_MINUTE).fill(201), 429, 429]);
    const refused = await create(demo);
    expect(refused.json()).toEqual({ code: 429, message: WebsiteServerMessages.createRate });
    // Another vendor's minute is its own.
    expect((await create(admin, harbor)).statusCode).toBe(201);
  }, 70_000);

  it('stops at the vendor ceiling, even for creates sent together', async () => {
    const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${harbor}`,
    );
    // Fill the vendor up to one below its ceiling, as years of use would.
    await t.db.execute(sql`INSERT INTO websites (vendor_id, domain_name, status, member_number, products)
      SELECT ${harbor}, 'filler-' || g || '.ceiling.example', 'Pending Activation', ${agent}, '{1}'
      FROM generate_series(1, ${SITE_LIMIT - 1 - n}) g`);
    await startOfAMinute();
    const answers = await Promise.all([create(admin, harbor), create(admin, harbor), create(admin, harbor)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const full = answers.find((a) => a.statusCode === 409)!;
    expect(full.json().message).toBe(WebsiteServerMessages.siteLimit(SITE_LIMIT));
    const [after] = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${harbor}`,
    );
    expect(after!.n).toBe(SITE_LIMIT);
  }, 70_000);
});
