/**
 * What one client may ask of the HTTP server (issue 23 §3.5, §3.7): requests per window on each
 * route (`@fastify/rate-limit`, in memory, per process), the time a request may take to arrive, the
 * size of a body, the connections one client and everyone may hold, and the tables one player may
 * keep waiting. A client is its address (`request.ip`: the socket's peer, or with `trustProxy` the
 * address the reverse proxy reports), IPv6 addresses grouped by their /64 (one subscriber).
 * Every number here is stated in docs/deploy.md.
 */

import rateLimit from '@fastify/rate-limit';
import type { OnlineError } from '@pyramid/online';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { securityEvent } from './security-log.js';

export interface Window {
  readonly max: number;
  readonly windowMs: number;
}

/** Requests per client and window, by route (a route with a limit of its own is not counted in `api`). */
export interface HttpLimits {
  /** Every other `/api/` request. */
  readonly api: Window;
  /** `POST /api/guest`: new guests. */
  readonly guest: Window;
  /** `POST /api/register`. */
  readonly register: Window;
  /** `POST /api/login` (failures are also slowed down per name and client: login-guard.ts). */
  readonly login: Window;
  /** `POST /api/session/refresh`. */
  readonly refresh: Window;
  /** `POST /api/tables`. */
  readonly createTable: Window;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_HTTP_LIMITS: HttpLimits = Object.freeze({
  api: { max: 300, windowMs: MINUTE },
  guest: { max: 30, windowMs: HOUR },
  register: { max: 10, windowMs: HOUR },
  login: { max: 20, windowMs: 10 * MINUTE },
  refresh: { max: 60, windowMs: HOUR },
  createTable: { max: 30, windowMs: 10 * MINUTE },
});

/** How long a request may take to arrive and a connection may idle. */
export interface HttpTimeouts {
  /** The whole request, headers and body (Node's `server.requestTimeout`): a slow body is cut. */
  readonly requestMs: number;
  /** The headers alone (`server.headersTimeout`). */
  readonly headersMs: number;
  /** A connection with no traffic at all (fastify's `connectionTimeout`). */
  readonly idleMs: number;
  /** A kept-alive connection between requests (`server.keepAliveTimeout`). */
  readonly keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = Object.freeze({
  requestMs: 10_000,
  headersMs: 5_000,
  idleMs: 60_000,
  keepAliveMs: 5_000,
});

/** The largest request body (bytes): every body of the API is far smaller. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Sockets at once (HTTP and WebSocket alike): per client (null: no cap) and in all. */
export interface ConnectionLimits {
  readonly perClient: number | null;
  readonly total: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = Object.freeze({ perClient: 64, total: 10_000 });

/** Tables one player may have waiting for their match to start (created and not yet begun). */
export const MAX_WAITING_TABLES = 5;

/**
 * The client an address belongs to: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its first 64 bits (what one subscriber is given), in full lowercase hex.
 */
export function clientOf(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0] as string;
  const [head = '', tail = ''] = bare.split('::') as [string, string?];
  const left = head === '' ? [] : head.split(':');
  const right = bare.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = bare.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g === '' ? '0' : g, 16).toString(16))
    .join(':')}::/64`;
}

/** The client of a request. */
export const clientOfRequest = (request: FastifyRequest): string => clientOf(request.ip);

/** A thrown refusal that the error handler answers with its status and OnlineError body. */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: OnlineError,
  ) {
    super(body.message);
  }
}

export type RouteLimit = keyof Omit<HttpLimits, 'api'>;

const LOG_AGAIN_MS = 10 * MINUTE;

/**
 * Registers the rate limits (before the routes: the plugin hooks each route as it is added), or
 * none when `limits` is null (a load test from one address). Returns the route options that put a
 * route under one of the named limits. A client that passes a route's limit is logged once per
 * ten minutes (the refusals themselves are not: their number is the client's to choose).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: HttpLimits | null,
  log: (message: string) => void,
): Promise<(name: RouteLimit) => RouteShorthandOptions> {
  if (limits === null) return () => ({});
  const logged = new OnceEach(10_000);
  await app.register(rateLimit, {
    global: true,
    max: limits.api.max,
    timeWindow: limits.api.windowMs,
    // The web app's files are not the API's: a page load fetches a dozen of them.
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: clientOfRequest,
    onExceeded: (request, key) => {
      const route = request.routeOptions.url ?? request.url;
      if (logged.first(`${route} ${key}`, Date.now(), LOG_AGAIN_MS))
        securityEvent(log, 'rate-limited', { route: `${request.method}:${route}`, client: key });
    },
    errorResponseBuilder: (_request, context) =>
      new Refusal(429, {
        code: 'rate/limited',
        field: '',
        message: `too many requests from this address: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      }),
  });
  return (name) => ({ config: { rateLimit: { max: limits[name].max, timeWindow: limits[name].windowMs } } });
}

/** Remembers which keys were seen in their current window, bounded (the oldest forgotten first). */
export class OnceEach {
  private readonly seen = new Map<string, number>();

  constructor(private readonly maxKeys: number) {}

  /** True the first time `key` is seen in a window of `windowMs` starting at that time. */
  first(key: string, now: number, windowMs: number): boolean {
    const until = this.seen.get(key);
    if (until !== undefined && now < until) return false;
    this.seen.delete(key);
    this.seen.set(key, now + windowMs);
    while (this.seen.size > this.maxKeys) this.seen.delete(this.seen.keys().next().value as string);
    return true;
  }
}
