import { SITE_STATUSES, SITE_STATUS_DISPLAY, type SiteStatus } from '@vp/contract';

/**
 * Links into the Websites page and their parameters (spec §2 routes): `filter` narrows the list
 * to a status, `site` opens one website by its rowKey. Built and read here only.
 */
export const WEBSITES_PATH = '/websites';

export function websiteSiteLink(rowKey: number | string): string {
  return `${WEBSITES_PATH}?site=${encodeURIComponent(String(rowKey))}`;
}

export function websitesFilterLink(status: SiteStatus): string {
  return `${WEBSITES_PATH}?filter=${encodeURIComponent(status)}`;
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
