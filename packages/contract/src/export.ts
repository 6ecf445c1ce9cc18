import type { z } from './zod.ts';
import { websiteListQuerySchema, type Website } from './website.ts';

/** The spreadsheet export of the websites table (spec §9). */

export const EXPORT_FILE_NAME = 'table-list';
export const EXPORT_COLUMNS = [
  { key: 'domainName', header: 'Domain' },
  { key: 'status', header: 'Status' },
  { key: 'licensee', header: 'Licensee' },
  { key: 'mlsStatus', header: 'MLS Status' },
  { key: 'office', header: 'Office' },
  { key: 'mlsId', header: 'MLS ID' },
  { key: 'memberNumber', header: 'Member #' },
  { key: 'startDate', header: 'Start Date' },
  { key: 'termDate', header: 'Term Date' },
] as const satisfies readonly { key: keyof Website; header: string }[];

/**
 * `GET /api/portal/websites/export`: the whole filtered list in the list's order, as NDJSON (one
 * website per line), for the spreadsheet. One export per user at a time.
 */
export const WEBSITES_EXPORT_PATH = '/portal/websites/export';
export const NDJSON_TYPE = 'application/x-ndjson';
/** The number of websites the export will stream. */
export const EXPORT_TOTAL_HEADER = 'X-Total-Count';
export const websiteExportQuerySchema = websiteListQuerySchema.omit({ page: true, pageSize: true });
export type WebsiteExportQuery = z.input<typeof websiteExportQuerySchema>;

export const ExportMessages = {
  busy: 'An export is already running for you. Please wait for it to finish, then try again.',
} as const;
