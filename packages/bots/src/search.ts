/**
 * The search: strokes for the best plans are simulated under the player's own error and judged by
 * the referee on a copy of the state. A stroke's value is the mean over its samples of
 *
 *   (points gained − points given away) + (the turn kept ? what the next shot is worth
 *                                                         : − what the opponent's next shot is worth)
 *
 * in Free points (Classic points divided by 9), with a frame won or lost worth ±10. Without
 * look-ahead (the novice) a kept turn is worth a flat 0.4 and the position given to the opponent is
 * not judged; the amateur values his own next chance, the master also the opponent's, both
 * estimated from the position left by geometry (position.ts).
 *
 * No stroke is judged by the outcome it will really have: samples draw their error from the
 * planning stream, and the stroke played draws fresh error from another stream (bot.ts).
 */
import type { Random } from '@pyramid/core';
import { type PlannedShot, type PlayedShot, playShot, type Stroke } from '@pyramid/match';
import { type MatchState, other, type Player, type Ruling, type ShotFacts } from '@pyramid/rules';
import { signedAngle, unit } from './geometry.js';
import type { LevelSpec } from './levels.js';
import { applyDraw, type Draw, draw, rotate } from './noise.js';
import { type Plan, pointUnit } from './plans.js';
import { actor, chanceAt } from './position.js';

/** Value of a won (lost) frame, in points. */
export const FRAME_VALUE = 10;
/** Without look-ahead: what keeping the turn is worth. */
const FLAT_CONTINUE = 0.4;

/** Points of a visit begun with chance p of the first pot: p now and the run that may follow. */
export function visitValue(p: number): number {
  return p + 0.6 * p * p;
}

export interface SearchContext {
  readonly state: MatchState;
  readonly me: Player;
  readonly level: LevelSpec;
  readonly random: Random;
  /** Simulations run so far (the budget). */
  sims: number;
}

export interface Candidate {
  readonly plan: Plan;
  readonly stroke: Stroke;
}

export interface Judged {
  readonly value: number;
  readonly success: boolean;
  readonly foul: boolean;
}

export function shotOf(c: Candidate): PlannedShot {
  return { cueBall: c.plan.cueBall, call: c.plan.call, placement: c.plan.placement, strike: c.stroke };
}

/** Whether the plan (or a hint's intent) did what it meant to. */
export function succeeded(
  plan: Pick<Plan, 'kind' | 'ball' | 'pocket'>,
  facts: ShotFacts,
  ruling: Ruling,
): boolean {
  if (ruling.verdict !== 'legal') return false;
  switch (plan.kind) {
    case 'pot':
    case 'bank':
    case 'svoyak':
      return facts.pocketed.some((p) => p.ball === plan.ball && p.pocket === plan.pocket);
    case 'safety':
    case 'break':
      return true;
  }
}

/** The value of a position after a shot, for `me`. */
export function judge(ctx: SearchContext, before: MatchState, ruling: Ruling, after: MatchState): number {
  const me = ctx.me;
  const opp = other(me);
  const u = pointUnit(before.variant);
  const value = (ruling.points[me] - ruling.points[opp]) / u;
  if (ruling.frameWinner !== null) return value + (ruling.frameWinner === me ? FRAME_VALUE : -FRAME_VALUE);
  const next = actor(after);
  if (next === null) return value;
  const lookahead = ctx.level.lookahead;
  if (lookahead === 'none') return value + (next === me ? FLAT_CONTINUE : 0);
  if (next !== me && lookahead === 'self') return value;
  const p = chanceAt(after, ctx.level.noise.aimDeg, 12);
  return value + (next === me ? visitValue(p) : -visitValue(p));
}

/** Plays a candidate once (with one draw of the level's error, or exactly) and judges it. */
export function trial(
  ctx: SearchContext,
  c: Candidate,
  noise: Draw | null,
): (Judged & { played: PlayedShot }) | null {
  const stroke = noise === null ? c.stroke : applyDraw(c.stroke, ctx.level.noise, noise);
  ctx.sims++;
  const played = playShot(ctx.state, { ...shotOf(c), strike: stroke });
  if (!played.ok) return null;
  const { ruling, state, facts } = played.value;
  return {
    value: judge(ctx, ctx.state, ruling, state),
    success: succeeded(c.plan, facts, ruling),
    foul: ruling.verdict === 'foul',
    played: played.value,
  };
}

/**
 * Refines a pot's aim without noise: the object ball's direction after contact is compared with the
 * direction to the pocket window, and the cue's angle corrected by a secant step (throw, squirt and
 * the cut's geometry are all in the simulation). Returns the corrected aim, or the plan's.
 */
export function refineAim(ctx: SearchContext, plan: Plan, stroke: Stroke): { x: number; y: number } {
  const g = plan.geometry;
  if (g === null || plan.ball === null) return plan.aim;
  const want = unit(g.object, g.target);
  const errorAt = (deg: number): number | null => {
    ctx.sims++;
    const direction = rotate(plan.aim, deg);
    const played = playShot(ctx.state, {
      cueBall: plan.cueBall,
      call: plan.call,
      placement: plan.placement,
      strike: { ...stroke, direction },
    });
    if (!played.ok) return null;
    const sim = played.value.simulation;
    const hit = sim.events.find(
      (e) => e.type === 'ball-ball' && (e.balls[0] === plan.cueBall || e.balls[1] === plan.cueBall),
    );
    if (hit === undefined || hit.type !== 'ball-ball' || !hit.balls.includes(g.object.id)) return null;
    const after = sim.trajectory.sample(hit.t).find((b) => b.id === g.object.id);
    if (after === undefined) return null;
    const v = { x: after.v[0], y: after.v[1] };
    const speed = Math.sqrt(v.x * v.x + v.y * v.y);
    if (speed === 0) return null;
    return signedAngle(want, { x: v.x / speed, y: v.y / speed });
  };
  const e0 = errorAt(0);
  if (e0 === null) return plan.aim;
  // The object ball turns about d1 / (2R cos cut) times as far as the cue, the other way.
  const gain = Math.max(1, g.d1 / (g.d * Math.max(Math.cos((g.cutDeg * Math.PI) / 180), 0.1)));
  let x0 = 0;
  let y0 = e0;
  let x1 = e0 / gain;
  let y1 = errorAt(x1);
  if (y1 === null) return plan.aim;
  for (let step = 0; step < 2 && Math.abs(y1) > 0.02 && y1 !== y0; step++) {
    const x2 = x1 - (y1 * (x1 - x0)) / (y1 - y0);
    if (!Number.isFinite(x2) || Math.abs(x2) > 5) break;
    const y2 = errorAt(x2);
    if (y2 === null) break;
    x0 = x1;
    y0 = y1;
    x1 = x2;
    y1 = y2;
  }
  const bestX = Math.abs(y1) <= Math.abs(y0) ? x1 : x0;
  return rotate(plan.aim, bestX);
}

export interface Scored {
  readonly candidate: Candidate;
  readonly value: number;
  readonly chance: number;
  readonly foulRate: number;
  readonly samples: number;
}

/**
 * Screens every candidate once without noise (the caller keeps the list within budget), then samples the best under the level's error in two
 * rounds (the best third of the first round gets the rest of the samples), until the budget is
 * spent. Every candidate meets the same draws of error (common random numbers), so candidates are
 * compared on equal luck; a mean is shrunk toward the plan's geometric expectation by one pseudo-sample,
 * so that a lucky safety does not beat a sound pot on two samples. Returns the sampled candidates, best first.
 */
export function evaluate(ctx: SearchContext, candidates: readonly Candidate[]): Scored[] {
  const level = ctx.level;
  const screened: { c: Candidate; value: number; i: number }[] = [];
  for (const [i, c] of candidates.entries()) {
    const t = trial(ctx, c, null);
    if (t === null) continue;
    screened.push({ c, value: t.value + (t.success ? 0.25 : 0), i });
  }
  screened.sort((a, b) => b.value - a.value || a.i - b.i);
  // Samples per candidate: the level's, or more when few candidates leave budget unused (up to 3×).
  const remaining = Math.max(level.samples, level.maxSimulations - ctx.sims);
  const perCandidate = (samples: number) => Math.ceil(samples / 2) + (samples - Math.ceil(samples / 2)) / 3;
  let samples = level.samples;
  let width = Math.max(1, Math.min(screened.length, Math.floor(remaining / perCandidate(samples))));
  while (
    width === screened.length &&
    samples < 3 * level.samples &&
    remaining >= width * perCandidate(samples + 2)
  ) {
    samples += 2;
  }
  width = Math.max(1, Math.min(screened.length, Math.floor(remaining / perCandidate(samples))));
  const draws: Draw[] = [];
  for (let k = 0; k < samples; k++) draws.push(draw(ctx.random));
  const first = Math.ceil(samples / 2);
  const tally = screened.slice(0, width).map(({ c }) => ({ c, total: 0, wins: 0, fouls: 0, n: 0 }));
  const run = (entry: (typeof tally)[number], from: number, to: number) => {
    for (let k = from; k < to; k++) {
      const t = trial(ctx, entry.c, draws[k]!);
      if (t === null) continue;
      entry.total += t.value;
      if (t.success) entry.wins++;
      if (t.foul) entry.fouls++;
      entry.n++;
    }
  };
  const mean = (e: (typeof tally)[number]) => (e.total + expectation(e.c.plan)) / (e.n + 1);
  for (const entry of tally) run(entry, 0, first);
  const order = (list: typeof tally) =>
    list
      .map((e, i) => ({ e, i, v: mean(e) }))
      .sort((a, b) => b.v - a.v || a.i - b.i)
      .map(({ e }) => e);
  const ranked = order(tally);
  for (const entry of ranked.slice(0, Math.ceil(ranked.length / 3))) run(entry, first, samples);
  return order(ranked)
    .filter((e) => e.n > 0)
    .map((e) => ({
      candidate: e.c,
      value: mean(e),
      chance: e.wins / e.n,
      foulRate: e.fouls / e.n,
      samples: e.n,
    }));
}

/** What a plan is worth by geometry alone: the pseudo-sample that sample means are shrunk toward. */
function expectation(plan: Plan): number {
  return plan.kind === 'safety' || plan.kind === 'break' ? 0 : plan.chance * (1 + FLAT_CONTINUE);
}
