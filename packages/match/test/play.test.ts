/**
 * `playShot`: the referee's positions go to the simulator, the simulation comes back as facts, and
 * the referee rules on them — from the rack, on a straight pot, and after a foul that re-spots.
 */
import {
  onSimulatorBed,
  paramsFor,
  playErrorMessage,
  playShot,
  rackedMatch,
  simulateShot,
  startPositions,
} from '@pyramid/match';
import { apply, type MatchState, parseMatchStart, recordAction } from '@pyramid/rules';
import { markings, REGULATION_12FT } from '@pyramid/table';
import { describe, expect, it } from 'vitest';

function situation(input: Record<string, unknown>): MatchState {
  const result = parseMatchStart({ variant: 'free', start: { from: 'situation', ...input } });
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  return result.value;
}

/** Balls 2–9 parked along the back cushion, out of the way; 10–15 on the shelves (4 and 2 points). */
const PARKED = Object.fromEntries([2, 3, 4, 5, 6, 7, 8, 9].map((b, i) => [b, { x: 3300, y: 200 + 150 * i }]));
const REST = {
  shelves: [
    [10, 11, 12, 13],
    [14, 15],
  ],
  scores: [4, 2],
};

describe('rackedMatch', () => {
  it('starts at the break with every white ball placed and the coloured ball in hand', () => {
    const state = rackedMatch('classic', { breaker: 1 });
    expect(state.turn).toMatchObject({ kind: 'shot', player: 1, terms: { kind: 'break', inHand: 'house' } });
    expect(Object.keys(state.positions ?? {}).length).toBe(15);
    expect(rackedMatch('free', { seed: 7 }).turn).toMatchObject({ player: 1 });
    expect(rackedMatch('free', { seed: 8 }).turn).toMatchObject({ player: 0 });
  });
});

describe('playShot', () => {
  it('plays a break from the rack through the referee', () => {
    const state = rackedMatch('free', { breaker: 0 });
    const played = playShot(state, {
      cueBall: 0,
      call: null,
      placement: { x: 700, y: 887.5 },
      strike: { speed: 8, direction: { x: 1, y: 0.001 }, height: 0.1 },
    });
    if (!played.ok) throw new Error(JSON.stringify(played.error));
    const { ruling, facts } = played.value;
    expect(facts.firstContact).toBe(1);
    expect(facts.breakCushionBalls.length).toBeGreaterThanOrEqual(2);
    expect(ruling.fouls).toEqual([]);
    expect(played.value.state.shotsInFrame).toBe(1);
    // Every ball still on the bed has the position the simulator left it at.
    const after = played.value.state;
    expect(Object.keys(after.positions ?? {}).map(Number)).toEqual([...after.table]);
    // The same shot replayed through `apply` (JSON, as a record stores it) gives the same state.
    const again = apply(state, JSON.parse(JSON.stringify(recordAction(played.value.action))));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.state).toEqual(after);
  });

  it('scores a straight pot and keeps the turn', () => {
    const state = situation({
      table: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      ...REST,
      positions: { 0: { x: 1775, y: 900 }, 1: { x: 1775, y: 1500 }, ...PARKED },
      turn: { kind: 'shot', player: 0, terms: {} },
    });
    const played = playShot(state, {
      cueBall: 0,
      call: null,
      placement: null,
      strike: { speed: 2, angleDeg: 90, height: -0.3 },
    });
    if (!played.ok) throw new Error(JSON.stringify(played.error));
    expect(played.value.facts.pocketed).toEqual([{ ball: 1, pocket: 'ML' }]);
    expect(played.value.ruling.verdict).toBe('legal');
    expect(played.value.ruling.points).toEqual([1, 0]);
    expect(played.value.state.turn).toMatchObject({ kind: 'shot', player: 0 });
  });

  it('takes the positions after a re-spot from the referee', () => {
    // Ball 0 as the cue ball runs straight into the left middle pocket without touching ball 1: a foul,
    // and in Free the pocketed cue ball is re-spotted on the back spot (п.25).
    const state = situation({
      table: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      ...REST,
      positions: { 0: { x: 1775, y: 1500 }, 1: { x: 600, y: 300 }, ...PARKED },
      turn: { kind: 'shot', player: 1, terms: {} },
    });
    const played = playShot(state, {
      cueBall: 0,
      call: null,
      placement: null,
      strike: { speed: 2, angleDeg: 90 },
    });
    if (!played.ok) throw new Error(JSON.stringify(played.error));
    const { ruling } = played.value;
    expect(ruling.fouls).toContain('29.1(1)');
    const spot = markings(REGULATION_12FT).backSpot;
    expect(ruling.respotted).toEqual([{ ball: 0, at: spot }]);
    expect(played.value.state.positions?.[0]).toEqual(spot);
    // The next shot starts from the referee's positions.
    const next = apply(played.value.state, { type: 'penalty-ball', player: 0, ball: 1 });
    if (!next.ok) throw new Error(next.error.message);
    expect(next.value.state.positions?.[0]).toEqual(spot);
    expect(next.value.state.positions?.[1]).toBeUndefined();
  });

  it('needs a placement for a ball in hand and positions to simulate', () => {
    const state = rackedMatch('combined');
    const shot = { cueBall: 0, call: null, placement: null, strike: { speed: 5, angleDeg: 0 } };
    const missing = simulateShot(state, shot);
    expect(missing.ok).toBe(false);
    expect(startPositions({ ...state, positions: null }, shot).ok).toBe(false);
  });

  it('puts a ball hanging in a pocket mouth onto the bed for the simulator', () => {
    const moved = onSimulatorBed([
      { id: 1, at: { x: 20, y: 20 } },
      { id: 2, at: { x: 100, y: 34 } },
    ]);
    expect(moved[1]!.at).toEqual({ x: 100, y: 34 });
    expect(moved[0]!.at.x).toBeGreaterThanOrEqual(34);
    expect(moved[0]!.at.y).toBeGreaterThanOrEqual(34);
  });
});

describe('a shot the simulator gives up on', () => {
  it('is a typed failure that playShot returns and playErrorMessage puts in one clear line', () => {
    const state = rackedMatch('free', { breaker: 0 });
    const shot = {
      cueBall: 0,
      call: null,
      placement: { x: 700, y: 887.5 },
      strike: { speed: 8, angleDeg: 0 },
    };
    const params = { ...paramsFor('12ft'), maxEvents: 4 };
    const played = playShot(state, shot, { params });
    expect(played.ok).toBe(false);
    if (played.ok) return;
    expect(played.error.kind).toBe('simulation');
    expect(playErrorMessage(played.error)).toBe(
      'the simulator gave up on the shot after 4 events (event-cap); its report reproduces it',
    );
    // The state it was played from is untouched, so the shot can be tried again.
    expect(playShot(state, shot).ok).toBe(true);
  });

  it('an input the simulator refuses names the field', () => {
    const state = rackedMatch('free', { breaker: 0 });
    const played = simulateShot(state, {
      cueBall: 0,
      call: null,
      placement: { x: 700, y: 887.5 },
      strike: { speed: 8, direction: { x: 1e200, y: 0 } },
    });
    expect(!played.ok && playErrorMessage(played.error)).toMatch(
      /^the simulator refused the shot \(field \/strike\/direction\/x\): must be a finite number/,
    );
  });
});
