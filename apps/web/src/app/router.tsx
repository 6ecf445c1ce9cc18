import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { guardLoader } from './guard.ts';
import { loadShell } from './load-shell.ts';
import { lightPages, pages } from './pages.ts';
import { PageError, RootRoute, RouteError } from './root-route.tsx';
import { constantRoutes, permissionRoutes, type AppRoute } from '../lib/route-table.ts';
import { RouterPageNavigation } from '../lib/router-page-navigation.tsx';
import { loadChunk } from '../lib/chunk-load.ts';

function pageRoute(
  route: AppRoute,
  load: () => Promise<{ default: ComponentType }>,
  light: boolean,
): RouteObject {
  return {
    path: route.path.slice(1),
    handle: route,
    lazy: async () => {
      const Page = (await loadChunk(load)).default;
      // Light pages navigate through page-navigation, which the light app also provides.
      return {
        Component: light
          ? () => (
              <RouterPageNavigation>
                <Page />
              </RouterPageNavigation>
            )
          : Page,
      };
    },
  };
}

/** Which pages a group of routes holds: public (login-free) or not, light (no app shell) or not. */
interface PageKind {
  public: boolean;
  light: boolean;
}

/** Routes of the table that have a page of the given kind. */
function routesWithPages(table: readonly AppRoute[], kind: PageKind): RouteObject[] {
  // Child routes (e.g. /tools/export-selected-excel) carry full paths, so they sit beside their parent.
  return table.flatMap((r): RouteObject[] => {
    const fits = !!r.public === kind.public && lightPages.has(r.path) === kind.light;
    const load = fits ? pages[r.path] : undefined;
    return [
      ...(load ? [pageRoute(r, load, kind.light)] : []),
      ...(fits && !load ? sectionRedirect(r) : []),
      ...(r.children ? routesWithPages(r.children, kind) : []),
    ];
  });
}

/** A section (a route with children, such as /admin) with no page of its own opens its redirect. */
function sectionRedirect(route: AppRoute): RouteObject[] {
  const to = route.redirect;
  if (!to || !route.children?.length) return [];
  return [{ path: route.path.slice(1), handle: route, loader: () => redirect(to), Component: Nothing }];
}

/** Routes that only redirect from their loader never render; this keeps the router from warning. */
function Nothing() {
  return null;
}

/** Builds the data router's tree from the route table (meta) and the page map (code). */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <RootRoute />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <div aria-busy="true" />,
      loader: guardLoader,
      // The guard must see every navigation, not only those that change the root's params.
      shouldRevalidate: () => true,
      children: [
        { index: true, loader: () => redirect('/dashboard'), Component: Nothing },
        ...routesWithPages(constantRoutes, { public: true, light: true }),
        {
          // The app shell (antd's theme, TanStack Query) around every page but the light ones.
          id: 'shell',
          lazy: async () => ({ Component: (await loadChunk(loadShell)).default }),
          children: [
            ...routesWithPages(constantRoutes, { public: true, light: false }),
            {
              id: 'layout',
              lazy: async () => ({
                Component: (await loadChunk(() => import('../layout/app-layout.tsx'))).default,
              }),
              children: [
                {
                  // A page that cannot be shown says so inside the layout, which stays usable.
                  id: 'pages',
                  errorElement: <PageError />,
                  children: routesWithPages([...constantRoutes, ...permissionRoutes], {
                    public: false,
                    light: false,
                  }),
                },
              ],
            },
          ],
        },
        { path: '*', loader: () => redirect('/404'), Component: Nothing },
      ],
    },
  ];
}
