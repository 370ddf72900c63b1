/**
 * The embedded store: one SQLite file (better-sqlite3) in the data folder. Versioned migrations are
 * applied at open, each in its own transaction and recorded in `schema_migrations`, so opening is
 * idempotent. WAL journal: a committed transaction is in the file before `appendAction` resolves,
 * so a process killed at any instant keeps every action it acknowledged. Checkpoints run in a worker
 * thread (`Checkpointer`), never inside a commit.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Player, Variant } from '@pyramid/rules';
import Database from 'better-sqlite3';
import { SQLITE_EVENTS_MIGRATION } from '../events/schema.js';
import { SQLITE_LIVE_MIGRATION } from '../live/schema.js';
import { nameSkeleton } from '../names.js';
import { Checkpointer, type CheckpointResult } from './checkpointer.js';
import { LEADERBOARD_SQL, PAIR_SQL } from './queries.js';
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
import type {
  LeaderboardRule,
  RatingUpdate,
  Store,
  StoredAction,
  StoredChat,
  StoredPlayer,
  StoredQueueEntry,
  StoredRating,
  StoredSecret,
  StoredSession,
  StoredStatus,
  StoredTable,
  TablePatch,
} from './types.js';

/** Each migration once, in order; never edit one that has shipped — add the next. */
export const MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT,
        password_hash TEXT,
        created_at INTEGER NOT NULL
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
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
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
        at INTEGER NOT NULL,
        PRIMARY KEY (table_id, seq)
      ) WITHOUT ROWID;
      CREATE TABLE ratings (
        player_id TEXT NOT NULL REFERENCES players(id),
        variant TEXT NOT NULL,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
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
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id TEXT NOT NULL REFERENCES tables(id),
        player_id TEXT NOT NULL,
        role TEXT NOT NULL,
        text TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX chat_table ON chat(table_id, id);
    `,
  },
  {
    // Rotating session secrets (the one kept in `meta` becomes the first) and the quick-match
    // queues, which were in memory and lost on a restart.
    version: 2,
    sql: `
      CREATE TABLE secrets (id TEXT PRIMARY KEY, value TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE INDEX secrets_created ON secrets(created_at);
      INSERT INTO secrets (id, value, created_at)
        SELECT 'k0', value, 0 FROM meta WHERE key = 'session-secret';
      DELETE FROM meta WHERE key = 'session-secret';
      CREATE TABLE queue (
        player_id TEXT PRIMARY KEY REFERENCES players(id),
        variant TEXT NOT NULL,
        rated INTEGER NOT NULL,
        since INTEGER NOT NULL,
        last_seen INTEGER NOT NULL,
        table_id TEXT REFERENCES tables(id)
      );
      CREATE INDEX queue_order ON queue(since, player_id);
    `,
  },
  {
    // Security (issue 23 §3): revocable sessions; account names compared by their confusables
    // skeleton (filled in at open for the accounts made before, store/skeletons.ts); whether a
    // table is public as a column, so that a player's private tables are left out of what others
    // see; the rating changes by player, for the leaderboard's count of different opponents.
    version: 3,
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        player_id TEXT NOT NULL REFERENCES players(id),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX sessions_player ON sessions(player_id);
      CREATE INDEX sessions_expiry ON sessions(expires_at);
      CREATE INDEX sessions_revoked ON sessions(revoked_at) WHERE revoked_at IS NOT NULL;
      ALTER TABLE players ADD COLUMN name_skeleton TEXT;
      CREATE UNIQUE INDEX players_account_skeleton ON players(name_skeleton) WHERE name_skeleton IS NOT NULL;
      ALTER TABLE tables ADD COLUMN is_public INTEGER NOT NULL DEFAULT 1;
      UPDATE tables SET is_public = 0 WHERE json_extract(options, '$.public') = 0;
      CREATE INDEX rating_changes_player ON rating_changes(player_id, variant);
    `,
  },
  // Club events (issue 27): events, entries, matches, the audit log (events/schema.ts).
  { version: 4, sql: SQLITE_EVENTS_MIGRATION },
  // Live scoring from real tables (issue 28): live matches, capabilities, entries (live/schema.ts).
  { version: 5, sql: SQLITE_LIVE_MIGRATION },
];

/** The columns a patch sets, with their SQL values. */
function patchColumns(patch: TablePatch): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (patch.status !== undefined) out.status = patch.status;
  if (patch.seats !== undefined) {
    out.seat0 = patch.seats[0];
    out.seat1 = patch.seats[1];
  }
  if (patch.seq !== undefined) out.seq = patch.seq;
  if (patch.lagWinner !== undefined) out.lag_winner = patch.lagWinner;
  if (patch.clock !== undefined) out.clock = patch.clock === null ? null : JSON.stringify(patch.clock);
  if (patch.winner !== undefined) out.winner = patch.winner;
  if (patch.framesWon !== undefined) out.frames_won = JSON.stringify(patch.framesWon);
  if (patch.scores !== undefined) out.scores = JSON.stringify(patch.scores);
  return out;
}

export class SqliteStore implements Store {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  /** Opens (creating) `pyramid.sqlite` in `dataDir`, or an in-memory database for ':memory:'. */
  private readonly checkpointer: Checkpointer | null = null;

  constructor(
    dataDir: string,
    options: { readonly checkpointEveryMs?: number; readonly log?: (message: string) => void } = {},
  ) {
    if (dataDir === ':memory:') this.db = new Database(':memory:');
    else {
      mkdirSync(dataDir, { recursive: true });
      this.db = new Database(join(dataDir, 'pyramid.sqlite'));
    }
    this.db.pragma('journal_mode = WAL');
    // NORMAL with WAL: a commit is written to the WAL file (write(2), no fsync) before it returns,
    // so it survives the process being killed (SIGKILL: the kernel has the pages); only a power cut
    // or an OS crash may lose the last commits (never corrupt the file), which FULL would fsync against.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    if (dataDir !== ':memory:') {
      const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
      // The commits no longer checkpoint (and fsync) inline: the worker does, every second.
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = new Checkpointer(
        join(dataDir, 'pyramid.sqlite'),
        options.checkpointEveryMs ?? 1000,
        (message) => {
          log(message);
        },
      );
    }
  }

  /** Runs a WAL checkpoint now in the worker (null for an in-memory store). */
  async checkpoint(): Promise<CheckpointResult | null> {
    return this.checkpointer === null ? null : this.checkpointer.now();
  }

  /** Applies the migrations not yet applied; returns the versions applied now. */
  migrate(): number[] {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    const done = new Set(
      (this.db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
        (r) => r.version,
      ),
    );
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      this.db.transaction(() => {
        this.db.exec(migration.sql);
        this.db
          .prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)')
          .run(migration.version, Date.now());
      })();
      applied.push(migration.version);
    }
    this.fillSkeletons();
    return applied;
  }

  /** Gives each account made before skeletons were stored its skeleton (the older keeps a shared one). */
  private fillSkeletons(): void {
    const rows = this.db
      .prepare(
        'SELECT id, name FROM players WHERE password_hash IS NOT NULL AND name_skeleton IS NULL ORDER BY created_at, id',
      )
      .all() as { id: string; name: string }[];
    if (rows.length === 0) return;
    const taken = new Set(
      (
        this.db.prepare('SELECT name_skeleton FROM players WHERE name_skeleton IS NOT NULL').all() as {
          name_skeleton: string;
        }[]
      ).map((r) => r.name_skeleton),
    );
    const update = this.db.prepare('UPDATE players SET name_skeleton = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const { id, skeleton } of skeletonsToFill(rows, taken)) update.run(skeleton, id);
    })();
  }

  private prepared(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async secrets(): Promise<StoredSecret[]> {
    const rows = this.prepared(
      'SELECT id, value, created_at FROM secrets ORDER BY created_at DESC, id DESC',
    ).all() as { id: string; value: string; created_at: number }[];
    return rows.map((r) => ({ id: r.id, value: r.value, createdAt: r.created_at }));
  }

  async rotateSecret(
    secret: StoredSecret,
    drop: readonly string[],
    ifNewest?: string | null,
  ): Promise<StoredSecret[]> {
    // IMMEDIATE: the write lock first, so that the check and the insert see one state of the file.
    this.db
      .transaction(() => {
        if (ifNewest !== undefined) {
          const newest = this.prepared(
            'SELECT id FROM secrets ORDER BY created_at DESC, id DESC LIMIT 1',
          ).get() as { id: string } | undefined;
          if ((newest?.id ?? null) !== ifNewest) return;
        }
        this.prepared('INSERT INTO secrets (id, value, created_at) VALUES (?, ?, ?)').run(
          secret.id,
          secret.value,
          secret.createdAt,
        );
        for (const id of drop)
          if (id !== secret.id) this.prepared('DELETE FROM secrets WHERE id = ?').run(id);
      })
      .immediate();
    return this.secrets();
  }

  async createPlayer(player: StoredPlayer): Promise<void> {
    const account = player.passwordHash !== null;
    this.prepared(
      'INSERT INTO players (id, name, name_key, name_skeleton, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      player.id,
      player.name,
      account ? player.name.toLowerCase() : null,
      account ? nameSkeleton(player.name) : null,
      player.passwordHash,
      player.createdAt,
    );
  }

  async player(id: string): Promise<StoredPlayer | null> {
    const row = this.prepared('SELECT * FROM players WHERE id = ?').get(id) as PlayerRow | undefined;
    return row === undefined ? null : toPlayer(row);
  }

  async players(ids: readonly string[]): Promise<StoredPlayer[]> {
    const out: StoredPlayer[] = [];
    for (const id of new Set(ids)) {
      const found = await this.player(id);
      if (found !== null) out.push(found);
    }
    return out;
  }

  async accountByName(name: string): Promise<StoredPlayer | null> {
    const key = name.toLowerCase();
    const row = this.prepared(
      'SELECT * FROM players WHERE name_key = ? OR name_skeleton = ? ORDER BY name_key = ? DESC LIMIT 1',
    ).get(key, nameSkeleton(name), key) as PlayerRow | undefined;
    return row === undefined ? null : toPlayer(row);
  }

  async makeAccount(id: string, name: string, passwordHash: string): Promise<boolean> {
    try {
      const changed = this.prepared(
        'UPDATE players SET name = ?, name_key = ?, name_skeleton = ?, password_hash = ? WHERE id = ?',
      ).run(name, name.toLowerCase(), nameSkeleton(name), passwordHash, id);
      return changed.changes === 1;
    } catch (caught) {
      if ((caught as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw caught;
    }
  }

  async createSession(session: StoredSession): Promise<void> {
    this.prepared(
      'INSERT INTO sessions (id, player_id, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)',
    ).run(session.id, session.playerId, session.createdAt, session.expiresAt, session.revokedAt);
  }

  async session(id: string): Promise<StoredSession | null> {
    const row = this.prepared('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row === undefined ? null : toSession(row);
  }

  async extendSession(id: string, expiresAt: number): Promise<boolean> {
    return (
      this.prepared(
        'UPDATE sessions SET expires_at = MAX(expires_at, ?) WHERE id = ? AND revoked_at IS NULL',
      ).run(expiresAt, id).changes === 1
    );
  }

  async revokeSession(id: string, at: number): Promise<boolean> {
    return (
      this.prepared('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id)
        .changes === 1
    );
  }

  async revokeSessions(playerId: string, at: number): Promise<number> {
    return this.prepared('UPDATE sessions SET revoked_at = ? WHERE player_id = ? AND revoked_at IS NULL').run(
      at,
      playerId,
    ).changes;
  }

  async revokedSessions(since: number, now: number): Promise<{ id: string; expiresAt: number }[]> {
    const rows = this.prepared(
      'SELECT id, expires_at FROM sessions WHERE revoked_at >= ? AND expires_at > ? ORDER BY id',
    ).all(since, now) as { id: string; expires_at: number }[];
    return rows.map((r) => ({ id: r.id, expiresAt: r.expires_at }));
  }

  async pruneSessions(before: number): Promise<number> {
    return this.prepared('DELETE FROM sessions WHERE expires_at < ?').run(before).changes;
  }

  async createTable(table: StoredTable): Promise<void> {
    this.prepared(
      `INSERT INTO tables (id, options, start, status, seat0, seat1, seq, lag_winner, clock, winner,
        frames_won, scores, created_at, updated_at, is_public) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
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
    );
  }

  async table(id: string): Promise<StoredTable | null> {
    const row = this.prepared('SELECT * FROM tables WHERE id = ?').get(id) as TableRow | undefined;
    return row === undefined ? null : toTable(row);
  }

  private patchTable(id: string, patch: TablePatch, at: number): void {
    const columns = { ...patchColumns(patch), updated_at: at };
    const keys = Object.keys(columns).sort();
    const sql = `UPDATE tables SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`;
    this.prepared(sql).run({ ...columns, id });
  }

  async updateTable(id: string, patch: TablePatch, at: number): Promise<void> {
    this.patchTable(id, patch, at);
  }

  private readonly appendTransaction = (
    id: string,
    action: StoredAction,
    patch: TablePatch,
    ratings: readonly RatingUpdate[],
  ): boolean =>
    this.db.transaction(() => {
      const inserted = this.prepared(
        'INSERT OR IGNORE INTO actions (table_id, seq, action, stroke, by_seat, at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(
        id,
        action.seq,
        JSON.stringify(action.action),
        action.stroke === null ? null : JSON.stringify(action.stroke),
        action.by,
        action.at,
      );
      if (inserted.changes !== 1) return false;
      this.patchTable(id, { ...patch, seq: action.seq }, action.at);
      this.writeRatings(id, ratings);
      return true;
    })();

  async appendAction(
    id: string,
    action: StoredAction,
    patch: TablePatch,
    ratings: readonly RatingUpdate[] = [],
  ): Promise<boolean> {
    return this.appendTransaction(id, action, patch, ratings);
  }

  async finishTable(
    id: string,
    patch: TablePatch,
    ratings: readonly RatingUpdate[],
    at: number,
  ): Promise<void> {
    this.db.transaction(() => {
      this.patchTable(id, patch, at);
      this.writeRatings(id, ratings);
    })();
  }

  async actions(id: string): Promise<StoredAction[]> {
    const rows = this.prepared(
      'SELECT seq, action, stroke, by_seat, at FROM actions WHERE table_id = ? ORDER BY seq',
    ).all(id) as { seq: number; action: string; stroke: string | null; by_seat: number | null; at: number }[];
    return rows.map((row) => ({
      seq: row.seq,
      action: JSON.parse(row.action) as unknown,
      stroke: row.stroke === null ? null : (JSON.parse(row.stroke) as unknown),
      by: row.by_seat === null ? null : (row.by_seat as Player),
      at: row.at,
    }));
  }

  async unfinishedTables(): Promise<StoredTable[]> {
    const rows = this.prepared(
      "SELECT * FROM tables WHERE status != 'finished' ORDER BY created_at",
    ).all() as TableRow[];
    return rows.map(toTable);
  }

  async tablesByStatus(status: StoredStatus, limit: number): Promise<StoredTable[]> {
    const rows = this.prepared('SELECT * FROM tables WHERE status = ? ORDER BY updated_at DESC LIMIT ?').all(
      status,
      limit,
    ) as TableRow[];
    return rows.map(toTable);
  }

  async tablesOfPlayer(
    playerId: string,
    limit: number,
    visibleTo?: { readonly viewer: string | null },
  ): Promise<StoredTable[]> {
    if (visibleTo === undefined) {
      const rows = this.prepared(
        'SELECT * FROM tables WHERE seat0 = ? OR seat1 = ? ORDER BY updated_at DESC LIMIT ?',
      ).all(playerId, playerId, limit) as TableRow[];
      return rows.map(toTable);
    }
    const viewer = visibleTo.viewer;
    const rows = this.prepared(
      `SELECT * FROM tables WHERE (seat0 = ? OR seat1 = ?)
         AND (is_public = 1 OR (? IS NOT NULL AND (seat0 = ? OR seat1 = ?)))
         ORDER BY updated_at DESC LIMIT ?`,
    ).all(playerId, playerId, viewer, viewer, viewer, limit) as TableRow[];
    return rows.map(toTable);
  }

  async countWaitingTables(playerId: string): Promise<number> {
    const row = this.prepared(
      "SELECT COUNT(*) AS n FROM tables WHERE status = 'waiting' AND (seat0 = ? OR seat1 = ?)",
    ).get(playerId, playerId) as { n: number };
    return row.n;
  }

  async rating(playerId: string, variant: Variant): Promise<StoredRating | null> {
    const row = this.prepared(
      'SELECT rating, rd, volatility, games FROM ratings WHERE player_id = ? AND variant = ?',
    ).get(playerId, variant) as StoredRating | undefined;
    return row ?? null;
  }

  async ratings(playerId: string): Promise<Partial<Record<Variant, StoredRating>>> {
    const rows = this.prepared(
      'SELECT variant, rating, rd, volatility, games FROM ratings WHERE player_id = ?',
    ).all(playerId) as (StoredRating & { variant: Variant })[];
    const out: Partial<Record<Variant, StoredRating>> = {};
    for (const { variant, ...rating } of rows) out[variant] = rating;
    return out;
  }

  private writeRatings(tableId: string, updates: readonly RatingUpdate[]): void {
    for (const u of updates) {
      this.prepared(
        `INSERT INTO ratings (player_id, variant, rating, rd, volatility, games) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
           volatility = excluded.volatility, games = excluded.games`,
      ).run(u.playerId, u.variant, u.after.rating, u.after.rd, u.after.volatility, u.after.games);
      this.prepared(
        'INSERT OR REPLACE INTO rating_changes (table_id, player_id, variant, before, after) VALUES (?, ?, ?, ?, ?)',
      ).run(tableId, u.playerId, u.variant, JSON.stringify(u.before), JSON.stringify(u.after));
    }
  }

  async ratingChanges(tableId: string): Promise<RatingUpdate[]> {
    const rows = this.prepared(
      'SELECT player_id, variant, before, after FROM rating_changes WHERE table_id = ?',
    ).all(tableId) as { player_id: string; variant: Variant; before: string; after: string }[];
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
    const rows = this.prepared(LEADERBOARD_SQL).all(
      variant,
      rule.minGames,
      rule.minOpponents,
      limit,
    ) as (StoredRating & { player_id: string })[];
    return rows.map(({ player_id, ...rating }) => ({ playerId: player_id, rating }));
  }

  async ratedMatchesBetween(a: string, b: string, variant: Variant, since: number): Promise<number> {
    const row = this.prepared(PAIR_SQL).get(a, variant, a, b, b, a, since) as { n: number };
    return row.n;
  }

  async queueEntries(): Promise<StoredQueueEntry[]> {
    const rows = this.prepared(
      'SELECT player_id, variant, rated, since, last_seen, table_id FROM queue ORDER BY since, player_id',
    ).all() as QueueRow[];
    return rows.map(toQueueEntry);
  }

  async putQueueEntry(entry: StoredQueueEntry): Promise<void> {
    this.prepared(
      `INSERT INTO queue (player_id, variant, rated, since, last_seen, table_id) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET variant = excluded.variant, rated = excluded.rated,
         since = excluded.since, last_seen = excluded.last_seen, table_id = excluded.table_id`,
    ).run(entry.playerId, entry.variant, entry.rated ? 1 : 0, entry.since, entry.lastSeen, entry.tableId);
  }

  async removeQueueEntry(playerId: string): Promise<boolean> {
    return this.prepared('DELETE FROM queue WHERE player_id = ?').run(playerId).changes === 1;
  }

  async addChat(line: Omit<StoredChat, 'id'>): Promise<number> {
    const result = this.prepared(
      'INSERT INTO chat (table_id, player_id, role, text, at) VALUES (?, ?, ?, ?, ?)',
    ).run(line.tableId, line.playerId, line.role, line.text, line.at);
    return Number(result.lastInsertRowid);
  }

  async chat(tableId: string, limit: number): Promise<StoredChat[]> {
    const rows = this.prepared(
      'SELECT id, table_id, player_id, role, text, at FROM chat WHERE table_id = ? ORDER BY id DESC LIMIT ?',
    ).all(tableId, limit) as {
      id: number;
      table_id: string;
      player_id: string;
      role: 'player' | 'spectator';
      text: string;
      at: number;
    }[];
    return rows.reverse().map((r) => ({
      id: r.id,
      tableId: r.table_id,
      playerId: r.player_id,
      role: r.role,
      text: r.text,
      at: r.at,
    }));
  }

  async close(): Promise<void> {
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}
