import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    testTimeout: 60_000,
    // Node 20 runs relaxed SIMD only behind this flag: with it, the relaxed build joins every suite.
    // --expose-gc: the malformed-call tests measure the JS heap after a collection.
    execArgv: ['--experimental-wasm-relaxed-simd', '--expose-gc'],
  },
});
