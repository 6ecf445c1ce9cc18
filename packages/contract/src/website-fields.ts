/**
 * The websites list's sort fields and narrowings, without the schemas around them (website.ts), so
 * screens that only read a list's address need no schema code.
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

/**
 * What a list can be narrowed to besides status and search: `documents`, the sites missing a
 * document they need (the dashboard's "Sites missing documents").
 */
export const WEBSITE_LIST_MISSING = ['documents'] as const;
