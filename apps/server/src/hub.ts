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
import type { Member } from './room.js';
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
}

/** Refusals in a row after which a connection is dropped. */
const ABUSE_LIMIT = 1000;
const HEARTBEAT_MS = 30_000;

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

let nextConnection = 1;

class Connection implements Member {
  readonly id = nextConnection++;
  player: PlayerInfo = { id: '', name: '', account: false };
  authenticated = false;
  tableId: string | null = null;
  role: Role | null = null;
  seat: Player | null = null;
  refusals = 0;
  alive = true;
  private unsubscribeTable: (() => void) | null = null;
  private unsubscribePlayer: (() => void) | null = null;
  readonly bucket: Bucket;
  readonly chatBucket: Bucket;

  constructor(
    readonly ws: WebSocket,
    private readonly bus: Bus,
    options: HubOptions,
  ) {
    this.bucket = new Bucket(options.rateLimit, options.now);
    this.chatBucket = new Bucket(options.chatLimit, options.now);
  }

  send(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
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

export class Hub {
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly connections = new Set<Connection>();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private closing = false;

  constructor(private readonly options: HubOptions) {
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
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
  }

  private accept(ws: WebSocket): void {
    const connection = new Connection(ws, this.options.bus, this.options);
    this.connections.add(connection);
    ws.on('pong', () => {
      connection.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      connection.alive = true;
      const text = isBinary
        ? null
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : data.toString();
      void this.receive(connection, text).catch((caught: unknown) => {
        this.options.log(`connection ${connection.id}: ${(caught as Error).stack ?? String(caught)}`);
        this.refuse(connection, {
          code: 'server/internal',
          field: '',
          message: 'the server failed on this message',
        });
      });
    });
    ws.on('close', () => {
      this.connections.delete(connection);
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
    connection.refusals++;
    this.send(connection, {
      type: 'error',
      ...error,
      field: fieldPointer(error.field),
      ...(ref === undefined ? {} : { ref }),
    });
    if (connection.refusals >= ABUSE_LIMIT)
      connection.ws.close(CLOSE_CODES.abuse, 'too many refused messages');
  }

  private async receive(connection: Connection, text: string | null): Promise<void> {
    if (text === null) {
      this.refuse(connection, {
        code: 'protocol/malformed-json',
        field: '',
        message: 'send text frames of JSON',
      });
      return;
    }
    if (!connection.bucket.take()) {
      this.refuse(connection, { code: 'rate/limited', field: '', message: 'too many messages: slow down' });
      return;
    }
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      this.refuse(connection, parsed.error, parsed.ref);
      return;
    }
    const message = parsed.value;
    const error = await this.handle(connection, message);
    if (error !== null) this.refuse(connection, error, message.ref);
    else connection.refusals = 0;
  }

  private async handle(connection: Connection, message: ClientMessage): Promise<OnlineError | null> {
    if (message.type === 'ping') {
      this.send(connection, { type: 'pong', t: message.t, serverNow: this.options.now() });
      return null;
    }
    if (message.type === 'hello') return this.hello(connection, message.protocol, message.token);
    if (!connection.authenticated)
      return { code: 'auth/required', field: 'type', message: 'send hello with your session token first' };
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
    connection.authenticate(playerInfo(stored));
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
    const room = this.options.tables.rooms.get(id);
    if (room !== undefined) await room.leave(connection);
    connection.bind(null, null, null);
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

const notJoined: OnlineError = {
  code: 'table/not-joined',
  field: 'tableId',
  message: 'join this table first',
};
