import { SITE_STATUSES, SITE_STATUS_DISPLAY, type SiteStatus } from '@vp/contract';

/**
 * The Websites route's `filter` parameter (spec §2 routes): a status, by wire value or display
 * name, any case. Anything else means no filter.
 */
export function parseStatusFilter(raw: string | null | undefined): SiteStatus | null {
  if (!raw) return null;
  const v = raw.trim().toLowerCase();
  for (const s of SITE_STATUSES) {
    if (s.toLowerCase() === v || SITE_STATUS_DISPLAY[s].toLowerCase() === v) return s;
  }
  return null;
}

/** A `site` parameter names a website by its rowKey. */
export function parseSiteParam(raw: string | null | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
