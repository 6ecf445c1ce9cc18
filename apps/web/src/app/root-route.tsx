import { PRODUCT_NAME, TITLE_SUFFIX } from '@vp/contract';
import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { LoadFailure } from '../components/load-failure.tsx';
import { UnsavedChangesBlocker } from '../components/unsaved-changes-blocker.tsx';
import { endFirstPaint, firstPaintPath } from '../lib/first-paint.ts';
import { useSession } from '../lib/session.ts';
import { findRoute } from '../lib/route-table.ts';
import { scheduleSiteQuery } from './site-query.ts';

export function pageTitle(path: string, roles?: readonly string[]): string {
  const title = findRoute(path, roles)?.title;
  return title ? `${title}${TITLE_SUFFIX}` : PRODUCT_NAME;
}

/** Page title, the `site` parameter hand-over and the unsaved-changes guard, for every route. */
export function RootRoute() {
  const { pathname, search } = useLocation();
  const { token, roles } = useSession();

  useEffect(() => {
    document.title = pageTitle(pathname, roles);
  }, [pathname, roles]);

  // The first paint stands in for one address; the guard's redirect or a link ends it.
  useLayoutEffect(() => {
    const shown = firstPaintPath();
    if (shown !== null && shown !== pathname) endFirstPaint();
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

/**
 * Shown when a route cannot be shown and no layout is on screen around it: the shell's or the
 * layout's own code did not arrive, or a login-free page failed. Framed like the login page.
 */
export function RouteError() {
  return <LoadFailure error={useRouteError()} framed />;
}

/**
 * Shown in the signed-in layout's content area when a page cannot be shown, most often because its
 * code did not arrive (the portal cannot be reached, or a new version has replaced it).
 */
export function PageError() {
  return <LoadFailure error={useRouteError()} />;
}
