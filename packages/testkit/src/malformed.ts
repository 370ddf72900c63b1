/**
 * `randomMalformedAction(random)`: input that is not an action, whatever the state: wrong types,
 * unknown fields, missing fields, huge numbers, NaN-like strings, arrays where objects belong and
 * nested junk. Each value carries at least one defect that `parseAction` must reject, so a referee
 * that accepts one (or throws on one) is wrong.
 */
import type { Random } from '@pyramid/core';
import { EVENT_FOULS } from '@pyramid/rules';
import { POCKET_IDS } from '@pyramid/table';

type Json = Record<string, unknown>;

/** Values that are never a number (in any field that wants one): strings, NaN, nested things. */
const NOT_NUMBERS: readonly unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x1',
  '1',
  '',
  ' 0',
  'null',
  true,
  false,
  [],
  [1],
  {},
  { value: 1 },
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/** Never a ball: out of range, fractional, huge, or not a number at all (never -0, which is ball 0). */
const NOT_BALLS: readonly unknown[] = [
  ...NOT_NUMBERS,
  16,
  17,
  -1,
  99,
  0.5,
  1.0000001,
  15.5,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Never a player (0 or 1). */
const NOT_PLAYERS: readonly unknown[] = [...NOT_BALLS, 2, 3, null, '0', 'A'];

/** Keys that no action allows. */
const UNKNOWN_KEYS = [
  'foo',
  'Type',
  'PLAYER',
  'extra',
  '',
  ' ',
  '0',
  '__proto__',
  'constructor',
  'facts ',
  'ball2',
];

/** Sets an own property, even `__proto__` (which plain assignment would take as the prototype). */
function setField(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function junk(random: Random, depth = 0): unknown {
  const roll = random.int(depth > 3 ? 5 : 8);
  switch (roll) {
    case 0:
      return random.pick(NOT_NUMBERS);
    case 1:
      return null;
    case 2:
      return random.pick(['shot', 'lag', 'FL', '{}', 'undefined', '\u0000', 'ш'.repeat(random.int(100))]);
    case 3:
      return random.pick([0, 1, -1, 1e308, 2 ** 53, 0.1]);
    case 4:
      return random.chance(0.5);
    case 5:
      return Array.from({ length: random.int(4) }, () => junk(random, depth + 1));
    case 6: {
      const out: Json = {};
      for (let i = random.int(4); i > 0; i--)
        setField(out, random.pick([...UNKNOWN_KEYS, 'type', 'x', 'ball']), junk(random, depth + 1));
      return out;
    }
    default:
      return Array.from({ length: 65 + random.int(10) }, () => random.int(16));
  }
}

const anyBall = (random: Random): number => random.int(16);
const anyPlayer = (random: Random): 0 | 1 => (random.chance(0.5) ? 0 : 1);

/** A well-formed action of a random type, to be broken by `corrupt`. */
function wellFormed(random: Random): Json {
  switch (random.int(10)) {
    case 0:
    case 8:
    case 9:
    case 1: {
      const facts: Json = {
        firstContact: anyBall(random),
        pocketed: [{ ball: anyBall(random), pocket: random.pick(POCKET_IDS) }],
        cushionsAfterContact: [anyBall(random), anyBall(random)],
      };
      const shot: Json = { type: 'shot', player: anyPlayer(random), cueBall: anyBall(random), facts };
      if (random.chance(0.3)) shot.call = { ball: anyBall(random), pocket: random.pick(POCKET_IDS) };
      if (random.chance(0.3)) shot.placement = { x: 400, y: 800 };
      return shot;
    }
    case 2:
      return {
        type: random.pick(['penalty-ball', 'exchange-ball']),
        player: anyPlayer(random),
        ball: anyBall(random),
      };
    case 3:
      return { type: 'dynamic-option', player: anyPlayer(random), option: random.pick([1, 2]) };
    case 4:
      return { type: 'lag', winner: anyPlayer(random), first: anyPlayer(random) };
    case 5:
      return { type: 'foul', player: anyPlayer(random), foul: random.pick(EVENT_FOULS) };
    case 6:
      return { type: 'interference', restorable: random.chance(0.5) };
    default:
      return { type: 'extension', player: anyPlayer(random) };
  }
}

/** Required fields whose absence is an error (a lag's `first` and a shot's `cueBall` have defaults). */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  shot: ['player', 'facts'],
  'penalty-ball': ['player', 'ball'],
  'exchange-ball': ['player', 'ball'],
  'dynamic-option': ['player', 'option'],
  lag: ['winner'],
  foul: ['player', 'foul'],
  interference: ['restorable'],
  extension: ['player'],
};

/** Fields holding a ball or a player, with the bad values that fit them. */
const BALL_FIELDS = ['ball', 'cueBall'];
const PLAYER_FIELDS = ['player', 'winner', 'first'];

/** Shot-only defects, each rejected by the parser whatever the rest of the shot says. */
function corruptShot(random: Random, shot: Json): void {
  const facts = (
    typeof shot.facts === 'object' && shot.facts !== null && !Array.isArray(shot.facts) ? shot.facts : null
  ) as Json | null;
  switch (random.int(14)) {
    case 0:
      shot.facts = random.pick([[], 'facts', 5, null, [{ firstContact: 1 }]]);
      return;
    case 1:
      shot.events = random.pick([[], [{ type: 'cushion', ball: 1 }]]);
      if (shot.facts === undefined) shot.facts = {};
      return;
    case 2:
      shot.call = random.pick<unknown>([
        'FL',
        5,
        [1, 'FL'],
        { ball: 1 },
        { ball: 1, pocket: 'XX' },
        { pocket: 'FL' },
      ]);
      return;
    case 3:
      shot.placement = random.pick<unknown>([
        { x: '1', y: 2 },
        [400, 800],
        { x: 400 },
        { x: 400, y: 800, z: 0 },
        { x: Number.NaN, y: 800 },
        { x: Number.POSITIVE_INFINITY, y: 0 },
        'house',
        7,
      ]);
      return;
    case 4:
      // Outside \`facts\` these observations belong only to an event list.
      if (shot.facts === undefined) shot.facts = {};
      shot.strokeFouls = ['push'];
      return;
    case 5:
      shot.events = [{ type: random.pick(['bounce', 'Contact', 7, null]), ball: 1 }];
      delete shot.facts;
      return;
    case 6:
      shot.events = [
        { type: 'contact', balls: random.pick<unknown>([[0], [0, 1, 2], '0,1', [0, 'x'], [0, 16]]) },
      ];
      delete shot.facts;
      return;
    default:
      break;
  }
  if (facts === null) {
    shot.facts = random.pick<unknown>([[], 'x', 1, true, null]);
    return;
  }
  switch (random.int(11)) {
    case 0:
      facts.pocketed = random.pick<unknown>([{ ball: 1, pocket: 'FL' }, 'FL', 3]);
      return;
    case 1:
      facts.pocketed = [
        random.pick<unknown>([{ ball: 1 }, { ball: 1, pocket: 'XX' }, { pocket: 'FL' }, [1, 'FL'], 1, null]),
      ];
      return;
    case 2:
      facts.firstContact = random.pick(NOT_BALLS);
      return;
    case 3:
      facts[
        random.pick([
          'offTable',
          'cushionsAfterContact',
          'breakCushionBalls',
          'centreLineCrossed',
          'frozenBalls',
        ])
      ] = random.pick<unknown>([
        [random.pick(NOT_BALLS)],
        'all',
        { 0: 1 },
        Array.from({ length: 65 }, () => 1),
      ]);
      return;
    case 4:
      facts.positions = random.pick<unknown>([
        { 16: { x: 100, y: 100 } },
        { 1: { x: Number.NaN, y: 100 } },
        { 1: [100, 100] },
        { x: { x: 1, y: 1 } },
        { '01': { x: 100, y: 100 } },
        [{ x: 100, y: 100 }],
        'known',
      ]);
      return;
    case 5:
      facts.strokeFouls = [random.pick<unknown>(['kick', 'Push', 3, null])];
      return;
    case 6:
      facts.stroke = random.pick<unknown>([
        { nearestBall: 1, gapMm: -1, angleDeg: 10 },
        { nearestBall: 1, gapMm: 1, angleDeg: 181 },
        { nearestBall: 1, gapMm: 1 },
        { nearestBall: 1, gapMm: 'near', angleDeg: 10 },
        { nearestBall: 16, gapMm: 1, angleDeg: 10 },
        [1, 1, 10],
      ]);
      return;
    case 7:
      facts[random.pick(['pocket', 'firstcontact', 'events', 'cue', 'foo'])] = junk(random);
      return;
    case 8:
      facts[random.pick(['cueBallLeftHouseFirst', 'firstContactInHouse'])] = random.pick<unknown>([
        'true',
        1,
        0,
        [],
        {},
      ]);
      return;
    case 9:
      // With \`facts\` given, these belong inside them.
      shot[random.pick(['strokeFouls', 'stroke', 'frozenBalls', 'positions'])] = random.pick<unknown>([
        [],
        {},
        { nearestBall: 1, gapMm: 1, angleDeg: 50 },
      ]);
      return;
    default:
      facts.pocketed = [{ ball: random.pick(NOT_BALLS), pocket: 'FL' }];
      return;
  }
}

/** Applies one defect to `action` (an object) and returns the result, which may be a new value. */
function corrupt(random: Random, action: Json): unknown {
  const type = typeof action.type === 'string' ? action.type : '';
  switch (random.int(10)) {
    case 0:
      // Not an object at all.
      return random.pick<unknown>([
        undefined,
        null,
        0,
        -1,
        1e308,
        Number.NaN,
        'NaN',
        'shot',
        '{"type":"lag","winner":0}',
        true,
        [action],
        [],
        [[[]]],
      ]);
    case 1:
      setField(action, random.pick(UNKNOWN_KEYS), junk(random));
      return action;
    case 2:
      action.type = random.pick<unknown>([
        'Shot',
        'shots',
        'penalty',
        'lag ',
        '',
        'SHOT',
        7,
        null,
        ['shot'],
        { type: 'shot' },
      ]);
      return action;
    case 3: {
      const field = random.pick(REQUIRED[type] ?? ['type']);
      delete action[field];
      // A shot needs facts or events: remove both, or an event list added earlier would stand alone.
      if (field === 'facts') delete action.events;
      return action;
    }
    case 4: {
      const field = PLAYER_FIELDS.find((name) => name in action);
      if (field === undefined) {
        action.type = 'extension ';
        return action;
      }
      action[field] = random.pick(NOT_PLAYERS);
      return action;
    }
    case 5: {
      const field = BALL_FIELDS.find((name) => name in action);
      if (field === undefined) {
        setField(action, random.pick(UNKNOWN_KEYS), random.pick(NOT_BALLS));
        return action;
      }
      action[field] = random.pick(NOT_BALLS.filter((v) => v !== null));
      return action;
    }
    case 6:
      if (random.chance(0.3)) {
        action.note = random.pick<unknown>([1, null, [], { text: 'x' }, Number.NaN]);
        return action;
      }
      return corrupt(random, action);
    default:
      switch (type) {
        case 'shot':
          corruptShot(random, action);
          return action;
        case 'dynamic-option':
          action.option = random.pick<unknown>([0, 3, '1', 1.5, null, [1], -1]);
          return action;
        case 'interference':
          action.restorable = random.pick<unknown>(['true', 1, 0, null, [], 'no']);
          return action;
        case 'foul':
          action.foul = random.pick<unknown>(['push', 'slow', 'Slow-play', 29, null, ['slow-play']]);
          return action;
        default:
          // Nested junk under a field the action does not have.
          setField(action, random.pick(UNKNOWN_KEYS), { deeper: [junk(random), { deeper: junk(random) }] });
          return action;
      }
  }
}

/** A value that is not a valid action in any state; apply must reject it with a typed error. */
export function randomMalformedAction(random: Random): unknown {
  let value: unknown = wellFormed(random);
  // Mostly one defect, so that the parser's first complaint is the one that matters.
  const defects = random.chance(0.6) ? 1 : 2 + random.int(2);
  for (let i = 0; i < defects; i++) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) break;
    value = corrupt(random, value as Json);
  }
  return value;
}
