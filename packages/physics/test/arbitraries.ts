/**
 * fast-check generators for shots on the real 12 ft table. Positions come from distinct cells of a
 * 0.1 m grid with a jitter below 15 mm, so balls never overlap (centres ≥ 70 mm apart) and every ball
 * lies wholly on the bed — no filtering, so shrinking stays fast.
 */
import fc from 'fast-check';
import type { BallSetup } from '../src/simulate.js';
import type { Strike } from '../src/strike.js';

/** Seed for every property in the physics suite (override with PHYSICS_SEED to explore). */
export const SEED = Number(process.env.PHYSICS_SEED ?? 20261130);
/** Runs per property; the whole physics suite stays well under 20 s with the default. */
export const RUNS = Number(process.env.PHYSICS_RUNS ?? 60);

const COLUMNS = 34; // x = 0.1 … 3.4 m
const ROWS = 16; // y = 0.1 … 1.6 m

/** Distinct on-bed positions for `min`–`max` balls (ids 0, 1, 2, …). */
export function arbBalls(min: number, max: number): fc.Arbitrary<BallSetup[]> {
  return fc
    .uniqueArray(
      fc.record({
        cell: fc.integer({ min: 0, max: COLUMNS * ROWS - 1 }),
        dx: fc.integer({ min: -15, max: 15 }),
        dy: fc.integer({ min: -15, max: 15 }),
      }),
      { minLength: min, maxLength: max, selector: (b) => b.cell },
    )
    .map((cells) =>
      cells.map(({ cell, dx, dy }, id) => ({
        id,
        x: 0.1 * (1 + (cell % COLUMNS)) + dx / 1000,
        y: 0.1 * (1 + Math.floor(cell / COLUMNS)) + dy / 1000,
      })),
    );
}

/**
 * A strike on ball 0: integer aim (so the mirrored aim −a is exact), tip offsets on a 0.05 grid inside
 * the miscue limit, level unless `elevated`.
 */
export function arbStrike(elevated = false): fc.Arbitrary<Strike> {
  return fc
    .record({
      angleDeg: fc.integer({ min: -179, max: 180 }),
      speed: fc.integer({ min: 3, max: 70 }).map((k) => k / 10),
      side: fc.integer({ min: -6, max: 6 }).map((k) => k / 20),
      height: fc.integer({ min: -6, max: 6 }).map((k) => k / 20),
      elevationDeg: elevated ? fc.integer({ min: 0, max: 60 }) : fc.constant(0),
    })
    .map((s) => ({ ball: 0, ...s }));
}

/** A shot: 1–`maxBalls` balls and a strike on ball 0. */
export function arbShot(maxBalls: number, elevated = false) {
  return fc.record({ balls: arbBalls(1, maxBalls), strike: arbStrike(elevated) });
}
