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
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { PostgresStore } from '../store/postgres.js';
import { numbered } from '../store/queries.js';
import { SqliteStore } from '../store/sqlite.js';
import type { Store } from '../store/types.js';

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
  markReported(liveId: string): Promise<void>;
  /** Finished live matches of events whose result has not reached the event (a crash between the two). */
  unreported(): Promise<LiveRow[]>;
}

type Queryable = Pick<pg.PoolClient, 'query'>;

interface MatchDbRow {
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

interface EntryDbRow {
  readonly seq: number;
  readonly entry: string;
  readonly epoch: number;
  readonly by_player: string;
  readonly by_name: string;
  readonly at: number;
}

interface CapabilityDbRow {
  readonly live_id: string;
  readonly expires_at: number;
  readonly revoked_at: number | null;
}

const COLUMNS = 'id, owner, header, entries, writer, epoch, finished, reported, created_at, updated_at';

const liveOf = (r: MatchDbRow): LiveRow => ({
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

const entryOf = (r: EntryDbRow): EntryRow => ({
  seq: r.seq,
  entry: JSON.parse(r.entry) as LiveEntry,
  epoch: r.epoch,
  by: { id: r.by_player, name: r.by_name },
  at: r.at,
});

/** The capability's state for this live match (a capability of another match is `invalid`). */
function capabilityState(
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
function leaseAfter(
  live: Pick<MatchDbRow, 'writer' | 'epoch'>,
  device: string,
  take: boolean,
): { writer: string | null; epoch: number; changed: boolean } {
  if (live.writer === device) return { writer: device, epoch: live.epoch, changed: false };
  if (live.writer === null || take) return { writer: device, epoch: live.epoch + 1, changed: true };
  return { writer: live.writer, epoch: live.epoch, changed: false };
}

const SELECT_CAPABILITY = 'SELECT live_id, expires_at, revoked_at FROM live_capabilities WHERE hash = ?';
const INSERT_ENTRY =
  'INSERT INTO live_entries (live_id, seq, entry, epoch, by_player, by_name, at) VALUES (?, ?, ?, ?, ?, ?, ?)';
const entryParams = (liveId: string, r: EntryRow) => [
  liveId,
  r.seq,
  JSON.stringify(r.entry),
  r.epoch,
  r.by.id,
  r.by.name,
  r.at,
];
const INSERT_MATCH = `INSERT INTO live_matches (id, owner, header, event_id, match_id, entries, writer, epoch, finished, reported, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, 0, NULL, 0, 0, ?, ?, ?) ON CONFLICT DO NOTHING`;
const matchParams = (live: NewLive, now: number) => [
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
function liveFault(point: 'live-before-commit' | 'live-after-commit'): void {
  if (fault === null || fault[1] !== point || faultsLeft <= 0) return;
  if (--faultsLeft === 0) process.kill(process.pid, 'SIGKILL');
}

export class SqliteLiveStore implements LiveStore {
  private readonly db: Database.Database;

  constructor(store: SqliteStore) {
    this.db = store.db;
  }

  private row(id: string): MatchDbRow | undefined {
    return this.db.prepare(`SELECT ${COLUMNS} FROM live_matches WHERE id = ?`).get(id) as
      | MatchDbRow
      | undefined;
  }

  async create(live: NewLive, now: number): Promise<LiveRow> {
    const row = this.db
      .transaction(() => {
        this.db.prepare(INSERT_MATCH).run(...matchParams(live, now));
        const event = live.header.event;
        return (
          event === null
            ? this.row(live.id)
            : this.db
                .prepare(`SELECT ${COLUMNS} FROM live_matches WHERE event_id = ? AND match_id = ?`)
                .get(event.eventId, event.match)
        ) as MatchDbRow;
      })
      .immediate();
    return liveOf(row);
  }

  async get(id: string): Promise<LiveRow | null> {
    const row = this.row(id);
    return row === undefined ? null : liveOf(row);
  }

  async ofEvent(eventId: string): Promise<LiveRow[]> {
    return (
      this.db
        .prepare(`SELECT ${COLUMNS} FROM live_matches WHERE event_id = ? ORDER BY created_at, id`)
        .all(eventId) as MatchDbRow[]
    ).map(liveOf);
  }

  async openFriendly(owner: string): Promise<number> {
    return (
      this.db
        .prepare(
          'SELECT COUNT(*) AS n FROM live_matches WHERE owner = ? AND finished = 0 AND event_id IS NULL',
        )
        .get(owner) as { n: number }
    ).n;
  }

  async addCapability(
    liveId: string,
    hash: string,
    by: string,
    now: number,
    expiresAt: number,
    max: number,
  ): Promise<boolean> {
    return this.db
      .transaction(() => {
        const { n } = this.db
          .prepare(
            'SELECT COUNT(*) AS n FROM live_capabilities WHERE live_id = ? AND revoked_at IS NULL AND expires_at > ?',
          )
          .get(liveId, now) as { n: number };
        if (n >= max) return false;
        this.db
          .prepare(
            'INSERT INTO live_capabilities (hash, live_id, issued_by, issued_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, NULL)',
          )
          .run(hash, liveId, by, now, expiresAt);
        return true;
      })
      .immediate();
  }

  async revoke(liveId: string, now: number): Promise<number> {
    return this.db
      .prepare('UPDATE live_capabilities SET revoked_at = ? WHERE live_id = ? AND revoked_at IS NULL')
      .run(now, liveId).changes;
  }

  async checkCapability(liveId: string, hash: string, now: number): Promise<CapabilityCheck> {
    const capability = this.db.prepare(SELECT_CAPABILITY).get(hash) as CapabilityDbRow | undefined;
    return capabilityState(capability, liveId, this.row(liveId), now);
  }

  async entries(liveId: string, after = 0): Promise<EntryRow[]> {
    return (
      this.db
        .prepare(
          'SELECT seq, entry, epoch, by_player, by_name, at FROM live_entries WHERE live_id = ? AND seq > ? ORDER BY seq',
        )
        .all(liveId, after) as EntryDbRow[]
    ).map(entryOf);
  }

  async lease(
    liveId: string,
    capability: string,
    device: string,
    take: boolean,
    now: number,
  ): Promise<LeaseResult> {
    return this.db
      .transaction((): LeaseResult => {
        const live = this.row(liveId);
        const check = capabilityState(
          this.db.prepare(SELECT_CAPABILITY).get(capability) as CapabilityDbRow | undefined,
          liveId,
          live,
          now,
        );
        if (check !== 'ok' || live === undefined) return { check, writer: false, epoch: 0, changed: false };
        const next = leaseAfter(live, device, take);
        if (next.changed)
          this.db
            .prepare('UPDATE live_matches SET writer = ?, epoch = ?, updated_at = ? WHERE id = ?')
            .run(next.writer, next.epoch, now, liveId);
        return { check, writer: next.writer === device, epoch: next.epoch, changed: next.changed };
      })
      .immediate();
  }

  async append(
    liveId: string,
    check: WriteCheck,
    rows: readonly EntryRow[],
    finished: boolean,
    now: number,
  ): Promise<AppendResult> {
    const result = this.db
      .transaction((): AppendResult => {
        const live = this.row(liveId);
        const capability = capabilityState(
          this.db.prepare(SELECT_CAPABILITY).get(check.capability) as CapabilityDbRow | undefined,
          liveId,
          live,
          now,
        );
        if (capability !== 'ok' || live === undefined) return capability;
        if (live.writer !== check.device || live.epoch !== check.epoch) return 'not-writer';
        if (live.entries !== check.count) return 'moved';
        const insert = this.db.prepare(INSERT_ENTRY);
        for (const r of rows) insert.run(...entryParams(liveId, r));
        this.db
          .prepare('UPDATE live_matches SET entries = ?, finished = ?, updated_at = ? WHERE id = ?')
          .run(check.count + rows.length, finished ? 1 : 0, now, liveId);
        liveFault('live-before-commit');
        return 'ok';
      })
      .immediate();
    if (result === 'ok') liveFault('live-after-commit');
    return result;
  }

  async markReported(liveId: string): Promise<void> {
    this.db.prepare('UPDATE live_matches SET reported = 1 WHERE id = ?').run(liveId);
  }

  async unreported(): Promise<LiveRow[]> {
    return (
      this.db
        .prepare(`SELECT ${COLUMNS} FROM live_matches WHERE finished = 1 AND reported = 0`)
        .all() as MatchDbRow[]
    ).map(liveOf);
  }
}

export class PostgresLiveStore implements LiveStore {
  constructor(private readonly store: PostgresStore) {}

  private async query<T>(client: Queryable, sql: string, params: readonly unknown[]): Promise<T[]> {
    return (await client.query(numbered(sql), params as unknown[])).rows as T[];
  }

  private async row(client: Queryable, id: string, lock = false): Promise<MatchDbRow | undefined> {
    const rows = await this.query<MatchDbRow>(
      client,
      `SELECT ${COLUMNS} FROM live_matches WHERE id = ?${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  async create(live: NewLive, now: number): Promise<LiveRow> {
    const pool = this.store.pool as unknown as Queryable;
    await this.query(pool, INSERT_MATCH, matchParams(live, now));
    const event = live.header.event;
    const rows =
      event === null
        ? await this.query<MatchDbRow>(pool, `SELECT ${COLUMNS} FROM live_matches WHERE id = ?`, [live.id])
        : await this.query<MatchDbRow>(
            pool,
            `SELECT ${COLUMNS} FROM live_matches WHERE event_id = ? AND match_id = ?`,
            [event.eventId, event.match],
          );
    return liveOf(rows[0] as MatchDbRow);
  }

  async get(id: string): Promise<LiveRow | null> {
    const row = await this.row(this.store.pool as unknown as Queryable, id);
    return row === undefined ? null : liveOf(row);
  }

  async ofEvent(eventId: string): Promise<LiveRow[]> {
    return (
      await this.query<MatchDbRow>(
        this.store.pool as unknown as Queryable,
        `SELECT ${COLUMNS} FROM live_matches WHERE event_id = ? ORDER BY created_at, id`,
        [eventId],
      )
    ).map(liveOf);
  }

  async openFriendly(owner: string): Promise<number> {
    const rows = await this.query<{ n: number }>(
      this.store.pool as unknown as Queryable,
      'SELECT COUNT(*)::int AS n FROM live_matches WHERE owner = ? AND finished = 0 AND event_id IS NULL',
      [owner],
    );
    return rows[0]?.n ?? 0;
  }

  async addCapability(
    liveId: string,
    hash: string,
    by: string,
    now: number,
    expiresAt: number,
    max: number,
  ): Promise<boolean> {
    return this.store.transaction(async (client) => {
      // The live match's row is the lock that serialises two directors adding links at once.
      await this.row(client, liveId, true);
      const rows = await this.query<{ n: number }>(
        client,
        'SELECT COUNT(*)::int AS n FROM live_capabilities WHERE live_id = ? AND revoked_at IS NULL AND expires_at > ?',
        [liveId, now],
      );
      if ((rows[0]?.n ?? 0) >= max) return false;
      await this.query(
        client,
        'INSERT INTO live_capabilities (hash, live_id, issued_by, issued_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, NULL)',
        [hash, liveId, by, now, expiresAt],
      );
      return true;
    });
  }

  async revoke(liveId: string, now: number): Promise<number> {
    const result = await this.store.pool.query(
      'UPDATE live_capabilities SET revoked_at = $1 WHERE live_id = $2 AND revoked_at IS NULL',
      [now, liveId],
    );
    return result.rowCount ?? 0;
  }

  async checkCapability(liveId: string, hash: string, now: number): Promise<CapabilityCheck> {
    const pool = this.store.pool as unknown as Queryable;
    const capability = (await this.query<CapabilityDbRow>(pool, SELECT_CAPABILITY, [hash]))[0];
    return capabilityState(capability, liveId, await this.row(pool, liveId), now);
  }

  async entries(liveId: string, after = 0): Promise<EntryRow[]> {
    return (
      await this.query<EntryDbRow>(
        this.store.pool as unknown as Queryable,
        'SELECT seq, entry, epoch, by_player, by_name, at FROM live_entries WHERE live_id = ? AND seq > ? ORDER BY seq',
        [liveId, after],
      )
    ).map(entryOf);
  }

  async lease(
    liveId: string,
    capability: string,
    device: string,
    take: boolean,
    now: number,
  ): Promise<LeaseResult> {
    return this.store.transaction(async (client): Promise<LeaseResult> => {
      const live = await this.row(client, liveId, true);
      const check = capabilityState(
        (await this.query<CapabilityDbRow>(client, SELECT_CAPABILITY, [capability]))[0],
        liveId,
        live,
        now,
      );
      if (check !== 'ok' || live === undefined) return { check, writer: false, epoch: 0, changed: false };
      const next = leaseAfter(live, device, take);
      if (next.changed)
        await this.query(
          client,
          'UPDATE live_matches SET writer = ?, epoch = ?, updated_at = ? WHERE id = ?',
          [next.writer, next.epoch, now, liveId],
        );
      return { check, writer: next.writer === device, epoch: next.epoch, changed: next.changed };
    });
  }

  async append(
    liveId: string,
    check: WriteCheck,
    rows: readonly EntryRow[],
    finished: boolean,
    now: number,
  ): Promise<AppendResult> {
    const result = await this.store.transaction(async (client): Promise<AppendResult> => {
      // FOR UPDATE: a take-over or another append of this live match waits for this one to commit.
      const live = await this.row(client, liveId, true);
      const capability = capabilityState(
        (await this.query<CapabilityDbRow>(client, SELECT_CAPABILITY, [check.capability]))[0],
        liveId,
        live,
        now,
      );
      if (capability !== 'ok' || live === undefined) return capability;
      if (live.writer !== check.device || live.epoch !== check.epoch) return 'not-writer';
      if (live.entries !== check.count) return 'moved';
      for (const r of rows) await this.query(client, INSERT_ENTRY, entryParams(liveId, r));
      await this.query(
        client,
        'UPDATE live_matches SET entries = ?, finished = ?, updated_at = ? WHERE id = ?',
        [check.count + rows.length, finished ? 1 : 0, now, liveId],
      );
      liveFault('live-before-commit');
      return 'ok';
    });
    if (result === 'ok') liveFault('live-after-commit');
    return result;
  }

  async markReported(liveId: string): Promise<void> {
    await this.store.pool.query('UPDATE live_matches SET reported = 1 WHERE id = $1', [liveId]);
  }

  async unreported(): Promise<LiveRow[]> {
    return (
      await this.query<MatchDbRow>(
        this.store.pool as unknown as Queryable,
        `SELECT ${COLUMNS} FROM live_matches WHERE finished = 1 AND reported = 0`,
        [],
      )
    ).map(liveOf);
  }
}

/** The live store beside a server's store (the same database); null for another kind of store. */
export function liveStoreOf(store: Store): LiveStore | null {
  if (store instanceof SqliteStore) return new SqliteLiveStore(store);
  if (store instanceof PostgresStore) return new PostgresLiveStore(store);
  return null;
}
