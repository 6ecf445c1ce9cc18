import { validateWithoutEval } from '@vp/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLightLocation, LightApp, settleLoginCodeLink } from './app/light-app.tsx';
import { LoadFailure } from './components/load-failure.tsx';
import { loadChunk } from './lib/chunk-load.ts';
import { ApiPaths } from './lib/api-paths.ts';
import { endFirstPaint, firstPaintPage } from './lib/first-paint.ts';
import { fetchEarly, fetchEarlyAfter } from './lib/http.ts';
import { mayReadVendorData } from './lib/session.ts';
import { startThemeFollowing } from './lib/settings.ts';
import './styles.css';

// The entry holds React and the light login-free pages. The data router, the guard and the app
// shell (antd, TanStack Query) load when an address needs them, not with the login page; the entry
// knows only the small chunk that starts them (app/start-full.tsx).
// Before any chunk builds a schema: the Content-Security-Policy forbids zod's eval probe.
validateWithoutEval();
startThemeFollowing();

const root = createRoot(document.getElementById('root')!);

let started = false;
function startApp() {
  if (started) return;
  started = true;
  void loadChunk(() => import('./app/start-full.tsx')).then(
    ({ startFullApp }) => startFullApp(root),
    (error: unknown) => {
      endFirstPaint();
      root.render(<LoadFailure error={error} framed />);
    },
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
  // A signed-in dashboard or websites list is drawn first in plain React (app/first-paint.tsx),
  // then the app takes over; its calls start now, beside that small chunk.
  const page = firstPaintPage(window.location.pathname);
  if (page) {
    // The figures once the profile says the terms are accepted, as the app itself would.
    fetchEarly([ApiPaths.profile]);
    fetchEarlyAfter(ApiPaths.profile, (profile) => (mayReadVendorData(profile) ? [ApiPaths.metadata] : []));
    void loadChunk(() => import('./app/first-paint.tsx')).then(
      ({ showFirstPaint }) => showFirstPaint(page, startApp),
      startApp,
    );
  } else startApp();
}
