/**
 * Playing a shot: the orchestration every game needs. The referee's state knows where the balls lie
 * (mm); the striker chooses a cue ball, a call, where to put a ball in hand and how to strike it. The
 * balls are handed to the simulator (m) on the match's table (its size is part of the state), the
 * simulation is turned into the referee's facts (with rest positions, the house and centre lines of
 * that table, and the break judged as a break), and the referee rules.
 *
 * Decisions (penalty ball, exchange ball, the Dynamic option, a lag) involve no physics: apply them
 * with `apply` or `applyAction` directly.
 */
import { err, ok, type Result, sinCosDeg } from '@pyramid/core';
import {
  type BallSetup,
  type Boundary,
  boundaryOf,
  DEFAULT_PARAMS,
  type PhysicsParams,
  type Simulation,
  type SimulationFailure,
  type Strike,
  simulate,
} from '@pyramid/physics';
import {
  type Applied,
  applyAction,
  type BallId,
  type Call,
  DEFAULT_TABLE_SIZE,
  type MatchState,
  matchTable,
  newMatch,
  type Player,
  type RefereeError,
  type Ruling,
  type Settings,
  type ShotAction,
  type ShotFacts,
  type ShotTurn,
  type TableSize,
  type Variant,
} from '@pyramid/rules';
import type { Point } from '@pyramid/table';
import { MM_PER_M } from './events.js';
import { factsFromSimulation } from './facts.js';

// Built on first use, once per size: a boundary is a few flat arrays the event loop reads.
const BOUNDARIES: Partial<Record<TableSize, Boundary>> = {};
const PARAMS: Partial<Record<TableSize, PhysicsParams>> = {};

/** The table of `size` as the simulator sees it: the cushion outline of its preset, built once. */
export function boundaryFor(size: TableSize): Boundary {
  const built = BOUNDARIES[size];
  if (built !== undefined) return built;
  const boundary = boundaryOf(matchTable(size).geometry);
  BOUNDARIES[size] = boundary;
  return boundary;
}

/**
 * The simulator's parameters on the table of `size`: the default set with the preset's ball (radius
 * and mass) and cushion nose height, as `pyramid simulate` takes them. On 12 ft they are the default
 * set's own numbers (68 mm, 280 g, 42 mm), and the object itself, so nothing changes there.
 */
export function paramsFor(size: TableSize): PhysicsParams {
  const built = PARAMS[size];
  if (built !== undefined) return built;
  const { preset } = matchTable(size);
  const params: PhysicsParams =
    size === DEFAULT_TABLE_SIZE
      ? DEFAULT_PARAMS
      : Object.freeze({
          ...DEFAULT_PARAMS,
          R: preset.ballDiameter / (2 * MM_PER_M),
          m: preset.ballMass / 1000,
          noseHeight: preset.cushionNoseHeight / MM_PER_M,
        });
  PARAMS[size] = params;
  return params;
}

/** The regulation 12 ft table as the simulator sees it, built once. */
export const BOUNDARY_12FT: Boundary = boundaryFor('12ft');

/** A stroke as the striker plans it: the struck ball is the cue ball, so the strike names no ball. */
export type Stroke = Omit<Strike, 'ball'>;

/** What the striker decides before a shot. */
export interface PlannedShot {
  /** The cue ball (Free: any ball on the table; otherwise the coloured ball). */
  readonly cueBall: BallId;
  /** Classic: the called ball and pocket; null where no call is taken. */
  readonly call: Call | null;
  /** Where the cue ball in hand is put (mm); null when it is played where it lies. */
  readonly placement: Point | null;
  readonly strike: Stroke;
}

export interface PlayShotOptions {
  /**
   * The simulator's parameters (default: `paramsFor` the state's table). Given, they replace the
   * table's own: their ball radius should be that table's ball.
   */
  readonly params?: PhysicsParams;
  /** The simulator's boundary (default: `boundaryFor` the state's table, the table the referee judges on). */
  readonly boundary?: Boundary;
}

/** Why a shot could not be played. */
export type PlayError =
  /**
   * The shot does not fit the state: no shot is due, no positions are known, no placement for a ball
   * in hand… `field` points into the planned shot ('' for the state as a whole, `/placement`).
   */
  | { readonly kind: 'setup'; readonly field: string; readonly message: string }
  /** The simulator refused the input or gave up (event cap). */
  | { readonly kind: 'simulation'; readonly error: SimulationFailure }
  /** The referee rejected the shot (an illegal cue ball, call or placement). */
  | { readonly kind: 'referee'; readonly error: RefereeError };

/**
 * A play error in one clear line, for a person or a log: what failed and why. An event-cap failure
 * says how many events the shot ran and that its report reproduces it (the simulator's guarantee,
 * docs/physics.md: every shot ends within its event budget or fails this way, never hangs).
 */
export function playErrorMessage(error: PlayError): string {
  switch (error.kind) {
    case 'setup':
      return error.message;
    case 'referee':
      return `${error.error.code}${error.error.field === '' ? '' : ` (field ${error.error.field})`}: ${error.error.message}`;
    case 'simulation': {
      const failure = error.error;
      if (failure.code === 'invalid-input')
        return `the simulator refused the shot (field ${failure.field}): ${failure.message}`;
      return `the simulator gave up on the shot after ${failure.report.events} events (event-cap); its report reproduces it`;
    }
  }
}

/** A simulated shot with its facts and the action the referee is given, before any ruling. */
export interface SimulatedShot {
  readonly simulation: Simulation;
  readonly facts: ShotFacts;
  readonly action: ShotAction;
}

export interface PlayedShot extends SimulatedShot {
  readonly state: MatchState;
  readonly ruling: Ruling;
}

/**
 * The simulator's starting balls (m) for `shot` in `state`: every ball on the bed at the referee's
 * position, and the cue ball in hand at `shot.placement`. A ball hanging in a pocket's mouth is moved
 * onto the bed's edge, clear of any ball it would touch (see `onSimulatorBed`).
 */
export function startPositions(state: MatchState, shot: PlannedShot): Result<BallSetup[], string> {
  const positions = state.positions;
  if (positions === null) return err('the positions of the balls are not known');
  const turn = state.turn;
  if (turn.kind !== 'shot') return err(`no shot is due (the turn is a ${turn.kind})`);
  const inHand = turn.terms.inHand !== null;
  if (inHand && shot.placement === null) return err('the cue ball is in hand: give its placement');
  const points: { id: BallId; at: Point }[] = [];
  for (const ball of state.table) {
    if (inHand && ball === shot.cueBall) continue;
    const at = positions[ball];
    if (at === undefined) return err(`ball ${ball} has no position`);
    points.push({ id: ball, at });
  }
  if (inHand && shot.placement !== null) points.push({ id: shot.cueBall, at: shot.placement });
  const placed = onSimulatorBed(points, state.tableSize);
  return ok(placed.map(({ id, at }) => ({ id, x: at.x / MM_PER_M, y: at.y / MM_PER_M })));
}

/** Gap (mm) kept between a ball moved onto the bed and its neighbours. */
const NUDGE_CLEARANCE = 0.01;

/**
 * Balls wholly on the bed of the table of `size` (centre at least R from every cushion nose): a ball
 * hanging in a pocket's mouth (allowed by the table's `restsOnTable`, which the referee and the
 * simulator share) is put at the nearest point of the bed clear of every other ball (searched on
 * rings of 2 mm steps around the nearest bed point). Balls already on the bed never move. The bots'
 * planning geometry assumes balls on the bed.
 */
export function onSimulatorBed<T extends { readonly id: number; readonly at: Point }>(
  balls: readonly T[],
  size: TableSize = DEFAULT_TABLE_SIZE,
): T[] {
  const { spec } = matchTable(size);
  const r = spec.ballDiameter / 2;
  const inside = (p: Point) => p.x >= r && p.x <= spec.length - r && p.y >= r && p.y <= spec.width - r;
  if (balls.every((b) => inside(b.at))) return [...balls];
  const out = balls.map((b) => ({ ...b }));
  const min = spec.ballDiameter + NUDGE_CLEARANCE;
  const clear = (p: Point, self: T) =>
    inside(p) && out.every((o) => o === self || (o.at.x - p.x) ** 2 + (o.at.y - p.y) ** 2 >= min * min);
  for (const ball of out) {
    if (inside(ball.at)) continue;
    const start: Point = {
      x: Math.min(Math.max(ball.at.x, r), spec.length - r),
      y: Math.min(Math.max(ball.at.y, r), spec.width - r),
    };
    let best: Point | null = clear(start, ball) ? start : null;
    for (let ring = 1; best === null && ring <= 200; ring++) {
      const radius = 2 * ring;
      const steps = 8 + 4 * ring;
      let nearest = Number.POSITIVE_INFINITY;
      for (let k = 0; k < steps; k++) {
        const [sin, cos] = sinCosDeg((360 * k) / steps);
        const p = { x: start.x + radius * cos, y: start.y + radius * sin };
        if (!clear(p, ball)) continue;
        const d = (p.x - ball.at.x) ** 2 + (p.y - ball.at.y) ** 2;
        if (d < nearest) {
          nearest = d;
          best = p;
        }
      }
    }
    (ball as { at: Point }).at = best ?? start;
  }
  return out;
}

/** Simulates `shot` from `state` and turns it into the referee's facts and action, without ruling. */
export function simulateShot(
  state: MatchState,
  shot: PlannedShot,
  options: PlayShotOptions = {},
): Result<SimulatedShot, PlayError> {
  const turn = state.turn;
  if (turn.kind !== 'shot')
    return err({ kind: 'setup', field: '', message: `no shot is due (the turn is a ${turn.kind})` });
  // The simulator needs the cue ball somewhere, though the referee rules a shot from an unrecorded place.
  if (turn.terms.inHand !== null && shot.placement === null) {
    return err({
      kind: 'setup',
      field: '/placement',
      message: 'the cue ball is in hand: give its placement',
    });
  }
  const balls = startPositions(state, shot);
  if (!balls.ok) return err({ kind: 'setup', field: '', message: balls.error });
  const params = options.params ?? paramsFor(state.tableSize);
  const strike: Strike = { ...shot.strike, ball: shot.cueBall };
  const run = simulate(balls.value, strike, options.boundary ?? boundaryFor(state.tableSize), params);
  if (!run.ok) return err({ kind: 'simulation', error: run.error });
  const facts = factsFromSimulation(run.value, {
    cueBall: shot.cueBall,
    // The house and centre lines of the match's table.
    table: matchTable(state.tableSize).spec,
    isBreak: turn.terms.kind === 'break',
    strike,
    frozenBallCountsAsContact: state.settings.frozenBallCountsAsContact,
  });
  const action: ShotAction = {
    type: 'shot',
    player: turn.player,
    cueBall: shot.cueBall,
    call: shot.call,
    placement: turn.terms.inHand === null ? null : shot.placement,
    outcome: { facts },
  };
  return ok({ simulation: run.value, facts, action });
}

/** Plays `shot`: simulates it, bridges it to facts and has the referee rule on it. */
export function playShot(
  state: MatchState,
  shot: PlannedShot,
  options: PlayShotOptions = {},
): Result<PlayedShot, PlayError> {
  const simulated = simulateShot(state, shot, options);
  if (!simulated.ok) return simulated;
  const applied: Result<Applied, RefereeError> = applyAction(state, simulated.value.action);
  if (!applied.ok) return err({ kind: 'referee', error: applied.error });
  return ok({ ...simulated.value, state: applied.value.state, ruling: applied.value.ruling });
}

/** The shot due in `state`, or null when a decision, a lag or nothing is due. */
export function shotDue(state: MatchState): ShotTurn | null {
  return state.turn.kind === 'shot' ? state.turn : null;
}

export interface RackedMatchOptions {
  /** Who breaks; default: player 0, or with `seed` the seed's choice (its lowest bit). */
  readonly breaker?: Player;
  readonly seed?: number;
  readonly settings?: Partial<Settings>;
  readonly players?: readonly [string, string];
  /** The table (default: the 12 ft tournament table). */
  readonly tableSize?: TableSize;
}

/**
 * A match at the rack with the break due and every ball's position known (the referee racks the
 * pyramid with positions), ready for `playShot`.
 */
export function rackedMatch(variant: Variant, options: RackedMatchOptions = {}): MatchState {
  const breaker: Player =
    options.breaker ?? (options.seed === undefined ? 0 : ((options.seed & 1) as Player));
  return newMatch(variant, {
    breaker,
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.players === undefined ? {} : { players: options.players }),
    ...(options.tableSize === undefined ? {} : { tableSize: options.tableSize }),
  });
}
