import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
