/**
 * Live scoring over the WebSocket (issue 28; the protocol is packages/online/src/live.ts):
 *
 * - `score-open` / `score-take`: the capability is checked and the lease taken (or watched) in one
 *   store transaction; the connection then follows the live match and is sent `score-state`.
 * - `score-entries`: judged against the replayed log (live/ruling.ts: the referee applies every
 *   action), stored in a transaction that checks the capability, the lease and the count judged
 *   on, and only then acknowledged (`score-ack`) and broadcast (`live`, and `event-live` to the
 *   event's watchers). The entry that ends the match reports the result to the event
 *   (`reportPlayedMatch`: exactly once, in the events store's own transaction).
 * - `live-watch` / `live-unwatch`: followers (an overlay, the live page).
 *
 * Broadcasts go through the bus (a topic per live match), so a follower on another server process
 * hears an entry stored here; the lease's changes too (the old writer, wherever it is, is told).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '@pyramid/core';
import {
  type ClientMessage,
  LIVE_CLIENT_MESSAGE_TYPES,
  type LiveClientMessage,
  type LiveHeader,
  type LiveServerMessage,
  MAX_WATCHED_LIVE,
  type MatchLive,
  type OnlineError,
  type StoredLiveEntry,
} from '@pyramid/online';
import type { Bus } from '../bus/bus.js';
import { reportPlayedMatch } from '../events/report.js';
import type { EventStore } from '../events/store.js';
import type { EventWatchers } from '../events/watchers.js';
import type { PlayerLiveSources } from '../players/sources.js';
import { finishedOf, judge, matchLive, type Replayed, replay } from './ruling.js';
import type { AppendResult, CapabilityCheck, EntryRow, LiveRow, LiveStore } from './store.js';

const LIVE_TYPES: ReadonlySet<string> = new Set(LIVE_CLIENT_MESSAGE_TYPES);

export function isLiveMessage(message: ClientMessage): message is LiveClientMessage {
  return LIVE_TYPES.has(message.type);
}

/** What live scoring needs of a connection. */
export interface LiveConnection {
  readonly id: number;
  readonly player: { readonly id: string; readonly name: string };
  send(text: string): void;
}

export interface LiveScoring {
  handle(connection: LiveConnection, message: LiveClientMessage): Promise<OnlineError | null>;
  /** The connection closed. */
  forget(connection: LiveConnection): void;
}

/** Followers of one live match on one process at most. */
export const MAX_WATCHERS_PER_LIVE = 5_000;
/** Replayed logs kept in memory (the next entry of a match is judged without reading its log). */
const CACHED_MATCHES = 32;
/** Appends tried again when the count moved under them (a write of another process in between). */
const APPEND_TRIES = 3;

export const liveTopic = (id: string): string => `live:${id}`;
const leaseTopic = (id: string): string => `live-lease:${id}`;

/** Capabilities and device ids are kept (and compared) only as hashes. */
export const secretHash = (value: string): string => createHash('sha256').update(value).digest('base64url');

export interface LiveDeps {
  readonly store: LiveStore;
  readonly bus: Bus;
  readonly now: () => number;
  readonly log: (message: string) => void;
  readonly events: EventStore | null;
  readonly eventWatchers: EventWatchers | null;
}

/** One connection's hold on one live match. */
interface Hold {
  readonly ends: (() => void)[];
  /** Set once the connection opened it to score: the capability and the device, hashed. */
  scoring: { readonly capability: string; readonly device: string } | null;
}

const CAPABILITY_ERRORS: Record<Exclude<CapabilityCheck, 'ok'>, OnlineError> = {
  invalid: {
    code: 'auth/capability-invalid',
    field: '/capability',
    message: 'this scoring link is not valid for this live match',
  },
  revoked: {
    code: 'auth/capability-revoked',
    field: '/capability',
    message: 'this scoring link was revoked',
  },
  expired: {
    code: 'auth/capability-expired',
    field: '/capability',
    message: 'the match has ended (or the link is too old): nothing more is written',
  },
};

const notFound: OnlineError = { code: 'live/not-found', field: '/liveId', message: 'no such live match' };
const notWriter: OnlineError = {
  code: 'score/not-writer',
  field: '/epoch',
  message: 'another device scores this match: take over with score-take first',
};

const sameHeader = (a: LiveHeader, b: LiveHeader): boolean => canonicalJson(a) === canonicalJson(b);

export const toStored = (row: EntryRow): StoredLiveEntry => ({
  seq: row.seq,
  entry: row.entry,
  by: row.by,
  at: row.at,
});

export class LiveScoringService implements LiveScoring {
  /** Connection id → live id → its hold. */
  private readonly holds = new Map<number, Map<string, Hold>>();
  private readonly counts = new Map<string, number>();
  private readonly cache = new Map<string, Replayed>();
  /** Writes of one live match on this process, one after another. */
  private readonly chains = new Map<string, Promise<unknown>>();

  /** The players' pages (players/sources.ts), told of each stored entry of an event's match. */
  private players: PlayerLiveSources | null = null;

  constructor(private readonly deps: LiveDeps) {}

  attachPlayers(players: PlayerLiveSources): void {
    this.players = players;
  }

  async handle(connection: LiveConnection, message: LiveClientMessage): Promise<OnlineError | null> {
    switch (message.type) {
      case 'score-open':
      case 'score-take':
        return this.open(connection, message.liveId, message.capability, message.device, message.type);
      case 'score-entries':
        return this.serial(message.liveId, () => this.entries(connection, message));
      case 'live-watch':
        return this.watchLive(connection, message.liveId, message.after ?? 0);
      case 'live-unwatch':
        this.unwatch(connection, message.liveId);
        return null;
    }
  }

  forget(connection: LiveConnection): void {
    for (const liveId of [...(this.holds.get(connection.id)?.keys() ?? [])]) this.unwatch(connection, liveId);
  }

  /** The replayed log of a live match as stored (from the cache when its count is the stored one). */
  async replayed(row: LiveRow): Promise<Replayed | null> {
    const hit = this.cache.get(row.id);
    // The header too: another process may have retitled the match since this one replayed it.
    if (hit !== undefined && hit.entries.length === row.count && sameHeader(hit.header, row.header))
      return hit;
    const replayedNow = replay(row.header, await this.deps.store.entries(row.id));
    if (!replayedNow.ok) {
      this.deps.log(`live ${row.id}: the stored log does not replay: ${replayedNow.error.message}`);
      return null;
    }
    this.keep(row.id, replayedNow.value);
    return replayedNow.value;
  }

  /**
   * The event changed the match's header (a re-call to another table, a correction of who plays or
   * of the race): stored and pushed to the followers (`live` with no new entries; `event-live`). A
   * race the log cannot stand under — one it would end, or frames already past it — is kept as it
   * was. False when nothing changed.
   */
  async retitle(liveId: string, header: LiveHeader): Promise<boolean> {
    return this.serial(liveId, async () => {
      for (let attempt = 0; attempt < APPEND_TRIES; attempt++) {
        const row = await this.deps.store.get(liveId);
        if (row === null || row.finished) return false;
        const rows = await this.deps.store.entries(liveId);
        let next = header;
        let r = replay(next, rows);
        if (!r.ok || finishedOf(r.value)) {
          this.deps.log(`live ${liveId}: the log does not stand a race to ${header.framesToWin}: kept`);
          next = { ...header, framesToWin: row.header.framesToWin };
          r = replay(next, rows);
        }
        if (!r.ok || sameHeader(next, row.header)) return false;
        // Written only while the count is the one replayed (an append elsewhere retries).
        if (!(await this.deps.store.setHeader(liveId, next, rows.length))) continue;
        this.keep(liveId, r.value);
        this.broadcast({ ...row, header: next }, r.value, [], false, row.updatedAt);
        return true;
      }
      return false;
    });
  }

  private keep(id: string, r: Replayed): void {
    this.cache.delete(id);
    this.cache.set(id, r);
    if (this.cache.size > CACHED_MATCHES) this.cache.delete(this.cache.keys().next().value as string);
  }

  private serial<T>(liveId: string, task: () => Promise<T>): Promise<T> {
    const before = this.chains.get(liveId) ?? Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => {});
    this.chains.set(liveId, tail);
    void tail.then(() => {
      if (this.chains.get(liveId) === tail) this.chains.delete(liveId);
    });
    return run;
  }

  // ── Following ──────────────────────────────────────────────────────────────────────────────

  /** The connection follows the live match (idempotent); an error when it may not follow more. */
  private follow(connection: LiveConnection, liveId: string): Hold | OnlineError {
    const mine = this.holds.get(connection.id) ?? new Map<string, Hold>();
    const held = mine.get(liveId);
    if (held !== undefined) return held;
    if (mine.size >= MAX_WATCHED_LIVE)
      return {
        code: 'live/too-many',
        field: '/liveId',
        message: `a connection follows at most ${MAX_WATCHED_LIVE} live matches: unwatch one first`,
      };
    if ((this.counts.get(liveId) ?? 0) >= MAX_WATCHERS_PER_LIVE)
      return {
        code: 'live/too-many',
        field: '/liveId',
        message: 'this live match has too many followers here',
      };
    const hold: Hold = {
      ends: [this.deps.bus.subscribe(liveTopic(liveId), (payload) => connection.send(payload))],
      scoring: null,
    };
    mine.set(liveId, hold);
    this.holds.set(connection.id, mine);
    this.counts.set(liveId, (this.counts.get(liveId) ?? 0) + 1);
    return hold;
  }

  private unwatch(connection: LiveConnection, liveId: string): void {
    const mine = this.holds.get(connection.id);
    const hold = mine?.get(liveId);
    if (mine === undefined || hold === undefined) return;
    for (const end of hold.ends) end();
    mine.delete(liveId);
    if (mine.size === 0) this.holds.delete(connection.id);
    const left = (this.counts.get(liveId) ?? 1) - 1;
    if (left <= 0) this.counts.delete(liveId);
    else this.counts.set(liveId, left);
  }

  private async watchLive(
    connection: LiveConnection,
    liveId: string,
    after: number,
  ): Promise<OnlineError | null> {
    const row = await this.deps.store.get(liveId);
    if (row === null) return notFound;
    const hold = this.follow(connection, liveId);
    if ('code' in hold) return hold;
    // Subscribed first: an entry stored meanwhile is pushed too (followers keep the highest seq).
    const r = await this.replayed(row);
    if (r === null) return { code: 'server/internal', field: '', message: 'this live match cannot be shown' };
    const entries = (await this.deps.store.entries(liveId, after)).map(toStored);
    const message: LiveServerMessage = {
      type: 'live',
      liveId,
      header: row.header,
      live: matchLive(r, row.updatedAt),
      entries,
      finished: row.finished,
    };
    connection.send(JSON.stringify(message));
    return null;
  }

  // ── Scoring ────────────────────────────────────────────────────────────────────────────────

  private async open(
    connection: LiveConnection,
    liveId: string,
    capability: string,
    device: string,
    kind: 'score-open' | 'score-take',
  ): Promise<OnlineError | null> {
    const row = await this.deps.store.get(liveId);
    if (row === null) return notFound;
    const capabilityHash = secretHash(capability);
    const deviceHash = secretHash(device);
    // Checked before the lease is touched: a refused capability changes nothing.
    const precheck = await this.deps.store.checkCapability(liveId, capabilityHash, this.deps.now());
    if (precheck === 'expired') {
      // The match has ended (or the link outlived its time): nothing more is written, but the
      // scorer is given the log as stored, so that it knows which of its queued entries it holds.
      await this.sendState(connection, liveId, false, row.epoch);
      return null;
    }
    if (precheck !== 'ok') return CAPABILITY_ERRORS[precheck];
    const hold = this.follow(connection, liveId);
    if ('code' in hold) return hold;
    const lease = await this.serial(liveId, () =>
      this.deps.store.lease(liveId, capabilityHash, deviceHash, kind === 'score-take', this.deps.now()),
    );
    if (lease.check !== 'ok') return CAPABILITY_ERRORS[lease.check];
    if (hold.scoring === null) {
      hold.ends.push(
        this.deps.bus.subscribe(leaseTopic(liveId), (payload) => {
          const news = JSON.parse(payload) as { epoch: number; device: string };
          if (hold.scoring === null || news.device === hold.scoring.device) return;
          const superseded: LiveServerMessage = { type: 'score-superseded', liveId, epoch: news.epoch };
          connection.send(JSON.stringify(superseded));
        }),
      );
    }
    hold.scoring = { capability: capabilityHash, device: deviceHash };
    if (lease.changed)
      this.deps.bus.publish(leaseTopic(liveId), JSON.stringify({ epoch: lease.epoch, device: deviceHash }));
    await this.sendState(connection, liveId, lease.writer, lease.epoch);
    return null;
  }

  private async sendState(
    connection: LiveConnection,
    liveId: string,
    writer: boolean,
    epoch: number,
  ): Promise<void> {
    const row = await this.deps.store.get(liveId);
    if (row === null) return;
    const entries = (await this.deps.store.entries(liveId)).map(toStored);
    const state: LiveServerMessage = {
      type: 'score-state',
      liveId,
      header: row.header,
      entries,
      seq: entries.length,
      writer,
      epoch,
      finished: row.finished,
    };
    connection.send(JSON.stringify(state));
  }

  /** A refusal that comes with the server's log: the error, then `score-state`. */
  private async refuseWithState(
    connection: LiveConnection,
    error: OnlineError,
    ref: string | undefined,
    liveId: string,
    scoring: { readonly device: string },
  ): Promise<null> {
    connection.send(JSON.stringify({ type: 'error', ...error, ...(ref === undefined ? {} : { ref }) }));
    const row = await this.deps.store.get(liveId);
    await this.sendState(connection, liveId, row !== null && row.writer === scoring.device, row?.epoch ?? 0);
    return null;
  }

  private async entries(
    connection: LiveConnection,
    message: Extract<LiveClientMessage, { type: 'score-entries' }>,
  ): Promise<OnlineError | null> {
    const { liveId } = message;
    const scoring = this.holds.get(connection.id)?.get(liveId)?.scoring ?? null;
    if (scoring === null)
      return {
        code: 'score/not-writer',
        field: '/liveId',
        message: 'open this live match with score-open first',
      };
    for (let attempt = 0; attempt < APPEND_TRIES; attempt++) {
      const now = this.deps.now();
      const row = await this.deps.store.get(liveId);
      if (row === null) return notFound;
      const check = await this.deps.store.checkCapability(liveId, scoring.capability, now);
      if (check === 'invalid') return CAPABILITY_ERRORS.invalid;
      const r = await this.replayed(row);
      if (r === null)
        return { code: 'server/internal', field: '', message: 'this live match cannot be replayed' };
      const judgement = judge(r, message.seq, message.entries, message.epoch);
      if (judgement.kind !== 'ok')
        return this.refuseWithState(connection, judgement.error, message.ref, liveId, scoring);
      const last = message.seq + message.entries.length - 1;
      if (judgement.accepted.length === 0) {
        // Only resends (acknowledged again: they are stored), or a refusal of the first new entry.
        const leaseHeld = row.writer === scoring.device && row.epoch === message.epoch;
        if (judgement.refusal !== null) {
          if (check !== 'ok') return CAPABILITY_ERRORS[check];
          if (!leaseHeld) return notWriter;
        }
        const storedUpTo = Math.min(last, row.count);
        if (storedUpTo >= message.seq) this.ack(connection, liveId, storedUpTo);
        return judgement.refusal;
      }
      if (check !== 'ok') return CAPABILITY_ERRORS[check];
      const rows: EntryRow[] = judgement.accepted.map((entry, i) => ({
        seq: row.count + 1 + i,
        entry,
        epoch: message.epoch,
        by: { id: connection.player.id, name: connection.player.name },
        at: now,
      }));
      const finished = finishedOf(judgement.after);
      const stored: AppendResult = await this.deps.store.append(
        liveId,
        { capability: scoring.capability, device: scoring.device, epoch: message.epoch, count: row.count },
        rows,
        finished,
        now,
      );
      if (stored === 'moved') {
        this.cache.delete(liveId);
        continue;
      }
      if (stored === 'not-writer') return notWriter;
      if (stored !== 'ok') return CAPABILITY_ERRORS[stored];
      // Stored: now (never before) it is acknowledged and broadcast.
      this.keep(liveId, judgement.after);
      this.ack(connection, liveId, (rows.at(-1) as EntryRow).seq);
      const live = this.broadcast(row, judgement.after, rows, finished, now);
      if (finished) await this.report(row, judgement.after);
      // After the report: a page that sees the match end finds it among the event's results.
      this.players?.liveStored(row, live, finished);
      return judgement.refusal;
    }
    return {
      code: 'server/unavailable',
      field: '',
      message: 'the live match is being written elsewhere: send again',
    };
  }

  private ack(connection: LiveConnection, liveId: string, seq: number): void {
    const ack: LiveServerMessage = { type: 'score-ack', liveId, seq };
    connection.send(JSON.stringify(ack));
  }

  private broadcast(
    row: LiveRow,
    after: Replayed,
    rows: readonly EntryRow[],
    finished: boolean,
    now: number,
  ): MatchLive {
    const live = matchLive(after, now);
    const message: LiveServerMessage = {
      type: 'live',
      liveId: row.id,
      header: row.header,
      live,
      entries: rows.map(toStored),
      finished,
    };
    this.deps.bus.publish(liveTopic(row.id), JSON.stringify(message));
    const event = row.header.event;
    if (event !== null) this.deps.eventWatchers?.live(event.eventId, event.match, live);
    return live;
  }

  /** The match ended: its result goes to the event (exactly once: the event refuses a second). */
  private async report(row: LiveRow, after: Replayed): Promise<void> {
    const event = row.header.event;
    if (event === null || this.deps.events === null) return;
    const frames = after.steps.at(-1)?.state.framesWon ?? [0, 0];
    try {
      const result = await reportPlayedMatch(
        { events: this.deps.events, watchers: this.deps.eventWatchers },
        { eventId: event.eventId, match: event.match, frames: [frames[0], frames[1]] },
        this.deps.now(),
      );
      if (result !== null && !result.ok && result.error.code !== 'state')
        this.deps.log(`live ${row.id}: the event refused the result: ${result.error.message}`);
      await this.deps.store.markReported(row.id);
    } catch (caught) {
      // Left unreported: `recover` reports it (at the next start or sweep).
      this.deps.log(`live ${row.id}: the result did not reach the event: ${(caught as Error).message}`);
    }
  }

  /** Reports every finished live match whose result did not reach its event (a crash in between). */
  async recover(): Promise<number> {
    const rows = await this.deps.store.unreported();
    for (const row of rows) {
      const r = await this.replayed(row);
      if (r !== null) await this.report(row, r);
    }
    return rows.length;
  }
}
