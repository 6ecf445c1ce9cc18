import { EXPORT_COLUMNS } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { website } from '../../../testing/fake-api.tsx';
import { buildExportSheet, exportRow, sheetRowsXml } from './export-rows.ts';

describe('export rows', () => {
  it('header row is the spec columns in order, then one row per site in the same order', () => {
    const sites = [
      website({ termDate: '2027-03-01', status: 'Pending Termination' }),
      website({ rowKey: 8, domainName: 'b.example.com', startDate: null, mlsStatus: 'Terminated' }),
    ];
    const [header, ...rows] = buildExportSheet(sites);
    expect(header.map((h) => h.value)).toEqual([
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
    expect(rows).toEqual([
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
    const [header, row] = buildExportSheet([website()], ['termDate', 'domainName', 'status']);
    expect(header.map((h) => h.value)).toEqual(['Domain', 'Status', 'Term Date']);
    expect(row).toEqual(['summit-homes.example.com', 'Active (Pending)', '']);
  });

  it('a date of 0001-01-01 is no date', () => {
    expect(exportRow(website({ startDate: '0001-01-01' }), ['startDate'])).toEqual(['']);
  });

  it('an empty list still has the header row', () => {
    expect(buildExportSheet([])).toHaveLength(1);
    expect(buildExportSheet([])[0]).toHaveLength(EXPORT_COLUMNS.length);
  });
});

describe('sheet rows XML', () => {
  it('numbers rows from the given row, writes inline strings in column order and escapes XML', () => {
    expect(
      sheetRowsXml(
        [
          ['a.com', ''],
          ['b&<c>', 'x"y\u0001'],
        ],
        2,
      ),
    ).toBe(
      '<row r="2"><c t="inlineStr"><is><t>a.com</t></is></c><c/></row>' +
        '<row r="3"><c t="inlineStr"><is><t>b&amp;&lt;c&gt;</t></is></c><c t="inlineStr"><is><t>x&quot;y</t></is></c></row>',
    );
  });
});
