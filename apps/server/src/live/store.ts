/**
 * Live matches in the store (SQLite or PostgreSQL; tables in live/schema.ts). The two writes that
 * matter run in one transaction each, with the live match's row locked (SQLite's write lock, taken
 * first by BEGIN IMMEDIATE; PostgreSQL's `FOR UPDATE`):
 *
 * - `lease`: the capability is checked, and the device becomes the writer when nobody is or when it
 *   takes over (epoch + 1);
 * - `append`: the capability and the lease are checked again — the device, its epoch, and the
 *   stored count the entries were ruled on — and only then are the entries written. A device whose
 *   lease was taken, on any process, writes nothing; two appends on one count cannot both pass.
 *
 * A process killed mid-way commits nothing; what was committed is never lost or doubled (the
 * primary key is the live match and the seq).
 */
import type { LiveEntry, LiveHeader } from '@pyramid/online';
import type pg from 'pg';

export interface LiveRow {
  readonly id: string;
  /** The account that made it: the director who asked for the link, or the player who shared it. */
  readonly owner: string;
  readonly header: LiveHeader;
  /** Entries stored. */
  readonly count: number;
  /** The device holding the lease (a hash of its id), or null. */
  readonly writer: string | null;
  readonly epoch: number;
  readonly finished: boolean;
  /** The result reached the event (or there is no event). */
  readonly reported: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A stored entry with the lease epoch it was written under. */
export interface EntryRow {
  readonly seq: number;
  readonly entry: LiveEntry;
  readonly epoch: number;
  readonly by: { readonly id: string; readonly name: string };
  readonly at: number;
}

export type CapabilityCheck = 'ok' | 'invalid' | 'revoked' | 'expired';

/** What a write is checked against, in its transaction. */
export interface WriteCheck {
  readonly capability: string;
  readonly device: string;
  readonly epoch: number;
  /** The stored count the entries were ruled on. */
  readonly count: number;
}

export type AppendResult = CapabilityCheck | 'not-writer' | 'moved';

export interface LeaseResult {
  readonly check: CapabilityCheck;
  readonly writer: boolean;
  readonly epoch: number;
  /** The lease changed hands (or was taken for the first time). */
  readonly changed: boolean;
}

export interface NewLive {
  readonly id: string;
  readonly owner: string;
  readonly header: LiveHeader;
}

export interface LiveStore {
  /** A new live match; for an event's match, the one it has already when there is one. */
  create(live: NewLive, now: number): Promise<LiveRow>;
  get(id: string): Promise<LiveRow | null>;
  ofEvent(eventId: string): Promise<LiveRow[]>;
  /** Unfinished friendly (not an event's) live matches of an account. */
  openFriendly(owner: string): Promise<number>;
  /** Adds a capability (its hash); false when the live match has MAX already (unrevoked). */
  addCapability(
    liveId: string,
    hash: string,
    by: string,
    now: number,
    expiresAt: number,
    max: number,
  ): Promise<boolean>;
  /** Revokes every capability of a live match; the number revoked. */
  revoke(liveId: string, now: number): Promise<number>;
  checkCapability(liveId: string, hash: string, now: number): Promise<CapabilityCheck>;
  entries(liveId: string, after?: number): Promise<EntryRow[]>;
  lease(liveId: string, capability: string, device: string, take: boolean, now: number): Promise<LeaseResult>;
  append(
    liveId: string,
    check: WriteCheck,
    rows: readonly EntryRow[],
    finished: boolean,
    now: number,
  ): Promise<AppendResult>;
  /**
   * A new header (the event's match was re-called or corrected), written only while the live match
   * holds `count` entries and is unfinished; false otherwise (nothing written).
   */
  setHeader(liveId: string, header: LiveHeader, count: number): Promise<boolean>;
  markReported(liveId: string): Promise<void>;
  /** Finished live matches of events whose result has not reached the event (a crash between the two). */
  unreported(): Promise<LiveRow[]>;
  /** Live matches not finished (the players' pages rebuild their index from them at start). */
  unfinished(): Promise<LiveRow[]>;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface MatchDbRow {
  readonly id: string;
  readonly owner: string;
  readonly header: string;
  readonly entries: number;
  readonly writer: string | null;
  readonly epoch: number;
  readonly finished: number;
  readonly reported: number;
  readonly created_at: number;
  readonly updated_at: number;
}

export interface EntryDbRow {
  readonly seq: number;
  readonly entry: string;
  readonly epoch: number;
  readonly by_player: string;
  readonly by_name: string;
  readonly at: number;
}

export interface CapabilityDbRow {
  readonly live_id: string;
  readonly expires_at: number;
  readonly revoked_at: number | null;
}

export const COLUMNS =
  'id, owner, header, entries, writer, epoch, finished, reported, created_at, updated_at';

export const liveOf = (r: MatchDbRow): LiveRow => ({
  id: r.id,
  owner: r.owner,
  header: JSON.parse(r.header) as LiveHeader,
  count: r.entries,
  writer: r.writer,
  epoch: r.epoch,
  finished: r.finished === 1,
  reported: r.reported === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const entryOf = (r: EntryDbRow): EntryRow => ({
  seq: r.seq,
  entry: JSON.parse(r.entry) as LiveEntry,
  epoch: r.epoch,
  by: { id: r.by_player, name: r.by_name },
  at: r.at,
});

/** The capability's state for this live match (a capability of another match is `invalid`). */
export function capabilityState(
  row: CapabilityDbRow | undefined,
  liveId: string,
  live: Pick<MatchDbRow, 'finished'> | undefined,
  now: number,
): CapabilityCheck {
  if (row === undefined || row.live_id !== liveId || live === undefined) return 'invalid';
  if (row.revoked_at !== null) return 'revoked';
  if (live.finished === 1 || row.expires_at <= now) return 'expired';
  return 'ok';
}

/** The lease after an open or a take: the same rule in both stores. */
export function leaseAfter(
  live: Pick<MatchDbRow, 'writer' | 'epoch'>,
  device: string,
  take: boolean,
): { writer: string | null; epoch: number; changed: boolean } {
  if (live.writer === device) return { writer: device, epoch: live.epoch, changed: false };
  if (live.writer === null || take) return { writer: device, epoch: live.epoch + 1, changed: true };
  return { writer: live.writer, epoch: live.epoch, changed: false };
}

export const UPDATE_HEADER =
  'UPDATE live_matches SET header = ? WHERE id = ? AND entries = ? AND finished = 0';

export const SELECT_CAPABILITY =
  'SELECT live_id, expires_at, revoked_at FROM live_capabilities WHERE hash = ?';
export const INSERT_ENTRY =
  'INSERT INTO live_entries (live_id, seq, entry, epoch, by_player, by_name, at) VALUES (?, ?, ?, ?, ?, ?, ?)';
export const entryParams = (liveId: string, r: EntryRow) => [
  liveId,
  r.seq,
  JSON.stringify(r.entry),
  r.epoch,
  r.by.id,
  r.by.name,
  r.at,
];
export const INSERT_MATCH = `INSERT INTO live_matches (id, owner, header, event_id, match_id, entries, writer, epoch, finished, reported, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, 0, NULL, 0, 0, ?, ?, ?) ON CONFLICT DO NOTHING`;
export const matchParams = (live: NewLive, now: number) => [
  live.id,
  live.owner,
  JSON.stringify(live.header),
  live.header.event?.eventId ?? null,
  live.header.event?.match ?? null,
  // A friendly match has no event to report to.
  live.header.event === null ? 1 : 0,
  now,
  now,
];

/**
 * Test-only fault point, in the format of faults.ts: `PYRAMID_TEST_FAULT=live-before-commit:<n>:KILL`
 * kills this process the n-th time an append has written its entries and not yet committed;
 * `live-after-commit` just after the commit, before the acknowledgement. Unset, nothing happens.
 */
const fault = /^(live-before-commit|live-after-commit):(\d+):KILL$/.exec(
  process.env.PYRAMID_TEST_FAULT ?? '',
);
let faultsLeft = fault === null ? 0 : Number(fault[2]);
export function liveFault(point: 'live-before-commit' | 'live-after-commit'): void {
  if (fault === null || fault[1] !== point || faultsLeft <= 0) return;
  if (--faultsLeft === 0) process.kill(process.pid, 'SIGKILL');
}
