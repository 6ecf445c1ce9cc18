import { ApiPaths } from '../lib/api-paths.ts';
import { fetchEarly } from '../lib/http.ts';
import { getToken } from '../lib/session.ts';
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
 * by the route itself, which shows the error. The calls the page opens with start now too.
 */
export function preloadFullApp(pathname: string): void {
  const key = pageKey(pathname);
  const page = key ? pages[key] : undefined;
  if (page) quietly(page());
  if (key && lightPages.has(key)) return;
  quietly(loadShell());
  if (getToken()) {
    fetchEarly([ApiPaths.profile, ...((key && PAGE_DATA[key]) ?? [])]);
    quietly(import('./account.ts'));
    quietly(import('../layout/app-layout.tsx'));
  }
}
