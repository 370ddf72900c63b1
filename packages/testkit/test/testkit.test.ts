/**
 * The generators themselves: deterministic per seed, placements inside their areas, garbage that
 * never parses as an action, records that replay.
 */
import { Random } from '@pyramid/core';
import { parseAction, replayRecord, VARIANTS } from '@pyramid/rules';
import { isInHouse, isInTemporaryHouse, isOnBed, REGULATION_12FT } from '@pyramid/table';
import {
  playRandomMatch,
  randomMalformedAction,
  randomPointIn,
  randomSettings,
  toRecord,
  viaJson,
} from '@pyramid/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('@pyramid/testkit', () => {
  it('plays the same match for the same seed and options', () => {
    for (const variant of VARIANTS) {
      const options = {
        settings: randomSettings(new Random(7)),
        positions: true,
        onRejected: 'record',
      } as const;
      const a = playRandomMatch(variant, 42, options);
      const b = playRandomMatch(variant, 42, options);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      expect(a.final.turn.kind).toBe('match-over');
      expect(a.states.length).toBe(a.actions.length);
      expect(a.rulings.length).toBe(a.actions.length);
    }
  });

  it('throws when a match exceeds its cap', () => {
    expect(() => playRandomMatch('classic', 1, { maxActions: 3 })).toThrow(/no winner after 3 actions/);
  });

  it('writes records that replay to the same final state', () => {
    const match = playRandomMatch('dynamic', 5, { onRejected: 'record' });
    const replay = replayRecord(viaJson(toRecord(match)));
    expect(replay.ok).toBe(true);
    if (replay.ok) expect(JSON.stringify(replay.value.final)).toBe(JSON.stringify(match.final));
  });

  it('places a ball in hand strictly inside its area and on the bed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = new Random(seed);
        const house = randomPointIn(random, 'house');
        const temporary = randomPointIn(random, 'temporary-house');
        const anywhere = randomPointIn(random, 'anywhere');
        for (const at of [house, temporary, anywhere]) expect(isOnBed(REGULATION_12FT, at)).toBe(true);
        expect(isInHouse(REGULATION_12FT, house)).toBe(true);
        expect(isInTemporaryHouse(REGULATION_12FT, temporary)).toBe(true);
        expect(house.x).toBeLessThan(887.5);
        expect(temporary.x).toBeGreaterThan(2662.5);
        for (const at of [house, temporary, anywhere]) {
          expect(at.y).toBeGreaterThanOrEqual(34);
          expect(at.y).toBeLessThanOrEqual(1741);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('makes garbage that never parses as an action', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = new Random(seed);
        for (let i = 0; i < 20; i++) {
          const input = randomMalformedAction(random);
          for (const defaultCueBall of [0, null]) {
            const parsed = parseAction(input, defaultCueBall);
            if (parsed.ok) throw new Error(`parsed: ${JSON.stringify(input)}`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
