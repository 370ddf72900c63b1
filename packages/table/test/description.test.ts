/**
 * Table descriptions (description.ts): the built-in presets are descriptions that read back as
 * themselves; a user's description fills what it leaves out from its base; every refusal names the
 * field and leaves nothing built.
 */
import { describe, expect, it } from 'vitest';
import {
  describeTable,
  PRESET_9FT,
  PRESET_12FT,
  PRESETS,
  TABLE_DIMENSIONS,
  tableFromDescription,
} from '../src/index.js';

describe('presets are table descriptions', () => {
  for (const [key, preset] of Object.entries(PRESETS)) {
    it(`${key}: describeTable reads back as the same preset, through JSON`, () => {
      const text = JSON.stringify(describeTable(preset));
      const back = tableFromDescription(JSON.parse(text));
      expect(back.ok).toBe(true);
      if (back.ok) expect(back.value).toEqual(preset);
    });
  }
});

describe("a club's own table", () => {
  it('fills the fields it leaves out from its base and marks the given ones', () => {
    const result = tableFromDescription({
      name: 'Club table',
      base: '9ft',
      length: 2600,
      width: 1300,
      cornerMouth: 73,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const table = result.value;
    expect(table.name).toBe('Club table');
    expect([table.length, table.width, table.cornerMouth]).toEqual([2600, 1300, 73]);
    expect(table.sources.length).toBe('given in the table description');
    for (const key of TABLE_DIMENSIONS.filter((k) => !['length', 'width', 'cornerMouth'].includes(k))) {
      expect(table[key]).toBe(PRESET_9FT[key]);
      expect(table.sources[key]).toBe(PRESET_9FT.sources[key]);
    }
    expect(Object.isFrozen(table)).toBe(true);
  });

  it('keeps a source the description gives, and defaults to the 12 ft table', () => {
    const result = tableFromDescription({ middleMouth: 84, sources: { middleMouth: 'measured 2026-11-30' } });
    expect(result.ok && result.value.sources.middleMouth).toBe('measured 2026-11-30');
    expect(result.ok && result.value.length).toBe(PRESET_12FT.length);
    expect(result.ok && result.value.name).toBe('custom table (based on 12ft)');
  });
});

describe('fall edges in a description', () => {
  it('takes a fall edge on the mouth line or inside the corridor, with a longer corridor', () => {
    const shallow = tableFromDescription({ cornerFallDepth: 0 });
    expect(shallow.ok && shallow.value.cornerFallDepth).toBe(0);
    const deep = tableFromDescription({ middleCorridor: 4, middleFallDepth: 3 });
    expect(deep.ok && [deep.value.middleCorridor, deep.value.middleFallDepth]).toEqual([4, 3]);
  });
});

describe('refusals name the field', () => {
  const cases: [string, unknown, string][] = [
    ['not an object', [1, 2], ''],
    ['an unknown field', { lenght: 3000 }, 'lenght'],
    ['an unknown base', { base: '13ft' }, 'base'],
    ['a text for a number', { width: '1700' }, 'width'],
    ['a negative size', { length: -1 }, 'length'],
    ['a zero ball', { ballDiameter: 0 }, 'ballDiameter'],
    ['a negative corridor', { cornerCorridor: -0.5 }, 'cornerCorridor'],
    ['wider than long', { width: 4000 }, 'width'],
    ['a ball that does not fit', { ballDiameter: 2000 }, 'ballDiameter'],
    ['a corner mouth narrower than the ball', { cornerMouth: 67 }, 'cornerMouth'],
    ['a middle mouth equal to the ball', { middleMouth: 68 }, 'middleMouth'],
    ['a facing at 45°', { middleFacingAngle: 45 }, 'middleFacingAngle'],
    ['a negative fall edge', { cornerFallDepth: -1 }, 'cornerFallDepth'],
    ['a fall edge behind the facings', { cornerFallDepth: 6 }, 'cornerFallDepth'],
    ['a middle fall edge with no corridor', { middleFallDepth: 2 }, 'middleFallDepth'],
    ['a fall edge field from before (capture circles)', { cornerCaptureDepth: 6.5 }, 'cornerCaptureDepth'],
    ['a nose below the ball centre', { cushionNoseHeight: 30 }, 'cushionNoseHeight'],
    ['a nose above the ball', { cushionNoseHeight: 70 }, 'cushionNoseHeight'],
    ['an empty name', { name: ' ' }, 'name'],
    ['a source for no field', { sources: { colour: 'green' } }, 'sources.colour'],
    ['an empty source', { sources: { width: '' } }, 'sources.width'],
  ];
  for (const [what, description, field] of cases) {
    it(`${what} → ${field || '(the description)'}`, () => {
      const result = tableFromDescription(description);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('invalid-table');
      expect(result.error.field).toBe(field);
      expect(result.error.message.length).toBeGreaterThan(5);
    });
  }
});
