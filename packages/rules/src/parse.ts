/**
 * Reads an action from untrusted JSON. Every field is checked and named on failure; unknown
 * fields are rejected, so a typo in a record is an error rather than a silently ignored fact.
 */
import { err, ok, type Result } from '@pyramid/core';
import { POCKET_IDS, type PocketId, type Point } from '@pyramid/table';
import { ACTION_TYPES, type Action, EVENT_FOULS, type ShotOutcome } from './actions.js';
import { type BallId, COLOURED, isBallId } from './balls.js';
import { type RefereeError, refereeError } from './errors.js';
import {
  EMPTY_FACTS,
  type Pocketing,
  SHOT_EVENT_TYPES,
  type ShotEvent,
  type ShotFacts,
  STROKE_FOULS,
  type StrokeFoul,
  type StrokeGeometry,
} from './facts.js';
import type { Call, Player } from './state.js';

/** Allowed keys, hoisted so that parsing allocates no key lists. */
const SHOT_FIELDS = [
  'type',
  'player',
  'cueBall',
  'call',
  'placement',
  'facts',
  'events',
  'strokeFouls',
  'stroke',
  'frozenBalls',
  'positions',
  'note',
];
const FIELDS_X_Y = ['x', 'y'];
const FIELDS_BALL_POCKET = ['ball', 'pocket'];
const FIELDS_NEARESTBALL_GAPMM_ANGLEDEG = ['nearestBall', 'gapMm', 'angleDeg'];
const EVENT_CONTACT_FIELDS = ['type', 'balls'];
const EVENT_POCKET_FIELDS = ['type', 'ball', 'pocket'];
const EVENT_BALL_FIELDS = ['type', 'ball'];
const FIELDS_PLAYER_BALL = ['type', 'player', 'ball', 'note'];
const FIELDS_PLAYER_OPTION = ['type', 'player', 'option', 'note'];
const FIELDS_WINNER_FIRST = ['type', 'winner', 'first', 'note'];
const FIELDS_PLAYER_FOUL = ['type', 'player', 'foul', 'note'];
const FIELDS_RESTORABLE = ['type', 'restorable', 'note'];
const FIELDS_PLAYER = ['type', 'player', 'note'];

/** Thrown inside the parser only, caught at its boundary: keeps each check a single line. */
class ParseError {
  constructor(readonly error: RefereeError) {}
}

function fail(field: string, message: string, code: RefereeError['code'] = 'malformed-action'): never {
  throw new ParseError(refereeError(code, field, message));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown, field: string, allowed: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) fail(field, 'must be an object');
  for (const key in value) {
    if (!allowed.includes(key))
      fail(field ? `${field}.${key}` : key, `unknown field (allowed: ${allowed.join(', ')})`);
  }
  return value;
}

/** Shared empty lists: most facts are absent, and the referee never writes to a parsed list. */
const NO_BALLS: BallId[] = Object.freeze([]) as unknown as BallId[];
const NO_STROKE_FOULS: StrokeFoul[] = Object.freeze([]) as unknown as StrokeFoul[];

function player(value: unknown, field: string): Player {
  if (value !== 0 && value !== 1) fail(field, 'must be 0 or 1 (the first or second player)');
  return value;
}

export function ball(value: unknown, field: string): BallId {
  if (typeof value !== 'number' || !Number.isInteger(value))
    fail(field, 'must be a ball number (0 = coloured, 1–15)');
  if (!isBallId(value))
    fail(field, `unknown ball ${value} (balls are 0 = coloured and 1–15)`, 'unknown-ball');
  return value;
}

function pocket(value: unknown, field: string): PocketId {
  if (typeof value !== 'string' || !(POCKET_IDS as readonly string[]).includes(value)) {
    fail(field, `must be a pocket: ${POCKET_IDS.join(', ')}`);
  }
  return value as PocketId;
}

function array(value: unknown, field: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(field, 'must be an array');
  if (value.length > 64) fail(field, 'has too many entries');
  return value;
}

function balls(value: unknown, field: string): BallId[] {
  const list = array(value, field);
  if (list.length === 0) return NO_BALLS;
  const out: BallId[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = ball(list[i], `${field}[${i}]`);
  return out;
}

function optionalBalls(value: unknown, field: string): BallId[] {
  return value === undefined ? NO_BALLS : balls(value, field);
}

function bool(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') fail(field, 'must be true or false');
  return value;
}

function finite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(field, 'must be a finite number');
  return value;
}

export function point(value: unknown, field: string): Point {
  const p = record(value, field, FIELDS_X_Y);
  return { x: finite(p.x, `${field}.x`), y: finite(p.y, `${field}.y`) };
}

export function positions(value: unknown, field: string): Record<string, Point> | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) fail(field, 'must be an object of ball number → { x, y }');
  const out: Record<string, Point> = {};
  for (const [key, at] of Object.entries(value)) {
    const id = /^(0|[1-9]\d?)$/.test(key) ? Number(key) : Number.NaN;
    ball(Number.isNaN(id) ? key : id, `${field}.${key}`);
    out[key] = point(at, `${field}.${key}`);
  }
  return out;
}

function call(value: unknown, field: string): Call | null {
  if (value === null || value === undefined) return null;
  const c = record(value, field, FIELDS_BALL_POCKET);
  return { ball: ball(c.ball, `${field}.ball`), pocket: pocket(c.pocket, `${field}.pocket`) };
}

function strokeFouls(value: unknown, field: string): StrokeFoul[] {
  if (value === undefined) return NO_STROKE_FOULS;
  return array(value, field).map((entry, i) => {
    if (!(STROKE_FOULS as readonly unknown[]).includes(entry)) {
      fail(`${field}[${i}]`, `must be one of ${STROKE_FOULS.join(', ')}`);
    }
    return entry as StrokeFoul;
  });
}

function stroke(value: unknown, field: string): StrokeGeometry | null {
  if (value === null || value === undefined) return null;
  const s = record(value, field, FIELDS_NEARESTBALL_GAPMM_ANGLEDEG);
  const gapMm = finite(s.gapMm, `${field}.gapMm`);
  const angleDeg = finite(s.angleDeg, `${field}.angleDeg`);
  if (gapMm < 0) fail(`${field}.gapMm`, 'must not be negative');
  if (angleDeg < 0 || angleDeg > 180) fail(`${field}.angleDeg`, 'must be from 0 to 180 degrees');
  return { nearestBall: ball(s.nearestBall, `${field}.nearestBall`), gapMm, angleDeg };
}

const FACT_FIELDS = Object.keys(EMPTY_FACTS);

function facts(value: unknown, field: string): ShotFacts {
  const f = record(value, field, FACT_FIELDS);
  const pocketed: Pocketing[] =
    f.pocketed === undefined
      ? []
      : array(f.pocketed, `${field}.pocketed`).map((entry, i) => {
          const p = record(entry, `${field}.pocketed[${i}]`, FIELDS_BALL_POCKET);
          return {
            ball: ball(p.ball, `${field}.pocketed[${i}].ball`),
            pocket: pocket(p.pocket, `${field}.pocketed[${i}].pocket`),
          };
        });
  const firstContact =
    f.firstContact === null || f.firstContact === undefined
      ? null
      : ball(f.firstContact, `${field}.firstContact`);
  return {
    firstContact,
    pocketed,
    offTable: optionalBalls(f.offTable, `${field}.offTable`),
    cushionsAfterContact: optionalBalls(f.cushionsAfterContact, `${field}.cushionsAfterContact`),
    breakCushionBalls: optionalBalls(f.breakCushionBalls, `${field}.breakCushionBalls`),
    cueBallLeftHouseFirst:
      f.cueBallLeftHouseFirst === undefined
        ? false
        : bool(f.cueBallLeftHouseFirst, `${field}.cueBallLeftHouseFirst`),
    firstContactInHouse:
      f.firstContactInHouse === undefined || f.firstContactInHouse === null
        ? null
        : bool(f.firstContactInHouse, `${field}.firstContactInHouse`),
    centreLineCrossed: optionalBalls(f.centreLineCrossed, `${field}.centreLineCrossed`),
    frozenBalls: optionalBalls(f.frozenBalls, `${field}.frozenBalls`),
    strokeFouls: strokeFouls(f.strokeFouls, `${field}.strokeFouls`),
    stroke: stroke(f.stroke, `${field}.stroke`),
    positions: positions(f.positions, `${field}.positions`),
  };
}

function event(value: unknown, field: string): ShotEvent {
  if (!isRecord(value)) fail(field, 'must be an object');
  const type = value.type;
  switch (type) {
    case 'contact': {
      const e = record(value, field, EVENT_CONTACT_FIELDS);
      const pair = array(e.balls, `${field}.balls`);
      if (pair.length !== 2) fail(`${field}.balls`, 'must name exactly two balls');
      return { type, balls: [ball(pair[0], `${field}.balls[0]`), ball(pair[1], `${field}.balls[1]`)] };
    }
    case 'pocket': {
      const e = record(value, field, EVENT_POCKET_FIELDS);
      return { type, ball: ball(e.ball, `${field}.ball`), pocket: pocket(e.pocket, `${field}.pocket`) };
    }
    case 'cushion':
    case 'off-table':
    case 'house-line':
    case 'centre-line': {
      const e = record(value, field, EVENT_BALL_FIELDS);
      return { type, ball: ball(e.ball, `${field}.ball`) };
    }
    default:
      return fail(`${field}.type`, `must be one of ${SHOT_EVENT_TYPES.join(', ')}`);
  }
}

function outcome(a: Record<string, unknown>): ShotOutcome {
  const hasFacts = a.facts !== undefined;
  const hasEvents = a.events !== undefined;
  if (hasFacts === hasEvents) fail('facts', 'a shot needs either `facts` or `events` (not both)');
  if (hasFacts) {
    for (const key of ['strokeFouls', 'stroke', 'frozenBalls', 'positions']) {
      if (a[key] !== undefined) fail(key, 'belongs inside `facts` when facts are given');
    }
    return { facts: facts(a.facts, 'facts') };
  }
  const events = array(a.events, 'events');
  if (events.length > 2000) fail('events', 'has too many entries');
  return {
    events: events.map((entry, i) => event(entry, `events[${i}]`)),
    strokeFouls: strokeFouls(a.strokeFouls, 'strokeFouls'),
    stroke: stroke(a.stroke, 'stroke'),
    frozenBalls: optionalBalls(a.frozenBalls, 'frozenBalls'),
    positions: positions(a.positions, 'positions'),
  };
}

/**
 * Parses one action. `defaultCueBall` fills an omitted cue ball (the coloured ball except in Free).
 */
export function parseAction(
  input: unknown,
  defaultCueBall: BallId | null = COLOURED,
): Result<Action, RefereeError> {
  try {
    if (!isRecord(input)) fail('', 'an action must be an object');
    if (input.note !== undefined && typeof input.note !== 'string') fail('note', 'must be a string');
    const type = input.type;
    switch (type) {
      case 'shot': {
        const a = record(input, '', SHOT_FIELDS);
        let cueBall: BallId;
        if (a.cueBall === undefined) {
          if (defaultCueBall === null)
            fail('cueBall', 'Free 5.1: name the cue ball chosen for this shot', 'illegal-cue-ball');
          cueBall = defaultCueBall;
        } else cueBall = ball(a.cueBall, 'cueBall');
        return ok({
          type,
          player: player(a.player, 'player'),
          cueBall,
          call: call(a.call, 'call'),
          placement:
            a.placement === undefined || a.placement === null ? null : point(a.placement, 'placement'),
          outcome: outcome(a),
        });
      }
      case 'penalty-ball':
      case 'exchange-ball': {
        const a = record(input, '', FIELDS_PLAYER_BALL);
        return ok({ type, player: player(a.player, 'player'), ball: ball(a.ball, 'ball') });
      }
      case 'dynamic-option': {
        const a = record(input, '', FIELDS_PLAYER_OPTION);
        if (a.option !== 1 && a.option !== 2) fail('option', 'must be 1 (take a ball) or 2 (penalty shot)');
        return ok({ type, player: player(a.player, 'player'), option: a.option });
      }
      case 'lag': {
        const a = record(input, '', FIELDS_WINNER_FIRST);
        const winner = player(a.winner, 'winner');
        return ok({ type, winner, first: a.first === undefined ? winner : player(a.first, 'first') });
      }
      case 'foul': {
        const a = record(input, '', FIELDS_PLAYER_FOUL);
        if (!(EVENT_FOULS as readonly unknown[]).includes(a.foul))
          fail('foul', `must be one of ${EVENT_FOULS.join(', ')}`);
        return ok({ type, player: player(a.player, 'player'), foul: a.foul as (typeof EVENT_FOULS)[number] });
      }
      case 'interference': {
        const a = record(input, '', FIELDS_RESTORABLE);
        return ok({ type, restorable: bool(a.restorable, 'restorable') });
      }
      case 'extension': {
        const a = record(input, '', FIELDS_PLAYER);
        return ok({ type, player: player(a.player, 'player') });
      }
      default:
        return fail('type', `must be one of ${ACTION_TYPES.join(', ')}`);
    }
  } catch (caught) {
    if (caught instanceof ParseError) return err(caught.error);
    throw caught;
  }
}

/** Runs a parser that may throw ParseError, turning the throw into a Result. */
export function parsing<T>(run: () => T): Result<T, RefereeError> {
  try {
    return ok(run());
  } catch (caught) {
    if (caught instanceof ParseError) return err(caught.error);
    throw caught;
  }
}

export { array, balls, bool, fail, finite, player, pocket, record };
