import { isPublic, type TableRow, toTable } from '../rows.js';
import { type Fence, FencedError, type RatingUpdate, type StoredTable, type TablePatch } from '../types.js';
import { PostgresRatings } from './ratings.js';
import { type Lease, NOW_MS, patchColumns, type Queryable } from './sql.js';
export abstract class PostgresTables extends PostgresRatings {
  async createTable(table: StoredTable): Promise<void> {
    await this.insertTable(this.pool, table);
  }

  protected async insertTable(client: Queryable, table: StoredTable): Promise<void> {
    await client.query(
      `INSERT INTO tables (id, options, start, status, seat0, seat1, seq, lag_winner, clock, winner,
        frames_won, scores, created_at, updated_at, is_public)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        table.id,
        JSON.stringify(table.options),
        JSON.stringify(table.start),
        table.status,
        table.seats[0],
        table.seats[1],
        table.seq,
        table.lagWinner,
        table.clock === null ? null : JSON.stringify(table.clock),
        table.winner,
        JSON.stringify(table.framesWon),
        JSON.stringify(table.scores),
        table.createdAt,
        table.updatedAt,
        isPublic(table) ? 1 : 0,
      ],
    );
  }

  async table(id: string): Promise<StoredTable | null> {
    const { rows } = await this.pool.query<TableRow>('SELECT * FROM tables WHERE id = $1', [id]);
    return rows[0] === undefined ? null : toTable(rows[0]);
  }

  protected async patchTable(client: Queryable, id: string, patch: TablePatch, at: number): Promise<void> {
    const columns = patchColumns(patch, at);
    const sets = columns.map(([name], i) => `${name} = $${i + 2}`).join(', ');
    await client.query(`UPDATE tables SET ${sets} WHERE id = $1`, [id, ...columns.map(([, v]) => v)]);
  }

  async updateTable(id: string, patch: TablePatch, at: number, fence?: Fence): Promise<void> {
    if (fence === undefined) {
      await this.patchTable(this.pool, id, patch, at);
      return;
    }
    await this.transaction(async (client) => {
      await this.checkFence(client, id, fence);
      await this.patchTable(client, id, patch, at);
    });
  }

  async finishTable(
    id: string,
    patch: TablePatch,
    ratings: readonly RatingUpdate[],
    at: number,
    fence?: Fence,
  ): Promise<void> {
    await this.transaction(async (client) => {
      if (fence !== undefined) await this.checkFence(client, id, fence);
      await this.patchTable(client, id, patch, at);
      await this.writeRatings(client, id, ratings);
    });
  }

  /**
   * Throws FencedError unless the lease row still carries the fence's owner and token; the row is
   * locked (FOR SHARE) until the transaction ends, so a takeover waits for this write and then
   * reloads it — or this write sees the new token and is refused.
   */
  protected async checkFence(client: Queryable, id: string, fence: Fence): Promise<void> {
    const { rowCount } = await client.query(
      'SELECT 1 FROM table_leases WHERE table_id = $1 AND owner = $2 AND token = $3 FOR SHARE',
      [id, fence.owner, fence.token],
    );
    if (rowCount !== 1) throw new FencedError(id, fence);
  }

  /**
   * Grants `owner` the lease of a table for `ttlMs` if it is free, expired or already theirs;
   * returns the new fencing token (one more than any before), or null when another holds it.
   */
  async acquireLease(id: string, owner: string, ttlMs: number): Promise<number | null> {
    const { rows } = await this.pool.query<{ token: number }>(
      `INSERT INTO table_leases (table_id, owner, token, expires_at) VALUES ($1, $2, 1, ${NOW_MS} + $3)
         ON CONFLICT (table_id) DO UPDATE
           SET owner = EXCLUDED.owner, token = table_leases.token + 1, expires_at = EXCLUDED.expires_at
           WHERE table_leases.expires_at < ${NOW_MS} OR table_leases.owner = EXCLUDED.owner
         RETURNING token`,
      [id, owner, ttlMs],
    );
    return rows[0]?.token ?? null;
  }

  /** Extends the leases `owner` holds with these tokens; returns the tables still held. */
  async renewLeases(owner: string, held: ReadonlyMap<string, number>, ttlMs: number): Promise<Set<string>> {
    if (held.size === 0) {
      await this.pool.query('SELECT 1');
      return new Set();
    }
    const ids = [...held.keys()];
    const tokens = ids.map((id) => held.get(id) as number);
    const { rows } = await this.pool.query<{ table_id: string }>(
      `UPDATE table_leases AS l SET expires_at = ${NOW_MS} + $2
         FROM unnest($3::text[], $4::bigint[]) AS h(table_id, token)
         WHERE l.table_id = h.table_id AND l.token = h.token AND l.owner = $1
         RETURNING l.table_id`,
      [owner, ttlMs, ids, tokens],
    );
    return new Set(rows.map((r) => r.table_id));
  }

  /** Gives a lease up at once (a clean shutdown), so that another process takes it without waiting. */
  async releaseLease(id: string, fence: Fence): Promise<void> {
    await this.pool.query(
      'UPDATE table_leases SET expires_at = 0 WHERE table_id = $1 AND owner = $2 AND token = $3',
      [id, fence.owner, fence.token],
    );
  }

  /** The lease row of a table (null: never leased). */
  async lease(id: string): Promise<Lease | null> {
    const { rows } = await this.pool.query<{ owner: string; token: number; expires_at: number; now: number }>(
      `SELECT owner, token, expires_at, ${NOW_MS} AS now FROM table_leases WHERE table_id = $1`,
      [id],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : { owner: row.owner, token: row.token, expiresAt: row.expires_at, now: row.now };
  }

  /** The lease rows of several tables, in one query (a table never leased is absent). */
  async leases(ids: readonly string[]): Promise<Map<string, Lease>> {
    const out = new Map<string, Lease>();
    if (ids.length === 0) return out;
    const { rows } = await this.pool.query<{
      table_id: string;
      owner: string;
      token: number;
      expires_at: number;
      now: number;
    }>(
      `SELECT table_id, owner, token, expires_at, ${NOW_MS} AS now FROM table_leases WHERE table_id = ANY($1)`,
      [ids],
    );
    for (const r of rows)
      out.set(r.table_id, { owner: r.owner, token: r.token, expiresAt: r.expires_at, now: r.now });
    return out;
  }

  /**
   * The append is one statement (one round trip, atomic by itself): the lease check, the action and
   * the table's row are data-modifying parts of one query. With a fence the lease row is locked FOR
   * SHARE by that statement, as `checkFence` does: a takeover waits for the append and then reloads
   * it, or the append sees the new token and stores nothing. An append that ends a rated match runs
   * it in a transaction with the new ratings (several statements), the lock held to the commit.
   */
}
