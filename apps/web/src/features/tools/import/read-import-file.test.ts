import { IMPORT_MAX_ROWS, ImportMessages } from '@vp/contract';
import writeXlsxFile, { type Row } from 'write-excel-file/universal';
import { describe, expect, it } from 'vitest';
import { readImportFile, rowsFromTable } from './read-import-file.ts';

/** Real small files: xlsx written with write-excel-file, csv from a string. */
async function xlsx(rows: Row[], name = 'sites.xlsx') {
  const blob = await writeXlsxFile(rows).toBlob();
  return Object.assign(new Blob([await blob.arrayBuffer()]), { name });
}
const csv = (text: string, name = 'sites.csv') => Object.assign(new Blob([text]), { name });

const HEADER = ['Domain', 'Member #', 'Product', 'DBA', 'Start Date'];

describe('reading an import file', () => {
  it('reads an xlsx: header matched whatever its case and spacing, dates and numbers as text', async () => {
    const file = await xlsx([
      ['start date', 'DOMAIN', 'member#', ' Product ', 'dba', 'Notes'],
      [
        { value: new Date(Date.UTC(2027, 0, 15)), type: Date, format: 'yyyy-mm-dd' },
        'one.example.com',
        { value: 3000001, type: Number },
        'IDX Website',
        'One Realty',
        'ignored',
      ],
      [null, 'two.example.com', '3000002', 'VOW Website', null, null],
    ]);
    expect(await readImportFile(file)).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          domainName: 'one.example.com',
          memberNumber: '3000001',
          product: 'IDX Website',
          dba: 'One Realty',
          startDate: '2027-01-15',
        },
        {
          row: 3,
          domainName: 'two.example.com',
          memberNumber: '3000002',
          product: 'VOW Website',
          dba: '',
          startDate: '',
        },
      ],
    });
  });

  it('reads a csv, quoted cells and a byte order mark included', async () => {
    const file = csv(
      '\uFEFFDomain,Member #,Product,DBA,Start Date\r\n"a.example.com",3000001,"IDX Website","Smith, Jones & Co",12/01/2027\r\n\r\n',
    );
    expect(await readImportFile(file)).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          domainName: 'a.example.com',
          memberNumber: '3000001',
          product: 'IDX Website',
          dba: 'Smith, Jones & Co',
          startDate: '12/01/2027',
        },
      ],
    });
  });

  it('refuses what is not a spreadsheet', async () => {
    const notSheet = { ok: false, message: ImportMessages.notSpreadsheet };
    expect(await readImportFile(csv('Domain', 'sites.pdf'))).toEqual(notSheet);
    expect(await readImportFile(csv('just text', 'sites.xlsx'))).toEqual(notSheet);
    expect(await readImportFile(csv('a\u0000b', 'sites.csv'))).toEqual(notSheet);
  });

  it('names the missing columns', async () => {
    const file = await xlsx([
      ['Domain', 'Product', 'DBA'],
      ['a.example.com', 'IDX Website', ''],
    ]);
    expect(await readImportFile(file)).toEqual({
      ok: false,
      message: ImportMessages.missingColumns(['Member #', 'Start Date']),
    });
  });

  it('refuses an empty file, and one with a header only', async () => {
    const empty = { ok: false, message: ImportMessages.empty };
    expect(await readImportFile(csv(''))).toEqual(empty);
    expect(await readImportFile(csv('\n\n'))).toEqual(empty);
    expect(await readImportFile(await xlsx([HEADER]))).toEqual(empty);
  });

  it('refuses more than 5,000 rows', () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [
      `s${i}.example.com`,
      '1',
      '1',
      '',
      '',
    ]);
    expect(rowsFromTable([HEADER, ...rows])).toEqual({
      ok: false,
      message: ImportMessages.tooManyRows(IMPORT_MAX_ROWS + 1),
    });
    expect(rowsFromTable([HEADER, ...rows.slice(1)]).ok).toBe(true);
  });

  it('refuses a formula in an xlsx, naming its cell', async () => {
    const file = await xlsx([
      HEADER,
      ['a.example.com', '1', 'IDX Website', { value: 'CONCAT("a","b")', type: 'Formula' }, ''],
    ]);
    expect(await readImportFile(file)).toEqual({ ok: false, message: ImportMessages.formula('D2') });
  });

  it('refuses a formula typed into a csv', async () => {
    const file = csv('Domain,Member #,Product,DBA,Start Date\na.example.com,1,IDX Website,=1+2,\n');
    expect(await readImportFile(file)).toEqual({ ok: false, message: ImportMessages.formula('D2') });
  });

  it('refuses a huge cell, naming it', async () => {
    const file = csv(
      `Domain,Member #,Product,DBA,Start Date\na.example.com,1,IDX Website,${'x'.repeat(1001)},\n`,
    );
    expect(await readImportFile(file)).toEqual({ ok: false, message: ImportMessages.hugeCell('D2') });
  });
});
