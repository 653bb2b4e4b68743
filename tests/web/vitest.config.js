import { defineConfig } from 'vitest/config';
import { localeMessages } from '../../scripts/locale-messages.mjs';

export default defineConfig({
  plugins: [localeMessages], // the locales' messages as the page imports them (web/src/i18n/messages.js)
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    testTimeout: 60_000,
    // fast-check on a fixed seed, printed once (FUZZ_SEED / FUZZ_RUNS change it: npm run fuzz)
    globalSetup: ['tests/web/property-seed.js'],
    setupFiles: ['tests/web/property-seed.js'],
    // Two files at a time: the default (cores − 1) runs one at a time on the 2-core CI machine; the suites are
    // CPU-bound wasm with no timing assertions, and two workers took npm test's Vitest step from 192 s to 112 s.
    maxWorkers: 2,
    // Node 20 runs relaxed SIMD only behind this flag: with it, the relaxed build joins every suite.
    // --expose-gc: the malformed-call tests measure the JS heap after a collection.
    execArgv: ['--experimental-wasm-relaxed-simd', '--expose-gc'],
  },
});
