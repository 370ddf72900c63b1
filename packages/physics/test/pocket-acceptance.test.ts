/**
 * Pocket-acceptance maps (docs/physics.md, "Pocket acceptance"): a rolling ball sent at a pocket
 * along lines parallel to its axis, across the whole mouth, at several speeds. What the geometry
 * fixes is checked against the geometry: a line whose ball passes between the jaw tips without
 * touching them (|offset| below half the clearance, mouth − ball) falls clean, and no line outside
 * that band does; the band of lines that fall at all (clean or after a jaw) is wider, because a jaw
 * touched near its tip turns the ball in, and narrows as the speed grows, as real tight pockets do.
 */
import { acceptanceMap, bandWidth, FALLS } from '@pyramid/testkit';
import { describe, expect, it } from 'vitest';

const SPEEDS = [0.3, 1, 3];
const STEP = 0.5;

describe.each(['FR', 'MR'] as const)('the acceptance map of %s', (pocket) => {
  const map = acceptanceMap(pocket, SPEEDS, STEP);

  it('the clean band is the geometric clearance (mouth − ball) within a millimetre, at every speed', () => {
    for (const row of map.rows) {
      expect(
        Math.abs(bandWidth(map, row, ['clean']) - map.clearance),
        `${row.speed} m/s`,
      ).toBeLessThanOrEqual(1);
      map.offsets.forEach((d, k) => {
        const clean = row.outcomes[k] === 'clean';
        if (Math.abs(d) < map.clearance / 2 - 1e-9) expect(clean, `${row.speed} m/s, ${d} mm`).toBe(true);
        if (Math.abs(d) > map.clearance / 2 + 1e-9) expect(clean, `${row.speed} m/s, ${d} mm`).toBe(false);
      });
    }
  });

  it('jaws turn near-misses in: the falling band is wider than the clean one, and narrows as the speed grows', () => {
    const widths = map.rows.map((row) => bandWidth(map, row, FALLS));
    for (let k = 0; k < widths.length; k++)
      expect(widths[k]!).toBeGreaterThan(bandWidth(map, map.rows[k]!, ['clean']));
    for (let k = 1; k < widths.length; k++) expect(widths[k]!).toBeLessThanOrEqual(widths[k - 1]!);
    expect(widths.at(-1)!).toBeLessThan(widths[0]!);
  });

  it('the map is mirror-symmetric about the pocket axis', () => {
    for (const row of map.rows) expect([...row.outcomes].reverse(), `${row.speed} m/s`).toEqual(row.outcomes);
  });
});
