import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The system tests: each starts operating-system processes or services (server processes, PostgreSQL,
 * Redis, the compiled CLI, worker threads) or plays whole frames between clients over a real server.
 * `npm test` runs them; the quick loop (`npm run test:quick`, PYRAMID_QUICK=1) leaves them out and runs
 * the unit tests of each module, so that it stays under 90 s on two cores.
 */
export const SYSTEM_TESTS = [
  'apps/cli/test/cli.test.ts',
  'apps/cli/test/conventions.test.ts',
  'apps/cli/test/install.test.ts',
  'apps/cli/test/selfplay.test.ts',
  'apps/cli/test/simulate.test.ts',
  'apps/server/test/cluster.test.ts',
  'apps/server/test/cluster-failover.test.ts',
  'apps/server/test/cluster-edges.test.ts',
  'apps/server/test/cluster-faults.test.ts',
  'apps/server/test/cluster-start.test.ts',
  'apps/server/test/events-cluster.test.ts',
  'apps/server/test/events-kill.test.ts',
  'apps/server/test/frames.test.ts',
  'apps/server/test/hostile.test.ts',
  'apps/server/test/live-cluster.test.ts',
  'apps/server/test/live-kill.test.ts',
  'apps/server/test/postgres-play.test.ts',
  'apps/server/test/restart.test.ts',
];
// A renamed system test would silently join the quick loop: say so instead.
for (const file of SYSTEM_TESTS) {
  if (!existsSync(join(import.meta.dirname, file)))
    throw new Error(`vitest.config.ts: SYSTEM_TESTS names ${file}, which does not exist`);
}
const quick = process.env.PYRAMID_QUICK === '1';

/**
 * The files that run with a module graph of their own: those that mock a module or stub a global
 * (scripts/test/isolation.test.ts finds them). Every other file, the system tests included, shares
 * its worker's modules with the files run before it there (`isolate: false`): loading the packages'
 * sources again for each of ~100 unit test files was about 40 % of the quick loop's CPU time, and
 * the system tests' own loading (the server's sources, fastify, pg, ioredis) 14 s of the 240 s of
 * CPU the unit and system tests take. A system test cleans up what it starts (its processes,
 * services and folders) in its own hooks, so the next file in the worker starts clean.
 */
export const ISOLATED_TESTS = [
  'packages/rules/test/toy-variant.test.ts',
  'apps/web/test/event-feed.test.ts',
  'apps/web/test/player-live.test.ts',
];
const INCLUDE = ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'scripts/test/*.test.ts'];
// PYRAMID_NO_SERVER=1 (the other Node lines, scripts/test-node-lines.mjs): better-sqlite3 is a native
// addon built for the machine's Node only, so the server's tests stay with that Node. (A CLI
// `--exclude` does not reach the projects below: each has its own.)
const noServer = process.env.PYRAMID_NO_SERVER === '1';
const EXCLUDE = [
  '**/node_modules/**',
  ...(quick ? SYSTEM_TESTS : []),
  ...(noServer ? ['apps/server/**'] : []),
];

// The tests run the packages from their TypeScript sources: the "@pyramid/source" export condition
// (first in every package's `exports`) points at src/index.ts; without it a package resolves to dist/.
export default defineConfig({
  resolve: { conditions: ['@pyramid/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@pyramid/source', ...defaultServerConditions] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: INCLUDE, exclude: [...EXCLUDE, ...ISOLATED_TESTS], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS, exclude: EXCLUDE } },
    ],
    // Builds the packages and the server first (a no-op when dist/ is up to date): some tests run
    // the compiled CLI and the compiled server.
    // Then names the folder of the run's shared PostgreSQL (started by the first file that needs it).
    globalSetup: ['./scripts/vitest-build.ts', './scripts/vitest-postgres.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 60_000,
    // Both cores: Vitest's default leaves one of two idle (CPUs − 1), and the suite is CPU-bound.
    maxWorkers: 2,
  },
});
