import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESET,
  makeTablePreset,
  PRESET_12FT,
  PRESETS,
  REGULATION_12FT,
  TABLE_DIMENSIONS,
  type TableDimensions,
  type TablePreset,
  tableSpecOf,
} from '../src/index.js';

const presets = Object.entries(PRESETS);

function dimensionsOf(preset: TablePreset): TableDimensions {
  const { name: _name, sources: _sources, ...dimensions } = preset;
  return dimensions;
}

describe('table presets', () => {
  it('the 12 ft preset is the default and agrees with the referee’s REGULATION_12FT', () => {
    expect(DEFAULT_PRESET).toBe(PRESET_12FT);
    expect(PRESETS['12ft']).toBe(PRESET_12FT);
    expect(tableSpecOf(PRESET_12FT)).toEqual(REGULATION_12FT);
    expect(REGULATION_12FT).toEqual({
      name: '12 ft (МКП regulation)',
      length: 3550,
      width: 1775,
      ballDiameter: 68,
    });
  });

  it('holds the МКП tournament numbers on the 12 ft table', () => {
    expect(PRESET_12FT).toMatchObject({
      sizeFeet: 12,
      length: 3550,
      width: 1775,
      ballDiameter: 68,
      ballMass: 280,
      cornerMouth: 72.5,
      middleMouth: 82.5,
      cornerJawRadius: 5,
      middleJawRadius: 11,
      cornerCorridor: 5.5,
      middleCorridor: 0,
      cushionNoseHeight: 42,
    });
    for (const key of [
      'length',
      'width',
      'ballDiameter',
      'cornerMouth',
      'middleMouth',
      'cushionNoseHeight',
    ] as const) {
      expect(PRESET_12FT.sources[key]).toContain('МКП');
    }
  });

  it('has the trade sizes 7–12 ft, 2:1, 60.3 mm balls up to 8 ft and 68 mm from 9 ft', () => {
    expect(presets.map(([key, preset]) => [key, preset.sizeFeet, preset.length, preset.width])).toEqual([
      ['7ft', 7, 1980, 990],
      ['8ft', 8, 2240, 1120],
      ['9ft', 9, 2540, 1270],
      ['10ft', 10, 2800, 1400],
      ['11ft', 11, 3200, 1600],
      ['12ft', 12, 3550, 1775],
    ]);
    for (const [, preset] of presets) {
      expect(preset.length).toBe(2 * preset.width);
      expect(preset.ballDiameter).toBe(preset.sizeFeet <= 8 ? 60.3 : 68);
    }
  });

  it.each(presets)(
    '%s: pockets scale with the ball (ball + 4.5 corner, ball + 14.5 middle)',
    (_key, preset) => {
      expect(preset.cornerMouth).toBeCloseTo(preset.ballDiameter + 4.5, 12);
      expect(preset.middleMouth).toBeCloseTo(preset.ballDiameter + 14.5, 12);
      // The fall edge is at the end of the corridor (МКП: 5.5 corner, 0 middle).
      expect(preset.cornerFallDepth).toBe(preset.cornerCorridor);
      expect(preset.middleFallDepth).toBe(preset.middleCorridor);
    },
  );

  it.each(presets)(
    '%s: nose height keeps the МКП ratio 42/68 of the ball and the mass scales with volume',
    (_key, preset) => {
      expect(preset.cushionNoseHeight / preset.ballDiameter).toBeCloseTo(42 / 68, 12);
      const volumeScaled = 280 * (preset.ballDiameter / 68) ** 3;
      expect(Math.abs(preset.ballMass - volumeScaled)).toBeLessThanOrEqual(0.5);
    },
  );

  it.each(presets)('%s: is frozen, as are its sources', (_key, preset) => {
    expect(Object.isFrozen(preset)).toBe(true);
    expect(Object.isFrozen(preset.sources)).toBe(true);
    expect(Object.isFrozen(PRESETS)).toBe(true);
  });

  it.each(presets)(
    '%s: every numeric field has a source or a reasoned assumption, and nothing else does',
    (_key, preset) => {
      const numeric = Object.keys(preset).filter(
        (key) => typeof preset[key as keyof TablePreset] === 'number',
      );
      expect(new Set(numeric)).toEqual(new Set(TABLE_DIMENSIONS));
      expect(new Set(Object.keys(preset.sources))).toEqual(new Set(TABLE_DIMENSIONS));
      for (const key of TABLE_DIMENSIONS) {
        const source = preset.sources[key];
        expect(source.length, key).toBeGreaterThan(20);
        // An assumption must say why, not just "assumption".
        if (source.startsWith('assumption'))
          expect(source.length, key).toBeGreaterThan('assumption: '.length + 20);
        else expect(source, key).toMatch(/МКП|general-rules|physics-research/);
      }
    },
  );

  it('marks the small-ball mass and nose height as assumptions', () => {
    const small = PRESETS['7ft'];
    expect(small?.sources.ballMass).toMatch(/^assumption/);
    expect(small?.sources.cushionNoseHeight).toMatch(/^assumption/);
    expect(small?.ballMass).toBe(195);
    expect(PRESET_12FT.sources.cornerFacingAngle).toMatch(/^assumption/);
  });

  it('makeTablePreset rejects what the geometry cannot build', () => {
    const base = dimensionsOf(PRESET_12FT);
    const make = (change: Partial<TableDimensions>) =>
      makeTablePreset('bad', { ...base, ...change }, PRESET_12FT.sources);
    expect(make({}).cornerMouth).toBe(72.5);
    expect(() => make({ cornerMouth: 68 })).toThrow(RangeError);
    expect(() => make({ middleMouth: 60 })).toThrow(RangeError);
    expect(() => make({ cornerFacingAngle: -1 })).toThrow(RangeError);
    expect(() => make({ middleFacingAngle: 45 })).toThrow(RangeError);
    expect(() => make({ cornerFallDepth: -1 })).toThrow(RangeError);
    expect(() => make({ cornerFallDepth: 6 })).toThrow(RangeError);
    expect(() => make({ middleFallDepth: 1 })).toThrow(RangeError);
    expect(make({ cornerFallDepth: 0 }).cornerFallDepth).toBe(0);
    expect(() => make({ cornerJawRadius: Number.NaN })).toThrow(RangeError);
    expect(() => make({ width: 4000 })).toThrow(RangeError);
    expect(() => makeTablePreset('bad', base, { ...PRESET_12FT.sources, ballMass: ' ' })).toThrow(RangeError);
  });
});
