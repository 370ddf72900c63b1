/** Where a ball may rest: the bed, or in a mouth between the jaws with its centre not past the fall edge. */
import { describe, expect, it } from 'vitest';
import { buildTableGeometry, restsOnTable } from '../src/index.js';

const geometry = buildTableGeometry();

describe('restsOnTable', () => {
  it('accepts the bed up to the cushion noses, a radius in', () => {
    expect(restsOnTable(geometry, { x: 34, y: 887.5 })).toBe(true);
    expect(restsOnTable(geometry, { x: 1000, y: 1775 - 34 })).toBe(true);
  });

  it('accepts a ball hanging in a pocket mouth, past the nose line', () => {
    // The back-right corner, 32 mm from the right nose, in front of the mouth line.
    expect(restsOnTable(geometry, { x: 3516.2, y: 32.5 })).toBe(true);
    // The right middle pocket: its mouth is centred on x = 1775.
    expect(restsOnTable(geometry, { x: 1775, y: 20 })).toBe(true);
  });

  it('accepts a ball in a middle pocket mouth off its axis, where it fits between the jaws', () => {
    // Rest positions the simulator produced (a ball rolling slowly into the mouth and stopping):
    // 12 mm past the left nose line, 10.5 mm off the mouth's axis (x = 1775); and on the right.
    expect(restsOnTable(geometry, { x: 1764.52, y: 1753.24 })).toBe(true);
    expect(restsOnTable(geometry, { x: 1788.38, y: 25.03 })).toBe(true);
  });

  it('refuses a ball beside a mouth that would sink into the cushion nose', () => {
    const r = geometry.ballRadius;
    // 5 mm past the left nose line, three balls along from the middle pocket's mouth.
    expect(restsOnTable(geometry, { x: 1775 - 41.25 - 3 * r, y: 1775 - r + 5 })).toBe(false);
    expect(restsOnTable(geometry, { x: 1775 + 41.25 + 3 * r, y: r - 5 })).toBe(false);
  });

  it("a ball centred on the fall edge hangs; a hair past it, it has fallen (the rules' hanging ball)", () => {
    for (const pocket of geometry.pockets) {
      const mid = {
        x: (pocket.fallEdge.from.x + pocket.fallEdge.to.x) / 2,
        y: (pocket.fallEdge.from.y + pocket.fallEdge.to.y) / 2,
      };
      expect(restsOnTable(geometry, mid), pocket.id).toBe(true);
      const past = { x: mid.x + pocket.axis.x * 0.01, y: mid.y + pocket.axis.y * 0.01 };
      expect(restsOnTable(geometry, past), pocket.id).toBe(false);
      // Between the mouth line and the edge, on the axis: hanging.
      const between = {
        x: pocket.mouthCentre.x + pocket.axis.x * (pocket.fallDepth / 2),
        y: pocket.mouthCentre.y + pocket.axis.y * (pocket.fallDepth / 2),
      };
      expect(restsOnTable(geometry, between), pocket.id).toBe(true);
    }
  });

  it('refuses a ball past a nose line away from the pockets, or off the table', () => {
    expect(restsOnTable(geometry, { x: 1000, y: 20 })).toBe(false);
    expect(restsOnTable(geometry, { x: 20, y: 887.5 })).toBe(false);
    expect(restsOnTable(geometry, { x: 1775, y: -200 })).toBe(false);
  });
});
