import { validateWithoutEval } from '@vp/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLightLocation, LightApp, settleLoginCodeLink } from './app/light-app.tsx';
import { fetchPageDataEarly, preloadFullApp } from './app/preload.ts';
import { LoadFailure } from './components/load-failure.tsx';
import { loadChunk } from './lib/chunk-load.ts';
import { firstPaintPage } from './lib/first-paint.ts';
import { startThemeFollowing } from './lib/settings.ts';
import './styles.css';

// The entry holds React and the light login-free pages. The data router, the guard and the app
// shell (antd, TanStack Query) load when an address needs them, not with the login page.
// Before any chunk builds a schema: the Content-Security-Policy forbids zod's eval probe.
validateWithoutEval();
startThemeFollowing();

const rootElement = document.getElementById('root')!;
const root = createRoot(rootElement);

let started = false;
function startApp() {
  if (started) return;
  started = true;
  preloadFullApp(window.location.pathname);
  void loadChunk(() => import('./app/app.tsx')).then(
    ({ mountApp }) => mountApp(root),
    (error: unknown) => root.render(<LoadFailure error={error} framed />),
  );
}

settleLoginCodeLink();
const firstPaint = firstPaintPage(window.location.pathname);
if (isLightLocation(new URL(window.location.href))) {
  root.render(
    <StrictMode>
      <LightApp onLeave={startApp} />
    </StrictMode>,
  );
} else if (firstPaint) {
  // A signed-in page with a first paint: its shell and content first, the full app under it. Its
  // code is a chunk of its own, so the login page does not carry it.
  const page = firstPaint;
  // The calls travel while the first paint's code does.
  fetchPageDataEarly(window.location.pathname);
  void loadChunk(() => import('./app/first-paint.tsx')).then(
    ({ showFirstPaint }) => showFirstPaint(page, rootElement, startApp),
    () => startApp(),
  );
} else {
  startApp();
}
