/** Where a ball may rest: the bed, or a pocket's mouth within a radius of its capture circle. */
import { describe, expect, it } from 'vitest';
import { buildTableGeometry, restsOnTable } from '../src/index.js';

const geometry = buildTableGeometry();

describe('restsOnTable', () => {
  it('accepts the bed up to the cushion noses, a radius in', () => {
    expect(restsOnTable(geometry, { x: 34, y: 887.5 })).toBe(true);
    expect(restsOnTable(geometry, { x: 1000, y: 1775 - 34 })).toBe(true);
  });

  it('accepts a ball hanging in a pocket mouth, past the nose line', () => {
    // The back-right corner: the capture circle sits behind (3550, 0); 32 mm from the right nose.
    expect(restsOnTable(geometry, { x: 3516.2, y: 32.5 })).toBe(true);
    // The right middle pocket: its mouth is centred on x = 1775.
    expect(restsOnTable(geometry, { x: 1775, y: 20 })).toBe(true);
  });

  it('refuses a ball past a nose line away from the pockets, or off the table', () => {
    expect(restsOnTable(geometry, { x: 1000, y: 20 })).toBe(false);
    expect(restsOnTable(geometry, { x: 20, y: 887.5 })).toBe(false);
    expect(restsOnTable(geometry, { x: 1775, y: -200 })).toBe(false);
  });
});
