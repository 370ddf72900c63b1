/**
 * The referee's facts of a simulated shot: `factsFromEvents` over the bridged events, plus what the
 * referee sees outside the event list — the rest positions, a miscue, the balls frozen to the cue
 * ball and, when the strike is given, the stroke geometry for the push rule (п.19.2).
 */
import { cueDirection, type Simulation, type Strike } from '@pyramid/physics';
import {
  type BallId,
  factsFromEvents,
  type ShotFacts,
  type StrokeFoul,
  type StrokeGeometry,
} from '@pyramid/rules';
import type { Point } from '@pyramid/table';
import { type BridgeOptions, linesOf, MM_PER_M, shotEventsFromSimulation } from './events.js';

/** Balls closer than this (mm of gap) when the cue ball is struck are frozen to it. */
export const FROZEN_GAP_MM = 0.1;

export interface FactsOptions extends BridgeOptions {
  /** The break: `breakCushionBalls` is a fact of the break only, and is empty on any other shot. */
  readonly isBreak: boolean;
  /** Include the rest positions of the balls left on the bed (default true). */
  readonly positions?: boolean;
  /** Object balls frozen to the cue ball (default: those within FROZEN_GAP_MM of it at the strike). */
  readonly frozenBalls?: readonly BallId[];
  /** The п.5.3 setting: a frozen ball counts as the first contact. */
  readonly frozenBallCountsAsContact?: boolean;
  /** The strike the shot was simulated with: gives the stroke geometry (nearest ball, gap, angle). */
  readonly strike?: Strike;
}

/**
 * What a referee would observe of a simulated shot. A miscue is the stroke foul `improper-strike`
 * (§29.1(4)). Positions are in mm, keyed by ball id, for every ball not pocketed and not off the
 * table — including a ball that came to rest in a pocket's mouth, whose centre may lie past the
 * cushion nose line.
 */
export function factsFromSimulation(sim: Simulation, options: FactsOptions): ShotFacts {
  const events = shotEventsFromSimulation(sim, options);
  const params = sim.params;
  const start = startPositions(sim);
  const frozenBalls = options.frozenBalls ?? frozenTo(options.cueBall, start, params.R * 2 * MM_PER_M);
  const strokeFouls: StrokeFoul[] = sim.miscue ? ['improper-strike'] : [];
  const stroke =
    options.strike === undefined ? null : strokeGeometry(options, start, params.R * 2 * MM_PER_M);
  const facts = factsFromEvents(
    options.cueBall,
    events,
    {
      strokeFouls,
      stroke,
      frozenBalls,
      positions: options.positions === false ? null : restPositions(sim),
    },
    options.frozenBallCountsAsContact ?? false,
  );
  const { houseLineX } = linesOf(options);
  const first = facts.firstContact === null ? undefined : start.get(facts.firstContact);
  return {
    ...facts,
    breakCushionBalls: options.isBreak ? facts.breakCushionBalls : [],
    firstContactInHouse: first === undefined ? null : first.x > 0 && first.x < houseLineX,
  };
}

/** Every ball's position (mm) when the cue ball was struck. */
function startPositions(sim: Simulation): Map<BallId, Point> {
  return new Map(
    sim.trajectory.sample(0).map((b) => [b.id, { x: b.r[0] * MM_PER_M, y: b.r[1] * MM_PER_M }] as const),
  );
}

/** Rest positions (mm) of the balls still on the table, keyed by id in ascending order. */
export function restPositions(sim: Simulation): Record<string, Point> {
  const out: Record<string, Point> = {};
  for (const ball of [...sim.final].sort((a, b) => a.id - b.id)) {
    if (ball.state === 'pocketed' || ball.state === 'off-table') continue;
    out[ball.id] = { x: ball.r[0] * MM_PER_M, y: ball.r[1] * MM_PER_M };
  }
  return out;
}

function frozenTo(cueBall: BallId, start: ReadonlyMap<BallId, Point>, diameterMm: number): BallId[] {
  const cue = start.get(cueBall)!;
  const frozen: BallId[] = [];
  for (const [id, at] of start) {
    if (id === cueBall) continue;
    const gap = Math.sqrt((at.x - cue.x) * (at.x - cue.x) + (at.y - cue.y) * (at.y - cue.y)) - diameterMm;
    if (gap <= FROZEN_GAP_MM) frozen.push(id);
  }
  return frozen.sort((a, b) => a - b);
}

/**
 * п.19.2: the object ball nearest the cue ball, the gap between them (mm) and the angle (0–180°)
 * between the cue's direction and the line from the cue ball's centre to that ball's.
 */
function strokeGeometry(
  options: FactsOptions,
  start: ReadonlyMap<BallId, Point>,
  diameterMm: number,
): StrokeGeometry | null {
  const cue = start.get(options.cueBall)!;
  let nearest: { ball: BallId; distance: number; at: Point } | null = null;
  for (const [id, at] of start) {
    if (id === options.cueBall) continue;
    const distance = Math.sqrt((at.x - cue.x) * (at.x - cue.x) + (at.y - cue.y) * (at.y - cue.y));
    if (
      nearest === null ||
      distance < nearest.distance ||
      (distance === nearest.distance && id < nearest.ball)
    )
      nearest = { ball: id, distance, at };
  }
  const strike = options.strike;
  if (nearest === null || strike === undefined) return null;
  const [sin, cos] = cueDirection(strike);
  const dx = nearest.at.x - cue.x;
  const dy = nearest.at.y - cue.y;
  const angleDeg = (Math.atan2(Math.abs(cos * dy - sin * dx), cos * dx + sin * dy) * 180) / Math.PI;
  return { nearestBall: nearest.ball, gapMm: Math.max(0, nearest.distance - diameterMm), angleDeg };
}
