/**
 * The store: everything the server keeps (players, the session secret, tables, every action of every
 * table, ratings, chat). An interface with asynchronous methods, two implementations: the embedded
 * SQLite one (`SqliteStore`, store/sqlite.ts: one file, one process) and the networked PostgreSQL
 * one (`PostgresStore`, store/postgres.ts: chosen by DATABASE_URL, shared by a cluster's processes,
 * whose writes carry the table's lease as a fence). The one rule
 * every implementation keeps: `appendAction` stores the action and the table's new row in one
 * transaction, and the server broadcasts an action only after it resolved.
 */
import type { Player, Variant } from '@pyramid/rules';
import type { Glicko2Rating } from '../ratings/glicko2.js';

export interface StoredPlayer {
  readonly id: string;
  readonly name: string;
  /** An account's password hash (scrypt, `scrypt$N$r$p$salt$hash`); null for a guest. */
  readonly passwordHash: string | null;
  readonly createdAt: number;
}

/** The shot clock as stored: running to a deadline, or paused with the time left. */
export interface StoredClock {
  readonly player: Player;
  readonly deadline: number | null;
  readonly remainingMs: number;
}

export type StoredStatus = 'waiting' | 'playing' | 'adjourned' | 'finished';

export interface StoredTable {
  readonly id: string;
  /** TableOptions (variant, tableSize, settings, rated, public) as JSON. */
  readonly options: unknown;
  /** The match record's `start` (rack with breaker, or a situation). */
  readonly start: unknown;
  readonly status: StoredStatus;
  readonly seats: readonly [string | null, string | null];
  /** Actions applied (the last stored action's seq). */
  readonly seq: number;
  /** The lots drawn for a pending lag (п.7): the winner's seat. */
  readonly lagWinner: Player | null;
  readonly clock: StoredClock | null;
  readonly winner: Player | null;
  readonly framesWon: readonly [number, number];
  readonly scores: readonly [number, number];
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** The part of a table row that changes as it is played. */
export type TablePatch = Partial<
  Pick<StoredTable, 'status' | 'seats' | 'seq' | 'lagWinner' | 'clock' | 'winner' | 'framesWon' | 'scores'>
>;

export interface StoredAction {
  readonly seq: number;
  /** The action as the match record stores it (recordAction). */
  readonly action: unknown;
  /** The stroke as the client planned it, for a shot; null otherwise. */
  readonly stroke: unknown;
  /** Who sent it (null: the server itself, e.g. slow play on the clock). */
  readonly by: Player | null;
  readonly at: number;
}

export interface StoredRating extends Glicko2Rating {
  readonly games: number;
}

/** A rating change written when a rated match ends. */
export interface RatingUpdate {
  readonly playerId: string;
  readonly variant: Variant;
  readonly before: StoredRating;
  readonly after: StoredRating;
}

export interface StoredChat {
  readonly id: number;
  readonly tableId: string;
  readonly playerId: string;
  readonly role: 'player' | 'spectator';
  readonly text: string;
  readonly at: number;
}

/**
 * A secret that signs session tokens. Secrets rotate: the newest signs, an older one still verifies
 * the tokens it signed until its grace period after the next one was made has passed.
 */
export interface StoredSecret {
  /** Short id carried in every token it signed (base64url). */
  readonly id: string;
  /** 32 random bytes, base64url. */
  readonly value: string;
  readonly createdAt: number;
}

/**
 * A session: what a token names (its `sid`) so that it can be ended before it expires. Each use of
 * a token over HTTP reads it; a refresh moves `expiresAt`; a logout sets `revokedAt`.
 */
export interface StoredSession {
  readonly id: string;
  readonly playerId: string;
  readonly createdAt: number;
  /** The expiry of the newest token issued for it (refreshes move it): past it the row is pruned. */
  readonly expiresAt: number;
  readonly revokedAt: number | null;
}

/** Who the leaderboard lists: established ratings only (see ratings/eligibility.ts). */
export interface LeaderboardRule {
  /** Rated matches played in the variant. */
  readonly minGames: number;
  /** Different opponents met in those matches. */
  readonly minOpponents: number;
}

/**
 * A place in a quick-match queue, kept so that a waiting player survives a server restart. While
 * waiting, `tableId` is null; once matched it names the table until the player has been told.
 */
export interface StoredQueueEntry {
  readonly playerId: string;
  readonly variant: Variant;
  readonly rated: boolean;
  readonly since: number;
  /** The last poll (or connection) of the player: a place not seen for a while lapses. */
  readonly lastSeen: number;
  readonly tableId: string | null;
}

/**
 * A table lease as its owner holds it: the process and the fencing token it was granted. Every
 * write of a table's play made with a fence commits only while the lease row still carries this
 * owner and token, in the same transaction, so a process that lost its lease can never append.
 */
export interface Fence {
  readonly owner: string;
  readonly token: number;
}

/** A write refused because the writer's lease was taken by another process (its fence is stale). */
export class FencedError extends Error {
  constructor(tableId: string, fence: Fence) {
    super(`table ${tableId}: the lease of ${fence.owner} (token ${fence.token}) is no longer held`);
    this.name = 'FencedError';
  }
}

export interface Store {
  /** The session secrets, newest first (none on a fresh store: `Sessions` makes the first). */
  secrets(): Promise<StoredSecret[]>;
  /**
   * Adds a new signing secret and deletes the secrets `drop` (their grace period is over), in one
   * transaction; returns the secrets stored afterwards, newest first. With `ifNewest` (the id of the
   * newest secret the caller read, null for none) it is a compare-and-set, serialised between
   * processes: nothing is written when another process rotated meanwhile (processes started
   * together on an empty store all sign with the one secret that won).
   */
  rotateSecret(
    secret: StoredSecret,
    drop: readonly string[],
    ifNewest?: string | null,
  ): Promise<StoredSecret[]>;

  createPlayer(player: StoredPlayer): Promise<void>;
  player(id: string): Promise<StoredPlayer | null>;
  players(ids: readonly string[]): Promise<StoredPlayer[]>;
  /**
   * The account with this name: the one whose name is this one whatever the case, else the one
   * whose name looks like it (the same confusables skeleton, names.ts), if any.
   */
  accountByName(name: string): Promise<StoredPlayer | null>;
  /**
   * Makes a guest an account (name and password hash); false if the name, or a name that looks
   * like it (its skeleton), is another account's.
   */
  makeAccount(id: string, name: string, passwordHash: string): Promise<boolean>;

  createSession(session: StoredSession): Promise<void>;
  session(id: string): Promise<StoredSession | null>;
  /** Moves a live session's expiry (a refresh); false when it is unknown or revoked. */
  extendSession(id: string, expiresAt: number): Promise<boolean>;
  /** Ends one session (logout); false when it was unknown or already ended. */
  revokeSession(id: string, at: number): Promise<boolean>;
  /** Ends every live session of a player (logout everywhere); how many. */
  revokeSessions(playerId: string, at: number): Promise<number>;
  /** The sessions revoked at `since` or later that have not expired by `now`: id and expiry. */
  revokedSessions(since: number, now: number): Promise<{ id: string; expiresAt: number }[]>;
  /** Deletes the sessions expired before `before`; how many. */
  pruneSessions(before: number): Promise<number>;

  createTable(table: StoredTable): Promise<void>;
  table(id: string): Promise<StoredTable | null>;
  /** With a fence: only while that lease is held (else FencedError); the embedded store has no leases. */
  updateTable(id: string, patch: TablePatch, at: number, fence?: Fence): Promise<void>;
  /**
   * Stores one action and the table's new row (and, when it ends a rated match, the new ratings)
   * atomically; false if that seq is already taken. With a fence the same transaction (or statement)
   * first checks the lease (FencedError when it is no longer held).
   */
  appendAction(
    id: string,
    action: StoredAction,
    patch: TablePatch,
    ratings?: readonly RatingUpdate[],
    fence?: Fence,
  ): Promise<boolean>;
  actions(id: string): Promise<StoredAction[]>;
  /**
   * Ends a match without an action (a forfeit): the table's new row and, for a rated match, the new
   * ratings in one transaction; with a fence only while that lease is held (else FencedError).
   */
  finishTable(
    id: string,
    patch: TablePatch,
    ratings: readonly RatingUpdate[],
    at: number,
    fence?: Fence,
  ): Promise<void>;
  /** Tables not finished (to restore at start). */
  unfinishedTables(): Promise<StoredTable[]>;
  tablesByStatus(status: StoredStatus, limit: number): Promise<StoredTable[]>;
  /**
   * A player's tables, newest first. With `visibleTo`, only what that viewer may see: public tables,
   * and private ones only when the viewer sits at them (null: an anonymous viewer, public only).
   */
  tablesOfPlayer(
    playerId: string,
    limit: number,
    visibleTo?: { readonly viewer: string | null },
  ): Promise<StoredTable[]>;
  /** How many tables waiting for their match to start the player sits at. */
  countWaitingTables(playerId: string): Promise<number>;

  rating(playerId: string, variant: Variant): Promise<StoredRating | null>;
  ratings(playerId: string): Promise<Partial<Record<Variant, StoredRating>>>;
  ratingChanges(tableId: string): Promise<RatingUpdate[]>;
  /** The best ratings of a variant held by players that pass `rule`, best first. */
  leaderboard(
    variant: Variant,
    limit: number,
    rule: LeaderboardRule,
  ): Promise<{ playerId: string; rating: StoredRating }[]>;
  /**
   * Rated matches of a variant between two players whose ratings were written at `since` or later
   * (for making repeated pairs count less).
   */
  ratedMatchesBetween(a: string, b: string, variant: Variant, since: number): Promise<number>;

  /** Every quick-match place (waiting or matched-not-yet-told), oldest first. */
  queueEntries(): Promise<StoredQueueEntry[]>;
  /** Stores a player's place (one per player: replaces any other place of theirs). */
  putQueueEntry(entry: StoredQueueEntry): Promise<void>;
  /** Removes a player's place; false if there was none. */
  removeQueueEntry(playerId: string): Promise<boolean>;

  /** With a fence: only while that lease is held (else FencedError), like an action. */
  addChat(line: Omit<StoredChat, 'id'>, fence?: Fence): Promise<number>;
  chat(tableId: string, limit: number): Promise<StoredChat[]>;

  close(): Promise<void>;
}
