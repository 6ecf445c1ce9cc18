import type { Profile } from '@vp/contract';
import { ApiPaths } from '../lib/api-paths.ts';
import { fetchEarly, fetchEarlyAfter } from '../lib/http.ts';
import { getToken } from '../lib/session.ts';
import { loadShell } from './load-shell.ts';
import { lightPages, pageKey, pages } from './pages.ts';

export function mayReadVendorData(profile: unknown): boolean {
  return (profile as Partial<Profile> | null)?.acceptedTOS === true;
}

const quietly = (load: Promise<unknown>) => void load.catch(() => undefined);

/**
 * What a page asks the server for as it opens, besides the profile every signed-in page checks:
 * the layout reads the vendor's metadata on every page (its flags decide the menu) and the
 * dashboard shows it. The first paint adds the Websites page's list (app/first-paint.tsx).
 */
export function pageData(pathname: string): readonly string[] {
  const key = pageKey(pathname);
  return key === '/dashboard' || key === '/websites' ? [ApiPaths.metadata] : [];
}

/**
 * Starts the calls a signed-in page opens with: the profile at once, the page's data once the
 * profile allows it. The guard sends a user who has not accepted the terms to /tos, and the server
 * refuses them the page's data: it is asked for once the profile says they are accepted. Asking
 * twice (the first paint, then the app) makes each call once.
 */
export function fetchPageDataEarly(pathname: string, more: readonly string[] = []): void {
  if (!getToken()) return;
  fetchEarly([ApiPaths.profile]);
  const data = [...pageData(pathname), ...more];
  if (data.length > 0)
    fetchEarlyAfter(ApiPaths.profile, (profile) => (mayReadVendorData(profile) ? data : []));
}

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
  if (key && lightPages.has(key)) return;
  quietly(loadShell());
  if (getToken()) {
    fetchPageDataEarly(pathname);
    quietly(import('./account.ts'));
    quietly(import('../layout/app-layout.tsx'));
  }
}
