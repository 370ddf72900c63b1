import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distance,
  isOnBed,
  markings,
  type PlacedBall,
  type Point,
  point,
  REGULATION_12FT,
  RESPOT_CLEARANCE,
  respotPositions,
} from '../src/index.js';

const spec = REGULATION_12FT;
const D = spec.ballDiameter;
const R = D / 2;
const L = spec.length;
const W = spec.width;
const GAP = D + RESPOT_CLEARANCE;
const { backSpot } = markings(spec);

// Half the obstacles crowd the spotting line, where they matter; the rest lie anywhere on the bed.
const anywhere = fc.record({
  x: fc.double({ min: R, max: L - R, noNaN: true }),
  y: fc.double({ min: R, max: W - R, noNaN: true }),
});
const nearLine = fc.record({
  x: fc.double({ min: backSpot.x - 400, max: L - R, noNaN: true }),
  y: fc.double({ min: W / 2 - 1.5 * D, max: W / 2 + 1.5 * D, noNaN: true }),
});

/** Keeps the obstacles that do not overlap an earlier one, so the table position is a legal one. */
function legalPosition(points: readonly { x: number; y: number }[]): PlacedBall[] {
  const kept: Point[] = [];
  for (const p of points) {
    const candidate = point(p.x, p.y);
    if (kept.every((q) => distance(q, candidate) >= D)) kept.push(candidate);
  }
  return kept.map((at, i) => ({ ball: i, at }));
}

describe('re-spotting, property', () => {
  it('spots every ball on the axis, clear of everything, on the bed, back spot first when free', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(anywhere, nearLine), { maxLength: 10 }),
        fc.integer({ min: 1, max: 5 }),
        (points, count) => {
          const others = legalPosition(points);
          const balls = Array.from({ length: count }, (_, i) => 11 + i);
          const placed = respotPositions(spec, balls, others);
          expect(placed).not.toBeNull();
          const everything = [...others, ...placed!];
          for (const p of placed!) {
            expect(p.at.y).toBe(W / 2);
            expect(isOnBed(spec, p.at)).toBe(true);
            for (const q of everything) {
              if (q !== p) expect(distance(p.at, q.at)).toBeGreaterThanOrEqual(GAP - 1e-9);
            }
          }
          if (others.every((o) => distance(o.at, backSpot) >= GAP)) {
            expect(placed![0]!.at).toEqual(backSpot);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
