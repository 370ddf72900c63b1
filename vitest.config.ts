import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 60_000,
  },
});
