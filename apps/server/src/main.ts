/**
 * `node --conditions=@pyramid/source --import tsx apps/server/src/main.ts`: the pyramid server on 127.0.0.1 (`HOST` changes it),
 * port `PORT` (default 8080), data in `PYRAMID_DATA` (default ./data, created). `PYRAMID_ORIGINS`
 * lists extra WebSocket origins (comma-separated), `PYRAMID_GRACE_MS` the grace period of a dropped
 * player, `PYRAMID_DIAGNOSTICS=1` serves /api/diagnostics (for the benchmark),
 * `PYRAMID_SIMULATION_WORKERS` the worker threads simulating strokes (default 1; 0: on the event
 * loop). `DATABASE_URL` (`postgres://…`) keeps everything in PostgreSQL instead of the SQLite
 * file. `REDIS_URL` (`redis://…`, with DATABASE_URL) makes this process one of a cluster
 * (docs/deploy.md); `PYRAMID_LEASE_MS` its tables' lease (default 3000). `PYRAMID_TRUST_PROXY`
 * (`1`, or the proxies' addresses/CIDRs, comma-separated) says a reverse proxy stands in front: a
 * client is then the address it reports. `PYRAMID_MAX_CONNECTIONS` caps the sockets in all (default
 * 10000). `PYRAMID_FORFEIT_MS` is how long an adjourned match waits before it is forfeited to the
 * player who is back (default 24 h), `PYRAMID_SEAT_RELEASE_MS` how long a seat of a match not yet
 * started waits for its player (default 60 000). `PYRAMID_CLIENT_LIMITS=off` lifts the per-client request rates and connection cap, for a
 * load test from one address only. Stops cleanly on SIGINT/SIGTERM.
 */
import { resolve } from 'node:path';
import { startServer } from './server.js';

const port = process.env.PORT === undefined ? 8080 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be a port number, not ${process.env.PORT}\n`);
  process.exit(2);
}
const dataDir = resolve(process.env.PYRAMID_DATA ?? 'data');
const origins = (process.env.PYRAMID_ORIGINS ?? '')
  .split(',')
  .map((o) => o.trim())
  .filter((o) => o !== '');
const graceMs = process.env.PYRAMID_GRACE_MS === undefined ? undefined : Number(process.env.PYRAMID_GRACE_MS);
/** A duration setting from the environment (ms), or undefined when unset; a bad value stops the start. */
function durationMs(name: string, min: number, max: number): number | undefined {
  const text = process.env[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    process.stderr.write(`${name} must be ${min} to ${max} (ms), not ${text}\n`);
    process.exit(2);
  }
  return value;
}
const forfeitMs = durationMs('PYRAMID_FORFEIT_MS', 60_000, 30 * 24 * 3600_000);
const seatReleaseMs = durationMs('PYRAMID_SEAT_RELEASE_MS', 5_000, 3600_000);

const workers = Number(process.env.PYRAMID_SIMULATION_WORKERS ?? 1);
if (!Number.isInteger(workers) || workers < 0 || workers > 64) {
  process.stderr.write(
    `PYRAMID_SIMULATION_WORKERS must be 0 to 64, not ${process.env.PYRAMID_SIMULATION_WORKERS}\n`,
  );
  process.exit(2);
}

const leaseMs = process.env.PYRAMID_LEASE_MS === undefined ? undefined : Number(process.env.PYRAMID_LEASE_MS);
if (leaseMs !== undefined && (!Number.isInteger(leaseMs) || leaseMs < 300 || leaseMs > 60_000)) {
  process.stderr.write(`PYRAMID_LEASE_MS must be 300 to 60000, not ${process.env.PYRAMID_LEASE_MS}\n`);
  process.exit(2);
}

const proxy = process.env.PYRAMID_TRUST_PROXY;
const trustProxy =
  proxy === undefined || proxy === '' || proxy === '0' ? false : proxy === '1' ? true : proxy;
const maxConnections =
  process.env.PYRAMID_MAX_CONNECTIONS === undefined ? undefined : Number(process.env.PYRAMID_MAX_CONNECTIONS);
if (maxConnections !== undefined && (!Number.isInteger(maxConnections) || maxConnections < 1)) {
  process.stderr.write(`PYRAMID_MAX_CONNECTIONS must be a positive integer, not ${maxConnections}\n`);
  process.exit(2);
}
const clientLimits = process.env.PYRAMID_CLIENT_LIMITS !== 'off';

const server = await startServer({
  trustProxy,
  ...(clientLimits ? {} : { httpLimits: null }),
  connectionLimits: {
    ...(maxConnections === undefined ? {} : { total: maxConnections }),
    ...(clientLimits ? {} : { perClient: null }),
  },
  simulationWorkers: workers,
  host: process.env.HOST ?? '127.0.0.1',
  port,
  dataDir,
  ...(process.env.DATABASE_URL === undefined ? {} : { databaseUrl: process.env.DATABASE_URL }),
  ...(process.env.REDIS_URL === undefined ? {} : { redisUrl: process.env.REDIS_URL }),
  ...(leaseMs === undefined ? {} : { leaseMs }),
  allowedOrigins: origins,
  diagnostics: process.env.PYRAMID_DIAGNOSTICS === '1',
  ...(graceMs === undefined || !Number.isFinite(graceMs) ? {} : { graceMs }),
  ...(forfeitMs === undefined ? {} : { forfeitMs }),
  ...(seatReleaseMs === undefined ? {} : { seatReleaseMs }),
});
process.stdout.write(
  `Pyramid server at ${server.url}/ (data: ${process.env.DATABASE_URL ? 'PostgreSQL' : dataDir}${process.env.REDIS_URL ? ', cluster via Redis' : ''}; ${server.restored} table(s) restored in ${server.restoreMs.toFixed(0)} ms)\n`,
);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
