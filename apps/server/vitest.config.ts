import { defineConfig } from 'vitest/config';

// Password hashes made by the suite (the template's demo users, registrations, resets) use scrypt
// at a test cost; see hashParams in src/platform/passwords.ts. Set here so the global setup, which
// seeds the template, and every worker agree.
process.env.TEST_SCRYPT_LOG2N ??= '12';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file starts from a copy of one template database; opening it takes about a second.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    // A worker's files share their imports (the app's modules load once per worker, not per file);
    // each file still builds its own app and database through test/helper.ts.
    isolate: false,
    // A larger young generation: the suite allocates briskly (requests, rows, PDFs), and fewer
    // minor collections saved about a tenth of its time.
    execArgv: ['--max-semi-space-size=64'],
  },
});
