/**
 * `ScorerSync`: the scorer's side of live scoring (live.ts), offline first. Every entry the scorer
 * records goes into a queue with its seq and is kept (through an injected `QueueStore`: IndexedDB in
 * the browser, a Map in a test) until the server has acknowledged it; the queue is sent in order
 * whenever there is a connection. The server's log is the authority: an acknowledgement moves
 * entries from the queue to the log; a `score-state` (on open, after a conflict or a gap) replaces
 * the log, and queued entries it already holds are taken as stored (a resend after a lost
 * acknowledgement), while those that contradict it are dropped and reported.
 *
 * An undo (`undo()`) of an action queued here and never sent takes it out of the queue: the server
 * never hears of it. An action acknowledged, or sent and maybe stored (its acknowledgement may have
 * been lost), is withdrawn by an undo entry instead: a correction on the server. Only the device
 * that holds the lease (or held it when the network went) records or undoes.
 *
 * Pure and environment-neutral: it sends through `send` and is told what the server sent
 * (`receive`) and when the connection opens and drops (`online`, `offline`). No timers, no clock.
 */
import {
  type LiveEntry,
  type LiveHeader,
  type LiveServerMessage,
  MAX_ENTRIES_PER_MESSAGE,
  type StoredLiveEntry,
  sameEntry,
  standingActions,
} from './live.js';
import { type ClientMessage, MAX_MESSAGE_BYTES, type OnlineError, type ServerMessage } from './protocol.js';

/** Room left in a message for everything but its entries (type, ids, seq, ref). */
const ENVELOPE_BYTES = 256;
/** UTF-8 bytes of an entry's JSON text (and its comma), as the server counts a message. */
function bytesOf(entry: LiveEntry): number {
  let bytes = 1;
  for (const char of JSON.stringify(entry)) {
    const code = char.codePointAt(0) as number;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** An entry waiting for the server's acknowledgement. */
export interface PendingEntry {
  readonly seq: number;
  readonly entry: LiveEntry;
}

/** What is persisted on the device: enough to reload the page offline and carry on. */
export interface ScorerQueue {
  readonly liveId: string;
  /** This device's id (random, made once: live.ts DEVICE_PATTERN). */
  readonly device: string;
  /** The header as the server gave it (null until the first `score-state`). */
  readonly header: LiveHeader | null;
  /**
   * The lease epoch this device holds as far as it knows (kept while offline: it goes on scoring);
   * null when it never held it, or when it learnt another device holds it.
   */
  readonly epoch: number | null;
  /** The server's log as far as known: entry seq n is `stored[n - 1]`. */
  readonly stored: readonly LiveEntry[];
  /** Entries recorded here and not yet acknowledged, in seq order (seq = stored.length + 1, + 2, …). */
  readonly pending: readonly PendingEntry[];
  /**
   * The highest seq ever sent to the server (on any connection): a queued entry up to it may be
   * stored there without an acknowledgement, so an undo of it must be an undo entry, never its
   * removal from the queue. Saved with the next change after the send (the store is asynchronous);
   * should the page die in between and the entry then be undone by removal, the server's log shows
   * it standing once back online, and a second undo withdraws it.
   */
  readonly sent: number;
}

/** What `undo()` did: took a never-sent action out of the queue, or queued an undo entry. */
export type UndoOutcome = 'withdrawn' | 'queued';

/** Where the queue lives (IndexedDB in the browser): loaded once, saved after every change. */
export interface QueueStore {
  load(): Promise<ScorerQueue | null>;
  save(queue: ScorerQueue): Promise<void>;
}

/**
 * - `offline`: no connection (entries queue up);
 * - `opening`: `score-open` sent, waiting for the server's state;
 * - `writing`: this device holds the lease and sends its queue;
 * - `watching`: another device holds the lease (`take()` to score here);
 * - `finished`: the match has ended, nothing more is written;
 * - `refused`: the capability was refused (forged, revoked, expired): nothing can be written.
 */
export type SyncStatus = 'offline' | 'opening' | 'writing' | 'watching' | 'finished' | 'refused';

export type SyncEvent =
  | { readonly type: 'status'; readonly status: SyncStatus }
  /** The log or the queue changed (an ack, the server's state, an entry of the writer while watching). */
  | { readonly type: 'changed' }
  /**
   * Queued entries the server will never hold: they contradict its log (`conflict`: another device
   * wrote first), the referee refused the first of them (`refused`, with its error), or the match
   * ended (`finished`).
   */
  | {
      readonly type: 'dropped';
      readonly reason: 'conflict' | 'refused' | 'finished';
      readonly entries: readonly PendingEntry[];
      readonly error?: OnlineError;
    }
  /** Another device took the lease. */
  | { readonly type: 'superseded'; readonly epoch: number }
  /** A refusal that stops this device writing (capability, not-writer) or any other error about it. */
  | { readonly type: 'error'; readonly error: OnlineError };

export interface ScorerSyncOptions {
  readonly liveId: string;
  readonly capability: string;
  /** This device's id, used when the store holds no queue yet. */
  readonly device: string;
  readonly store: QueueStore;
  /** Sends a message when there is a connection (the caller's WebSocket). */
  readonly send: (message: ClientMessage) => void;
  /**
   * Entries in flight at once, in units of MAX_ENTRIES_PER_MESSAGE (default 2: up to 40 entries);
   * each message carries up to MAX_ENTRIES_PER_MESSAGE entries and MAX_MESSAGE_BYTES.
   */
  readonly window?: number;
}

/** `ref` of the messages this class sends, to match the server's refusals. */
const REF_OPEN = 'live-open';
const refOf = (seq: number) => `live-entries:${seq}`;

export class ScorerSync {
  private queue: ScorerQueue;
  private state: SyncStatus = 'offline';
  private connected = false;
  /** The last seq sent on this connection (unacknowledged ones included). */
  private sentUpTo = 0;
  private readonly listeners = new Set<(event: SyncEvent) => void>();
  private saving: Promise<void> = Promise.resolve();
  /** An entry was refused as expired: the final log has been asked for. */
  private awaitingFinal = false;

  private constructor(
    private readonly options: ScorerSyncOptions,
    queue: ScorerQueue,
  ) {
    this.queue = queue;
  }

  /** Loads the device's queue for this live match (or starts an empty one). */
  static async open(options: ScorerSyncOptions): Promise<ScorerSync> {
    const loaded = await options.store.load();
    const queue: ScorerQueue =
      loaded !== null && loaded.liveId === options.liveId
        ? loaded
        : {
            liveId: options.liveId,
            device: options.device,
            header: null,
            epoch: null,
            stored: [],
            pending: [],
            sent: 0,
          };
    return new ScorerSync(options, queue);
  }

  get status(): SyncStatus {
    return this.state;
  }

  get header(): LiveHeader | null {
    return this.queue.header;
  }

  /** The queue as persisted (a snapshot). */
  get snapshot(): ScorerQueue {
    return this.queue;
  }

  /** Entries the server holds (as far as known), then the queued ones: the scorer's view of the match. */
  entries(): LiveEntry[] {
    return [...this.queue.stored, ...this.queue.pending.map((p) => p.entry)];
  }

  /**
   * This device may record and undo: it holds the lease, or held it when the connection went (a
   * scorer offline goes on scoring) and has not been told that another device took over.
   */
  get mayWrite(): boolean {
    if (this.state === 'writing') return true;
    return (this.state === 'offline' || this.state === 'opening') && this.queue.epoch !== null;
  }

  /** Entries recorded here the server has not acknowledged: show their rulings as "not yet sent". */
  get pending(): readonly PendingEntry[] {
    return this.queue.pending;
  }

  on(listener: (event: SyncEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Records an entry (the scorer's referee has accepted it locally): queued with the next seq,
   * saved, then sent when this device writes. Returns its seq.
   */
  async record(entry: LiveEntry): Promise<number> {
    const seq = this.queue.stored.length + this.queue.pending.length + 1;
    this.update({ ...this.queue, pending: [...this.queue.pending, { seq, entry }] });
    await this.saving;
    this.flush();
    return seq;
  }

  /**
   * Undoes the last action that stands (the scorer's referee has replayed without it). When it is
   * the last entry queued here and was never sent, it leaves the queue and is never sent; otherwise
   * (acknowledged, or sent and maybe stored) an undo entry is queued: a correction the server logs
   * with who and when, and checks (only an action this device wrote under its lease). Null, and
   * nothing changed, when no action stands or this device may not write (`mayWrite`).
   */
  async undo(): Promise<UndoOutcome | null> {
    if (!this.mayWrite || standingActions(this.entries()).length === 0) return null;
    const last = this.queue.pending.at(-1);
    if (last !== undefined && last.entry.kind === 'action' && last.seq > this.queue.sent) {
      this.update({ ...this.queue, pending: this.queue.pending.slice(0, -1) });
      await this.saving;
      return 'withdrawn';
    }
    await this.record({ kind: 'undo' });
    return 'queued';
  }

  /** The connection is open (and `hello` answered): ask for the live match. */
  online(): void {
    this.connected = true;
    this.sentUpTo = this.queue.stored.length;
    // A refused capability stays refused (a new link makes a new sync).
    if (this.state === 'refused') return;
    this.setStatus('opening');
    this.options.send({
      type: 'score-open',
      liveId: this.options.liveId,
      capability: this.options.capability,
      device: this.queue.device,
      ref: REF_OPEN,
    });
  }

  /** The connection dropped: what was in flight is sent again on the next `online`. */
  offline(): void {
    this.connected = false;
    this.sentUpTo = this.queue.stored.length;
    if (this.state !== 'refused' && this.state !== 'finished') this.setStatus('offline');
  }

  /** "Score here": take the lease from the device holding it. */
  take(): void {
    if (!this.connected || this.state === 'refused' || this.state === 'finished') return;
    this.options.send({
      type: 'score-take',
      liveId: this.options.liveId,
      capability: this.options.capability,
      device: this.queue.device,
      ref: REF_OPEN,
    });
  }

  /** Every message the server sent on this connection (those of other live matches are ignored). */
  receive(message: ServerMessage): void {
    if (message.type === 'error') {
      this.refused(message);
      return;
    }
    if (!('liveId' in message) || message.liveId !== this.options.liveId) return;
    const live = message as LiveServerMessage;
    switch (live.type) {
      case 'score-state':
        this.takeState(live.header, live.entries, live.writer, live.epoch, live.finished);
        return;
      case 'score-ack':
        this.acknowledged(live.seq);
        return;
      case 'score-superseded':
        if (this.state === 'writing' || this.state === 'opening') this.setStatus('watching');
        this.sentUpTo = this.queue.stored.length;
        // Kept: a reload while offline must not let this device write again.
        this.update({ ...this.queue, epoch: null });
        this.emit({ type: 'superseded', epoch: live.epoch });
        return;
      case 'live':
        this.heard(live.entries, live.finished);
        return;
    }
  }

  /** Sends the queued entries not yet sent on this connection, in order, a window of batches at a time. */
  private flush(): void {
    if (!this.connected || this.state !== 'writing' || this.queue.epoch === null) return;
    const stored = this.queue.stored.length;
    const window = (this.options.window ?? 2) * MAX_ENTRIES_PER_MESSAGE;
    for (;;) {
      const next = this.queue.pending.filter((p) => p.seq > this.sentUpTo);
      if (next.length === 0 || this.sentUpTo - stored >= window) break;
      // At most MAX_ENTRIES_PER_MESSAGE entries and MAX_MESSAGE_BYTES a message (one entry at least).
      const batch: PendingEntry[] = [];
      let bytes = ENVELOPE_BYTES;
      for (const p of next) {
        if (batch.length === MAX_ENTRIES_PER_MESSAGE) break;
        const size = bytesOf(p.entry);
        if (batch.length > 0 && bytes + size > MAX_MESSAGE_BYTES) break;
        batch.push(p);
        bytes += size;
      }
      const first = batch[0] as PendingEntry;
      this.options.send({
        type: 'score-entries',
        liveId: this.options.liveId,
        epoch: this.queue.epoch,
        seq: first.seq,
        entries: batch.map((p) => p.entry),
        ref: refOf(first.seq),
      });
      this.sentUpTo = (batch.at(-1) as PendingEntry).seq;
    }
    // Kept with the queue (saved in order with every change): an undo after a reload must know
    // which entries may be on the server.
    if (this.sentUpTo > this.queue.sent) this.update({ ...this.queue, sent: this.sentUpTo });
  }

  /** The server's state: its log replaces ours, the queue is checked against it. */
  private takeState(
    header: LiveHeader,
    entries: readonly StoredLiveEntry[],
    writer: boolean,
    epoch: number,
    finished: boolean,
  ): void {
    this.awaitingFinal = false;
    const stored = entries.map((e) => e.entry);
    const { kept, dropped } = reconcile(stored, this.queue.pending);
    this.update({ ...this.queue, header, stored, pending: kept, epoch: writer ? epoch : null });
    if (dropped.length > 0) this.emit({ type: 'dropped', reason: 'conflict', entries: dropped });
    this.sentUpTo = stored.length;
    if (finished) {
      this.finish();
      return;
    }
    this.setStatus(writer ? 'writing' : 'watching');
    this.emit({ type: 'changed' });
    this.flush();
  }

  /** Entries up to `seq` are stored (an older or repeated acknowledgement changes nothing). */
  private acknowledged(seq: number): void {
    const stored = this.queue.stored.length;
    if (seq <= stored) return;
    const done = this.queue.pending.filter((p) => p.seq <= seq);
    // An acknowledgement past what was queued here: the log moved on elsewhere; ask for it.
    if (done.length !== seq - stored) {
      this.reopen();
      return;
    }
    this.update({
      ...this.queue,
      stored: [...this.queue.stored, ...done.map((p) => p.entry)],
      pending: this.queue.pending.filter((p) => p.seq > seq),
    });
    this.emit({ type: 'changed' });
    this.flush();
  }

  /** A `live` push: entries the server stored (ours, or another device's while we watch). */
  private heard(entries: readonly StoredLiveEntry[], finished: boolean): void {
    let changed = false;
    for (const e of entries) {
      const stored = this.queue.stored.length;
      if (e.seq <= stored) continue;
      if (e.seq > stored + 1) {
        // We missed some: the whole state again.
        this.reopen();
        return;
      }
      const { kept, dropped } = reconcile([...this.queue.stored, e.entry], this.queue.pending);
      this.update({ ...this.queue, stored: [...this.queue.stored, e.entry], pending: kept });
      if (dropped.length > 0) this.emit({ type: 'dropped', reason: 'conflict', entries: dropped });
      if (this.sentUpTo < this.queue.stored.length) this.sentUpTo = this.queue.stored.length;
      changed = true;
    }
    if (changed) this.emit({ type: 'changed' });
    if (finished) this.finish();
  }

  private refused(error: OnlineError & { readonly ref?: string }): void {
    const ref = error.ref ?? '';
    const ours = ref === REF_OPEN || ref.startsWith('live-entries:');
    if (!ours) return;
    if (error.code.startsWith('auth/')) {
      if (error.code === 'auth/capability-expired' && ref !== REF_OPEN && this.connected) {
        // An entry refused because the match has ended: ask for the log as stored (some queued
        // entries may be in it: a lost acknowledgement), once, and wait for it.
        if (!this.awaitingFinal) {
          this.awaitingFinal = true;
          this.online();
        }
        return;
      }
      if (error.code === 'auth/capability-expired') this.finish();
      else this.setStatus('refused');
      this.emit({ type: 'error', error });
      return;
    }
    switch (error.code) {
      case 'score/conflict':
      case 'score/gap':
        // The server's log follows in a `score-state`; nothing to do until it comes.
        this.sentUpTo = this.queue.stored.length;
        return;
      case 'score/not-writer':
        this.sentUpTo = this.queue.stored.length;
        this.update({ ...this.queue, epoch: null });
        if (this.state === 'writing') this.setStatus('watching');
        this.emit({ type: 'error', error });
        return;
      case 'score/refused':
      case 'score/invalid': {
        // The first refused entry and every one after it (ruled on a state that included it).
        const base = Number(ref.slice('live-entries:'.length));
        const index = Number(/^\/entries\/(\d+)/.exec(error.field)?.[1] ?? 0);
        const seq = base + index;
        const dropped = this.queue.pending.filter((p) => p.seq >= seq);
        if (dropped.length === 0) return;
        // The server holds none of them: an entry queued again at those seqs was never sent.
        this.update({
          ...this.queue,
          pending: this.queue.pending.filter((p) => p.seq < seq),
          sent: Math.min(this.queue.sent, seq - 1),
        });
        this.sentUpTo = Math.min(this.sentUpTo, seq - 1);
        this.emit({ type: 'dropped', reason: 'refused', entries: dropped, error });
        this.emit({ type: 'changed' });
        return;
      }
      case 'server/outcome-unknown':
        // It may be stored or not: send it again now (a resent entry the server holds is
        // acknowledged once more and stored once).
        this.sentUpTo = this.queue.stored.length;
        this.flush();
        return;
      default:
        // Rate limits, an unavailable or faulty server: send it all again with the next
        // acknowledgement, entry or connection.
        this.sentUpTo = this.queue.stored.length;
        this.emit({ type: 'error', error });
    }
  }

  /** The whole state again (`score-open` by the same device keeps its lease). */
  private reopen(): void {
    if (this.connected) this.online();
  }

  private finish(): void {
    const dropped = this.queue.pending;
    if (dropped.length > 0) {
      this.update({ ...this.queue, pending: [] });
      this.emit({ type: 'dropped', reason: 'finished', entries: dropped });
    }
    this.setStatus('finished');
  }

  private update(queue: ScorerQueue): void {
    this.queue = queue;
    const store = this.options.store;
    // Saved in order; a failed save is tried again with the next change.
    this.saving = this.saving.then(() => store.save(queue)).catch(() => {});
  }

  /** Resolves once every change so far is saved. */
  saved(): Promise<void> {
    return this.saving;
  }

  private setStatus(status: SyncStatus): void {
    if (status === this.state) return;
    this.state = status;
    this.emit({ type: 'status', status });
  }

  private emit(event: SyncEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/**
 * The queue checked against the server's log: an entry the log holds at its seq is stored already
 * (kept out of the queue); from the first one that differs (or leaves a hole), the rest is dropped.
 */
export function reconcile(
  stored: readonly LiveEntry[],
  pending: readonly PendingEntry[],
): { kept: PendingEntry[]; dropped: PendingEntry[] } {
  const kept: PendingEntry[] = [];
  const dropped: PendingEntry[] = [];
  for (const p of pending) {
    if (dropped.length > 0) dropped.push(p);
    else if (p.seq <= stored.length) {
      if (!sameEntry(stored[p.seq - 1] as LiveEntry, p.entry)) dropped.push(p);
    } else if (p.seq === stored.length + kept.length + 1) kept.push(p);
    else dropped.push(p);
  }
  return { kept, dropped };
}
