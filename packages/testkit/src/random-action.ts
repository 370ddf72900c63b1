/**
 * `randomAction(state, random)`: one random action the rules allow now, with random but consistent
 * shot facts: every ball named is on the bed, nothing falls twice, a placement lies inside its area,
 * cushion contacts follow a first contact. Whether the shot is a foul is left to chance, which is the
 * point: the referee must rule on anything a table could produce.
 */
import type { Random } from '@pyramid/core';
import {
  type BallId,
  type InHand,
  type LegalAction,
  legalActions,
  type MatchState,
  type Pocketing,
  type ShotTemplate,
  STROKE_FOULS,
} from '@pyramid/rules';
import { markings, POCKET_IDS, type Point, REGULATION_12FT } from '@pyramid/table';
import type { RecordAction, RecordShot } from './json.js';

export interface RandomActionOptions {
  /** Chance of an action outside a shot when a shot is due (event foul, interference, extension). Default 0.02. */
  readonly eventRate?: number;
  /**
   * Chance of an event instead of the decision or lag when one is pending (п.28, п.22.3 and §27 while
   * a penalty ball, exchange ball or Dynamic option is chosen; a touch before the Classic 70:70 lag).
   * Default: `eventRate`.
   */
  readonly decisionEventRate?: number;
  /** Allow the fouls outside a shot (п.11, п.17, п.22.3, п.26, п.28). Default true. */
  readonly eventFouls?: boolean;
  /** Allow §27 interference, restorable or not. Default true. */
  readonly interference?: boolean;
  /** Allow п.26 time extensions (only listed when a shot clock is set). Default true. */
  readonly extensions?: boolean;
  /** Classic: chance that a shot due with a call is played without one (Classic 5.2). Default 0.02. */
  readonly uncalledRate?: number;
  /** Chance that a shot carries a stroke foul (§29.1 items 3–8). Default 0.03. */
  readonly strokeFoulRate?: number;
  /** Give the rest positions of every ball after each shot (slower; exercises re-spotting and the temporary house). Default false. */
  readonly positions?: boolean;
  /**
   * Chance that a shot is played cleanly: it contacts a ball, reaches two cushions, nothing jumps and
   * the cue ball stays up. Raise it for long frames that clear the table (Classic 70:70). Default 0.
   */
  readonly cleanShotRate?: number;
}

const SPEC = REGULATION_12FT;
const MARKS = markings(SPEC);
const R = SPEC.ballDiameter / 2;
/** Inside these bounds a ball centre is on the bed (x 34…3516, y 34…1741 on the 12-ft table). */
const MIN_X = R + 0.5;
const MAX_X = SPEC.length - R - 0.5;
const MIN_Y = R + 0.5;
const MAX_Y = SPEC.width - R - 0.5;
/** Balls closer than this overlap for the referee (a diameter less its 0.5 mm allowance); keep a margin. */
const SEPARATION = SPEC.ballDiameter + 0.5;

const round1 = (value: number): number => Math.round(value * 10) / 10;

function between(random: Random, low: number, high: number): number {
  return round1(low + random.float() * (high - low));
}

/** A random point strictly inside `area` (house x < 887.5, temporary house x > 2662.5) and on the bed. */
export function randomPointIn(random: Random, area: InHand): Point {
  const y = between(random, MIN_Y, MAX_Y);
  switch (area) {
    case 'house':
      return { x: between(random, MIN_X, MARKS.houseLineX - 0.5), y };
    case 'temporary-house':
      return { x: between(random, MARKS.temporaryHouseLineX + 0.5, MAX_X), y };
    case 'anywhere':
      return { x: between(random, MIN_X, MAX_X), y };
  }
}

function clear(at: Point, others: Iterable<Point>): boolean {
  for (const other of others) if (Math.hypot(other.x - at.x, other.y - at.y) < SEPARATION) return false;
  return true;
}

/**
 * Rest positions for `balls`, none overlapping. Now and then every ball ends in the house, so that
 * the temporary house (п.21 reading 13) comes up in play.
 */
function randomPositions(random: Random, balls: readonly BallId[]): Record<string, Point> {
  const area: InHand = random.chance(0.2) ? 'house' : 'anywhere';
  for (let attempt = 0; attempt < 2; attempt++) {
    const placed: Record<string, Point> = {};
    let ok = true;
    for (const ball of balls) {
      let at: Point | null = null;
      for (let tries = 0; tries < 200 && at === null; tries++) {
        const candidate = randomPointIn(random, attempt === 0 ? area : 'anywhere');
        if (clear(candidate, Object.values(placed))) at = candidate;
      }
      if (at === null) {
        ok = false;
        break;
      }
      placed[ball] = at;
    }
    if (ok) return placed;
  }
  throw new Error(`could not place ${balls.length} balls without overlap`);
}

/** Draws an index from relative weights. */
function weighted(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = random.float() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Up to `count` distinct balls from `from`, in random order. */
function distinct(random: Random, from: readonly BallId[], count: number): BallId[] {
  const pool = from.slice();
  const out: BallId[] = [];
  while (out.length < count && pool.length > 0) {
    const index = random.int(pool.length);
    out.push(pool[index]!);
    pool.splice(index, 1);
  }
  return out;
}

/** A concrete shot for `template`, with random facts that could have happened on this table. */
export function randomShot(
  state: MatchState,
  template: ShotTemplate,
  random: Random,
  options: RandomActionOptions = {},
): RecordShot {
  const cue = random.pick(template.cueBalls);
  // Classic 5.2: now and then a player strikes without calling (ruled, not refused: issue 14 item 4).
  const call =
    template.calls === null || random.chance(options.uncalledRate ?? 0.02)
      ? null
      : random.pick(template.calls);
  const inHand = template.inHand;
  const onBed = inHand !== null && !state.table.includes(cue) ? [...state.table, cue] : state.table;
  const objects = onBed.filter((ball) => ball !== cue);
  const isBreak = template.kind === 'break';

  let placement: Point | null = null;
  if (inHand !== null && random.chance(0.9)) {
    const known = state.positions;
    for (let tries = 0; tries < 50 && placement === null; tries++) {
      const candidate = randomPointIn(random, inHand);
      const others =
        known === null
          ? []
          : Object.entries(known)
              .filter(([key]) => Number(key) !== cue)
              .map(([, at]) => at);
      if (clear(candidate, others)) placement = candidate;
    }
  }

  const clean = random.chance(options.cleanShotRate ?? 0);
  const firstContact = objects.length > 0 && (clean || random.chance(0.95)) ? random.pick(objects) : null;

  // Pocketed balls: the called ball often drops in the called pocket; the cue ball sometimes falls too.
  const pocketed: Pocketing[] = [];
  const count = firstContact === null ? (random.chance(0.1) ? 1 : 0) : weighted(random, [50, 32, 12, 6]);
  if (count > 0 && call !== null && random.chance(clean ? 0.8 : 0.65)) {
    pocketed.push({ ball: call.ball, pocket: call.pocket });
  }
  const candidates = onBed.filter((ball) => !pocketed.some((p) => p.ball === ball));
  const cueFalls = !clean && random.chance(0.15);
  const pool = cueFalls ? candidates : candidates.filter((ball) => ball !== cue);
  for (const ball of distinct(random, pool, count - pocketed.length)) {
    pocketed.push({ ball, pocket: random.pick(POCKET_IDS) });
  }
  const gone = new Set(pocketed.map((p) => p.ball));

  const offTable: BallId[] = [];
  if (!clean && random.chance(0.02)) {
    const stays = onBed.filter((ball) => !gone.has(ball));
    if (stays.length > 0) {
      const ball = random.pick(stays);
      offTable.push(ball);
      gone.add(ball);
    }
  }

  const cushionsAfterContact: BallId[] = [];
  if (firstContact !== null) {
    const contacts = clean ? 2 + random.int(3) : weighted(random, [15, 15, 35, 20, 15]);
    for (let i = 0; i < contacts; i++) cushionsAfterContact.push(random.pick(onBed));
  }

  const breakCushionBalls = isBreak
    ? distinct(random, objects, clean ? 2 + random.int(5) : weighted(random, [8, 12, 20, 20, 15, 10, 8, 7]))
    : [];

  const facts: RecordShot['facts'] = {};
  if (firstContact !== null) facts.firstContact = firstContact;
  if (pocketed.length > 0) facts.pocketed = pocketed;
  if (offTable.length > 0) facts.offTable = offTable;
  if (cushionsAfterContact.length > 0) facts.cushionsAfterContact = cushionsAfterContact;
  if (breakCushionBalls.length > 0) facts.breakCushionBalls = breakCushionBalls;
  if (inHand === 'house' && (clean || random.chance(0.3))) facts.cueBallLeftHouseFirst = true;
  if (inHand === 'house' && firstContact !== null && !options.positions && !clean) {
    const roll = random.float();
    if (roll < 0.1) facts.firstContactInHouse = true;
    else if (roll < 0.5) facts.firstContactInHouse = false;
  }
  if (firstContact !== null && random.chance(0.2)) facts.centreLineCrossed = [random.pick(onBed)];
  if (!clean && objects.length > 0 && random.chance(0.03)) facts.frozenBalls = [random.pick(objects)];
  if (!clean && random.chance(options.strokeFoulRate ?? 0.03))
    facts.strokeFouls = [random.pick(STROKE_FOULS)];
  if (!clean && objects.length > 0 && random.chance(0.03)) {
    facts.stroke = {
      nearestBall: random.pick(objects),
      gapMm: round1(random.float() * 40),
      angleDeg: round1(random.float() * 90),
    };
  }
  if (options.positions) {
    facts.positions = randomPositions(
      random,
      onBed.filter((ball) => !gone.has(ball)),
    );
  }
  return {
    type: 'shot',
    player: template.player,
    cueBall: cue,
    ...(call === null ? {} : { call: { ball: call.ball, pocket: call.pocket } }),
    ...(placement === null ? {} : { placement }),
    facts,
  };
}

function isEvent(action: LegalAction): boolean {
  return action.type === 'foul' || action.type === 'interference' || action.type === 'extension';
}

function allowedEvent(action: LegalAction, options: RandomActionOptions): boolean {
  switch (action.type) {
    case 'foul':
      return options.eventFouls !== false;
    case 'interference':
      return options.interference !== false;
    case 'extension':
      return options.extensions !== false;
    default:
      return false;
  }
}

/**
 * A random action the rules allow in `state`: a decision or a lag chosen uniformly, or, when a shot
 * is due, a random shot (rarely an event outside the shot instead). Returns the record (JSON) shape.
 * Throws when nothing may happen (the match is over).
 */
export function randomAction(
  state: MatchState,
  random: Random,
  options: RandomActionOptions = {},
): RecordAction {
  const legal = legalActions(state);
  if (legal.length === 0) throw new Error('randomAction: no legal action (the match is over)');
  const template = legal.find((action): action is ShotTemplate => action.type === 'shot');
  if (template === undefined) {
    const others = legal as readonly Exclude<LegalAction, ShotTemplate>[];
    const choices = others.filter((action) => !isEvent(action));
    const events = others.filter((action) => isEvent(action) && allowedEvent(action, options));
    if (events.length > 0 && random.chance(options.decisionEventRate ?? options.eventRate ?? 0.02)) {
      return random.pick(events);
    }
    return random.pick(choices.length > 0 ? choices : others);
  }
  if (random.chance(options.eventRate ?? 0.02)) {
    const events = legal.filter(
      (action): action is Exclude<LegalAction, ShotTemplate> =>
        action.type !== 'shot' && allowedEvent(action, options),
    );
    if (events.length > 0) return random.pick(events);
  }
  return randomShot(state, template, random, options);
}
