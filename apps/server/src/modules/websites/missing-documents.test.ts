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

  it("follows what the rule reads beyond the site's documents: its form's parties in the roster, the types' requirements, the vendor's type", async () => {
    const site = await siteOf('Pending Activation');
    const before = await agree();
    const paper = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, site);
    expect(paper.statusCode, paper.body).toBe(200);
    expect(await agree()).toBe(before - 1);

    // The office of the site's agent gets another broker: the form no longer names the parties.
    const [office] = await t.rows<{ key: string; broker: string | null; other: string }>(
      sql`SELECT o.office_key AS key, o.office_broker_mls_id AS broker,
          (SELECT m2.member_mls_id FROM members m2 WHERE m2.member_mls_id IS DISTINCT FROM o.office_broker_mls_id
            ORDER BY m2.member_mls_id LIMIT 1) AS other
        FROM websites w JOIN members m ON m.member_mls_id = w.member_number
        JOIN offices o ON o.office_key = m.office_key WHERE w.id = ${site}`,
    );
    await t.rows(
      sql`UPDATE offices SET office_broker_mls_id = ${office!.other} WHERE office_key = ${office!.key}`,
    );
    expect(await agree()).toBe(before);
    await t.rows(
      sql`UPDATE offices SET office_broker_mls_id = ${office!.broker} WHERE office_key = ${office!.key}`,
    );
    expect(await agree()).toBe(before - 1);

    // Live sites need nothing once no type is required of sites, nor once the types apply to
    // another kind of vendor, until the vendor becomes that kind.
    const [live] = await t.rows<{ n: number; type: string }>(
      sql`SELECT count(*) FILTER (WHERE w.status IN ('Active', 'Pending Termination'))::int AS n, min(v.type) AS type
        FROM websites w JOIN vendors v ON v.id = w.vendor_id WHERE v.id = ${t.vendors.summit}`,
    );
    const required = await t.rows<{ id: number }>(
      sql`SELECT id FROM document_types WHERE required_for_sites AND NOT messaging`,
    );
    expect(required.length).toBeGreaterThan(0);
    const ids = sql.join(
      required.map((r) => sql`${r.id}`),
      sql`, `,
    );
    await t.rows(sql`UPDATE document_types SET required_for_sites = false WHERE id IN (${ids})`);
    expect(await agree()).toBe(before - 1 - live!.n);
    await t.rows(sql`UPDATE document_types SET required_for_sites = true WHERE id IN (${ids})`);
    expect(await agree()).toBe(before - 1);
    const [saved] = await t.rows<{ types: string[] }>(
      sql`SELECT required_vendor_types AS types FROM document_types WHERE id = ${required[0]!.id}`,
    );
    await t.rows(
      sql`UPDATE document_types SET required_vendor_types = ARRAY['Elsewhere'] WHERE id IN (${ids})`,
    );
    expect(await agree()).toBe(before - 1 - live!.n);
    await t.rows(sql`UPDATE vendors SET type = 'Elsewhere' WHERE id = ${t.vendors.summit}`);
    expect(await agree()).toBe(before - 1);
    await t.rows(sql`UPDATE vendors SET type = ${live!.type} WHERE id = ${t.vendors.summit}`);
    await t.rows(
      sql`UPDATE document_types SET required_vendor_types = ${sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(saved!.types)}::jsonb))`} WHERE id IN (${ids})`,
    );
    expect(await agree()).toBe(before - 1);
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

  it("reads a filtered page from the list's indexes alone: each of them carries the flag", async () => {
    const rows = await t.rows<{ name: string }>(
      sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'websites'
        AND indexname LIKE 'websites_vendor_%' AND indexname <> 'websites_vendor_status_idx'
        AND indexdef NOT LIKE '%INCLUDE (missing_documents)'`,
    );
    expect(rows.map((r) => r.name)).toEqual([]);
    const [all] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexdef LIKE '%INCLUDE (missing_documents)'`,
    );
    expect(all!.n).toBe(19);
  });

  it('refuses an unknown filter with a clear message', async () => {
    const res = await t.call(t.tokens.demo, 'GET', '/api/portal/websites?missing=everything');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The list filters of this kind are missing=documents and missing=compliance.',
    );
  });
});
