/**
 * Vitest's global setup: builds the packages and the server (scripts/build.mjs, a no-op when dist/
 * is up to date) because some tests run what a user runs — the compiled `pyramid` binary and the
 * compiled server (`node apps/server/dist/main.js`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  const script = join(import.meta.dirname, 'build.mjs');
  const run = spawnSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error('the package build failed (node scripts/build.mjs)');
}
