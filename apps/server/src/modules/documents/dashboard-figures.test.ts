import { metadataSchema } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql.ts';
import { setupDocs, type DocsTest } from './test-fixture.ts';
import { samples } from './test-multipart.ts';
import { forceStatus } from '../../../test/licence.ts';

/** The dashboard's missing-document figures follow the documents on file, up and down. */

let t: DocsTest;
beforeAll(async () => {
  t = await setupDocs();
});
afterAll(async () => t?.close());

async function figures() {
  const res = await t.inject({ method: 'GET', url: '/api/portal/metadata', headers: t.auth(t.tokens.demo) });
  expect(res.statusCode).toBe(200);
  const m = metadataSchema.parse(res.json());
  // The count and the names agree: the dashboard names what it counts.
  expect(m.missingDocTypes).toHaveLength(m.missingDocs);
  return {
    missingDocs: m.missingDocs,
    missingDocTypes: m.missingDocTypes,
    missingSiteDocs: m.missingSiteDocs,
  };
}

async function upload(filename: string, data: Buffer, type: number, website?: number): Promise<number> {
  const res = await t.upload(t.tokens.demo, [
    { name: 'file', file: { filename, data } },
    { name: 'documentType', value: String(type) },
    ...(website ? [{ name: 'website', value: String(website) }] : []),
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document.rowKey as number;
}

const remove = (id: number) =>
  t.inject({ method: 'DELETE', url: `/api/document/${id}`, headers: t.auth(t.tokens.demo) });

/** The demo vendor's live sites (Active, Pending Termination), and those of them carrying a product. */
async function liveSites(product?: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${t.vendors.summit}
      AND status IN ('Active', 'Pending Termination') ${product === undefined ? sql`` : sql`AND ${product} = ANY(products)`}`,
  );
  return row!.n;
}

/** The demo vendor's Pending Activation sites: none has a signed Site Access Form, so each counts. */
async function awaitingActivation(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${t.vendors.summit} AND status = 'Pending Activation'`,
  );
  return row!.n;
}

describe('missingDocs', () => {
  it('counts and names the required vendor-level types not on file', async () => {
    expect((await figures()).missingDocTypes).toEqual(['Vendor License Agreement', 'W-9']);
    const w9 = await upload('w9.pdf', samples.pdf(), t.types.w9);
    expect((await figures()).missingDocTypes).toEqual(['Vendor License Agreement']);
    // A second W-9 changes nothing; a type nobody requires neither.
    const second = await upload('w9 (2).pdf', samples.pdf(), t.types.w9);
    await upload('insurance.pdf', samples.pdf(), t.types.insurance);
    expect((await figures()).missingDocs).toBe(1);
    const license = await upload('license.pdf', samples.pdf(), t.types.license);
    expect((await figures()).missingDocs).toBe(0);
    await remove(w9);
    expect((await figures()).missingDocs).toBe(0);
    await remove(second);
    expect((await figures()).missingDocs).toBe(1);
    await t.db.execute(sql`UPDATE documents SET voided = true WHERE id = ${license}`);
    expect((await figures()).missingDocs).toBe(2);
  });
});

describe('missingSiteDocs', () => {
  it('counts live sites without an approved, non-voided SAF', async () => {
    // Pending Activation sites without a signed SAF count too; none of them is touched here.
    const live = (await liveSites()) + (await awaitingActivation());
    expect(live).toBeGreaterThan(1);
    expect((await figures()).missingSiteDocs).toBe(live);

    // A SAF not approved yet leaves the site missing it. (SAFs come from the signing ceremony; the
    // document is made one here so the figure can be followed through each state.)
    const saf = await upload('saf.pdf', samples.pdf(), t.types.screenshot, t.sites.summit);
    await t.db.execute(sql`UPDATE documents SET type_id = ${t.types.saf} WHERE id = ${saf}`);
    expect((await figures()).missingSiteDocs).toBe(live);
    await t.db.execute(sql`UPDATE documents SET approved = true WHERE id = ${saf}`);
    expect((await figures()).missingSiteDocs).toBe(live - 1);
    await t.db.execute(sql`UPDATE documents SET voided = true WHERE id = ${saf}`);
    expect((await figures()).missingSiteDocs).toBe(live);
    await t.db.execute(sql`UPDATE documents SET voided = false WHERE id = ${saf}`);
    expect((await figures()).missingSiteDocs).toBe(live - 1);

    // A second required type counts a site once, however many it lacks.
    await t.db.execute(
      sql`UPDATE document_types SET required_for_sites = true WHERE id = ${t.types.screenshot}`,
    );
    expect((await figures()).missingSiteDocs).toBe(live);
    const shot = await upload('shot.png', samples.png(), t.types.screenshot, t.sites.summit);
    await t.db.execute(sql`UPDATE documents SET approved = true WHERE id = ${shot}`);
    expect((await figures()).missingSiteDocs).toBe(live - 1);
    await t.db.execute(
      sql`UPDATE document_types SET required_for_sites = false WHERE id = ${t.types.screenshot}`,
    );
  });

  it('applies a requirement only to the products it names', async () => {
    const [site] = await rowsOf<{ products: number[] }>(
      t.db,
      sql`SELECT products FROM websites WHERE id = ${t.sites.summit}`,
    );
    const product = Number(site!.products[0]);
    await t.db.execute(
      sql`UPDATE document_types SET required_for_products = ARRAY[${product}]::int[] WHERE id = ${t.types.saf}`,
    );
    // The demo site has its approved SAF from the test above.
    // A Pending Activation site needs its SAF whatever its product: it cannot be activated without one.
    const pending = await awaitingActivation();
    expect(pending).toBeGreaterThan(0);
    expect((await figures()).missingSiteDocs).toBe((await liveSites(product)) - 1 + pending);
    await t.db.execute(
      sql`UPDATE document_types SET required_for_products = ARRAY[9999]::int[] WHERE id = ${t.types.saf}`,
    );
    expect((await figures()).missingSiteDocs).toBe(pending);
  });

  it('ignores Inactive sites', async () => {
    await t.db.execute(sql`UPDATE document_types SET required_for_products = '{}' WHERE id = ${t.types.saf}`);
    const before = (await figures()).missingSiteDocs;
    const [site] = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} AND status = 'Active' AND id <> ${t.sites.summit} ORDER BY id LIMIT 1`,
    );
    await forceStatus(t.db, site!.id, 'Inactive');
    expect((await figures()).missingSiteDocs).toBe(before - 1);
  });
});
