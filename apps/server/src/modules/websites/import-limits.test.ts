import { ImportMessages, WebsiteServerMessages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';

/**
 * An import keeps to the vendor's site ceiling, and each website it creates counts against the
 * vendor's creations of the minute; the dry run's rows are budgeted per hour.
 */

const SITE_LIMIT = 300;
const PER_MINUTE = 25;
const CHECKS_PER_HOUR = 60;

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal({
    env: {
      VENDOR_SITE_LIMIT: String(SITE_LIMIT),
      SITE_CREATE_PER_MINUTE: String(PER_MINUTE),
      IMPORT_CHECK_ROWS_PER_HOUR: String(CHECKS_PER_HOUR),
    },
  });
});
afterAll(async () => t?.close());

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 2,
    domainName: freshDomain('ceiling'),
    memberNumber: t.agents.local[i % t.agents.local.length]!,
    product: 'IDX Website',
  }));
const importRows = (token: string, n: number) =>
  t.call(token, 'POST', '/api/portal/websites/import', { rows: rows(n) });
const count = async (vendor: number) =>
  (await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${vendor}`))[0]!
    .n;

/** The limit counts per calendar minute: start where the test cannot straddle two. */
async function startOfAMinute(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
}

describe('an import', () => {
  it('that would pass the vendor ceiling creates nothing (409); one that fits is created', async () => {
    const harbor = t.vendors.harbor;
    await t.db.execute(sql`INSERT INTO websites (vendor_id, domain_name, status, member_number, products)
      SELECT ${harbor}, 'filler-' || g || '.ceiling.example', 'Pending Activation', ${t.agents.local[0]!}, '{1}'
      FROM generate_series(1, ${SITE_LIMIT - 2 - (await count(harbor))}) g`);
    await startOfAMinute();
    const over = await importRows(t.tokens.other, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WebsiteServerMessages.siteLimit(SITE_LIMIT));
    expect(await count(harbor)).toBe(SITE_LIMIT - 2);
    const fits = await importRows(t.tokens.other, 2);
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await count(harbor)).toBe(SITE_LIMIT);
  }, 70_000);

  it('counts each website it creates against the minute, and refuses one that would pass it', async () => {
    await startOfAMinute();
    const first = await importRows(t.tokens.demo, 20);
    expect(first.statusCode, first.body).toBe(201);
    const before = await count(t.vendors.summit);
    const over = await importRows(t.tokens.demo, 20);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ImportMessages.createRate(20, PER_MINUTE - 20));
    expect(await count(t.vendors.summit)).toBe(before);
    expect((await importRows(t.tokens.demo, PER_MINUTE - 20)).statusCode).toBe(201);
    const none = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
      domainName: freshDomain('ceiling'),
      memberNumber: t.agents.local[0]!,
      products: [1],
    });
    expect(none.statusCode).toBe(429);
    expect(none.json().message).toBe(WebsiteServerMessages.createRate);
  }, 70_000);
});

describe('the dry run of an import', () => {
  it('checks a budget of rows per vendor and hour, and says how many are left', async () => {
    const check = (token: string, n: number) =>
      t.call(token, 'POST', '/api/portal/websites/import/check', { rows: rows(n) });
    expect((await check(t.tokens.demo, 40)).statusCode).toBe(200);
    const over = await check(t.tokens.demo, 30);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ImportMessages.checkBudget(CHECKS_PER_HOUR - 40, CHECKS_PER_HOUR));
    expect((await check(t.tokens.demo, 20)).statusCode).toBe(200);
    expect((await check(t.tokens.demo, 1)).json().message).toBe(ImportMessages.checkBudget(0, CHECKS_PER_HOUR));
    // Another vendor has its own budget.
    expect((await check(t.tokens.other, 30)).statusCode).toBe(200);
  });
});
