import { defineConfig, type ReporterDescription } from '@playwright/test';

// The suite drives the built app served by the built server (see global-setup.ts) in Debian's
// Chromium; Playwright's own browser downloads are never used.
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
  expect: { timeout: 7_000 },
  reporter,
  use: {
    // Read in each worker, whose slot Playwright gives it in TEST_PARALLEL_INDEX.
    baseURL: process.env[`E2E_BASE_URL_${process.env.TEST_PARALLEL_INDEX ?? '0'}`],
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
