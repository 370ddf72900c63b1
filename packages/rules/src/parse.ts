/**
 * Reads an action from untrusted JSON. Every field is checked and named on failure; unknown
 * fields are rejected, so a typo in a record is an error rather than a silently ignored fact.
 */
import { describeValue, err, fieldPointer, ok, pointerJoin, type Result } from '@pyramid/core';
import { POCKET_IDS, type PocketId, type Point } from '@pyramid/table';
import {
  ACTION_TYPES,
  type Action,
  EVENT_FOULS,
  type ObjectBallsInHouse,
  type ShotOutcome,
} from './actions.js';
import { ALL_BALLS, type BallId, COLOURED, isBallId } from './balls.js';
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
  'objectBallsInHouse',
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
  for (const key in value) if (!allowed.includes(key)) unknownField(field, key, allowed);
  return value;
}

function unknownField(field: string, key: string, allowed: readonly string[]): never {
  return fail(pointerJoin(fieldPointer(field), key), `unknown field (allowed: ${allowed.join(', ')})`);
}

/** Whether every key of `value` is one of `allowed` (the test `record` makes, without the error). */
function hasOnly(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

/** Shared empty lists: most facts are absent, and the referee never writes to a parsed list. */
const NO_BALLS: BallId[] = Object.freeze([]) as unknown as BallId[];
const NO_STROKE_FOULS: StrokeFoul[] = Object.freeze([]) as unknown as StrokeFoul[];
const NO_POCKETINGS: Pocketing[] = Object.freeze([]) as unknown as Pocketing[];

/** п.21 without positions: absent, or 'all' / 'not-all' object balls lying in the house. */
function houseFact(value: unknown): { objectBallsInHouse?: ObjectBallsInHouse } {
  if (value === undefined) return {};
  if (value !== 'all' && value !== 'not-all')
    fail('objectBallsInHouse', "must be 'all' (every object ball lies in the house) or 'not-all'");
  return { objectBallsInHouse: value };
}

function player(value: unknown, field: string): Player {
  if (value !== 0 && value !== 1) fail(field, 'must be 0 or 1 (the first or second player)');
  return value;
}

export function ball(value: unknown, field: string): BallId {
  if (typeof value !== 'number' || !Number.isInteger(value))
    fail(field, 'must be a ball number (0 = coloured, 1–15)');
  if (!isBallId(value))
    fail(field, `unknown ball ${describeValue(value)} (balls are 0 = coloured and 1–15)`, 'unknown-ball');
  return value;
}

/**
 * `ball(value, `${field}.${key}`)`, but the path is only built to report an error: a shot names
 * several balls and building a path string for each valid one is a measurable share of parsing.
 */
function ballAt(value: unknown, field: string, key: string | number): BallId {
  if (isBallId(value)) return value;
  return ball(value, typeof key === 'number' ? `${field}[${key}]` : `${field}.${key}`);
}

function isPocketId(value: unknown): value is PocketId {
  return typeof value === 'string' && (POCKET_IDS as readonly string[]).includes(value);
}

function pocket(value: unknown, field: string): PocketId {
  if (!isPocketId(value)) fail(field, `must be a pocket: ${POCKET_IDS.join(', ')}`);
  return value;
}

/** `pocket(value, `${field}.${key}`)`, but the path is only built to report an error (see `ballAt`). */
function pocketAt(value: unknown, field: string, key: string): PocketId {
  return isPocketId(value) ? value : pocket(value, `${field}.${key}`);
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
  for (let i = 0; i < list.length; i++) out[i] = ballAt(list[i], field, i);
  return out;
}

/** An optional list of balls in `${field}.${key}`; the path is built only when the list is present. */
function optionalBalls(value: unknown, field: string, key: string): BallId[] {
  return value === undefined ? NO_BALLS : balls(value, `${field}.${key}`);
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
  const base = fieldPointer(field);
  return { x: finite(p.x, pointerJoin(base, 'x')), y: finite(p.y, pointerJoin(base, 'y')) };
}

export function positions(value: unknown, field: string): Record<string, Point> | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) fail(field, 'must be an object of ball number → { x, y }');
  const out: Record<string, Point> = {};
  for (const [key, at] of Object.entries(value)) {
    // A ball number and a point of two finite numbers are copied without building field paths
    // (sixteen balls per shot); anything else goes through the checks that name the field.
    if (BALL_KEYS.has(key) && isPoint(at)) {
      out[key] = { x: at.x, y: at.y };
      continue;
    }
    const id = /^(0|[1-9]\d?)$/.test(key) ? Number(key) : Number.NaN;
    // The key came from the input: it is joined as a pointer token, never read as a path.
    const path = pointerJoin(fieldPointer(field), key);
    ball(Number.isNaN(id) ? key : id, path);
    out[key] = point(at, path);
  }
  return out;
}

/** The keys `positions` accepts: the ball numbers 0–15 written plainly. */
const BALL_KEYS: ReadonlySet<string> = new Set(ALL_BALLS.map(String));

/** What `point` accepts: `{ x, y }` of finite numbers and nothing else. */
function isPoint(value: unknown): value is Point {
  return (
    isRecord(value) && Number.isFinite(value.x) && Number.isFinite(value.y) && hasOnly(value, FIELDS_X_Y)
  );
}

function call(value: unknown, field: string): Call | null {
  if (value === null || value === undefined) return null;
  const c = record(value, field, FIELDS_BALL_POCKET);
  return { ball: ballAt(c.ball, field, 'ball'), pocket: pocketAt(c.pocket, field, 'pocket') };
}

function strokeFouls(value: unknown, field: string): StrokeFoul[] {
  if (value === undefined) return NO_STROKE_FOULS;
  const list = array(value, field);
  const out: StrokeFoul[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (!(STROKE_FOULS as readonly unknown[]).includes(entry)) {
      fail(`${field}[${i}]`, `must be one of ${STROKE_FOULS.join(', ')}`);
    }
    out[i] = entry as StrokeFoul;
  }
  return out;
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

/**
 * One entry of `facts.pocketed`. A valid entry is read without building its field path (a shot
 * names several balls, and the path strings were a measurable share of parsing); anything else is
 * read again by the checking parser, which names the field at fault.
 */
function pocketing(entry: unknown, field: string, index: number): Pocketing {
  if (
    isRecord(entry) &&
    isBallId(entry.ball) &&
    isPocketId(entry.pocket) &&
    hasOnly(entry, FIELDS_BALL_POCKET)
  ) {
    return { ball: entry.ball, pocket: entry.pocket };
  }
  const path = `${field}[${index}]`;
  const p = record(entry, path, FIELDS_BALL_POCKET);
  return { ball: ball(p.ball, `${path}.ball`), pocket: pocket(p.pocket, `${path}.pocket`) };
}

function pocketings(value: unknown, field: string): Pocketing[] {
  const list = array(value, field);
  const out: Pocketing[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = pocketing(list[i], field, i);
  return out;
}

/**
 * Reads `facts` in one pass over its keys, then checks the values in a fixed order (the first error
 * named never depends on the order of the keys). Facts come in many shapes, as each lists only what
 * happened, and reading a dozen mostly absent fields by name was a measurable share of a ruling.
 */
function facts(value: unknown, field: string): ShotFacts {
  if (!isRecord(value)) fail(field, 'must be an object');
  let firstContact: unknown;
  let pocketed: unknown;
  let offTable: unknown;
  let cushionsAfterContact: unknown;
  let breakCushionBalls: unknown;
  let cueBallLeftHouseFirst: unknown;
  let firstContactInHouse: unknown;
  let centreLineCrossed: unknown;
  let frozenBalls: unknown;
  let strokeFoulList: unknown;
  let strokeGeometry: unknown;
  let restPositions: unknown;
  for (const key in value) {
    const entry = value[key];
    switch (key) {
      case 'firstContact':
        firstContact = entry;
        break;
      case 'pocketed':
        pocketed = entry;
        break;
      case 'offTable':
        offTable = entry;
        break;
      case 'cushionsAfterContact':
        cushionsAfterContact = entry;
        break;
      case 'breakCushionBalls':
        breakCushionBalls = entry;
        break;
      case 'cueBallLeftHouseFirst':
        cueBallLeftHouseFirst = entry;
        break;
      case 'firstContactInHouse':
        firstContactInHouse = entry;
        break;
      case 'centreLineCrossed':
        centreLineCrossed = entry;
        break;
      case 'frozenBalls':
        frozenBalls = entry;
        break;
      case 'strokeFouls':
        strokeFoulList = entry;
        break;
      case 'stroke':
        strokeGeometry = entry;
        break;
      case 'positions':
        restPositions = entry;
        break;
      default:
        unknownField(field, key, FACT_FIELDS);
    }
  }
  // The pocketed balls are checked first, as they always were.
  const pocketedList = pocketed === undefined ? NO_POCKETINGS : pocketings(pocketed, `${field}.pocketed`);
  return {
    firstContact:
      firstContact === null || firstContact === undefined
        ? null
        : ballAt(firstContact, field, 'firstContact'),
    pocketed: pocketedList,
    offTable: optionalBalls(offTable, field, 'offTable'),
    cushionsAfterContact: optionalBalls(cushionsAfterContact, field, 'cushionsAfterContact'),
    breakCushionBalls: optionalBalls(breakCushionBalls, field, 'breakCushionBalls'),
    cueBallLeftHouseFirst:
      cueBallLeftHouseFirst === undefined
        ? false
        : bool(cueBallLeftHouseFirst, `${field}.cueBallLeftHouseFirst`),
    firstContactInHouse:
      firstContactInHouse === undefined || firstContactInHouse === null
        ? null
        : bool(firstContactInHouse, `${field}.firstContactInHouse`),
    centreLineCrossed: optionalBalls(centreLineCrossed, field, 'centreLineCrossed'),
    frozenBalls: optionalBalls(frozenBalls, field, 'frozenBalls'),
    strokeFouls:
      strokeFoulList === undefined ? NO_STROKE_FOULS : strokeFouls(strokeFoulList, `${field}.strokeFouls`),
    stroke:
      strokeGeometry === undefined || strokeGeometry === null
        ? null
        : stroke(strokeGeometry, `${field}.stroke`),
    positions:
      restPositions === undefined || restPositions === null
        ? null
        : positions(restPositions, `${field}.positions`),
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

const INSIDE_FACTS = 'belongs inside `facts` when facts are given';

function outcome(a: Record<string, unknown>): ShotOutcome {
  const hasFacts = a.facts !== undefined;
  const hasEvents = a.events !== undefined;
  if (hasFacts === hasEvents) fail('facts', 'a shot needs either `facts` or `events` (not both)');
  if (hasFacts) {
    // Read by name: a loop over the names made four slow reads by computed key on every shot.
    if (a.strokeFouls !== undefined) fail('strokeFouls', INSIDE_FACTS);
    if (a.stroke !== undefined) fail('stroke', INSIDE_FACTS);
    if (a.frozenBalls !== undefined) fail('frozenBalls', INSIDE_FACTS);
    if (a.positions !== undefined) fail('positions', INSIDE_FACTS);
    return { facts: facts(a.facts, 'facts') };
  }
  const events = array(a.events, 'events');
  if (events.length > 2000) fail('events', 'has too many entries');
  return {
    events: events.map((entry, i) => event(entry, `events[${i}]`)),
    strokeFouls: strokeFouls(a.strokeFouls, 'strokeFouls'),
    stroke: stroke(a.stroke, 'stroke'),
    frozenBalls: a.frozenBalls === undefined ? NO_BALLS : balls(a.frozenBalls, 'frozenBalls'),
    positions: positions(a.positions, 'positions'),
  };
}

/**
 * Parses one action. `defaultCueBall` fills an omitted cue ball (the coloured ball except in Free).
 */
/** A note: a string, or the same note in several languages keyed by language tag ("en", "ru"). */
function isNote(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (!isRecord(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(([tag, text]) => /^[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag) && typeof text === 'string')
  );
}

export function parseAction(
  input: unknown,
  defaultCueBall: BallId | null = COLOURED,
): Result<Action, RefereeError> {
  try {
    if (!isRecord(input)) fail('', 'an action must be an object');
    if (input.note !== undefined && !isNote(input.note)) {
      fail('note', 'must be a string, or an object of strings by language ({ "en": "…", "ru": "…" })');
    }
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
          ...houseFact(a.objectBallsInHouse),
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
