/**
 * The JSON Schemas of live scoring's messages and HTTP bodies (live.ts), merged into schema.ts's
 * tables. Client messages are closed and bounded; an entry's action is checked by the referee
 * (`apply` parses untrusted input and names the field), so its schema only bounds its shape.
 */
import {
  CAPABILITY_PATTERN,
  DEVICE_PATTERN,
  type LIVE_CLIENT_MESSAGE_TYPES,
  LIVE_ID_PATTERN,
  type LIVE_SERVER_MESSAGE_TYPES,
  MAX_ENTRIES_PER_MESSAGE,
  MAX_LIVE_ENTRIES,
} from './live.js';
import { closed, type JsonSchema } from './schema-kit.js';

const VARIANTS = ['free', 'combined', 'dynamic', 'classic'];
const TABLE_SIZES = ['7ft', '8ft', '9ft', '10ft', '11ft', '12ft'];

const liveId: JsonSchema = { type: 'string', pattern: LIVE_ID_PATTERN };
const capability: JsonSchema = { type: 'string', pattern: CAPABILITY_PATTERN };
const device: JsonSchema = { type: 'string', pattern: DEVICE_PATTERN };
const ref: JsonSchema = { type: 'string', maxLength: 64 };
const entrySeq: JsonSchema = { type: 'integer', minimum: 1, maximum: MAX_LIVE_ENTRIES };
const epoch: JsonSchema = { type: 'integer', minimum: 0, maximum: 1_000_000_000 };
const epochMs: JsonSchema = { type: 'number', description: 'epoch milliseconds (server clock)' };

/** A live entry: an action (the match record's form, checked by the referee) or an undo. */
export const liveEntrySchema: JsonSchema = {
  oneOf: [
    closed(
      {
        kind: { const: 'action' },
        action: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', maxLength: 32 } },
          maxProperties: 16,
          description:
            'an action as the match record stores it (docs/match-record.md); the referee checks it',
        },
      },
      ['kind', 'action'],
    ),
    closed({ kind: { const: 'undo' } }, ['kind']),
  ],
};

export const LIVE_CLIENT_MESSAGE_SCHEMAS: Readonly<
  Record<(typeof LIVE_CLIENT_MESSAGE_TYPES)[number], JsonSchema>
> = {
  'score-open': closed({ type: { const: 'score-open' }, liveId, capability, device, ref }, [
    'type',
    'liveId',
    'capability',
    'device',
  ]),
  'score-take': closed({ type: { const: 'score-take' }, liveId, capability, device, ref }, [
    'type',
    'liveId',
    'capability',
    'device',
  ]),
  'score-entries': closed(
    {
      type: { const: 'score-entries' },
      liveId,
      epoch,
      seq: entrySeq,
      entries: { type: 'array', items: liveEntrySchema, minItems: 1, maxItems: MAX_ENTRIES_PER_MESSAGE },
      ref,
    },
    ['type', 'liveId', 'epoch', 'seq', 'entries'],
  ),
  'live-watch': closed(
    {
      type: { const: 'live-watch' },
      liveId,
      after: { type: 'integer', minimum: 0, maximum: MAX_LIVE_ENTRIES },
      ref,
    },
    ['type', 'liveId'],
  ),
  'live-unwatch': closed({ type: { const: 'live-unwatch' }, liveId, ref }, ['type', 'liveId']),
};

const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [{ type: 'null' }, schema] });
const pair = (items: JsonSchema): JsonSchema => ({ type: 'array', items, minItems: 2, maxItems: 2 });

export const liveHeaderSchema: JsonSchema = closed(
  {
    variant: { enum: VARIANTS },
    tableSize: { enum: TABLE_SIZES },
    settings: { type: 'object', description: 'Partial Settings of @pyramid/rules, without framesToWin' },
    framesToWin: { type: 'integer', minimum: 1, maximum: 99 },
    players: pair({ type: 'string' }),
    breaker: { enum: [0, 1, null] },
    table: nullable({ type: 'string' }),
    event: nullable(closed({ eventId: { type: 'string' }, match: { type: 'string' } }, ['eventId', 'match'])),
  },
  ['variant', 'tableSize', 'settings', 'framesToWin', 'players', 'breaker', 'table', 'event'],
);

const storedEntry = closed(
  {
    seq: entrySeq,
    entry: liveEntrySchema,
    by: closed({ id: { type: 'string' }, name: { type: 'string' } }, ['id', 'name']),
    at: epochMs,
  },
  ['seq', 'entry', 'by', 'at'],
);

/** MatchLive (protocol.ts), the same as in `event-live`. */
export const matchLiveSchema: JsonSchema = closed(
  {
    source: {
      oneOf: [
        closed({ kind: { const: 'online' }, tableId: { type: 'string' } }, ['kind', 'tableId']),
        closed({ kind: { const: 'scorer' }, table: { type: 'string' } }, ['kind', 'table']),
      ],
    },
    frames: pair({ type: 'integer', minimum: 0 }),
    points: pair({ type: 'integer' }),
    race: { type: 'integer', minimum: 1 },
    atTable: { enum: ['a', 'b', null] },
    seq: { type: 'integer', minimum: 0 },
    lastRuling: { type: ['string', 'null'] },
    at: epochMs,
  },
  ['source', 'frames', 'points', 'race', 'atTable', 'seq', 'lastRuling', 'at'],
);

export const LIVE_SERVER_MESSAGE_SCHEMAS: Readonly<
  Record<(typeof LIVE_SERVER_MESSAGE_TYPES)[number], JsonSchema>
> = {
  'score-state': closed(
    {
      type: { const: 'score-state' },
      liveId,
      header: liveHeaderSchema,
      entries: { type: 'array', items: storedEntry, maxItems: MAX_LIVE_ENTRIES },
      seq: { type: 'integer', minimum: 0 },
      writer: { type: 'boolean' },
      epoch,
      finished: { type: 'boolean' },
    },
    ['type', 'liveId', 'header', 'entries', 'seq', 'writer', 'epoch', 'finished'],
  ),
  'score-ack': closed({ type: { const: 'score-ack' }, liveId, seq: entrySeq }, ['type', 'liveId', 'seq']),
  'score-superseded': closed({ type: { const: 'score-superseded' }, liveId, epoch }, [
    'type',
    'liveId',
    'epoch',
  ]),
  live: closed(
    {
      type: { const: 'live' },
      liveId,
      header: liveHeaderSchema,
      live: matchLiveSchema,
      entries: { type: 'array', items: storedEntry, maxItems: MAX_LIVE_ENTRIES },
      finished: { type: 'boolean' },
    },
    ['type', 'liveId', 'header', 'live', 'entries', 'finished'],
  ),
};
