import { WebsiteServerMessages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';

/**
 * The vendor's site ceiling is held on a per-vendor total that triggers keep: exact for creates and
 * imports sent together, freed by a delete, and equal to the vendor's sites after any mix of writes.
 */

const SITE_LIMIT = 250;

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal({
    env: { VENDOR_SITE_LIMIT: String(SITE_LIMIT), SITE_CREATE_PER_MINUTE: '100000' },
  });
});
afterAll(async () => t?.close());

const count = async (vendor: number) =>
  (await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${vendor}`))[0]!
    .n;
const total = async (vendor: number) =>
  Number(
    (await t.rows<{ n: number }>(sql`SELECT n FROM vendor_site_totals WHERE vendor_id = ${vendor}`))[0]?.n ??
      0,
  );

/** Fills the vendor with plain sites, as years of use would, up to `n` in all. */
async function fillTo(vendor: number, n: number, label: string): Promise<void> {
  const missing = n - (await count(vendor));
  if (missing <= 0) return;
  await t.db.execute(sql`INSERT INTO websites (vendor_id, domain_name, status, member_number, products)
    SELECT ${vendor}, ${label} || '-' || g || '.totals.example', 'Pending Activation', ${t.agents.local[0]!}, '{1}'
    FROM generate_series(1, ${missing}) g`);
}

const create = (vendor: number, i = 0) =>
  t.call(
    t.tokens.admin,
    'POST',
    '/api/portal/websites',
    {
      domainName: freshDomain('totals'),
      memberNumber: t.agents.local[i % t.agents.local.length]!,
      products: [1],
    },
    vendor,
  );

const importRows = (vendor: number, n: number) =>
  t.call(
    t.tokens.admin,
    'POST',
    '/api/portal/websites/import',
    {
      rows: Array.from({ length: n }, (_, i) => ({
        row: i + 2,
        domainName: freshDomain('totals-import'),
        memberNumber: t.agents.local[i % t.agents.local.length]!,
        product: 'IDX Website',
      })),
    },
    vendor,
  );

describe('the site ceiling', () => {
  it('lets exactly the free places through when eight creates arrive together', async () => {
    const harbor = t.vendors.harbor;
    await fillTo(harbor, SITE_LIMIT - 3, 'parallel');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(harbor, i)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toEqual({ code: 409, message: WebsiteServerMessages.siteLimit(SITE_LIMIT) });
    expect(await count(harbor)).toBe(SITE_LIMIT);
    expect(await total(harbor)).toBe(SITE_LIMIT);
  });

  it('has a place again once a site is deleted, and only one', async () => {
    const harbor = t.vendors.harbor;
    expect((await create(harbor)).statusCode).toBe(409);
    const [site] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${harbor} AND status = 'Pending Activation'
        AND activated_at IS NULL ORDER BY id DESC LIMIT 1`,
    );
    const removed = await t.call(
      t.tokens.admin,
      'DELETE',
      `/api/portal/websites/${site!.id}`,
      undefined,
      harbor,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await total(harbor)).toBe(SITE_LIMIT - 1);
    const answers = await Promise.all([create(harbor, 1), create(harbor, 2), create(harbor, 3)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await count(harbor)).toBe(SITE_LIMIT);
  });

  it('holds for imports sent together: only those that fit are created, whole', async () => {
    const west = t.vendors.west;
    await fillTo(west, SITE_LIMIT - 5, 'imports');
    const answers = await Promise.all([importRows(west, 3), importRows(west, 3), importRows(west, 3)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().message).toBe(WebsiteServerMessages.siteLimit(SITE_LIMIT));
    expect(await count(west)).toBe(SITE_LIMIT - 2);
    // An import of the two places left and single creates at once: still never past the ceiling.
    const mixed = await Promise.all([importRows(west, 2), create(west, 4), create(west, 5)]);
    expect(mixed.filter((a) => a.statusCode === 201).length).toBeGreaterThan(0);
    expect(await count(west)).toBeLessThanOrEqual(SITE_LIMIT);
    expect(await total(west)).toBe(await count(west));
  });

  it('equals every vendor’s sites after a mix of creates, imports, deletes and direct writes', async () => {
    const summit = t.vendors.summit;
    const made: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
        domainName: freshDomain('mix'),
        memberNumber: t.agents.local[i]!,
        products: [1],
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().id as number);
    }
    const imported = await t.call(t.tokens.demo, 'POST', '/api/portal/websites/import', {
      rows: [0, 1, 2].map((i) => ({
        row: i + 2,
        domainName: freshDomain('mix-import'),
        memberNumber: t.agents.local[i]!,
        product: 'IDX Website',
      })),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    for (const id of made.slice(0, 2))
      expect((await t.call(t.tokens.demo, 'DELETE', `/api/portal/websites/${id}`)).statusCode).toBe(200);
    // A refused import and a rolled-back write leave the total as they found it.
    const before = await total(summit);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO websites (vendor_id, domain_name, status, member_number, products)
          VALUES (${summit}, ${freshDomain('rolled-back')}, 'Pending Activation', ${t.agents.local[0]!}, '{1}')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await total(summit)).toBe(before);
    // Direct writes (as the seed and bulk loads make) are counted too, a site moved by hand as well.
    await t.db.execute(sql`DELETE FROM websites WHERE id = ${made[2]!}`);
    await t.db.execute(sql`UPDATE websites SET vendor_id = ${t.vendors.west} WHERE id = ${made[3]!}`);
    const drift = await t.rows<{ vendor_id: number; counted: number; kept: number }>(
      sql`SELECT v.id AS vendor_id, (SELECT count(*)::int FROM websites w WHERE w.vendor_id = v.id) AS counted,
          coalesce((SELECT n FROM vendor_site_totals s WHERE s.vendor_id = v.id), 0)::int AS kept
        FROM vendors v ORDER BY v.id`,
    );
    expect(drift.length).toBeGreaterThan(2);
    for (const row of drift) expect(row.kept, `vendor ${row.vendor_id}`).toBe(row.counted);
  });

  it('tells a domain that starts with "www" but no dot from the one without those letters', async () => {
    const label = freshDomain('www-key');
    const first = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
      domainName: `wwwz${label}`,
      memberNumber: t.agents.local[0]!,
      products: [1],
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
      domainName: label,
      memberNumber: t.agents.local[0]!,
      products: [1],
    });
    expect(second.statusCode, second.body).toBe(201);
    const again = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
      domainName: `www.${label}`,
      memberNumber: t.agents.local[0]!,
      products: [1],
    });
    expect(again.statusCode).toBe(409);
  });
});
