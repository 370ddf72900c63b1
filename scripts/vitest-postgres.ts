/**
 * Vitest's global setup for the run's shared PostgreSQL server (apps/server/test/shared-postgres.ts):
 * makes the run's folder and names it to the test workers (`PYRAMID_RUN_DIR`, inherited); the first
 * test file that needs the server starts it and notes it there. The teardown stops that server, if
 * one was started, and removes the folder. A run that needs no database starts none.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => Promise<void> {
  const runDir = mkdtempSync(join(tmpdir(), 'pyramid-run-'));
  process.env.PYRAMID_RUN_DIR = runDir;
  return async () => {
    const info = join(runDir, 'postgres.json');
    if (existsSync(info)) {
      const { pid, dir } = JSON.parse(readFileSync(info, 'utf8')) as { pid: number; dir: string };
      try {
        // Resumed if a test froze it, then an immediate shutdown (as `pg_ctl stop -m immediate`).
        process.kill(pid, 'SIGCONT');
        process.kill(pid, 'SIGQUIT');
      } catch {}
      // The postmaster removes its pid file as it exits.
      const deadline = Date.now() + 10_000;
      while (existsSync(join(dir, 'data', 'postmaster.pid')) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      rmSync(dir, { recursive: true, force: true });
    }
    rmSync(runDir, { recursive: true, force: true });
  };
}
