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
  'mlsId',
  'memberNumber',
  'startDate',
  'termDate',
] as const;

/** Screens show at most 100 rows; the whole list is read through the export's stream instead. */
export const WEBSITE_PAGE_SIZE_MAX = 500;

/**
 * What a list can be narrowed to besides status and search: `documents`, the sites missing a
 * document they need (the dashboard's "Sites missing documents"), and `compliance`, the sites with
 * an open compliance finding (its "Compliance findings").
 */
export const WEBSITE_LIST_MISSING = ['documents', 'compliance'] as const;

/**
 * The most websites a list can be narrowed to by id (`ids=12,15,31`): a notification about several
 * sites opens them so; one about more opens the whole list.
 */
export const WEBSITE_LIST_IDS_MAX = 200;

export const WebsiteListMessages = {
  idsInvalid: `ids names up to ${WEBSITE_LIST_IDS_MAX} website ids, separated by commas.`,
  /** The list's tag while it shows the sites a notification named. */
  idsFilter: (n: number) => `${n} ${n === 1 ? 'website' : 'websites'} of a notification`,
} as const;

/** `ids` as the list and its addresses write it: the ids, each once, in the order given. */
export function parseSiteIds(text: string | null | undefined): number[] | null {
  if (!text || !/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(text)) return null;
  const ids = [...new Set(text.split(',').map(Number))];
  if (ids.length > WEBSITE_LIST_IDS_MAX || ids.some((id) => id > 2_147_483_647)) return null;
  return ids;
}
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
