/**
 * Real PostgreSQL and Redis servers on loopback in a temporary folder, for the tests, the benchmark
 * and `scripts/cluster.mjs`: Debian's binaries (PostgreSQL 15 under /usr/lib/postgresql, redis-server
 * on the PATH), each on a free port, stopped and removed by `stop()`. PostgreSQL refuses to run as
 * root, so as root its files belong to the `postgres` system user and its binaries run as that user.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LocalPostgres {
  /** `postgres://pyramid@127.0.0.1:PORT/pyramid` */
  readonly url: string;
  readonly port: number;
  /** The server process id (the postmaster): SIGSTOP/SIGCONT it to make PostgreSQL unreachable. */
  readonly pid: number;
  /** The temporary folder of its data, its socket and its log (removed by `stop()`). */
  readonly dir: string;
  /** `pg_ctl stop -m immediate`, the data kept (a crash-like stop under the servers, for a test). */
  stopNow(): void;
  /** Whether the server is stopped (`pg_ctl status`). */
  stopped(): boolean;
  stop(): Promise<void>;
}

export interface LocalRedis {
  /** `redis://127.0.0.1:PORT` */
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** A free loopback TCP port (the OS picks it; free when returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The folder of PostgreSQL's server binaries (the newest Debian one), or null when none. */
export function postgresBin(): string | null {
  if (process.env.PYRAMID_PG_BIN !== undefined) return process.env.PYRAMID_PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? null : join(base, versions[0] as string, 'bin');
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function pgRun(bin: string, tool: string, args: string[]): string {
  const file = join(bin, tool);
  return isRoot()
    ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { encoding: 'utf8' })
    : execFileSync(file, args, { encoding: 'utf8' });
}

/**
 * A fresh PostgreSQL cluster (`initdb`, trust authentication for the `pyramid` user on loopback
 * only) started with `pg_ctl` on a free port, with a database `pyramid`. `fsync=off` unless
 * `durable`: the tests kill server processes, never the machine. `maxConnections` (default 60):
 * more for a server that several test files share.
 */
export async function startPostgres(
  options: { durable?: boolean; maxConnections?: number } = {},
): Promise<LocalPostgres> {
  const bin = postgresBin();
  if (bin === null) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'pyramid-pg-'));
  chmodSync(dir, 0o700);
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  pgRun(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'pyramid', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    `-c max_connections=${options.maxConnections ?? 60}`,
    ...(options.durable === true
      ? []
      : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  pgRun(bin, 'pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const pid = Number(pgRun(bin, 'pg_ctl', ['-D', data, 'status']).match(/PID: (\d+)/)?.[1] ?? 0);
  pgRun(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'pyramid', 'pyramid']);
  let stopped = false;
  const running = () => {
    try {
      pgRun(bin, 'pg_ctl', ['-D', data, 'status']);
      return true;
    } catch {
      return false;
    }
  };
  return {
    url: `postgres://pyramid@127.0.0.1:${port}/pyramid`,
    port,
    pid,
    dir,
    stopNow() {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {}
      pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    },
    stopped: () => !running(),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        // A paused server (a test's SIGSTOP) must be resumed to hear the stop.
        process.kill(pid, 'SIGCONT');
      } catch {}
      try {
        // A test may have stopped it already (an immediate shutdown under the servers).
        if (running()) pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A Redis server on loopback (a free port, or `port` to start one again where a stopped one was),
 * with no persistence: it carries presence and fan-out only.
 */
export async function startRedis(options: { port?: number } = {}): Promise<LocalRedis> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'notice',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/Ready to accept connections/i.test(out)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', (error) =>
      reject(new Error(`redis-server: ${error.message} (apt-get install -y redis-server)`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
