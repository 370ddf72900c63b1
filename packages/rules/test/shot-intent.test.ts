/**
 * `checkShotIntent`: what the striker chose, judged before the stroke — the cue ball (Free 5.1:
 * any ball on the table; otherwise the coloured ball), the call (Classic 5.2: due on every shot but
 * the break; a shot without one is ruled, not refused), the placement of a ball in hand (п.11, п.21:
 * inside the house or the temporary house, clear of every ball). It is the referee's own first step,
 * so whatever it refuses `apply` refuses with the same error, whatever the table then says happened.
 */
import {
  apply,
  applyAction,
  type BallId,
  checkShotIntent,
  classicValue,
  EMPTY_FACTS,
  type MatchState,
  newMatch,
  parseMatchStart,
  type RefereeError,
  RULEBOOKS,
  type ShotIntent,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import { describe, expect, it } from 'vitest';

function started(input: unknown): MatchState {
  const result = parseMatchStart(input);
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  return result.value;
}

/**
 * After the break: balls 1, 2 and 15 on the table and the coloured ball (on it at (1500, 800), or
 * in hand), player 0 to play under `terms`.
 */
function midFrame(variant: Variant, terms: Record<string, unknown> = {}): MatchState {
  const shelves: BallId[][] = [
    [3, 4, 5, 6, 7, 8],
    [9, 10, 11, 12, 13, 14],
  ];
  // Classic scores the balls' values (Classic 3); the other variants count them.
  const score = (shelf: BallId[]) =>
    RULEBOOKS[variant].calls ? shelf.reduce((sum, ball) => sum + classicValue(ball), 0) : shelf.length;
  const inHand = terms.inHand !== undefined;
  return started({
    variant,
    start: {
      from: 'situation',
      scores: shelves.map(score),
      shelves,
      table: inHand ? [1, 2, 15] : [0, 1, 2, 15],
      positions: {
        ...(inHand ? {} : { 0: { x: 1500, y: 800 } }),
        1: { x: 2000, y: 800 },
        2: { x: 600, y: 600 },
        15: { x: 3000, y: 1100 },
      },
      turn: { kind: 'shot', player: 0, terms },
    },
  });
}

const breakOf = (variant: Variant) => newMatch(variant, { breaker: 0 });

const intent = (change: Partial<ShotIntent> = {}): ShotIntent => ({
  cueBall: 0,
  call: null,
  placement: null,
  ...change,
});

/** The error `checkShotIntent` gives, with the state checked untouched. */
function refusal(state: MatchState, choice: ShotIntent): RefereeError | null {
  const before = JSON.stringify(state);
  const result = checkShotIntent(state, choice);
  expect(JSON.stringify(state)).toBe(before);
  return result.ok ? null : result.error;
}

/** Refused with `code` at `field`; and `apply` refuses the same shot the same way, whatever happened in it. */
function expectRefused(state: MatchState, choice: ShotIntent, code: string, field: string): void {
  expect(refusal(state, choice)).toMatchObject({ code, field });
  const turn = state.turn;
  const player = turn.kind === 'shot' ? turn.player : 0;
  const applied = applyAction(state, { type: 'shot', player, ...choice, outcome: { facts: EMPTY_FACTS } });
  expect(applied.ok ? null : applied.error).toEqual(refusal(state, choice));
}

const IN_HOUSE = { x: 500, y: 887.5 };
const OUTSIDE_HOUSE = { x: 1800, y: 887.5 };

describe('checkShotIntent on the break (every variant)', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: the coloured ball from hand in the house, no call`, () => {
      const state = breakOf(variant);
      expect(refusal(state, intent({ placement: IN_HOUSE }))).toBeNull();
      expectRefused(state, intent({ cueBall: 3, placement: IN_HOUSE }), 'illegal-cue-ball', '/cueBall');
      expectRefused(
        state,
        intent({ placement: IN_HOUSE, call: { ball: 1, pocket: 'BL' } }),
        'call-not-allowed',
        '/call',
      );
      expectRefused(state, intent({ placement: OUTSIDE_HOUSE }), 'placement-invalid', '/placement');
      // The rack's apex ball lies at the back spot: the bed is known, so the placement is judged on it.
      const checked = checkShotIntent(state, intent({ placement: IN_HOUSE }));
      expect(checked.ok && checked.value.positions?.[0]).toEqual(IN_HOUSE);
      expect(checked.ok && checked.value.turn).toEqual(state.turn);
    });
  }
});

describe('checkShotIntent after the break', () => {
  it('Free: any ball on the table is the cue ball; a ball off it is not', () => {
    const state = midFrame('free');
    for (const ball of [0, 1, 2, 15] as BallId[])
      expect(refusal(state, intent({ cueBall: ball }))).toBeNull();
    expectRefused(state, intent({ cueBall: 7 }), 'ball-not-on-table', '/cueBall');
    expectRefused(state, intent({ call: { ball: 1, pocket: 'FR' } }), 'call-not-allowed', '/call');
    expectRefused(state, intent({ cueBall: 1, placement: IN_HOUSE }), 'placement-invalid', '/placement');
    expect(refusal(state, intent({ call: { ball: 1, pocket: 'FR' } }))?.message).toBe(
      'free pyramid takes no call',
    );
  });

  for (const variant of ['combined', 'dynamic'] as const) {
    it(`${variant}: only the coloured ball, no call, no placement where it lies`, () => {
      const state = midFrame(variant);
      expect(refusal(state, intent())).toBeNull();
      expectRefused(state, intent({ cueBall: 1 }), 'illegal-cue-ball', '/cueBall');
      expectRefused(state, intent({ call: { ball: 1, pocket: 'FR' } }), 'call-not-allowed', '/call');
      expectRefused(state, intent({ placement: IN_HOUSE }), 'placement-invalid', '/placement');
    });
  }

  it('Classic: a call of an object ball on the table; a shot without a call is ruled, not refused', () => {
    const state = midFrame('classic');
    expect(refusal(state, intent({ call: { ball: 1, pocket: 'FR' } }))).toBeNull();
    // Classic 5.2–5.4: the referee rules a shot played without a call (nothing falls as called).
    expect(refusal(state, intent())).toBeNull();
    expect(apply(state, { type: 'shot', player: 0, ...intent(), facts: { firstContact: 1 } }).ok).toBe(true);
    expectRefused(state, intent({ call: { ball: 0, pocket: 'FR' } }), 'ball-not-on-table', '/call/ball');
    expectRefused(state, intent({ call: { ball: 7, pocket: 'FR' } }), 'ball-not-on-table', '/call/ball');
    expectRefused(state, intent({ cueBall: 1 }), 'illegal-cue-ball', '/cueBall');
  });

  it('Classic: the break takes no call', () => {
    const state = breakOf('classic');
    expect(refusal(state, intent({ placement: IN_HOUSE, call: { ball: 1, pocket: 'BL' } }))?.message).toBe(
      'the break takes no call',
    );
  });
});

describe('checkShotIntent with the cue ball in hand', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: inside the area, clear of every ball; unplaced, the cue ball leaves the known bed`, () => {
      const state = midFrame(variant, { kind: 'penalty', inHand: 'house' });
      expect(refusal(state, intent({ placement: IN_HOUSE }))).toBeNull();
      expectRefused(state, intent({ placement: OUTSIDE_HOUSE }), 'placement-invalid', '/placement');
      // Ball 2 lies in the house at (600, 600).
      expectRefused(state, intent({ placement: { x: 610, y: 610 } }), 'placement-invalid', '/placement');
      expect(refusal(state, intent({ placement: { x: 610, y: 610 } }))?.message).toContain('ball 2');
      const unplaced = checkShotIntent(state, intent());
      expect(unplaced.ok && unplaced.value.positions).toEqual({
        1: { x: 2000, y: 800 },
        2: { x: 600, y: 600 },
        15: { x: 3000, y: 1100 },
      });
    });
  }

  it('from the temporary house when the intent says every object ball lies in the house (п.21)', () => {
    const state = started({
      variant: 'combined',
      start: {
        from: 'situation',
        scores: [6, 6],
        shelves: [
          [1, 2, 3, 4, 5, 6],
          [7, 8, 9, 10, 11, 12],
        ],
        table: [0, 13, 14, 15],
        turn: { kind: 'shot', player: 1, terms: { kind: 'penalty', inHand: 'house' } },
      },
    });
    const all = { objectBallsInHouse: 'all' } as const;
    const checked = checkShotIntent(state, intent({ ...all, placement: { x: 3000, y: 887.5 } }));
    expect(checked.ok && checked.value.temporaryHouse).toBe(true);
    expect(checked.ok && checked.value.turn.kind === 'shot' && checked.value.turn.terms.inHand).toBe(
      'temporary-house',
    );
    expectRefused(state, intent({ ...all, placement: IN_HOUSE }), 'placement-invalid', '/placement');
    expect(refusal(state, intent({ placement: IN_HOUSE }))).toBeNull();
  });
});

describe('checkShotIntent when no shot is due', () => {
  it('names what is due instead, for the intent as a whole', () => {
    expect(refusal(newMatch('free'), intent())).toMatchObject({ code: 'lag-pending', field: '' });
    // The cue ball off the table (Free 7): the opponent takes a penalty ball first.
    const foul = apply(midFrame('free'), {
      type: 'shot',
      player: 0,
      cueBall: 0,
      facts: { firstContact: 1, offTable: [0], cushionsAfterContact: [0] },
    });
    if (!foul.ok) throw new Error(foul.error.message);
    const decision = foul.value.state;
    expect(decision.turn.kind).toBe('decision');
    expect(refusal(decision, intent())).toMatchObject({ code: 'decision-pending', field: '' });
  });
});
