import { SITE_STATUSES, metadataSchema, websiteListSchema, type SiteStatus } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPaperSaf } from '../documents/test-fixture.ts';
import { setupPortal, type PortalTest } from './test-fixture.ts';

/**
 * The dashboard's "Sites missing documents" and the websites list filtered by missing=documents
 * are the same sites: the figure is the filtered list's total, whatever the documents on file.
 * A Pending Activation site without a signed Site Access Form is missing one: it cannot be
 * activated without it.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

async function figure(token = t.tokens.demo): Promise<number> {
  const res = await t.call(token, 'GET', '/api/portal/metadata');
  expect(res.statusCode, res.body).toBe(200);
  return metadataSchema.parse(res.json()).missingSiteDocs;
}

async function missingList(extra = '', token = t.tokens.demo) {
  const res = await t.call(token, 'GET', `/api/portal/websites?missing=documents&pageSize=500${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return websiteListSchema.parse(res.json());
}

async function agree(): Promise<number> {
  const [count, list] = await Promise.all([figure(), missingList()]);
  expect(list.total).toBe(count);
  expect(list.items).toHaveLength(count);
  return count;
}

async function siteOf(status: SiteStatus): Promise<number> {
  const [row] = await t.rows<{ id: number }>(
    sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} AND status = ${status} ORDER BY id LIMIT 1`,
  );
  return row!.id;
}

/** A Site Access Form on file for the site, signed (approved) or not. */
async function safOnFile(siteId: number, approved: boolean): Promise<number> {
  const [row] = await t.rows<{ id: number }>(
    sql`INSERT INTO documents (vendor_id, website_id, type_id, label, storage_key, size, sha256, content_type, approved)
      SELECT ${t.vendors.summit}, ${siteId}, id, 'saf.pdf', ${`test/${siteId}/${Date.now()}-${Math.random()}`},
        10, 'x', 'application/pdf', ${approved}
      FROM document_types WHERE name = 'saf' RETURNING id`,
  );
  return row!.id;
}

describe('Sites missing documents', () => {
  it('the figure is the total of the list filtered to missing documents, for a vendor with sites in every status', async () => {
    const [counts] = await t.rows<Record<string, number>>(
      sql`SELECT ${sql.join(
        SITE_STATUSES.map((s) => sql`count(*) FILTER (WHERE status = ${s})::int AS ${sql.identifier(s)}`),
        sql`, `,
      )} FROM websites WHERE vendor_id = ${t.vendors.summit}`,
    );
    for (const s of SITE_STATUSES) expect(counts![s]).toBeGreaterThan(0);

    const count = await agree();
    const statuses = new Set((await missingList()).items.map((s) => s.status));
    // No seeded site has its documents, so every site that needs one is listed; Inactive ones need none.
    expect(statuses).toEqual(new Set(['Active', 'Pending Termination', 'Pending Activation']));
    expect(count).toBe(counts!['Active']! + counts!['Pending Termination']! + counts!['Pending Activation']!);
  });

  it('counts a Pending Activation site until its Site Access Form is signed, and again once it is voided', async () => {
    const site = await siteOf('Pending Activation');
    const before = await agree();
    expect((await missingList()).items.map((s) => s.rowKey)).toContain(site);

    // A form not signed yet does not count; one that counts for activation does.
    await safOnFile(site, false);
    expect(await agree()).toBe(before);
    const paper = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, site);
    expect(paper.statusCode, paper.body).toBe(200);
    expect(await agree()).toBe(before - 1);
    expect((await missingList()).items.map((s) => s.rowKey)).not.toContain(site);
    const saf = paper.json().document.rowKey as number;
    await t.rows(sql`UPDATE documents SET voided = true, approved = false WHERE id = ${saf}`);
    expect(await agree()).toBe(before);
  });

  it('counts a live site until it has every site document its product needs', async () => {
    const site = await siteOf('Active');
    const before = await agree();
    const saf = await safOnFile(site, true);
    expect(await agree()).toBe(before - 1);
    await t.rows(sql`DELETE FROM documents WHERE id = ${saf}`);
    expect(await agree()).toBe(before);
  });

  it('narrows further with a status and a search, as the other filters do', async () => {
    const pending = await missingList('&status=Pending%20Activation');
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.items.every((s) => s.status === 'Pending Activation')).toBe(true);
    expect((await missingList('&status=Inactive')).total).toBe(0);
    const first = pending.items[0]!;
    const searched = await missingList(`&search=${encodeURIComponent(first.domainName)}`);
    expect(searched.items.map((s) => s.rowKey)).toContain(first.rowKey);
    expect(searched.total).toBe(searched.items.length);
  });

  it('keeps to the acting vendor', async () => {
    const [other, summitIds] = await Promise.all([
      missingList('', t.tokens.other),
      t.rows<{ id: number }>(sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit}`),
    ]);
    expect(other.total).toBe(await figure(t.tokens.other));
    const summit = new Set(summitIds.map((r) => r.id));
    expect(other.items.some((s) => summit.has(s.rowKey))).toBe(false);
  });

  it('refuses an unknown filter with a clear message', async () => {
    const res = await t.call(t.tokens.demo, 'GET', '/api/portal/websites?missing=everything');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The only list filter of this kind is missing=documents.');
  });
});
