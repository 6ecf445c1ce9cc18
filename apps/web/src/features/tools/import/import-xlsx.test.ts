import { WebsiteMessages, type ImportRowResult } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { resultSheet, templateSheet } from './import-xlsx.ts';
import { rowsFromTable } from './read-import-file.ts';

const plain = (cell: unknown) => (cell && typeof cell === 'object' && 'value' in cell ? cell.value : cell);

describe('the workbooks of the import', () => {
  it('the template has the header row the reader expects and one example row', () => {
    // The example's date is written as the portal writes dates, and read back as the import reads it.
    const sheet = templateSheet({ memberNumber: '3000001', product: 'IDX Website', startDate: '01/01/2027' });
    const read = rowsFromTable(sheet.map((row) => row.map(plain) as string[]));
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          domainName: 'www.example-agent-site.com',
          memberNumber: '3000001',
          product: 'IDX Website',
          dba: 'Example Realty',
          startDate: '01/01/2027',
        },
      ],
    });
  });

  it('the result adds a Status column: Created, OK before the import, or the message', () => {
    const rows = [2, 3, 4].map((row) => ({
      row,
      domainName: `s${row}.example.com`,
      memberNumber: '1',
      product: 'IDX Website',
      dba: '',
      startDate: '',
    }));
    const results = new Map<number, ImportRowResult>([
      [2, { row: 2, ok: true, message: '', siteId: 41 }],
      [3, { row: 3, ok: false, message: WebsiteMessages.agentNotFound, siteId: null }],
      [4, { row: 4, ok: true, message: '', siteId: null }],
    ]);
    const sheet = resultSheet(rows, results).map((row) => row.map(plain));
    expect(sheet[0]).toEqual(['Row', 'Domain', 'Member #', 'Product', 'DBA', 'Start Date', 'Status']);
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[6]])).toEqual([
      [2, 's2.example.com', 'Created'],
      [3, 's3.example.com', WebsiteMessages.agentNotFound],
      [4, 's4.example.com', 'OK'],
    ]);
  });
});
