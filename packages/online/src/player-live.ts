/**
 * A player's page, live (issue 28, "each action updates … the player pages"): a connection follows
 * one player with `player-watch` and is sent `player-live` — the matches he is playing right now,
 * each with its running score and where to watch it — at once and again after every action stored
 * in one of them. A match is an online table he is seated at, or a match of a club event scored at a
 * real table whose entry is his account. A match that ends leaves the list (`player-live` without
 * it); it is then in his page's history (`GET /api/players/:id`) or events (`GET
 * /api/players/:id/events`).
 */
import { closed, type JsonSchema } from './schema-kit.js';

/** One player of a match in progress: his account's id (null: a player by name alone) and name. */
export interface PlayerLiveSide {
  readonly id: string | null;
  readonly name: string;
}

/** A match a player is playing now, as his page shows it. */
export interface PlayerLiveMatch {
  /** `table:<tableId>` or `live:<liveId>`: one match, whichever page shows it. */
  readonly key: string;
  /** An online table (its id), or a real table scored live (the live match's id and the table's name). */
  readonly source:
    | { readonly kind: 'online'; readonly tableId: string }
    | { readonly kind: 'scorer'; readonly liveId: string; readonly table: string | null };
  /** The two players: seat 0 and 1 of an online table, players a and b of a scored match. */
  readonly players: readonly [PlayerLiveSide, PlayerLiveSide];
  /** Frames won so far, in the order of `players`. */
  readonly frames: readonly [number, number];
  /** Points of the frame being played, in the order of `players`. */
  readonly points: readonly [number, number];
  /** Frames needed to win the match. */
  readonly race: number;
  /** Who is at the table (0, 1: an index into `players`), or null (between frames, not known). */
  readonly atTable: 0 | 1 | null;
  /** The club event the match belongs to, with its name; null for a table of its own. */
  readonly event: { readonly eventId: string; readonly match: string; readonly name: string } | null;
  /** Where to watch it: the game page watching the online table, or the live match's overlay. */
  readonly watchUrl: string;
  /** The event's page, for a match of an event. */
  readonly eventUrl: string | null;
  /** Actions stored for the match (grows by one with each: keep the highest). */
  readonly seq: number;
  /** The server's clock when the last action was stored (ms since the epoch). */
  readonly at: number;
}

/** Matches in progress one `player-live` carries at most (the latest ones). */
export const MAX_PLAYER_LIVE_MATCHES = 4;

/** A player's id as the server makes them (22 characters of base64url), or a guest's. */
export const PLAYER_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

interface Ref {
  readonly ref?: string;
}

export type PlayerLiveClientMessage =
  /**
   * Follow one player's page: answered by `player-live` now and after each change. A connection
   * follows one player at a time: watching another ends the watch of the first.
   */
  | ({ readonly type: 'player-watch'; readonly playerId: string } & Ref)
  | ({ readonly type: 'player-unwatch' } & Ref);

export const PLAYER_LIVE_CLIENT_MESSAGE_TYPES = [
  'player-watch',
  'player-unwatch',
] as const satisfies readonly PlayerLiveClientMessage['type'][];

export type PlayerLiveServerMessage = {
  readonly type: 'player-live';
  readonly playerId: string;
  /** His matches in progress, the latest first; empty when he plays none. */
  readonly matches: readonly PlayerLiveMatch[];
};

export const PLAYER_LIVE_SERVER_MESSAGE_TYPES = [
  'player-live',
] as const satisfies readonly PlayerLiveServerMessage['type'][];

export const PLAYER_LIVE_ERROR_CODES = [
  /** No player with this id. */
  'player/not-found',
  /** This player's page has too many followers on this server process. */
  'player/too-many',
] as const;

/** The game page watching an online table (a path on the server's own origin). */
export const tableWatchUrl = (tableId: string): string => `/?watch=${encodeURIComponent(tableId)}`;
/** The page of a club event. */
export const eventPageUrl = (eventId: string): string => `/event.html?id=${encodeURIComponent(eventId)}`;

// ── Schemas ────────────────────────────────────────────────────────────────────────────────────

const playerId: JsonSchema = { type: 'string', pattern: PLAYER_ID_PATTERN };
const ref: JsonSchema = { type: 'string', maxLength: 64 };
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [{ type: 'null' }, schema] });
const pair = (items: JsonSchema): JsonSchema => ({ type: 'array', items, minItems: 2, maxItems: 2 });

export const PLAYER_LIVE_CLIENT_MESSAGE_SCHEMAS: Readonly<
  Record<(typeof PLAYER_LIVE_CLIENT_MESSAGE_TYPES)[number], JsonSchema>
> = {
  'player-watch': closed({ type: { const: 'player-watch' }, playerId, ref }, ['type', 'playerId']),
  'player-unwatch': closed({ type: { const: 'player-unwatch' }, ref }, ['type']),
};

export const playerLiveMatchSchema: JsonSchema = closed(
  {
    key: { type: 'string', pattern: '^(table|live):[A-Za-z0-9_-]{22}$' },
    source: {
      oneOf: [
        closed({ kind: { const: 'online' }, tableId: { type: 'string' } }, ['kind', 'tableId']),
        closed(
          { kind: { const: 'scorer' }, liveId: { type: 'string' }, table: nullable({ type: 'string' }) },
          ['kind', 'liveId', 'table'],
        ),
      ],
    },
    players: pair(closed({ id: nullable({ type: 'string' }), name: { type: 'string' } }, ['id', 'name'])),
    frames: pair({ type: 'integer', minimum: 0 }),
    points: pair({ type: 'integer' }),
    race: { type: 'integer', minimum: 1 },
    atTable: { enum: [0, 1, null] },
    event: nullable(
      closed({ eventId: { type: 'string' }, match: { type: 'string' }, name: { type: 'string' } }, [
        'eventId',
        'match',
        'name',
      ]),
    ),
    watchUrl: { type: 'string' },
    eventUrl: nullable({ type: 'string' }),
    seq: { type: 'integer', minimum: 0 },
    at: { type: 'number', description: 'epoch milliseconds (server clock)' },
  },
  [
    'key',
    'source',
    'players',
    'frames',
    'points',
    'race',
    'atTable',
    'event',
    'watchUrl',
    'eventUrl',
    'seq',
    'at',
  ],
);

export const PLAYER_LIVE_SERVER_MESSAGE_SCHEMAS: Readonly<
  Record<(typeof PLAYER_LIVE_SERVER_MESSAGE_TYPES)[number], JsonSchema>
> = {
  'player-live': closed(
    {
      type: { const: 'player-live' },
      playerId,
      matches: { type: 'array', items: playerLiveMatchSchema, maxItems: MAX_PLAYER_LIVE_MATCHES },
    },
    ['type', 'playerId', 'matches'],
  ),
};
