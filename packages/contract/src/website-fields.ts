import type { Website } from './website.ts';

/**
 * The websites list's sort fields, page size ceiling and narrowing filters, apart from the wire
 * schemas so a page's first paint can read them without loading the schema library.
 */

export const WEBSITE_SORT_FIELDS = [
  'domainName',
  'status',
  'licensee',
  'mlsStatus',
  'office',
  'memberNumber',
  'startDate',
  'termDate',
] as const;

/** Screens show at most 100 rows; the whole list is read through the export's stream instead. */
export const WEBSITE_PAGE_SIZE_MAX = 500;

/**
 * What a list can be narrowed to besides status and search: `documents`, the sites missing a
 * document they need (the dashboard's "Sites missing documents").
 */
export const WEBSITE_LIST_MISSING = ['documents'] as const;
export type WebsiteListMissing = (typeof WEBSITE_LIST_MISSING)[number];

/** The websites table's columns as the table, its first paint and the export (spec §9) name them. */
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
