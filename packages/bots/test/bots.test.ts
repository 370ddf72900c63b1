/**
 * The computer players: the master's moves are legal at a real budget, and whole frames play out;
 * moves are deterministic for a seed; the decisions after a foul are sensible in positions built so
 * that the right answer is clear; the hint names the obvious pot.
 */
import {
  chooseAction,
  execute,
  HINT_SAMPLES,
  hint,
  LEVELS,
  type Level,
  type LevelSpec,
  type Move,
  mixSeed,
  playTurn,
} from '@pyramid/bots';
import { playShot, rackedMatch } from '@pyramid/match';
import {
  apply,
  legalActions,
  type MatchState,
  parseMatchStart,
  recordAction,
  type ShotTemplate,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import { isInHouse, isInTemporaryHouse, isOnBed, REGULATION_12FT } from '@pyramid/table';
import { playRandomMatch } from '@pyramid/testkit';
import { describe, expect, it } from 'vitest';

/** States reached by random legal play with positions, every `stride`-th one, with positions known. */
function randomStates(variant: Variant, seed: number, stride: number): MatchState[] {
  const match = playRandomMatch(variant, seed, { positions: true, eventRate: 0.02 });
  return match.states.filter(
    (s, i) => i % stride === 0 && s.positions !== null && s.turn.kind !== 'match-over',
  );
}

/** The shot's choices against the referee's template: cue ball, call and placement area. */
function expectWithinTemplate(state: MatchState, move: Move & { type: 'shot' }): void {
  const template = legalActions(state).find((a): a is ShotTemplate => a.type === 'shot');
  expect(template).toBeDefined();
  const { shot } = move;
  expect(template!.cueBalls).toContain(shot.cueBall);
  if (template!.calls === null) expect(shot.call).toBeNull();
  else expect(template!.calls).toContainEqual(shot.call);
  if (template!.inHand === null) expect(shot.placement).toBeNull();
  else {
    const at = shot.placement!;
    expect(isOnBed(REGULATION_12FT, at)).toBe(true);
    if (template!.inHand === 'house') expect(isInHouse(REGULATION_12FT, at)).toBe(true);
    if (template!.inHand === 'temporary-house') expect(isInTemporaryHouse(REGULATION_12FT, at)).toBe(true);
  }
}

/** Applies a move and checks the referee took it, also as the JSON a record would store. */
function expectAccepted(state: MatchState, move: Move, level: Level | LevelSpec, seed: number): void {
  const done = execute(state, move, level, seed);
  if (!done.ok) throw new Error(`${JSON.stringify(move)} was not played: ${JSON.stringify(done.error)}`);
  const action = done.value.action;
  const again = apply(state, JSON.parse(JSON.stringify(recordAction(action))));
  if (!again.ok) throw new Error(`the record form was rejected: ${again.error.code} ${again.error.message}`);
  expect(again.value.state).toEqual(done.value.state);
}

// Every move of the novice and the amateur in random states of each variant: legality-<variant>.test.ts.
describe('every move is legal', () => {
  it('for the master (its budget cut to 100 simulations), in states of each variant', () => {
    // Legality does not depend on the budget; every part of the master's search still runs.
    const master = { ...LEVELS.master, maxSimulations: 100 };
    let checked = 0;
    for (const variant of VARIANTS) {
      const states = randomStates(variant, 11, 1).filter((_, k) => k % 3 === 1);
      for (const [i, state] of states.slice(0, 4).entries()) {
        checked++;
        const move = chooseAction(state, master, i)!;
        if (move.type === 'shot') expectWithinTemplate(state, move);
        expectAccepted(state, move, master, i);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('through a whole frame of each variant from the rack (novice against novice)', () => {
    for (const variant of VARIANTS) {
      let state = rackedMatch(variant, { breaker: 1 });
      for (let n = 0; n < 25 && state.turn.kind !== 'match-over'; n++) {
        const turn = playTurn(state, 'novice', mixSeed(99, n));
        if (turn === null) break;
        if (!turn.ok) throw new Error(`${variant} action ${n}: ${JSON.stringify(turn.error)}`);
        state = turn.value.state;
      }
    }
  });
});

describe('determinism', () => {
  const state = randomStates('free', 5, 1).find((s) => s.turn.kind === 'shot' && s.shotsInFrame > 2)!;

  it('the same state, level and seed give the same move', () => {
    for (const level of ['novice', 'amateur'] as const) {
      expect(chooseAction(state, level, 42)).toEqual(chooseAction(state, level, 42));
    }
  });

  it('a played turn replays bit for bit, and the stroke played is not the stroke planned', () => {
    const a = playTurn(state, 'amateur', 7);
    const b = playTurn(state, 'amateur', 7);
    if (a === null || b === null || !a.ok || !b.ok) throw new Error('no turn');
    expect(a.value.state).toEqual(b.value.state);
    if (a.value.move.type === 'shot') expect(a.value.stroke).not.toEqual(a.value.move.shot.strike);
  });
});

/** A situation of `variant` (validated by the referee) with the given positions and turn. */
function situation(variant: Variant, start: Record<string, unknown>): MatchState {
  const result = parseMatchStart({ variant, start: { from: 'situation', ...start } });
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  return result.value;
}

describe('decisions after a foul', () => {
  // Balls 1–8 on the bed; 9–15 on the shelves (3 for player 0, 4 for player 1).
  const shelves = [
    [9, 10, 11],
    [12, 13, 14, 15],
  ];

  it('Combined: from the house next, the master takes the ball in the house the opponent could pot', () => {
    // Player 1 fouled and the coloured ball went off: player 0 takes a penalty ball, then plays from the
    // house. Ball 5 hangs over the front-left pocket, inside the house: useless from the house, a gift
    // for the opponent later. The other balls are up the table.
    const state = situation('combined', {
      table: [1, 2, 3, 4, 5, 6, 7, 8],
      shelves,
      scores: [4, 4],
      positions: {
        1: { x: 2600, y: 400 },
        2: { x: 2900, y: 1300 },
        3: { x: 1500, y: 900 },
        4: { x: 3100, y: 700 },
        5: { x: 80, y: 1700 },
        6: { x: 2200, y: 1500 },
        7: { x: 1900, y: 300 },
        8: { x: 3300, y: 1200 },
      },
      turn: {
        kind: 'decision',
        decision: {
          kind: 'penalty-ball',
          player: 0,
          after: { kind: 'shot', player: 0, terms: { kind: 'penalty', cueBall: 0, inHand: 'house' } },
        },
      },
    });
    const move = chooseAction(state, 'master', 1);
    expect(move).toEqual({ type: 'decision', action: { type: 'penalty-ball', player: 0, ball: 5 } });
    expect(apply(state, (move as Move & { type: 'decision' }).action).ok).toBe(true);
  });

  it('Free: playing on from the position, the master keeps the easy ball for himself', () => {
    // Ball 5 hangs over the back-left pocket and ball 6 sits behind it: a certain pot for whoever
    // plays. The master plays next, so he takes another ball; the novice takes the nearest to a pocket.
    const state = situation('free', {
      table: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      shelves,
      scores: [4, 4],
      positions: {
        0: { x: 1200, y: 600 },
        1: { x: 2600, y: 400 },
        2: { x: 2900, y: 1300 },
        3: { x: 1500, y: 900 },
        4: { x: 600, y: 700 },
        5: { x: 3480, y: 1700 },
        6: { x: 3250, y: 1470 },
        7: { x: 1900, y: 300 },
        8: { x: 900, y: 1200 },
      },
      turn: {
        kind: 'decision',
        decision: { kind: 'penalty-ball', player: 0, after: { kind: 'shot', player: 0, terms: {} } },
      },
    });
    const master = chooseAction(state, 'master', 1);
    expect(master?.type).toBe('decision');
    const taken = (master as Move & { type: 'decision' }).action;
    expect(taken.type).toBe('penalty-ball');
    expect(taken).not.toMatchObject({ ball: 5 });
    expect(taken).not.toMatchObject({ ball: 6 });
    expect(chooseAction(state, 'novice', 1)).toEqual({
      type: 'decision',
      action: { type: 'penalty-ball', player: 0, ball: 5 },
    });
  });

  it('Dynamic: with nothing on from the position, the option of a shot from hand anywhere', () => {
    // The coloured ball is frozen in the front-right corner behind ball 1; every other ball is far.
    const state = situation('dynamic', {
      table: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      shelves,
      scores: [4, 5],
      positions: {
        0: { x: 36, y: 140 },
        1: { x: 104.5, y: 140 },
        2: { x: 2600, y: 900 },
        3: { x: 1500, y: 900 },
        4: { x: 3000, y: 500 },
        5: { x: 2200, y: 1200 },
        6: { x: 1000, y: 1300 },
        7: { x: 1900, y: 500 },
        8: { x: 2900, y: 1400 },
      },
      turn: {
        kind: 'decision',
        decision: {
          kind: 'dynamic-option',
          player: 0,
          option1Then: { kind: 'shot', player: 0, terms: {} },
        },
      },
    });
    for (const level of ['amateur', 'master'] as const) {
      expect(chooseAction(state, level, 1)).toEqual({
        type: 'decision',
        action: { type: 'dynamic-option', player: 0, option: 2 },
      });
    }
  });

  it('Combined: the exchange ball after a свояк is chosen like the penalty ball', () => {
    const state = situation('combined', {
      table: [1, 2, 3, 4, 5, 6, 7, 8],
      shelves,
      scores: [4, 4],
      positions: {
        1: { x: 2600, y: 400 },
        2: { x: 2900, y: 1300 },
        3: { x: 1500, y: 900 },
        4: { x: 3100, y: 700 },
        5: { x: 85, y: 85 },
        6: { x: 2200, y: 1500 },
        7: { x: 1900, y: 300 },
        8: { x: 3300, y: 1200 },
      },
      turn: {
        kind: 'decision',
        decision: {
          kind: 'exchange-ball',
          player: 0,
          after: { kind: 'shot', player: 0, terms: { kind: 'premium', cueBall: 0, inHand: 'house' } },
        },
      },
    });
    const move = chooseAction(state, 'master', 3);
    expect(move).toEqual({ type: 'decision', action: { type: 'exchange-ball', player: 0, ball: 5 } });
  });
});

describe('hint', () => {
  /** Free, 9 balls on the bed: 8 in a row at the back, 1 straight across the table from the coloured ball. */
  const straightPot = () =>
    situation('free', {
      table: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      shelves: [
        [9, 10, 11],
        [12, 13, 14, 15],
      ],
      scores: [3, 4],
      positions: {
        0: { x: 1775, y: 1000 },
        1: { x: 1775, y: 1450 },
        2: { x: 3300, y: 200 },
        3: { x: 3300, y: 400 },
        4: { x: 3300, y: 600 },
        5: { x: 3300, y: 800 },
        6: { x: 3300, y: 1000 },
        7: { x: 3300, y: 1200 },
        8: { x: 3300, y: 1400 },
      },
      turn: { kind: 'shot', player: 0, terms: {} },
    });

  // The master's search takes a while: the hint is asked once and read by both tests.
  let asked: { state: MatchState; hint: ReturnType<typeof hint> } | null = null;
  const straightHint = () => {
    if (asked === null) {
      const state = straightPot();
      asked = { state, hint: hint(state) };
    }
    return asked;
  };

  it('names the straight pot with a high chance, measured, never certain', () => {
    const { hint: h } = straightHint();
    expect(h).not.toBeNull();
    expect(h!.player).toBe(0);
    expect(h!.intent).toMatchObject({ kind: 'pot' });
    expect(h!.samples).toBe(HINT_SAMPLES);
    expect(h!.chance).toBeGreaterThan(0.7);
    // (successes + 1) / (samples + 2): a finite sample never states 100 %.
    expect(h!.chance).toBeLessThan(1);
    expect(Number.isInteger(h!.chance * (HINT_SAMPLES + 2))).toBe(true);
    expect(LEVELS.master.noise.aimDeg).toBeLessThan(LEVELS.amateur.noise.aimDeg);
  });

  it('gives the whole strike — aim, power, spin, elevation — and played as it is, it does what it says', () => {
    const { state, hint: found } = straightHint();
    const h = found!;
    const strike = h.shot.strike;
    expect(strike.speed).toBeGreaterThan(0);
    expect(strike.direction).toBeDefined();
    expect(typeof strike.side).toBe('number');
    expect(typeof strike.height).toBe('number');
    expect(typeof strike.elevationDeg).toBe('number');
    const played = playShot(state, h.shot);
    expect(played.ok).toBe(true);
    if (!played.ok) return;
    expect(played.value.ruling.verdict).toBe('legal');
    expect(played.value.facts.pocketed).toContainEqual({ ball: h.intent.ball, pocket: h.intent.pocket });
  });

  it('calls the break a break, with the chance of a legal one, and places the cue ball in the house', () => {
    const h = hint(rackedMatch('free'))!;
    // The same state and seed give the same hint, chance included. (Asked of the break: the master's
    // search is ten times cheaper there than over the straight pot's open table, 0.2 s against 2.2 s.)
    expect(hint(rackedMatch('free'))).toEqual(h);
    expect(h.intent.kind).toBe('break');
    expect(h.intent.ball).toBeNull();
    expect(h.shot.placement).not.toBeNull();
    expect(h.chance).toBeGreaterThan(0.5);
    expect(h.chance).toBeLessThan(1);
    expect(h.shot.strike.speed).toBeGreaterThan(3);
  });
});
