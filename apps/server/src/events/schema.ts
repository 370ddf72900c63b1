/**
 * The tables of club events (issue 27), one migration in each store's dialect. The event itself is
 * one JSON value (`state`, a `ClubEvent` of @pyramid/events) with a version bumped by every action:
 * an action reads it, applies `applyEventAction` and writes it back in one transaction, so two
 * processes finishing matches of one event at once advance each match exactly once. Entries,
 * matches and the audit log are kept beside it as rows for queries (player pages, the live page).
 */

const TABLES = (int: string, json: string) => `
  CREATE TABLE events (
    id TEXT PRIMARY KEY,
    director TEXT NOT NULL,
    name TEXT NOT NULL,
    is_public INTEGER NOT NULL,
    state ${json} NOT NULL,
    version ${int} NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    created_at ${int} NOT NULL,
    updated_at ${int} NOT NULL
  );
  CREATE INDEX events_director ON events(director);
  CREATE INDEX events_public ON events(is_public, updated_at);
  CREATE TABLE event_entries (
    event_id TEXT NOT NULL REFERENCES events(id),
    entry_id TEXT NOT NULL,
    name TEXT NOT NULL,
    account TEXT,
    rating DOUBLE PRECISION,
    place TEXT,
    PRIMARY KEY (event_id, entry_id)
  );
  CREATE INDEX event_entries_account ON event_entries(account) WHERE account IS NOT NULL;
  CREATE TABLE event_matches (
    event_id TEXT NOT NULL REFERENCES events(id),
    match_id TEXT NOT NULL,
    stage TEXT NOT NULL,
    round INTEGER NOT NULL,
    position INTEGER NOT NULL,
    state TEXT NOT NULL,
    player_a TEXT,
    player_b TEXT,
    race INTEGER NOT NULL,
    frames_a INTEGER,
    frames_b INTEGER,
    winner TEXT,
    reason TEXT,
    table_name TEXT,
    PRIMARY KEY (event_id, match_id)
  );
  CREATE TABLE event_audit (
    event_id TEXT NOT NULL REFERENCES events(id),
    seq INTEGER NOT NULL,
    by_account TEXT NOT NULL,
    at ${int} NOT NULL,
    action TEXT NOT NULL,
    match_id TEXT,
    why TEXT,
    detail ${json} NOT NULL,
    PRIMARY KEY (event_id, seq)
  );
`;

/** SQLite's migration 4. */
export const SQLITE_EVENTS_MIGRATION = TABLES('INTEGER', 'TEXT');
/** PostgreSQL's migration 5. */
export const PG_EVENTS_MIGRATION = TABLES('BIGINT', 'TEXT');
