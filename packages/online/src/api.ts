/**
 * The HTTP API under `/api/`, typed: sessions (guest, account), tables (create, lobby, one table),
 * the quick-match queue, player pages, the leaderboard and match records. JSON in and out; a
 * session token goes in `Authorization: Bearer <token>`. Refusals are `OnlineError` bodies with a
 * 4xx/5xx status. Runs wherever a `fetch` exists (browsers, Node 20): it is given one.
 */
import type { Settings, ShotClock, TableSize, Variant } from '@pyramid/rules';
import type { OnlineError, PlayerInfo, RatingInfo, TableInfo } from './protocol.js';

/** A session: the signed token to send with requests and in `hello`, and who it is. */
export interface Session {
  readonly token: string;
  /** When the token stops being accepted (ms since the epoch): refresh it before then. */
  readonly expiresAt: number;
  readonly player: PlayerInfo;
}

export interface GuestRequest {
  readonly name: string;
}

export interface AccountRequest {
  readonly name: string;
  /** 8 to 200 characters. */
  readonly password: string;
}

/** A new table. Everything but the variant has a default: the referee's settings, 12 ft, unrated, public. */
export interface CreateTableRequest {
  readonly variant: Variant;
  readonly tableSize?: TableSize;
  /** Frames needed to win the match (settings.framesToWin), default 1. */
  readonly framesToWin?: number;
  /** The shot clock (п.26), default none. */
  readonly shotClock?: ShotClock | null;
  /** Any other rule setting (the referee's `resolveSettings` checks them). */
  readonly settings?: Partial<Settings>;
  readonly rated?: boolean;
  /** Listed in the lobby (default true); a private table is reached by its invite link only. */
  readonly public?: boolean;
  /**
   * How the match starts, as a match record's `start`: the rack with the breaker (seat 0 is the
   * creator), or with no breaker a lag (the server draws lots, the winner chooses who breaks); or a
   * situation (a position taken over; never rated).
   */
  readonly start?: { readonly from: 'rack'; readonly breaker?: 0 | 1 } | Readonly<Record<string, unknown>>;
}

export interface TableResponse {
  readonly table: TableInfo;
}

export interface LobbyResponse {
  /** Public tables waiting for a second player. */
  readonly open: readonly TableInfo[];
  /** Tables being played, to watch. */
  readonly live: readonly TableInfo[];
  /** The caller's own unfinished tables (waiting, playing or adjourned): resume them by joining as a player. */
  readonly mine: readonly TableInfo[];
}

/** Signs out: this session (default) or every session of the player (`everywhere`). */
export interface LogoutRequest {
  readonly everywhere?: boolean;
}

export interface LogoutResponse {
  /** Sessions ended now. */
  readonly revoked: number;
}

export interface QuickMatchRequest {
  readonly variant: Variant;
  readonly rated?: boolean;
}

export type QuickMatchResponse =
  | { readonly status: 'waiting'; readonly variant: Variant; readonly since: number }
  | { readonly status: 'matched'; readonly tableId: string }
  | { readonly status: 'idle' };

export interface MatchSummary {
  readonly id: string;
  readonly variant: Variant;
  readonly rated: boolean;
  readonly opponent: PlayerInfo | null;
  /** The player's seat in it. */
  readonly seat: 0 | 1;
  readonly status: TableInfo['status'];
  readonly result: 'won' | 'lost' | null;
  readonly framesWon: readonly [number, number];
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly updatedAt: number;
}

export interface PlayerPage {
  readonly player: PlayerInfo;
  readonly ratings: Readonly<Partial<Record<Variant, RatingInfo>>>;
  /** Newest first. */
  readonly matches: readonly MatchSummary[];
}

/** A club event a player entered (`GET /api/players/:id/events`), newest first. */
export interface PlayerEventSummary {
  readonly id: string;
  readonly name: string;
  readonly director: string;
  readonly finished: boolean;
  readonly updatedAt: number;
  /** "1", "3–4", …; null while he is still in (or before the draw). */
  readonly place: string | null;
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly player: PlayerInfo;
  readonly rating: RatingInfo;
}

export interface LeaderboardResponse {
  readonly variant: Variant;
  readonly entries: readonly LeaderboardEntry[];
}

/** What a call gives: the value, or the server's refusal with its HTTP status (0: no answer). */
export type ApiResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: number; readonly error: OnlineError };

export type FetchLike = (
  input: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  readonly status: number;
  readonly ok: boolean;
  text(): Promise<string>;
}>;

export interface OnlineApiOptions {
  /** The server's origin, e.g. `http://127.0.0.1:8080` ('' for the page's own origin in a browser). */
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  /** The session token to send, if any (can be changed with `setToken`). */
  readonly token?: string | null;
}

/** The HTTP API as methods. Every method resolves (a refusal is a result), none throws on a server answer. */
export class OnlineApi {
  readonly baseUrl: string;
  private readonly fetchFn: FetchLike;
  private tokenValue: string | null;

  constructor(options: OnlineApiOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch;
    this.tokenValue = options.token ?? null;
  }

  get token(): string | null {
    return this.tokenValue;
  }

  setToken(token: string | null): void {
    this.tokenValue = token;
  }

  /** The WebSocket address of this server (`ws://…/ws`). */
  wsUrl(): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}/ws`;
  }

  /** The invite link of a table (the web app opens it). */
  inviteUrl(tableId: string): string {
    return `${this.baseUrl}/?table=${encodeURIComponent(tableId)}`;
  }

  /** The download address of a match's record. */
  recordUrl(matchId: string): string {
    return `${this.baseUrl}/api/matches/${encodeURIComponent(matchId)}/record`;
  }

  async guest(request: GuestRequest): Promise<ApiResult<Session>> {
    return this.keep(await this.call<Session>('POST', '/api/guest', request));
  }

  /** Makes an account; with a guest's token, that guest becomes the account (same id, same ratings). */
  async register(request: AccountRequest): Promise<ApiResult<Session>> {
    return this.keep(await this.call<Session>('POST', '/api/register', request));
  }

  async login(request: AccountRequest): Promise<ApiResult<Session>> {
    return this.keep(await this.call<Session>('POST', '/api/login', request));
  }

  /** A fresh token for the current (still valid) session; it replaces the one kept. */
  async refresh(): Promise<ApiResult<Session>> {
    return this.keep(await this.call<Session>('POST', '/api/session/refresh'));
  }

  /** Signs out: the token (and, with `everywhere`, every other session of the player) is refused from now on. */
  async logout(request: LogoutRequest = {}): Promise<ApiResult<LogoutResponse>> {
    const result = await this.call<LogoutResponse>('POST', '/api/logout', request);
    if (result.ok) this.tokenValue = null;
    return result;
  }

  me(): Promise<ApiResult<{ readonly player: PlayerInfo }>> {
    return this.call('GET', '/api/me');
  }

  createTable(request: CreateTableRequest): Promise<ApiResult<TableResponse>> {
    return this.call('POST', '/api/tables', request);
  }

  table(id: string): Promise<ApiResult<TableResponse>> {
    return this.call('GET', `/api/tables/${encodeURIComponent(id)}`);
  }

  lobby(): Promise<ApiResult<LobbyResponse>> {
    return this.call('GET', '/api/lobby');
  }

  /** Joins the queue of a variant, or is matched at once with someone waiting. */
  quickMatch(request: QuickMatchRequest): Promise<ApiResult<QuickMatchResponse>> {
    return this.call('POST', '/api/quick-match', request);
  }

  /** Where the caller is in the queue (polling keeps the place: a place not polled for 60 s lapses). */
  quickMatchStatus(): Promise<ApiResult<QuickMatchResponse>> {
    return this.call('GET', '/api/quick-match');
  }

  cancelQuickMatch(): Promise<ApiResult<QuickMatchResponse>> {
    return this.call('DELETE', '/api/quick-match');
  }

  player(id: string): Promise<ApiResult<PlayerPage>> {
    return this.call('GET', `/api/players/${encodeURIComponent(id)}`);
  }

  /** The public club events the player entered, with his place in each. */
  playerEvents(id: string): Promise<ApiResult<PlayerEventSummary[]>> {
    return this.call('GET', `/api/players/${encodeURIComponent(id)}/events`);
  }

  leaderboard(variant: Variant, limit = 50): Promise<ApiResult<LeaderboardResponse>> {
    return this.call('GET', `/api/leaderboard?variant=${encodeURIComponent(variant)}&limit=${limit}`);
  }

  /** The match record (format "pyramid-match-record"), as `pyramid referee` reads it. */
  matchRecord(id: string): Promise<ApiResult<Record<string, unknown>>> {
    return this.call('GET', `/api/matches/${encodeURIComponent(id)}/record`);
  }

  private keep(result: ApiResult<Session>): ApiResult<Session> {
    if (result.ok) this.tokenValue = result.value.token;
    return result;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.tokenValue !== null) headers.authorization = `Bearer ${this.tokenValue}`;
    const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response: Awaited<ReturnType<FetchLike>>;
    let text: string;
    try {
      response = await this.fetchFn(`${this.baseUrl}${path}`, init);
      text = await response.text();
    } catch (caught) {
      return {
        ok: false,
        status: 0,
        error: { code: 'server/internal', field: '', message: `no answer: ${(caught as Error).message}` },
      };
    }
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (response.ok) return { ok: true, value: parsed as T };
    const error = parsed as OnlineError | null;
    return {
      ok: false,
      status: response.status,
      error:
        error !== null && typeof error === 'object' && typeof error.code === 'string'
          ? error
          : { code: 'server/internal', field: '', message: `HTTP ${response.status}` },
    };
  }
}
