/**
 * One PostgreSQL server for a whole Vitest run, shared by the test files that need a database but
 * not a server of their own (one that they stop, freeze or restart): each file takes its own fresh
 * databases in it. An `initdb` and a start cost about 2 s of CPU each; a dozen files paid them.
 *
 * The run's global setup (scripts/vitest-postgres.ts) names a folder in `PYRAMID_RUN_DIR`; the
 * first file that asks starts the server and writes where it is there (a lock folder makes it the
 * only one), the others wait for that; the teardown stops it. Outside such a run (another Vitest
 * config) each caller starts a server of its own, stopped with its database.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type LocalPostgres, startPostgres } from '../test-support/services.js';

/** Where the run's server is (written by the file that started it). */
export interface SharedPostgresInfo {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly dir: string;
}

export const RUN_DIR_VARIABLE = 'PYRAMID_RUN_DIR';
const INFO = 'postgres.json';
const FAILED = 'postgres.failed';
// Two files at once, each with a few server processes of up to 10 connections.
const MAX_CONNECTIONS = 200;

let server: Promise<SharedPostgresInfo | null> | null = null;

/** The run's shared server, started now if no file has yet; null outside a run that shares one. */
export function sharedPostgresServer(): Promise<SharedPostgresInfo | null> {
  server ??= locate();
  return server;
}

async function locate(): Promise<SharedPostgresInfo | null> {
  const runDir = process.env[RUN_DIR_VARIABLE];
  if (runDir === undefined || !existsSync(runDir)) return null;
  let starter = false;
  try {
    mkdirSync(join(runDir, 'postgres.lock'));
    starter = true;
  } catch {}
  if (starter) {
    try {
      const started = await startPostgres({ maxConnections: MAX_CONNECTIONS });
      const info: SharedPostgresInfo = {
        url: started.url,
        port: started.port,
        pid: started.pid,
        dir: started.dir,
      };
      writeFileSync(join(runDir, `${INFO}.tmp`), JSON.stringify(info));
      renameSync(join(runDir, `${INFO}.tmp`), join(runDir, INFO));
      return info;
    } catch (caught) {
      writeFileSync(join(runDir, FAILED), String(caught));
      throw caught;
    }
  }
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (existsSync(join(runDir, INFO)))
      return JSON.parse(readFileSync(join(runDir, INFO), 'utf8')) as SharedPostgresInfo;
    if (existsSync(join(runDir, FAILED)))
      throw new Error(`the run's PostgreSQL did not start: ${readFileSync(join(runDir, FAILED), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the run's PostgreSQL was not started within 90 s (${runDir})`);
}

/** The database of a URL (its last path segment). */
const databaseOf = (url: string) => new URL(url).pathname.slice(1);
const withDatabase = (url: string, name: string) => url.replace(/\/[^/]+$/, `/${name}`);

/**
 * A fresh, empty database for one caller, as a LocalPostgres whose `url` is that database: in the
 * run's shared server (whose `stop()` drops it and every database made beside it with
 * `freshDatabase`, and which a test may not stop or freeze), or in a server of its own.
 */
export async function freshPostgres(): Promise<LocalPostgres> {
  const shared = await sharedPostgresServer();
  if (shared === null) return startPostgres();
  const name = `t${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: shared.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const refuse = (what: string): never => {
    throw new Error(
      `${what}: the run's PostgreSQL is shared; a test that stops it starts its own (startPostgres)`,
    );
  };
  let dropped = false;
  return {
    url: withDatabase(shared.url, name),
    port: shared.port,
    pid: shared.pid,
    dir: shared.dir,
    stopNow: () => refuse('stopNow'),
    stopped: () => false,
    async stop() {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: shared.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
          [name, `${name}\\_%`],
        );
        // pg's Pool.end() resolves once it has asked its connections to close, not once they have:
        // a connection still closing when its database is dropped WITH (FORCE) is sent a FATAL
        // 57P01 ("terminating connection due to administrator command"), which its pool re-emits
        // as an error no one listens to any more. So the drop waits (up to 5 s) for them to go.
        const names = rows.map((row) => row.datname);
        for (let waited = 0; waited < 5_000; waited += 25) {
          const open = await client.query<{ n: string }>(
            'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = ANY($1)',
            [names],
          );
          if (Number(open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export { databaseOf, withDatabase };
