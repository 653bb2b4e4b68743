import { defineConfig } from 'vitest/config';
import { localeMessages } from '../../scripts/locale-messages.mjs';

export default defineConfig({
  // the locales' messages as the page imports them: a test computes in Node what the page says (beam.test.js)
  plugins: [localeMessages],
  test: {
    include: ['tests/e2e/**/*.test.js'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, in the one shared Chromium: a file mostly waits (on pages, workers, a worker's silence),
    // and one at a time left a core idle (480 s for the suite here, 231 CPU-s in 388 s two at a time, all green).
    maxWorkers: 2,
    // expect.poll waits for something a page will do (a worker's answer, a redraw): its default second was too short
    // for a busy two-core machine (a Train view's pause, answered after the worker's current steps, took longer with
    // two files and the niced C++ checks beside it). A longer wait only ever costs time on a failure.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['tests/e2e/support/global-setup.js'], // one dev server and one Chromium for every file
  },
});
