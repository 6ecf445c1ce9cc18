import {
  EXPORT_IDS_MAX,
  ExportMessages,
  SITE_STATUS_DISPLAY,
  exportHeaders,
  exportRow,
  type ExportColumnKey,
  type Website,
} from '@vp/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportsInProgress } from './export.ts';
import { setupPortal, type PortalTest } from './test-fixture.ts';

/** The spreadsheet file: opened as a spreadsheet program would, its columns, texts and order checked. */
let t: PortalTest;
const URL = '/api/portal/websites/export.xlsx';

beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

interface Sheet {
  headers: string[];
  rows: (string | null)[][];
  types: Set<ExcelJS.ValueType>;
  /** The number formats of the date cells. */
  dateFormats: Set<string | undefined>;
  fileName: string | undefined;
  total: number;
  bold: boolean;
  frozen: boolean;
}

async function exported(token: string, body: unknown = {}, vendor?: number): Promise<Sheet> {
  const res = await t.call(token, 'POST', URL, body, vendor);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((w) => w.name)).toEqual(['Websites']);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const all: (string | null)[][] = [];
  const types = new Set<ExcelJS.ValueType>();
  const dateFormats = new Set<string | undefined>();
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: (string | null)[] = [];
    for (let c = 1; c <= width; c++) {
      const cell = row.getCell(c);
      if (n > 1) types.add(cell.type);
      if (cell.value instanceof Date) {
        dateFormats.add(cell.numFmt);
        cells.push(shownDay(cell.value));
      } else cells.push(cell.value === null ? null : String(cell.value));
    }
    all.push(cells);
  });
  const [headers, ...rows] = all;
  const disposition = String(res.headers['content-disposition'] ?? '');
  return {
    headers: headers as string[],
    rows,
    types,
    dateFormats,
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1],
    total: Number(res.headers['x-total-count']),
    bold: sheet.getRow(1).getCell(1).font?.bold === true,
    frozen: sheet.views[0]?.state === 'frozen' && sheet.views[0]?.ySplit === 1,
  };
}

/** A date cell's day as the screen shows it (MM/DD/YYYY). */
const shownDay = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** The whole list as the screen pages it, for comparison. */
async function listed(token: string, query: string): Promise<Website[]> {
  const items: Website[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call(token, 'GET', `/api/portal/websites?pageSize=500&page=${page}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Website[]; total: number };
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return items;
  }
}

const asCells = (row: string[]) => row.map((v) => (v === '' ? null : v));

describe('POST /api/portal/websites/export.xlsx', () => {
  it('writes every site of the acting vendor: the spec columns, text cells, in the list order', async () => {
    const sheet = await exported(t.tokens.demo, { date: '2026-11-25' });
    const sites = await listed(t.tokens.demo, '');
    expect(sites.length).toBeGreaterThan(0);
    // The database writes the cells: every status, and sites with and without dates, are compared.
    expect(new Set(sites.map((s) => s.status))).toEqual(new Set(Object.keys(SITE_STATUS_DISPLAY)));
    expect(sites.some((s) => !s.termDate || s.termDate.startsWith('0001-01-01'))).toBe(true);
    expect(sites.some((s) => s.termDate && !s.termDate.startsWith('0001-01-01'))).toBe(true);
    expect(sheet.headers).toEqual(exportHeaders());
    expect(sheet.rows).toEqual(sites.map((s) => asCells(exportRow(s))));
    expect(sheet.total).toBe(sites.length);
    // Texts (statuses by their names), empty cells, and dates a spreadsheet sorts as dates, shown
    // MM/DD/YYYY as on screen.
    expect([...sheet.types].sort()).toEqual(
      [ExcelJS.ValueType.Null, ExcelJS.ValueType.String, ExcelJS.ValueType.Date].sort(),
    );
    expect([...sheet.dateFormats]).toEqual(['mm/dd/yyyy']);
    expect(sheet.bold).toBe(true);
    expect(sheet.frozen).toBe(true);
    expect(sheet.fileName).toBe('SWS-websites-2026-11-25.xlsx');
  });

  it('writes the picked columns in the spec order, with the filter and sort of the list', async () => {
    const columns: ExportColumnKey[] = ['termDate', 'domainName', 'status'];
    const sheet = await exported(t.tokens.demo, { columns, status: 'Active', sort: 'office', order: 'desc' });
    expect(sheet.headers).toEqual(['Domain', 'Status', 'Term Date']);
    const sites = await listed(t.tokens.demo, '&status=Active&sort=office&order=desc');
    expect(sheet.rows).toEqual(sites.map((s) => asCells(exportRow(s, columns))));
  });

  it('writes only the picked sites, in the list order, and never another vendor’s', async () => {
    const own = await listed(t.tokens.demo, '');
    const [harborSite] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.harbor} LIMIT 1`,
    );
    const picked = [own[3]!, own[0]!, own[5]!];
    const sheet = await exported(t.tokens.demo, {
      columns: ['domainName'],
      ids: [...picked.map((s) => s.rowKey), Number(harborSite!.id)],
    });
    expect(sheet.rows).toEqual([[own[0]!.domainName], [own[3]!.domainName], [own[5]!.domainName]]);
    expect(sheet.total).toBe(3);
  });

  it('takes a selection as large as the list may be, and refuses a larger one with its message', async () => {
    const own = await listed(t.tokens.demo, '');
    const unknown = Array.from({ length: EXPORT_IDS_MAX - 1 }, (_, i) => 900_000_000 + i);
    const sheet = await exported(t.tokens.demo, {
      columns: ['domainName'],
      ids: [own[0]!.rowKey, ...unknown],
    });
    expect(sheet.rows).toEqual([[own[0]!.domainName]]);
    const res = await t.call(t.tokens.demo, 'POST', URL, { ids: [...unknown, 1, 2] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(ExportMessages.tooManyIds);
  });

  it('lets a read-only user export, and names the file for the acting vendor', async () => {
    const sheet = await exported(t.tokens.viewer);
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.fileName).toMatch(/^SWS-websites-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('never includes another vendor’s sites, and refuses a vendor the user is not linked to', async () => {
    const summit = new Set((await listed(t.tokens.demo, '')).map((s) => s.domainName));
    const harbor = await exported(t.tokens.other);
    expect(harbor.rows.length).toBeGreaterThan(0);
    expect(harbor.rows.some((r) => summit.has(r[0]!))).toBe(false);
    expect(harbor.fileName).toMatch(/^HIC-websites-/);
    const res = await t.call(t.tokens.other, 'POST', URL, {}, t.vendors.summit);
    expect(res.statusCode).toBe(403);
  });

  it('writes the header row alone when nothing matches', async () => {
    const sheet = await exported(t.tokens.demo, { search: 'no-such-site-anywhere' });
    expect(sheet.headers).toEqual(exportHeaders());
    expect(sheet.rows).toEqual([]);
    expect(sheet.total).toBe(0);
  });

  it('refuses bad requests with 400 and a message', async () => {
    for (const [body, message] of [
      [{ columns: ['password'] }, 'That column is not one the spreadsheet has.'],
      [{ columns: [] }, 'Choose at least one column to export.'],
      [{ date: '25/11/2026' }, 'The date must be written yyyy-mm-dd.'],
      [{ sort: 'nope' }, undefined],
    ] as const) {
      const res = await t.call(t.tokens.demo, 'POST', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
  });

  it('answers 429 while the same user already has an export running, and frees the place after', async () => {
    const [demoUser] = await t.rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'demo'`);
    const running = exportsInProgress(t.app.ctx);
    running.add(Number(demoUser!.id));
    try {
      const res = await t.call(t.tokens.demo, 'POST', URL, {});
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 429, message: expect.stringMatching(/export/i) });
    } finally {
      running.delete(Number(demoUser!.id));
    }
    expect((await t.call(t.tokens.demo, 'POST', URL, {})).statusCode).toBe(200);
    await expect.poll(() => running.size).toBe(0);
  });
});
