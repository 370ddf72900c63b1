import { describe, expect, it } from 'vitest';
import { isInHouse, isInTemporaryHouse, isOnBed, markings, point, REGULATION_12FT } from '../src/index.js';

const spec = REGULATION_12FT;
const L = 3550;
const W = 1775;
const R = 34;

describe('markings (п.2)', () => {
  const m = markings(spec);

  it('puts the spots at the quarter, half and three-quarter length on the long axis', () => {
    expect(m.frontSpot).toEqual({ x: 887.5, y: 887.5 });
    expect(m.centreSpot).toEqual({ x: 1775, y: 887.5 });
    expect(m.backSpot).toEqual({ x: 2662.5, y: 887.5 });
  });

  it('draws the house line through the front spot and the temporary house line through the back spot', () => {
    expect(m.houseLineX).toBe(887.5);
    expect(m.centreLineX).toBe(1775);
    expect(m.temporaryHouseLineX).toBe(2662.5);
  });

  it('is frozen, spots included', () => {
    expect(Object.isFrozen(m)).toBe(true);
    expect(Object.isFrozen(m.backSpot)).toBe(true);
  });
});

describe('house', () => {
  it('contains balls strictly between the front cushion and the house line', () => {
    expect(isInHouse(spec, point(R, R))).toBe(true);
    expect(isInHouse(spec, point(887.4, W / 2))).toBe(true);
    expect(isInHouse(spec, point(500, W - R))).toBe(true);
  });

  it('does not contain a ball on the house line itself', () => {
    expect(isInHouse(spec, point(887.5, W / 2))).toBe(false);
    expect(isInHouse(spec, point(887.5, R))).toBe(false);
  });

  it('does not contain balls beyond the line or off the table', () => {
    expect(isInHouse(spec, point(887.6, W / 2))).toBe(false);
    expect(isInHouse(spec, point(L / 2, W / 2))).toBe(false);
    expect(isInHouse(spec, point(500, -1))).toBe(false);
    expect(isInHouse(spec, point(500, W + 1))).toBe(false);
    expect(isInHouse(spec, point(-10, W / 2))).toBe(false);
  });
});

describe('temporary house (п.21)', () => {
  it('contains balls strictly between the back-spot line and the back cushion', () => {
    expect(isInTemporaryHouse(spec, point(2662.6, W / 2))).toBe(true);
    expect(isInTemporaryHouse(spec, point(L - R, R))).toBe(true);
  });

  it('does not contain a ball on the line through the back spot, nor in front of it', () => {
    expect(isInTemporaryHouse(spec, point(2662.5, W / 2))).toBe(false);
    expect(isInTemporaryHouse(spec, point(2000, W / 2))).toBe(false);
    expect(isInTemporaryHouse(spec, point(3000, W + 5))).toBe(false);
  });
});

describe('isOnBed', () => {
  it('accepts a ball touching the cushion noses', () => {
    expect(isOnBed(spec, point(R, R))).toBe(true);
    expect(isOnBed(spec, point(L - R, W - R))).toBe(true);
    expect(isOnBed(spec, point(L / 2, W / 2))).toBe(true);
  });

  it('rejects a ball that overhangs any cushion nose', () => {
    expect(isOnBed(spec, point(R - 0.01, W / 2))).toBe(false);
    expect(isOnBed(spec, point(L - R + 0.01, W / 2))).toBe(false);
    expect(isOnBed(spec, point(L / 2, R - 0.01))).toBe(false);
    expect(isOnBed(spec, point(L / 2, W - R + 0.01))).toBe(false);
  });
});
