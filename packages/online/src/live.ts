/**
 * Live scoring from a real table (issue 28): the protocol of a **live match** — a match scored on a
 * phone at a real table and streamed to the server, which rules every entry with the referee,
 * stores it and only then acknowledges and broadcasts it.
 *
 * - A live match has an unguessable id (`liveId`) and a header (what the scorer needs to start:
 *   variant, table, settings, race, players, who breaks, and the event's match when it is one).
 * - Writing needs a **capability**: 256 random bits, given once by `POST
 *   /api/events/:id/matches/:match/scoring` (a director) or `POST /api/live` (a friendly match), kept
 *   by the server only as a hash, bound to one live match, revocable, and void once the match ends.
 *   The scorer's link carries it in the fragment (never sent to a server by a browser):
 *   `/scorer.html#live=<liveId>&cap=<capability>`.
 * - One **writer** at a time: a lease in the store (the device holding it and an `epoch`), checked
 *   in the transaction of every write, so two devices — on two server processes too — never both
 *   write. A device that opens the link while another holds the lease watches; `score-take` takes it
 *   over explicitly (epoch + 1) and the old writer is told (`score-superseded`).
 * - The log is a list of **entries**, numbered from 1 (`seq`): an action as the match record stores
 *   it, or an undo that withdraws the last action standing (a correction kept in the log, with who
 *   and when; only by the device that wrote that action, while it holds the lease). The match record is the header with the actions that stand (`liveRecord`).
 * - A scorer sends entries with their seq: seq = stored count + 1. A seq already stored with the
 *   same entry is acknowledged again and stored once (a resend after a lost acknowledgement); a
 *   different entry there is a conflict, a seq past the end a gap — both answered with the server's
 *   log (`score-state`), which the scorer then takes. `ScorerSync` (scorer-sync.ts) does this.
 */
import { canonicalJson } from '@pyramid/core';
import type { Settings, TableSize, Variant } from '@pyramid/rules';

/**
 * The running score of a match of an event while it is played, on an online table or scored from a
 * real table: pushed to the event's watchers after each action the server has stored. The result
 * that ends the match reaches the event itself (an `event` message); this is only the live view.
 */
export interface MatchLive {
  /** Where it is played: an online table (its id) or a real table scored by a scorer (its name). */
  readonly source:
    | { readonly kind: 'online'; readonly tableId: string }
    | { readonly kind: 'scorer'; readonly table: string };
  /** Frames won so far by the match's players a and b. */
  readonly frames: readonly [number, number];
  /** Points of the frame being played, a and b. */
  readonly points: readonly [number, number];
  /** Frames needed to win the match. */
  readonly race: number;
  /** Who is at the table: 'a', 'b', or null between frames and after the end. */
  readonly atTable: 'a' | 'b' | null;
  /** The number of actions stored for this match (grows by one with each; keep the highest). */
  readonly seq: number;
  /** The last ruling in words, when there is one. */
  readonly lastRuling: string | null;
  /** The server's clock when it stored the action (ms since the epoch). */
  readonly at: number;
}

/** A live match's id: 22 characters of base64url (128 random bits). */
export const LIVE_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
/** A scoring capability: 43 characters of base64url (256 random bits). */
export const CAPABILITY_PATTERN = '^[A-Za-z0-9_-]{43}$';
/** A scoring device's own id, made once by the device (random) and kept with its queue. */
export const DEVICE_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

/** Entries one `score-entries` message carries at most. */
export const MAX_ENTRIES_PER_MESSAGE = 20;
/** Entries one live match holds at most (undos included): far more than any match of 99 frames needs. */
export const MAX_LIVE_ENTRIES = 5_000;
/** Live matches one connection watches at once (`live-watch`, and those it opened to score). */
export const MAX_WATCHED_LIVE = 8;
/** Unfinished friendly live matches (`POST /api/live`) one account may have at once. */
export const MAX_OPEN_LIVE_PER_ACCOUNT = 5;
/** Scoring capabilities one live match may have at once (each `POST …/scoring` adds one). */
export const MAX_CAPABILITIES_PER_LIVE = 20;
/** A capability is void this long after it was given, even when the match has not ended. */
export const CAPABILITY_LIFETIME_MS = 7 * 24 * 3600_000;

/** Who breaks the first frame; null: the match starts with a lag (п.7), the scorer's first action. */
export type Breaker = 0 | 1 | null;

/** What a scorer needs to start scoring a live match: no set-up to type. */
export interface LiveHeader {
  readonly variant: Variant;
  readonly tableSize: TableSize;
  /**
   * The referee's settings as a match record stores them (the ones that differ from the defaults);
   * `framesToWin` is not among them: it is `framesToWin` below.
   */
  readonly settings: Readonly<Partial<Settings>>;
  /** The race: frames to win the match. */
  readonly framesToWin: number;
  /** The players' names: player 0 is the event match's player a, player 1 is b. */
  readonly players: readonly [string, string];
  readonly breaker: Breaker;
  /** The physical table's name, when known (an event's call, or the friendly match's own). */
  readonly table: string | null;
  /** The match of a club event this live match scores; null for a friendly match. */
  readonly event: { readonly eventId: string; readonly match: string } | null;
}

/** One entry of a live match's log, as a scorer sends it. */
export type LiveEntry =
  /** A referee action as the match record stores it (docs/match-record.md). */
  | { readonly kind: 'action'; readonly action: unknown }
  /**
   * Withdraws the last action that stands (a correction, kept in the log with who and when): only
   * the device holding the lease, and only an action written under its lease (`epoch`).
   */
  | { readonly kind: 'undo' };

/** An entry as the server stored it: its seq, who sent it and when (the server's clock). */
export interface StoredLiveEntry {
  readonly seq: number;
  readonly entry: LiveEntry;
  /** The signed-in player whose device sent it. */
  readonly by: { readonly id: string; readonly name: string };
  /** The server's clock when it stored it (ms since the epoch): the server's order counts, never the phone's. */
  readonly at: number;
}

/** The answer to `POST /api/events/:id/matches/:match/scoring` and `POST /api/live`. */
export interface ScoringLink {
  readonly liveId: string;
  /** Shown once: the server keeps only its hash. */
  readonly capability: string;
  /** `/scorer.html#live=<liveId>&cap=<capability>` (a path on the server's own origin). */
  readonly scorerUrl: string;
  /** `/overlay.html?live=<liveId>` */
  readonly overlayUrl: string;
  /** `/live.html?match=<liveId>`: the match's live page, for anyone to follow (no capability). */
  readonly pageUrl: string;
  readonly header: LiveHeader;
}

/** `GET /api/live/:liveId`: the live match as stored, public (anyone with the id may follow it). */
export interface LiveShown {
  readonly liveId: string;
  readonly header: LiveHeader;
  readonly live: MatchLive;
  readonly entries: readonly StoredLiveEntry[];
  /** The match record (header and the actions that stand): `pyramid referee` replays it. */
  readonly record: LiveRecord;
  readonly finished: boolean;
}

/** A match record (docs/match-record.md) of a live match. */
export interface LiveRecord {
  readonly format: 'pyramid-match-record';
  readonly version: 1;
  readonly variant: Variant;
  readonly settings: Readonly<Partial<Settings>>;
  readonly players: readonly [string, string];
  readonly start: {
    readonly from: 'rack';
    readonly breaker?: 0 | 1;
    readonly tableSize?: TableSize;
  };
  readonly actions: readonly unknown[];
  readonly meta: Readonly<Record<string, unknown>>;
}

/** The actions that stand after the entries: each undo withdraws the action before it. */
export function standingActions(entries: readonly LiveEntry[]): unknown[] {
  const actions: unknown[] = [];
  for (const entry of entries) {
    if (entry.kind === 'action') actions.push(entry.action);
    else actions.pop();
  }
  return actions;
}

/** The match record of a live match: its header and the actions that stand after `entries`. */
export function liveRecord(header: LiveHeader, entries: readonly LiveEntry[], liveId?: string): LiveRecord {
  return {
    format: 'pyramid-match-record',
    version: 1,
    variant: header.variant,
    settings: { ...header.settings, framesToWin: header.framesToWin },
    players: header.players,
    start: {
      from: 'rack',
      ...(header.breaker === null ? {} : { breaker: header.breaker }),
      // The 12 ft table is the record's default, left out (startTableSize of @pyramid/rules).
      ...(header.tableSize === '12ft' ? {} : { tableSize: header.tableSize }),
    },
    actions: standingActions(entries),
    meta: {
      ...(liveId === undefined ? {} : { live: liveId }),
      ...(header.table === null ? {} : { table: header.table }),
      ...(header.event === null ? {} : { event: header.event.eventId, match: header.event.match }),
    },
  };
}

/** The same entry (JSON equality whatever the order of keys): a resend, not a conflict. */
export function sameEntry(a: LiveEntry, b: LiveEntry): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** The scorer's link: the capability rides in the fragment, which a browser never sends to a server. */
export function scorerUrl(liveId: string, capability: string): string {
  return `/scorer.html#live=${liveId}&cap=${capability}`;
}

export function overlayUrl(liveId: string): string {
  return `/overlay.html?live=${liveId}`;
}

export function livePageUrl(liveId: string): string {
  return `/live.html?match=${liveId}`;
}

/** Reads `live` and `cap` from a scorer link's fragment (`#live=…&cap=…`), or null. */
export function parseScorerFragment(hash: string): { liveId: string; capability: string } | null {
  const fields = new Map(
    (hash.startsWith('#') ? hash.slice(1) : hash).split('&').map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    }),
  );
  const liveId = fields.get('live');
  const capability = fields.get('cap');
  if (liveId === undefined || capability === undefined) return null;
  if (!new RegExp(LIVE_ID_PATTERN).test(liveId) || !new RegExp(CAPABILITY_PATTERN).test(capability))
    return null;
  return { liveId, capability };
}

// ── Messages ───────────────────────────────────────────────────────────────────────────────────

interface Ref {
  readonly ref?: string;
}

export type LiveClientMessage =
  /** Open a live match to score it: answered by `score-state` (writer or watcher). */
  | ({
      readonly type: 'score-open';
      readonly liveId: string;
      readonly capability: string;
      readonly device: string;
    } & Ref)
  /** Take the lease from the device holding it ("score here"): epoch + 1. */
  | ({
      readonly type: 'score-take';
      readonly liveId: string;
      readonly capability: string;
      readonly device: string;
    } & Ref)
  /** Entries seq, seq + 1, … written under the lease of `epoch`. */
  | ({
      readonly type: 'score-entries';
      readonly liveId: string;
      readonly epoch: number;
      readonly seq: number;
      readonly entries: readonly LiveEntry[];
    } & Ref)
  /** Follow a live match (overlay, live page): `live` now, then after each stored entry. */
  | ({ readonly type: 'live-watch'; readonly liveId: string; readonly after?: number } & Ref)
  | ({ readonly type: 'live-unwatch'; readonly liveId: string } & Ref);

export const LIVE_CLIENT_MESSAGE_TYPES = [
  'score-open',
  'score-take',
  'score-entries',
  'live-watch',
  'live-unwatch',
] as const satisfies readonly LiveClientMessage['type'][];

export type LiveServerMessage =
  /** The live match as stored, for a scorer: the header, every entry, and whether this device writes. */
  | {
      readonly type: 'score-state';
      readonly liveId: string;
      readonly header: LiveHeader;
      readonly entries: readonly StoredLiveEntry[];
      /** The stored count (the last entry's seq; 0 for none). */
      readonly seq: number;
      /** This device holds the lease: it may send entries under `epoch`. */
      readonly writer: boolean;
      readonly epoch: number;
      readonly finished: boolean;
    }
  /** Entries up to `seq` are stored (an acknowledgement covers every entry before it too). */
  | { readonly type: 'score-ack'; readonly liveId: string; readonly seq: number }
  /** Another device took the lease: this one writes no more (its entries are refused `score/not-writer`). */
  | { readonly type: 'score-superseded'; readonly liveId: string; readonly epoch: number }
  /** A followed live match after a stored entry (or on `live-watch`): the score and the entries since. */
  | {
      readonly type: 'live';
      readonly liveId: string;
      readonly header: LiveHeader;
      readonly live: MatchLive;
      /** The entries stored since the last `live` (on `live-watch`: after `after`, or all). */
      readonly entries: readonly StoredLiveEntry[];
      readonly finished: boolean;
    };

export const LIVE_SERVER_MESSAGE_TYPES = [
  'score-state',
  'score-ack',
  'score-superseded',
  'live',
] as const satisfies readonly LiveServerMessage['type'][];

/** The error codes of live scoring (added to ONLINE_ERROR_CODES). */
export const LIVE_ERROR_CODES = [
  /** No scoring capability with this value for this live match (forged, or for another match). */
  'auth/capability-invalid',
  /** The capability was revoked by the director (`DELETE …/scoring`). */
  'auth/capability-revoked',
  /** The match has ended, or the capability outlived CAPABILITY_LIFETIME_MS: nothing more is written. */
  'auth/capability-expired',
  /** No live match with this id. */
  'live/not-found',
  /** Watching too many live matches on one connection, or too many live matches for one account. */
  'live/too-many',
  /** This device does not hold the lease (another took it), or `epoch` is not the lease's. */
  'score/not-writer',
  /** The referee refused the action: `field` is its field (under /entries/i/action), `detail` its code. */
  'score/refused',
  /** A different entry is already stored at this seq: the server's log follows in `score-state`. */
  'score/conflict',
  /** `seq` is past the stored count + 1: the server's log follows in `score-state`. */
  'score/gap',
  /** An undo with no action of this device's lease to withdraw, or an entry past MAX_LIVE_ENTRIES. */
  'score/invalid',
] as const;
