import { existsSync } from 'node:fs';
import { defineConfig, type ReporterDescription } from '@playwright/test';

// The suite drives the built app served by the built server (see global-setup.ts) in Debian's
// Chromium; Playwright's own browser downloads are never used. Debian's headless shell (package
// chromium-headless-shell, which `npm test` installs) is the same engine without the desktop
// browser's shell, and takes about a fifth less of the machine; the full browser is the fallback.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const reporter: ReporterDescription[] = [['list']];
if (process.env.E2E_JSON_REPORT) reporter.push(['json', { outputFile: process.env.E2E_JSON_REPORT }]);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // Each worker has a server and demo data of its own (global-setup.ts), so a spec sees only the
  // changes of the specs before it in its worker. E2E_WORKERS overrides the count.
  workers: Number(process.env.E2E_WORKERS) || 2,
  // One retry absorbs a browser hiccup on a loaded machine; a test that needed it is still named
  // as flaky in the summary of `npm test`, and one that fails twice fails the run.
  retries: 1,
  forbidOnly: true,
  timeout: 40_000,
  // A screen that opens in a second alone can take several on a two-core runner drawing two
  // workers' pages at once; an assertion waits that long for what it expects, never for less.
  expect: { timeout: 15_000 },
  reporter,
  use: {
    // Read in each worker, whose slot Playwright gives it in TEST_PARALLEL_INDEX.
    baseURL: process.env[`E2E_BASE_URL_${process.env.TEST_PARALLEL_INDEX ?? '0'}`],
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // The app turns antd's motion off for users who ask for less (WCAG 2.3.3), so no test waits on
    // a dialog fading in; the specs about focus and the shell's layers keep the motion on.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace records a screencast and a snapshot per action, which took about a third of the
    // browser's work on passing tests; a test that fails is run again with its trace recorded.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
