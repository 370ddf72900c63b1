/**
 * The vocabulary of a club event: its settings, its entries, the formats, results and the audit log.
 * An event is a plain JSON value; everything else (who plays whom, standings, places) is derived
 * from it by `viewEvent`, so that the same event gives the same bracket in the browser, on the
 * server and in the CLI.
 */
import type { TableSize, Variant } from '@pyramid/rules';

/** The part of an event a match belongs to; race rules and places are given per stage. */
export const STAGES = [
  'single',
  'winners',
  'losers',
  'grand-final',
  'final-stage',
  'third-place',
  'group',
  'knockout',
  'swiss',
] as const;
export type Stage = (typeof STAGES)[number];

export type Format =
  /** Single elimination; the losers of the semi-finals may play for third place. */
  | { readonly kind: 'single'; readonly thirdPlace: boolean }
  /** Double elimination; `reset`: a second grand final when the winners' champion loses the first. */
  | { readonly kind: 'double'; readonly reset: boolean }
  /** Double elimination until `finalStage` players remain (half from each bracket), then single elimination. */
  | { readonly kind: 'double-to'; readonly finalStage: number; readonly thirdPlace: boolean }
  /** Round robin in `groups` groups, then single elimination of the best `advance` of each group. */
  | {
      readonly kind: 'groups';
      readonly groups: number;
      readonly advance: number;
      readonly thirdPlace: boolean;
    }
  /** `rounds` Swiss rounds; ties broken by Buchholz or median Buchholz first. */
  | { readonly kind: 'swiss'; readonly rounds: number; readonly tiebreak: 'buchholz' | 'median-buchholz' };

export type FormatKind = Format['kind'];
export const FORMAT_KINDS: readonly FormatKind[] = ['single', 'double', 'double-to', 'groups', 'swiss'];

/**
 * A race rule: matches of `stage` (any stage when absent) in a round of at most `fromPlayersLeft`
 * players (e.g. 8: from the quarter-finals on) are played to `race` frames. The last rule that
 * matches wins; `default` applies when none does.
 */
export interface RaceRule {
  readonly stage?: Stage;
  readonly fromPlayersLeft?: number;
  readonly race: number;
}

export interface Races {
  readonly default: number;
  readonly rules: readonly RaceRule[];
}

export const SEEDINGS = ['rating', 'order', 'random'] as const;
/** By rating (highest first), by the director's order of the entries, or by a seeded random draw. */
export type Seeding = (typeof SEEDINGS)[number];

export interface EventSpec {
  readonly name: string;
  readonly venue: string;
  /** Calendar dates, YYYY-MM-DD. */
  readonly dates: { readonly start: string; readonly end: string };
  readonly variant: Variant;
  /** The referee's settings for every match (checked by `resolveSettings`); `framesToWin` comes from the race. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly tableSize: TableSize;
  readonly races: Races;
  readonly rated: boolean;
  readonly public: boolean;
  /** The accounts that may run the event; the first created it. */
  readonly directors: readonly string[];
  readonly format: Format;
  readonly seeding: Seeding;
  /** The venue's tables by name (calls name one of them when the list is not empty). */
  readonly tables: readonly string[];
  /**
   * Players registering themselves (`register`): at most `limit` entries in all (the director's
   * additions count too), and guest accounts only when `guests` is true. Absent in events stored
   * before registration existed: read as { limit: LIMITS.entries, guests: true }.
   */
  readonly registration?: { readonly limit: number; readonly guests: boolean };
}

export interface Entry {
  /** Stable within the event: e1, e2, … in the order of entry. */
  readonly id: string;
  readonly name: string;
  /** The player's account, when he has one. */
  readonly account?: string;
  /** For seeding by rating. */
  readonly rating?: number;
  /** Present when the player (or a director) checked him in at the venue. */
  readonly checkedIn?: true;
  /** Present when he withdrew after the draw: his remaining matches are walkovers for his opponents. */
  readonly withdrawn?: true;
}

export const RESULT_REASONS = ['played', 'paper', 'walkover', 'retirement', 'disqualification'] as const;
/**
 * How a result came about: played on a table (scored or refereed), entered from a paper score
 * sheet, or decided without finishing the race — a walkover, a retirement, a disqualification.
 */
export type ResultReason = (typeof RESULT_REASONS)[number];

export interface StoredResult {
  readonly match: string;
  /** The players the result was recorded for: a result whose match now has other players is void. */
  readonly a: string;
  readonly b: string;
  readonly frames: readonly [number, number];
  readonly winner: 'a' | 'b';
  readonly reason: ResultReason;
  readonly by: string;
  readonly at: number;
}

export interface Call {
  readonly table: string;
  readonly at: number;
}

export interface AuditEntry {
  readonly by: string;
  /** Milliseconds since the epoch, as the caller's clock gave it. */
  readonly at: number;
  readonly action: string;
  readonly match?: string;
  readonly from?: StoredResult | null;
  readonly to?: StoredResult;
  readonly why?: string;
  /** Matches whose results a correction voided because their players changed. */
  readonly reset?: readonly string[];
  /** The entry an action was about (register, check-in, withdraw) or that left at the draw. */
  readonly entry?: string;
  readonly left?: readonly string[];
}

export interface Draw {
  readonly seed: number;
  readonly at: number;
  /** The entries in seed order (first = seed 1). */
  readonly order: readonly string[];
  /** A seeded lot over the entries, the last tiebreak (earlier in the list ranks higher). */
  readonly lot: readonly string[];
}

export interface ClubEvent {
  readonly format: 'pyramid-event';
  readonly version: 1;
  readonly spec: EventSpec;
  readonly entries: readonly Entry[];
  readonly nextEntry: number;
  readonly draw: Draw | null;
  /** The results in the order they were entered, at most one per match. */
  readonly results: readonly StoredResult[];
  readonly calls: Readonly<Record<string, Call>>;
  readonly audit: readonly AuditEntry[];
  /**
   * Whether players may still register themselves: open from the creation until the director
   * closes it or the draw is made. Absent in events stored before registration existed: closed.
   */
  readonly registration?: 'open' | 'closed';
}

export type EventErrorCode =
  | 'invalid'
  | 'too-few-players'
  | 'final-stage'
  | 'duplicate-entry'
  | 'race'
  | 'score'
  | 'players-unknown'
  | 'not-director'
  | 'not-allowed'
  | 'full'
  | 'not-found'
  | 'state';

/** A refused action or event: the action, the field (a JSON pointer) and why. Nothing changed. */
export interface EventError {
  readonly action: string;
  readonly field: string;
  readonly code: EventErrorCode;
  readonly message: string;
}

/** The actor the server uses for a result an online table or a scorer reports (not a director). */
export const TABLE_ACTOR = '@table';
/**
 * The actor of the walkovers a withdrawal gives (never an account: account ids are base64url):
 * the stored result says the event's rules decided it, the audit says who withdrew.
 */
export const WALKOVER_ACTOR = '@walkover';

export type EventAction =
  | { readonly type: 'add-entry'; readonly by: string; readonly at: number; readonly entry: unknown }
  /** Several entries at once (a list from a file): all are added, or none. */
  | {
      readonly type: 'add-entries';
      readonly by: string;
      readonly at: number;
      readonly entries: readonly unknown[];
    }
  | { readonly type: 'remove-entry'; readonly by: string; readonly at: number; readonly entry: string }
  | {
      readonly type: 'seed-order';
      readonly by: string;
      readonly at: number;
      readonly order: readonly string[];
    }
  | { readonly type: 'add-director'; readonly by: string; readonly at: number; readonly account: string }
  | {
      readonly type: 'draw';
      readonly by: string;
      readonly at: number;
      readonly seed: number;
      /** Draw only the entries that checked in; the others leave the event (listed in the audit). */
      readonly checkedInOnly?: boolean;
    }
  /**
   * A player enters himself (`by` is his account) while registration is open. The server fills in
   * `name` (his account's name) and `guest` (whether the account is a guest's), never the client.
   */
  | {
      readonly type: 'register';
      readonly by: string;
      readonly at: number;
      readonly name: string;
      readonly guest: boolean;
      readonly rating?: number;
    }
  | { readonly type: 'close-registration'; readonly by: string; readonly at: number }
  | { readonly type: 'open-registration'; readonly by: string; readonly at: number }
  /** The entry's own account or a director: he is at the venue (before the draw). */
  | { readonly type: 'check-in'; readonly by: string; readonly at: number; readonly entry: string }
  /**
   * The entry's own account or a director: before the draw the entry leaves; after it, his
   * remaining matches become walkovers for his opponents (now and whenever he would play again).
   */
  | { readonly type: 'withdraw'; readonly by: string; readonly at: number; readonly entry: string }
  | {
      readonly type: 'call';
      readonly by: string;
      readonly at: number;
      readonly match: string;
      readonly table: string;
    }
  | { readonly type: 'uncall'; readonly by: string; readonly at: number; readonly match: string }
  | {
      readonly type: 'result';
      readonly by: string;
      readonly at: number;
      readonly match: string;
      readonly frames: readonly [number, number];
      readonly reason?: ResultReason;
      readonly winner?: 'a' | 'b';
    }
  | {
      readonly type: 'correct';
      readonly by: string;
      readonly at: number;
      readonly match: string;
      readonly frames: readonly [number, number];
      readonly reason?: ResultReason;
      readonly winner?: 'a' | 'b';
      readonly why: string;
    };
