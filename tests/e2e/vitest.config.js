import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.js'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, in the one shared Chromium: a file mostly waits (on pages, workers, a worker's silence),
    // and one at a time left a core idle (480 s for the suite here, 231 CPU-s in 388 s two at a time, all green).
    maxWorkers: 2,
    globalSetup: ['tests/e2e/support/global-setup.js'], // one dev server and one Chromium for every file
  },
});
