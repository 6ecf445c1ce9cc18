import type { BadgeTone } from './colors.ts';

/** Site status values (spec §4). Wire values are the plain names. */
export const SITE_STATUSES = ['Pending Activation', 'Pending Termination', 'Active', 'Inactive'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const SITE_STATUS_DISPLAY: Record<SiteStatus, string> = {
  'Pending Activation': 'Active (Pending)',
  'Pending Termination': 'Inactive (Pending)',
  Active: 'Active',
  Inactive: 'Inactive',
};

/**
 * The order a list sorted by status follows, the product's (Active, Active (Pending), Inactive
 * (Pending), Inactive); the server keeps the same rank on each site (migration 0010).
 */
export const SITE_STATUS_SORT_ORDER: readonly SiteStatus[] = [
  'Active',
  'Pending Activation',
  'Pending Termination',
  'Inactive',
];

/** Badge tone of each site status: Active success, Inactive danger, Pending Termination danger. */
export const SITE_STATUS_TONE: Record<SiteStatus, BadgeTone> = {
  'Pending Activation': 'warning',
  'Pending Termination': 'danger',
  Active: 'success',
  Inactive: 'danger',
};

export const MLS_STATUSES = ['Active', 'Terminated', 'Suspended', 'Q Suspended'] as const;
export type MlsStatus = (typeof MLS_STATUSES)[number];

/** Badge tone of each MLS status: Suspension warning, Terminated info. */
export const MLS_STATUS_TONE: Record<MlsStatus, BadgeTone> = {
  Active: 'success',
  Terminated: 'info',
  Suspended: 'warning',
  'Q Suspended': 'warning',
};

/** The dashboard's status figures, each linking to the Websites list filtered by that status. */
export const METADATA_STATUS_FIELDS = [
  { field: 'sitesActive', status: 'Active' },
  { field: 'sitesPendingActivation', status: 'Pending Activation' },
  { field: 'sitesPendingTermination', status: 'Pending Termination' },
  { field: 'sitesInactive', status: 'Inactive' },
] as const satisfies readonly { field: string; status: SiteStatus }[];
