import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Browser tests: the built web app served by `vite preview`, driven in Debian's chromium through
// playwright-core. Two files at a time, one chromium per worker (the suite is CPU-bound in
// software WebGL and uses both cores: 244 s one at a time, 199 s two at a time); the build happens
// once, in global-setup.ts, and only when the app or the packages changed. The order is Vitest's:
// the files that took longest last time first (its results cache), the largest first on a fresh
// clone. No file takes more than about a seventh of the suite, so two workers end within seconds
// of each other in either order (a schedule of the cached durations: 467 s longest-first, 475 s
// largest-first, out of 934 s summed on a busy machine); a list of our own would only go stale.
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
    // The files of a worker share its modules (the in-process server's, playwright's) and its one
    // chromium (browser.ts, `launch`): each file's own loading and browser launch cost about 1.7 s of
    // CPU. Every file still starts its own server and opens its own contexts.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
