import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Browser tests: the built web app served by `vite preview`, driven in Debian's chromium through
// playwright-core. One file at a time (two cores); the build happens once, in global-setup.ts.
export default defineConfig({
  // The packages run from their TypeScript sources (the "@pyramid/source" export condition).
  resolve: { conditions: ['@pyramid/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@pyramid/source', ...defaultServerConditions] } },
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
