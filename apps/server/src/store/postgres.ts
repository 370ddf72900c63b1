/**
 * The networked store: PostgreSQL (the `pg` client, a pool), chosen by `DATABASE_URL`, shared by
 * every server process of a cluster. The same tables and columns as the SQLite store, the same
 * versioned migrations (in PostgreSQL's dialect), applied at open under an advisory lock so that
 * processes starting together apply each once; opening is idempotent. `appendAction` is one
 * transaction: the action, the table's row and the ratings commit together or not at all.
 */
import type { Player, Variant } from '@pyramid/rules';
import pg from 'pg';
import { PG_EVENTS_MIGRATION } from '../events/schema.js';
import { PG_LIVE_MIGRATION } from '../live/schema.js';
import { nameSkeleton } from '../names.js';
import { LEADERBOARD_SQL, numbered, PAIR_SQL } from './queries.js';
import {
  isPublic,
  type PlayerRow,
  type QueueRow,
  type SessionRow,
  type TableRow,
  toPlayer,
  toQueueEntry,
  toSession,
  toTable,
} from './rows.js';
import { skeletonsToFill } from './skeletons.js';
import {
  type Fence,
  FencedError,
  type LeaderboardRule,
  type RatingUpdate,
  type Store,
  type StoredAction,
  type StoredChat,
  type StoredPlayer,
  type StoredQueueEntry,
  type StoredRating,
  type StoredSecret,
  type StoredSession,
  type StoredStatus,
  type StoredTable,
  type TablePatch,
} from './types.js';

/** Each migration once, in order; never edit one that has shipped — add the next. */
export const PG_MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT,
        password_hash TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE UNIQUE INDEX players_account_name ON players(name_key) WHERE name_key IS NOT NULL;
      CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        options TEXT NOT NULL,
        start TEXT NOT NULL,
        status TEXT NOT NULL,
        seat0 TEXT,
        seat1 TEXT,
        seq INTEGER NOT NULL DEFAULT 0,
        lag_winner INTEGER,
        clock TEXT,
        winner INTEGER,
        frames_won TEXT NOT NULL DEFAULT '[0,0]',
        scores TEXT NOT NULL DEFAULT '[0,0]',
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX tables_status ON tables(status, updated_at);
      CREATE INDEX tables_seat0 ON tables(seat0, updated_at);
      CREATE INDEX tables_seat1 ON tables(seat1, updated_at);
      CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        stroke TEXT,
        by_seat INTEGER,
        at BIGINT NOT NULL,
        PRIMARY KEY (table_id, seq)
      );
      CREATE TABLE ratings (
        player_id TEXT NOT NULL REFERENCES players(id),
        variant TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (player_id, variant)
      );
      CREATE INDEX ratings_board ON ratings(variant, rating DESC);
      CREATE TABLE rating_changes (
        table_id TEXT NOT NULL REFERENCES tables(id),
        player_id TEXT NOT NULL,
        variant TEXT NOT NULL,
        before TEXT NOT NULL,
        after TEXT NOT NULL,
        PRIMARY KEY (table_id, player_id)
      );
      CREATE TABLE chat (
        id BIGSERIAL PRIMARY KEY,
        table_id TEXT NOT NULL REFERENCES tables(id),
        player_id TEXT NOT NULL,
        role TEXT NOT NULL,
        text TEXT NOT NULL,
        at BIGINT NOT NULL
      );
      CREATE INDEX chat_table ON chat(table_id, id);
    `,
  },
  {
    // Rotating session secrets (the one kept in meta becomes the first) and the quick-match queues.
    version: 2,
    sql: `
      CREATE TABLE secrets (id TEXT PRIMARY KEY, value TEXT NOT NULL, created_at BIGINT NOT NULL);
      CREATE INDEX secrets_created ON secrets(created_at);
      INSERT INTO secrets (id, value, created_at)
        SELECT 'k0', value, 0 FROM meta WHERE key = 'session-secret';
      DELETE FROM meta WHERE key = 'session-secret';
      CREATE TABLE queue (
        player_id TEXT PRIMARY KEY REFERENCES players(id),
        variant TEXT NOT NULL,
        rated INTEGER NOT NULL,
        since BIGINT NOT NULL,
        last_seen BIGINT NOT NULL,
        table_id TEXT REFERENCES tables(id)
      );
      CREATE INDEX queue_order ON queue(since, player_id);
    `,
  },
  {
    // Table leases: which process owns a table, until when (the database's clock, ms), and the
    // fencing token, raised by one at every new grant.
    version: 3,
    sql: `
      CREATE TABLE table_leases (
        table_id TEXT PRIMARY KEY REFERENCES tables(id),
        owner TEXT NOT NULL,
        token BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX table_leases_owner ON table_leases(owner);
    `,
  },
  {
    // Security (issue 23 §3), as SQLite's migration 3: revocable sessions, account names compared
    // by their confusables skeleton (filled in at open for older accounts), whether a table is
    // public as a column, the rating changes by player.
    version: 4,
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        player_id TEXT NOT NULL REFERENCES players(id),
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        revoked_at BIGINT
      );
      CREATE INDEX sessions_player ON sessions(player_id);
      CREATE INDEX sessions_expiry ON sessions(expires_at);
      CREATE INDEX sessions_revoked ON sessions(revoked_at) WHERE revoked_at IS NOT NULL;
      ALTER TABLE players ADD COLUMN name_skeleton TEXT;
      CREATE UNIQUE INDEX players_account_skeleton ON players(name_skeleton) WHERE name_skeleton IS NOT NULL;
      ALTER TABLE tables ADD COLUMN is_public INTEGER NOT NULL DEFAULT 1;
      UPDATE tables SET is_public = 0 WHERE (options::json->>'public') = 'false';
      CREATE INDEX rating_changes_player ON rating_changes(player_id, variant);
    `,
  },
  // Club events (issue 27): events, entries, matches, the audit log (events/schema.ts).
  { version: 5, sql: PG_EVENTS_MIGRATION },
  // Live scoring from real tables (issue 28): live matches, capabilities, entries (live/schema.ts).
  { version: 6, sql: PG_LIVE_MIGRATION },
];

/** The database's clock in epoch milliseconds: every lease is timed by it, never by a process's. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** A lease row as read. */
export interface Lease {
  readonly owner: string;
  readonly token: number;
  readonly expiresAt: number;
  /** The database's clock when it was read. */
  readonly now: number;
}

/** Any number key of the advisory lock that serialises migrations between processes. */
const MIGRATION_LOCK = 0x70797261;
/** The first key of the advisory locks that serialise each quick-match queue (the second: the queue's hash). */
const QUEUE_LOCK = 0x70797271;
/** The advisory lock that serialises rotations of the session secret (and the first one's making). */
const SECRET_LOCK = 0x70797273;

/** BIGINT (int8) columns hold milliseconds and ids well inside 2^53: read them as numbers. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** The columns a patch sets, with their SQL values, in a fixed order. */
function patchColumns(patch: TablePatch, at: number): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (patch.status !== undefined) out.push(['status', patch.status]);
  if (patch.seats !== undefined) out.push(['seat0', patch.seats[0]], ['seat1', patch.seats[1]]);
  if (patch.seq !== undefined) out.push(['seq', patch.seq]);
  if (patch.lagWinner !== undefined) out.push(['lag_winner', patch.lagWinner]);
  if (patch.clock !== undefined)
    out.push(['clock', patch.clock === null ? null : JSON.stringify(patch.clock)]);
  if (patch.winner !== undefined) out.push(['winner', patch.winner]);
  if (patch.framesWon !== undefined) out.push(['frames_won', JSON.stringify(patch.framesWon)]);
  if (patch.scores !== undefined) out.push(['scores', JSON.stringify(patch.scores)]);
  out.push(['updated_at', at]);
  return out;
}

type Queryable = Pick<pg.PoolClient, 'query'>;

export class PostgresStore implements Store {
  readonly pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    this.pool = pool;
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

  /** Runs `body` in one transaction on one pooled connection (rolled back if it throws). */
  async transaction<T>(body: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query('COMMIT');
      return result;
    } catch (caught) {
      await client.query('ROLLBACK').catch(() => {});
      throw caught;
    } finally {
      client.release();
    }
  }

  /** Applies the migrations not yet applied; returns the versions applied now. */
  async migrate(): Promise<number[]> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
      );
      const done = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (r) => r.version,
        ),
      );
      const applied: number[] = [];
      for (const migration of PG_MIGRATIONS) {
        if (done.has(migration.version)) continue;
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          migration.version,
          Date.now(),
        ]);
        applied.push(migration.version);
      }
      await this.fillSkeletons(client);
      return applied;
    });
  }

  /** Gives each account made before skeletons were stored its skeleton (under the migration lock). */
  private async fillSkeletons(client: Queryable): Promise<void> {
    const { rows } = await client.query<{ id: string; name: string }>(
      'SELECT id, name FROM players WHERE password_hash IS NOT NULL AND name_skeleton IS NULL ORDER BY created_at, id',
    );
    if (rows.length === 0) return;
    const taken = await client.query<{ name_skeleton: string }>(
      'SELECT name_skeleton FROM players WHERE name_skeleton IS NOT NULL',
    );
    for (const { id, skeleton } of skeletonsToFill(rows, new Set(taken.rows.map((r) => r.name_skeleton)))) {
      await client.query('UPDATE players SET name_skeleton = $1 WHERE id = $2', [skeleton, id]);
    }
  }

  async secrets(): Promise<StoredSecret[]> {
    return this.readSecrets(this.pool);
  }

  private async readSecrets(client: Queryable): Promise<StoredSecret[]> {
    const rows = await client.query<{ id: string; value: string; created_at: number }>(
      'SELECT id, value, created_at FROM secrets ORDER BY created_at DESC, id DESC',
    );
    return rows.rows.map((r) => ({ id: r.id, value: r.value, createdAt: Number(r.created_at) }));
  }

  async rotateSecret(
    secret: StoredSecret,
    drop: readonly string[],
    ifNewest?: string | null,
  ): Promise<StoredSecret[]> {
    return this.transaction(async (client) => {
      if (ifNewest !== undefined) {
        // One rotation at a time across processes; the loser reads the winner's secret back.
        await client.query('SELECT pg_advisory_xact_lock($1)', [SECRET_LOCK]);
        const newest = (await this.readSecrets(client))[0]?.id ?? null;
        if (newest !== ifNewest) return this.readSecrets(client);
      }
      await client.query('INSERT INTO secrets (id, value, created_at) VALUES ($1, $2, $3)', [
        secret.id,
        secret.value,
        secret.createdAt,
      ]);
      const gone = drop.filter((id) => id !== secret.id);
      if (gone.length > 0) await client.query('DELETE FROM secrets WHERE id = ANY($1)', [gone]);
      return this.readSecrets(client);
    });
  }

  async createPlayer(player: StoredPlayer): Promise<void> {
    const account = player.passwordHash !== null;
    await this.pool.query(
      'INSERT INTO players (id, name, name_key, name_skeleton, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        player.id,
        player.name,
        account ? player.name.toLowerCase() : null,
        account ? nameSkeleton(player.name) : null,
        player.passwordHash,
        player.createdAt,
      ],
    );
  }

  async player(id: string): Promise<StoredPlayer | null> {
    const { rows } = await this.pool.query<PlayerRow>('SELECT * FROM players WHERE id = $1', [id]);
    return rows[0] === undefined ? null : toPlayer(rows[0]);
  }

  async players(ids: readonly string[]): Promise<StoredPlayer[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const { rows } = await this.pool.query<PlayerRow>('SELECT * FROM players WHERE id = ANY($1)', [unique]);
    const byId = new Map(rows.map((r) => [r.id, toPlayer(r)]));
    return unique.flatMap((id) => {
      const found = byId.get(id);
      return found === undefined ? [] : [found];
    });
  }

  async accountByName(name: string): Promise<StoredPlayer | null> {
    const { rows } = await this.pool.query<PlayerRow>(
      `SELECT * FROM players WHERE name_key = $1 OR name_skeleton = $2
         ORDER BY (name_key = $1) IS TRUE DESC LIMIT 1`,
      [name.toLowerCase(), nameSkeleton(name)],
    );
    return rows[0] === undefined ? null : toPlayer(rows[0]);
  }

  async makeAccount(id: string, name: string, passwordHash: string): Promise<boolean> {
    try {
      const result = await this.pool.query(
        'UPDATE players SET name = $1, name_key = $2, name_skeleton = $3, password_hash = $4 WHERE id = $5',
        [name, name.toLowerCase(), nameSkeleton(name), passwordHash, id],
      );
      return result.rowCount === 1;
    } catch (caught) {
      // 23505: unique_violation — the name is another account's.
      if ((caught as { code?: string }).code === '23505') return false;
      throw caught;
    }
  }

  async createSession(session: StoredSession): Promise<void> {
    await this.pool.query(
      'INSERT INTO sessions (id, player_id, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5)',
      [session.id, session.playerId, session.createdAt, session.expiresAt, session.revokedAt],
    );
  }

  async session(id: string): Promise<StoredSession | null> {
    const { rows } = await this.pool.query<SessionRow>('SELECT * FROM sessions WHERE id = $1', [id]);
    return rows[0] === undefined ? null : toSession(rows[0]);
  }

  async extendSession(id: string, expiresAt: number): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE sessions SET expires_at = GREATEST(expires_at, $1) WHERE id = $2 AND revoked_at IS NULL',
      [expiresAt, id],
    );
    return result.rowCount === 1;
  }

  async revokeSession(id: string, at: number): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL',
      [at, id],
    );
    return result.rowCount === 1;
  }

  async revokeSessions(playerId: string, at: number): Promise<number> {
    const result = await this.pool.query(
      'UPDATE sessions SET revoked_at = $1 WHERE player_id = $2 AND revoked_at IS NULL',
      [at, playerId],
    );
    return result.rowCount ?? 0;
  }

  async revokedSessions(since: number, now: number): Promise<{ id: string; expiresAt: number }[]> {
    const { rows } = await this.pool.query<{ id: string; expires_at: number }>(
      'SELECT id, expires_at FROM sessions WHERE revoked_at >= $1 AND expires_at > $2 ORDER BY id',
      [since, now],
    );
    return rows.map((r) => ({ id: r.id, expiresAt: r.expires_at }));
  }

  async pruneSessions(before: number): Promise<number> {
    const result = await this.pool.query('DELETE FROM sessions WHERE expires_at < $1', [before]);
    return result.rowCount ?? 0;
  }

  async createTable(table: StoredTable): Promise<void> {
    await this.insertTable(this.pool, table);
  }

  private async insertTable(client: Queryable, table: StoredTable): Promise<void> {
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

  private async patchTable(client: Queryable, id: string, patch: TablePatch, at: number): Promise<void> {
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
  private async checkFence(client: Queryable, id: string, fence: Fence): Promise<void> {
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
  private async appendStatement(
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
  private async actionRows(id: string, seq: number): Promise<StoredAction[]> {
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

  async rating(playerId: string, variant: Variant): Promise<StoredRating | null> {
    const { rows } = await this.pool.query<StoredRating>(
      'SELECT rating, rd, volatility, games FROM ratings WHERE player_id = $1 AND variant = $2',
      [playerId, variant],
    );
    return rows[0] ?? null;
  }

  async ratings(playerId: string): Promise<Partial<Record<Variant, StoredRating>>> {
    const { rows } = await this.pool.query<StoredRating & { variant: Variant }>(
      'SELECT variant, rating, rd, volatility, games FROM ratings WHERE player_id = $1',
      [playerId],
    );
    const out: Partial<Record<Variant, StoredRating>> = {};
    for (const { variant, ...rating } of rows) out[variant] = rating;
    return out;
  }

  private async writeRatings(
    client: Queryable,
    tableId: string,
    updates: readonly RatingUpdate[],
  ): Promise<void> {
    for (const u of updates) {
      await client.query(
        `INSERT INTO ratings (player_id, variant, rating, rd, volatility, games) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
           volatility = excluded.volatility, games = excluded.games`,
        [u.playerId, u.variant, u.after.rating, u.after.rd, u.after.volatility, u.after.games],
      );
      await client.query(
        `INSERT INTO rating_changes (table_id, player_id, variant, before, after) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (table_id, player_id) DO UPDATE SET variant = excluded.variant,
           before = excluded.before, after = excluded.after`,
        [tableId, u.playerId, u.variant, JSON.stringify(u.before), JSON.stringify(u.after)],
      );
    }
  }

  async ratingChanges(tableId: string): Promise<RatingUpdate[]> {
    const { rows } = await this.pool.query<{
      player_id: string;
      variant: Variant;
      before: string;
      after: string;
    }>(
      'SELECT player_id, variant, before, after FROM rating_changes WHERE table_id = $1 ORDER BY player_id',
      [tableId],
    );
    return rows.map((r) => ({
      playerId: r.player_id,
      variant: r.variant,
      before: JSON.parse(r.before) as StoredRating,
      after: JSON.parse(r.after) as StoredRating,
    }));
  }

  async leaderboard(
    variant: Variant,
    limit: number,
    rule: LeaderboardRule,
  ): Promise<{ playerId: string; rating: StoredRating }[]> {
    const { rows } = await this.pool.query<StoredRating & { player_id: string }>(numbered(LEADERBOARD_SQL), [
      variant,
      rule.minGames,
      rule.minOpponents,
      limit,
    ]);
    return rows.map(({ player_id, ...rating }) => ({ playerId: player_id, rating }));
  }

  async ratedMatchesBetween(a: string, b: string, variant: Variant, since: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(numbered(PAIR_SQL), [
      a,
      variant,
      a,
      b,
      b,
      a,
      since,
    ]);
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

  private async writeQueueEntry(client: Queryable, entry: StoredQueueEntry): Promise<void> {
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

  private closed = false;
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
