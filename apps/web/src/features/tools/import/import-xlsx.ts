import { IMPORT_COLUMNS, type ImportRow, type ImportRowResult } from '@vp/contract';
import writeXlsxFile, { type Row } from 'write-excel-file/browser';

/** The workbooks of the import page: the template, and the file's rows with their status. Loaded on demand. */

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const WIDTHS = [{ width: 34 }, { width: 14 }, { width: 20 }, { width: 28 }, { width: 14 }];

export const TEMPLATE_FILE = 'import-websites-template.xlsx';

/** The header row and one example row, every cell text so nothing is read back as a number or date. */
export function templateSheet(example: { memberNumber: string; product: string; startDate: string }): Row[] {
  return [
    IMPORT_COLUMNS.map((c) => bold(c.title)),
    [
      'www.example-agent-site.com',
      example.memberNumber,
      example.product,
      'Example Realty',
      example.startDate,
    ],
  ];
}

export async function downloadTemplate(example: Parameters<typeof templateSheet>[0]): Promise<void> {
  await writeXlsxFile(templateSheet(example), {
    sheet: 'Websites',
    stickyRowsCount: 1,
    columns: WIDTHS,
  }).toFile(TEMPLATE_FILE);
}

/** The file's rows as read, with a Status column: Created, OK (dry run) or the row's message. */
export function resultSheet(
  rows: readonly ImportRow[],
  results: ReadonlyMap<number, ImportRowResult>,
): Row[] {
  const status = (r: ImportRowResult | undefined) => {
    if (!r) return '';
    if (!r.ok) return r.message;
    return r.siteId === null ? 'OK' : 'Created';
  };
  return [
    [bold('Row'), ...IMPORT_COLUMNS.map((c) => bold(c.title)), bold('Status')],
    ...rows.map((row): Row => [
      { value: row.row, type: Number },
      ...IMPORT_COLUMNS.map((c) => row[c.key] ?? ''),
      status(results.get(row.row)),
    ]),
  ];
}

export const RESULT_FILE = 'import-websites-result.xlsx';

export async function downloadResult(
  rows: readonly ImportRow[],
  results: ReadonlyMap<number, ImportRowResult>,
): Promise<void> {
  await writeXlsxFile(resultSheet(rows, results), {
    sheet: 'Import',
    stickyRowsCount: 1,
    columns: [{ width: 8 }, ...WIDTHS, { width: 60 }],
  }).toFile(RESULT_FILE);
}
