import type { Website } from './website.ts';

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
