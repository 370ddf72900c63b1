/**
 * The JSON Schema (draft 2020-12) of every message both ways, as data. The server validates each
 * client message with these before it looks at it; `docs/online.md` is generated from them. Client
 * messages are closed (no unknown fields) and bounded (numbers, strings, arrays); server messages
 * describe the top level exactly and refer to the referee's own types (`MatchState`, `Ruling`, the
 * match record's action) by name.
 */

import { LIVE_CLIENT_MESSAGE_SCHEMAS, LIVE_SERVER_MESSAGE_SCHEMAS } from './live-schema.js';
import { PLAYER_LIVE_CLIENT_MESSAGE_SCHEMAS, PLAYER_LIVE_SERVER_MESSAGE_SCHEMAS } from './player-live.js';
import {
  CLIENT_MESSAGE_TYPES,
  LOG_PAGE_SIZE,
  MAX_CHAT_LENGTH,
  MAX_EXTENSIONS_PER_FRAME,
  MAX_NAME_LENGTH,
  ONLINE_ERROR_CODES,
  SERVER_MESSAGE_TYPES,
  SHOT_CLOCK_MAX_SECONDS,
  SHOT_CLOCK_MIN_SECONDS,
} from './protocol.js';
import { closed, type JsonSchema } from './schema-kit.js';

export type { JsonSchema };

/** Plain text: no control characters (line breaks included) and at least one visible character. */
export const PLAIN_TEXT =
  '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$';

const POCKETS = ['FL', 'FR', 'ML', 'MR', 'BL', 'BR'];
const VARIANTS = ['free', 'combined', 'dynamic', 'classic'];

const player: JsonSchema = { enum: [0, 1] };
const ball: JsonSchema = { type: 'integer', minimum: 0, maximum: 15 };
const whiteBall: JsonSchema = { type: 'integer', minimum: 1, maximum: 15 };
/** Table ids are 22 characters of base64url (128 random bits). */
const tableId: JsonSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' };
/** A club event's id (12 characters of base64url, as the server makes them). */
const eventId: JsonSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' };
const seq: JsonSchema = { type: 'integer', minimum: 0, maximum: 1_000_000 };
const ref: JsonSchema = { type: 'string', maxLength: 64 };
/** Millimetres in the table's frame, with room for any preset. */
const mm: JsonSchema = { type: 'number', minimum: -200, maximum: 5000 };

export const strokeSchema: JsonSchema = closed(
  {
    cueBall: ball,
    call: {
      oneOf: [{ type: 'null' }, closed({ ball: whiteBall, pocket: { enum: POCKETS } }, ['ball', 'pocket'])],
    },
    placement: { oneOf: [{ type: 'null' }, closed({ x: mm, y: mm }, ['x', 'y'])] },
    strike: {
      ...closed(
        {
          speed: { type: 'number', exclusiveMinimum: 0, maximum: 12 },
          angleDeg: { type: 'number', minimum: -720, maximum: 720 },
          direction: closed(
            {
              x: { type: 'number', minimum: -1000, maximum: 1000 },
              y: { type: 'number', minimum: -1000, maximum: 1000 },
            },
            ['x', 'y'],
          ),
          side: { type: 'number', exclusiveMinimum: -1, exclusiveMaximum: 1 },
          height: { type: 'number', exclusiveMinimum: -1, exclusiveMaximum: 1 },
          elevationDeg: { type: 'number', minimum: 0, maximum: 80 },
        },
        ['speed'],
      ),
      // The direction as an angle or as a vector (given both, the vector wins, as in the simulator).
      anyOf: [
        { required: ['angleDeg'], properties: { angleDeg: true } },
        { required: ['direction'], properties: { direction: true } },
      ],
    },
  },
  ['cueBall', 'call', 'placement', 'strike'],
);

export const decisionSchema: JsonSchema = {
  oneOf: [
    closed({ type: { const: 'penalty-ball' }, player, ball }, ['type', 'player', 'ball']),
    closed({ type: { const: 'exchange-ball' }, player, ball: whiteBall }, ['type', 'player', 'ball']),
    closed({ type: { const: 'dynamic-option' }, player, option: { enum: [1, 2] } }, [
      'type',
      'player',
      'option',
    ]),
    closed({ type: { const: 'lag' }, winner: player, first: player }, ['type', 'winner', 'first']),
  ],
};

/** The schema of each client message, by type. */
export const CLIENT_MESSAGE_SCHEMAS: Readonly<Record<(typeof CLIENT_MESSAGE_TYPES)[number], JsonSchema>> = {
  hello: closed(
    {
      type: { const: 'hello' },
      protocol: { type: 'integer', minimum: 1, maximum: 1000 },
      token: { type: 'string', minLength: 1, maxLength: 512 },
      ref,
    },
    ['type', 'protocol', 'token'],
  ),
  join: closed({ type: { const: 'join' }, tableId, role: { enum: ['player', 'spectator'] }, ref }, [
    'type',
    'tableId',
    'role',
  ]),
  leave: closed({ type: { const: 'leave' }, tableId, ref }, ['type', 'tableId']),
  stroke: closed({ type: { const: 'stroke' }, tableId, seq, stroke: strokeSchema, ref }, [
    'type',
    'tableId',
    'seq',
    'stroke',
  ]),
  decision: closed({ type: { const: 'decision' }, tableId, seq, action: decisionSchema, ref }, [
    'type',
    'tableId',
    'seq',
    'action',
  ]),
  extension: closed({ type: { const: 'extension' }, tableId, seq, ref }, ['type', 'tableId', 'seq']),
  chat: closed(
    {
      type: { const: 'chat' },
      tableId,
      // Plain text: no control characters (line breaks included), at least one visible character.
      text: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_CHAT_LENGTH,
        pattern: PLAIN_TEXT,
      },
      ref,
    },
    ['type', 'tableId', 'text'],
  ),
  desync: closed(
    { type: { const: 'desync' }, tableId, seq, hash: { type: 'string', pattern: '^[0-9a-f]{16}$' }, ref },
    ['type', 'tableId', 'seq', 'hash'],
  ),
  log: closed({ type: { const: 'log' }, tableId, after: seq, ref }, ['type', 'tableId', 'after']),
  ping: closed({ type: { const: 'ping' }, t: { type: 'number' }, ref }, ['type', 't']),
  'event-watch': closed({ type: { const: 'event-watch' }, eventId, ref }, ['type', 'eventId']),
  'event-unwatch': closed({ type: { const: 'event-unwatch' }, eventId, ref }, ['type', 'eventId']),
  ...LIVE_CLIENT_MESSAGE_SCHEMAS,
  ...PLAYER_LIVE_CLIENT_MESSAGE_SCHEMAS,
};

/** One schema for every message of one direction: the message named by `type`, its own schema in `$defs`. */
function messageUnion(
  name: string,
  title: string,
  types: readonly string[],
  defs: Readonly<Record<string, JsonSchema>>,
): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://pyramid.invalid/online/${name}.json`,
    title,
    type: 'object',
    required: ['type'],
    properties: { type: { enum: [...types] } },
    oneOf: types.map((type) => ({ $ref: `#/$defs/${type}` })),
    $defs: defs,
  };
}

/** Every client message: one of the above, chosen by `type`. */
export const clientMessageSchema: JsonSchema = messageUnion(
  'client-message',
  'ClientMessage',
  CLIENT_MESSAGE_TYPES,
  CLIENT_MESSAGE_SCHEMAS,
);

// ── Server messages ────────────────────────────────────────────────────────────────────────────

const named = (name: string, required: readonly string[] = []): JsonSchema => ({
  type: 'object',
  description: `${name} (see the TypeScript type of the same name)`,
  properties: Object.fromEntries(required.map((key) => [key, true])),
  required,
});
const matchState = named('MatchState of @pyramid/rules', ['variant', 'settings', 'turn', 'scores', 'table']);
const ruling = named('Ruling of @pyramid/rules', ['verdict', 'fouls', 'scores', 'explanation']);
const recordedAction = named('an action as the match record stores it (recordAction of @pyramid/rules)', [
  'type',
]);
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [{ type: 'null' }, schema] });
const epochMs: JsonSchema = { type: 'number', description: 'epoch milliseconds (server clock)' };
const hash: JsonSchema = { type: 'string', pattern: '^[0-9a-f]{16}$' };

const playerInfo = closed(
  { id: { type: 'string' }, name: { type: 'string' }, account: { type: 'boolean' } },
  ['id', 'name', 'account'],
);
const seatInfo = nullable(
  closed(
    {
      player: playerInfo,
      presence: { enum: ['present', 'away', 'absent'] },
      awayUntil: nullable(epochMs),
    },
    ['player', 'presence', 'awayUntil'],
  ),
);
const seats: JsonSchema = { type: 'array', prefixItems: [seatInfo, seatInfo], minItems: 2, maxItems: 2 };
const pairOfNumbers: JsonSchema = {
  type: 'array',
  items: { type: 'number' },
  minItems: 2,
  maxItems: 2,
};
const status: JsonSchema = { enum: ['waiting', 'playing', 'adjourned', 'finished'] };
const tableInfo = closed(
  {
    id: { type: 'string' },
    options: closed(
      {
        variant: { enum: VARIANTS },
        tableSize: { type: 'string' },
        settings: named('Settings of @pyramid/rules'),
        rated: { type: 'boolean' },
        public: { type: 'boolean' },
        event: closed({ eventId: { type: 'string' }, match: { type: 'string' } }, ['eventId', 'match']),
      },
      ['variant', 'tableSize', 'settings', 'rated', 'public'],
    ),
    status,
    seats,
    spectators: { type: 'integer', minimum: 0 },
    framesWon: pairOfNumbers,
    scores: pairOfNumbers,
    winner: nullable(player),
    seq,
    createdAt: epochMs,
    updatedAt: epochMs,
  },
  [
    'id',
    'options',
    'status',
    'seats',
    'spectators',
    'framesWon',
    'scores',
    'winner',
    'seq',
    'createdAt',
    'updatedAt',
  ],
);
const clockInfo = nullable(
  closed(
    {
      player,
      deadline: nullable(epochMs),
      remainingMs: { type: 'number', minimum: 0 },
      serverNow: epochMs,
      paused: { type: 'boolean' },
      extensionsLeft: { type: 'integer', minimum: 0 },
    },
    ['player', 'deadline', 'remainingMs', 'serverNow', 'paused', 'extensionsLeft'],
  ),
);
const lagInfo = nullable(closed({ winner: player }, ['winner']));
const logEntry = closed({ seq, action: recordedAction, ruling }, ['seq', 'action', 'ruling']);
const chatLine = closed(
  {
    id: { type: 'integer' },
    from: playerInfo,
    role: { enum: ['player', 'spectator'] },
    text: { type: 'string' },
    at: epochMs,
  },
  ['id', 'from', 'role', 'text', 'at'],
);
const ratingInfo = closed(
  {
    rating: { type: 'number' },
    rd: { type: 'number' },
    volatility: { type: 'number' },
    games: { type: 'integer', minimum: 0 },
  },
  ['rating', 'rd', 'volatility', 'games'],
);
const ratingChange = closed({ playerId: { type: 'string' }, before: ratingInfo, after: ratingInfo }, [
  'playerId',
  'before',
  'after',
]);
const snapshot = {
  table: tableInfo,
  state: nullable(matchState),
  hash: nullable(hash),
  clock: clockInfo,
  lag: lagInfo,
  log: { type: 'array', items: logEntry },
  chat: { type: 'array', items: chatLine, maxItems: 50 },
};
const snapshotKeys = ['table', 'state', 'hash', 'clock', 'lag', 'log', 'chat'];
const { log: _log, chat: _chat, ...tableState } = snapshot;
const tableStateKeys = ['table', 'state', 'hash', 'clock', 'lag'];

export const SERVER_MESSAGE_SCHEMAS: Readonly<Record<(typeof SERVER_MESSAGE_TYPES)[number], JsonSchema>> = {
  welcome: closed(
    { type: { const: 'welcome' }, protocol: { type: 'integer' }, player: playerInfo, serverNow: epochMs },
    ['type', 'protocol', 'player', 'serverNow'],
  ),
  joined: closed(
    {
      type: { const: 'joined' },
      tableId,
      role: { enum: ['player', 'spectator'] },
      seat: nullable(player),
      ...snapshot,
    },
    ['type', 'tableId', 'role', 'seat', ...snapshotKeys],
  ),
  state: closed({ type: { const: 'state' }, tableId, ...snapshot }, ['type', 'tableId', ...snapshotKeys]),
  resync: closed({ type: { const: 'resync' }, tableId, ...tableState }, [
    'type',
    'tableId',
    ...tableStateKeys,
  ]),
  log: closed(
    {
      type: { const: 'log' },
      tableId,
      after: seq,
      entries: { type: 'array', items: logEntry, maxItems: LOG_PAGE_SIZE },
      seq,
      more: { type: 'boolean' },
    },
    ['type', 'tableId', 'after', 'entries', 'seq', 'more'],
  ),
  stroke: closed(
    {
      type: { const: 'stroke' },
      tableId,
      seq,
      player,
      stroke: strokeSchema,
      action: recordedAction,
      ruling,
      state: matchState,
      hash,
      clock: clockInfo,
      lag: lagInfo,
    },
    ['type', 'tableId', 'seq', 'player', 'stroke', 'action', 'ruling', 'state', 'hash', 'clock', 'lag'],
  ),
  ruling: closed(
    {
      type: { const: 'ruling' },
      tableId,
      seq,
      by: nullable(player),
      action: recordedAction,
      ruling,
      state: matchState,
      hash,
      clock: clockInfo,
      lag: lagInfo,
    },
    ['type', 'tableId', 'seq', 'by', 'action', 'ruling', 'state', 'hash', 'clock', 'lag'],
  ),
  clock: closed({ type: { const: 'clock' }, tableId, seq, clock: clockInfo }, [
    'type',
    'tableId',
    'seq',
    'clock',
  ]),
  presence: closed(
    { type: { const: 'presence' }, tableId, status, seats, spectators: { type: 'integer', minimum: 0 } },
    ['type', 'tableId', 'status', 'seats', 'spectators'],
  ),
  chat: closed({ type: { const: 'chat' }, tableId, line: chatLine }, ['type', 'tableId', 'line']),
  finished: closed(
    {
      type: { const: 'finished' },
      tableId,
      winner: player,
      ratings: nullable({
        type: 'array',
        prefixItems: [ratingChange, ratingChange],
        minItems: 2,
        maxItems: 2,
      }),
    },
    ['type', 'tableId', 'winner', 'ratings'],
  ),
  matched: closed({ type: { const: 'matched' }, tableId, variant: { enum: VARIANTS } }, [
    'type',
    'tableId',
    'variant',
  ]),
  superseded: closed({ type: { const: 'superseded' }, tableId }, ['type', 'tableId']),
  service: closed(
    { type: { const: 'service' }, available: { type: 'boolean' }, message: { type: 'string' } },
    ['type', 'available', 'message'],
  ),
  error: closed(
    {
      type: { const: 'error' },
      code: { enum: [...ONLINE_ERROR_CODES] },
      field: { type: 'string' },
      message: { type: 'string' },
      detail: { type: 'string' },
      ref,
    },
    ['type', 'code', 'field', 'message'],
  ),
  pong: closed({ type: { const: 'pong' }, t: { type: 'number' }, serverNow: epochMs }, [
    'type',
    't',
    'serverNow',
  ]),
  event: closed(
    {
      type: { const: 'event' },
      eventId,
      shown: {
        type: 'object',
        properties: {
          id: eventId,
          version: { type: 'integer', minimum: 1 },
          event: { type: 'object', description: 'the ClubEvent of @pyramid/events' },
          matches: { type: 'array', items: { type: 'object' } },
          groups: { type: 'array', items: { type: 'object' } },
          standings: { type: 'object' },
          suggestions: {
            type: 'array',
            items: closed({ table: { type: 'string' }, match: { type: 'string' } }, ['table', 'match']),
          },
        },
        required: ['id', 'version', 'event', 'matches', 'groups', 'standings', 'suggestions'],
        description: 'the same as the body of GET /api/events/:id',
      },
    },
    ['type', 'eventId', 'shown'],
  ),
  'event-action': closed(
    {
      type: { const: 'event-action' },
      eventId,
      version: { type: 'integer', minimum: 2 },
      action: {
        type: 'object',
        properties: {
          type: { type: 'string', minLength: 1, maxLength: 32 },
          by: { type: 'string', minLength: 1, maxLength: 100 },
          at: epochMs,
        },
        required: ['type', 'by', 'at'],
        description: 'the EventAction of @pyramid/events as the store applied it',
      },
    },
    ['type', 'eventId', 'version', 'action'],
  ),
  'event-live': closed(
    {
      type: { const: 'event-live' },
      eventId,
      match: { type: 'string', minLength: 1, maxLength: 64 },
      live: closed(
        {
          source: {
            oneOf: [
              closed({ kind: { const: 'online' }, tableId: { type: 'string' } }, ['kind', 'tableId']),
              closed({ kind: { const: 'scorer' }, table: { type: 'string' } }, ['kind', 'table']),
            ],
          },
          frames: { ...pairOfNumbers, items: { type: 'integer', minimum: 0 } },
          points: { ...pairOfNumbers, items: { type: 'integer' } },
          race: { type: 'integer', minimum: 1 },
          atTable: { enum: ['a', 'b', null] },
          seq: { type: 'integer', minimum: 0 },
          lastRuling: { type: ['string', 'null'] },
          at: epochMs,
        },
        ['source', 'frames', 'points', 'race', 'atTable', 'seq', 'lastRuling', 'at'],
      ),
    },
    ['type', 'eventId', 'match', 'live'],
  ),
  ...LIVE_SERVER_MESSAGE_SCHEMAS,
  ...PLAYER_LIVE_SERVER_MESSAGE_SCHEMAS,
};

export const serverMessageSchema: JsonSchema = messageUnion(
  'server-message',
  'ServerMessage',
  SERVER_MESSAGE_TYPES,
  SERVER_MESSAGE_SCHEMAS,
);

// ── HTTP request bodies ────────────────────────────────────────────────────────────────────────

/**
 * A player name as sent: plain text, bounded. The server then normalises it and checks it
 * (`normaliseName`: NFC, no invisible or bidi characters, 1–24 characters once normalised), so the
 * bound here leaves room for a name typed in decomposed form (NFD).
 */
const name: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 2 * MAX_NAME_LENGTH,
  pattern: PLAIN_TEXT,
  description: `1–${MAX_NAME_LENGTH} characters once normalised (NFC); no invisible, bidi-control or filler characters`,
};

/**
 * The shot clock of an online table, one schema for `shotClock` and `settings.shotClock` alike:
 * from SHOT_CLOCK_MIN_SECONDS to SHOT_CLOCK_MAX_SECONDS a shot, up to MAX_EXTENSIONS_PER_FRAME extensions.
 */
export const shotClockSchema: JsonSchema = nullable(
  closed(
    {
      seconds: { type: 'number', minimum: SHOT_CLOCK_MIN_SECONDS, maximum: SHOT_CLOCK_MAX_SECONDS },
      extensionsPerFrame: { type: 'integer', minimum: 0, maximum: MAX_EXTENSIONS_PER_FRAME },
    },
    ['seconds', 'extensionsPerFrame'],
  ),
);

const framesToWin: JsonSchema = { type: 'integer', minimum: 1, maximum: 99 };

/** The schema of each HTTP request body, by route. */
export const HTTP_REQUEST_SCHEMAS = {
  guest: closed({ name }, ['name']),
  account: closed({ name, password: { type: 'string', minLength: 8, maxLength: 200 } }, ['name', 'password']),
  createTable: closed(
    {
      variant: { enum: VARIANTS },
      tableSize: { type: 'string', maxLength: 16 },
      framesToWin,
      shotClock: shotClockSchema,
      settings: {
        type: 'object',
        // Every number bounded here, the clock by the same schema as the top-level one; the rest
        // (names of settings, enumerations, booleans) is checked by the referee's resolveSettings.
        properties: {
          framesToWin,
          shotClock: shotClockSchema,
          breakMinBallsToCushion: { type: 'integer', minimum: 0, maximum: 15 },
          pushGapThreshold: { type: 'number', minimum: 0, maximum: 2 },
        },
        description: 'Partial Settings of @pyramid/rules (resolveSettings checks them)',
      },
      rated: { type: 'boolean' },
      public: { type: 'boolean' },
      start: { type: 'object', description: "a match record's start: rack (with breaker) or situation" },
    },
    ['variant'],
  ),
  quickMatch: closed({ variant: { enum: VARIANTS }, rated: { type: 'boolean' } }, ['variant']),
  logout: closed({ everywhere: { type: 'boolean' } }, []),
  /** `POST /api/live`: a friendly match to share live (live.ts). */
  createLive: closed(
    {
      variant: { enum: VARIANTS },
      tableSize: { type: 'string', maxLength: 16 },
      settings: {
        type: 'object',
        properties: {
          shotClock: shotClockSchema,
          breakMinBallsToCushion: { type: 'integer', minimum: 0, maximum: 15 },
          pushGapThreshold: { type: 'number', minimum: 0, maximum: 2 },
        },
        maxProperties: 16,
        description: 'Partial Settings of @pyramid/rules without framesToWin (resolveSettings checks them)',
      },
      framesToWin,
      players: { type: 'array', items: name, minItems: 2, maxItems: 2 },
      breaker: { enum: [0, 1, null] },
      table: { type: 'string', minLength: 1, maxLength: 40, pattern: PLAIN_TEXT },
    },
    ['variant', 'framesToWin', 'players'],
  ),
} as const satisfies Readonly<Record<string, JsonSchema>>;
