import { EXPORT_COLUMNS, SITE_STATUS_DISPLAY, displayDate, type Website } from '@vp/contract';

/**
 * The spreadsheet's rows (spec §9 Spreadsheet export), as plain data so the same code runs in the
 * export worker and in tests. Statuses use their display names and dates MM/DD/YYYY, as on screen.
 */
export type ExportColumnKey = (typeof EXPORT_COLUMNS)[number]['key'];
export const ALL_EXPORT_KEYS: readonly ExportColumnKey[] = EXPORT_COLUMNS.map((c) => c.key);

export type ExportSite = Pick<Website, ExportColumnKey>;

export interface HeaderCell {
  value: string;
  fontWeight: 'bold';
}
export type ExportRow = string[];

export function exportHeader(keys: readonly ExportColumnKey[] = ALL_EXPORT_KEYS): HeaderCell[] {
  // Columns always come out in the spec's order, whatever order they were picked in.
  return EXPORT_COLUMNS.filter((c) => keys.includes(c.key)).map((c) => ({
    value: c.header,
    fontWeight: 'bold' as const,
  }));
}

export function exportCell(site: ExportSite, key: ExportColumnKey): string {
  switch (key) {
    case 'status':
      return SITE_STATUS_DISPLAY[site.status] ?? site.status;
    case 'startDate':
    case 'termDate': {
      const v = site[key];
      return v && !v.startsWith('0001-01-01') ? displayDate(v) : '';
    }
    default:
      return site[key] ?? '';
  }
}

export function exportRow(site: ExportSite, keys: readonly ExportColumnKey[] = ALL_EXPORT_KEYS): ExportRow {
  return EXPORT_COLUMNS.filter((c) => keys.includes(c.key)).map((c) => exportCell(site, c.key));
}

/** The picked columns in the spec's order. */
export function orderedKeys(keys: readonly ExportColumnKey[]): ExportColumnKey[] {
  return EXPORT_COLUMNS.filter((c) => keys.includes(c.key)).map((c) => c.key);
}

/** Header row, then one row per site, columns in EXPORT_COLUMNS order. */
export function buildExportSheet(
  sites: readonly ExportSite[],
  keys: readonly ExportColumnKey[] = ALL_EXPORT_KEYS,
): [HeaderCell[], ...ExportRow[]] {
  const ordered = orderedKeys(keys);
  return [exportHeader(ordered), ...sites.map((s) => exportRow(s, ordered))];
}

/** Column widths (in characters) that fit the usual content without a resize in the spreadsheet. */
export const EXPORT_COLUMN_WIDTHS: Record<ExportColumnKey, number> = {
  domainName: 32,
  status: 18,
  licensee: 26,
  mlsStatus: 13,
  office: 30,
  mlsId: 12,
  memberNumber: 12,
  startDate: 12,
  termDate: 12,
};

// Characters XML 1.0 does not allow at all; they are dropped rather than escaped. Matching control
// characters is the point here.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[<>&"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * SpreadsheetML rows for the data part of the sheet (row numbers from `firstRow`), with inline
 * strings. The workbook around them (styles, header row, frozen pane, zip) is write-excel-file's;
 * writing the tens of thousands of plain text rows directly is what keeps a 50,000-row export
 * within a few seconds.
 */
export function sheetRowsXml(rows: readonly ExportRow[], firstRow: number): string {
  const parts: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    // Cells carry no address: they fill the row's columns in order, an empty one as <c/>.
    let xml = `<row r="${firstRow + i}">`;
    for (const v of rows[i]!) xml += v ? `<c t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>` : '<c/>';
    parts.push(`${xml}</row>`);
  }
  return parts.join('');
}
