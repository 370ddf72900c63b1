/**
 * Club events in the store (SQLite or PostgreSQL; tables in events/schema.ts). `act` is the only
 * way an event changes: in one transaction it reads the event (locking its row), applies the action
 * with `applyEventAction` from @pyramid/events, and writes the new event, the match rows that
 * changed, the entries' places and the new audit entries. Two processes finishing matches of one
 * event at once are serialised by the row lock, so each finished match advances its players exactly
 * once; a process killed mid-way commits nothing, and the action can be sent again.
 */
import type { Result } from '@pyramid/core';
import {
  applyEventAction,
  type ClubEvent,
  type EventAction,
  type EventError,
  type EventView,
  type MatchView,
  standings,
  viewEvent,
} from '@pyramid/events';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { PostgresStore } from '../store/postgres.js';
import { numbered } from '../store/queries.js';
import { SqliteStore } from '../store/sqlite.js';
import type { Store } from '../store/types.js';

export interface StoredEvent {
  readonly id: string;
  readonly event: ClubEvent;
  /** Bumped by every action. */
  readonly version: number;
}

export interface EventSummary {
  readonly id: string;
  readonly name: string;
  readonly director: string;
  readonly finished: boolean;
  readonly updatedAt: number;
}

export interface EventStore {
  create(id: string, event: ClubEvent, now: number): Promise<StoredEvent>;
  get(id: string): Promise<StoredEvent | null>;
  /** Applies an action in one transaction; null when there is no such event. */
  act(id: string, action: EventAction, now: number): Promise<Result<StoredEvent, EventError> | null>;
  /** Public events, newest first (or a director's own). */
  list(options: { readonly director?: string; readonly limit: number }): Promise<EventSummary[]>;
  /** Events of a director that have not finished. */
  openBy(director: string): Promise<number>;
  /** Every event that has not finished (at start: their online matches are looked after). */
  unfinishedIds(): Promise<string[]>;
  /** The public events a player (by account) entered, newest first, with his place. */
  ofPlayer(account: string, limit: number): Promise<PlayerEvent[]>;
}

export interface PlayerEvent extends EventSummary {
  /** "1", "3–4", …; null while he is still in (or before the draw). */
  readonly place: string | null;
}

const OF_PLAYER_SQL = `SELECT e.id, e.name, e.director, e.finished, e.updated_at, x.place
  FROM event_entries x JOIN events e ON e.id = x.event_id
  WHERE x.account = ? AND e.is_public = 1 ORDER BY e.updated_at DESC, e.id LIMIT ?`;

/** An `events` row as the lists read it (both stores give the same columns). */
interface SummaryRow {
  readonly id: string;
  readonly name: string;
  readonly director: string;
  readonly finished: number;
  readonly updated_at: number;
}

const summaryOf = (r: SummaryRow): EventSummary => ({
  id: r.id,
  name: r.name,
  director: r.director,
  finished: r.finished === 1,
  updatedAt: r.updated_at,
});

interface PlayerEventRow extends SummaryRow {
  readonly place: string | null;
}

const playerEvent = (r: PlayerEventRow): PlayerEvent => ({ ...summaryOf(r), place: r.place });

type Statement = readonly [sql: string, params: readonly unknown[]];

/**
 * Test-only fault points of an event action, in the format of faults.ts (the same variable, its
 * own points): `PYRAMID_TEST_FAULT=event-before-commit:<n>:KILL` kills this process the n-th time
 * an action has written everything and not yet committed; `event-after-commit` just after the
 * commit, before the answer. Unset (always, outside those tests), nothing happens.
 */
const fault = /^(event-before-commit|event-after-commit):(\d+):KILL$/.exec(
  process.env.PYRAMID_TEST_FAULT ?? '',
);
let faultsLeft = fault === null ? 0 : Number(fault[2]);
function eventFault(point: 'event-before-commit' | 'event-after-commit'): void {
  if (fault === null || fault[1] !== point || faultsLeft <= 0) return;
  if (--faultsLeft === 0) process.kill(process.pid, 'SIGKILL');
}

const MATCH_UPSERT = `INSERT INTO event_matches (event_id, match_id, stage, round, position, state, player_a, player_b,
    race, frames_a, frames_b, winner, reason, table_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (event_id, match_id) DO UPDATE SET stage = excluded.stage, round = excluded.round,
    position = excluded.position, state = excluded.state, player_a = excluded.player_a,
    player_b = excluded.player_b, race = excluded.race, frames_a = excluded.frames_a,
    frames_b = excluded.frames_b, winner = excluded.winner, reason = excluded.reason,
    table_name = excluded.table_name`;

function matchRow(id: string, m: MatchView, position: number): Statement {
  return [
    MATCH_UPSERT,
    [
      id,
      m.id,
      m.stage,
      m.round,
      position,
      m.state,
      m.a,
      m.b,
      m.race,
      m.result?.frames[0] ?? null,
      m.result?.frames[1] ?? null,
      m.winner,
      m.result?.reason ?? null,
      m.table,
    ],
  ];
}

/**
 * The rows an event's change from `before` to `after` writes (besides the event row): matches
 * whose view changed (the incremental view keeps unchanged matches as the same objects), matches
 * gone (a Swiss round paired again), the entries when they changed, places, and new audit entries.
 */
function rowChanges(id: string, before: ClubEvent | null, after: ClubEvent): Statement[] {
  const out: Statement[] = [];
  const old: EventView | null = before === null || before.draw === null ? null : viewEvent(before);
  const now = after.draw === null ? null : viewEvent(after);
  if (now !== null) {
    const previous = new Map((old?.matches ?? []).map((m) => [m.id, m]));
    now.matches.forEach((m, i) => {
      if (previous.get(m.id) !== m) out.push(matchRow(id, m, i));
      previous.delete(m.id);
    });
    for (const gone of previous.keys())
      out.push(['DELETE FROM event_matches WHERE event_id = ? AND match_id = ?', [id, gone]]);
  }
  if (before === null || before.entries !== after.entries) {
    out.push(['DELETE FROM event_entries WHERE event_id = ?', [id]]);
    for (const e of after.entries) {
      out.push([
        'INSERT INTO event_entries (event_id, entry_id, name, account, rating, place) VALUES (?, ?, ?, ?, ?, NULL)',
        [id, e.id, e.name, e.account ?? null, e.rating ?? null],
      ]);
    }
  }
  if (now !== null && before?.results !== after.results) {
    const placesBefore = new Map(
      old === null ? [] : standings(before as ClubEvent).rows.map((r) => [r.entry, r.place]),
    );
    for (const row of standings(after).rows) {
      if (placesBefore.get(row.entry) !== row.place || before?.draw === null) {
        out.push([
          'UPDATE event_entries SET place = ? WHERE event_id = ? AND entry_id = ?',
          [row.place, id, row.entry],
        ]);
      }
    }
  }
  const from = before?.audit.length ?? 0;
  after.audit.slice(from).forEach((a, k) => {
    out.push([
      'INSERT INTO event_audit (event_id, seq, by_account, at, action, match_id, why, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [id, from + k, a.by, a.at, a.action, a.match ?? null, a.why ?? null, JSON.stringify(a)],
    ]);
  });
  return out;
}

const finishedOf = (event: ClubEvent): number => (event.draw !== null && viewEvent(event).finished ? 1 : 0);

/**
 * A process-wide cache of the last event value read or written per id and version, so that the
 * next action on it reuses its derived view (derived incrementally) instead of parsing and
 * deriving the whole event again. A stale entry is never used: the version decides.
 */
class Cache {
  private readonly events = new Map<string, StoredEvent>();
  constructor(private readonly size = 256) {}
  read(id: string, version: number, state: string): ClubEvent {
    const hit = this.events.get(id);
    if (hit !== undefined && hit.version === version) return hit.event;
    return JSON.parse(state) as ClubEvent;
  }
  keep(stored: StoredEvent): void {
    this.events.delete(stored.id);
    this.events.set(stored.id, stored);
    if (this.events.size > this.size) this.events.delete(this.events.keys().next().value as string);
  }
}

interface EventRow {
  readonly id: string;
  readonly state: string;
  readonly version: number;
}

export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly cache = new Cache();

  constructor(store: SqliteStore) {
    this.db = store.db;
  }

  private write(statements: readonly Statement[]): void {
    for (const [sql, params] of statements) this.db.prepare(sql).run(...(params as unknown[]));
  }

  async create(id: string, event: ClubEvent, now: number): Promise<StoredEvent> {
    this.db
      .transaction(() => {
        this.db
          .prepare(
            'INSERT INTO events (id, director, name, is_public, state, version, finished, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?)',
          )
          .run(
            id,
            event.spec.directors[0],
            event.spec.name,
            event.spec.public ? 1 : 0,
            JSON.stringify(event),
            now,
            now,
          );
        this.write(rowChanges(id, null, event));
      })
      .immediate();
    const stored = { id, event, version: 1 };
    this.cache.keep(stored);
    return stored;
  }

  async get(id: string): Promise<StoredEvent | null> {
    const row = this.db.prepare('SELECT id, state, version FROM events WHERE id = ?').get(id) as
      | EventRow
      | undefined;
    return row === undefined
      ? null
      : { id, event: this.cache.read(id, row.version, row.state), version: row.version };
  }

  async act(id: string, action: EventAction, now: number): Promise<Result<StoredEvent, EventError> | null> {
    // BEGIN IMMEDIATE takes the write lock first: another process's action on the file waits.
    const result = this.db
      .transaction((): Result<StoredEvent, EventError> | null => {
        const row = this.db.prepare('SELECT id, state, version FROM events WHERE id = ?').get(id) as
          | EventRow
          | undefined;
        if (row === undefined) return null;
        const before = this.cache.read(id, row.version, row.state);
        const applied = applyEventAction(before, action);
        if (!applied.ok) return applied;
        const after = applied.value;
        this.db
          .prepare(
            'UPDATE events SET state = ?, version = ?, finished = ?, updated_at = ? WHERE id = ? AND version = ?',
          )
          .run(JSON.stringify(after), row.version + 1, finishedOf(after), now, id, row.version);
        this.write(rowChanges(id, before, after));
        eventFault('event-before-commit');
        return { ok: true, value: { id, event: after, version: row.version + 1 } };
      })
      .immediate();
    if (result?.ok === true) {
      eventFault('event-after-commit');
      this.cache.keep(result.value);
    }
    return result;
  }

  async list(options: { readonly director?: string; readonly limit: number }): Promise<EventSummary[]> {
    const rows = (
      options.director === undefined
        ? this.db
            .prepare(
              'SELECT id, name, director, finished, updated_at FROM events WHERE is_public = 1 ORDER BY updated_at DESC, id LIMIT ?',
            )
            .all(options.limit)
        : this.db
            .prepare(
              'SELECT id, name, director, finished, updated_at FROM events WHERE director = ? ORDER BY updated_at DESC, id LIMIT ?',
            )
            .all(options.director, options.limit)
    ) as { id: string; name: string; director: string; finished: number; updated_at: number }[];
    return rows.map(summaryOf);
  }

  async openBy(director: string): Promise<number> {
    return (
      this.db
        .prepare('SELECT COUNT(*) AS n FROM events WHERE director = ? AND finished = 0')
        .get(director) as { n: number }
    ).n;
  }

  async unfinishedIds(): Promise<string[]> {
    const rows = this.db.prepare('SELECT id FROM events WHERE finished = 0 ORDER BY id').all() as {
      id: string;
    }[];
    return rows.map((r) => r.id);
  }

  async ofPlayer(account: string, limit: number): Promise<PlayerEvent[]> {
    return (this.db.prepare(OF_PLAYER_SQL).all(account, limit) as PlayerEventRow[]).map(playerEvent);
  }
}

export class PostgresEventStore implements EventStore {
  private readonly cache = new Cache();

  constructor(private readonly store: PostgresStore) {}

  private async write(client: Pick<pg.PoolClient, 'query'>, statements: readonly Statement[]): Promise<void> {
    for (const [sql, params] of statements) await client.query(numbered(sql), params as unknown[]);
  }

  async create(id: string, event: ClubEvent, now: number): Promise<StoredEvent> {
    await this.store.transaction(async (client) => {
      await client.query(
        'INSERT INTO events (id, director, name, is_public, state, version, finished, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, 0, $6, $7)',
        [
          id,
          event.spec.directors[0],
          event.spec.name,
          event.spec.public ? 1 : 0,
          JSON.stringify(event),
          now,
          now,
        ],
      );
      await this.write(client, rowChanges(id, null, event));
    });
    const stored = { id, event, version: 1 };
    this.cache.keep(stored);
    return stored;
  }

  async get(id: string): Promise<StoredEvent | null> {
    const { rows } = await this.store.pool.query<EventRow>(
      'SELECT id, state, version FROM events WHERE id = $1',
      [id],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : { id, event: this.cache.read(id, row.version, row.state), version: row.version };
  }

  async act(id: string, action: EventAction, now: number): Promise<Result<StoredEvent, EventError> | null> {
    const result = await this.store.transaction(
      async (client): Promise<Result<StoredEvent, EventError> | null> => {
        // FOR UPDATE: a second process's action on this event waits for this one to commit.
        const { rows } = await client.query<EventRow>(
          'SELECT id, state, version FROM events WHERE id = $1 FOR UPDATE',
          [id],
        );
        const row = rows[0];
        if (row === undefined) return null;
        const before = this.cache.read(id, row.version, row.state);
        const applied = applyEventAction(before, action);
        if (!applied.ok) return applied;
        const after = applied.value;
        await client.query(
          'UPDATE events SET state = $1, version = $2, finished = $3, updated_at = $4 WHERE id = $5',
          [JSON.stringify(after), row.version + 1, finishedOf(after), now, id],
        );
        await this.write(client, rowChanges(id, before, after));
        eventFault('event-before-commit');
        return { ok: true, value: { id, event: after, version: row.version + 1 } };
      },
    );
    if (result?.ok === true) {
      eventFault('event-after-commit');
      this.cache.keep(result.value);
    }
    return result;
  }

  async list(options: { readonly director?: string; readonly limit: number }): Promise<EventSummary[]> {
    const { rows } = await this.store.pool.query<{
      id: string;
      name: string;
      director: string;
      finished: number;
      updated_at: number;
    }>(
      options.director === undefined
        ? 'SELECT id, name, director, finished, updated_at FROM events WHERE is_public = 1 ORDER BY updated_at DESC, id LIMIT $1'
        : 'SELECT id, name, director, finished, updated_at FROM events WHERE director = $2 ORDER BY updated_at DESC, id LIMIT $1',
      options.director === undefined ? [options.limit] : [options.limit, options.director],
    );
    return rows.map(summaryOf);
  }

  async openBy(director: string): Promise<number> {
    const { rows } = await this.store.pool.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM events WHERE director = $1 AND finished = 0',
      [director],
    );
    return rows[0]?.n ?? 0;
  }

  async unfinishedIds(): Promise<string[]> {
    const { rows } = await this.store.pool.query<{ id: string }>(
      'SELECT id FROM events WHERE finished = 0 ORDER BY id',
    );
    return rows.map((r) => r.id);
  }

  async ofPlayer(account: string, limit: number): Promise<PlayerEvent[]> {
    const { rows } = await this.store.pool.query<PlayerEventRow>(numbered(OF_PLAYER_SQL), [account, limit]);
    return rows.map(playerEvent);
  }
}

/** The event store beside a server's store (the same database); null for another kind of store. */
export function eventStoreOf(store: Store): EventStore | null {
  if (store instanceof SqliteStore) return new SqliteEventStore(store);
  if (store instanceof PostgresStore) return new PostgresEventStore(store);
  return null;
}
