import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The tests run the packages from their TypeScript sources: the "@pyramid/source" export condition
// (first in every package's `exports`) points at src/index.ts; without it a package resolves to dist/.
export default defineConfig({
  resolve: { conditions: ['@pyramid/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@pyramid/source', ...defaultServerConditions] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Builds the packages first (a no-op when dist/ is up to date): some tests run the compiled CLI.
    globalSetup: ['./scripts/vitest-build.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 60_000,
    // Both cores: Vitest's default leaves one of two idle (CPUs − 1), and the suite is CPU-bound.
    maxWorkers: 2,
  },
});
