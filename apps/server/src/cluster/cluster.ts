/**
 * One server process's place in a cluster (several processes sharing PostgreSQL and Redis, chosen
 * by `REDIS_URL` beside `DATABASE_URL`):
 *
 * - **Leases.** A table is played by the one process holding its lease (a `table_leases` row in
 *   PostgreSQL: owner, fencing token, expiry by the database's clock). The holder renews every
 *   lease it holds each `leaseMs / 3`; a lease not renewed expires after `leaseMs`, and then any
 *   process may take it (the token goes up by one) and reload the table. Every write of a table's
 *   play checks the token in its own transaction, so a process that lost a lease cannot append.
 * - **Health.** Redis (the bus) and PostgreSQL (the renewals) must both answer; while one does not,
 *   `available()` is false and the process takes no intent. Leases it could not renew in time are
 *   given up locally (`lost`), whatever the database did meanwhile.
 * - **Presence** in Redis: `alive:<process>` (what it holds), `owner:<table>` (its process),
 *   `online:<player>` (the process a player is connected to), each expiring with the lease.
 * - **Requests** between processes over Redis: a process's own topic `proc:<id>` carries requests
 *   (answered on the asker's topic, or timed out) and one-way messages.
 */
import { randomBytes } from 'node:crypto';
import { RedisBus } from '../bus/redis.js';
import type { PostgresStore } from '../store/postgres.js';
import type { Fence } from '../store/types.js';
import { unreachable } from '../store/unreachable.js';

export interface ClusterOptions {
  readonly redisUrl: string;
  readonly store: PostgresStore;
  /** How long a lease lasts unrenewed (default 3000 ms: another process takes over within about 4 s). */
  readonly leaseMs?: number;
  /** How long a request to another process waits for its answer (default two thirds of the lease: 2000 ms). */
  readonly requestTimeoutMs?: number;
  readonly log: (message: string) => void;
}

/** What a cluster tells the process it serves. */
export interface ClusterHandlers {
  /** A request from another process; the answer goes back to it. */
  request(from: string, body: unknown): Promise<unknown>;
  /** A one-way message from another process. */
  message(body: unknown): void;
  /** The lease of a table is no longer held (taken over, or not renewed in time). */
  lost(tableId: string): void;
  /** PostgreSQL and Redis both answer again (true), or one of them stopped answering (false). */
  health(available: boolean, why: string): void;
  /** After each renewal round: a moment to check the tables this process plays through others. */
  tick(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 3000;

/** A request that got no answer in time (the other process is dead, paused or cut off). */
export const NO_ANSWER: unique symbol = Symbol('no answer');

/** A question to another process, open until closed (see `Cluster.ask`). */
export interface Question {
  wait(ms: number): Promise<unknown>;
  close(): void;
}

type Envelope =
  | { readonly k: 'q'; readonly n: number; readonly from: string; readonly body: unknown }
  | { readonly k: 'a'; readonly n: number; readonly body: unknown }
  | { readonly k: 'm'; readonly body: unknown };

const procTopic = (id: string) => `proc:${id}`;

export class Cluster {
  /** This process's name in leases and presence (unique per start). */
  readonly id = `p${process.pid}-${randomBytes(4).toString('hex')}`;
  readonly leaseMs: number;
  readonly bus: RedisBus;
  readonly store: PostgresStore;
  readonly requestTimeoutMs: number;
  private readonly log: (message: string) => void;
  private handlers: ClusterHandlers | null = null;
  /** Leases held: table → fencing token. */
  private readonly held = new Map<string, number>();
  /** performance.now() until which every held lease is surely still ours (last good renewal's start + leaseMs). */
  private heldUntil = 0;
  private pgUp = true;
  private reported = true;
  /** performance.now() since when both services have answered without a break. */
  private upSince = performance.now();
  private readonly pending = new Map<number, (body: unknown) => void>();
  private nextRequest = 1;
  private timer: ReturnType<typeof setInterval> | null = null;
  private renewing = false;
  private ticking = false;
  private closed = false;
  private unsubscribe: (() => void) | null = null;
  private readonly onlinePlayers = new Map<string, number>();

  private constructor(options: ClusterOptions, bus: RedisBus) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.requestTimeoutMs = options.requestTimeoutMs ?? Math.round((this.leaseMs * 2) / 3);
    this.store = options.store;
    this.log = options.log;
    this.bus = bus;
  }

  static async open(options: ClusterOptions): Promise<Cluster> {
    let cluster: Cluster | null = null;
    const bus = await RedisBus.open(options.redisUrl, {
      onHealth: () => cluster?.checkHealth(),
    });
    cluster = new Cluster(options, bus);
    return cluster;
  }

  /** Starts serving: requests on this process's topic, the renewal rounds. */
  async start(handlers: ClusterHandlers): Promise<void> {
    this.handlers = handlers;
    this.unsubscribe = this.bus.subscribe(procTopic(this.id), (payload) => this.receive(payload));
    await this.bus.ready();
    this.heldUntil = performance.now() + this.leaseMs;
    // Known to the others (their lobbies ask every live process) from the start, not the first round.
    this.writePresence();
    this.timer = setInterval(() => void this.round(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  // ── Leases ─────────────────────────────────────────────────────────────────────────────────

  /** The lease held on a table, while it surely still is; null otherwise. */
  fence(tableId: string): Fence | null {
    const token = this.held.get(tableId);
    if (token === undefined || performance.now() > this.heldUntil) return null;
    return { owner: this.id, token };
  }

  /** Both PostgreSQL and Redis answer. */
  available(): boolean {
    return this.pgUp && this.bus.healthy && !this.closed;
  }

  /** performance.now() since when `available()` has held without a break (meaningful while it holds). */
  availableSince(): number {
    return this.upSince;
  }

  /** Takes the lease of a table if it is free or expired; true when held now. */
  async claim(tableId: string): Promise<boolean> {
    const started = performance.now();
    const token = await this.store.acquireLease(tableId, this.id, this.leaseMs);
    if (token === null) return false;
    this.held.set(tableId, token);
    // A first lease (or the first after a cut-off) counts from its own grant.
    if (this.held.size === 1) this.heldUntil = started + this.leaseMs;
    this.bus.publisher.set(`pyramid:owner:${tableId}`, this.id, 'PX', this.leaseMs).catch(() => {});
    return true;
  }

  /** Gives a lease up (a finished table forgotten, a clean shutdown). */
  async release(tableId: string): Promise<void> {
    const token = this.held.get(tableId);
    if (token === undefined) return;
    this.held.delete(tableId);
    await this.store.releaseLease(tableId, { owner: this.id, token }).catch(() => {});
  }

  /** Tables whose lease this process holds. */
  heldTables(): string[] {
    return [...this.held.keys()];
  }

  /**
   * One renewal round: renew, give up what was not renewed, report health, then the tick. The tick
   * (which waits on Redis and on other processes) runs beside the renewals, never in their way: a
   * slow or silent Redis must not cost a lease that PostgreSQL would renew.
   */
  private async round(): Promise<void> {
    if (this.renewing || this.closed) return;
    this.renewing = true;
    try {
      const started = performance.now();
      const asked = new Map(this.held);
      try {
        const kept = await this.store.renewLeases(this.id, asked, this.leaseMs);
        this.pgUp = true;
        this.heldUntil = started + this.leaseMs;
        for (const [id, token] of asked) {
          if (!kept.has(id) && this.held.get(id) === token) this.lose(id);
        }
      } catch (caught) {
        if (this.pgUp) this.log(`cluster: PostgreSQL does not answer: ${(caught as Error).message}`);
        this.pgUp = false;
        if (performance.now() > this.heldUntil) for (const id of [...this.held.keys()]) this.lose(id);
      }
      this.checkHealth();
      this.writePresence();
    } catch (caught) {
      this.log(`cluster round: ${(caught as Error).stack ?? String(caught)}`);
    } finally {
      this.renewing = false;
    }
    const handlers = this.handlers;
    if (handlers === null || this.ticking || this.closed) return;
    this.ticking = true;
    handlers
      .tick()
      .catch((caught: unknown) => this.log(`cluster tick: ${(caught as Error).stack ?? String(caught)}`))
      .finally(() => {
        this.ticking = false;
      });
  }

  private lose(tableId: string): void {
    this.held.delete(tableId);
    this.handlers?.lost(tableId);
  }

  private checkHealth(): void {
    const up = this.available();
    if (up === this.reported || this.closed) return;
    this.reported = up;
    if (up) {
      this.upSince = performance.now();
      // Re-announced at once (a restarted Redis has forgotten every key): the others' sweeps look
      // for this process's presence before they drop the connections it relays.
      this.writePresence();
    }
    const why = up
      ? 'the server reaches PostgreSQL and Redis again'
      : !this.bus.healthy
        ? 'the server is cut off from Redis (the message bus)'
        : 'the server is cut off from PostgreSQL (the database)';
    this.log(`cluster: ${why} (Redis: ${this.bus.describe()})`);
    this.handlers?.health(up, why);
  }

  // ── Presence ───────────────────────────────────────────────────────────────────────────────

  private writePresence(): void {
    if (!this.bus.healthy) return;
    const ttl = this.leaseMs * 2;
    const batch = this.bus.publisher.multi();
    batch.set(`pyramid:alive:${this.id}`, JSON.stringify({ tables: this.held.size }), 'PX', ttl);
    for (const id of this.held.keys()) batch.set(`pyramid:owner:${id}`, this.id, 'PX', ttl);
    for (const id of this.onlinePlayers.keys()) batch.set(`pyramid:online:${id}`, this.id, 'PX', ttl);
    batch.exec().catch(() => {});
  }

  /** A player connected to (true) or left (false) this process. */
  playerOnline(playerId: string, online: boolean): void {
    const count = (this.onlinePlayers.get(playerId) ?? 0) + (online ? 1 : -1);
    if (count > 0) this.onlinePlayers.set(playerId, count);
    else this.onlinePlayers.delete(playerId);
    // Seen by the other processes at once, not at the next round (a gone player's key expires).
    if (online && count === 1 && this.bus.healthy)
      this.bus.publisher.set(`pyramid:online:${playerId}`, this.id, 'PX', this.leaseMs * 2).catch(() => {});
  }

  /** The processes alive now (their presence key has not expired), this one among them. */
  async processes(): Promise<string[]> {
    const found = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await this.bus.publisher.scan(cursor, 'MATCH', 'pyramid:alive:*', 'COUNT', 1000);
      for (const key of keys) found.add(key.slice('pyramid:alive:'.length));
      cursor = next;
    } while (cursor !== '0');
    return [...found];
  }

  /** Which of these processes are alive (their presence key has not expired). */
  async alive(processes: readonly string[]): Promise<Set<string>> {
    if (processes.length === 0) return new Set();
    const values = await this.bus.publisher.mget(...processes.map((p) => `pyramid:alive:${p}`));
    return new Set(processes.filter((_, i) => values[i] !== null));
  }

  // ── Requests ───────────────────────────────────────────────────────────────────────────────

  /** Asks another process; resolves with its answer, or NO_ANSWER after the timeout. */
  async request(to: string, body: unknown, timeoutMs = this.requestTimeoutMs): Promise<unknown> {
    const question = this.ask(to, body);
    try {
      return await question.wait(timeoutMs);
    } finally {
      question.close();
    }
  }

  /**
   * Asks another process and keeps the question open until `close()`: each `wait(ms)` resolves
   * with the answer, or NO_ANSWER after `ms` — and an answer that comes late (the other process was
   * frozen a while) is still heard by a later `wait`.
   */
  ask(to: string, body: unknown): Question {
    const n = this.nextRequest++;
    let answered: { readonly body: unknown } | null = null;
    const waiting = new Set<(body: unknown) => void>();
    this.pending.set(n, (answer) => {
      this.pending.delete(n);
      answered = { body: answer };
      for (const settle of [...waiting]) settle(answer);
    });
    this.send(to, { k: 'q', n, from: this.id, body });
    return {
      wait: (ms) => {
        const known: { readonly body: unknown } | null = answered;
        if (known !== null) return Promise.resolve(known.body);
        return new Promise((resolve) => {
          const settle = (answer: unknown) => {
            clearTimeout(timer);
            waiting.delete(settle);
            resolve(answer);
          };
          const timer = setTimeout(() => settle(NO_ANSWER), ms);
          waiting.add(settle);
        });
      },
      close: () => {
        this.pending.delete(n);
      },
    };
  }

  /** Tells another process something, without an answer. */
  notify(to: string, body: unknown): void {
    this.send(to, { k: 'm', body });
  }

  private send(to: string, envelope: Envelope): void {
    this.bus.publish(procTopic(to), JSON.stringify(envelope));
  }

  private receive(payload: string): void {
    const envelope = JSON.parse(payload) as Envelope;
    const handlers = this.handlers;
    if (handlers === null) return;
    if (envelope.k === 'a') {
      this.pending.get(envelope.n)?.(envelope.body);
    } else if (envelope.k === 'm') {
      handlers.message(envelope.body);
    } else {
      const { n, from } = envelope;
      handlers
        .request(from, envelope.body)
        .catch((caught: unknown) => {
          this.log(`cluster request from ${from}: ${(caught as Error).stack ?? String(caught)}`);
          const down = unreachable(caught);
          const code =
            down === 'never-sent'
              ? 'server/unavailable'
              : down === 'maybe-stored'
                ? 'server/outcome-unknown'
                : 'server/internal';
          return { error: { code, field: '', message: 'the owner failed on this' } };
        })
        .then((answer) => this.send(from, { k: 'a', n, body: answer }));
    }
  }

  /** Stops the rounds and gives every lease up (so that another process takes the tables at once). */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer !== null) clearInterval(this.timer);
    for (const id of [...this.held.keys()]) await this.release(id);
    await this.bus.publisher.del(`pyramid:alive:${this.id}`).catch(() => {});
    this.closed = true;
    this.unsubscribe?.();
    for (const settle of [...this.pending.values()]) settle(NO_ANSWER);
    await this.bus.close();
  }
}
