/**
 * For the cluster tests: real PostgreSQL and Redis on loopback (services.ts), server processes
 * sharing them (`DATABASE_URL`, `REDIS_URL`), and loopback TCP links the tests control — a link
 * that can be cut and restored (a process cut off from a service), and a balancer that sends each
 * new connection to the first backend that accepts it (clients reconnect to any process).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type LocalPostgres, type LocalRedis, startPostgres, startRedis } from '../test-support/services.js';
import { freshPostgres } from './shared-postgres.js';
import { killChildren, removeTempDirs, spawnServer, tempDir } from './support.js';

export interface Services {
  readonly postgres: LocalPostgres;
  /** Replaced by `restartRedis`. */
  redis: LocalRedis;
  readonly db: pg.Pool;
  stop(): Promise<void>;
}

/**
 * PostgreSQL and a Redis of the caller's own. The PostgreSQL is a fresh database in the run's
 * shared server (shared-postgres.ts) unless `ownPostgres`: a test that stops or freezes it has one
 * of its own. Redis is always the caller's own (it starts in milliseconds, and a test may stop or
 * freeze it; processes of two files on one Redis would see each other as one cluster).
 */
export async function startServices(options: { ownPostgres?: boolean } = {}): Promise<Services> {
  const postgres = await (options.ownPostgres === true ? startPostgres() : freshPostgres());
  const redis = await startRedis().catch(async (caught: unknown) => {
    await postgres.stop();
    throw caught;
  });
  const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  // A test may stop PostgreSQL under the pool.
  db.on('error', () => {});
  const services: Services = {
    postgres,
    redis,
    db,
    async stop() {
      await db.end().catch(() => {});
      // The Redis of now: a test may have restarted it (`restartRedis`).
      await services.redis.stop();
      await postgres.stop();
    },
  };
  return services;
}

/**
 * The lease the test processes run with (`PYRAMID_TEST_LEASE_MS`, default 1500 ms; production's is
 * 3000): short, so that every wait for a lease to run out — a takeover, a stale owner's fence, a
 * sweep — is short, while a renewal (each third of it, one UPDATE on loopback) still has hundreds
 * of milliseconds to spare. Lengthen it on a machine too loaded to renew in time.
 */
export const TEST_LEASE_MS = Number(process.env.PYRAMID_TEST_LEASE_MS ?? 1500);

/** A server process of the cluster; its stderr is kept (faults and fencing are logged there). */
export async function clusterServer(
  databaseUrl: string,
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; port: number; stderr: () => string }> {
  const started = await spawnServer(tempDir(), {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PYRAMID_LEASE_MS: String(TEST_LEASE_MS),
    ...env,
  });
  let err = '';
  started.child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return { ...started, port: Number(new URL(started.url).port), stderr: () => err };
}

export type ClusterServer = Awaited<ReturnType<typeof clusterServer>>;

/** What a cluster test file shares: the services, its standing server processes, its links. */
export interface Cluster {
  readonly services: Services;
  readonly servers: readonly ClusterServer[];
  /** Links the tests open; closed after the file. */
  readonly links: Link[];
}

/**
 * Starts PostgreSQL, Redis and `processes` server processes before the file's tests and stops
 * them after (with every child a test started and every temporary folder). The fields are set
 * once `beforeAll` has run. `ownPostgres`: see `startServices`.
 */
export function useCluster(processes: number, options: { ownPostgres?: boolean } = {}): Cluster {
  const cluster = { links: [] as Link[] } as { services: Services; servers: ClusterServer[]; links: Link[] };
  beforeAll(async () => {
    cluster.services = await startServices(options);
    const { postgres, redis } = cluster.services;
    cluster.servers = await Promise.all(
      Array.from({ length: processes }, () => clusterServer(postgres.url, redis.url)),
    );
  }, 60_000);
  afterAll(async () => {
    if (process.env.PYRAMID_TEST_VERBOSE === '1')
      for (const server of cluster.servers ?? []) process.stderr.write(server.stderr());
    killChildren();
    for (const link of cluster.links) await link.close();
    await cluster.services?.stop();
    removeTempDirs();
  });
  return cluster;
}

/** A loopback TCP forwarder to the first of `ports` that accepts; `cut()` drops every connection and refuses new ones. */
export class Link {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private open = true;
  port = 0;

  constructor(private readonly ports: readonly number[]) {
    this.server = createServer((client) => {
      if (!this.open) {
        client.destroy();
        return;
      }
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => {});
      client.pause();
      this.dial(client, 0);
    });
  }

  private dial(client: Socket, index: number): void {
    const port = this.ports[index];
    if (port === undefined) {
      client.destroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    upstream.on('error', () => {
      if (!connected) this.dial(client, index + 1);
      else client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      this.sockets.add(upstream);
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address !== null ? address.port : 0;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.open = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The lease row of a table, read straight from PostgreSQL. */
export async function leaseOf(
  db: pg.Pool,
  tableId: string,
): Promise<{ owner: string; token: number } | null> {
  const { rows } = await db.query<{ owner: string; token: string }>(
    'SELECT owner, token FROM table_leases WHERE table_id = $1',
    [tableId],
  );
  return rows[0] === undefined ? null : { owner: rows[0].owner, token: Number(rows[0].token) };
}

/** The stored actions of a table: their seqs, in order. */
export async function storedSeqs(db: pg.Pool, tableId: string): Promise<number[]> {
  const { rows } = await db.query<{ seq: number }>(
    'SELECT seq FROM actions WHERE table_id = $1 ORDER BY seq',
    [tableId],
  );
  return rows.map((r) => r.seq);
}

/** Kills Redis (every key is lost: it keeps none on disk) and starts a fresh one on the same port. */
export async function restartRedis(services: Services, beforeStart: () => Promise<void> = async () => {}) {
  const port = services.redis.port;
  await services.redis.stop();
  await beforeStart();
  services.redis = await startRedis({ port });
}

/** Whether a process is stopped (SIGSTOP): its state in /proc is T. */
export function isStopped(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
  } catch {
    return false;
  }
}
