/**
 * The networked bus: Redis publish/subscribe (ioredis), chosen by `REDIS_URL`, so that a table's
 * broadcasts (strokes, rulings, clocks, chat) reach the connections of every server process. One
 * connection publishes and one subscribes (a subscribed Redis connection can do nothing else). A
 * topic is subscribed in Redis while this process has a local subscriber to it. Every delivery goes
 * through Redis, also to this process's own subscribers: each sees one order, the order Redis
 * received the publications of one process in.
 *
 * `healthy` says whether both connections are up and Redis is heard: a heartbeat this process
 * publishes to itself through Redis each `heartbeatMs` must come back within `silenceMs`. A Redis
 * that froze (SIGSTOP, a partition that drops packets) keeps its TCP connections open and says
 * nothing; the silent heartbeat is how it is noticed. `onHealth` hears each change, so that the
 * process can stop accepting intents while it is cut off (its clients would miss broadcasts).
 */
import { Redis } from 'ioredis';
import type { Bus } from './bus.js';

export interface RedisBusOptions {
  /** Prefix of every channel, so that several clusters may share one Redis (default `pyramid:`). */
  readonly prefix?: string;
  /** Called with the new state whenever the bus goes down or comes back. */
  readonly onHealth?: (healthy: boolean) => void;
  /** How often the heartbeat goes round through Redis (default 250 ms). */
  readonly heartbeatMs?: number;
  /**
   * How long Redis may be silent (no heartbeat back) before the bus counts as down (default 2500 ms:
   * longer than a loaded machine stalls a process, shorter than a partition worth telling clients of).
   */
  readonly silenceMs?: number;
}

const HEARTBEAT_TOPIC = 'heartbeat:';

/** Reconnects soon and keeps trying (at most every 500 ms): a cut-off process must notice the return. */
const retryStrategy = (times: number) => Math.min(50 * times, 500);

export class RedisBus implements Bus {
  readonly publisher: Redis;
  readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly topics = new Map<string, Set<(payload: string) => void>>();
  private readonly onHealth: ((healthy: boolean) => void) | undefined;
  private up = false;
  private closed = false;
  /** This bus's own heartbeat channel (unique per bus). */
  private readonly heartbeatChannel: string;
  /** Heartbeats in a row that may go unanswered before the bus counts as down. */
  private readonly silentBeats: number;
  /**
   * Heartbeats sent since one last came back. Counted in beats, not time: a pause of this process's
   * own event loop (the answer waits unread in the socket) delays the beats too, and is no silence.
   */
  private unanswered = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  private constructor(url: string, options: RedisBusOptions) {
    this.prefix = options.prefix ?? 'pyramid:';
    this.onHealth = options.onHealth;
    const every = options.heartbeatMs ?? 250;
    this.silentBeats = Math.max(2, Math.ceil((options.silenceMs ?? 2500) / every));
    this.heartbeatChannel = `${this.prefix}${HEARTBEAT_TOPIC}${process.pid}-${Math.random().toString(36).slice(2)}`;
    const common = {
      retryStrategy,
      lazyConnect: true,
      // A publication while cut off fails instead of being sent late, out of the table's order.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // A frozen Redis keeps its connections open: a command gives up rather than wait for ever.
      commandTimeout: 2_000,
    };
    this.publisher = new Redis(url, { ...common, connectionName: 'pyramid-publish' });
    this.subscriber = new Redis(url, { ...common, connectionName: 'pyramid-subscribe' });
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.heartbeatChannel) {
        this.unanswered = 0;
        this.check();
        return;
      }
      const handlers = this.topics.get(channel.slice(this.prefix.length));
      if (handlers === undefined) return;
      for (const handler of [...handlers]) handler(payload);
    });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', () => {});
      connection.on('ready', () => {
        // A fresh connection counts as heard: the silence is counted from here.
        this.unanswered = 0;
        this.check();
      });
      connection.on('close', () => this.check());
      connection.on('end', () => this.check());
    }
  }

  /** Connects both connections; rejects when Redis cannot be reached at start. */
  static async open(url: string, options: RedisBusOptions = {}): Promise<RedisBus> {
    const bus = new RedisBus(url, options);
    try {
      await Promise.all([bus.publisher.connect(), bus.subscriber.connect()]);
    } catch (caught) {
      await bus.close();
      throw caught;
    }
    await bus.subscriber.subscribe(bus.heartbeatChannel);
    bus.unanswered = 0;
    bus.check();
    const every = options.heartbeatMs ?? 250;
    bus.heartbeat = setInterval(() => bus.beat(), every);
    bus.heartbeat.unref();
    return bus;
  }

  /** Sends the heartbeat round (only while connected: it measures Redis, not the reconnects) and checks the silence. */
  private beat(): void {
    if (this.closed) return;
    if (this.publisher.status === 'ready' && this.subscriber.status === 'ready') {
      this.unanswered++;
      this.publisher.publish(this.heartbeatChannel, '').catch(() => {});
    }
    this.check();
  }

  /** The connections' states and the heartbeats unanswered, for the log. */
  describe(): string {
    return `publisher ${this.publisher.status}, subscriber ${this.subscriber.status}, ${this.unanswered} heartbeat(s) unanswered`;
  }

  /** Both connections are up. */
  get healthy(): boolean {
    return this.up;
  }

  private check(): void {
    const up =
      !this.closed &&
      this.publisher.status === 'ready' &&
      this.subscriber.status === 'ready' &&
      this.unanswered < this.silentBeats;
    if (up === this.up) return;
    this.up = up;
    this.onHealth?.(up);
  }

  publish(topic: string, payload: string): void {
    if (this.closed) return;
    // Fails fast while cut off (no offline queue); the health state has told the process already.
    this.publisher.publish(this.prefix + topic, payload).catch(() => {});
  }

  subscribe(topic: string, handler: (payload: string) => void): () => void {
    let handlers = this.topics.get(topic);
    if (handlers === undefined) {
      handlers = new Set();
      this.topics.set(topic, handlers);
      // ioredis subscribes again by itself after a reconnect (autoResubscribe).
      this.subscriber.subscribe(this.prefix + topic).catch(() => {});
    }
    const set = handlers;
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.topics.get(topic) === set) {
        this.topics.delete(topic);
        if (!this.closed) this.subscriber.unsubscribe(this.prefix + topic).catch(() => {});
      }
    };
  }

  /**
   * Resolves when every subscription asked for so far is in place in Redis (a publication from
   * another process after this reaches this process).
   */
  async ready(): Promise<void> {
    await this.subscriber.ping();
  }

  subscribers(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.topics.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
    this.check();
  }
}
