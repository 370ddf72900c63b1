/**
 * The WebSocket side: each connection is checked at the upgrade (its Origin), then every message is
 * checked in order — size, JSON, rate, schema of its type, a session (`hello` first), the table it
 * joined — before the room sees it. A refusal is a typed `error` naming the field, echoing the
 * message's `ref`; the room's state is untouched.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fieldPointer } from '@pyramid/core';
import {
  CLOSE_CODES,
  type ClientMessage,
  type OnlineError,
  PROTOCOL_VERSION,
  type ServerMessage,
} from '@pyramid/online';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Sessions } from './auth.js';
import type { Bus } from './bus/bus.js';
import type { EventWatchers } from './events/watchers.js';
import { Connection, DEFAULT_SOCKET_LIMITS, type RateLimit, type SocketLimits } from './hub/connection.js';
import type { TableRouting } from './hub/routing.js';
import { OnceEach } from './limits.js';
import { isLiveMessage, type LiveScoring } from './live/scoring.js';
import type { PlayerWatchers } from './players/watchers.js';
import { storeDown } from './room/refusals.js';
import { type SecurityEvent, securityEvent } from './security-log.js';
import type { Store } from './store/types.js';
import { playerInfo, type Tables } from './tables.js';
import { parseClientMessage } from './validate.js';

export { DEFAULT_SOCKET_LIMITS, Inbox, type RateLimit, type SocketLimits } from './hub/connection.js';

export interface HubOptions {
  readonly store: Store;
  readonly bus: Bus;
  readonly tables: Tables;
  readonly sessions: Sessions;
  readonly now: () => number;
  /** Origins allowed besides the server's own (exact `scheme://host:port`), or '*' for any. */
  readonly allowedOrigins: readonly string[] | '*';
  readonly rateLimit: RateLimit;
  readonly chatLimit: RateLimit;
  readonly log: (message: string) => void;
  /** Where a table's messages go: this process's rooms, or the process of a cluster that plays it (hub/routing.ts). */
  readonly routing: TableRouting;
  /** Followers of club events (`event-watch`); null without an event store. */
  readonly eventWatchers?: EventWatchers | null;
  /** Live scoring from real tables (`score-*`, `live-*`: live/scoring.ts); null without it. */
  readonly live?: LiveScoring | null;
  /** Followers of players' pages (`player-watch`: players/watchers.ts). */
  readonly playerWatchers?: PlayerWatchers | null;
  /** Socket limits (default DEFAULT_SOCKET_LIMITS). */
  readonly socketLimits?: Partial<SocketLimits>;
  /** Who an upgrade comes from (client-address.ts: the socket's peer, or behind a proxy the client it names). */
  readonly clientAddress: (request: IncomingMessage) => string;
}

const HEARTBEAT_MS = 30_000;
/** Messages of one connection waiting their turn (handled one after another) before it is dropped. */
const MAX_WAITING_MESSAGES = 256;
/** A client's repeated security event is written again after this long at the soonest. */
const SECURITY_LOG_AGAIN_MS = 10 * 60_000;

export class Hub {
  // Pings are answered by the hub, metered like every other frame (`autoPong` off).
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, autoPong: false });
  private readonly connections = new Set<Connection>();
  private readonly byId = new Map<number, Connection>();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private closing = false;
  private readonly limits: SocketLimits;
  private readonly logged = new OnceEach(10_000);

  constructor(private readonly options: HubOptions) {
    this.limits = { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits };
    options.routing.attach({
      connections: this.connections,
      byId: this.byId,
      refuse: (connection, error) => this.refuse(connection, error),
      closing: () => this.closing,
      log: options.log,
    });
    this.heartbeat = setInterval(() => {
      for (const c of this.connections) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Same origin as the Host, or one of the allowed ones; a client without an Origin (not a browser) passes. */
  originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    const allowed = this.options.allowedOrigins;
    if (allowed === '*') return true;
    if (allowed.includes(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!this.originAllowed(request)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const client = this.options.clientAddress(request);
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, client));
  }

  /** A security event a client can repeat at will: logged once per client and window. */
  private security(event: SecurityEvent, client: string, fields: Record<string, string | number> = {}): void {
    if (this.logged.first(`${event} ${client}`, Date.now(), SECURITY_LOG_AGAIN_MS))
      securityEvent(this.options.log, event, { client, ...fields });
  }

  private accept(ws: WebSocket, client: string): void {
    const connection: Connection = new Connection(
      ws,
      this.options.bus,
      this.options,
      this.limits,
      client,
      () => this.security('socket-slow-reader', client, { bytes: this.limits.sendBufferBytes }),
    );
    this.connections.add(connection);
    this.byId.set(connection.id, connection);
    // A socket that never says who it is holds a descriptor and memory for nothing (§3.7).
    const helloTimer = setTimeout(() => {
      if (connection.authenticated) return;
      connection.drop(CLOSE_CODES.noHello, 'no hello in time');
      this.security('socket-no-hello', client);
    }, this.limits.helloMs);
    helloTimer.unref();
    ws.on('pong', () => {
      connection.alive = true;
    });
    ws.on('ping', (data) => {
      connection.alive = true;
      if (connection.bucket.take()) ws.pong(data);
      else this.abused(connection);
    });
    ws.on('message', (data, isBinary) => {
      // Frames still arriving after the close was sent are not worth a task each.
      if (ws.readyState !== ws.OPEN) return;
      connection.alive = true;
      // The frame rate bounds the messages handled; this bounds those merely waiting (refusals too).
      if (connection.inbox.size >= MAX_WAITING_MESSAGES) {
        connection.drop(CLOSE_CODES.abuse, 'too many messages waiting');
        this.security('socket-abuse', client);
        return;
      }
      const text = isBinary
        ? null
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : data.toString();
      // Every frame is metered as it arrives, binary ones too, before it waits its turn.
      if (!connection.bucket.take()) {
        connection.inbox.push(async () =>
          this.refuse(connection, {
            code: 'rate/limited',
            field: '',
            message: 'too many messages: slow down',
          }),
        );
        return;
      }
      const parsed = text === null ? null : parseClientMessage(text);
      // A ping changes nothing and is answered at once: behind an intent that waits on a stalled
      // bus (cluster/forward.ts, up to 20 s) it would time out, and the client would think itself cut off.
      if (parsed?.ok === true && parsed.value.type === 'ping') {
        this.send(connection, { type: 'pong', t: parsed.value.t, serverNow: this.options.now() });
        return;
      }
      // One message after another (issue 23 §1): `hello` and `join` wait for the store, and the
      // next frame of the same TCP write must find the session and the seat they made.
      connection.inbox.push(() =>
        this.receive(connection, parsed).catch((caught: unknown) => {
          // A fault of the server, but one a client may repeat: each kind is written once a window.
          const what = (caught as Error).message ?? String(caught);
          if (this.logged.first(`fault ${what}`, Date.now(), SECURITY_LOG_AGAIN_MS))
            this.options.log(`connection ${connection.id}: ${(caught as Error).stack ?? String(caught)}`);
          // A database that does not answer is no fault of this server: the client may try again
          // (or, if the connection went down under a write, take the state again).
          this.refuse(
            connection,
            storeDown(caught, 'changed') ?? {
              code: 'server/internal',
              field: '',
              message: 'the server failed on this message',
            },
          );
        }),
      );
    });
    ws.on('close', () => {
      clearTimeout(helloTimer);
      this.connections.delete(connection);
      this.byId.delete(connection.id);
      this.options.eventWatchers?.forget(connection);
      this.options.live?.forget(connection);
      this.options.playerWatchers?.forget(connection);
      if (connection.authenticated) this.options.routing.playerOnline(connection.player.id, false);
      if (this.closing) {
        connection.dispose();
        return;
      }
      void this.leaveTable(connection)
        .catch((caught: unknown) =>
          this.options.log(`connection ${connection.id} left badly: ${String(caught)}`),
        )
        .finally(() => connection.dispose());
    });
    ws.on('error', () => {});
  }

  private send(connection: Connection, message: ServerMessage): void {
    connection.send(JSON.stringify(message));
  }

  private refuse(connection: Connection, error: OnlineError, ref?: string): void {
    if (connection.ws.readyState !== connection.ws.OPEN) return;
    this.send(connection, {
      type: 'error',
      ...error,
      field: fieldPointer(error.field),
      ...(ref === undefined ? {} : { ref }),
    });
    this.abused(connection);
  }

  /** One more refusal: past the abuse limit (refusals in a window) the connection is dropped. */
  private abused(connection: Connection): void {
    if (connection.abuseBucket.take() || connection.ws.readyState !== connection.ws.OPEN) return;
    connection.drop(CLOSE_CODES.abuse, 'too many refused messages');
    this.security('socket-abuse', connection.client);
  }

  private async receive(
    connection: Connection,
    parsed: ReturnType<typeof parseClientMessage> | null,
  ): Promise<void> {
    if (parsed === null) {
      this.refuse(connection, {
        code: 'protocol/malformed-json',
        field: '',
        message: 'send text frames of JSON',
      });
      return;
    }
    if (!parsed.ok) {
      this.refuse(connection, parsed.error, parsed.ref);
      return;
    }
    const message = parsed.value;
    const error = await this.handle(connection, message);
    if (error !== null) this.refuse(connection, error, message.ref);
  }

  private async handle(connection: Connection, message: ClientMessage): Promise<OnlineError | null> {
    if (message.type === 'ping') {
      this.send(connection, { type: 'pong', t: message.t, serverNow: this.options.now() });
      return null;
    }
    if (message.type === 'hello') return this.hello(connection, message.protocol, message.token);
    if (!connection.authenticated)
      return { code: 'auth/required', field: 'type', message: 'send hello with your session token first' };
    if (
      (message.type === 'join' ||
        message.type === 'desync' ||
        message.type === 'log' ||
        message.type === 'event-watch' ||
        message.type === 'player-watch') &&
      !connection.expensiveBucket.take()
    ) {
      return {
        code: 'rate/limited',
        field: 'type',
        message: `too many ${message.type} messages: wait a little`,
      };
    }
    // Club events are the events module's (events/watchers.ts), on any process of a cluster.
    if (message.type === 'event-watch' || message.type === 'event-unwatch') {
      const watchers = this.options.eventWatchers ?? null;
      if (watchers === null) return { code: 'event/not-found', field: 'eventId', message: 'no events here' };
      if (message.type === 'event-unwatch') watchers.unwatch(connection, message.eventId);
      else return watchers.watch(connection, message.eventId);
      return null;
    }
    // Players' pages are the players module's (players/watchers.ts): its index is in memory.
    if (message.type === 'player-watch' || message.type === 'player-unwatch') {
      const watchers = this.options.playerWatchers ?? null;
      if (watchers === null)
        return { code: 'player/not-found', field: 'playerId', message: 'no players here' };
      if (message.type === 'player-unwatch') watchers.unwatch(connection);
      else return watchers.watch(connection, message.playerId);
      return null;
    }
    // Live scoring is the live module's (live/scoring.ts): the store holds its lease, on any process.
    if (isLiveMessage(message)) {
      // Their answers carry a whole log: limited like `join`.
      if (
        (message.type === 'live-watch' || message.type === 'score-open' || message.type === 'score-take') &&
        !connection.expensiveBucket.take()
      )
        return {
          code: 'rate/limited',
          field: 'type',
          message: `too many ${message.type} messages: wait a little`,
        };
      return (
        this.options.live?.handle(connection, message) ??
        Promise.resolve({ code: 'live/not-found', field: 'liveId', message: 'no live scoring here' })
      );
    }
    return this.options.routing.handle(connection, message);
  }

  private async hello(connection: Connection, protocol: number, token: string): Promise<OnlineError | null> {
    if (protocol !== PROTOCOL_VERSION) {
      return {
        code: 'protocol/version',
        field: 'protocol',
        message: `this server speaks protocol ${PROTOCOL_VERSION}`,
      };
    }
    const verified = this.options.sessions.verify(token, this.options.now());
    if (!verified.ok) return { code: verified.code, field: 'token', message: verified.message };
    const stored = await this.options.store.player(verified.playerId);
    if (stored === null)
      return { code: 'auth/invalid-token', field: 'token', message: 'no such player on this server' };
    if (connection.authenticated && connection.player.id !== stored.id) await this.leaveTable(connection);
    if (connection.authenticated) this.options.routing.playerOnline(connection.player.id, false);
    connection.authenticate(playerInfo(stored));
    connection.sessionId = verified.sessionId;
    this.options.routing.playerOnline(stored.id, true);
    this.send(connection, {
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      player: connection.player,
      serverNow: this.options.now(),
    });
    return null;
  }

  private leaveTable(connection: Connection): Promise<void> {
    return this.options.routing.leave(connection);
  }

  /**
   * Closes every connection whose session was signed out (§3.5): at once on the process that took
   * the logout, within a revocation sync (5 s) on the others.
   */
  closeSignedOut(): number {
    let closed = 0;
    for (const c of this.connections) {
      if (c.sessionId !== null && this.options.sessions.isRevoked(c.sessionId)) {
        c.sessionId = null;
        c.drop(CLOSE_CODES.signedOut, 'the session was signed out');
        closed++;
      }
    }
    if (closed > 0) securityEvent(this.options.log, 'socket-signed-out', { sockets: closed });
    return closed;
  }

  /** Connections open now. */
  size(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.closing = true;
    for (const c of this.connections) c.ws.close(CLOSE_CODES.shutdown, 'server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    for (const c of this.connections) c.ws.terminate();
  }
}
