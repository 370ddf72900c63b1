import { describe, expect, it } from 'vitest';
import { makeTableSpec, REGULATION_12FT } from '../src/index.js';

describe('table specs', () => {
  it('the regulation table is the МКП 12-ft playing area with 68 mm balls', () => {
    expect(REGULATION_12FT.length).toBe(3550);
    expect(REGULATION_12FT.width).toBe(1775);
    expect(REGULATION_12FT.ballDiameter).toBe(68);
    expect(Object.isFrozen(REGULATION_12FT)).toBe(true);
  });

  it('makes a frozen spec for a smaller table', () => {
    const spec = makeTableSpec(2540, 1270, 60.3, '9 ft');
    expect(spec).toEqual({ name: '9 ft', length: 2540, width: 1270, ballDiameter: 60.3 });
    expect(Object.isFrozen(spec)).toBe(true);
  });

  it.each([
    [0, 1000, 68],
    [-1, 1000, 68],
    [2000, Number.NaN, 68],
    [Number.POSITIVE_INFINITY, 1000, 68],
    [2000, 1000, 0],
  ])('rejects non-positive or non-finite dimensions %s × %s, ball %s', (length, width, ball) => {
    expect(() => makeTableSpec(length, width, ball, 'bad')).toThrow(RangeError);
  });

  it('rejects a ball that does not fit across the bed and a table wider than long', () => {
    expect(() => makeTableSpec(2000, 68, 68, 'narrow')).toThrow(RangeError);
    expect(() => makeTableSpec(1000, 2000, 68, 'sideways')).toThrow(RangeError);
  });
});
