import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { endFirstPaint, firstPaintShown } from '../lib/first-paint.ts';
import { setNavigator } from '../lib/navigation.ts';
import { buildRoutes } from './router.tsx';

/** How long the first paint may stay over the app when the page does not end it. */
const FIRST_PAINT_LIMIT_MS = 15_000;

/** The full app: the data router with the guard, every route, and the shell they load. */
export function mountApp(root: Root): void {
  const router = createBrowserRouter(buildRoutes());
  setNavigator((to) => void router.navigate(to));
  // Rendered as a transition: React yields to the browser between components, so a phone stays
  // responsive while the app builds its first screen (under the first paint, if one is shown).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
  // A page that never says it is ready (a stuck call) still gets the full app after a while.
  if (firstPaintShown()) setTimeout(endFirstPaint, FIRST_PAINT_LIMIT_MS);
}
