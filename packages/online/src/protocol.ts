/**
 * The online protocol: every message a client and the server exchange over the WebSocket at `/ws`,
 * as discriminated unions on `type`. JSON text frames, one message each. The server is the
 * authority: a client sends intents (a stroke as the striker plans it, a decision, a time
 * extension, a chat line) and never positions or pots; the server simulates, rules, stores and
 * only then broadcasts. `seq` is the number of referee actions the table has applied: an intent
 * names the `seq` it was made on, and one made on an older state is refused.
 */
import type { PlannedShot } from '@pyramid/match';
import type {
  DynamicOptionAction,
  ExchangeBallAction,
  LagAction,
  MatchState,
  PenaltyBallAction,
  Player,
  Ruling,
  Settings,
  TableSize,
  Variant,
} from '@pyramid/rules';
import {
  LIVE_CLIENT_MESSAGE_TYPES,
  LIVE_ERROR_CODES,
  LIVE_SERVER_MESSAGE_TYPES,
  type LiveClientMessage,
  type LiveServerMessage,
  type MatchLive,
} from './live.js';
import {
  PLAYER_LIVE_CLIENT_MESSAGE_TYPES,
  PLAYER_LIVE_ERROR_CODES,
  PLAYER_LIVE_SERVER_MESSAGE_TYPES,
  type PlayerLiveClientMessage,
  type PlayerLiveServerMessage,
} from './player-live.js';

/** Bumped on any change a client must know about; the server refuses a `hello` of another version. */
export const PROTOCOL_VERSION = 1;

/** Largest message (UTF-8 bytes of the JSON text) the server reads; a longer one is refused. */
export const MAX_MESSAGE_BYTES = 8192;

/** Chat lines: 1 to this many characters of plain text. */
export const MAX_CHAT_LENGTH = 280;

/** Player names: 1 to this many characters (code points, after normalisation: text.ts). */
export const MAX_NAME_LENGTH = 24;

/**
 * The shot clock of an online table (п.26): from 10 to 600 seconds a shot — a shorter clock makes
 * every shot a slow-play foul before it can be played — and at most 10 extensions a frame.
 */
export const SHOT_CLOCK_MIN_SECONDS = 10;
export const SHOT_CLOCK_MAX_SECONDS = 600;
export const MAX_EXTENSIONS_PER_FRAME = 10;

/** Error codes, namespaced by what was wrong. Shared by the WebSocket and the HTTP API. */
export const ONLINE_ERROR_CODES = [
  /** The message is not JSON. */
  'protocol/malformed-json',
  /** The message is longer than MAX_MESSAGE_BYTES. */
  'protocol/too-large',
  /** The message breaks the JSON Schema of its type: `field` names the JSON pointer at fault. */
  'protocol/schema',
  /** `type` names no client message. */
  'protocol/unknown-type',
  /** `hello.protocol` is not PROTOCOL_VERSION. */
  'protocol/version',
  /** Too many messages on this connection: slow down. */
  'rate/limited',
  /** No session: send `hello` with a token first (WebSocket) or an Authorization header (HTTP). */
  'auth/required',
  /** The token is not one this server signed. */
  'auth/invalid-token',
  /** The token has expired, or its secret was retired past its grace period: sign in again. */
  'auth/expired-token',
  /** Account login: no such name or a wrong password. */
  'auth/bad-credentials',
  /** Account registration: the name is already an account's. */
  'auth/name-taken',
  /** A request body or query field is invalid: `field` names it. */
  'request/invalid',
  /** No table (or match) with this id. */
  'table/not-found',
  /** No club event with this id that you may follow (a private event is shown to its directors only). */
  'event/not-found',
  /** A connection follows at most MAX_WATCHED_EVENTS events at once: unwatch one first. */
  'event/too-many',
  /** Both seats are taken by other players. */
  'table/full',
  /** The connection has not joined this table. */
  'table/not-joined',
  /** The table is not being played: waiting for an opponent, adjourned or finished. */
  'table/not-playing',
  /** A spectator cannot act. */
  'seat/spectator',
  /** A newer tab of the same player took the seat: this connection can only watch. */
  'seat/superseded',
  /** The seated player is not the one to act now. */
  'seat/not-your-turn',
  /** The intent was made on an older state (`seq` is not the table's). */
  'state/stale',
  /** The intent does not fit what the referee allows now (legalActions), or a stroke cannot be simulated: `field` names it. */
  'intent/illegal',
  /** The referee refused the action or a stroke's intent (its error code is in `detail`): `field` names the field. */
  'intent/refused',
  /** The simulator could not play the stroke (its event cap): nothing happened, play it again. */
  'intent/simulation',
  /** No shot clock is in use at this table, or no extension is left. */
  'clock/unavailable',
  /** Chat: the text is empty, too long, has control characters or no visible character (a flood is rate/limited). */
  'chat/invalid',
  /** The quick-match queue: nothing to cancel, or already waiting. */
  'queue/invalid',
  /** A fault of the server; the state is untouched. */
  'server/internal',
  /**
   * The server cannot reach its database or its message bus (several processes share them), or the
   * table is moving to another process: nothing was done; play again after a `service` message says
   * the server is available.
   */
  'server/unavailable',
  /**
   * The server lost touch with the process or the database storing the intent while it was being
   * stored: it may or may not have been played. Nothing is known either way; take the table's state
   * (the next broadcast, or join again) before acting again.
   */
  'server/outcome-unknown',
  /** Live scoring from a real table (live.ts). */
  ...LIVE_ERROR_CODES,
  /** A player's page, live (player-live.ts). */
  ...PLAYER_LIVE_ERROR_CODES,
] as const;
export type OnlineErrorCode = (typeof ONLINE_ERROR_CODES)[number];

/** The body of every refusal (WebSocket `error` message, HTTP 4xx/5xx JSON body). */
export interface OnlineError {
  readonly code: OnlineErrorCode;
  /** The field at fault, as a JSON Pointer (RFC 6901) into the message or request ('' for the whole). */
  readonly field: string;
  readonly message: string;
  /** The referee's own error code, for 'intent/refused'. */
  readonly detail?: string;
}

// ── What a stroke is ───────────────────────────────────────────────────────────────────────────

/**
 * A stroke as the striker plans it (the same shape as `@pyramid/match` `PlannedShot`): the cue
 * ball, the call (Classic), where a cue ball in hand is put (mm, the table's frame), and the strike
 * (cue speed m/s, direction as an angle or a vector, tip offset in ball radii, elevation degrees).
 */
export type StrokeIntent = PlannedShot;

/** The decisions a player may send (a lag's `first` is chosen by the lag's winner). */
export type DecisionIntent = PenaltyBallAction | ExchangeBallAction | DynamicOptionAction | LagAction;

// ── Tables ─────────────────────────────────────────────────────────────────────────────────────

/** Where a table is: waiting for a second player, being played, adjourned (a player away past the grace period), finished. */
export type TableStatus = 'waiting' | 'playing' | 'adjourned' | 'finished';

export type Role = 'player' | 'spectator';

/** A player as others see him. Names are raw text: clients render them as text, never as HTML. */
export interface PlayerInfo {
  readonly id: string;
  readonly name: string;
  /** An account (name + password) rather than a guest. */
  readonly account: boolean;
}

/** A seat's occupant and whether he is here. */
export interface SeatInfo {
  readonly player: PlayerInfo;
  /** 'present': connected to the table; 'away': dropped, within the grace period; 'absent': gone past it. */
  readonly presence: 'present' | 'away' | 'absent';
  /** While away: when the grace period ends (epoch ms). */
  readonly awayUntil: number | null;
}

/** How a table was set up. */
export interface TableOptions {
  readonly variant: Variant;
  readonly tableSize: TableSize;
  /** The referee's settings (framesToWin and shotClock included). */
  readonly settings: Settings;
  readonly rated: boolean;
  /** Listed in the lobby; a private table is reached by its invite link only. */
  readonly public: boolean;
  /**
   * A match of a club event played here (issue 27): its seats are the two players' accounts, kept
   * for them; each stored action is the match's live score, and its end is the match's result.
   */
  readonly event?: TableEvent;
}

/** The club event's match an online table plays. */
export interface TableEvent {
  readonly eventId: string;
  readonly match: string;
}

export interface TableInfo {
  /** The unguessable id: the invite link is `/?table=<id>` (the record is `/api/matches/<id>/record`). */
  readonly id: string;
  readonly options: TableOptions;
  readonly status: TableStatus;
  readonly seats: readonly [SeatInfo | null, SeatInfo | null];
  readonly spectators: number;
  /** Frames won by each seat and the current frame's scores. */
  readonly framesWon: readonly [number, number];
  readonly scores: readonly [number, number];
  /** The winning seat once finished. */
  readonly winner: Player | null;
  readonly seq: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** The shot clock (п.26) as the server runs it: clients only show it. */
export interface ClockInfo {
  /** The player the clock runs for. */
  readonly player: Player;
  /** When it expires (epoch ms, the server's clock) while running; null while paused. */
  readonly deadline: number | null;
  /** Milliseconds left (at `serverNow`). */
  readonly remainingMs: number;
  /** The server's time when this was sent (to correct a client's clock offset). */
  readonly serverNow: number;
  /** Paused: the player to act is away, or the table is not being played. */
  readonly paused: boolean;
  readonly extensionsLeft: number;
}

/** One line of the rulings log. */
export interface LogEntry {
  /** The table's `seq` after this action. */
  readonly seq: number;
  /** The action as the match record stores it (`recordAction`). */
  readonly action: unknown;
  readonly ruling: Ruling;
}

export interface ChatLine {
  readonly id: number;
  readonly from: PlayerInfo;
  readonly role: Role;
  readonly text: string;
  readonly at: number;
}

/** A lag (розыгрыш, п.7) is due: the server drew lots; the winner chooses who plays first. */
export interface LagInfo {
  readonly winner: Player;
}

// ── Client → server ────────────────────────────────────────────────────────────────────────────

/** Fields every client message may carry: `ref` is echoed back in an `error` so a client can match it. */
interface Ref {
  readonly ref?: string;
}

export type ClientMessage =
  /** First message: authenticate with a session token from the HTTP API. */
  | ({ readonly type: 'hello'; readonly protocol: number; readonly token: string } & Ref)
  /** Join a table (leaving any other): as a player takes or resumes a seat; as a spectator watches. */
  | ({ readonly type: 'join'; readonly tableId: string; readonly role: Role } & Ref)
  | ({ readonly type: 'leave'; readonly tableId: string } & Ref)
  | ({
      readonly type: 'stroke';
      readonly tableId: string;
      readonly seq: number;
      readonly stroke: StrokeIntent;
    } & Ref)
  | ({
      readonly type: 'decision';
      readonly tableId: string;
      readonly seq: number;
      readonly action: DecisionIntent;
    } & Ref)
  /** п.26: the player to shoot takes a time extension. */
  | ({ readonly type: 'extension'; readonly tableId: string; readonly seq: number } & Ref)
  | ({ readonly type: 'chat'; readonly tableId: string; readonly text: string } & Ref)
  /** The client's re-simulation of the stroke at `seq` gave another final-state hash. */
  | ({
      readonly type: 'desync';
      readonly tableId: string;
      readonly seq: number;
      readonly hash: string;
    } & Ref)
  /** A page of the rulings log: the entries after seq `after`, oldest first (at most LOG_PAGE_SIZE). */
  | ({ readonly type: 'log'; readonly tableId: string; readonly after: number } & Ref)
  | ({ readonly type: 'ping'; readonly t: number } & Ref)
  /** Follow a club event: answered by `event` with its view now, then one after each stored action. */
  | ({ readonly type: 'event-watch'; readonly eventId: string } & Ref)
  | ({ readonly type: 'event-unwatch'; readonly eventId: string } & Ref)
  /** Live scoring from a real table (live.ts). */
  | LiveClientMessage
  /** A player's page, live (player-live.ts). */
  | PlayerLiveClientMessage;

export type ClientMessageType = ClientMessage['type'];
export const CLIENT_MESSAGE_TYPES = [
  'hello',
  'join',
  'leave',
  'stroke',
  'decision',
  'extension',
  'chat',
  'desync',
  'log',
  'ping',
  'event-watch',
  'event-unwatch',
  ...LIVE_CLIENT_MESSAGE_TYPES,
  ...PLAYER_LIVE_CLIENT_MESSAGE_TYPES,
] as const satisfies readonly ClientMessageType[];

/** The most club events one connection follows at once (each costs a subscription and a view per action). */
export const MAX_WATCHED_EVENTS = 8;

/**
 * An action of a club event as stored (an EventAction of @pyramid/events: `type`, `by`, `at` and
 * the action's own fields). Opaque here, like EventShown.
 */
export interface EventActionShown {
  readonly type: string;
  readonly by: string;
  readonly at: number;
  readonly [field: string]: unknown;
}

/**
 * A club event as the server shows it (`GET /api/events/:id` gives the same): the event itself (a
 * `@pyramid/events` ClubEvent), every match with its state, the group tables and the standings.
 * Kept opaque here so that the protocol does not depend on the events package.
 */
export interface EventShown {
  readonly id: string;
  readonly version: number;
  readonly event: unknown;
  readonly matches: readonly unknown[];
  readonly groups: readonly unknown[];
  readonly standings: unknown;
  /** For each free table of the venue, the longest-waiting ready match to call to it. */
  readonly suggestions: readonly { readonly table: string; readonly match: string }[];
}

/** The most rulings one `log` answer carries. */
export const LOG_PAGE_SIZE = 200;

// ── Server → client ────────────────────────────────────────────────────────────────────────────

/** The full picture of a table: sent on join, on resume and after a desync report. */
export interface TableSnapshot {
  readonly table: TableInfo;
  /** The referee's state; null while the table waits for its second player. */
  readonly state: MatchState | null;
  /** `hashJson(state)` (@pyramid/core). */
  readonly hash: string | null;
  readonly clock: ClockInfo | null;
  readonly lag: LagInfo | null;
  /** Every ruling so far, in order. */
  readonly log: readonly LogEntry[];
  /** The latest chat lines (up to 50), oldest first. */
  readonly chat: readonly ChatLine[];
}

/** A table's state without its history: what answers a `desync` (the log is asked for by pages). */
export type TableState = Omit<TableSnapshot, 'log' | 'chat'>;

/** What every stored action's broadcast carries: the action, its ruling and the state after it. */
export interface RuledAction {
  readonly tableId: string;
  readonly seq: number;
  readonly action: unknown;
  readonly ruling: Ruling;
  readonly state: MatchState;
  readonly hash: string;
  readonly clock: ClockInfo | null;
  readonly lag: LagInfo | null;
}

export type ServerMessage =
  | {
      readonly type: 'welcome';
      readonly protocol: number;
      readonly player: PlayerInfo;
      /** Server time (epoch ms). */
      readonly serverNow: number;
    }
  /** The join was taken: the role and the seat (null for a spectator), then the snapshot. */
  | ({
      readonly type: 'joined';
      readonly tableId: string;
      readonly role: Role;
      readonly seat: Player | null;
    } & TableSnapshot)
  /** A full state again (when the table starts). */
  | ({ readonly type: 'state'; readonly tableId: string } & TableSnapshot)
  /** The answer to a desync report: the table's state as the server holds it, without the log. */
  | ({ readonly type: 'resync'; readonly tableId: string } & TableState)
  /** The answer to `log`: rulings after `after`, oldest first; `more` when later ones were left for another page. */
  | {
      readonly type: 'log';
      readonly tableId: string;
      readonly after: number;
      readonly entries: readonly LogEntry[];
      /** The table's seq when this was sent. */
      readonly seq: number;
      readonly more: boolean;
    }
  /**
   * A stroke was played: the stroke as struck, the action the referee took (with its facts), the
   * ruling, the new state and its hash. Sent only after the database holds it.
   */
  | ({
      readonly type: 'stroke';
      readonly player: Player;
      readonly stroke: StrokeIntent;
    } & RuledAction)
  /** Any other action was ruled on (a decision, a lag, an extension, slow play when the clock ran out). */
  | ({
      readonly type: 'ruling';
      /** The player who sent it; null for the server's own (slow play on the clock). */
      readonly by: Player | null;
    } & RuledAction)
  /** The shot clock changed (started, paused, resumed, extended). */
  | {
      readonly type: 'clock';
      readonly tableId: string;
      readonly seq: number;
      readonly clock: ClockInfo | null;
    }
  /** Who is here: seats with presence, the spectator count and the table's status. */
  | {
      readonly type: 'presence';
      readonly tableId: string;
      readonly status: TableStatus;
      readonly seats: readonly [SeatInfo | null, SeatInfo | null];
      readonly spectators: number;
    }
  | { readonly type: 'chat'; readonly tableId: string; readonly line: ChatLine }
  /** The match is over: the winner and, for a rated match, each seat's new rating. */
  | {
      readonly type: 'finished';
      readonly tableId: string;
      readonly winner: Player;
      readonly ratings: readonly [RatingChange, RatingChange] | null;
    }
  /** The quick-match queue found an opponent: join this table as a player. */
  | { readonly type: 'matched'; readonly tableId: string; readonly variant: Variant }
  /** A newer tab of the same player took the seat; this connection now only watches. Do not reconnect to play. */
  | { readonly type: 'superseded'; readonly tableId: string }
  /**
   * The server was cut off from its database or message bus (`available: false`: it takes no
   * intent until it says `available: true` again); `message` says which.
   */
  | { readonly type: 'service'; readonly available: boolean; readonly message: string }
  | ({ readonly type: 'error'; readonly ref?: string } & OnlineError)
  | { readonly type: 'pong'; readonly t: number; readonly serverNow: number }
  /** A followed club event as stored now: the answer to `event-watch` (a snapshot). */
  | { readonly type: 'event'; readonly eventId: string; readonly shown: EventShown }
  /**
   * One action the store committed on a followed event, as applied (with the server's `by` and
   * `at`), and the event's `version` after it. A client whose copy is at `version − 1` applies it
   * with `applyEventAction` of @pyramid/events (deterministic: the same event as the server's);
   * any other copy asks for a snapshot again with `event-watch`.
   */
  | {
      readonly type: 'event-action';
      readonly eventId: string;
      readonly version: number;
      readonly action: EventActionShown;
    }
  /** The running score of one match of a followed event, while it is played (not stored in the event). */
  | {
      readonly type: 'event-live';
      readonly eventId: string;
      readonly match: string;
      readonly live: MatchLive;
    }
  /** Live scoring from a real table (live.ts). */
  | LiveServerMessage
  /** A player's page, live (player-live.ts). */
  | PlayerLiveServerMessage;

export type ServerMessageType = ServerMessage['type'];
export const SERVER_MESSAGE_TYPES = [
  'welcome',
  'joined',
  'state',
  'resync',
  'log',
  'stroke',
  'ruling',
  'clock',
  'presence',
  'chat',
  'finished',
  'matched',
  'superseded',
  'service',
  'error',
  'pong',
  'event',
  'event-action',
  'event-live',
  ...LIVE_SERVER_MESSAGE_TYPES,
  ...PLAYER_LIVE_SERVER_MESSAGE_TYPES,
] as const satisfies readonly ServerMessageType[];

// ── Ratings ────────────────────────────────────────────────────────────────────────────────────

/** A Glicko-2 rating as shown (rating, deviation, volatility). */
export interface RatingInfo {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
  readonly games: number;
}

export interface RatingChange {
  readonly playerId: string;
  readonly before: RatingInfo;
  readonly after: RatingInfo;
}

/** WebSocket close codes the server uses beyond the standard ones. */
export const CLOSE_CODES = {
  /** The upgrade's Origin is not allowed (sent as HTTP 403 before the upgrade). */
  originRefused: 4003,
  /** The server is shutting down: reconnect later. */
  shutdown: 4000,
  /** Too many refused messages within a window: the connection was dropped. */
  abuse: 4008,
  /** No `hello` within the first seconds: the connection was dropped. */
  noHello: 4001,
  /** The client read too slowly: more was waiting to be sent to it than the server keeps. */
  slowReader: 4009,
  /** The session was signed out (`POST /api/logout`). */
  signedOut: 4002,
} as const;
