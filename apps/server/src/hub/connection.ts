/**
 * One WebSocket connection as the hub holds it: the member a room speaks to (`send`, `bind`: the
 * table's topic on the bus), its session, where its table is played in a cluster (`route`), and
 * what it may cost — the token buckets of its messages, chat lines, refusals and expensive
 * messages, and the bytes waiting to be sent (issue 23 §3.1, §3.7).
 */
import type { PlayerInfo, Role } from '@pyramid/online';
import type { Player } from '@pyramid/rules';
import type { WebSocket } from 'ws';
import { type Bus, playerTopic, tableTopic } from '../bus/bus.js';
import type { Member } from '../room.js';

/** The rates a connection is held to. */
export interface ConnectionOptions {
  readonly rateLimit: RateLimit;
  readonly chatLimit: RateLimit;
  readonly now: () => number;
}

export interface RateLimit {
  /** Messages a connection may send at once. */
  readonly burst: number;
  /** Messages per second it earns back. */
  readonly perSecond: number;
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

/** After a close frame, a socket that does not answer it is cut this much later. */
const CLOSE_GRACE_MS = 1_000;

export class Bucket {
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

export class Connection implements Member {
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
    options: Pick<ConnectionOptions, 'rateLimit' | 'chatLimit' | 'now'>,
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
