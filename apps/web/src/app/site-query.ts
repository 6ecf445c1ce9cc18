import { SITE_QUERY_DELAY_MS } from '@vp/contract';
import { navigateTo } from '../lib/navigation.ts';
import { WEBSITES_PATH, websiteSiteLink } from '../lib/website-links.ts';

/**
 * The `site` query parameter (spec §2 Route guard): on any route, after a short delay the app goes
 * to the Websites page, which reads `site` itself and opens that website.
 */
function openOnWebsitesPage(rowKey: string): void {
  // Already there: the page has opened the modal from the same parameter.
  if (window.location.pathname === WEBSITES_PATH) return;
  navigateTo(websiteSiteLink(rowKey));
}

/** Schedules the hand-over; the returned function cancels it (e.g. when the user navigates on). */
export function scheduleSiteQuery(rowKey: string, delayMs = SITE_QUERY_DELAY_MS): () => void {
  const timer = setTimeout(() => openOnWebsitesPage(rowKey), delayMs);
  return () => clearTimeout(timer);
}
