import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGE_SCHEMAS,
  CLIENT_MESSAGE_TYPES,
  clientMessageSchema,
  SERVER_MESSAGE_SCHEMAS,
  SERVER_MESSAGE_TYPES,
  serverMessageSchema,
} from '../src/index.js';

const ajv = new Ajv2020({ allErrors: false, strict: true });
const client = ajv.compile(clientMessageSchema);
const server = ajv.compile(serverMessageSchema);
const TABLE = 'AAAAAAAAAAAAAAAAAAAAAA';
const CAP = 'C'.repeat(43);

describe('the JSON Schemas of the protocol', () => {
  it('have one schema per message type, both ways', () => {
    expect(Object.keys(CLIENT_MESSAGE_SCHEMAS).sort()).toEqual([...CLIENT_MESSAGE_TYPES].sort());
    expect(Object.keys(SERVER_MESSAGE_SCHEMAS).sort()).toEqual([...SERVER_MESSAGE_TYPES].sort());
  });

  it('accept well-formed client messages of every type', () => {
    const messages = [
      { type: 'hello', protocol: 1, token: 'x' },
      { type: 'join', tableId: TABLE, role: 'spectator', ref: 'r1' },
      { type: 'leave', tableId: TABLE },
      {
        type: 'stroke',
        tableId: TABLE,
        seq: 3,
        stroke: {
          cueBall: 0,
          call: { ball: 4, pocket: 'BL' },
          placement: null,
          strike: { speed: 2, angleDeg: 10 },
        },
      },
      {
        type: 'stroke',
        tableId: TABLE,
        seq: 0,
        stroke: {
          cueBall: 1,
          call: null,
          placement: { x: 500, y: 900 },
          strike: { speed: 2, direction: { x: 1, y: 0 }, side: 0.2, height: -0.1, elevationDeg: 5 },
        },
      },
      { type: 'decision', tableId: TABLE, seq: 1, action: { type: 'penalty-ball', player: 1, ball: 0 } },
      { type: 'decision', tableId: TABLE, seq: 1, action: { type: 'exchange-ball', player: 0, ball: 7 } },
      { type: 'decision', tableId: TABLE, seq: 1, action: { type: 'dynamic-option', player: 0, option: 2 } },
      { type: 'decision', tableId: TABLE, seq: 0, action: { type: 'lag', winner: 1, first: 0 } },
      { type: 'extension', tableId: TABLE, seq: 4 },
      { type: 'chat', tableId: TABLE, text: 'Удачи! <b>gl</b>' },
      { type: 'desync', tableId: TABLE, seq: 4, hash: '0123456789abcdef' },
      { type: 'log', tableId: TABLE, after: 200 },
      { type: 'ping', t: 5 },
      { type: 'event-watch', eventId: 'AbC_12-xyz90', ref: 'w' },
      { type: 'event-unwatch', eventId: 'AbC_12-xyz90' },
      { type: 'score-open', liveId: TABLE, capability: CAP, device: 'dev-0123456789abcdef' },
      { type: 'score-take', liveId: TABLE, capability: CAP, device: 'dev-0123456789abcdef', ref: 't' },
      {
        type: 'score-entries',
        liveId: TABLE,
        epoch: 1,
        seq: 1,
        entries: [
          { kind: 'action', action: { type: 'shot', player: 0, facts: { firstContact: 3, pocketed: [] } } },
          { kind: 'undo' },
        ],
      },
      { type: 'live-watch', liveId: TABLE, after: 4 },
      { type: 'live-unwatch', liveId: TABLE },
      { type: 'player-watch', playerId: TABLE },
      { type: 'player-unwatch' },
    ];
    for (const message of messages) expect(client(message), JSON.stringify(client.errors)).toBe(true);
    expect(new Set(messages.map((m) => m.type)).size).toBe(CLIENT_MESSAGE_TYPES.length);
  });

  it('refuse what a client must not send', () => {
    const bad = [
      {},
      { type: 'shout' },
      { type: 'hello', protocol: 1 },
      { type: 'join', tableId: 'short', role: 'player' },
      { type: 'join', tableId: TABLE, role: 'referee' },
      { type: 'event-watch' },
      { type: 'event-watch', eventId: '../etc' },
      { type: 'event-unwatch', eventId: 'x', extra: 1 },
      // Live scoring: a capability of the wrong length, no device, an empty or oversized batch, seq 0.
      { type: 'score-open', liveId: TABLE, capability: 'short', device: 'dev-0123456789abcdef' },
      { type: 'score-open', liveId: TABLE, capability: CAP },
      { type: 'score-entries', liveId: TABLE, epoch: 1, seq: 1, entries: [] },
      {
        type: 'score-entries',
        liveId: TABLE,
        epoch: 1,
        seq: 1,
        entries: Array.from({ length: 21 }, () => ({ kind: 'undo' })),
      },
      { type: 'score-entries', liveId: TABLE, epoch: 1, seq: 0, entries: [{ kind: 'undo' }] },
      { type: 'score-entries', liveId: TABLE, epoch: 1, seq: 1, entries: [{ kind: 'redo' }] },
      { type: 'score-entries', liveId: TABLE, epoch: 1, seq: 1, entries: [{ kind: 'action', action: {} }] },
      {
        type: 'stroke',
        tableId: TABLE,
        seq: -1,
        stroke: { cueBall: 0, call: null, placement: null, strike: { speed: 2, angleDeg: 0 } },
      },
      {
        type: 'stroke',
        tableId: TABLE,
        seq: 0,
        stroke: { cueBall: 0, call: null, placement: null, strike: { speed: 0, angleDeg: 0 } },
      },
      {
        type: 'stroke',
        tableId: TABLE,
        seq: 0,
        stroke: { cueBall: 0, call: null, placement: null, strike: { speed: 2 } },
      },
      {
        type: 'stroke',
        tableId: TABLE,
        seq: 0,
        stroke: { cueBall: 16, call: null, placement: null, strike: { speed: 2, angleDeg: 0 } },
      },
      // A client never sends positions or pots.
      {
        type: 'stroke',
        tableId: TABLE,
        seq: 0,
        stroke: { cueBall: 0, call: null, placement: null, strike: { speed: 2, angleDeg: 0 }, pocketed: [1] },
      },
      { type: 'decision', tableId: TABLE, seq: 0, action: { type: 'shot', player: 0 } },
      { type: 'decision', tableId: TABLE, seq: 0, action: { type: 'dynamic-option', player: 0, option: 3 } },
      { type: 'chat', tableId: TABLE, text: '' },
      { type: 'chat', tableId: TABLE, text: '   ' },
      { type: 'chat', tableId: TABLE, text: 'two\nlines' },
      { type: 'chat', tableId: TABLE, text: 'a\u0000b' },
      { type: 'chat', tableId: TABLE, text: 'x'.repeat(281) },
    ];
    for (const message of bad) expect(client(message), JSON.stringify(message)).toBe(false);
  });

  it('describe server messages', () => {
    const seat = { player: { id: 'p', name: 'A', account: false }, presence: 'away', awayUntil: 5 };
    expect(
      server({ type: 'presence', tableId: TABLE, status: 'playing', seats: [seat, null], spectators: 2 }),
    ).toBe(true);
    expect(server({ type: 'error', code: 'state/stale', field: 'seq', message: 'm', ref: 'r1' })).toBe(true);
    expect(server({ type: 'error', code: 'nope', field: '', message: 'm' })).toBe(false);
    const header = {
      variant: 'combined',
      tableSize: '12ft',
      settings: {},
      framesToWin: 3,
      players: ['A', 'B'],
      breaker: null,
      table: '3',
      event: { eventId: 'ev1', match: 'w1-1' },
    };
    const entry = { seq: 1, entry: { kind: 'undo' }, by: { id: 'p', name: 'A' }, at: 5 };
    expect(
      server({
        type: 'score-state',
        liveId: TABLE,
        header,
        entries: [entry],
        seq: 1,
        writer: true,
        epoch: 2,
        finished: false,
      }),
      JSON.stringify(server.errors),
    ).toBe(true);
    expect(server({ type: 'score-ack', liveId: TABLE, seq: 3 })).toBe(true);
    expect(server({ type: 'error', code: 'score/conflict', field: '/seq', message: 'm', ref: 'r' })).toBe(
      true,
    );
    const playing = {
      key: `live:${TABLE}`,
      source: { kind: 'scorer', liveId: TABLE, table: '3' },
      players: [
        { id: 'p', name: 'A' },
        { id: null, name: 'B' },
      ],
      frames: [1, 0],
      points: [35, 12],
      race: 3,
      atTable: 1,
      event: { eventId: 'ev1', match: 'w1-1', name: 'Cup' },
      watchUrl: `/overlay.html?live=${TABLE}`,
      eventUrl: '/event.html?id=ev1',
      seq: 40,
      at: 5,
    };
    expect(
      server({ type: 'player-live', playerId: 'p', matches: [playing] }),
      JSON.stringify(server.errors),
    ).toBe(true);
    expect(server({ type: 'player-live', playerId: 'p', matches: [{ ...playing, atTable: 'a' }] })).toBe(
      false,
    );
  });

  it('refuse a player-watch without a proper player id', () => {
    expect(client({ type: 'player-watch', playerId: 'a/b' })).toBe(false);
    expect(client({ type: 'player-watch' })).toBe(false);
    expect(client({ type: 'player-unwatch', playerId: TABLE })).toBe(false);
  });
});
