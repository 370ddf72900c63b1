import { describe, expect, it } from 'vitest';
import {
  CLASSIC_RACK_ORDER,
  classicRack,
  distance,
  isOnBed,
  type Point,
  REGULATION_12FT,
  rackPositions,
  rackSlots,
} from '../src/index.js';

const spec = REGULATION_12FT;
const D = 68;
const L = 3550;
const AXIS_Y = 1775 / 2;
const BACK_X = 2662.5;
const ROW_PITCH = (D * Math.sqrt(3)) / 2;

/** Row index (0 = apex) of a slot, recovered from its distance behind the back spot. */
function rowOf(p: Point, pitch = D): number {
  const row = (p.x - BACK_X) / ((pitch * Math.sqrt(3)) / 2);
  expect(row).toBeCloseTo(Math.round(row), 9);
  return Math.round(row);
}

function expectNoOverlap(points: readonly Point[], minimum = D): void {
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      expect(distance(points[i]!, points[j]!)).toBeGreaterThanOrEqual(minimum - 1e-9);
    }
  }
}

describe('full pyramid (п.8.1)', () => {
  const slots = rackSlots(spec, 15);

  it('has 15 distinct slots, apex exactly on the back spot', () => {
    expect(slots).toHaveLength(15);
    expect(new Set(slots.map((p) => `${p.x},${p.y}`)).size).toBe(15);
    expect(slots[0]).toEqual({ x: BACK_X, y: AXIS_Y });
  });

  it('forms rows of 1..5 balls, one row pitch D·√3/2 apart, toward the back cushion', () => {
    const rows = slots.map((p) => rowOf(p));
    expect(rows).toEqual([0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]);
    expect(slots[14]!.x - slots[0]!.x).toBeCloseTo(4 * ROW_PITCH, 9);
  });

  it('keeps every touching pair of the triangular lattice exactly D apart (вплотную)', () => {
    const index = (row: number, slot: number) => (row * (row + 1)) / 2 + slot;
    let pairs = 0;
    for (let row = 0; row < 5; row++) {
      for (let slot = 0; slot <= row; slot++) {
        const here = slots[index(row, slot)]!;
        const neighbours = [slot < row ? index(row, slot + 1) : -1];
        if (row < 4) neighbours.push(index(row + 1, slot), index(row + 1, slot + 1));
        for (const n of neighbours.filter((k) => k >= 0)) {
          expect(distance(here, slots[n]!)).toBeCloseTo(D, 9);
          pairs++;
        }
      }
    }
    expect(pairs).toBe(30);
    expectNoOverlap(slots);
  });

  it('orders each row from left (+y) to right and centres it on the long axis', () => {
    for (let row = 0; row < 5; row++) {
      const inRow = slots.filter((p) => rowOf(p) === row);
      const ys = inRow.map((p) => p.y);
      expect(ys).toEqual([...ys].sort((a, b) => b - a));
      expect(ys.reduce((a, b) => a + b, 0) / ys.length).toBeCloseTo(AXIS_Y, 9);
    }
  });

  it('has its base parallel to the back cushion and wholly on the bed', () => {
    const base = slots.slice(10);
    for (const p of base) expect(p.x).toBe(base[0]!.x);
    for (const p of slots) {
      expect(isOnBed(spec, p)).toBe(true);
      expect(p.x + D / 2).toBeLessThanOrEqual(L);
    }
  });

  it('spreads the lattice by the gap that physics asks for', () => {
    const gapped = rackSlots(spec, 15, 0.05);
    expect(gapped[0]).toEqual({ x: BACK_X, y: AXIS_Y });
    expect(distance(gapped[0]!, gapped[1]!)).toBeCloseTo(D + 0.05, 9);
    expect(distance(gapped[1]!, gapped[2]!)).toBeCloseTo(D + 0.05, 9);
    expectNoOverlap(gapped, D + 0.05);
  });
});

describe('incomplete pyramid (§27 → п.8)', () => {
  for (let count = 1; count <= 15; count++) {
    it(`lays out ${count} ball(s): full rows first, last row centred or half a slot to the left`, () => {
      const slots = rackSlots(spec, count);
      expect(slots).toHaveLength(count);
      expect(slots[0]).toEqual({ x: BACK_X, y: AXIS_Y });
      expectNoOverlap(slots);

      // Rows fill from the apex: row r holds r + 1 balls until the balls run out.
      const rows = slots.map((p) => rowOf(p));
      const expectedRows: number[] = [];
      for (let row = 0, left = count; left > 0; row++) {
        for (let k = 0; k < Math.min(row + 1, left); k++) expectedRows.push(row);
        left -= Math.min(row + 1, left);
      }
      expect(rows).toEqual(expectedRows);

      // Every ball sits on a lattice slot of its row: offset (r/2 − j)·D for j in 0..r.
      for (const [i, p] of slots.entries()) {
        const row = rows[i]!;
        const j = row / 2 - (p.y - AXIS_Y) / D;
        expect(j).toBeCloseTo(Math.round(j), 9);
        expect(Math.round(j)).toBeGreaterThanOrEqual(0);
        expect(Math.round(j)).toBeLessThanOrEqual(row);
      }

      const lastRow = rows[rows.length - 1]!;
      const last = slots.filter((_, i) => rows[i] === lastRow);
      // Contiguous block, left to right.
      for (let k = 1; k < last.length; k++) expect(last[k - 1]!.y - last[k]!.y).toBeCloseTo(D, 9);
      const centre = last.reduce((sum, p) => sum + p.y, 0) / last.length;
      const free = lastRow + 1 - last.length;
      expect(centre - AXIS_Y).toBeCloseTo(free % 2 === 0 ? 0 : D / 2, 9);
      for (const p of slots) expect(isOnBed(spec, p)).toBe(true);
    });
  }

  it('rejects counts outside 1..15 and a negative gap', () => {
    expect(() => rackSlots(spec, 0)).toThrow(RangeError);
    expect(() => rackSlots(spec, 16)).toThrow(RangeError);
    expect(() => rackSlots(spec, 2.5)).toThrow(RangeError);
    expect(() => rackSlots(spec, 3, -0.1)).toThrow(RangeError);
  });
});

describe('rackPositions', () => {
  it('assigns balls to slots in order', () => {
    const placed = rackPositions(spec, [9, 3, 11]);
    expect(placed.map((p) => p.ball)).toEqual([9, 3, 11]);
    expect(placed[0]!.at).toEqual({ x: BACK_X, y: AXIS_Y });
    // Three balls: apex, then the full second row, left ball first.
    expect(placed[1]!.at.y).toBeCloseTo(AXIS_Y + D / 2, 9);
    expect(placed[2]!.at.y).toBeCloseTo(AXIS_Y - D / 2, 9);
  });

  it('throws on duplicates, an empty list, more than 15 balls or a non-ball id', () => {
    expect(() => rackPositions(spec, [1, 2, 1])).toThrow();
    expect(() => rackPositions(spec, [])).toThrow();
    expect(() =>
      rackPositions(
        spec,
        Array.from({ length: 16 }, (_, i) => i),
      ),
    ).toThrow();
    expect(() => rackPositions(spec, [1, 16])).toThrow();
  });
});

describe('Classic rack (Classic §3)', () => {
  const rack = classicRack(spec);
  const where = new Map(rack.map((p) => [p.ball, p.at]));

  it('racks the 15 numbered balls, each once', () => {
    expect(rack).toHaveLength(15);
    expect([...where.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(CLASSIC_RACK_ORDER.map((row) => row.length)).toEqual([1, 2, 3, 4, 5]);
  });

  // Row and lateral offset (in ball diameters, + = left as seen from the house) read from the text
  // «1-й ряд – 4; 2-й ряд – 5,6; 3-й ряд – 7,15,8; 4-й ряд – 9,14,13,10; 5-й ряд – 2,1,12,11,3».
  const expected: [ball: number, row: number, offset: number][] = [
    [4, 0, 0],
    [5, 1, 0.5],
    [6, 1, -0.5],
    [7, 2, 1],
    [15, 2, 0],
    [8, 2, -1],
    [9, 3, 1.5],
    [14, 3, 0.5],
    [13, 3, -0.5],
    [10, 3, -1.5],
    [2, 4, 2],
    [1, 4, 1],
    [12, 4, 0],
    [11, 4, -1],
    [3, 4, -2],
  ];
  it.each(expected)('puts ball %i in row %i at %f D from the axis', (ball, row, offset) => {
    const at = where.get(ball)!;
    expect(rowOf(at)).toBe(row);
    expect((at.y - AXIS_Y) / D).toBeCloseTo(offset, 9);
  });

  it('has ball 4 exactly on the back spot', () => {
    expect(where.get(4)).toEqual({ x: BACK_X, y: AXIS_Y });
  });
});
