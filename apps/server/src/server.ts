/**
 * `startServer`: the one pyramid server — the built web app (game and scorer), the HTTP API under
 * `/api/` and the WebSocket at `/ws`, on one port, with the embedded SQLite store in `dataDir`.
 * At start it applies the store's migrations and restores every unfinished table from its stored
 * actions.
 */
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import type { Player } from '@pyramid/rules';
import Fastify from 'fastify';
import { DEFAULT_SESSION_TIMES, Sessions, type SessionTimes } from './auth.js';
import type { Bus } from './bus/bus.js';
import { MemoryBus } from './bus/local.js';
import { clientAddressOf } from './client-address.js';
import { Cluster } from './cluster/cluster.js';
import { capConnections } from './connections.js';
import { registerEventApi } from './events/http.js';
import { OnlineMatches } from './events/online-match.js';
import { eventStoreOf } from './events/store.js';
import { EventWatchers } from './events/watchers.js';
import { registerHeaders } from './headers.js';
import { registerApi } from './http.js';
import { answerErrors } from './http-errors.js';
import { ClusterRouting } from './hub/cluster-routing.js';
import { OneProcessRouting } from './hub/routing.js';
import { Hub, type RateLimit, type SocketLimits } from './hub.js';
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  DEFAULT_HTTP_LIMITS,
  DEFAULT_HTTP_TIMEOUTS,
  type HttpLimits,
  type HttpTimeouts,
  MAX_BODY_BYTES,
  registerRateLimits,
} from './limits.js';
import { followEvent } from './live/headers.js';
import { registerLiveApi } from './live/http.js';
import { liveStoreOf } from './live/open-store.js';
import { matchLive } from './live/ruling.js';
import { LiveScoringService } from './live/scoring.js';
import { DEFAULT_LOGIN_GUARD, LoginGuard, type LoginGuardOptions } from './login-guard.js';
import { clusterLease, InCluster } from './places/cluster.js';
import { ONE_PROCESS, OneProcess } from './places/local.js';
import { PlayerLiveIndex } from './players/live-index.js';
import { PlayerLiveSources } from './players/sources.js';
import { PlayerWatchers } from './players/watchers.js';
import type { RoomDeps } from './room.js';
import { SimulationPool } from './simulation.js';
import { findStatic, openStatic } from './static.js';
import { PostgresStore } from './store/postgres.js';
import { SqliteStore } from './store/sqlite.js';
import type { Store } from './store/types.js';
import { Tables } from './tables.js';

export interface ServerOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 8080; 0 picks a free port. */
  readonly port?: number;
  /** The data folder (created): the SQLite database lives here. */
  readonly dataDir: string;
  /** The built web app to serve (default apps/web/dist); null serves none. */
  readonly webRoot?: string | null;
  /** Grace period (ms) for a dropped player, default 120 000. */
  readonly graceMs?: number;
  /** How long a seat of a match not yet started waits for its player (ms), default 60 000. */
  readonly seatReleaseMs?: number;
  /**
   * How long an adjourned match waits for the player who is away before it is forfeited to the
   * one who is back (ms), default 24 h.
   */
  readonly forfeitMs?: number;
  /** How often the tables are swept — abandoned waiting tables closed, finished ones forgotten (default 60 000 ms). */
  readonly sweepMs?: number;
  /** Origins allowed on the WebSocket besides the server's own, or '*'. */
  readonly allowedOrigins?: readonly string[] | '*';
  /** Per-connection message rate (default burst 40, 20 per second). */
  readonly rateLimit?: RateLimit;
  /** Per-connection chat rate (default burst 5, one per 2 s). */
  readonly chatLimit?: RateLimit;
  /** The time a socket has to say hello, the refusals it may earn (default DEFAULT_SOCKET_LIMITS). */
  readonly socketLimits?: Partial<SocketLimits>;
  /** Faults are written here (default: stderr). */
  readonly log?: (message: string) => void;
  /** Serve `GET /api/diagnostics` (rooms, connections, memory after a GC when exposed): for the benchmark. */
  readonly diagnostics?: boolean;
  /** Session token lifetime and secret rotation (default: 30-day tokens, weekly rotation, 30-day grace). */
  readonly sessionTimes?: Partial<SessionTimes>;
  /** The clock (default Date.now); tests move it to expire tokens and rotate secrets. */
  readonly now?: () => number;
  /**
   * A PostgreSQL database (`postgres://user@host:port/db`) to keep everything in instead of the
   * SQLite file in dataDir: what several server processes share.
   */
  readonly databaseUrl?: string;
  /**
   * Worker threads that simulate strokes (default 0: on the event loop). The workers load the
   * TypeScript sources, so this needs the server run with `--import tsx` (as `npm start` does).
   */
  readonly simulationWorkers?: number;
  /**
   * A Redis server (`redis://host:port`) shared by several server processes on one PostgreSQL
   * database (needs databaseUrl): presence, table leases' owners, the broadcasts and the intents
   * forwarded to a table's owner travel through it.
   */
  readonly redisUrl?: string;
  /** In a cluster: how long a table's lease lasts unrenewed (default 3000 ms). */
  readonly leaseMs?: number;
  /** The store and the bus (default: PostgreSQL at databaseUrl, else SQLite in dataDir; in-process bus). */
  readonly store?: Store;
  readonly bus?: Bus;
  /**
   * HTTP requests per client and window, by route (limits.ts; default DEFAULT_HTTP_LIMITS); null
   * turns them off, for a load test from one address.
   */
  readonly httpLimits?: Partial<HttpLimits> | null;
  /** Failed logins per name and client before they are slowed down (default DEFAULT_LOGIN_GUARD). */
  readonly loginGuard?: Partial<LoginGuardOptions>;
  /** How long a request may take to arrive, a connection idle (default DEFAULT_HTTP_TIMEOUTS). */
  readonly httpTimeouts?: Partial<HttpTimeouts>;
  /** Sockets per client and in all (default 64 and 10 000; per client off behind a proxy). */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /**
   * The server stands behind a reverse proxy (fastify's `trustProxy`: true, or the proxies'
   * addresses and CIDR ranges, comma-separated): a client is the address it reports in X-Forwarded-For.
   */
  readonly trustProxy?: boolean | string;
}

export interface RunningServer {
  /** `http://host:port` */
  readonly url: string;
  readonly port: number;
  /** Tables restored from the store at start. */
  readonly restored: number;
  /** Milliseconds the restore took. */
  readonly restoreMs: number;
  close(): Promise<void>;
}

export const DEFAULT_WEB_ROOT = join(import.meta.dirname, '..', '..', 'web', 'dist');
const SWEEP_MS = 60_000;
const ROTATE_CHECK_MS = 3600_000;
const REVOKED_SYNC_MS = 5_000;

/** The store the options choose: PostgreSQL when a database URL is given, else the SQLite file. */
async function openStore(options: ServerOptions, log: (message: string) => void): Promise<Store> {
  if (options.databaseUrl !== undefined && options.databaseUrl !== '') {
    return PostgresStore.open(options.databaseUrl);
  }
  return new SqliteStore(options.dataDir, { log });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const clustered = options.redisUrl !== undefined && options.redisUrl !== '';
  if (clustered && (options.databaseUrl === undefined || options.databaseUrl === '')) {
    throw new Error('REDIS_URL needs DATABASE_URL: the processes of a cluster share one PostgreSQL database');
  }
  const store = options.store ?? (await openStore(options, log));
  const cluster =
    clustered && store instanceof PostgresStore
      ? await Cluster.open({
          redisUrl: options.redisUrl as string,
          store,
          log,
          ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
        }).catch(async (caught: unknown) => {
          await store.close();
          throw caught;
        })
      : null;
  const bus = cluster?.bus ?? options.bus ?? new MemoryBus();
  const now = options.now ?? (() => Date.now());
  const sessions = await Sessions.open(store, now(), { ...DEFAULT_SESSION_TIMES, ...options.sessionTimes });
  const pool =
    (options.simulationWorkers ?? 0) > 0 ? new SimulationPool(options.simulationWorkers ?? 0) : null;
  // Made once the tables and the events are (below); a room tells it of each action it stored.
  let online: OnlineMatches | null = null;
  // The players' pages (players/): an index in memory of who plays now, fed through the bus.
  const playerIndex = new PlayerLiveIndex();
  const playerWatchers = new PlayerWatchers({ bus, store, index: playerIndex, log });
  let playerSources: PlayerLiveSources | null = null;
  const deps: RoomDeps = {
    afterStored: (room) => {
      online?.stored(room);
      playerSources?.tableStored(room);
    },
    afterStarted: (room) => playerSources?.tableStored(room),
    seatable: async (tableId, event) => (online === null ? null : online.seatable(tableId, event)),
    ...(pool === null ? {} : { simulate: pool.simulate }),
    store,
    bus,
    now,
    graceMs: options.graceMs ?? 120_000,
    ...(options.seatReleaseMs === undefined ? {} : { seatReleaseMs: options.seatReleaseMs }),
    ...(options.forfeitMs === undefined ? {} : { forfeitMs: options.forfeitMs }),
    lot: () => randomInt(2) as Player,
    setTimer: (callback, ms) => {
      const timer = setTimeout(callback, ms);
      timer.unref();
      return timer;
    },
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    log,
    // One process or many, chosen here once (places/): the rooms' lease and where tables are played.
    lease: cluster === null ? ONE_PROCESS : clusterLease(cluster),
  };
  const places = cluster === null ? new OneProcess(deps) : new InCluster(deps, cluster);
  const tables = new Tables(deps, places);
  const clusterRouting = cluster === null ? null : new ClusterRouting(tables, cluster);
  const restoreStart = performance.now();
  const restored = await tables.restore();
  const restoreMs = performance.now() - restoreStart;
  const events = eventStoreOf(store);
  const eventWatchers = events === null ? null : new EventWatchers(bus, events);
  if (events !== null) {
    online = new OnlineMatches({ store, events, tables, watchers: eventWatchers, now, log });
    await online.recover();
  }
  // Live scoring from real tables (live/*): its store beside the others, reported to the events.
  const liveStore = liveStoreOf(store);
  const live =
    liveStore === null
      ? null
      : new LiveScoringService({ store: liveStore, bus, now, log, events, eventWatchers });
  await live?.recover();
  playerSources = new PlayerLiveSources({
    bus,
    store,
    events,
    live: liveStore,
    liveNow:
      live === null
        ? null
        : async (row) => {
            const replayed = await live.replayed(row);
            return replayed === null ? null : matchLive(replayed, row.updatedAt);
          },
    index: playerIndex,
    log,
  });
  live?.attachPlayers(playerSources);
  const sources = playerSources;
  if (eventWatchers !== null) eventWatchers.afterStored = (stored) => sources.eventStored(stored);
  // Subscribed (above) before the stores are read: a push meanwhile is kept when it is newer.
  for (const news of await playerSources.rebuild()) playerWatchers.heard(news);
  const hub = new Hub({
    store,
    eventWatchers,
    live,
    playerWatchers,
    bus,
    tables,
    sessions,
    now,
    allowedOrigins: options.allowedOrigins ?? [],
    rateLimit: options.rateLimit ?? { burst: 40, perSecond: 20 },
    chatLimit: options.chatLimit ?? { burst: 5, perSecond: 0.5 },
    log,
    routing: clusterRouting ?? new OneProcessRouting(tables),
    ...(options.socketLimits === undefined ? {} : { socketLimits: options.socketLimits }),
    clientAddress: clientAddressOf(options.trustProxy ?? false),
  });
  if (cluster !== null && clusterRouting !== null) await cluster.start(clusterRouting);

  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.httpTimeouts };
  const trustProxy = options.trustProxy ?? false;
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    trustProxy,
  });
  app.server.headersTimeout = Math.min(timeouts.headersMs, timeouts.requestMs);
  // Node checks the request and headers timeouts this often (default 30 s: a slow body would live on).
  const connectionsCheckingInterval = Math.max(100, Math.min(1000, Math.floor(timeouts.headersMs / 2)));
  (app.server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval =
    connectionsCheckingInterval;
  const behindProxy = trustProxy !== false;
  capConnections(
    app.server,
    {
      ...DEFAULT_CONNECTION_LIMITS,
      ...(behindProxy ? { perClient: null } : {}),
      ...options.connectionLimits,
    },
    log,
  );
  answerErrors(app, log);
  await registerHeaders(app);
  const limit = await registerRateLimits(
    app,
    options.httpLimits === null ? null : { ...DEFAULT_HTTP_LIMITS, ...options.httpLimits },
    log,
  );
  const guard = new LoginGuard({ ...DEFAULT_LOGIN_GUARD, ...options.loginGuard });
  registerApi(app, {
    store,
    tables,
    sessions,
    now,
    guard,
    limit,
    log,
    signedOut: () => hub.closeSignedOut(),
  });
  if (events !== null)
    registerEventApi(app, {
      store,
      events,
      sessions,
      now,
      watchers: eventWatchers,
      online,
      // A re-call or a correction: the event's live matches take the new table, players and race.
      stored:
        live === null || liveStore === null
          ? null
          : (stored) =>
              followEvent(liveStore, live, stored).then(
                () => {},
                (caught: Error) => log(`event ${stored.id}: live headers not updated: ${caught.message}`),
              ),
    });
  if (live !== null && liveStore !== null)
    registerLiveApi(app, { store, live: liveStore, scoring: live, events, sessions, now });
  const webRoot = options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot;
  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      webRoot === null ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ code: 'request/invalid', field: 'url', message: 'no such route' });
    }
    const file = await findStatic(webRoot, request.url);
    if (file === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply
      .header('content-type', file.type)
      .header('cache-control', file.cacheControl)
      .header('content-length', file.size)
      .header('last-modified', file.mtime.toUTCString());
    if (request.method === 'HEAD') return reply.send();
    const stream = await openStatic(file).catch(() => null);
    if (stream === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.send(stream);
  });
  if (options.diagnostics === true) {
    app.get('/api/diagnostics', async () => {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const memory = process.memoryUsage();
      return { rooms: tables.rooms.size, connections: hub.size(), memory, gc: gc !== undefined };
    });
  }
  app.server.on('upgrade', (request, socket, head) => hub.upgrade(request, socket, head));
  const sweep = setInterval(() => {
    tables.sweep().catch((caught: unknown) => log(`tables sweep: ${(caught as Error).message}`));
    live?.recover().catch((caught: unknown) => log(`live recovery: ${(caught as Error).message}`));
    // Sessions whose every token has expired are of no more use.
    store.pruneSessions(now()).catch((caught: unknown) => log(`session prune: ${(caught as Error).message}`));
  }, options.sweepMs ?? SWEEP_MS);
  sweep.unref();
  // Sessions signed out on another process reach this one's WebSocket check within this time, and
  // so does a secret another process rotated in (its tokens verify here from then on).
  const revocations = setInterval(() => {
    sessions
      .syncRevoked(now())
      .then(() => hub.closeSignedOut())
      .then(() => (clustered ? sessions.reload() : undefined))
      .catch((caught: unknown) => log(`session revocations: ${(caught as Error).message}`));
  }, REVOKED_SYNC_MS);
  revocations.unref();
  // Rotation is checked hourly; a store shared by several processes may have been rotated by
  // another one, so the secrets are read again first.
  const rotate = setInterval(() => {
    sessions
      .reload()
      .then(() => sessions.rotateIfDue(now()))
      .catch((caught: unknown) => log(`secret rotation: ${(caught as Error).message}`));
  }, ROTATE_CHECK_MS);
  rotate.unref();

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8080 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 8080);
  const host = options.host ?? '127.0.0.1';
  let closed = false;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    restored,
    restoreMs,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      clearInterval(rotate);
      clearInterval(revocations);
      await hub.close();
      playerWatchers.close();
      await app.close();
      tables.dispose();
      await cluster?.close();
      await bus.close();
      await store.close();
      await pool?.close();
    },
  };
}
