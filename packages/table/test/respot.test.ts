import { describe, expect, it } from 'vitest';
import {
  type BallId,
  distance,
  isOnBed,
  makeTableSpec,
  type PlacedBall,
  point,
  REGULATION_12FT,
  RESPOT_CLEARANCE,
  respotPositions,
} from '../src/index.js';

const spec = REGULATION_12FT;
const D = 68;
const R = D / 2;
const L = 3550;
const AXIS_Y = 1775 / 2;
const BACK_X = 2662.5;
const CENTRE_X = 1775;
const GAP = D + RESPOT_CLEARANCE;

const at = (ball: BallId, x: number, y = AXIS_Y): PlacedBall => ({ ball, at: point(x, y) });

function spot(balls: readonly BallId[], others: readonly PlacedBall[], table = spec): readonly PlacedBall[] {
  const result = respotPositions(table, balls, others);
  expect(result).not.toBeNull();
  const placed = result!;
  expect(placed.map((p) => p.ball)).toEqual(balls);
  // Never overlaps or freezes to anything, and stays on the bed.
  const everything = [...others, ...placed];
  for (const p of placed) {
    expect(isOnBed(table, p.at)).toBe(true);
    expect(p.at.y).toBe(table.width / 2);
    for (const q of everything) {
      if (q !== p)
        expect(distance(p.at, q.at)).toBeGreaterThanOrEqual(table.ballDiameter + RESPOT_CLEARANCE - 1e-9);
    }
  }
  return placed;
}

describe('re-spotting (п.25)', () => {
  it('uses a clearance of half a millimetre, so spotted balls are not frozen', () => {
    expect(RESPOT_CLEARANCE).toBe(0.5);
  });

  it('puts one ball on the back spot', () => {
    expect(spot([7], [])[0]!.at).toEqual({ x: BACK_X, y: AXIS_Y });
  });

  it('puts a ball on the back spot when the nearest other ball is exactly D + ε away', () => {
    expect(spot([7], [at(0, BACK_X + GAP)])[0]!.at.x).toBe(BACK_X);
  });

  it('moves toward the back cushion, to exactly D + ε from a ball on the back spot', () => {
    const [placed] = spot([7], [at(4, BACK_X)]);
    expect(placed!.at.x).toBeCloseTo(BACK_X + GAP, 9);
  });

  it('lines several balls up from the back spot, each D + ε from the previous, none touching', () => {
    const placed = spot([3, 7, 9], []);
    expect(placed[0]!.at.x).toBe(BACK_X);
    expect(placed[1]!.at.x).toBeCloseTo(BACK_X + GAP, 9);
    expect(placed[2]!.at.x).toBeCloseTo(BACK_X + 2 * GAP, 9);
    expect(distance(placed[0]!.at, placed[1]!.at)).toBeGreaterThan(D);
  });

  it('uses a gap on the line that is wide enough, behind the back spot first', () => {
    // Balls at the back spot and 3·D further: the hole between them fits one ball with ε either side.
    const others = [at(1, BACK_X), at(2, BACK_X + 2 * GAP + 1)];
    expect(spot([5], others)[0]!.at.x).toBeCloseTo(BACK_X + GAP, 9);
    // A hole that is a hair too narrow is skipped.
    const tight = [at(1, BACK_X), at(2, BACK_X + 2 * GAP - 0.01)];
    expect(spot([5], tight)[0]!.at.x).toBeCloseTo(BACK_X + 3 * GAP - 0.01, 9);
  });

  it('is blocked by a ball near, but not on, the axis: spots where the D + ε circle cuts the axis', () => {
    const dy = 40;
    const [placed] = spot([6], [at(2, BACK_X, AXIS_Y + dy)]);
    expect(placed!.at.x).toBeCloseTo(BACK_X + Math.sqrt(GAP ** 2 - dy ** 2), 9);

    const offset = { x: BACK_X + 30, dy: -60 };
    const [second] = spot([6], [at(2, offset.x, AXIS_Y + offset.dy)]);
    expect(second!.at.x).toBeCloseTo(offset.x + Math.sqrt(GAP ** 2 - offset.dy ** 2), 9);
  });

  it('ignores a ball that is more than D + ε off the axis', () => {
    expect(spot([6], [at(2, BACK_X, AXIS_Y + GAP + 0.1)])[0]!.at).toEqual({ x: BACK_X, y: AXIS_Y });
  });

  it('goes from the back spot toward the centre spot when the line to the back cushion is full', () => {
    // Touching balls from the back spot to the cushion leave no hole of 2(D + ε), nor D + ε + R at the end.
    const others: PlacedBall[] = [];
    for (let k = 0; BACK_X + k * D <= L - R; k++) others.push(at(k + 1, BACK_X + k * D));
    expect(others.at(-1)!.at.x + GAP).toBeGreaterThan(L - R);
    const [placed] = spot([15], others);
    expect(placed!.at.x).toBeCloseTo(BACK_X - GAP, 9);
    expect(placed!.at.x).toBeGreaterThan(CENTRE_X);
  });

  it('spots a second overflow ball further toward the centre spot', () => {
    const others: PlacedBall[] = [];
    for (let k = 0; BACK_X + k * D <= L - R; k++) others.push(at(k + 1, BACK_X + k * D));
    const placed = spot([14, 15], others);
    expect(placed[0]!.at.x).toBeCloseTo(BACK_X - GAP, 9);
    expect(placed[1]!.at.x).toBeCloseTo(BACK_X - 2 * GAP, 9);
  });

  it('may spot a ball touching the back cushion nose, never beyond it', () => {
    // Touching balls from just in front of the back spot up to D + ε short of the cushion nose: the only
    // free point behind the back spot is at distance R from the cushion.
    const others: PlacedBall[] = [];
    for (let x = L - R - GAP; x >= BACK_X - D; x -= D) others.push(at(others.length + 1, x));
    const placed = spot([14, 15], others);
    expect(placed[0]!.at.x).toBeCloseTo(L - R, 9);
    // The next one no longer fits behind the back spot and goes toward the centre spot.
    expect(placed[1]!.at.x).toBeLessThan(BACK_X);
  });

  it('keeps going past the centre spot toward the front cushion when everything behind is full', () => {
    // A toy table: back spot 600, centre 400, back cushion nose 800.
    const toy = makeTableSpec(800, 400, 68, 'toy');
    const others = [600, 668, 736, 532, 464, 396].map((x, i) => at(i + 1, x, 200));
    const [placed] = spot([9], others, toy);
    expect(placed!.at.x).toBeCloseTo(396 - GAP, 9);
    expect(placed!.at.x).toBeLessThan(400);
  });

  it('returns null when no point of the axis is free', () => {
    const toy = makeTableSpec(400, 200, 68, 'tiny');
    const others = [34, 102, 170, 238, 306, 366].map((x, i) => at(i + 1, x, 100));
    expect(respotPositions(toy, [9], others)).toBeNull();
  });

  it('returns an empty list for nothing to spot', () => {
    expect(respotPositions(spec, [], [at(1, BACK_X)])).toEqual([]);
  });

  it('throws on duplicate balls, or a ball that is already on the table', () => {
    expect(() => respotPositions(spec, [3, 3], [])).toThrow();
    expect(() => respotPositions(spec, [3], [at(3, 1000)])).toThrow();
    expect(() => respotPositions(spec, [16], [])).toThrow();
  });
});
