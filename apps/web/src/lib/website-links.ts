import {
  SITE_STATUSES,
  SITE_STATUS_DISPLAY,
  WEBSITE_LIST_MISSING,
  type SiteStatus,
  type WebsiteListMissing,
} from '@vp/contract';

/**
 * Links into the Websites page and their parameters (spec §2 routes): `filter` narrows the list
 * to a status, `missing=documents` to the sites missing a document they need, `site` opens one
 * website by its rowKey. Built and read here only.
 */
export const WEBSITES_PATH = '/websites';

export function websiteSiteLink(rowKey: number | string): string {
  return `${WEBSITES_PATH}?site=${encodeURIComponent(String(rowKey))}`;
}

export function websitesFilterLink(status: SiteStatus): string {
  return `${WEBSITES_PATH}?filter=${encodeURIComponent(status)}`;
}

/** The sites the dashboard counts as "Sites missing documents". */
export function websitesMissingLink(missing: WebsiteListMissing): string {
  return `${WEBSITES_PATH}?missing=${encodeURIComponent(missing)}`;
}

/** The list of the websites a notification named (`ids=12,15,31`). */
export function websitesIdsLink(ids: readonly number[]): string {
  return `${WEBSITES_PATH}?ids=${ids.join(',')}`;
}

/** A `missing` value the list knows, any case; anything else means no such filter. */
export function parseMissingFilter(raw: string | null | undefined): WebsiteListMissing | null {
  const v = raw?.trim().toLowerCase();
  return WEBSITE_LIST_MISSING.find((m) => m === v) ?? null;
}

/** A status by wire value or display name, any case; anything else means no filter. */
export function parseStatusFilter(raw: string | null | undefined): SiteStatus | null {
  if (!raw) return null;
  const v = raw.trim().toLowerCase();
  for (const s of SITE_STATUSES) {
    if (s.toLowerCase() === v || SITE_STATUS_DISPLAY[s].toLowerCase() === v) return s;
  }
  return null;
}

/** A `site` parameter names a website by its positive integer rowKey. */
export function parseSiteParam(raw: string | null | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
