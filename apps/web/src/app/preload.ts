import { getToken } from '../lib/session.ts';
import { loadShell } from './load-shell.ts';
import { lightPages, pageKey, pages } from './pages.ts';

const quietly = (load: Promise<unknown>) => void load.catch(() => undefined);

/**
 * Starts loading what the full app needs for this address at once, beside the router's own chunk,
 * instead of one after the other once the router has matched the route. A failed load is retried
 * by the route itself, which shows the error.
 */
export function preloadFullApp(pathname: string): void {
  const key = pageKey(pathname);
  const page = key ? pages[key] : undefined;
  if (page) quietly(page());
  if (key && lightPages.has(key)) return;
  quietly(loadShell());
  if (getToken()) {
    quietly(import('./account.ts'));
    quietly(import('../layout/app-layout.tsx'));
  }
}
