import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __COLOUR_CODE__: JSON.stringify('test') },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // The modal tests open lazy chunks, selects and pickers; on a busy 2-core runner one can take 20 s.
    testTimeout: 40_000,
    // A worker's files share their imports (antd, React, the app) instead of loading them again
    // per file; vitest.setup.ts resets the app's module-level state after every test.
    isolate: false,
    // A larger young generation: rendering allocates briskly, and fewer minor collections saved
    // about a tenth of the suite's time.
    execArgv: ['--max-semi-space-size=64'],
  },
});
