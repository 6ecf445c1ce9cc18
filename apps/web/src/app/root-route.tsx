import { PRODUCT_NAME, TITLE_SUFFIX } from '@vp/contract';
import { useEffect } from 'react';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { UnsavedChangesBlocker } from '../components/unsaved-changes-blocker.tsx';
import { useSession } from '../lib/session.ts';
import { findRoute } from '../lib/route-table.ts';
import { scheduleSiteQuery } from './site-query.ts';

export function pageTitle(path: string): string {
  const title = findRoute(path)?.title;
  return title ? `${title}${TITLE_SUFFIX}` : PRODUCT_NAME;
}

/** Page title, the `site` parameter hand-over and the unsaved-changes guard, for every route. */
export function RootRoute() {
  const { pathname, search } = useLocation();
  const { token } = useSession();

  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  useEffect(() => {
    const site = new URLSearchParams(search).get('site');
    if (!site || !token) return undefined;
    return scheduleSiteQuery(site);
  }, [search, token]);

  return (
    <>
      <UnsavedChangesBlocker />
      <Outlet />
    </>
  );
}

/** Shown when a page fails to load (most often: a new version was deployed under an open tab). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main style={{ padding: 48, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Reloading usually fixes this.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
