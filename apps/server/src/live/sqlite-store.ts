/** The live store on SQLite (live/store.ts says what each write checks in its transaction). */
import type { LiveHeader } from '@pyramid/online';
import type Database from 'better-sqlite3';
import type { SqliteStore } from '../store/sqlite.js';
import {
  type AppendResult,
  type CapabilityCheck,
  type CapabilityDbRow,
  COLUMNS,
  capabilityState,
  type EntryDbRow,
  type EntryRow,
  entryOf,
  entryParams,
  INSERT_ENTRY,
  INSERT_MATCH,
  type LeaseResult,
  type LiveRow,
  type LiveStore,
  leaseAfter,
  liveFault,
  liveOf,
  type MatchDbRow,
  matchParams,
  type NewLive,
  SELECT_CAPABILITY,
  UPDATE_HEADER,
  type WriteCheck,
} from './store.js';

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

  async setHeader(liveId: string, header: LiveHeader, count: number): Promise<boolean> {
    return this.db.prepare(UPDATE_HEADER).run(JSON.stringify(header), liveId, count).changes === 1;
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

  async unfinished(): Promise<LiveRow[]> {
    return (
      this.db.prepare(`SELECT ${COLUMNS} FROM live_matches WHERE finished = 0`).all() as MatchDbRow[]
    ).map(liveOf);
  }
}
