import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.js'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false, // one Chromium at a time on a 2-core machine
    globalSetup: ['tests/e2e/support/global-setup.js'], // one dev server and one Chromium for every file
  },
});
