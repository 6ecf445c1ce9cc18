import type { Root } from 'react-dom/client';
import { LoadFailure } from '../components/load-failure.tsx';
import { loadChunk } from '../lib/chunk-load.ts';
import { endFirstPaint } from '../lib/first-paint.ts';
import { preloadFullApp } from './preload.ts';

/**
 * Starts the full app in the page's root: what this address needs is asked for at once, side by
 * side, then the app mounts. A chunk of its own, so the entry (and with it the login page) carries
 * no list of the full app's chunks.
 */
export function startFullApp(root: Root): void {
  preloadFullApp(window.location.pathname);
  void loadChunk(() => import('./app.tsx')).then(
    ({ mountApp }) => mountApp(root),
    (error: unknown) => {
      endFirstPaint();
      root.render(<LoadFailure error={error} framed />);
    },
  );
}
