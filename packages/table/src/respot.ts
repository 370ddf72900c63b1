/**
 * Re-spotting (п.25): where the referee puts balls back on the table.
 *
 * The rule: one ball goes on the back spot; several go on the spotting line from the back spot toward
 * the back cushion, each as close to the back spot as possible and not frozen to one another; balls in
 * the way push the spot further along the line, and if the line is full, onto the long axis from the
 * back spot toward the centre spot (older rules; M–L). We continue past the centre spot toward the
 * front cushion only so that the search never fails while any room is left on the axis.
 *
 * The search is exact rather than stepped: along the axis the forbidden zone of each ball is an open
 * interval whose ends are where a circle of radius D + ε about the ball cuts the axis, so the nearest
 * free point is always the back spot or one of those ends.
 */
import { type BallId, isBallId, type PlacedBall } from './ball.js';
import { markings } from './markings.js';
import { distance, type Point, point } from './point.js';
import type { TableSpec } from './spec.js';

/** Extra distance, mm, between a spotted ball and any other, so that spotted balls are not frozen (не вплотную). */
export const RESPOT_CLEARANCE = 0.5;

/** Absorbs rounding in the circle–axis intersection; far below any physical distance. */
const TOLERANCE = 1e-9;

/**
 * Spots `balls` in the given order (the rules pass ascending numbers, coloured ball last), each one
 * becoming an obstacle for the next. Returns null only if no point of the axis is free.
 */
export function respotPositions(
  spec: TableSpec,
  balls: readonly BallId[],
  others: readonly PlacedBall[],
): readonly PlacedBall[] | null {
  assertSpottable(balls, others);
  const radius = spec.ballDiameter / 2;
  const { backSpot } = markings(spec);
  const axis: Axis = {
    y: backSpot.y,
    startX: backSpot.x,
    minX: radius,
    maxX: spec.length - radius,
    clearance: spec.ballDiameter + RESPOT_CLEARANCE,
  };
  const present: Point[] = others.map((other) => other.at);
  const placed: PlacedBall[] = [];
  for (const ball of balls) {
    const x = nearestFreeX(axis, present);
    if (x === null) return null;
    const at = point(x, axis.y);
    placed.push(Object.freeze({ ball, at }));
    present.push(at);
  }
  return Object.freeze(placed);
}

interface Axis {
  readonly y: number;
  readonly startX: number;
  /** A spotted ball must not overhang either short cushion. */
  readonly minX: number;
  readonly maxX: number;
  readonly clearance: number;
}

function nearestFreeX(axis: Axis, present: readonly Point[]): number | null {
  const candidates = [axis.startX, axis.minX, axis.maxX];
  for (const p of present) {
    const dy = p.y - axis.y;
    const halfChord2 = axis.clearance * axis.clearance - dy * dy;
    if (halfChord2 < 0) continue;
    const halfChord = Math.sqrt(halfChord2);
    candidates.push(p.x - halfChord, p.x + halfChord);
  }
  const free = candidates.filter(
    (x) =>
      x >= axis.minX &&
      x <= axis.maxX &&
      present.every((p) => distance(point(x, axis.y), p) >= axis.clearance - TOLERANCE),
  );
  const towardBack = free.filter((x) => x >= axis.startX);
  if (towardBack.length > 0) return Math.min(...towardBack);
  const towardFront = free.filter((x) => x <= axis.startX);
  if (towardFront.length > 0) return Math.max(...towardFront);
  return null;
}

function assertSpottable(balls: readonly BallId[], others: readonly PlacedBall[]): void {
  for (const ball of balls) {
    if (!isBallId(ball)) throw new RangeError(`not a ball id: ${ball}`);
  }
  if (new Set(balls).size !== balls.length) throw new Error(`duplicate balls to spot: ${balls.join(', ')}`);
  const onTable = new Set(others.map((other) => other.ball));
  const clash = balls.find((ball) => onTable.has(ball));
  if (clash !== undefined) throw new Error(`ball ${clash} is already on the table`);
}
