import { WebsiteServerMessages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';

/** An import keeps to the vendor's site ceiling, and counts as one creation of the vendor's minute. */

const SITE_LIMIT = 300;
const PER_MINUTE = 2;

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal({
    env: { VENDOR_SITE_LIMIT: String(SITE_LIMIT), SITE_CREATE_PER_MINUTE: String(PER_MINUTE) },
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

  it('takes one creation of the minute, however many rows it has', async () => {
    await startOfAMinute();
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 1; i++) answers.push(await importRows(t.tokens.demo, 20));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 429]);
    expect(answers[2]!.json().message).toBe(WebsiteServerMessages.createRate);
  }, 70_000);
});
