import { z } from './zod.ts';
import { displayDate, formatCount, isoDate } from './format.ts';
import { SITE_STATUS_DISPLAY } from './status.ts';
import { EXPORT_COLUMNS } from './website-fields.ts';
import { websiteListQuerySchema, type Website } from './website.ts';

/** The spreadsheet export of the websites table (spec §9). */

export type ExportColumnKey = (typeof EXPORT_COLUMNS)[number]['key'];
export const ALL_EXPORT_KEYS: readonly ExportColumnKey[] = EXPORT_COLUMNS.map((c) => c.key);
export type ExportSite = Pick<Website, ExportColumnKey>;

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

/** The sheet's name inside the workbook. */
export const EXPORT_SHEET_NAME = 'Websites';

/** The picked columns in the spec's order, whatever order they were picked in. */
export function orderedKeys(keys: readonly ExportColumnKey[]): ExportColumnKey[] {
  return EXPORT_COLUMNS.filter((c) => keys.includes(c.key)).map((c) => c.key);
}

/** The header row's texts for the picked columns, in the spec's order. */
export function exportHeaders(keys: readonly ExportColumnKey[] = ALL_EXPORT_KEYS): string[] {
  return EXPORT_COLUMNS.filter((c) => keys.includes(c.key)).map((c) => c.header);
}

/**
 * One cell as text: statuses use their display names and dates MM/DD/YYYY, as on screen; a
 * missing value (or the 0001-01-01 "no date") is an empty string.
 */
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

/** One site's row: the picked columns' cells in the spec's order. */
export function exportRow(site: ExportSite, keys: readonly ExportColumnKey[] = ALL_EXPORT_KEYS): string[] {
  return orderedKeys(keys).map((k) => exportCell(site, k));
}

/**
 * The file's name: the vendor's code (or name), then the date the user exported on, e.g.
 * `SWS-websites-2026-11-25.xlsx`. Anything that is not a letter, digit, dot or dash becomes a dash,
 * so the name is safe on every file system and in a Content-Disposition header.
 */
export function exportFileName(vendor: string, date: string = isoDate()): string {
  const safe = vendor
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 60);
  return `${safe || 'vendor'}-websites-${date}.xlsx`;
}

/**
 * `GET /api/portal/websites/export`: the whole filtered list in the list's order, as NDJSON (one
 * website per line). One export per user at a time.
 */
export const WEBSITES_EXPORT_PATH = '/portal/websites/export';
export const NDJSON_TYPE = 'application/x-ndjson';
/** The number of websites the export will stream (NDJSON) or has written (spreadsheet). */
export const EXPORT_TOTAL_HEADER = 'X-Total-Count';
export const websiteExportQuerySchema = websiteListQuerySchema.omit({ page: true, pageSize: true });
export type WebsiteExportQuery = z.input<typeof websiteExportQuerySchema>;

/**
 * `POST /api/portal/websites/export.xlsx`: the spreadsheet itself, streamed as it is written. The
 * body names the filter and sort (as the list's), the columns (default all) and, for a Custom
 * Export of picked rows, the sites' keys; `date` is the user's own date, for the file's name.
 */
export const WEBSITES_XLSX_PATH = '/portal/websites/export.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Sites one Custom Export of picked rows may name. */
export const EXPORT_IDS_MAX = 50_000;

export const ExportMessages = {
  busy: 'An export is already running for you. Please wait for it to finish, then try again.',
  noColumns: 'Choose at least one column to export.',
  badColumn: 'That column is not one the spreadsheet has.',
  badDate: 'The date must be written yyyy-mm-dd.',
  tooManyIds: `A Custom Export can hold at most ${formatCount(EXPORT_IDS_MAX)} picked websites; select all websites instead.`,
} as const;

export const websiteXlsxRequestSchema = websiteExportQuerySchema.extend({
  columns: z
    .array(
      z.enum(ALL_EXPORT_KEYS as [ExportColumnKey, ...ExportColumnKey[]], { error: ExportMessages.badColumn }),
    )
    .min(1, ExportMessages.noColumns)
    .max(EXPORT_COLUMNS.length)
    .optional(),
  ids: z.array(z.number().int().positive()).max(EXPORT_IDS_MAX, ExportMessages.tooManyIds).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, ExportMessages.badDate)
    .optional(),
});
export type WebsiteXlsxRequest = z.input<typeof websiteXlsxRequestSchema>;
