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
  type PlayerInfo,
  PROTOCOL_VERSION,
  type Role,
  type ServerMessage,
} from '@pyramid/online';
import type { Player } from '@pyramid/rules';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Sessions } from './auth.js';
import { type Bus, playerTopic, tableTopic } from './bus.js';
import { type Cluster, type ClusterHandlers, NO_ANSWER } from './cluster/cluster.js';
import { forward } from './cluster/forward.js';
import { type ConnectionRef, intent, RemoteMembers, type RemoteRequest } from './cluster/remote.js';
import type { EventWatchers } from './events/watchers.js';
import { clientOf, OnceEach } from './limits.js';
import type { Member } from './room.js';
import { type SecurityEvent, securityEvent } from './security-log.js';
import type { Store } from './store/types.js';
import { playerInfo, type Tables } from './tables.js';
import { parseClientMessage } from './validate.js';

export interface RateLimit {
  /** Messages a connection may send at once. */
  readonly burst: number;
  /** Messages per second it earns back. */
  readonly perSecond: number;
}

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
  /** Several processes share the tables: intents for a table held elsewhere are forwarded to it. */
  readonly cluster?: Cluster | null;
  /** Followers of club events (`event-watch`); null without an event store. */
  readonly eventWatchers?: EventWatchers | null;
  /** Socket limits (default DEFAULT_SOCKET_LIMITS). */
  readonly socketLimits?: Partial<SocketLimits>;
}

/** What one WebSocket may cost the server (issue 23 §3.1, §3.7); every number is in docs/deploy.md. */
export interface SocketLimits {
  /** A socket that has not sent an accepted `hello` this long after the upgrade is closed. */
  readonly helloMs: number;
  /** Refusals a connection may earn (a burst, and per second back) before it is dropped. */
  readonly abuse: RateLimit;
  /**
   * Messages whose answer is large — `join` (the full snapshot), `desync` (the state), `log` (a
   * page of rulings) — on top of the message rate.
   */
  readonly expensive: RateLimit;
  /**
   * Bytes waiting to be sent to one connection (ws `bufferedAmount`: written to the socket, not yet
   * taken by the kernel) past which a message is not queued but the connection cut: a client that
   * stops reading must not grow the server.
   */
  readonly sendBufferBytes: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = Object.freeze({
  helloMs: 5_000,
  abuse: { burst: 100, perSecond: 10 },
  expensive: { burst: 10, perSecond: 1 },
  sendBufferBytes: 8 * 1024 * 1024,
});

const HEARTBEAT_MS = 30_000;
/** Messages of one connection waiting their turn (handled one after another) before it is dropped. */
const MAX_WAITING_MESSAGES = 256;
/** A client's repeated security event is written again after this long at the soonest. */
const SECURITY_LOG_AGAIN_MS = 10 * 60_000;
/** After a close frame, a socket that does not answer it is cut this much later. */
const CLOSE_GRACE_MS = 1_000;

class Bucket {
  private tokens: number;
  private at: number;
  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
  ) {
    this.tokens = limit.burst;
    this.at = now();
  }
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.at) / 1000) * this.limit.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Tasks run one after another, each started when the one before it has settled. */
export class Inbox {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  push(task: () => Promise<void>): void {
    this.waiting++;
    this.tail = this.tail
      .then(task)
      .catch(() => {})
      .finally(() => {
        this.waiting--;
      });
  }
}

let nextConnection = 1;

class Connection implements Member {
  readonly id = nextConnection++;
  player: PlayerInfo = { id: '', name: '', account: false };
  authenticated = false;
  /** The stored session its token belongs to (null for a token of the older format). */
  sessionId: string | null = null;
  tableId: string | null = null;
  role: Role | null = null;
  seat: Player | null = null;
  alive = true;
  /**
   * In a cluster: where the joined table is played — here, on another process (with the lease's
   * token seen when the join was forwarded), or not known now (to be joined again).
   */
  route: 'here' | { readonly owner: string; readonly token: number } | null = null;
  /** The role asked for in the last join (taken again when the table moves). */
  wantedRole: Role | null = null;
  /** Joins under way (a join or a rejoin): the rounds leave the connection alone meanwhile. */
  joining = 0;
  private unsubscribeTable: (() => void) | null = null;
  private unsubscribePlayer: (() => void) | null = null;
  readonly bucket: Bucket;
  readonly chatBucket: Bucket;
  /** Refusals earned: counted in a window, not in a row (a refusal between two good messages still counts). */
  readonly abuseBucket: Bucket;
  readonly expensiveBucket: Bucket;
  private readonly sendBufferBytes: number;
  /** The connection's messages, handled strictly in the order they arrived. */
  readonly inbox = new Inbox();

  constructor(
    readonly ws: WebSocket,
    private readonly bus: Bus,
    options: HubOptions,
    limits: SocketLimits,
    /** The client (its address, limits.ts `clientOf`), for the security log. */
    readonly client: string,
    private readonly onSlowReader: () => void,
  ) {
    this.bucket = new Bucket(options.rateLimit, options.now);
    this.chatBucket = new Bucket(options.chatLimit, options.now);
    this.abuseBucket = new Bucket(limits.abuse, options.now);
    this.expensiveBucket = new Bucket(limits.expensive, options.now);
    this.sendBufferBytes = limits.sendBufferBytes;
  }

  /** Closes with `code`, and cuts the socket if the client does not answer the close in time. */
  drop(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.CLOSED) return;
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  send(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.sendBufferBytes) {
      // It would never drain in time: a close frame would wait behind the buffer, so cut it now.
      this.ws.terminate();
      this.onSlowReader();
      return;
    }
    this.ws.send(text);
  }

  bind(tableId: string | null, role: Role | null, seat: Player | null): void {
    if (tableId !== this.tableId) {
      this.unsubscribeTable?.();
      this.unsubscribeTable =
        tableId === null ? null : this.bus.subscribe(tableTopic(tableId), (p) => this.send(p));
    }
    this.tableId = tableId;
    this.role = role;
    this.seat = seat;
  }

  authenticate(player: PlayerInfo): void {
    this.player = player;
    this.authenticated = true;
    this.unsubscribePlayer?.();
    this.unsubscribePlayer = this.bus.subscribe(playerTopic(player.id), (p) => this.send(p));
  }

  dispose(): void {
    this.unsubscribeTable?.();
    this.unsubscribePlayer?.();
    this.unsubscribeTable = null;
    this.unsubscribePlayer = null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Hub implements ClusterHandlers {
  // Pings are answered by the hub, metered like every other frame (`autoPong` off).
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, autoPong: false });
  private readonly connections = new Set<Connection>();
  private readonly byId = new Map<number, Connection>();
  private readonly remote: RemoteMembers | null;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private closing = false;
  private readonly limits: SocketLimits;
  private readonly logged = new OnceEach(10_000);

  constructor(private readonly options: HubOptions) {
    this.limits = { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits };
    this.remote = options.cluster == null ? null : new RemoteMembers(options.cluster, options.tables);
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
    const client = clientOf(request.socket.remoteAddress);
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
          this.refuse(connection, {
            code: 'server/internal',
            field: '',
            message: 'the server failed on this message',
          });
        }),
      );
    });
    ws.on('close', () => {
      clearTimeout(helloTimer);
      this.connections.delete(connection);
      this.byId.delete(connection.id);
      this.options.eventWatchers?.forget(connection);
      if (connection.authenticated) this.options.cluster?.playerOnline(connection.player.id, false);
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
        message.type === 'event-watch') &&
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
    const cluster = this.options.cluster ?? null;
    if (cluster !== null && message.type !== 'leave') {
      if (!cluster.available()) return unavailable('the server is cut off from its shared services');
      if (message.type === 'join')
        return this.joinCluster(cluster, connection, message.tableId, message.role);
      if (connection.tableId !== message.tableId) return notJoined;
      if (message.type === 'chat' && !connection.chatBucket.take())
        return { code: 'rate/limited', field: 'text', message: 'too many chat lines: wait a little' };
      const route = connection.route;
      if (route === null) {
        void this.rejoin(connection);
        return unavailable('the table is moving to another server process');
      }
      if (route !== 'here') return this.forward(cluster, connection, route, message);
      if (!this.options.tables.rooms.has(message.tableId)) {
        void this.rejoin(connection);
        return unavailable('the table is moving to another server process');
      }
    }
    switch (message.type) {
      case 'join': {
        const room = await this.options.tables.room(message.tableId);
        if (room === null) return { code: 'table/not-found', field: 'tableId', message: 'no such table' };
        if (connection.tableId !== null && connection.tableId !== message.tableId)
          await this.leaveTable(connection);
        return room.join(connection, message.role);
      }
      case 'leave':
        if (connection.tableId !== message.tableId) return notJoined;
        await this.leaveTable(connection);
        return null;
      case 'chat': {
        const room = this.joined(connection, message.tableId);
        if (room === null) return notJoined;
        if (!connection.chatBucket.take())
          return { code: 'rate/limited', field: 'text', message: 'too many chat lines: wait a little' };
        return room.chat(connection, message.text);
      }
      case 'stroke':
        return this.joined(connection, message.tableId)?.stroke(connection, message) ?? notJoined;
      case 'decision':
        return this.joined(connection, message.tableId)?.decision(connection, message) ?? notJoined;
      case 'extension':
        return this.joined(connection, message.tableId)?.extension(connection, message) ?? notJoined;
      case 'desync':
        return (
          this.joined(connection, message.tableId)?.desync(connection, message.seq, message.hash) ?? notJoined
        );
      case 'log':
        return this.joined(connection, message.tableId)?.logRequest(connection, message.after) ?? notJoined;
      default:
        return null;
    }
  }

  private joined(connection: Connection, tableId: string) {
    if (connection.tableId !== tableId) return null;
    return this.options.tables.rooms.get(tableId) ?? null;
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
    if (connection.authenticated) this.options.cluster?.playerOnline(connection.player.id, false);
    connection.authenticate(playerInfo(stored));
    connection.sessionId = verified.sessionId;
    this.options.cluster?.playerOnline(stored.id, true);
    this.send(connection, {
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      player: connection.player,
      serverNow: this.options.now(),
    });
    return null;
  }

  private async leaveTable(connection: Connection): Promise<void> {
    const id = connection.tableId;
    if (id === null) return;
    const route = connection.route;
    connection.route = null;
    connection.wantedRole = null;
    if (route !== null && route !== 'here' && this.options.cluster != null) {
      // The owner need not answer: a dead owner's successor starts with every seat away anyway.
      void this.options.cluster.request(route.owner, this.remoteBody(connection, id, { op: 'leave' }));
    } else {
      const room = this.options.tables.rooms.get(id);
      if (room !== undefined) await room.leave(connection);
    }
    connection.bind(null, null, null);
  }

  // ── In a cluster ───────────────────────────────────────────────────────────────────────────

  private ref(connection: Connection): ConnectionRef {
    return { id: connection.id, player: connection.player };
  }

  private remoteBody(
    connection: Connection,
    tableId: string,
    body:
      | { op: 'join'; role: Role; resume?: boolean }
      | { op: 'leave' }
      | { op: 'intent'; message: ClientMessage },
  ): RemoteRequest {
    return { ...body, tableId, conn: this.ref(connection) } as RemoteRequest;
  }

  /**
   * Joins a table wherever it is played: here (taking its lease when nobody holds it), or on the
   * process holding it, through which every later intent goes. The connection listens to the
   * table's topic before the join is sent, so that no broadcast after the join is missed. While
   * the owner does not answer (dead, paused or cut off), the join waits for its lease to expire and
   * then takes the table here — bounded by two lease periods.
   */
  private async joinCluster(
    cluster: Cluster,
    connection: Connection,
    tableId: string,
    role: Role,
    mode: 'join' | 'resume' = 'join',
  ): Promise<OnlineError | null> {
    connection.joining++;
    try {
      return await this.joinWhereHeld(cluster, connection, tableId, role, mode);
    } finally {
      connection.joining--;
    }
  }

  private async joinWhereHeld(
    cluster: Cluster,
    connection: Connection,
    tableId: string,
    role: Role,
    mode: 'join' | 'resume',
  ): Promise<OnlineError | null> {
    if (connection.tableId !== null && connection.tableId !== tableId) await this.leaveTable(connection);
    connection.wantedRole = role;
    connection.bind(tableId, connection.role, connection.seat);
    await cluster.bus.ready();
    const deadline = performance.now() + cluster.leaseMs * 2 + 2000;
    const give = (error: OnlineError | null): OnlineError | null => {
      if (error !== null && error.code !== 'server/unavailable') {
        connection.route = null;
        connection.wantedRole = null;
        connection.bind(null, null, null);
      }
      return error;
    };
    while (performance.now() < deadline && cluster.available()) {
      const place = await this.options.tables.locate(tableId);
      if (place.at === 'none')
        return give({ code: 'table/not-found', field: 'tableId', message: 'no such table' });
      if (place.at === 'here') {
        connection.route = 'here';
        return give(await place.room.join(connection, role, mode));
      }
      connection.route = { owner: place.owner, token: place.token };
      const answer = await cluster.request(
        place.owner,
        this.remoteBody(connection, tableId, { op: 'join', role, resume: mode === 'resume' }),
      );
      if (answer === NO_ANSWER) {
        await sleep(cluster.leaseMs / 3);
        continue;
      }
      const error = (answer as { error: OnlineError | null | 'not-owner' }).error;
      if (error === 'not-owner') {
        await sleep(20);
        continue;
      }
      return give(error);
    }
    connection.route = null;
    return unavailable('the server holding this table does not answer; it is being moved');
  }

  /** An intent for a table played on another process (cluster/forward.ts says what the client is told). */
  private forward(
    cluster: Cluster,
    connection: Connection,
    route: { readonly owner: string; readonly token: number },
    message: ClientMessage,
  ): Promise<OnlineError | null> {
    const tableId = connection.tableId;
    if (tableId === null) return Promise.resolve(notJoined);
    const body = this.remoteBody(connection, tableId, { op: 'intent', message });
    return forward(
      {
        cluster,
        room: (id) => this.options.tables.rooms.get(id),
        local: (room) => intent(room, connection, message),
        rejoin: () => void this.rejoin(connection),
        closing: () => this.closing,
      },
      connection,
      route,
      body as RemoteRequest & { op: 'intent' },
    );
  }

  /** Joins the connection's table again where it is played now (the table moved); the answer is `joined`. */
  private async rejoin(connection: Connection): Promise<void> {
    const cluster = this.options.cluster;
    const tableId = connection.tableId;
    const role = connection.wantedRole;
    if (cluster == null || connection.joining > 0 || tableId === null || role === null) return;
    if (!cluster.available()) return;
    connection.route = null;
    try {
      // A join of its own: it never takes the seat from a newer connection of the same player.
      const error = await this.joinCluster(cluster, connection, tableId, role, 'resume');
      if (error !== null && error.code !== 'server/unavailable') this.refuse(connection, error);
    } catch (caught) {
      this.options.log(`connection ${connection.id}: rejoin: ${(caught as Error).message}`);
    }
  }

  /** A request from another process for a table held here. */
  async request(from: string, body: unknown): Promise<unknown> {
    if ((body as { op?: string }).op === 'lobby') return { tables: this.options.tables.heldInfos() };
    return this.remote?.handle(from, body as RemoteRequest) ?? { error: 'not-owner' };
  }

  /** A one-way message from an owner to one of this process's connections. */
  message(body: unknown): void {
    const m = body as
      | { op: 'send'; conn: number; text: string }
      | { op: 'bind'; conn: number; tableId: string | null; role: Role | null; seat: Player | null };
    const connection = this.byId.get(m.conn);
    if (connection === undefined) return;
    if (m.op === 'send') connection.send(m.text);
    // Only a role change within the table: this process subscribes and unsubscribes by itself.
    else if (m.tableId !== null && m.tableId === connection.tableId)
      connection.bind(m.tableId, m.role, m.seat);
  }

  lost(tableId: string): void {
    this.options.tables.drop(tableId);
    this.remote?.forget(tableId);
    for (const c of this.connections) {
      if (c.tableId === tableId && c.route === 'here') {
        c.route = null;
        void this.rejoin(c);
      }
    }
  }

  health(available: boolean, why: string): void {
    const text = JSON.stringify({ type: 'service', available, message: why } satisfies ServerMessage);
    for (const c of this.connections) if (c.authenticated) c.send(text);
  }

  /** Each round: tables played elsewhere that moved (or whose owner stopped renewing), dead askers. */
  async tick(): Promise<void> {
    const cluster = this.options.cluster;
    if (cluster == null || !cluster.available()) return;
    await this.remote?.sweep();
    const byTable = new Map<string, Connection[]>();
    for (const c of this.connections) {
      if (c.tableId === null || c.route === 'here' || c.joining > 0) continue;
      const list = byTable.get(c.tableId) ?? [];
      list.push(c);
      byTable.set(c.tableId, list);
    }
    // One query for every table played elsewhere (not one a table: hundreds of rooms per round).
    const leases = await cluster.store.leases([...byTable.keys()]);
    for (const [tableId, list] of byTable) {
      const lease = leases.get(tableId) ?? null;
      for (const c of list) {
        const route = c.route;
        const moved =
          route === null ||
          route === 'here' ||
          lease === null ||
          lease.token !== route.token ||
          lease.expiresAt <= lease.now;
        if (moved) void this.rejoin(c);
      }
    }
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

const unavailable = (message: string): OnlineError => ({ code: 'server/unavailable', field: '', message });

const notJoined: OnlineError = {
  code: 'table/not-joined',
  field: 'tableId',
  message: 'join this table first',
};
