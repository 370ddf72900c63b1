/** The live store on PostgreSQL (live/store.ts says what each write checks in its transaction). */
import type { LiveHeader } from '@pyramid/online';
import type { PostgresStore } from '../store/postgres.js';
import { numbered } from '../store/queries.js';
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
  type Queryable,
  SELECT_CAPABILITY,
  UPDATE_HEADER,
  type WriteCheck,
} from './store.js';

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

  async setHeader(liveId: string, header: LiveHeader, count: number): Promise<boolean> {
    const done = await this.store.pool.query(numbered(UPDATE_HEADER), [
      JSON.stringify(header),
      liveId,
      count,
    ]);
    return done.rowCount === 1;
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

  async unfinished(): Promise<LiveRow[]> {
    return (
      await this.query<MatchDbRow>(
        this.store.pool as unknown as Queryable,
        `SELECT ${COLUMNS} FROM live_matches WHERE finished = 0`,
        [],
      )
    ).map(liveOf);
  }
}
