/**
 * The computer players on a smaller table: on a 7 ft table (1980 × 990 mm, 60.3 mm balls) the
 * novice plays a frame of each variant from the rack with only moves the referee's template allows,
 * every cue ball in hand placed inside that table's own house (or temporary house), and every move
 * accepted by the referee judging on the same table.
 */
import { chooseAction, execute, mixSeed } from '@pyramid/bots';
import { rackedMatch } from '@pyramid/match';
import { legalActions, type MatchState, type ShotTemplate, VARIANTS } from '@pyramid/rules';
import { isInHouse, isInTemporaryHouse, isOnBed, PRESET_7FT, tableSpecOf } from '@pyramid/table';
import { describe, expect, it } from 'vitest';

const SEVEN = tableSpecOf(PRESET_7FT);
/** Enough turns to go well past the break and the first fouls; a frame may end sooner. */
const TURNS = 40;

function expectLegal(state: MatchState, seed: number): MatchState {
  const move = chooseAction(state, 'novice', seed);
  expect(move).not.toBeNull();
  const legal = legalActions(state);
  if (move!.type === 'decision') {
    expect(legal).toContainEqual(move!.action);
  } else {
    const template = legal.find((a): a is ShotTemplate => a.type === 'shot');
    expect(template).toBeDefined();
    const { shot } = move!;
    expect(template!.cueBalls).toContain(shot.cueBall);
    if (template!.calls === null) expect(shot.call).toBeNull();
    else expect(template!.calls).toContainEqual(shot.call);
    if (template!.inHand === null) expect(shot.placement).toBeNull();
    else {
      const at = shot.placement!;
      expect(isOnBed(SEVEN, at)).toBe(true);
      if (template!.inHand === 'house') expect(isInHouse(SEVEN, at)).toBe(true);
      if (template!.inHand === 'temporary-house') expect(isInTemporaryHouse(SEVEN, at)).toBe(true);
    }
  }
  const done = execute(state, move!, 'novice', seed);
  if (!done.ok) throw new Error(`${JSON.stringify(move)} was not played: ${JSON.stringify(done.error)}`);
  return done.value.state;
}

describe('the novice on a 7 ft table', () => {
  for (const variant of VARIANTS) {
    it(`plays ${variant} pyramid from the rack with legal moves only`, () => {
      let state = rackedMatch(variant, { breaker: 0, tableSize: '7ft' });
      let turns = 0;
      for (; turns < TURNS && state.turn.kind !== 'match-over'; turns++) {
        state = expectLegal(state, mixSeed(7, turns));
        expect(state.tableSize).toBe('7ft');
      }
      expect(turns).toBeGreaterThan(5);
    });
  }
});
