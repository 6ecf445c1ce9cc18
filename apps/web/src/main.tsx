import { validateWithoutEval } from '@vp/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLightLocation, LightApp, settleLoginCodeLink } from './app/light-app.tsx';
import { LoadFailure } from './components/load-failure.tsx';
import { loadChunk } from './lib/chunk-load.ts';
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
