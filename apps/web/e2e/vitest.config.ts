import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Browser tests: the built web app served by `vite preview`, driven in Debian's chromium through
// playwright-core. Two files at a time, each with its own browser (the suite is CPU-bound in
// software WebGL and uses both cores: 244 s one at a time, 199 s two at a time); the build happens
// once, in global-setup.ts.
export default defineConfig({
  // The packages run from their TypeScript sources (the "@pyramid/source" export condition).
  resolve: { conditions: ['@pyramid/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@pyramid/source', ...defaultServerConditions] } },
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
