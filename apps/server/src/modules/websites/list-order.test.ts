import {
  SITE_STATUS_DISPLAY,
  SITE_STATUS_SORT_ORDER,
  SITE_STATUSES,
  displayDate,
  WEBSITE_SORT_FIELDS,
  type Website,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textArray } from '../../db/sql.ts';
import { setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/**
 * The websites list as a vendor reads it: by status in the product's order, sites without a term
 * date last in both orders, and a search over every column the list shows.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const list = async (query: string) => {
  const res = await t.call(t.tokens.demo, 'GET', `/api/portal/websites${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Website[]; total: number };
};
const rank = (s: Website) => SITE_STATUS_SORT_ORDER.indexOf(s.status);
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('sorting', () => {
  it('follows the product order of statuses: Active, Active (Pending), Inactive (Pending), Inactive', async () => {
    expect(SITE_STATUS_SORT_ORDER.map((s) => SITE_STATUS_DISPLAY[s])).toEqual([
      'Active',
      'Active (Pending)',
      'Inactive (Pending)',
      'Inactive',
    ]);
    expect([...SITE_STATUS_SORT_ORDER].sort()).toEqual([...SITE_STATUSES].sort());
    const asc = (await list('?pageSize=500&sort=status&order=asc')).items;
    const seen = [...new Set(asc.map((s) => s.status))];
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual(SITE_STATUS_SORT_ORDER.filter((s) => seen.includes(s)));
    // Within a status, by domain.
    for (const status of seen) {
      const domains = asc.filter((s) => s.status === status).map((s) => s.domainName);
      expect(domains).toEqual([...domains].sort(byteOrder));
    }
    const desc = (await list('?pageSize=500&sort=status&order=desc')).items;
    expect(desc.map(rank)).toEqual([...desc.map(rank)].sort((a, b) => b - a));
    expect(desc.map((s) => s.rowKey)).toEqual(asc.map((s) => s.rowKey).reverse());
  });

  it('pages through the status order without overlap', async () => {
    const all = (await list('?pageSize=40&sort=status&order=desc')).items.map((s) => s.rowKey);
    const p1 = (await list('?pageSize=20&page=1&sort=status&order=desc')).items.map((s) => s.rowKey);
    const p2 = (await list('?pageSize=20&page=2&sort=status&order=desc')).items.map((s) => s.rowKey);
    expect([...p1, ...p2]).toEqual(all);
  });

  it.each(['asc', 'desc'] as const)('by term date %s puts sites without one last', async (order) => {
    for (const status of ['', '&status=Inactive']) {
      const values = (await list(`?pageSize=500&sort=termDate&order=${order}${status}`)).items.map(
        (s) => s.termDate,
      );
      const firstNull = values.indexOf(null);
      // Unfiltered, both kinds are there; Inactive sites all have a term date.
      if (status === '') expect(firstNull).toBeGreaterThan(0);
      else expect(values.length).toBeGreaterThan(1);
      const end = firstNull < 0 ? values.length : firstNull;
      expect(values.slice(end).every((v) => v === null)).toBe(true);
      const dated = values.slice(0, end) as string[];
      const sorted = [...dated].sort();
      expect(dated).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('the export follows the list: sites without a term date last when descending', async () => {
    const res = await t.call(t.tokens.demo, 'GET', '/api/portal/websites/export?sort=termDate&order=desc');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rows = res.body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((r) => 'termDate' in r);
    const values = rows.map((r) => r.termDate as string | null);
    const firstNull = values.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
  });
});

describe('paging', () => {
  it('sorts by MLS ID as shown, sites without a roster agent at the end', async () => {
    const whole = await list('?pageSize=500&sort=mlsId&order=asc');
    const shown = whole.items.map((s) => s.mlsId);
    const known = shown.filter(Boolean);
    expect(new Set(known).size).toBeGreaterThan(5);
    // The database's own order of those texts, so collation is not second-guessed here.
    const [row] = await t.rows<{ keys: string[] }>(
      sql`SELECT array_agg(k ORDER BY k) AS keys FROM unnest(${textArray(known)}) AS k`,
    );
    expect(known).toEqual(row!.keys);
    expect(shown.slice(known.length).every((id) => !id)).toBe(true);
    const reversed = await list('?pageSize=500&sort=mlsId&order=desc');
    expect(reversed.items.map((s) => s.rowKey)).toEqual(whole.items.map((s) => s.rowKey).reverse());
  });

  it('pages of every sort, read from either end of the list, join up to the whole list', async () => {
    for (const sort of WEBSITE_SORT_FIELDS)
      for (const order of ['asc', 'desc'])
        for (const status of ['', '&status=Active']) {
          const query = `sort=${sort}&order=${order}${status}`;
          const whole = await list(`?pageSize=500&${query}`);
          expect(whole.items.length).toBe(whole.total);
          expect(whole.total).toBeGreaterThan(20);
          const size = 13;
          const pages = Math.ceil(whole.total / size);
          const joined: number[] = [];
          for (let page = 1; page <= pages; page++) {
            const part = await list(`?pageSize=${size}&page=${page}&${query}`);
            expect(part.total).toBe(whole.total);
            joined.push(...part.items.map((s) => s.rowKey));
          }
          expect(joined, query).toEqual(whole.items.map((s) => s.rowKey));
          expect((await list(`?pageSize=${size}&page=${pages + 1}&${query}`)).items).toEqual([]);
        }
  }, 60_000);
});

describe('search', () => {
  let site: Website;
  beforeAll(async () => {
    const [row] = await t.rows<{ id: number }>(
      sql`SELECT w.id FROM websites w JOIN members m ON m.member_mls_id = w.member_number
        WHERE w.vendor_id = ${t.vendors.summit} AND w.term_date IS NOT NULL AND w.start_date IS NOT NULL
        ORDER BY w.id LIMIT 1`,
    );
    site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${row!.id}`)).json() as Website;
  });

  const finds = async (text: string) => {
    const page = await list(`?pageSize=500&search=${encodeURIComponent(text)}`);
    return page.items.some((s) => s.rowKey === site.rowKey);
  };

  it('covers every column the list shows, MLS ID included', async () => {
    expect(site.mlsId).not.toBe('');
    for (const text of [
      site.domainName,
      site.licensee,
      site.mlsStatus,
      site.office,
      site.mlsId,
      site.memberNumber,
      displayDate(site.startDate),
      displayDate(site.termDate),
      SITE_STATUS_DISPLAY[site.status],
    ]) {
      expect(await finds(text.toUpperCase()), text).toBe(true);
    }
  });

  it('finds a status by its display name, and follows a status change', async () => {
    const pending = await list(`?pageSize=500&search=${encodeURIComponent('Inactive (Pending)')}`);
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.items.every((s) => s.status === 'Pending Termination')).toBe(true);
    const [active] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} AND status = 'Active' ORDER BY id LIMIT 1`,
    );
    await forceStatus(t.db, active!.id, 'Pending Termination');
    const after = await list(`?pageSize=500&search=${encodeURIComponent('Inactive (Pending)')}`);
    expect(after.items.some((s) => s.rowKey === active!.id)).toBe(true);
    expect(after.total).toBe(pending.total + 1);
  });

  it('follows a roster change of the MLS ID', async () => {
    const [member] = await t.rows<{ key: string }>(
      sql`SELECT member_key AS key FROM members WHERE member_mls_id = ${site.memberNumber}`,
    );
    const next = `${member!.key}ZQ`;
    await t.rows(sql`UPDATE members SET member_key = ${next} WHERE member_key = ${member!.key}`);
    expect(await finds(next)).toBe(true);
  });
});
