/**
 * The tables of live scoring (issue 28), one migration in each store's dialect.
 *
 * - `live_matches`: a live match — its header (JSON), the event's match it scores (at most one live
 *   match per event match), the stored count of entries, the writer's lease (the device holding it,
 *   as a hash, and its epoch), and whether it has ended and its result reached the event.
 * - `live_capabilities`: the scoring capabilities, by the SHA-256 of their value only (the value is
 *   shown once), each bound to one live match, revocable, with an end of life.
 * - `live_entries`: the log, one row per entry (append-only; an undo is an entry of its own), with
 *   who sent it, under which lease epoch, and the server's time.
 */

const TABLES = (int: string) => `
  CREATE TABLE live_matches (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    header TEXT NOT NULL,
    event_id TEXT,
    match_id TEXT,
    entries INTEGER NOT NULL DEFAULT 0,
    writer TEXT,
    epoch INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    reported INTEGER NOT NULL DEFAULT 0,
    created_at ${int} NOT NULL,
    updated_at ${int} NOT NULL
  );
  CREATE UNIQUE INDEX live_matches_event ON live_matches(event_id, match_id) WHERE event_id IS NOT NULL;
  CREATE INDEX live_matches_owner ON live_matches(owner, finished);
  CREATE INDEX live_matches_unreported ON live_matches(finished, reported) WHERE finished = 1 AND reported = 0;
  CREATE TABLE live_capabilities (
    hash TEXT PRIMARY KEY,
    live_id TEXT NOT NULL REFERENCES live_matches(id),
    issued_by TEXT NOT NULL,
    issued_at ${int} NOT NULL,
    expires_at ${int} NOT NULL,
    revoked_at ${int}
  );
  CREATE INDEX live_capabilities_live ON live_capabilities(live_id);
  CREATE TABLE live_entries (
    live_id TEXT NOT NULL REFERENCES live_matches(id),
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    by_player TEXT NOT NULL,
    by_name TEXT NOT NULL,
    at ${int} NOT NULL,
    PRIMARY KEY (live_id, seq)
  );
`;

/** SQLite's migration 5. */
export const SQLITE_LIVE_MIGRATION = TABLES('INTEGER');
/** PostgreSQL's migration 6. */
export const PG_LIVE_MIGRATION = TABLES('BIGINT');
