/**
 * The computer opponent: `chooseAction(state, level, seed)` gives what the player to act does —
 * a decision as a referee action, or a shot as a plan (cue ball, call, placement, stroke) — and
 * `execute` plays it: a decision is applied, a shot is struck with a fresh draw of the level's
 * error and played through the simulator and the referee. `playTurn` does both; `hint` is the
 * master's best shot with its estimated chance.
 *
 * Seeds: the plan uses `Random(seed)`; the stroke played uses `Random(mixSeed(seed, EXECUTE))`, a
 * separate stream, so no plan ever sees the error its own stroke will have.
 */
import { err, ok, Random, type Result } from '@pyramid/core';
import { type PlannedShot, type PlayError, playShot, type Stroke } from '@pyramid/match';
import type { Simulation } from '@pyramid/physics';
import {
  type Action,
  applyAction,
  COLOURED,
  type MatchState,
  type Player,
  type Ruling,
  type ShotTurn,
} from '@pyramid/rules';
import type { PocketId, Point } from '@pyramid/table';
import { type DecisionAction, decide } from './decisions.js';
import { botTable } from './geometry.js';
import { LEVELS, type Level, type LevelSpec } from './levels.js';
import { withNoise } from './noise.js';
import { breakPlans, type Plan, type PlanKind, shotPlans } from './plans.js';
import { ballsOf, placementOk, situationOf } from './position.js';
import { type Candidate, evaluate, refineAim, type SearchContext, succeeded } from './search.js';

/** What the bot means to do, with what it expects of it. */
export interface ShotIntent {
  readonly kind: PlanKind;
  /** The ball meant to fall (the cue ball for a свояк), and the pocket; null for a safety or a break. */
  readonly ball: number | null;
  readonly pocket: PocketId | null;
  /** The ball aimed at first. */
  readonly first: number | null;
  /** Estimated chance of success (the fraction of its own noisy samples in which the plan worked). */
  readonly chance: number;
  /** Mean value of the samples, in points (see search.ts). */
  readonly value: number;
  /** Estimated chance of a foul. */
  readonly foulRate: number;
  /** Samples behind the estimate (0 when the shot was chosen without simulation). */
  readonly samples: number;
}

export type Move =
  | { readonly type: 'decision'; readonly action: DecisionAction }
  | { readonly type: 'shot'; readonly shot: PlannedShot; readonly intent: ShotIntent };

/** Salts for the separate random streams drawn from one seed. */
const EXECUTE = 0x45584543;
const PLAN = 0x504c414e;

/** A seed derived from `seed` and `salt` (splitmix32 finaliser): independent streams from one number. */
export function mixSeed(seed: number, salt: number): number {
  let z = (Math.imul(seed >>> 0, 0x9e3779b9) ^ salt) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

function specOf(level: Level | LevelSpec): LevelSpec {
  return typeof level === 'string' ? LEVELS[level] : level;
}

/**
 * What the player to act does in `state`: null when nothing is due (the match is over). The same
 * state, level and seed always give the same move.
 */
export function chooseAction(state: MatchState, level: Level | LevelSpec, seed: number): Move | null {
  const spec = specOf(level);
  const random = new Random(mixSeed(seed, PLAN));
  const turn = state.turn;
  if (turn.kind === 'match-over') return null;
  if (turn.kind === 'shot') return chooseShot(state, turn, spec, random);
  const action = decide(state, spec, random);
  return action === null ? null : { type: 'decision', action };
}

/** Strokes of a plan: its speeds × spins, aimed along `aim`. */
function strokes(plan: Plan, aim: Point): Candidate[] {
  const out: Candidate[] = [];
  for (const speed of plan.speeds) {
    for (const [side, height] of plan.spins) {
      out.push({ plan, stroke: { speed, direction: aim, side, height } });
    }
  }
  return out;
}

/**
 * Simulations cost more with more balls on the bed (a shot into the pack has many events), so the
 * budget shrinks with the balls: full up to 9 balls, in proportion above.
 */
export function budgetFor(level: LevelSpec, balls: number): number {
  return Math.max(8, Math.round(level.maxSimulations * Math.min(1, 9 / Math.max(1, balls))));
}

function chooseShot(state: MatchState, turn: ShotTurn, full: LevelSpec, random: Random): Move {
  const balls = ballsOf(state);
  const level: LevelSpec = { ...full, maxSimulations: budgetFor(full, balls.length) };
  const s = situationOf(state, turn.player, turn.terms, balls);
  const ctx: SearchContext = { state, me: turn.player, level, random, sims: 0 };
  if (state.positions === null) return fallback(state, turn);
  if (turn.terms.kind === 'break') {
    const plans = breakPlans(s, level);
    if (!level.thorough) return shotMove(plans[0]!, strokes(plans[0]!, plans[0]!.aim)[0]!.stroke, null);
    const breakLevel: LevelSpec = { ...level, maxSimulations: 60, samples: 4 };
    const scored = evaluate(
      { ...ctx, level: breakLevel },
      plans.flatMap((p) => strokes(p, p.aim)),
    );
    const best = scored[0];
    if (best === undefined) return shotMove(plans[0]!, strokes(plans[0]!, plans[0]!.aim)[0]!.stroke, null);
    return shotMove(best.candidate.plan, best.candidate.stroke, best);
  }
  const { plans, safeties } = shotPlans(s, level, level.placements);
  const top = plans.slice(0, level.candidates);
  const safetyStrokes = safeties.flatMap((p) => strokes(p, p.aim));
  const candidates: Candidate[] = [];
  let refined = 0;
  for (const plan of top) {
    if (plan.kind === 'pot' && refined < level.refine && ctx.sims < 0.3 * level.maxSimulations) {
      refined++;
      // Throw changes with speed: the aim is refined for each speed, with a plain (centre) tip.
      for (const speed of plan.speeds) {
        const aim = refineAim(ctx, plan, { speed, direction: plan.aim });
        for (const [side, height] of plan.spins)
          candidates.push({ plan, stroke: { speed, direction: aim, side, height } });
      }
    } else {
      candidates.push(...strokes(plan, plan.aim));
    }
  }
  // Keep room in the screen for the safeties: they matter most when no pot is good.
  const screenRoom = Math.max(safetyStrokes.length + 2, Math.floor(level.maxSimulations * 0.5) - ctx.sims);
  const pots = candidates.slice(0, Math.max(0, screenRoom - safetyStrokes.length));
  const scored = evaluate(ctx, [...pots, ...safetyStrokes]);
  const best = scored[0];
  if (best === undefined) {
    const plan = top[0] ?? safeties[0];
    if (plan === undefined) return fallback(state, turn);
    return shotMove(plan, strokes(plan, plan.aim)[0]!.stroke, null);
  }
  return shotMove(best.candidate.plan, best.candidate.stroke, best);
}

function shotMove(
  plan: Plan,
  stroke: Stroke,
  scored: { value: number; chance: number; foulRate: number; samples: number } | null,
): Move {
  return {
    type: 'shot',
    shot: { cueBall: plan.cueBall, call: plan.call, placement: plan.placement, strike: stroke },
    intent: {
      kind: plan.kind,
      ball: plan.ball,
      pocket: plan.pocket,
      first: plan.first,
      chance: scored?.chance ?? plan.chance,
      value: scored?.value ?? 0,
      foulRate: scored?.foulRate ?? 0,
      samples: scored?.samples ?? 0,
    },
  };
}

/**
 * A legal shot when no plan could be made (no positions known, or nothing to aim at): the cue ball
 * in hand on a free spot of its area, struck up the table; a call of the lowest ball where one is due.
 * The spots tried were chosen on the 12 ft table and scale with the match's table.
 */
function fallback(state: MatchState, turn: ShotTurn): Move {
  const terms = turn.terms;
  const balls = ballsOf(state);
  const t = botTable(state.tableSize);
  const cueBall = terms.cueBall === 'choose' ? (state.table[0] ?? COLOURED) : terms.cueBall;
  let placement: Point | null = null;
  if (terms.inHand !== null) {
    const x =
      terms.inHand === 'temporary-house'
        ? t.marks.temporaryHouseLineX + 300 * t.lengthScale
        : 400 * t.lengthScale;
    placement = { x, y: t.marks.frontSpot.y };
    for (let k = 0; k < 40 && !placementOk(t, terms.inHand, placement, balls); k++) {
      placement = { x, y: (80 + ((k * 97) % 1600)) * t.widthScale };
    }
  }
  const called = state.table.find((b) => b !== COLOURED);
  const call = terms.callRequired && called !== undefined ? { ball: called, pocket: 'BL' as const } : null;
  const direction = terms.inHand === 'temporary-house' ? { x: -1, y: 0.05 } : { x: 1, y: 0.05 };
  return {
    type: 'shot',
    shot: { cueBall, call, placement, strike: { speed: 3, direction } },
    intent: {
      kind: 'safety',
      ball: null,
      pocket: null,
      first: null,
      chance: 0,
      value: 0,
      foulRate: 0,
      samples: 0,
    },
  };
}

export interface Executed {
  readonly state: MatchState;
  readonly ruling: Ruling;
  /** The action as the referee received it (a shot with its facts). */
  readonly action: Action;
  /** The stroke as played (with the level's error), for a shot. */
  readonly stroke: Stroke | null;
  readonly simulation: Simulation | null;
}

/** Plays a move: a decision is applied; a shot is struck with the level's error drawn from `seed`. */
export function execute(
  state: MatchState,
  move: Move,
  level: Level | LevelSpec,
  seed: number,
): Result<Executed, PlayError> {
  if (move.type === 'decision') {
    const applied = applyAction(state, move.action);
    if (!applied.ok) return err({ kind: 'referee', error: applied.error });
    return ok({ ...applied.value, action: move.action, stroke: null, simulation: null });
  }
  const spec = specOf(level);
  const stroke = withNoise(move.shot.strike, spec.noise, new Random(mixSeed(seed, EXECUTE)));
  let played = playShot(state, { ...move.shot, strike: stroke });
  let struck = stroke;
  if (!played.ok && played.error.kind === 'simulation' && played.error.error.code === 'event-cap') {
    // The simulator gave up on this stroke (its typed failure, never a hang): the player plays it
    // plainly instead — level cue, centre ball — so that a match never stops on one shot.
    struck = { ...stroke, elevationDeg: 0, side: 0, height: 0 };
    played = playShot(state, { ...move.shot, strike: struck });
  }
  if (!played.ok) return played;
  return ok({
    state: played.value.state,
    ruling: played.value.ruling,
    action: played.value.action,
    stroke: struck,
    simulation: played.value.simulation,
  });
}

/** Chooses and plays the move of the player to act. Null when the match is over. */
export function playTurn(
  state: MatchState,
  level: Level | LevelSpec,
  seed: number,
): Result<Executed & { move: Move }, PlayError> | null {
  const move = chooseAction(state, level, seed);
  if (move === null) return null;
  const done = execute(state, move, level, seed);
  if (!done.ok) return done;
  return ok({ ...done.value, move });
}

export interface Hint {
  readonly player: Player;
  /**
   * The whole shot: cue ball, call, placement and the strike with every part stated — speed (power),
   * direction (aim), tip offset (spin: side and height) and elevation. Played as it is, it is the
   * shot whose chance is stated.
   */
  readonly shot: PlannedShot;
  readonly intent: ShotIntent;
  /**
   * The estimated chance that this strike does what the intent means — the ball in the pocket for a
   * pot, a bank or a свояк; no foul for a safety or a break — from `HINT_SAMPLES` simulations of it
   * under the master's error, drawn from the hint's seed: (successes + 1) / (samples + 2), so that a
   * finite sample never claims certainty (0 when nothing could be simulated).
   */
  readonly chance: number;
  /** Simulations behind `chance`. */
  readonly samples: number;
}

/** Simulations of the hinted strike behind its stated chance. */
export const HINT_SAMPLES = 32;
const CHANCE = 0x43484e43;

/** The strike with every part stated (the simulator reads a missing tip offset or elevation as 0). */
function fullStrike(stroke: Stroke): Stroke {
  return {
    speed: stroke.speed,
    ...(stroke.direction === undefined
      ? { angleDeg: stroke.angleDeg ?? 0 }
      : { direction: stroke.direction }),
    side: stroke.side ?? 0,
    height: stroke.height ?? 0,
    elevationDeg: stroke.elevationDeg ?? 0,
  };
}

/**
 * The chance of the strike, measured: it is played `HINT_SAMPLES` times with fresh draws of the
 * master's error (a stream of its own, so the search's luck does not flatter its own choice) and
 * judged as the search judges it (`succeeded`).
 */
function measuredChance(state: MatchState, shot: PlannedShot, intent: ShotIntent, seed: number) {
  const random = new Random(mixSeed(seed, CHANCE));
  const noise = LEVELS.master.noise;
  let wins = 0;
  let n = 0;
  for (let k = 0; k < HINT_SAMPLES; k++) {
    const strike = withNoise(shot.strike, noise, random);
    const played = playShot(state, { ...shot, strike });
    if (!played.ok) continue;
    n++;
    if (succeeded(intent, played.value.facts, played.value.ruling)) wins++;
  }
  return { chance: n === 0 ? 0 : (wins + 1) / (n + 2), samples: n };
}

/**
 * The master's best shot for the player to shoot in `state`, all of it (aim, power, spin, cue ball,
 * call, placement), with its measured chance; null when no shot is due. Deterministic by `seed`.
 */
export function hint(state: MatchState, seed = 0): Hint | null {
  const turn = state.turn;
  if (turn.kind !== 'shot') return null;
  const move = chooseAction(state, 'master', seed);
  if (move === null || move.type !== 'shot') return null;
  const shot: PlannedShot = { ...move.shot, strike: fullStrike(move.shot.strike) };
  const { chance, samples } =
    state.positions === null ? { chance: 0, samples: 0 } : measuredChance(state, shot, move.intent, seed);
  return { player: turn.player, shot, intent: move.intent, chance, samples };
}
