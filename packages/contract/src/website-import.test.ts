import { describe, expect, it } from 'vitest';
import { PrimitiveMessages } from './primitives.ts';
import {
  IMPORT_CELL_MAX,
  IMPORT_MAX_ROWS,
  ImportMessages,
  cellName,
  headerKey,
  importCommitSchema,
  importDate,
  importProducts,
  matchColumns,
  readImportRow,
} from './website-import.ts';
import { WebsiteMessages } from './website-rules.ts';

const row = (overrides: Record<string, string> = {}) => ({
  row: 2,
  domainName: 'www.Example-Homes.com/listings',
  memberNumber: ' 3000001 ',
  product: 'IDX Website',
  dba: ' Example Homes ',
  startDate: '',
  ...overrides,
});

describe('the columns of an import file', () => {
  it('match whatever their case and spacing, in any order, other columns ignored', () => {
    expect(headerKey('  Member  # ')).toBe('member#');
    expect(matchColumns(['start date', 'Notes', 'DOMAIN', 'member#', 'Product', ' dba '])).toEqual({
      ok: true,
      index: { startDate: 0, domainName: 2, memberNumber: 3, product: 4, dba: 5 },
    });
  });

  it('name every column missing, in the order of the template', () => {
    expect(matchColumns(['Domain', 'Product', 'Start Dte'])).toEqual({
      ok: false,
      missing: ['Member #', 'DBA', 'Start Date'],
    });
    expect(ImportMessages.missingColumns(['DBA'])).toBe(
      'The file is missing the column DBA. The first row must name the columns Domain, Member #, Product, DBA, Start Date.',
    );
  });

  it('name cells as a spreadsheet does', () => {
    expect([cellName(2, 1), cellName(10, 26), cellName(3, 27), cellName(1, 703)]).toEqual([
      'A2',
      'Z10',
      'AA3',
      'AAA1',
    ]);
  });
});

describe('the rows sent to the server', () => {
  it('are 1 to 5,000, with cells of at most 1,000 characters and no formula', () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ row: i + 2, domainName: 'a.example.com' }));
    expect(importCommitSchema.safeParse({ rows: rows(IMPORT_MAX_ROWS) }).success).toBe(true);
    const issue = (body: unknown) => importCommitSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ rows: rows(IMPORT_MAX_ROWS + 1) })).toBe(ImportMessages.tooManyRowsSent);
    expect(issue({ rows: [] })).toBe(ImportMessages.empty);
    expect(issue({ rows: [{ row: 2, dba: 'x'.repeat(IMPORT_CELL_MAX + 1) }] })).toBe(
      'A cell holds at most 1,000 characters.',
    );
    expect(issue({ rows: [{ row: 2, dba: ' =SUM(A1:A2)' }] })).toBe(
      'Formulas are not accepted; please send their values.',
    );
    expect(importCommitSchema.parse({ rows: [{ row: 2 }] })).toEqual({
      rows: [{ row: 2, domainName: '', memberNumber: '', product: '', dba: '', startDate: '' }],
      onlyIfAllValid: false,
    });
  });
});

describe('a row read with the website modal rules', () => {
  it('normalises the domain and trims the cells', () => {
    expect(readImportRow(row())).toEqual({
      ok: true,
      value: {
        domainName: 'www.example-homes.com',
        memberNumber: '3000001',
        products: ['IDX Website'],
        dba: 'Example Homes',
        startDate: null,
      },
    });
  });

  it.each([
    [{ domainName: '' }, WebsiteMessages.domainRequired],
    [{ domainName: 'no spaces.com' }, WebsiteMessages.domainInvalid],
    [{ memberNumber: '  ' }, WebsiteMessages.agentRequired],
    [{ memberNumber: '9'.repeat(51) }, WebsiteMessages.agentNotFound],
    [{ product: ' ; ' }, WebsiteMessages.productRequired],
    [{ dba: 'x'.repeat(201) }, 'DBA cannot be more than 200 characters.'],
    [{ startDate: '15.01.2027' }, ImportMessages.startDateFormat],
    [{ startDate: '2027-13-01' }, PrimitiveMessages.dateInvalid],
    [{ startDate: '2099-01-01' }, WebsiteMessages.startDateTooFar],
  ])('%o: %s', (overrides, message) => {
    expect(readImportRow(row(overrides))).toEqual({ ok: false, message });
  });

  it('reads dates as yyyy-mm-dd, yyyy/m/d or m/d/yyyy, and products by name or id', () => {
    expect(['2027-01-05', '2027/1/5', '1/5/2027', '01/05/2027'].map(importDate)).toEqual(
      Array(4).fill('2027-01-05'),
    );
    expect(importDate('5 January 2027')).toBeNull();
    expect(importProducts('IDX Website; 3 ,')).toEqual(['IDX Website', '3']);
  });
});
