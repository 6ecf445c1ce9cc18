import { validateWithoutEval } from '@vp/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLightLocation, LightApp, settleLoginCodeLink } from './app/light-app.tsx';
import { preloadFullApp } from './app/preload.ts';
import { LoadFailure } from './components/load-failure.tsx';
import { loadChunk } from './lib/chunk-load.ts';
import { startThemeFollowing } from './lib/settings.ts';
import './styles.css';

// The entry holds React and the light login-free pages. The data router, the guard and the app
// shell (antd, TanStack Query) load when an address needs them, not with the login page.
// Before any chunk builds a schema: the Content-Security-Policy forbids zod's eval probe.
validateWithoutEval();
startThemeFollowing();

const root = createRoot(document.getElementById('root')!);

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
if (isLightLocation(new URL(window.location.href))) {
  root.render(
    <StrictMode>
      <LightApp onLeave={startApp} />
    </StrictMode>,
  );
} else {
  startApp();
}
