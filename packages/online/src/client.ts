/**
 * `OnlineClient`: one WebSocket to the server, one table at a time. It authenticates with a
 * session token, joins as a player or a spectator, sends intents and hands every server message
 * to typed listeners. It keeps the table's latest state and `seq`, reconnects with backoff after a
 * dropped connection and joins again (the server answers with the full state), and checks every
 * stroke: it simulates the stroke itself from the state before it (the same deterministic physics
 * and referee as the server) and compares the final-state hash; on a mismatch it takes the
 * server's state and reports a `desync`.
 *
 * Environment-neutral: it is given the WebSocket constructor (the browser's, or the `ws` package's).
 */
import { err, hashJson, ok, type Result } from '@pyramid/core';
import { type SimulatedShot, simulateShot } from '@pyramid/match';
import { applyAction, type MatchState, type Player } from '@pyramid/rules';
import {
  CLOSE_CODES,
  type ClientMessage,
  type ClockInfo,
  type DecisionIntent,
  type LagInfo,
  type LogEntry,
  type OnlineError,
  type PlayerInfo,
  PROTOCOL_VERSION,
  type Role,
  type ServerMessage,
  type StrokeIntent,
  type TableInfo,
} from './protocol.js';

/** The part of a WebSocket the client uses: the browser's `WebSocket` and `ws`'s both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onclose: ((event: { readonly code: number; readonly reason: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketFactory = new (url: string) => WebSocketLike;

/** Where the connection is. 'superseded': a newer tab took the seat (no reconnect); 'closed': closed by `close()`. */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'superseded' | 'closed';

/** What the client itself found about a stroke it re-simulated. */
export interface StrokeCheck {
  readonly type: 'verified';
  readonly seq: number;
  /** The local simulation matched the server's final-state hash. */
  readonly match: boolean;
  /** The local simulation (for animation), or null when it could not run. */
  readonly simulation: SimulatedShot | null;
}

export type ClientEvent =
  | ServerMessage
  | StrokeCheck
  | { readonly type: 'status'; readonly status: ConnectionStatus }
  /** A message from the server that was not JSON (a bug of the server). */
  | { readonly type: 'garbled'; readonly text: string };

export type ClientEventType = ClientEvent['type'];
export type ClientEventOf<K extends ClientEventType> = Extract<ClientEvent, { type: K }>;

export interface OnlineClientOptions {
  /** The WebSocket address, `ws://host:port/ws` (see `OnlineApi.wsUrl`). */
  readonly url: string;
  readonly token: string;
  readonly WebSocket: WebSocketFactory;
  /** Re-simulate each stroke and compare hashes (default true; a load generator turns it off). */
  readonly verify?: boolean;
  /** Reconnect after a dropped connection (default true), waiting from `minDelayMs` doubling up to `maxDelayMs`. */
  readonly reconnect?: boolean;
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  /** How long a request waits for its answer (default 15 s). */
  readonly timeoutMs?: number;
}

interface Pending {
  readonly settle: (message: ServerMessage) => boolean;
  readonly fail: (error: OnlineError) => void;
  readonly timer: unknown;
}

const OPEN = 1;

/** The host's timers, without Node or DOM types (both have them on `globalThis`). */
interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const timers = globalThis as unknown as Timers;

const timeoutError = (what: string): OnlineError => ({
  code: 'server/internal',
  field: '',
  message: `no answer to ${what} in time`,
});
const closedError: OnlineError = { code: 'server/internal', field: '', message: 'the connection is closed' };

export class OnlineClient {
  private readonly options: OnlineClientOptions;
  private socket: WebSocketLike | null = null;
  private readonly listeners = new Map<ClientEventType, Set<(event: ClientEvent) => void>>();
  private readonly pending = new Map<string, Pending>();
  private nextRef = 1;
  private attempts = 0;
  private reconnectTimer: unknown = null;
  private wanted: { tableId: string; role: Role } | null = null;
  private statusValue: ConnectionStatus = 'idle';
  private welcomed: ((result: Result<PlayerInfo, OnlineError>) => void) | null = null;

  /** Who the server says we are (after `connect`). */
  player: PlayerInfo | null = null;
  tableId: string | null = null;
  role: Role | null = null;
  seat: Player | null = null;
  table: TableInfo | null = null;
  /** The table's latest state (null until joined, or while it waits for a second player). */
  lastState: MatchState | null = null;
  lastHash: string | null = null;
  /** Referee actions the table has applied. */
  seq = 0;
  clock: ClockInfo | null = null;
  lag: LagInfo | null = null;
  log: LogEntry[] = [];
  /** Server time minus local time (ms), from the last welcome or pong. */
  clockOffsetMs = 0;
  /** Strokes re-simulated here, and how many of them disagreed with the server. */
  verifiedStrokes = 0;
  desyncs = 0;
  /** False while the server says it is cut off from its database or message bus (a `service` message). */
  serviceAvailable = true;

  constructor(options: OnlineClientOptions) {
    this.options = options;
  }

  get status(): ConnectionStatus {
    return this.statusValue;
  }

  /** Listens to one kind of event; returns the function that stops listening. */
  on<K extends ClientEventType>(type: K, listener: (event: ClientEventOf<K>) => void): () => void {
    let set = this.listeners.get(type);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const wrapped = listener as (event: ClientEvent) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /** Opens the connection and authenticates; resolves with who we are, or the server's refusal. */
  connect(): Promise<Result<PlayerInfo, OnlineError>> {
    if (this.statusValue === 'open' && this.player !== null) return Promise.resolve(ok(this.player));
    return new Promise((resolve) => {
      this.welcomed = resolve;
      this.open(this.statusValue === 'reconnecting' ? 'reconnecting' : 'connecting');
    });
  }

  /** Joins a table (leaving any other). Resolves with the `joined` message (the full state). */
  join(tableId: string, role: Role): Promise<Result<ClientEventOf<'joined'>, OnlineError>> {
    this.wanted = { tableId, role };
    return this.request<ClientEventOf<'joined'>>({ type: 'join', tableId, role }, (m) =>
      m.type === 'joined' && m.tableId === tableId ? m : null,
    );
  }

  leave(): void {
    if (this.tableId !== null) this.sendMessage({ type: 'leave', tableId: this.tableId });
    this.wanted = null;
    this.forgetTable();
  }

  /** Plays a stroke on the current state; resolves with its broadcast (the server's ruling). */
  stroke(stroke: StrokeIntent): Promise<Result<ClientEventOf<'stroke'>, OnlineError>> {
    const tableId = this.tableId;
    if (tableId === null) return Promise.resolve(err(notJoined));
    const seq = this.seq;
    return this.request<ClientEventOf<'stroke'>>({ type: 'stroke', tableId, seq, stroke }, (m) =>
      m.type === 'stroke' && m.tableId === tableId && m.seq === seq + 1 ? m : null,
    );
  }

  /** Sends a decision (penalty ball, exchange ball, Dynamic option, lag); resolves with its ruling. */
  decision(action: DecisionIntent): Promise<Result<ClientEventOf<'ruling'>, OnlineError>> {
    const tableId = this.tableId;
    if (tableId === null) return Promise.resolve(err(notJoined));
    const seq = this.seq;
    return this.request<ClientEventOf<'ruling'>>({ type: 'decision', tableId, seq, action }, (m) =>
      m.type === 'ruling' && m.tableId === tableId && m.seq === seq + 1 ? m : null,
    );
  }

  /** п.26: takes a time extension; resolves with its ruling. */
  extension(): Promise<Result<ClientEventOf<'ruling'>, OnlineError>> {
    const tableId = this.tableId;
    if (tableId === null) return Promise.resolve(err(notJoined));
    const seq = this.seq;
    return this.request<ClientEventOf<'ruling'>>({ type: 'extension', tableId, seq }, (m) =>
      m.type === 'ruling' && m.tableId === tableId && m.seq === seq + 1 ? m : null,
    );
  }

  /** Says something at the table; resolves when the server has relayed it. */
  chat(text: string): Promise<Result<ClientEventOf<'chat'>, OnlineError>> {
    const tableId = this.tableId;
    if (tableId === null) return Promise.resolve(err(notJoined));
    const me = this.player?.id;
    return this.request<ClientEventOf<'chat'>>({ type: 'chat', tableId, text }, (m) =>
      m.type === 'chat' && m.tableId === tableId && m.line.from.id === me && m.line.text === text ? m : null,
    );
  }

  /** Measures the round trip and the server's clock offset. */
  ping(): Promise<Result<ClientEventOf<'pong'>, OnlineError>> {
    const t = Date.now();
    return this.request<ClientEventOf<'pong'>>({ type: 'ping', t }, (m) =>
      m.type === 'pong' && m.t === t ? m : null,
    );
  }

  /** Milliseconds left on the shot clock now, by the server's clock; null when none runs. */
  clockRemainingMs(now = Date.now()): number | null {
    const clock = this.clock;
    if (clock === null) return null;
    if (clock.paused || clock.deadline === null) return clock.remainingMs;
    return Math.max(0, clock.deadline - (now + this.clockOffsetMs));
  }

  /** Sends any text as it is (for tests of the server's validation). */
  sendRaw(text: string): void {
    if (this.socket !== null && this.socket.readyState === OPEN) this.socket.send(text);
  }

  /** Closes for good (no reconnect). */
  close(): void {
    this.setStatus('closed');
    if (this.reconnectTimer !== null) timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.failAll(closedError);
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'bye');
    }
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────

  private setStatus(status: ConnectionStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    this.emit({ type: 'status', status });
  }

  private emit(event: ClientEvent): void {
    const set = this.listeners.get(event.type);
    if (set === undefined) return;
    for (const listener of [...set]) listener(event);
  }

  private open(status: 'connecting' | 'reconnecting'): void {
    this.setStatus(status);
    let socket: WebSocketLike;
    try {
      socket = new this.options.WebSocket(this.options.url);
    } catch (caught) {
      this.dropped(`cannot connect: ${(caught as Error).message}`);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token: this.options.token }));
    };
    socket.onmessage = (event) => {
      const text = typeof event.data === 'string' ? event.data : String(event.data);
      let message: ServerMessage;
      try {
        message = JSON.parse(text) as ServerMessage;
      } catch {
        this.emit({ type: 'garbled', text });
        return;
      }
      this.receive(message);
    };
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // Signed out: a new connection with the same token would be refused.
      if (event.code === CLOSE_CODES.signedOut) this.setStatus('closed');
      this.dropped(`closed (${event.code})`);
    };
  }

  private dropped(why: string): void {
    this.failAll({ ...closedError, message: `the connection dropped: ${why}` });
    const welcomed = this.welcomed;
    const final = this.statusValue === 'closed' || this.statusValue === 'superseded';
    const reconnect = this.options.reconnect ?? true;
    if (final || !reconnect) {
      if (!final) this.setStatus('closed');
      if (welcomed !== null) {
        this.welcomed = null;
        welcomed(err({ ...closedError, message: why }));
      }
      return;
    }
    this.setStatus('reconnecting');
    const min = this.options.minDelayMs ?? 250;
    const max = this.options.maxDelayMs ?? 10_000;
    const delay = Math.min(max, min * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
    this.attempts++;
    this.reconnectTimer = timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.open('reconnecting');
    }, delay);
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome': {
        this.player = message.player;
        this.clockOffsetMs = message.serverNow - Date.now();
        const wasReconnecting = this.attempts > 0 || this.statusValue === 'reconnecting';
        this.attempts = 0;
        this.setStatus('open');
        const welcomed = this.welcomed;
        this.welcomed = null;
        welcomed?.(ok(message.player));
        // After a dropped connection, take the seat (or the watch) again: the answer is the full state.
        if (wasReconnecting && this.wanted !== null) {
          const { tableId, role } = this.wanted;
          this.sendMessage({ type: 'join', tableId, role });
        }
        break;
      }
      case 'joined':
        this.tableId = message.tableId;
        this.role = message.role;
        this.seat = message.seat;
        this.takeSnapshot(message);
        break;
      case 'state':
        if (message.tableId === this.tableId) this.takeSnapshot(message);
        break;
      case 'resync':
        if (message.tableId === this.tableId) this.takeResync(message);
        break;
      case 'log':
        if (message.tableId === this.tableId) this.takeLogPage(message);
        break;
      case 'stroke':
        if (message.tableId === this.tableId) this.takeStroke(message);
        break;
      case 'ruling':
        if (message.tableId === this.tableId) {
          this.takeAction(message.seq, message.state, message.hash, message.clock, message.lag, {
            seq: message.seq,
            action: message.action,
            ruling: message.ruling,
          });
        }
        break;
      case 'clock':
        if (message.tableId === this.tableId) this.clock = message.clock;
        break;
      case 'presence':
        if (message.tableId === this.tableId && this.table !== null) {
          this.table = {
            ...this.table,
            status: message.status,
            seats: message.seats,
            spectators: message.spectators,
          };
        }
        break;
      case 'superseded':
        if (message.tableId === this.tableId) {
          this.seat = null;
          this.role = 'spectator';
          this.wanted = null;
          this.setStatus('superseded');
        }
        break;
      case 'service':
        this.serviceAvailable = message.available;
        break;
      case 'pong':
        this.clockOffsetMs = message.serverNow - (message.t + Date.now()) / 2;
        break;
      case 'error':
        if (
          message.code === 'auth/invalid-token' ||
          message.code === 'auth/expired-token' ||
          message.code === 'protocol/version'
        ) {
          const welcomed = this.welcomed;
          this.welcomed = null;
          welcomed?.(err(message));
        }
        break;
      default:
        break;
    }
    this.emit(message);
    this.settle(message);
  }

  private takeSnapshot(snapshot: {
    table: TableInfo;
    state: MatchState | null;
    hash: string | null;
    clock: ClockInfo | null;
    lag: LagInfo | null;
    log: readonly LogEntry[];
  }): void {
    this.table = snapshot.table;
    this.lastState = snapshot.state;
    this.lastHash = snapshot.hash;
    this.seq = snapshot.table.seq;
    this.clock = snapshot.clock;
    this.lag = snapshot.lag;
    this.log = [...snapshot.log];
  }

  /** The server's state after a desync report; rulings this client lacks are asked for by pages. */
  private takeResync(message: ClientEventOf<'resync'>): void {
    this.table = message.table;
    this.lastState = message.state;
    this.lastHash = message.hash;
    this.seq = message.table.seq;
    this.clock = message.clock;
    this.lag = message.lag;
    this.askLogAfter(message.tableId);
  }

  private takeLogPage(message: ClientEventOf<'log'>): void {
    const last = this.log.at(-1)?.seq ?? 0;
    if (message.after !== last) return;
    this.log.push(...message.entries);
    if (message.more) this.askLogAfter(message.tableId);
  }

  /** Asks for the rulings after the last one held, when the table is further on. */
  private askLogAfter(tableId: string): void {
    const last = this.log.at(-1)?.seq ?? 0;
    if (last > this.seq) this.log = this.log.filter((e) => e.seq <= this.seq);
    if (last < this.seq) this.sendMessage({ type: 'log', tableId, after: last });
  }

  private takeStroke(message: ClientEventOf<'stroke'>): void {
    const before = this.lastState;
    if ((this.options.verify ?? true) && before !== null && message.seq === this.seq + 1) {
      const simulated = simulateShot(before, message.stroke);
      let hash: string | null = null;
      if (simulated.ok) {
        const applied = applyAction(before, simulated.value.action);
        if (applied.ok) hash = hashJson(applied.value.state);
      }
      const match = hash === message.hash;
      this.verifiedStrokes++;
      if (!match) {
        this.desyncs++;
        this.sendMessage({
          type: 'desync',
          tableId: message.tableId,
          seq: message.seq,
          hash: hash ?? '0000000000000000',
        });
      }
      this.emit({
        type: 'verified',
        seq: message.seq,
        match,
        simulation: simulated.ok ? simulated.value : null,
      });
    }
    this.takeAction(message.seq, message.state, message.hash, message.clock, message.lag, {
      seq: message.seq,
      action: message.action,
      ruling: message.ruling,
    });
  }

  private takeAction(
    seq: number,
    state: MatchState,
    hash: string,
    clock: ClockInfo | null,
    lag: LagInfo | null,
    entry: LogEntry,
  ): void {
    const gap = seq !== this.seq + 1;
    // The server's state is the truth whatever happened here.
    this.lastState = state;
    this.lastHash = hash;
    this.seq = seq;
    this.clock = clock;
    this.lag = lag;
    if (gap) {
      // A message was missed (it cannot be on one ordered socket, but be safe): ask for the whole state.
      if (this.wanted !== null) this.sendMessage({ type: 'join', ...this.wanted });
    } else {
      this.log.push(entry);
    }
    if (this.table !== null) {
      this.table = { ...this.table, seq, scores: state.scores, framesWon: state.framesWon };
    }
  }

  private forgetTable(): void {
    this.tableId = null;
    this.role = null;
    this.seat = null;
    this.table = null;
    this.lastState = null;
    this.lastHash = null;
    this.seq = 0;
    this.clock = null;
    this.lag = null;
    this.log = [];
  }

  private sendMessage(message: ClientMessage): boolean {
    const socket = this.socket;
    if (socket === null || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  private request<T extends ServerMessage>(
    message: ClientMessage,
    pick: (message: ServerMessage) => T | null,
  ): Promise<Result<T, OnlineError>> {
    const ref = `r${this.nextRef++}`;
    return new Promise((resolve) => {
      const timer = timers.setTimeout(() => {
        this.pending.delete(ref);
        resolve(err(timeoutError(message.type)));
      }, this.options.timeoutMs ?? 15_000);
      this.pending.set(ref, {
        settle: (incoming) => {
          if (incoming.type === 'error') {
            if (incoming.ref !== ref) return false;
            const { type: _type, ref: _ref, ...error } = incoming;
            resolve(err(error));
            return true;
          }
          const value = pick(incoming);
          if (value === null) return false;
          resolve(ok(value));
          return true;
        },
        fail: (error) => resolve(err(error)),
        timer,
      });
      if (!this.sendMessage({ ...message, ref } as ClientMessage)) {
        timers.clearTimeout(timer);
        this.pending.delete(ref);
        resolve(err(closedError));
      }
    });
  }

  private settle(message: ServerMessage): void {
    for (const [ref, pending] of this.pending) {
      if (pending.settle(message)) {
        timers.clearTimeout(pending.timer);
        this.pending.delete(ref);
      }
    }
  }

  private failAll(error: OnlineError): void {
    for (const [ref, pending] of this.pending) {
      timers.clearTimeout(pending.timer);
      this.pending.delete(ref);
      pending.fail(error);
    }
  }
}

const notJoined: OnlineError = { code: 'table/not-joined', field: 'tableId', message: 'join a table first' };
