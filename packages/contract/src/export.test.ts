import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  exportHeaders,
  exportRow,
  orderedKeys,
  websiteXlsxRequestSchema,
  type ExportSite,
} from './export.ts';
import { EXPORT_COLUMNS } from './website-fields.ts';

function site(overrides: Partial<ExportSite> = {}): ExportSite {
  return {
    domainName: 'summit-homes.example.com',
    status: 'Pending Activation',
    licensee: 'Alice Agent',
    mlsStatus: 'Active',
    office: 'Summit Realty',
    mlsId: 'K100',
    memberNumber: 'M100',
    startDate: '2026-01-15',
    termDate: null,
    ...overrides,
  };
}

describe('export rows', () => {
  it('header row is the spec columns in order, then one row per site in the same order', () => {
    expect(exportHeaders()).toEqual([
      'Domain',
      'Status',
      'Licensee',
      'MLS Status',
      'Office',
      'MLS ID',
      'Member #',
      'Start Date',
      'Term Date',
    ]);
    const sites = [
      site({ termDate: '2027-03-01', status: 'Pending Termination' }),
      site({ domainName: 'b.example.com', startDate: null, mlsStatus: 'Terminated' }),
    ];
    expect(sites.map((s) => exportRow(s))).toEqual([
      [
        'summit-homes.example.com',
        'Inactive (Pending)',
        'Alice Agent',
        'Active',
        'Summit Realty',
        'K100',
        'M100',
        '01/15/2026',
        '03/01/2027',
      ],
      [
        'b.example.com',
        'Active (Pending)',
        'Alice Agent',
        'Terminated',
        'Summit Realty',
        'K100',
        'M100',
        '',
        '',
      ],
    ]);
  });

  it('picked columns come out in the spec order whatever order they were picked in', () => {
    const keys = orderedKeys(['termDate', 'domainName', 'status']);
    expect(exportHeaders(keys)).toEqual(['Domain', 'Status', 'Term Date']);
    expect(exportRow(site(), ['termDate', 'domainName', 'status'])).toEqual([
      'summit-homes.example.com',
      'Active (Pending)',
      '',
    ]);
  });

  it('a date of 0001-01-01 is no date', () => {
    expect(exportRow(site({ startDate: '0001-01-01' }), ['startDate'])).toEqual(['']);
  });

  it('every column has a header', () => {
    expect(exportHeaders()).toHaveLength(EXPORT_COLUMNS.length);
  });
});

describe('export file name', () => {
  it('is the vendor, then websites, then the date', () => {
    expect(exportFileName('SWS', '2026-11-25')).toBe('SWS-websites-2026-11-25.xlsx');
  });

  it('keeps only letters, digits, dots and dashes of the vendor, accents dropped', () => {
    expect(exportFileName('Zoë & Co. / "IDX"', '2026-01-02')).toBe('Zoe-Co.-IDX-websites-2026-01-02.xlsx');
    expect(exportFileName('../..', '2026-01-02')).toBe('vendor-websites-2026-01-02.xlsx');
  });
});

describe('export request', () => {
  it('takes known columns, picked site keys and a yyyy-mm-dd date', () => {
    const body = websiteXlsxRequestSchema.parse({
      columns: ['termDate', 'domainName'],
      ids: [3, 1],
      date: '2026-11-25',
    });
    expect(body).toMatchObject({
      columns: ['termDate', 'domainName'],
      ids: [3, 1],
      sort: 'domainName',
      order: 'asc',
    });
  });

  it('refuses an unknown column, no columns and a date in another form, each with its message', () => {
    const issues = (v: unknown) => websiteXlsxRequestSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues({ columns: ['password'] })).toEqual(['That column is not one the spreadsheet has.']);
    expect(issues({ columns: [] })).toEqual(['Choose at least one column to export.']);
    expect(issues({ date: '11/25/2026' })).toEqual(['The date must be written yyyy-mm-dd.']);
  });
});
