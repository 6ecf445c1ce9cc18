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
  // Specs share one server; a single worker keeps the demo data's state predictable.
  workers: 1,
  // One retry absorbs a browser hiccup on a loaded machine; a test that needed it is still named
  // as flaky in the summary of `npm test`, and one that fails twice fails the run.
  retries: 1,
  forbidOnly: true,
  timeout: 40_000,
  expect: { timeout: 7_000 },
  reporter,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
