import { ApiPaths } from '../lib/api-paths.ts';
import { fetchEarly, fetchEarlyAfter } from '../lib/http.ts';
import { getToken, mayReadVendorData } from '../lib/session.ts';
import { parseSiteParam } from '../lib/website-links.ts';
import { loadShell } from './load-shell.ts';
import { lightPages, pageKey, pages } from './pages.ts';

const quietly = (load: Promise<unknown>) => void load.catch(() => undefined);

/** What a page asks the server for as it opens, besides the profile every signed-in page checks. */
const PAGE_DATA: Partial<Record<string, readonly string[]>> = {
  '/dashboard': [ApiPaths.metadata],
};

/**
 * Starts loading what the full app needs for this address at once, beside the router's own chunk,
 * instead of one after the other once the router has matched the route. A failed load is retried
 * by the route itself, which shows the error. The calls the page opens with start now too, those
 * that read vendor data once the profile allows them.
 */
export function preloadFullApp(pathname: string): void {
  const key = pageKey(pathname);
  const page = key ? pages[key] : undefined;
  if (page) quietly(page());
  // A site opened by its address: its modal's code comes beside the list's.
  if (key === '/websites' && parseSiteParam(new URLSearchParams(window.location.search).get('site')))
    quietly(import('../features/websites/pages/composed-website-modal.tsx'));
  if (key && lightPages.has(key)) return;
  quietly(loadShell());
  if (getToken()) {
    fetchEarly([ApiPaths.profile]);
    const data = key ? PAGE_DATA[key] : undefined;
    // The guard sends a user who has not accepted the terms to /tos, and the server refuses them
    // the page's data: it is asked for once the profile says they are accepted.
    if (data) fetchEarlyAfter(ApiPaths.profile, (profile) => (mayReadVendorData(profile) ? data : []));
    quietly(import('./account.ts'));
    quietly(import('../layout/app-layout.tsx'));
  }
}
