/**
 * The computer players on a smaller table: on a 7 ft table (1980 × 990 mm, 60.3 mm balls) the
 * novice plays each variant from the rack with only moves the referee's template allows, and takes
 * each shot from hand the variant gives after a foul, every cue ball in hand placed inside that
 * table's own house (or temporary house), and every move accepted by the referee judging on the
 * same table. Open play from the rack rarely fouls into a shot from hand, so those are set up.
 */
import { chooseAction, execute, mixSeed } from '@pyramid/bots';
import { rackedMatch } from '@pyramid/match';
import {
  COLOURED,
  type InHand,
  legalActions,
  type MatchState,
  parseMatchStart,
  type ShotTemplate,
  startTableSize,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import { isInHouse, isInTemporaryHouse, isOnBed, PRESET_7FT, tableSpecOf } from '@pyramid/table';
import { describe, expect, it } from 'vitest';

const SEVEN = tableSpecOf(PRESET_7FT);
/** Enough turns to go past the break into open play; a frame may end sooner. */
const TURNS = 12;

/** The shots from hand each variant gives after a foul, besides the break from the house. */
const FROM_HAND: Readonly<Record<Variant, readonly { inHand: InHand; objectBallsOnly?: boolean }[]>> = {
  free: [], // Free 8: the cue ball is re-spotted, never taken in hand.
  combined: [{ inHand: 'house' }], // Combined 7
  dynamic: [{ inHand: 'anywhere', objectBallsOnly: true }], // Dynamic 7(2)
  classic: [{ inHand: 'house' }, { inHand: 'temporary-house' }], // Classic 5.6, п.21
};

/**
 * `state` with the coloured ball taken in hand for a penalty shot under `terms`, as the referee
 * validates a situation; for the temporary house (п.21) the object balls are first moved into the house.
 */
function fromHand(state: MatchState, terms: { inHand: InHand; objectBallsOnly?: boolean }): MatchState {
  const table = state.table.filter((ball) => ball !== COLOURED);
  const positions: Record<number, { x: number; y: number }> = {};
  table.forEach((ball, i) => {
    const at = state.positions![ball]!;
    // The 7 ft house ends at 495 mm: three columns of balls behind it, clear of one another.
    positions[ball] =
      terms.inHand === 'temporary-house' ? { x: 120 + 130 * (i % 3), y: 150 + 100 * Math.floor(i / 3) } : at;
  });
  const player = state.turn.kind === 'shot' ? state.turn.player : 0;
  const started = parseMatchStart({
    variant: state.variant,
    start: {
      from: 'situation',
      ...startTableSize(state.tableSize),
      scores: state.scores,
      shelves: state.shelves,
      table,
      positions,
      turn: { kind: 'shot', player, terms: { kind: 'penalty', ...terms } },
    },
  });
  if (!started.ok) throw new Error(`${started.error.field}: ${started.error.message}`);
  return started.value;
}

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
    it(`plays ${variant} pyramid from the rack and from hand with legal moves only`, () => {
      let state = rackedMatch(variant, { breaker: 0, tableSize: '7ft' });
      let turns = 0;
      for (; turns < TURNS && state.turn.kind !== 'match-over'; turns++) {
        state = expectLegal(state, mixSeed(7, turns));
        expect(state.tableSize).toBe('7ft');
      }
      expect(turns).toBeGreaterThan(5);
      for (const terms of FROM_HAND[variant]) {
        const inHand = fromHand(
          state.turn.kind === 'shot' ? state : rackedMatch(variant, { tableSize: '7ft' }),
          terms,
        );
        expect(inHand.turn.kind === 'shot' && inHand.turn.terms.inHand).toBe(terms.inHand);
        expect(expectLegal(inHand, mixSeed(8, turns)).tableSize).toBe('7ft');
      }
    });
  }
});
