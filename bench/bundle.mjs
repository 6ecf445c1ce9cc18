// JavaScript shipped to the browser: loads /login and /dashboard in headless Chromium against the
// built server, records every script response, and sums their gzip sizes (level 9, as the build
// pre-compresses them). /dashboard is loaded in a fresh browser context that only carries
// the logged-in session, so nothing comes from the HTTP cache.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  buildOrExit,
  login,
  report,
  sessionState,
  startServer,
} from './lib/harness.mjs';

// KB as 1000 bytes, the stricter reading and the one the app uses for file sizes.
// /login renders in the light app (app/light-app.tsx): React and the page, without the router or the shell.
const BUDGETS = { login: 100_000, dashboard: 450_000 };
const SHOWN_FILES = 10;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

async function measure(context, baseUrl, path) {
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || /javascript/.test(contentType)) {
      scripts.set(response.url(), response);
    }
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()}`);
  // Chunks loaded right after first render (lazy routes) belong to the page too.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  const files = [];
  for (const [url, response] of scripts) {
    const body = await response.body();
    files.push({ url: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  await page.close();
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    raw: files.reduce((sum, f) => sum + f.raw, 0),
  };
}

buildOrExit();
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const loginContext = await browser.newContext();
  const loginPage = await measure(loginContext, server.baseUrl, '/login');
  await loginContext.close();

  const token = await login(server.baseUrl);
  const dashboardContext = await browser.newContext({ storageState: sessionState(server.baseUrl, token) });
  const dashboard = await measure(dashboardContext, server.baseUrl, '/dashboard');
  await dashboardContext.close();

  const lines = [];
  const verdicts = {};
  for (const [name, result] of [
    ['login', loginPage],
    ['dashboard', dashboard],
  ]) {
    const pass = result.gzip <= BUDGETS[name];
    verdicts[name] = pass;
    lines.push(
      `/${name}: ${kb(result.gzip)} gzip (${kb(result.raw)} raw) in ${result.files.length} scripts, budget ${kb(BUDGETS[name])}: ${pass ? 'PASS' : 'FAIL'}`,
    );
    for (const file of result.files.slice(0, SHOWN_FILES))
      lines.push(`  ${kb(file.gzip).padStart(9)}  ${file.url}`);
    const rest = result.files.slice(SHOWN_FILES);
    if (rest.length > 0) {
      lines.push(
        `  ${kb(rest.reduce((sum, f) => sum + f.gzip, 0)).padStart(9)}  ${rest.length} smaller files`,
      );
    }
  }
  report('bundle', lines, {
    loginGzipBytes: loginPage.gzip,
    dashboardGzipBytes: dashboard.gzip,
    loginBudgetBytes: BUDGETS.login,
    dashboardBudgetBytes: BUDGETS.dashboard,
    pass: verdicts.login && verdicts.dashboard,
  });
  process.exitCode = verdicts.login && verdicts.dashboard ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
