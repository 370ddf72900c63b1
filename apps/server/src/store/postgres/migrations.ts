import { PG_EVENTS_MIGRATION } from '../../events/schema.js';
import { PG_LIVE_MIGRATION } from '../../live/schema.js';

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
