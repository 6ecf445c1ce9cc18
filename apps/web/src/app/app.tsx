import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { takeFirstPaintAnswers } from '../lib/first-paint.ts';
import { forgetEarly } from '../lib/http.ts';
import { setNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { buildRoutes } from './router.tsx';

/** The full app: the data router with the guard, every route, and the shell they load. */
export function mountApp(root: Root): void {
  // The profile's early answer stays for the guard, which asks for it afresh.
  for (const { queryKey, data, updatedAt, early } of takeFirstPaintAnswers()) {
    queryClient.setQueryData(queryKey, data, { updatedAt });
    if (early) forgetEarly(early);
  }
  const router = createBrowserRouter(buildRoutes());
  setNavigator((to) => void router.navigate(to));
  // Rendered as a transition: React yields to the browser between components, so the app's first
  // render is many short tasks, and a tap or key on the page (or its first paint) is not held up.
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
