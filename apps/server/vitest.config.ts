import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own database; opening and seeding one takes a few seconds.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
