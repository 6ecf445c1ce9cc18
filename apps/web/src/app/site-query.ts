import { SITE_QUERY_DELAY_MS } from '@vp/contract';
import { navigateTo } from '../lib/navigation.ts';

/**
 * The `site` query parameter (spec §2 Route guard): on any route, after a short delay the app goes
 * to the Websites page and opens that site. The Websites page itself reads `site` and opens the
 * modal, so the default hand-over only has to get there; a feature may register its own handler.
 */
export type SiteQueryHandler = (rowKey: string) => void;

export const WEBSITES_PATH = '/websites';

export function websitesSiteLink(rowKey: string): string {
  return `${WEBSITES_PATH}?site=${encodeURIComponent(rowKey)}`;
}

function openOnWebsitesPage(rowKey: string): void {
  // Already there: the page has opened the modal from the same parameter.
  if (window.location.pathname === WEBSITES_PATH) return;
  navigateTo(websitesSiteLink(rowKey));
}

let handler: SiteQueryHandler = openOnWebsitesPage;

export function registerSiteQueryHandler(next: SiteQueryHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = openOnWebsitesPage;
  };
}

/** Schedules the hand-over; the returned function cancels it (e.g. when the user navigates on). */
export function scheduleSiteQuery(rowKey: string, delayMs = SITE_QUERY_DELAY_MS): () => void {
  const timer = setTimeout(() => handler(rowKey), delayMs);
  return () => clearTimeout(timer);
}
