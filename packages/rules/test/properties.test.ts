/**
 * Property tests of the referee: random legal play (from @pyramid/testkit, seeded by fast-check) for
 * all four variants, under the product defaults and under random settings, must keep the invariants
 * the rules imply. A failure names the seed; `playRandomMatch(variant, seed, options)` replays it.
 *
 * The spec is docs/rules.md and docs/rules-interpretations.md (the settings and the readings decided).
 */
import { Random, type Result } from '@pyramid/core';
import {
  type Applied,
  apply,
  type BallId,
  classicValue,
  type DecisionTurn,
  decisionsOf,
  ERROR_CODES,
  EVENT_FOULS,
  type FoulAction,
  type FoulCode,
  finalOf,
  finalShotOf,
  type InterferenceAction,
  legalActions,
  type MatchState,
  other,
  type Player,
  type RefereeError,
  type Ruling,
  replayRecord,
  type ShotTemplate,
  type ShotTurn,
  targetScore,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import { isInHouse, REGULATION_12FT } from '@pyramid/table';
import {
  playRandomMatch,
  type RandomMatch,
  type RecordAction,
  type RecordShot,
  randomMalformedAction,
  randomSettings,
  randomShot,
  toRecord,
  viaJson,
} from '@pyramid/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// ── set-up ────────────────────────────────────────────────────────────────────────────────────────

type SettingsMode = 'default' | 'random';
const MODES: readonly SettingsMode[] = ['default', 'random'];

/** One random match: the seed picks the settings (in random mode) and every action. */
interface Case {
  readonly seed: number;
  /** Give rest positions after every shot (slower; exercises re-spotting and the temporary house). */
  readonly positions: boolean;
  /** Share of clean shots: 0 gives short foul-ridden frames, 0.8 long ones that clear the table. */
  readonly clean: number;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  seed: fc.integer(),
  positions: fc.constantFrom(false, false, false, true),
  clean: fc.constantFrom(0, 0, 0.8),
});

function playOptions(mode: SettingsMode, c: Case) {
  return {
    settings: mode === 'random' ? randomSettings(new Random(c.seed ^ 0x5e771e)) : {},
    positions: c.positions,
    cleanShotRate: c.clean,
    // Item 1 of issue 14: offences (п.28, п.22.3) and §27 while decisions are pending, often enough
    // that chains of decisions, and §27 restarts behind them, come up in every run.
    decisionEventRate: 0.12,
    // A legal action the referee refuses is recorded (and checked by its own property) rather than
    // thrown, so that one such bug does not hide the rest of the match from the other properties.
    onRejected: 'record',
  } as const;
}

/**
 * The matches played so far, by variant, settings mode and case. Every property draws its cases
 * from the same fast-check seed (SEED), so each of them is checked on the same random matches, and
 * each match is played once for all of them, not once for each (playing is most of the file's time).
 */
const played = new Map<string, RandomMatch>();

function play(variant: Variant, mode: SettingsMode, c: Case): RandomMatch {
  const key = `${variant} ${mode} ${c.seed} ${c.positions} ${c.clean}`;
  let match = played.get(key);
  if (match === undefined) {
    match = playRandomMatch(variant, c.seed, playOptions(mode, c));
    played.set(key, match);
  }
  return match;
}

/** The cases' seed: new in each run (a failure names it), `PROPERTY_SEED` repeats one. */
const SEED = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * Runs per variant and settings mode, sized so that the whole file stays well under 20 s on two
 * cores; the quick loop (PYRAMID_QUICK=1) runs 30, PROPERTY_RUNS=5000 (for example) searches deeper.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? (process.env.PYRAMID_QUICK === '1' ? 30 : 80));
/** The heavier properties (deep freezing, replays, JSON copies) run 30 times for every 80. */
const SCALE = RUNS / 80;

function forAllMatches(
  variants: readonly Variant[],
  name: string,
  check: (match: RandomMatch, random: Random) => void,
  runs = RUNS,
): void {
  const numRuns = Math.max(1, Math.round(runs));
  for (const variant of variants) {
    for (const mode of MODES) {
      it(`${variant}, ${mode} settings: ${name}`, () => {
        fc.assert(
          fc.property(caseArb, (c) => {
            const match = play(variant, mode, c);
            try {
              check(match, new Random(c.seed ^ 0x0ddba11));
            } catch (caught) {
              const settings = mode === 'random' ? `randomSettings(new Random(${c.seed} ^ 0x5e771e))` : '{}';
              const where = `playRandomMatch('${variant}', ${c.seed}, { settings: ${settings}, positions: ${c.positions}, cleanShotRate: ${c.clean}, onRejected: 'record' })`;
              throw new Error(`${where}: ${(caught as Error).message}`);
            }
          }),
          { numRuns, seed: SEED },
        );
      });
    }
  }
}

/** Fails with the action that broke an invariant, so a report can quote it. */
function fail(match: RandomMatch, index: number, message: string): never {
  const action = match.actions[index];
  throw new Error(`after action ${index} ${JSON.stringify(action)}: ${message}`);
}

const after = (match: RandomMatch, index: number): MatchState => match.states[index + 1] ?? match.final;

function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key], seen);
  return value;
}

/** JSON text that survives NaN, undefined and -0 in garbage input, for messages only. */
function show(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'number' && !Number.isFinite(v) ? String(v) : v === undefined ? '<undefined>' : v,
    );
  } catch {
    return String(value);
  }
}

/** The shot that follows the pending decisions (or the shot due), for the cue-ball-in-hand checks. */
function shotAfter(state: MatchState): ShotTurn | null {
  const turn = state.turn;
  if (turn.kind === 'shot') return turn;
  if (turn.kind !== 'decision') return null;
  return finalShotOf(turn);
}

/** Whether the pending decisions end in a §27 restart lag (the coloured ball is then in the house, in hand). */
function restartAfter(state: MatchState): boolean {
  return state.turn.kind === 'decision' && finalOf(state.turn).kind === 'lag';
}

function shelvesAfterRuling(before: MatchState, ruling: Ruling): [BallId[], BallId[]] {
  const shelves: [BallId[], BallId[]] = [before.shelves[0].slice(), before.shelves[1].slice()];
  for (const { ball, player } of ruling.shelved) shelves[player].push(ball);
  return shelves;
}

// ── 0. legalActions and apply agree ───────────────────────────────────────────────────────────────

describe('legal actions are accepted', () => {
  forAllMatches(
    VARIANTS,
    'apply accepts every decision and event legalActions lists, and every random shot',
    (match) => {
      const first = match.rejected[0];
      if (first !== undefined) {
        throw new Error(
          `legal action ${first.index} ${JSON.stringify(first.action)} in a ${first.state.turn.kind} turn ` +
            `(frame ${first.state.frame}, shot ${first.state.shotsInFrame}) was rejected: ${first.error.code} at ${first.error.field}: ${first.error.message}`,
        );
      }
      for (const state of match.states) {
        for (const action of legalActions(state)) {
          if (action.type === 'shot') continue;
          const result = apply(state, action);
          if (!result.ok) {
            throw new Error(
              `legalActions lists ${JSON.stringify(action)} in a ${state.turn.kind} turn (frame ${state.frame}, ` +
                `shot ${state.shotsInFrame}) but apply refuses it: ${result.error.code}: ${result.error.message}`,
            );
          }
        }
      }
    },
  );
});

// ── 1. the match ends with exactly one winner ─────────────────────────────────────────────────────

describe('random legal play ends with exactly one winner', () => {
  forAllMatches(VARIANTS, 'one winner, frames ended exactly where a target was reached', (match) => {
    const { final, rulings, settings, variant } = match;
    if (final.turn.kind !== 'match-over') throw new Error('the match did not end');
    const winner = final.turn.winner;
    const target = targetScore(variant);
    const frames: [number, number] = [0, 0];
    for (let i = 0; i < rulings.length; i++) {
      const ruling = rulings[i]!;
      const before = match.states[i]!;
      const next = after(match, i);
      const last = i === rulings.length - 1;
      // A frame ends when the next state is the next frame or the end of the match.
      const endsFrame = next.frame === before.frame + 1 || next.turn.kind === 'match-over';
      if ((ruling.frameWinner !== null) !== endsFrame) {
        fail(match, i, `frameWinner ${ruling.frameWinner} but the frame ${endsFrame ? 'ended' : 'went on'}`);
      }
      if ((ruling.matchWinner !== null) !== last)
        fail(match, i, `matchWinner ${ruling.matchWinner} on ruling ${i}`);
      if (JSON.stringify(ruling.next) !== JSON.stringify(next.turn))
        fail(match, i, 'ruling.next is not the new turn');
      if (ruling.frameWinner === null) continue;
      const w = ruling.frameWinner;
      frames[w] += 1;
      // Reading 2: the frame ends at the ruling that reaches the target (Classic 5.7: or decides the play-off).
      const playOff = variant === 'classic' && before.playOff;
      if (!playOff && ruling.scores[w] < target) {
        fail(match, i, `player ${w} won the frame at ${ruling.scores.join(':')} (target ${target})`);
      }
      if (ruling.scores[w === 0 ? 1 : 0] >= target) fail(match, i, `both players reached ${target}`);
      if (!last) {
        // п.9 reading: the next frame is racked afresh and the break alternates.
        if (next.scores[0] !== 0 || next.scores[1] !== 0)
          fail(match, i, 'the new frame did not start at 0:0');
        if (next.shelves[0].length + next.shelves[1].length !== 0) fail(match, i, 'shelves not emptied');
        if (next.table.length !== 15) fail(match, i, `new rack has ${next.table.length} balls`);
        const t = next.turn;
        if (t.kind !== 'shot' || t.terms.kind !== 'break')
          fail(match, i, 'the new frame does not start with a break');
        if (before.breaker !== null && t.player === before.breaker)
          fail(match, i, 'the break did not alternate');
      }
    }
    if (rulings[rulings.length - 1]?.matchWinner !== winner)
      throw new Error('last ruling does not name the winner');
    if (frames[winner] !== settings.framesToWin) throw new Error(`winner won ${frames[winner]} frames`);
    if (frames[winner === 0 ? 1 : 0] >= settings.framesToWin) throw new Error('the loser also won the match');
    if (final.framesWon[0] !== frames[0] || final.framesWon[1] !== frames[1]) {
      throw new Error(`framesWon ${final.framesWon.join(':')} but ${frames.join(':')} frames were won`);
    }
  });
});

// ── 2. ball accounting ────────────────────────────────────────────────────────────────────────────

function checkBalls(state: MatchState): string | null {
  const where = new Map<BallId, string[]>();
  const put = (ball: BallId, place: string) => where.set(ball, [...(where.get(ball) ?? []), place]);
  for (const ball of state.table) put(ball, 'table');
  state.shelves.forEach((shelf, p) => {
    for (const ball of shelf) put(ball, `shelf ${p}`);
  });
  for (let ball = 0; ball <= 15; ball++) {
    const places = where.get(ball) ?? [];
    if (places.length > 1) return `ball ${ball} is in ${places.join(' and ')}`;
    if (places.length === 0 && ball !== 0)
      return `ball ${ball} is lost (neither on the table nor on a shelf)`;
  }
  for (const ball of where.keys()) if (!(ball >= 0 && ball <= 15)) return `unknown ball ${ball}`;
  for (let i = 1; i < state.table.length; i++) {
    if (state.table[i - 1]! >= state.table[i]!) return `table not ascending: ${state.table.join(',')}`;
  }
  // The coloured ball may be off the bed and off the shelves only when it is in hand.
  const shot = shotAfter(state);
  const handsColoured = shot !== null && shot.terms.inHand !== null && shot.terms.cueBall === 0;
  const colouredOff = !where.has(0);
  if (
    colouredOff &&
    state.turn.kind !== 'lag' &&
    state.turn.kind !== 'match-over' &&
    !handsColoured &&
    !restartAfter(state)
  ) {
    return 'the coloured ball is lost: not on the table, not on a shelf, not in hand';
  }
  if (state.turn.kind === 'shot' && handsColoured && state.table.includes(0)) {
    return 'the coloured ball is in hand and on the table';
  }
  if (state.positions !== null) {
    const keys = Object.keys(state.positions)
      .map(Number)
      .sort((a, b) => a - b);
    if (keys.join(',') !== state.table.join(',')) return `positions for ${keys} but table ${state.table}`;
  }
  return null;
}

describe('ball accounting', () => {
  forAllMatches(VARIANTS, 'every ball is in exactly one place after every action', (match) => {
    const problem = checkBalls(match.initial);
    if (problem !== null) throw new Error(`initial state: ${problem}`);
    for (let i = 0; i < match.actions.length; i++) {
      const next = after(match, i);
      const problem = checkBalls(next);
      if (problem !== null) fail(match, i, problem);
      const ruling = match.rulings[i]!;
      if (ruling.frameWinner !== null) continue;
      // What the ruling reports is where the state has it: re-spotted balls on the bed (at the
      // reported spot when positions are known), shelved balls on the shelf named.
      for (const { ball, at } of ruling.respotted) {
        if (!next.table.includes(ball)) fail(match, i, `ball ${ball} re-spotted but not on the table`);
        const known = next.positions?.[ball];
        if (at !== null && known !== undefined && (known.x !== at.x || known.y !== at.y)) {
          fail(
            match,
            i,
            `ball ${ball} re-spotted at ${JSON.stringify(at)} but lies at ${JSON.stringify(known)}`,
          );
        }
      }
      for (const { ball, player } of ruling.shelved) {
        // Classic 5.7, reading 11: the shot that makes 70:70 shelves its ball, and the same ruling
        // puts the last one back on the back spot (reported as re-spotted).
        const backToSpot = next.playOff && ruling.respotted.some((r) => r.ball === ball);
        if (!backToSpot && !next.shelves[player].includes(ball))
          fail(match, i, `ball ${ball} shelved for ${player} but not on his shelf`);
      }
    }
  });
});

// ── 3. scores against shelves (Free, Combined, Dynamic) ───────────────────────────────────────────

/**
 * A ball owed to `player` by a pending penalty-ball or exchange-ball decision. Reading 1: "a penalty
 * point is credited when the foul is ruled, a свояк point when the shot is ruled; the penalty or
 * exchange ball is then a separate decision that moves a ball to the shelf (so the score can run
 * ahead of the shelf until it is made)".
 */
function owed(state: MatchState, player: Player): number {
  const turn = state.turn;
  if (turn.kind !== 'decision') return 0;
  // Every penalty or exchange ball still to take, along a chain of decisions (an offence while deciding).
  return decisionsOf(turn).filter((d) => d.player === player && d.kind !== 'dynamic-option').length;
}

/** Dynamic options still to take by `player` whose point was credited at the foul. */
function optionPoints(state: MatchState, player: Player): number {
  const turn = state.turn;
  if (turn.kind !== 'decision') return 0;
  return decisionsOf(turn).filter(
    (d) => d.player === player && d.kind === 'dynamic-option' && !d.pointWithOption1,
  ).length;
}

/*
 * Free and Combined: score = balls on the shelf, with exactly two exceptions, both from the decided
 * readings of general-rules.md: (a) reading 1, while a penalty or exchange ball is owed to the player
 * (+1), and (b) reading 2, at the ruling that ends the frame, when the winning point was credited
 * without its ball (a penalty point, or a свояк point whose exchange ball is never taken): shelf + 1.
 * Dynamic: score ≥ shelf; exactly, shelf + the ball owed + the option-(2) points of reading 15.
 * §27 needs no exception (ambiguity 14: the white ball exchanged for the coloured one goes to the
 * shelf that held it) and neither does the п.12 rebreak house rule (scores and shelves are kept).
 */
describe('scores against the shelves', () => {
  forAllMatches(
    ['free', 'combined', 'dynamic'],
    'score = shelf (+ the ball owed, + the penalty point that ends a frame, + Dynamic option-(2) points)',
    (match) => {
      const { variant } = match;
      // Dynamic (reading 15 and ambiguity 1): with dynamicOption2AwardsPoint the +1 is credited at the
      // foul; option (1) then brings a ball (score = shelf), option (2) does not (score = shelf + 1 for
      // good). With the setting off the point only comes with option (1)'s ball.
      let option2Points: [number, number] = [0, 0];
      for (let i = 0; i < match.rulings.length; i++) {
        const ruling = match.rulings[i]!;
        const before = match.states[i]!;
        const next = after(match, i);
        const action = match.actions[i]!;
        // The ledger: scores move only by the points the ruling states.
        for (const p of [0, 1] as const) {
          if (before.scores[p] + ruling.points[p] !== ruling.scores[p]) {
            fail(match, i, `scores ${before.scores} + points ${ruling.points} ≠ ${ruling.scores}`);
          }
        }
        if (ruling.frameWinner === null && ruling.scores.join() !== next.scores.join()) {
          fail(match, i, `ruling.scores ${ruling.scores} but state.scores ${next.scores}`);
        }
        const pending = before.turn.kind === 'decision' ? before.turn.decision : null;
        if (
          action.type === 'dynamic-option' &&
          action.option === 2 &&
          pending?.kind === 'dynamic-option' &&
          !pending.pointWithOption1
        ) {
          option2Points[action.player] += 1;
        }
        if (ruling.frameWinner === null) {
          for (const p of [0, 1] as const) {
            const shelf = next.shelves[p].length;
            const extra = variant === 'dynamic' ? option2Points[p] + optionPoints(next, p) : 0;
            const expected = shelf + owed(next, p) + extra;
            if (next.scores[p] !== expected) {
              fail(
                match,
                i,
                `player ${p} has ${next.scores[p]} points but ${shelf} balls on the shelf, ${owed(next, p)} owed, ${extra} Dynamic option points`,
              );
            }
            if (variant === 'dynamic' && next.scores[p] < shelf)
              fail(match, i, 'Dynamic score below the shelf');
          }
          continue;
        }
        // The frame's end. Reading 2: nothing stays pending after it, so a point credited without its
        // ball (reading 1) stays without one: the penalty point of a foul (ambiguity 4: the 8th point
        // may come from a penalty) or of Dynamic option (1), and the свояк point of a legal shot that
        // pocketed the cue ball (Combined/Dynamic 5.2; not on a Dynamic object-balls-only shot).
        const shelves = shelvesAfterRuling(before, ruling);
        const w = ruling.frameWinner;
        const byPenalty = ruling.verdict === 'foul' || ruling.action === 'dynamic-option' ? 1 : 0;
        const svoyak =
          variant !== 'free' &&
          ruling.verdict === 'legal' &&
          action.type === 'shot' &&
          (action.facts.pocketed ?? []).some((p) => p.ball === 0) &&
          !(before.turn.kind === 'shot' && before.turn.terms.objectBallsOnly)
            ? 1
            : 0;
        for (const p of [0, 1] as const) {
          // Balls and credited option points still owed by decisions pending when the frame ended
          // (an offence while deciding can end it): counted, never taken.
          const pending = owed(before, p) + (variant === 'dynamic' ? optionPoints(before, p) : 0);
          const extra = (variant === 'dynamic' ? option2Points[p] : 0) + pending;
          const expected = shelves[p].length + extra + (p === w ? byPenalty + svoyak : 0);
          if (ruling.scores[p] !== expected) {
            fail(
              match,
              i,
              `frame won by ${w} at ${ruling.scores.join(':')}: player ${p} has ${shelves[p].length} balls on the shelf, ${extra} Dynamic option points and owed balls, winning point by penalty ${byPenalty}, свояк ${svoyak}`,
            );
          }
        }
        if (next.turn.kind === 'match-over' && JSON.stringify(next.shelves) !== JSON.stringify(shelves)) {
          fail(match, i, 'the final shelves are not the shelves before plus the balls shelved');
        }
        option2Points = [0, 0];
      }
    },
  );
});

// ── 4. Classic: the scores sum to the value of the balls legally pocketed ─────────────────────────

describe('Classic score sum', () => {
  forAllMatches(['classic'], 'scores sum to the value of the balls legally pocketed', (match) => {
    const allowNegative = match.settings.classicAllowNegative;
    // Classic 5.1: ace 11, others their number, +10 to the shot that clears the table (ambiguity 6);
    // 5.6: each foul −5/+5, zero-sum, unless scores are floored (then the sum can only grow).
    // Classic 5.7 / reading 11: at 70:70 the last ball goes back to the back spot but the scores stay
    // 70:70, so its value stays in the sum; if it is pocketed again in the play-off it scores again.
    let pocketedValue = 0;
    for (let i = 0; i < match.rulings.length; i++) {
      const ruling = match.rulings[i]!;
      const before = match.states[i]!;
      const next = after(match, i);
      if (ruling.scored.length > 0) {
        for (const ball of ruling.scored) pocketedValue += classicValue(ball);
        const objectsBefore = before.table.filter((ball) => ball !== 0);
        if (objectsBefore.every((ball) => ruling.scored.includes(ball))) pocketedValue += 10;
      }
      const scores = ruling.frameWinner === null ? next.scores : ruling.scores;
      const sum = scores[0] + scores[1];
      if (allowNegative ? sum !== pocketedValue : sum < pocketedValue) {
        fail(
          match,
          i,
          `scores ${scores.join(':')} sum to ${sum}, balls legally pocketed are worth ${pocketedValue}`,
        );
      }
      if (ruling.verdict === 'foul' && allowNegative && ruling.points[0] + ruling.points[1] !== 0) {
        fail(match, i, `a foul moved the sum by ${ruling.points[0] + ruling.points[1]}`);
      }
      if (!allowNegative && (scores[0] < 0 || scores[1] < 0))
        fail(match, i, `negative score ${scores.join(':')}`);
      if (ruling.frameWinner !== null) pocketedValue = 0;
    }
  });
});

// ── 5. apply never mutates its input ──────────────────────────────────────────────────────────────

describe('apply never mutates its input', () => {
  forAllMatches(
    VARIANTS,
    'deep-frozen state and action: same JSON before and after, same result as unfrozen',
    (match) => {
      let state = deepFreeze(viaJson(match.initial));
      for (let i = 0; i < match.actions.length; i++) {
        const action = deepFreeze(viaJson(match.actions[i]!));
        const before = JSON.stringify(state);
        const actionBefore = JSON.stringify(action);
        let result: Result<Applied, RefereeError>;
        try {
          result = apply(state, action);
        } catch (caught) {
          fail(match, i, `apply threw on a frozen state: ${(caught as Error).message}`);
        }
        if (JSON.stringify(state) !== before) fail(match, i, 'apply changed its state');
        if (JSON.stringify(action) !== actionBefore) fail(match, i, 'apply changed its action');
        if (!result.ok) fail(match, i, `rejected on a frozen state: ${result.error.message}`);
        if (JSON.stringify(result.value.ruling) !== JSON.stringify(match.rulings[i])) {
          fail(match, i, 'a frozen state gave another ruling');
        }
        state = deepFreeze(result.value.state);
      }
      if (JSON.stringify(state) !== JSON.stringify(match.final))
        throw new Error('frozen play ended elsewhere');
    },
    30 * SCALE,
  );
});

// ── 6. records replay deterministically ───────────────────────────────────────────────────────────

describe('replaying a record', () => {
  forAllMatches(
    VARIANTS,
    'replayRecord twice gives identical JSON, and reproduces the played match',
    (match) => {
      const record = toRecord(match);
      const text = JSON.stringify(record);
      const first = replayRecord(JSON.parse(text));
      const second = replayRecord(JSON.parse(text));
      if (!first.ok)
        throw new Error(
          `replay failed at ${first.error.index}: ${first.error.field}: ${first.error.message}`,
        );
      if (JSON.stringify(first) !== JSON.stringify(second)) throw new Error('two replays differ');
      const replay = first.value;
      if (JSON.stringify(replay.final) !== JSON.stringify(match.final))
        throw new Error('replay ended in another state');
      if (replay.steps.length !== match.rulings.length) throw new Error('replay has another number of steps');
      for (let i = 0; i < replay.steps.length; i++) {
        if (JSON.stringify(replay.steps[i]!.ruling) !== JSON.stringify(match.rulings[i])) {
          fail(match, i, 'the replayed ruling differs');
        }
      }
    },
    30 * SCALE,
  );
});

// ── 7. malformed and wrong actions ────────────────────────────────────────────────────────────────

function expectRejected(
  state: MatchState,
  input: unknown,
  context: string,
  codes?: readonly RefereeError['code'][],
): void {
  const before = JSON.stringify(state);
  let result: Result<Applied, RefereeError>;
  try {
    result = apply(state, input);
  } catch (caught) {
    throw new Error(`${context}: apply threw on ${show(input)}: ${(caught as Error).stack}`);
  }
  if (result.ok)
    throw new Error(`${context}: ${show(input)} was accepted: ${result.value.ruling.explanation.en}`);
  const error = result.error;
  if (!(ERROR_CODES as readonly string[]).includes(error.code))
    throw new Error(`${context}: unknown code ${error.code}`);
  if (typeof error.field !== 'string') throw new Error(`${context}: error without a field: ${show(error)}`);
  if (typeof error.message !== 'string' || error.message.length === 0)
    throw new Error(`${context}: no message`);
  if (codes !== undefined && !codes.includes(error.code)) {
    throw new Error(
      `${context}: ${show(input)} gave ${error.code} (${error.field}: ${error.message}), expected ${codes.join(' or ')}`,
    );
  }
  if (JSON.stringify(state) !== before) throw new Error(`${context}: the state changed`);
}

/** A few states of the match to probe: the start, the end, and random ones in between. */
function sampleStates(match: RandomMatch, random: Random, count: number): MatchState[] {
  const all = [match.initial, ...match.states.slice(1), match.final];
  return [match.initial, match.final, ...Array.from({ length: count }, () => random.pick(all))];
}

describe('malformed input', () => {
  forAllMatches(
    VARIANTS,
    'random garbage never throws, gets a typed error with a field, changes nothing',
    (match, random) => {
      for (const state of sampleStates(match, random, 6)) {
        deepFreeze(state);
        for (let j = 0; j < 12; j++)
          expectRejected(state, randomMalformedAction(random), `state ${state.turn.kind}`);
      }
    },
  );

  it('a record with a malformed action stops there and names it', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...VARIANTS), (seed, variant) => {
        const match = playRandomMatch(variant, seed, { onRejected: 'record' });
        const random = new Random(seed);
        const cut = random.int(match.actions.length);
        const record = {
          ...toRecord(match),
          actions: [...match.actions.slice(0, cut), randomMalformedAction(random)],
        };
        const replay = replayRecord(record);
        expect(replay.ok).toBe(false);
        if (!replay.ok) expect(replay.error.index).toBe(cut);
      }),
      { numRuns: 100 },
    );
  });
});

type WrongAction = {
  readonly input: unknown;
  readonly why: string;
  readonly codes?: readonly RefereeError['code'][];
};

/** Balls on the bed for the shot due (the cue ball in hand counts: it is placed before the stroke). */
function bedFor(state: MatchState, template: ShotTemplate): BallId[] {
  const cue = template.cueBalls.length === 1 ? template.cueBalls[0]! : null;
  return template.inHand !== null && cue !== null && !state.table.includes(cue)
    ? [...state.table, cue]
    : [...state.table];
}

/** Well-formed actions that the state makes wrong: each must be refused. */
function wrongActions(state: MatchState, random: Random): WrongAction[] {
  const turn = state.turn;
  const out: WrongAction[] = [];
  const p = random.chance(0.5) ? 0 : 1;
  const anyBall = random.int(16);
  const decisions: RecordAction[] = [
    { type: 'penalty-ball', player: p, ball: anyBall },
    { type: 'exchange-ball', player: p, ball: anyBall },
    { type: 'dynamic-option', player: p, option: random.chance(0.5) ? 1 : 2 },
  ];
  switch (turn.kind) {
    case 'match-over':
      for (const input of [
        ...decisions,
        { type: 'lag', winner: p, first: p },
        { type: 'interference', restorable: true },
      ]) {
        out.push({ input, why: 'after the match', codes: ['match-over'] });
      }
      out.push({
        input: { type: 'shot', player: p, cueBall: 0, facts: {} },
        why: 'a shot after the match',
        codes: ['match-over'],
      });
      return out;
    case 'lag':
      for (const input of [
        ...decisions,
        { type: 'foul', player: p, foul: 'slow-play' },
        { type: 'interference', restorable: false },
      ]) {
        out.push({ input, why: 'while a lag is pending', codes: ['lag-pending'] });
      }
      out.push({
        input: { type: 'shot', player: p, cueBall: 0, facts: {} },
        why: 'a shot before the lag',
        codes: ['lag-pending'],
      });
      return out;
    case 'decision': {
      const d = turn.decision;
      const q = d.player === 0 ? 1 : 0;
      const ball = state.table.find((b) => b !== 0) ?? 1;
      if (d.kind === 'dynamic-option') {
        out.push({
          input: { type: 'dynamic-option', player: q, option: 1 },
          why: "the opponent's decision",
          codes: ['action-out-of-turn'],
        });
      } else {
        out.push({
          input: { type: d.kind, player: q, ball },
          why: "the opponent's decision",
          codes: ['action-out-of-turn'],
        });
        const offTable = [...Array(16).keys()].filter((b) => !state.table.includes(b));
        if (offTable.length > 0) {
          out.push({
            input: { type: d.kind, player: d.player, ball: random.pick(offTable) },
            why: 'a ball that is not on the table',
            codes: ['ball-not-on-table'],
          });
        }
        if (state.table.includes(0) && (state.variant !== 'free' || d.kind === 'exchange-ball')) {
          out.push({
            input: { type: d.kind, player: d.player, ball: 0 },
            why: 'the coloured cue ball',
            codes: ['illegal-cue-ball'],
          });
        }
      }
      for (const input of decisions) {
        if (input.type === d.kind) continue;
        out.push({
          input,
          why: `a ${input.type} while a ${d.kind} is pending`,
          codes: ['no-decision-pending', 'action-out-of-turn'],
        });
      }
      out.push({ input: { type: 'lag', winner: p, first: p }, why: 'a lag', codes: ['no-decision-pending'] });
      out.push({
        input: { type: 'shot', player: d.player, cueBall: 0, facts: {} },
        why: 'a shot',
        codes: ['decision-pending'],
      });
      out.push({
        input: { type: 'foul', player: p, foul: 'slow-play' },
        why: 'a foul event',
        codes: ['decision-pending'],
      });
      out.push({
        input: { type: 'foul', player: d.player, foul: 'touch-during-opponent-visit' },
        why: 'п.28 by the player deciding (he is the one in play)',
        codes: ['action-out-of-turn'],
      });
      // (Before the first shot of a later frame a touch follows the decided frame's last shot: п.22.3.)
      if (state.shotsInFrame > 0) {
        out.push({
          input: { type: 'foul', player: q, foul: 'touch-after-shot' },
          why: 'a touch "after his shot" by the player not deciding (that is п.28)',
          codes: ['action-out-of-turn'],
        });
      }
      out.push({
        input: { type: 'foul', player: p, foul: 'touch-while-placing' },
        why: 'placing a cue ball before the decision is taken',
        codes: ['impossible-facts'],
      });
      return out;
    }
    case 'shot': {
      const template: ShotTemplate = {
        type: 'shot',
        player: turn.player,
        kind: turn.terms.kind,
        cueBalls: turn.terms.cueBall === 'choose' ? state.table : [turn.terms.cueBall],
        calls: null,
        inHand: turn.terms.inHand,
        objectBallsOnly: turn.terms.objectBallsOnly,
      };
      const call = turn.terms.callRequired
        ? { ball: state.table.find((b) => b !== 0) ?? 1, pocket: 'FL' as const }
        : null;
      const shot = { ...randomShot(state, template, random), ...(call === null ? {} : { call }) };
      const q = turn.player === 0 ? 1 : 0;
      const bed = bedFor(state, template);
      const offBed = [...Array(16).keys()].filter((b) => !bed.includes(b));
      const withFacts = (facts: Record<string, unknown>) => ({ ...shot, facts: { ...shot.facts, ...facts } });
      out.push({ input: { ...shot, player: q }, why: "the opponent's shot", codes: ['action-out-of-turn'] });
      if (offBed.length > 0) {
        const gone = random.pick(offBed);
        out.push({
          input: withFacts({ firstContact: gone }),
          why: `first contact with ball ${gone} off the bed`,
          codes: ['ball-not-on-table'],
        });
        out.push({
          input: withFacts({ pocketed: [{ ball: gone, pocket: 'ML' }] }),
          why: `ball ${gone} pocketed from off the bed`,
          codes: ['ball-not-on-table'],
        });
        out.push({
          input: withFacts({ offTable: [gone] }),
          why: `ball ${gone} jumped from off the bed`,
          codes: ['ball-not-on-table'],
        });
        if (turn.terms.cueBall === 'choose') {
          out.push({
            input: { ...shot, cueBall: gone },
            why: `cue ball ${gone} off the bed`,
            codes: ['ball-not-on-table'],
          });
        }
      }
      const twice = random.pick(bed);
      out.push({
        input: withFacts({
          pocketed: [
            { ball: twice, pocket: 'FL' },
            { ball: twice, pocket: 'BR' },
          ],
        }),
        why: 'a ball pocketed twice',
        codes: ['ball-pocketed-twice'],
      });
      out.push({
        input: withFacts({ firstContact: shot.cueBall }),
        why: 'the cue ball as its own first contact',
        codes: ['impossible-facts'],
      });
      out.push({
        // (no frozen ball either: with frozenBallCountsAsContact it would be the first contact, п.5.3)
        input: {
          ...shot,
          facts: { ...shot.facts, firstContact: null, frozenBalls: [], cushionsAfterContact: [bed[0]!] },
        },
        why: 'cushions after a contact that did not happen',
        codes: ['impossible-facts'],
      });
      if (!turn.terms.callRequired) {
        out.push({
          input: { ...shot, call: { ball: bed.find((b) => b !== shot.cueBall) ?? 1, pocket: 'FL' } },
          why: 'a call where none is taken',
          codes: ['call-not-allowed'],
        });
      }
      if (turn.terms.inHand === null) {
        out.push({
          input: { ...shot, placement: { x: 400, y: 800 } },
          why: 'a placement without a ball in hand',
          codes: ['placement-invalid'],
        });
      } else {
        const outside = turn.terms.inHand === 'anywhere' ? { x: 10, y: 800 } : { x: 1775, y: 887.5 };
        out.push({
          input: { ...shot, placement: outside },
          why: `a placement outside the ${turn.terms.inHand}`,
          codes: ['placement-invalid'],
        });
      }
      if (turn.terms.cueBall !== 'choose') {
        const wrongCue = turn.terms.cueBall === 0 ? 1 + random.int(15) : 0;
        out.push({
          input: { ...shot, cueBall: wrongCue },
          why: `cue ball ${wrongCue}`,
          codes: ['illegal-cue-ball'],
        });
      }
      for (const input of decisions)
        out.push({ input, why: `a ${input.type} with no decision pending`, codes: ['no-decision-pending'] });
      out.push({
        input: { type: 'lag', winner: p, first: p },
        why: 'a lag with no lag pending',
        codes: ['no-decision-pending'],
      });
      for (const foul of ['touch-during-opponent-visit', 'out-of-turn-stroke'] as const) {
        out.push({
          input: { type: 'foul', player: turn.player, foul },
          why: `${foul} by the striker`,
          codes: ['action-out-of-turn'],
        });
      }
      for (const foul of ['touch-after-shot', 'slow-play', 'touch-while-placing'] as const) {
        // Before the first shot of a later frame, a touch "after the shot" follows the last shot of the
        // decided frame, which either player may have played: no penalty (п.22.3), not an error.
        if (foul === 'touch-after-shot' && state.shotsInFrame === 0 && state.frame > 1) continue;
        out.push({
          input: { type: 'foul', player: q, foul },
          why: `${foul} by the non-striker`,
          codes:
            foul === 'touch-after-shot' && state.shotsInFrame === 0
              ? ['action-out-of-turn', 'impossible-facts']
              : ['action-out-of-turn'],
        });
      }
      if (turn.terms.inHand === null) {
        out.push({
          input: { type: 'foul', player: turn.player, foul: 'touch-while-placing' },
          why: 'touch while placing with nothing in hand',
          codes: ['impossible-facts'],
        });
      }
      out.push({
        input: { type: 'extension', player: q },
        why: 'an extension by the non-striker',
        codes: ['action-out-of-turn', 'malformed-action'],
      });
      if (state.settings.shotClock === null) {
        out.push({
          input: { type: 'extension', player: turn.player },
          why: 'an extension with no shot clock',
          codes: ['malformed-action'],
        });
      }
      return out;
    }
  }
}

describe('wrong but well-formed actions', () => {
  forAllMatches(
    VARIANTS,
    'are refused with the right error, never throw, change nothing',
    (match, random) => {
      for (const state of sampleStates(match, random, 8)) {
        deepFreeze(state);
        for (const wrong of wrongActions(state, random)) {
          expectRejected(state, wrong.input, `${state.turn.kind} turn, ${wrong.why}`, wrong.codes);
        }
      }
    },
  );
});

// ── 9. fouls of a shot follow §29.1 and reading 3 ──────────────────────────────────────────────

const STROKE_CODES: Readonly<Record<string, FoulCode>> = {
  'early-stroke': '29.1(3)',
  'improper-strike': '29.1(4)',
  'feet-off-floor': '29.1(5)',
  'touched-ball': '29.1(6)',
  'double-hit': '29.1(7)',
  push: '29.1(8)',
};

/**
 * The fouls a shot must be called for, from its facts alone (general-rules §4 п.12, п.19–21, п.24,
 * §29.1; Classic 5.5, 5.8; reading 3: no contact is 29.1(1) and not also 29.1(9); a break is judged by
 * п.12.1, not п.20, and a break that misses the pyramid is both 29.1(1) and 29.1(2)).
 */
function expectedFouls(state: MatchState, turn: ShotTurn, shot: RecordShot): Set<FoulCode> {
  const { settings, variant } = state;
  const f = shot.facts;
  const pocketed = f.pocketed ?? [];
  const frozen = f.frozenBalls ?? [];
  const found = new Set<FoulCode>();
  for (const stroke of f.strokeFouls ?? []) found.add(STROKE_CODES[stroke]!);
  if (f.stroke && f.stroke.gapMm < settings.pushGapThreshold * 34 && f.stroke.angleDeg < 45)
    found.add('29.1(8)');
  // п.5.3 setting: a ball frozen to the cue ball counts as contacted.
  const first =
    f.firstContact ?? (settings.frozenBallCountsAsContact && frozen.length > 0 ? frozen[0]! : null);
  const isBreak = turn.terms.kind === 'break';
  // Issue 14 item 5: п.12.1 never asks more balls to a cushion than object balls are racked (a §27 restart).
  const racked = state.table.filter((ball) => ball !== shot.cueBall).length;
  const breakNeeds = Math.min(settings.breakMinBallsToCushion, racked);
  if (first === null) found.add('29.1(1)');
  if (
    isBreak &&
    (first === null || (pocketed.length === 0 && (f.breakCushionBalls ?? []).length < breakNeeds))
  ) {
    found.add('29.1(2)');
  }
  if ((f.offTable ?? []).length > 0) found.add('29.1(10)');
  if (variant === 'classic' && pocketed.some((p) => p.ball === shot.cueBall)) found.add('classic-5.5');
  if (
    turn.terms.inHand === 'house' &&
    settings.fromHouseRestriction &&
    first !== null &&
    !f.cueBallLeftHouseFirst
  ) {
    const at = state.positions?.[first];
    const inHouse = f.firstContactInHouse ?? (at === undefined ? null : isInHouse(REGULATION_12FT, at));
    if (inHouse === true) found.add('from-house');
  }
  const waived = variant === 'classic' && settings.classicWaiveP20;
  if (!isBreak && first !== null && !waived) {
    const call = shot.call;
    const potCompletes =
      pocketed.length > 0 &&
      (variant !== 'classic' ||
        (call !== undefined && pocketed.some((p) => p.ball === call.ball && p.pocket === call.pocket)) ||
        (settings.classicUnorderedSatisfiesP20 && pocketed.some((p) => p.ball !== shot.cueBall)));
    const cushions = (f.cushionsAfterContact ?? []).length;
    const completes =
      settings.completionRule === 'one-contact'
        ? cushions >= 1
        : cushions >= 2 ||
          (settings.completionRule === 'two-contacts-or-centre-line' &&
            (f.centreLineCrossed ?? []).length > 0);
    if (!potCompletes && !completes) found.add('29.1(9)');
  }
  return found;
}

describe('fouls of a shot', () => {
  forAllMatches(VARIANTS, 'are exactly the §29.1 items the facts show, penalised once', (match) => {
    for (let i = 0; i < match.actions.length; i++) {
      const action = match.actions[i]!;
      const before = match.states[i]!;
      if (action.type !== 'shot' || before.turn.kind !== 'shot') continue;
      const ruling = match.rulings[i]!;
      const expected = [...expectedFouls(before, before.turn, action)].sort();
      const actual = [...ruling.fouls].sort();
      if (expected.join() !== actual.join())
        fail(match, i, `fouls ${actual.join(', ') || 'none'}, expected ${expected.join(', ') || 'none'}`);
      if ((ruling.verdict === 'foul') !== expected.length > 0)
        fail(match, i, `verdict ${ruling.verdict} with fouls ${actual}`);
      if (new Set(ruling.fouls).size !== ruling.fouls.length) fail(match, i, 'a foul listed twice');
    }
  });
});

// ── 10. who plays next, and what counts ───────────────────────────────────────────────────────────

/** Who is to act in `state` (the shooter or the decider), or null for a lag or the end. */
function actor(state: MatchState): Player | null {
  const turn = state.turn;
  if (turn.kind === 'shot') return turn.player;
  if (turn.kind === 'decision') return turn.decision.player;
  return null;
}

/** The balls a legal shot scores, from the facts (Free 5, Combined 5, Dynamic 5, Classic 4–5). */
function expectedScored(state: MatchState, turn: ShotTurn, shot: RecordShot): BallId[] {
  const pocketed = (shot.facts.pocketed ?? []).map((p) => p.ball);
  const objects = pocketed.filter((ball) => ball !== 0);
  switch (state.variant) {
    case 'free':
      return pocketed;
    case 'combined':
    case 'dynamic':
      // The свояк scores the cue ball too, except on a Dynamic object-balls-only shot (5.2, reading 5).
      return pocketed.includes(0) && !turn.terms.objectBallsOnly ? [...objects, 0] : objects;
    case 'classic': {
      if (turn.terms.kind === 'break') return state.settings.classicBreakBallsCount ? objects : [];
      const call = shot.call;
      const called =
        call !== undefined &&
        (shot.facts.pocketed ?? []).some((p) => p.ball === call.ball && p.pocket === call.pocket);
      return called ? objects : [];
    }
  }
}

function checkTemporaryHouse(state: MatchState): string | null {
  const turn = state.turn;
  if (turn.kind !== 'shot' || (turn.terms.inHand !== 'house' && turn.terms.inHand !== 'temporary-house'))
    return null;
  // Reading 13: the temporary house as soon as every object ball on the table lies in the house
  // (known only when positions are).
  const objects = state.table.filter((ball) => state.variant === 'free' || ball !== 0);
  const positions = state.positions;
  const allInHouse =
    positions !== null &&
    objects.length > 0 &&
    objects.every((ball) => positions[ball] !== undefined && isInHouse(REGULATION_12FT, positions[ball]));
  const expected = allInHouse ? 'temporary-house' : 'house';
  return turn.terms.inHand === expected
    ? null
    : `in hand in the ${turn.terms.inHand}, expected the ${expected}`;
}

describe('turn order', () => {
  forAllMatches(
    VARIANTS,
    'the right player acts next, the right balls count, events change only what they should',
    (match) => {
      const { variant } = match;
      for (let i = 0; i < match.actions.length; i++) {
        const action = match.actions[i]!;
        const before = match.states[i]!;
        const ruling = match.rulings[i]!;
        const next = after(match, i);
        const temporary = checkTemporaryHouse(next);
        if (temporary !== null) fail(match, i, temporary);
        if (ruling.frameWinner !== null) continue;
        const playOff = variant === 'classic' && next.turn.kind === 'lag' && next.turn.reason === 'play-off';
        if (playOff && (next.scores[0] !== 70 || next.scores[1] !== 70))
          fail(match, i, `play-off at ${next.scores.join(':')}`);
        switch (action.type) {
          case 'shot': {
            if (before.turn.kind !== 'shot') fail(match, i, 'a shot was accepted out of a shot turn');
            const turn = before.turn;
            const x = action.player;
            if (ruling.verdict === 'foul') {
              // п.10: after a foul the opponent plays (or decides first); a rebreak is his too (п.12 house rule).
              if (!playOff && actor(next) !== other(x))
                fail(match, i, `after ${x}'s foul, ${actor(next)} acts`);
              if (ruling.scored.length > 0) fail(match, i, 'a fouled shot scored (п.22.3)');
              break;
            }
            const scored = expectedScored(before, turn, action);
            if ([...ruling.scored].sort().join() !== [...scored].sort().join()) {
              fail(match, i, `scored ${ruling.scored.join(',')}, expected ${scored.join(',')}`);
            }
            const cueFellOnObjectBallsOnly =
              turn.terms.objectBallsOnly && (action.facts.pocketed ?? []).some((p) => p.ball === 0);
            if (cueFellOnObjectBallsOnly) {
              // Dynamic 5.2, reading 5: the turn passes; the opponent plays an ordinary shot from hand anywhere.
              const t = next.turn;
              if (
                t.kind !== 'shot' ||
                t.player !== other(x) ||
                t.terms.inHand !== 'anywhere' ||
                t.terms.kind !== 'ordinary' ||
                t.terms.objectBallsOnly
              ) {
                fail(match, i, `after the cue ball fell on an object-balls-only shot: ${JSON.stringify(t)}`);
              }
            } else if (scored.length > 0) {
              if (!playOff && actor(next) !== x) fail(match, i, `${x} scored but ${actor(next)} acts`);
            } else if (actor(next) !== other(x) || next.turn.kind !== 'shot') {
              fail(match, i, `nothing counted for ${x}, yet next is ${JSON.stringify(next.turn)}`);
            }
            break;
          }
          case 'penalty-ball':
          case 'exchange-ball': {
            // What the decision leads to comes next: its shot, the next decision owed, or a §27 lag.
            const pending = before.turn.kind === 'decision' ? before.turn.decision : null;
            const then = pending !== null && pending.kind !== 'dynamic-option' ? pending.after : null;
            if (then === null) fail(match, i, 'a ball decision accepted with none pending');
            if (then.kind === 'shot' && (actor(next) !== then.player || next.turn.kind !== 'shot'))
              fail(match, i, 'the shot after the decision is not the one it led to');
            if (then.kind !== 'shot' && next.turn.kind !== then.kind)
              fail(match, i, `the decision led to ${then.kind}, next is ${next.turn.kind}`);
            if (then.kind === 'decision' && JSON.stringify(next.turn) !== JSON.stringify(then))
              fail(match, i, 'the next decision owed is not the one pending');
            if (!next.shelves[action.player].includes(action.ball))
              fail(match, i, 'the ball taken is not on his shelf');
            break;
          }
          case 'dynamic-option': {
            const t = next.turn;
            const pending = before.turn.kind === 'decision' ? before.turn.decision : null;
            if (pending?.kind !== 'dynamic-option') fail(match, i, 'an option accepted with none pending');
            const final = finalOf(pending.option1Then);
            // Item 3 and reading 6: option (2) makes the decider's own next shot the penalty shot, except
            // the break (Dynamic 4: the first stroke is the break from the house); with the turn passed
            // or a §27 lag to come it has no shot to change.
            const changes =
              final.kind === 'shot' && final.player === action.player && final.terms.kind !== 'break';
            if (action.option === 2 && changes) {
              const shot = t.kind === 'decision' ? finalShotOf(t) : t.kind === 'shot' ? t : null;
              if (
                shot === null ||
                shot.player !== action.player ||
                shot.terms.kind !== 'penalty' ||
                shot.terms.inHand !== 'anywhere' ||
                !shot.terms.objectBallsOnly
              ) {
                fail(match, i, `option 2 gave ${JSON.stringify(t)}`);
              }
            } else if (action.option === 2) {
              const was = JSON.stringify(final);
              const now = t.kind === 'decision' ? JSON.stringify(finalOf(t)) : JSON.stringify(t);
              if (
                t.kind !== 'lag' &&
                was.replace(/"inHand":"[a-z-]+"/, '') !== now.replace(/"inHand":"[a-z-]+"/, '')
              )
                fail(match, i, `option 2 with no shot of his own to change gave ${now}, not ${was}`);
              if (
                final.kind === 'shot' &&
                final.terms.kind === 'break' &&
                (finalOf(t as DecisionTurn | ShotTurn).kind !== 'shot' ||
                  (finalOf(t as DecisionTurn | ShotTurn) as ShotTurn).terms.kind !== 'break')
              )
                fail(match, i, 'option 2 before the break: the break is not played (Dynamic 4)');
            } else if (actor(next) !== action.player && pending.option1Then.kind === 'shot')
              fail(match, i, 'option 1: the decider does not act next');
            break;
          }
          case 'lag': {
            const t = next.turn;
            if (t.kind !== 'shot' || t.player !== action.first)
              fail(match, i, `the lag gave the table to ${actor(next)}`);
            if (
              before.turn.kind === 'lag' &&
              before.turn.reason === 'play-off' &&
              (t.kind !== 'shot' || t.terms.inHand === null)
            ) {
              fail(match, i, 'the play-off does not start from hand (Classic 5.7)');
            }
            break;
          }
          case 'foul':
            if (ruling.verdict === 'no-penalty') {
              if (JSON.stringify(next) !== JSON.stringify(before))
                fail(match, i, 'an unpenalised touch changed the state');
            } else if (before.turn.kind === 'decision') {
              // Item 1: the pending decision is kept and taken first; the chain then gives the
              // offender's opponent the penalty and the shot (or the §27 lag already due).
              const head = next.turn.kind === 'decision' ? next.turn.decision : null;
              const was = before.turn.decision;
              if (head === null || head.kind !== was.kind || head.player !== was.player)
                fail(match, i, `the pending ${was.kind} decision was not kept: ${JSON.stringify(next.turn)}`);
              const final = finalOf(next.turn as DecisionTurn);
              if (final.kind === 'shot' && final.player !== other(action.player))
                fail(match, i, `after ${action.player}'s foul while deciding, ${final.player} plays`);
              if (final.kind === 'lag' && finalOf(before.turn).kind !== 'lag')
                fail(match, i, 'a foul while deciding led to a lag');
            } else if (!playOff && actor(next) !== other(action.player)) {
              fail(match, i, `after ${action.player}'s foul (${action.foul}), ${actor(next)} acts`);
            }
            break;
          case 'interference':
            if (action.restorable && JSON.stringify(next) !== JSON.stringify(before)) {
              fail(match, i, '§27: a restorable interference changed the state');
            }
            if (!action.restorable) {
              // While a decision is pending it is kept and the restart lag follows it.
              const lag = next.turn.kind === 'decision' ? finalOf(next.turn) : next.turn;
              if (lag.kind !== 'lag' || lag.reason !== 'interference')
                fail(match, i, '§27: no lag after a re-rack');
              if (
                before.turn.kind === 'decision' &&
                JSON.stringify(decisionsOf(next.turn as DecisionTurn).map((d) => [d.kind, d.player])) !==
                  JSON.stringify(decisionsOf(before.turn).map((d) => [d.kind, d.player]))
              )
                fail(match, i, '§27: the pending decisions were not kept');
              if (next.scores.join() !== before.scores.join()) fail(match, i, '§27: "the score is kept"');
              if (next.table.includes(0))
                fail(match, i, '§27: the coloured ball is not in the house (in hand)');
            }
            break;
          case 'extension': {
            const expected = {
              ...before,
              extensionsUsed: before.extensionsUsed.map((n, p) => (p === action.player ? n + 1 : n)),
            };
            if (JSON.stringify(next) !== JSON.stringify(expected))
              fail(match, i, 'an extension changed more than the count');
            break;
          }
        }
      }
    },
  );
});

// ── 10b. offences while a decision or the 70:70 lag is pending ─────────────────────────────────────

/**
 * What the text says of an event while a decision is pending (issue 14, item 1): the player deciding
 * is the one in play, so his touch is п.17 / п.22.3 (`touch-after-shot`) and the other player's touch
 * or stroke is п.28; §27 applies «во время игры». Slow play (п.26) times a stroke, and nothing is being
 * placed before the decision. Before the 70:70 lag either player's touch is a breach after the shot.
 * Returns null when the event must be accepted, else the only error code the text allows.
 */
function refusalFor(state: MatchState, input: FoulAction | InterferenceAction): RefereeError['code'] | null {
  const turn = state.turn;
  // §27 before the 70:70 lag: the frame is live, the ball is put back (Classic 5.7); no re-rack.
  if (input.type === 'interference')
    return turn.kind === 'lag' && (turn.reason !== 'play-off' || !input.restorable) ? 'lag-pending' : null;
  const firstFrameUnbroken = state.shotsInFrame === 0 && state.frame === 1;
  if (turn.kind === 'lag')
    return turn.reason === 'play-off' && input.foul === 'touch-after-shot' ? null : 'lag-pending';
  if (turn.kind !== 'decision') throw new Error('not a decision');
  const decider = turn.decision.player;
  switch (input.foul) {
    case 'touch-after-shot':
      if (firstFrameUnbroken) return 'impossible-facts';
      // Before a later frame's break the shot that ended was the decided frame's: no penalty (п.22.3).
      if (state.shotsInFrame === 0) return null;
      return input.player === decider ? null : 'action-out-of-turn';
    case 'touch-during-opponent-visit':
    case 'out-of-turn-stroke':
      return input.player === decider ? 'action-out-of-turn' : null;
    case 'slow-play':
      return 'decision-pending';
    case 'touch-while-placing':
      return 'impossible-facts';
  }
}

describe('offences while a decision is pending', () => {
  forAllMatches(
    VARIANTS,
    'every п.28, п.22.3 and §27 event is ruled as the text says, or refused only with the reason it gives',
    (match, random) => {
      const pending = [match.initial, ...match.states].filter(
        (state) =>
          state.turn.kind === 'decision' || (state.turn.kind === 'lag' && state.turn.reason === 'play-off'),
      );
      const sample = pending.length <= 6 ? pending : Array.from({ length: 6 }, () => random.pick(pending));
      for (const state of sample) {
        deepFreeze(state);
        const events: (FoulAction | InterferenceAction)[] = [
          { type: 'interference', restorable: true },
          { type: 'interference', restorable: false },
        ];
        for (const player of [0, 1] as const)
          for (const foul of EVENT_FOULS) events.push({ type: 'foul', player, foul });
        for (const input of events) {
          const where = `${JSON.stringify(input)} in ${JSON.stringify(state.turn)}`;
          const expected = refusalFor(state, input);
          if (expected !== null) {
            expectRejected(state, input, where, [expected]);
            continue;
          }
          const result = apply(state, input);
          if (!result.ok)
            throw new Error(`${where} was refused: ${result.error.code}: ${result.error.message}`);
          const { ruling, state: next } = result.value;
          if (ruling.reasons.length === 0) throw new Error(`${where}: a ruling without a reason`);
          if (input.type === 'interference') {
            if (ruling.verdict !== 'no-penalty' || ruling.points.join() !== '0,0')
              throw new Error(`${where}: §27 «штраф не налагается», yet ${ruling.verdict} ${ruling.points}`);
            if (input.restorable && JSON.stringify(next) !== JSON.stringify(state))
              throw new Error(`${where}: the balls put back changed the state`);
            if (!input.restorable && next.scores.join() !== state.scores.join())
              throw new Error(`${where}: §27 «Счет сохраняется»`);
            continue;
          }
          if (ruling.verdict === 'no-penalty') {
            if (JSON.stringify(next) !== JSON.stringify(state))
              throw new Error(`${where}: no penalty, yet a change`);
            continue;
          }
          const beneficiary = other(input.player);
          if (ruling.verdict !== 'foul' || ruling.points[input.player] > 0 || ruling.points[beneficiary] < 0)
            throw new Error(
              `${where}: the penalty is not the offender's: ${ruling.verdict} ${ruling.points}`,
            );
          if (ruling.frameWinner !== null) continue;
          if (state.turn.kind === 'decision') {
            const kept = next.turn.kind === 'decision' ? next.turn.decision : null;
            const was = state.turn.decision;
            if (kept === null || kept.kind !== was.kind || kept.player !== was.player)
              throw new Error(`${where}: the pending decision was not kept: ${JSON.stringify(next.turn)}`);
            const final = finalOf(next.turn as DecisionTurn);
            if (final.kind === 'shot' && final.player !== beneficiary)
              throw new Error(`${where}: the offender plays next`);
          }
        }
      }
    },
    30 * SCALE,
  );
});

// ── 11. after the match nothing changes ───────────────────────────────────────────────────────────

describe('after the match', () => {
  forAllMatches(
    VARIANTS,
    'a foul changes nothing and is not penalised; anything else is refused',
    (match) => {
      const final = deepFreeze(match.final);
      for (const player of [0, 1] as const) {
        for (const foul of EVENT_FOULS) {
          const result = apply(final, { type: 'foul', player, foul });
          if (!result.ok)
            throw new Error(`reading 2: ${foul} after the match was refused: ${result.error.message}`);
          const { ruling, state } = result.value;
          if (ruling.verdict !== 'no-penalty' || ruling.points.join() !== '0,0') {
            throw new Error(
              `reading 2 / п.22.3: ${foul} after the match was ruled ${ruling.verdict} ${ruling.points}`,
            );
          }
          if (JSON.stringify(state) !== JSON.stringify(final))
            throw new Error(`${foul} after the match changed the state`);
        }
      }
    },
  );
});

// ── 8. JSON round trip ────────────────────────────────────────────────────────────────────────────

describe('JSON round trip', () => {
  forAllMatches(
    VARIANTS,
    'a state read back from JSON gives the same result for the same action',
    (match) => {
      for (let i = 0; i < match.actions.length; i++) {
        const state = match.states[i]!;
        const action = match.actions[i]!;
        const original = JSON.stringify(apply(state, action));
        const roundTrip = JSON.stringify(
          apply(JSON.parse(JSON.stringify(state)) as MatchState, viaJson(action)),
        );
        if (original !== roundTrip) fail(match, i, 'a JSON copy of the state gave another result');
      }
    },
    30 * SCALE,
  );
});
