/**
 * What the online screens show, in the page's own terms: who you are, the lobby's tables, the table
 * you sit at (its connection, the opponent's presence, spectators, chat, the server's clock). The
 * session (session.ts) fills it from `@pyramid/online`; the screens only read it.
 */
import type { Settings, TableSize, Variant } from '@pyramid/rules';
import type { Bilingual } from '../common/lang.js';
import type { LinkRole } from './link.js';
import type { LiveMatchView } from './player-live.js';

export interface Identity {
  readonly playerId: string;
  readonly name: string;
  readonly kind: 'guest' | 'account';
}

export type LobbyTableState = 'open' | 'playing' | 'adjourned';

export interface LobbyTable {
  readonly id: string;
  readonly variant: Variant;
  readonly framesToWin: number;
  readonly tableSize: TableSize;
  readonly rated: boolean;
  /** The seated players' names (null: the seat is free). */
  readonly names: readonly [string | null, string | null];
  /** Whether each seated player is an account (marked so: a guest cannot pass for one). */
  readonly accounts: readonly [boolean, boolean];
  /** Seconds per shot (п.26), or null for no clock: shown before anyone sits down. */
  readonly shotClockSeconds: number | null;
  readonly state: LobbyTableState;
  readonly spectators: number;
  /** You hold a seat at it (an adjourned match of yours can be resumed). */
  readonly mine: boolean;
}

/** A new table as its creator sets it. */
export interface TableOptions {
  readonly variant: Variant;
  readonly framesToWin: number;
  readonly tableSize: TableSize;
  readonly settings: Settings;
  /** Seconds per shot (п.26), or null for no clock. */
  readonly shotClockSeconds: number | null;
  readonly rated: boolean;
  /** Listed in the lobby (otherwise reached by its link only). */
  readonly listed: boolean;
  /** Who breaks: the creator's seat (0), the opponent's (1), or null for the server's lag (п.7). */
  readonly breaker: 0 | 1 | null;
}

export interface LobbyState {
  readonly identity: Identity | null;
  readonly tables: readonly LobbyTable[];
  /** Waiting in the quick-match queue of this variant. */
  readonly searching: Variant | null;
  /** The last failure, said in both languages (server messages come as they are). */
  readonly error: Bilingual | null;
  /** A request is under way: the buttons wait. */
  readonly pending: boolean;
  /** The table an opened link names, joined once you have a name. */
  readonly link: { readonly tableId: string; readonly role: LinkRole } | null;
  /**
   * The table that link names, as the server describes it to anyone holding its id (whose table, the
   * variant, the race, who sits): shown to a visitor before he has a name. Null until it is read.
   */
  readonly linkTable: LobbyTable | null;
  /** The leaderboard of a variant, when asked for. */
  readonly board: Leaderboard | null;
  /** A player's page (ratings and match history): yours, or anyone's by its link, when asked for. */
  readonly page: PlayerPageView | null;
}

export interface Leaderboard {
  readonly variant: Variant;
  readonly entries: readonly {
    readonly rank: number;
    /** His page opens from his name. */
    readonly playerId: string;
    readonly name: string;
    readonly rating: number;
    readonly rd: number;
    readonly games: number;
  }[];
}

export interface PlayerPageView {
  readonly playerId: string;
  /** The page of the signed-in player himself ("My matches"), or someone else's public page. */
  readonly own: boolean;
  readonly name: string;
  /** The page's own link (`?player=<id>`), to share. */
  readonly url: string;
  readonly ratings: readonly { readonly variant: Variant; readonly rating: number; readonly games: number }[];
  readonly matches: readonly {
    readonly id: string;
    readonly variant: Variant;
    readonly opponent: string | null;
    readonly result: 'won' | 'lost' | null;
    readonly framesWon: readonly [number, number];
    readonly recordUrl: string;
  }[];
  /** The club events he entered, with his place (null while he is still in). */
  readonly events: readonly {
    readonly id: string;
    readonly name: string;
    readonly place: string | null;
    readonly finished: boolean;
  }[];
  /** The matches he plays right now, live (their score after each action), the latest first. */
  readonly live: readonly LiveMatchView[];
}

/** The table you sit at or watch. */
export type Connection = 'connecting' | 'open' | 'reconnecting' | 'replaced' | 'closed';

export interface ChatLine {
  readonly from: string;
  readonly text: string;
}

export interface TableStatus {
  readonly tableId: string;
  readonly seat: 0 | 1 | null;
  readonly connection: Connection;
  /** The opponent's (or, for a spectator, either player's) absence: whose and until when (performance.now ms). */
  readonly away: readonly { readonly seat: 0 | 1; readonly name: string; readonly until: number | null }[];
  /** The match waits for a second player. */
  readonly waitingForOpponent: boolean;
  readonly adjourned: boolean;
  readonly spectators: number;
  readonly chat: readonly ChatLine[];
  /** The link to send to an opponent, and one for spectators. */
  readonly inviteUrl: string;
  readonly watchUrl: string;
  /** The match record's download address, when the server offers it. */
  readonly recordUrl: string | null;
  /** A stroke's local re-simulation differed from the server's (its positions are shown). */
  readonly desynced: boolean;
}
