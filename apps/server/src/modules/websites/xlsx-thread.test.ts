import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openXlsxFile, warmXlsxThread, type SheetSpec } from './xlsx-thread.ts';

const SPEC: SheetSpec = { sheet: 'Websites', widths: [20, 10], headers: ['Domain', 'Status'] };

function collector() {
  const parts: Uint8Array[] = [];
  return { onBytes: (b: Uint8Array) => parts.push(b), bytes: () => Buffer.concat(parts) };
}

async function cellsOf(bytes: Buffer): Promise<(string | null)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: (string | null)[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
    rows.push([1, 2].map((c) => (row.getCell(c).value === null ? null : String(row.getCell(c).value))));
  });
  return rows;
}

const lines = (rows: (string | null)[][]) => rows.map((r) => JSON.stringify(r)).join('\n');

describe('the spreadsheet thread', () => {
  it('warms up with a throwaway file and writes the next one as usual', async () => {
    await warmXlsxThread(100);
    const out = collector();
    const file = openXlsxFile(SPEC, out.onBytes);
    await file.rows(lines([['after-warm.example', 'Active']]));
    await file.end();
    expect(await cellsOf(out.bytes())).toEqual([
      ['Domain', 'Status'],
      ['after-warm.example', 'Active'],
    ]);
  });

  it('writes two files at once, each with its own rows, batch by batch', async () => {
    const a = collector();
    const b = collector();
    const fileA = openXlsxFile(SPEC, a.onBytes);
    const fileB = openXlsxFile(SPEC, b.onBytes);
    await fileA.rows(lines([['a1.example', 'Active']]));
    await fileB.rows(lines([['b1.example', null]]));
    await fileA.rows(
      lines([
        ['a2.example', 'Inactive'],
        ['<b>x</b>\n"quoted"', null],
      ]),
    );
    await Promise.all([fileA.end(), fileB.end()]);
    expect(await cellsOf(a.bytes())).toEqual([
      ['Domain', 'Status'],
      ['a1.example', 'Active'],
      ['a2.example', 'Inactive'],
      ['<b>x</b>\n"quoted"', null],
    ]);
    expect(await cellsOf(b.bytes())).toEqual([
      ['Domain', 'Status'],
      ['b1.example', null],
    ]);
  });

  it('fails a file sent a batch it cannot read, and goes on writing others', async () => {
    const broken = openXlsxFile(SPEC, () => undefined);
    await expect(broken.rows('{not json')).rejects.toThrow();
    await expect(broken.end()).rejects.toThrow('spreadsheet writer stopped');

    const ok = collector();
    const file = openXlsxFile(SPEC, ok.onBytes);
    await file.rows(lines([['c.example', 'Active']]));
    await file.end();
    expect((await cellsOf(ok.bytes())).at(-1)).toEqual(['c.example', 'Active']);
  });

  it('forgets a dropped file: nothing more is taken for it', async () => {
    const dropped = openXlsxFile(SPEC, () => undefined);
    await dropped.rows(lines([['d.example', 'Active']]));
    dropped.drop();
    await expect(dropped.rows(lines([['e.example', 'Active']]))).rejects.toThrow(
      'spreadsheet writer stopped',
    );
  });
});
