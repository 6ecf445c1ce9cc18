import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { buildRoutes } from './router.tsx';

/** The full app: the data router with the guard, every route, and the shell they load. */
export function mountApp(root: Root): void {
  const router = createBrowserRouter(buildRoutes());
  setNavigator((to) => void router.navigate(to));
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
