/**
 * The pyramid (п.8.1): an equilateral triangle of touching balls, apex on the back spot, base parallel
 * to the back cushion. Also the incomplete pyramid of §27, whose layout the text leaves to п.8; our
 * reading (rules digest, default `incompleteRackLayout`) keeps the same lattice and centres the last row.
 */
import { type BallId, isBallId, type PlacedBall, WHITE_BALL_COUNT } from './ball.js';
import { markings } from './markings.js';
import { type Point, point } from './point.js';
import type { TableSpec } from './spec.js';

/**
 * Classic §3, rows from apex to base. The text does not say which end of a row is first; we read each
 * row LEFT to RIGHT as the breaker sees it from the house (decreasing y), so 2 is the left corner of
 * the base, 1 sits next to it, and 3 is the right corner.
 */
export const CLASSIC_RACK_ORDER: readonly (readonly BallId[])[] = Object.freeze(
  [[4], [5, 6], [7, 15, 8], [9, 14, 13, 10], [2, 1, 12, 11, 3]].map((row) => Object.freeze(row)),
);

/**
 * Slots for `count` balls, row by row from the apex, each row from left (+y) to right.
 *
 * `gap` is added to every centre-to-centre distance: 0 for the referee (вплотную), a hair for physics
 * so that the break does not start from interpenetrating balls.
 *
 * Incomplete pyramid: full rows first; the k balls of the last row r occupy a contiguous block of its
 * r + 1 lattice slots centred on the long axis, or, when r + 1 − k is odd and exact symmetry is
 * impossible, half a slot toward +y (left).
 */
export function rackSlots(spec: TableSpec, count: number, gap = 0): readonly Point[] {
  if (!Number.isInteger(count) || count < 1 || count > WHITE_BALL_COUNT) {
    throw new RangeError(`a pyramid holds 1..${WHITE_BALL_COUNT} balls, got ${count}`);
  }
  if (!Number.isFinite(gap) || gap < 0) throw new RangeError(`rack gap must be ≥ 0, got ${gap}`);
  const pitch = spec.ballDiameter + gap;
  // Touching neighbours in adjacent rows are `pitch` apart: half a pitch across, this much along.
  const rowPitch = (pitch * Math.sqrt(3)) / 2;
  const { backSpot } = markings(spec);
  const slots: Point[] = [];
  for (let row = 0; slots.length < count; row++) {
    const inRow = Math.min(row + 1, count - slots.length);
    const first = Math.floor((row + 1 - inRow) / 2);
    for (let slot = first; slot < first + inRow; slot++) {
      slots.push(point(backSpot.x + row * rowPitch, backSpot.y + (row / 2 - slot) * pitch));
    }
  }
  return Object.freeze(slots);
}

/** Puts `balls` into the slots in the given order (see rackSlots for the order of the slots). */
export function rackPositions(spec: TableSpec, balls: readonly BallId[], gap = 0): readonly PlacedBall[] {
  assertDistinctBalls(balls);
  const slots = rackSlots(spec, balls.length, gap);
  return Object.freeze(
    balls.map((ball, i) => {
      const at = slots[i];
      if (at === undefined) throw new Error(`no rack slot ${i}`);
      return Object.freeze({ ball, at });
    }),
  );
}

export function classicRack(spec: TableSpec, gap = 0): readonly PlacedBall[] {
  return rackPositions(spec, CLASSIC_RACK_ORDER.flat(), gap);
}

function assertDistinctBalls(balls: readonly BallId[]): void {
  for (const ball of balls) {
    if (!isBallId(ball)) throw new RangeError(`not a ball id: ${ball}`);
  }
  if (new Set(balls).size !== balls.length) throw new Error(`duplicate balls in rack: ${balls.join(', ')}`);
}
