/**
 * The networked store: PostgreSQL (the `pg` client, a pool), chosen by `DATABASE_URL`, shared by
 * every server process of a cluster. The same tables and columns as the SQLite store, the same
 * versioned migrations (in PostgreSQL's dialect), applied at open under an advisory lock so that
 * processes starting together apply each once; opening is idempotent. `appendAction` is one
 * transaction: the action, the table's row and the ratings commit together or not at all.
 *
 * By concern (postgres/): the connection and migrations (base.ts, migrations.ts), players and
 * sessions (accounts.ts), ratings (ratings.ts), tables and leases (tables.ts); here the actions,
 * the quick-match queue and chat.
 */
import type { Player } from '@pyramid/rules';
import pg from 'pg';
import { patchColumns, QUEUE_LOCK, type Queryable, types } from './postgres/sql.js';
import { PostgresTables } from './postgres/tables.js';
import { type QueueRow, type TableRow, toQueueEntry, toTable } from './rows.js';
import {
  type Fence,
  FencedError,
  type RatingUpdate,
  type Store,
  type StoredAction,
  type StoredChat,
  type StoredQueueEntry,
  type StoredStatus,
  type StoredTable,
  type TablePatch,
} from './types.js';

export { PG_MIGRATIONS } from './postgres/migrations.js';
export type { Lease } from './postgres/sql.js';

export class PostgresStore extends PostgresTables implements Store {
  private constructor(pool: pg.Pool) {
    super(pool);
  }

  /**
   * Connects to `url` (`postgres://user@host:port/db`) and applies the migrations not yet applied.
   * Fails (rejects) when the database cannot be reached.
   */
  static async open(url: string, options: { poolSize?: number } = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      types,
      connectionTimeoutMillis: 5_000,
      // A query a partitioned database never answers fails instead of hanging the table.
      query_timeout: 10_000,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const store = new PostgresStore(pool);
    try {
      await store.migrate();
    } catch (caught) {
      await pool.end();
      throw caught;
    }
    return store;
  }

  async appendAction(
    id: string,
    action: StoredAction,
    patch: TablePatch,
    ratings: readonly RatingUpdate[] = [],
    fence?: Fence,
  ): Promise<boolean> {
    if (ratings.length === 0) return this.appendStatement(this.pool, id, action, patch, fence);
    return this.transaction(async (client) => {
      const inserted = await this.appendStatement(client, id, action, patch, fence);
      if (inserted) await this.writeRatings(client, id, ratings);
      return inserted;
    });
  }

  /** The fenced append as one statement; false when the action was stored already. */
  protected async appendStatement(
    client: Queryable,
    id: string,
    action: StoredAction,
    patch: TablePatch,
    fence: Fence | undefined,
  ): Promise<boolean> {
    const columns = patchColumns({ ...patch, seq: action.seq }, action.at);
    const params: unknown[] = [
      id,
      action.seq,
      JSON.stringify(action.action),
      action.stroke === null ? null : JSON.stringify(action.stroke),
      action.by,
      action.at,
      ...columns.map(([, v]) => v),
    ];
    const sets = columns.map(([name], i) => `${name} = $${i + 7}`).join(', ');
    let held = 'TRUE';
    let fenceCte = '';
    if (fence !== undefined) {
      params.push(fence.owner, fence.token);
      const n = params.length;
      fenceCte = `fence AS (
           SELECT 1 FROM table_leases WHERE table_id = $1 AND owner = $${n - 1} AND token = $${n} FOR SHARE
         ), `;
      held = 'EXISTS (SELECT 1 FROM fence)';
    }
    const { rows } = await client.query<{ held: boolean; inserted: number }>(
      `WITH ${fenceCte}ins AS (
           INSERT INTO actions (table_id, seq, action, stroke, by_seat, at)
             SELECT $1::text, $2::int, $3::text, $4::text, $5::int, $6::bigint WHERE ${held}
             ON CONFLICT (table_id, seq) DO NOTHING
             RETURNING 1
         ), upd AS (
           UPDATE tables SET ${sets} WHERE id = $1 AND EXISTS (SELECT 1 FROM ins) RETURNING 1
         )
         SELECT ${held} AS held, (SELECT count(*) FROM ins)::int AS inserted`,
      params,
    );
    const row = rows[0];
    if (fence !== undefined && row?.held !== true) throw new FencedError(id, fence);
    return row?.inserted === 1;
  }

  async actions(id: string): Promise<StoredAction[]> {
    return this.actionRows(id, 0);
  }

  /** The stored action of a table at `seq`, or null (the cluster's check of an intent whose answer was lost). */
  async actionAt(id: string, seq: number): Promise<StoredAction | null> {
    return (await this.actionRows(id, seq))[0] ?? null;
  }

  /** Every action of a table (`seq` 0), or the one at `seq`. */
  protected async actionRows(id: string, seq: number): Promise<StoredAction[]> {
    const { rows } = await this.pool.query<{
      seq: number;
      action: string;
      stroke: string | null;
      by_seat: number | null;
      at: number;
    }>(
      'SELECT seq, action, stroke, by_seat, at FROM actions WHERE table_id = $1 AND ($2 = 0 OR seq = $2) ORDER BY seq',
      [id, seq],
    );
    return rows.map((row) => ({
      seq: row.seq,
      action: JSON.parse(row.action) as unknown,
      stroke: row.stroke === null ? null : (JSON.parse(row.stroke) as unknown),
      by: row.by_seat === null ? null : (row.by_seat as Player),
      at: row.at,
    }));
  }

  async unfinishedTables(): Promise<StoredTable[]> {
    const { rows } = await this.pool.query<TableRow>(
      "SELECT * FROM tables WHERE status != 'finished' ORDER BY created_at, id",
    );
    return rows.map(toTable);
  }

  async tablesByStatus(status: StoredStatus, limit: number): Promise<StoredTable[]> {
    const { rows } = await this.pool.query<TableRow>(
      'SELECT * FROM tables WHERE status = $1 ORDER BY updated_at DESC, id LIMIT $2',
      [status, limit],
    );
    return rows.map(toTable);
  }

  async tablesOfPlayer(
    playerId: string,
    limit: number,
    visibleTo?: { readonly viewer: string | null },
  ): Promise<StoredTable[]> {
    if (visibleTo === undefined) {
      const { rows } = await this.pool.query<TableRow>(
        'SELECT * FROM tables WHERE seat0 = $1 OR seat1 = $1 ORDER BY updated_at DESC, id LIMIT $2',
        [playerId, limit],
      );
      return rows.map(toTable);
    }
    const { rows } = await this.pool.query<TableRow>(
      `SELECT * FROM tables WHERE (seat0 = $1 OR seat1 = $1)
         AND (is_public = 1 OR ($3::text IS NOT NULL AND (seat0 = $3 OR seat1 = $3)))
         ORDER BY updated_at DESC, id LIMIT $2`,
      [playerId, limit, visibleTo.viewer],
    );
    return rows.map(toTable);
  }

  async countWaitingTables(playerId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM tables WHERE status = 'waiting' AND (seat0 = $1 OR seat1 = $1)",
      [playerId],
    );
    return rows[0]?.n ?? 0;
  }

  async queueEntries(): Promise<StoredQueueEntry[]> {
    const { rows } = await this.pool.query<QueueRow>(
      'SELECT player_id, variant, rated, since, last_seen, table_id FROM queue ORDER BY since, player_id',
    );
    return rows.map(toQueueEntry);
  }

  async putQueueEntry(entry: StoredQueueEntry): Promise<void> {
    await this.writeQueueEntry(this.pool, entry);
  }

  protected async writeQueueEntry(client: Queryable, entry: StoredQueueEntry): Promise<void> {
    await client.query(
      `INSERT INTO queue (player_id, variant, rated, since, last_seen, table_id) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (player_id) DO UPDATE SET variant = excluded.variant, rated = excluded.rated,
         since = excluded.since, last_seen = excluded.last_seen, table_id = excluded.table_id`,
      [entry.playerId, entry.variant, entry.rated ? 1 : 0, entry.since, entry.lastSeen, entry.tableId],
    );
  }

  /** One player's place in the quick-match queue (null: not queued). */
  async queueEntry(playerId: string): Promise<StoredQueueEntry | null> {
    const { rows } = await this.pool.query<QueueRow>(
      'SELECT player_id, variant, rated, since, last_seen, table_id FROM queue WHERE player_id = $1',
      [playerId],
    );
    return rows[0] === undefined ? null : toQueueEntry(rows[0]);
  }

  /**
   * Quick match shared by every process of a cluster. Under a transaction-scoped advisory lock per
   * queue (variant, rated), so that players queueing on different processes at the same moment
   * are taken one after the other: the oldest compatible player waiting (seen at `cutoff` or
   * later) is matched — the table `table(other)` describes is created and his place points at it,
   * in the same transaction, so he is matched exactly once and his table exists — or, when nobody
   * waits, `entry` takes its place in the queue.
   */
  async matchFromQueue(
    entry: StoredQueueEntry,
    cutoff: number,
    table: (other: StoredQueueEntry) => Promise<StoredTable>,
  ): Promise<{ other: StoredQueueEntry; table: StoredTable } | null> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        QUEUE_LOCK,
        `${entry.variant}/${entry.rated ? 1 : 0}`,
      ]);
      await client.query('DELETE FROM queue WHERE table_id IS NULL AND last_seen < $1', [cutoff]);
      const { rows } = await client.query<QueueRow>(
        `SELECT player_id, variant, rated, since, last_seen, table_id FROM queue
           WHERE variant = $1 AND rated = $2 AND table_id IS NULL AND player_id <> $3
           ORDER BY since, player_id LIMIT 1`,
        [entry.variant, entry.rated ? 1 : 0, entry.playerId],
      );
      const found = rows[0];
      if (found === undefined) {
        await this.writeQueueEntry(client, entry);
        return null;
      }
      const other = toQueueEntry(found);
      const made = await table(other);
      await this.insertTable(client, made);
      await client.query('UPDATE queue SET table_id = $2 WHERE player_id = $1', [other.playerId, made.id]);
      await client.query('DELETE FROM queue WHERE player_id = $1', [entry.playerId]);
      return { other: { ...other, tableId: made.id }, table: made };
    });
  }

  async removeQueueEntry(playerId: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM queue WHERE player_id = $1', [playerId]);
    return result.rowCount === 1;
  }

  /**
   * With a fence the line is stored only while that lease is held (FencedError otherwise), checked
   * in the same statement as the insert, like an action.
   */
  async addChat(line: Omit<StoredChat, 'id'>, fence?: Fence): Promise<number> {
    const values = [line.tableId, line.playerId, line.role, line.text, line.at];
    if (fence === undefined) {
      const { rows } = await this.pool.query<{ id: number }>(
        'INSERT INTO chat (table_id, player_id, role, text, at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        values,
      );
      return (rows[0] as { id: number }).id;
    }
    const { rows } = await this.pool.query<{ id: number }>(
      `WITH fence AS (
           SELECT 1 FROM table_leases WHERE table_id = $1 AND owner = $6 AND token = $7 FOR SHARE
         )
         INSERT INTO chat (table_id, player_id, role, text, at)
           SELECT $1::text, $2::text, $3::text, $4::text, $5::bigint WHERE EXISTS (SELECT 1 FROM fence)
           RETURNING id`,
      [...values, fence.owner, fence.token],
    );
    if (rows[0] === undefined) throw new FencedError(line.tableId, fence);
    return rows[0].id;
  }

  async chat(tableId: string, limit: number): Promise<StoredChat[]> {
    const { rows } = await this.pool.query<{
      id: number;
      table_id: string;
      player_id: string;
      role: 'player' | 'spectator';
      text: string;
      at: number;
    }>(
      'SELECT id, table_id, player_id, role, text, at FROM chat WHERE table_id = $1 ORDER BY id DESC LIMIT $2',
      [tableId, limit],
    );
    return rows.reverse().map((r) => ({
      id: r.id,
      tableId: r.table_id,
      playerId: r.player_id,
      role: r.role,
      text: r.text,
      at: r.at,
    }));
  }
}
