import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { guardLoader } from './guard.ts';
import { pages } from './pages.ts';
import { RootRoute, RouteError } from './root-route.tsx';
import { constantRoutes, permissionRoutes, type AppRoute } from '../lib/route-table.ts';

function pageRoute(route: AppRoute, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return {
    path: route.path.slice(1),
    handle: route,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** Routes of the table that have a page, public (login-free) ones or the others. */
function routesWithPages(table: readonly AppRoute[], publicOnes: boolean): RouteObject[] {
  // Child routes (e.g. /tools/export-selected-excel) carry full paths, so they sit beside their parent.
  return table.flatMap((r): RouteObject[] => {
    const load = !!r.public === publicOnes ? pages[r.path] : undefined;
    return [
      ...(load ? [pageRoute(r, load)] : []),
      ...(r.children ? routesWithPages(r.children, publicOnes) : []),
    ];
  });
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
        ...routesWithPages(constantRoutes, true),
        {
          id: 'layout',
          lazy: async () => ({ Component: (await import('../layout/app-layout.tsx')).default }),
          children: routesWithPages([...constantRoutes, ...permissionRoutes], false),
        },
        { path: '*', loader: () => redirect('/404'), Component: Nothing },
      ],
    },
  ];
}
