/**
 * Playing on a smaller table: the simulator gets that table's cushions and ball, the bridge that
 * table's house line, and the referee judges on the same table. Expected numbers come from the
 * presets (8 ft: 2240 × 1120 mm with 60.3 mm balls; 9 ft: 2540 × 1270 mm with 68 mm balls).
 */
import {
  BOUNDARY_12FT,
  boundaryFor,
  paramsFor,
  playShot,
  rackedMatch,
  simulateShot,
  startPositions,
} from '@pyramid/match';
import { DEFAULT_PARAMS, validateShot } from '@pyramid/physics';
import { type MatchState, parseMatchStart, TABLE_SIZES, type TableSize } from '@pyramid/rules';
import { buildTableGeometry, PRESET_7FT, PRESET_8FT, restsOnTable } from '@pyramid/table';
import { describe, expect, it } from 'vitest';

describe('the simulator on each table size', () => {
  it('keeps the 12 ft boundary and the default parameters on 12 ft', () => {
    expect(boundaryFor('12ft')).toBe(BOUNDARY_12FT);
    expect(paramsFor('12ft')).toBe(DEFAULT_PARAMS);
  });

  it("uses each preset's bed, ball and cushion nose", () => {
    for (const size of TABLE_SIZES) {
      expect(boundaryFor(size)).toBe(boundaryFor(size));
    }
    expect(boundaryFor('9ft')).toMatchObject({ length: 2.54, width: 1.27 });
    expect(paramsFor('7ft')).toMatchObject({
      R: PRESET_7FT.ballDiameter / 2000,
      m: PRESET_7FT.ballMass / 1000,
      noseHeight: PRESET_7FT.cushionNoseHeight / 1000,
    });
    expect(paramsFor('7ft').R).toBeCloseTo(0.03015, 12);
  });
});

describe('rackedMatch on an 8 ft table', () => {
  it('racks every ball inside the 8 ft bed, apex on its back spot, in a position the simulator accepts', () => {
    const state = rackedMatch('classic', { breaker: 0, tableSize: '8ft' });
    expect(state.tableSize).toBe('8ft');
    const r = PRESET_8FT.ballDiameter / 2;
    const positions = Object.values(state.positions ?? {});
    expect(positions.length).toBe(15);
    for (const at of positions) {
      expect(at.x).toBeGreaterThanOrEqual(r);
      expect(at.x).toBeLessThanOrEqual(2240 - r);
      expect(at.y).toBeGreaterThanOrEqual(r);
      expect(at.y).toBeLessThanOrEqual(1120 - r);
    }
    expect(state.positions?.[4]).toEqual({ x: 1680, y: 560 });
    const balls = startPositions(state, {
      cueBall: 0,
      call: null,
      placement: { x: 300, y: 560 },
      strike: { speed: 6, direction: { x: 1, y: 0 } },
    });
    if (!balls.ok) throw new Error(balls.error);
    const checked = validateShot(
      balls.value,
      { ball: 0, speed: 6, angleDeg: 0 },
      boundaryFor('8ft'),
      paramsFor('8ft'),
    );
    expect(checked).toBeNull();
  });
});

describe('playShot on a 7 ft table', () => {
  it('breaks from the 7 ft house and leaves every ball where the 7 ft table lets it rest', () => {
    const state = rackedMatch('free', { breaker: 0, tableSize: '7ft' });
    const played = playShot(state, {
      cueBall: 0,
      call: null,
      placement: { x: 300, y: 495 },
      strike: { speed: 7, direction: { x: 1, y: 0.001 }, height: 0.1 },
    });
    if (!played.ok) throw new Error(JSON.stringify(played.error));
    expect(played.value.facts.firstContact).toBe(1);
    const geometry = buildTableGeometry(PRESET_7FT);
    for (const at of Object.values(played.value.state.positions ?? {})) {
      expect(restsOnTable(geometry, at)).toBe(true);
    }
  });
});

describe('the house line of the bridge', () => {
  /** Combined, a penalty shot from hand from the house with ball 13 straight ahead at x = 700. */
  function penaltyShot(size: TableSize): MatchState {
    const result = parseMatchStart({
      variant: 'combined',
      start: {
        from: 'situation',
        tableSize: size,
        scores: [6, 6],
        shelves: [
          [1, 2, 3, 4, 5, 6],
          [7, 8, 9, 10, 11, 12],
        ],
        table: [13, 14, 15],
        positions: { 13: { x: 700, y: 600 }, 14: { x: 1800, y: 200 }, 15: { x: 1800, y: 1000 } },
        turn: { kind: 'shot', player: 0, terms: { kind: 'penalty', inHand: 'house' } },
      },
    });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  }

  it('judges the first contact by the house of the match table: x = 700 is outside the 9 ft house, inside the 12 ft one', () => {
    const shot = {
      cueBall: 0,
      call: null,
      placement: { x: 300, y: 600 },
      strike: { speed: 2, direction: { x: 1, y: 0 } },
    };
    const nine = simulateShot(penaltyShot('9ft'), shot);
    const twelve = simulateShot(penaltyShot('12ft'), shot);
    if (!nine.ok || !twelve.ok) throw new Error('simulation failed');
    expect(nine.value.facts.firstContact).toBe(13);
    expect(nine.value.facts.firstContactInHouse).toBe(false);
    expect(twelve.value.facts.firstContactInHouse).toBe(true);
  });
});
