import { guardDecision, loginCodeRedirect, PRODUCT_NAME, TITLE_SUFFIX } from '@vp/contract';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { LoadFailureBoundary } from '../components/load-failure.tsx';
import { loadChunk } from '../lib/chunk-load.ts';
import { setNavigator } from '../lib/navigation.ts';
import { PageNavigationProvider, type PageNavigation } from '../lib/page-navigation.tsx';
import { findRoute } from '../lib/route-table.ts';
import { getToken } from '../lib/session.ts';
import { lightPageKey, lightPageLoaders, lightPages, sessionFreePages } from './light-pages.ts';

/**
 * The first page a signed-out user opens (login, forgot password, a mailed link's result) renders
 * here: the light page on the browser's history, without react-router, the guard's account code
 * or the app shell. It only ever shows what the guard allows without a session; any other address
 * (after logging in, or a link to a signed-in page) hands over to the full app (app/app.tsx), which
 * starts from the address as it then is.
 */

/**
 * Whether the light app may show this address: a light page, no session (unless the page is the
 * same for everyone, like a signing link), and the guard allows it.
 */
export function isLightLocation(url: URL): boolean {
  const key = lightPageKey(url.pathname);
  if (!key || !lightPages.has(key)) return false;
  if (getToken() && !sessionFreePages.has(key)) return false;
  const decision = guardDecision({
    path: url.pathname,
    fullPath: `${url.pathname}${url.search}`,
    query: Object.fromEntries(url.searchParams),
    storedToken: null,
    roles: [],
    acceptedTOS: null,
  });
  return decision.kind === 'allow';
}

/**
 * An address carrying a login code becomes the page that asks before using it, in place, before
 * either app decides anything: that page is light, so a link opened on a phone asks at once.
 */
export function settleLoginCodeLink(): void {
  const { pathname, search } = window.location;
  const to = loginCodeRedirect({
    path: pathname,
    fullPath: `${pathname}${search}`,
    query: Object.fromEntries(new URLSearchParams(search)),
  });
  if (to) window.history.replaceState(window.history.state, '', to);
}

const lightPageComponents = new Map<string, ComponentType>(
  [...lightPages].flatMap((path) => {
    const load = lightPageLoaders[path];
    return load ? [[path, lazy(() => loadChunk(load))] as const] : [];
  }),
);

function readLocation() {
  const { pathname, search } = window.location;
  return { pathname, search };
}

export function LightApp({ onLeave }: { onLeave: () => void }) {
  const [location, setLocation] = useState(readLocation);

  const navigate = useMemo<PageNavigation['navigate']>(
    () => (to, options) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      setLocation(readLocation());
    },
    [],
  );
  const navigation = useMemo<PageNavigation>(
    () => ({ search: location.search, navigate }),
    [location.search, navigate],
  );

  useEffect(() => {
    const sync = () => setLocation(readLocation());
    window.addEventListener('popstate', sync);
    setNavigator((to) => navigate(to));
    return () => window.removeEventListener('popstate', sync);
  }, [navigate]);

  const light = isLightLocation(new URL(`${location.pathname}${location.search}`, window.location.origin));
  useEffect(() => {
    if (!light) onLeave();
  }, [light, onLeave]);

  useEffect(() => {
    const title = findRoute(location.pathname)?.title;
    document.title = title ? `${title}${TITLE_SUFFIX}` : PRODUCT_NAME;
  }, [location.pathname]);

  const key = light ? lightPageKey(location.pathname) : undefined;
  const Page = key ? lightPageComponents.get(key) : undefined;
  if (!Page) return <div aria-busy="true" />;
  return (
    <PageNavigationProvider value={navigation}>
      <LoadFailureBoundary key={key}>
        <Suspense fallback={<div aria-busy="true" />}>
          <Page />
        </Suspense>
      </LoadFailureBoundary>
    </PageNavigationProvider>
  );
}
