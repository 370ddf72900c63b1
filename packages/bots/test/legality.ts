/**
 * Every move a computer player makes is legal, in states of every kind random legal play of the
 * four variants reaches (with positions, fouls and decisions of every kind along the way).
 * The novice and the amateur play at their own budgets; legality cannot depend on how long a
 * player searches, so the master plays with its search cut short: every kind of plan it makes
 * (свояк, banks, п.20 safeties, placements in hand, the call, the decisions after a foul) is still
 * generated, refined and chosen; fewer are sampled.
 */
import { isDeepStrictEqual } from 'node:util';
import { chooseAction, execute, LEVELS, type LevelSpec, mixSeed } from '@pyramid/bots';
import {
  apply,
  legalActions,
  type MatchState,
  recordAction,
  type ShotTemplate,
  type Variant,
} from '@pyramid/rules';
import { isInHouse, isInTemporaryHouse, isOnBed, REGULATION_12FT } from '@pyramid/table';
import { playRandomMatch } from '@pyramid/testkit';
import { expect } from 'vitest';

const QUICK_MASTER: LevelSpec = {
  ...LEVELS.master,
  maxSimulations: 40,
  candidates: 12,
  samples: 2,
  refine: 3,
};
const PLAYERS: readonly LevelSpec[] = [LEVELS.novice, LEVELS.amateur, QUICK_MASTER];

const QUICK = process.env.PYRAMID_QUICK === '1';

/**
 * The states checked are chosen, not counted: random play reaches a few kinds of state many times
 * (an ordinary shot, a penalty ball) and others rarely (a premium shot from the house, an exchange
 * ball, a Classic penalty shot from the temporary house), and every kind is where a move can go
 * wrong in its own way. So each kind (`stateKind`) found in MATCHES random matches is checked in up
 * to STATES_PER_KIND of its states, each at every level: the quick loop (`npm run test:quick`,
 * PYRAMID_QUICK=1) 2 of each kind in 20 matches, `npm test` 6 in 40; `LEGALITY_PER_KIND=100`
 * searches deeper.
 */
export const STATES_PER_KIND = Number(process.env.LEGALITY_PER_KIND ?? (QUICK ? 2 : 6));
const MATCHES = QUICK ? 20 : 40;

/**
 * What kind of move is due: the decision, or the shot with its terms (how it is played, from where,
 * with which cue ball, with a call, what it may pocket) and whether the bed holds more than the nine
 * balls the bots' budget is set for (bot.ts `budgetFor`).
 */
export function stateKind(state: MatchState): string {
  const turn = state.turn;
  if (turn.kind === 'decision') return turn.decision.kind;
  if (turn.kind !== 'shot') return turn.kind;
  const { terms } = turn;
  return [
    terms.kind,
    terms.inHand ?? 'where it lies',
    terms.cueBall === 'choose' ? 'any cue ball' : 'the coloured ball',
    terms.callRequired ? 'called' : 'uncalled',
    terms.objectBallsOnly ? 'object balls only' : 'any ball',
    state.table.length > 9 ? 'more than nine balls' : 'nine balls or fewer',
  ].join(', ');
}

/** Why `move` would not be legal in `state`, or null when the referee's template and the referee accept it. */
function illegality(state: MatchState, level: LevelSpec, seed: number): string | null {
  const move = chooseAction(state, level, seed);
  if (move === null) return 'no move where one is due';
  if (move.type === 'shot') {
    const template = legalActions(state).find((a): a is ShotTemplate => a.type === 'shot');
    if (template === undefined) return 'a shot where none is due';
    const { shot } = move;
    if (!template.cueBalls.includes(shot.cueBall)) return `cue ball ${shot.cueBall} not allowed`;
    if (template.calls === null ? shot.call !== null : !template.calls.some((c) => sameCall(c, shot.call)))
      return `call ${JSON.stringify(shot.call)} not allowed`;
    if (template.inHand === null ? shot.placement !== null : shot.placement === null)
      return 'placement given where none is due, or missing';
    const at = shot.placement;
    if (at !== null) {
      if (!isOnBed(REGULATION_12FT, at)) return `placement ${JSON.stringify(at)} off the bed`;
      if (template.inHand === 'house' && !isInHouse(REGULATION_12FT, at))
        return 'placement outside the house';
      if (template.inHand === 'temporary-house' && !isInTemporaryHouse(REGULATION_12FT, at))
        return 'placement outside the temporary house';
    }
  }
  const done = execute(state, move, level, seed);
  if (!done.ok) return `refused: ${JSON.stringify(done.error)}`;
  const again = apply(state, JSON.parse(JSON.stringify(recordAction(done.value.action))));
  if (!again.ok) return `its record form was refused: ${again.error.message}`;
  // The record stores the action as JSON: replayed from there it must reach the same state.
  if (!isDeepStrictEqual(again.value.state, done.value.state)) return 'its record form reaches another state';
  return null;
}

function sameCall(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Checks the moves of every level in up to STATES_PER_KIND states of each kind random play of
 * `variant` reaches in MATCHES matches, the `required` kinds among them.
 */
export function checkLegality(variant: Variant, required: readonly string[]): void {
  const failures: string[] = [];
  const checked = new Map<string, number>();
  for (let seed = 1; seed <= MATCHES; seed++) {
    const match = playRandomMatch(variant, 1000 + seed, { positions: true, eventRate: 0.03 });
    for (const [i, state] of match.states.entries()) {
      if (state.positions === null || state.turn.kind === 'match-over') continue;
      const kind = stateKind(state);
      const n = checked.get(kind) ?? 0;
      if (n >= STATES_PER_KIND) continue;
      for (const level of PLAYERS) {
        const problem = illegality(state, level, mixSeed(seed, i));
        if (problem !== null) failures.push(`${variant} seed ${seed} state ${i} (${level.name}): ${problem}`);
      }
      checked.set(kind, n + 1);
    }
  }
  expect(failures).toEqual([]);
  // The kinds where the variant's moves differ were reached, and so checked at every level.
  expect([...checked.keys()]).toEqual(expect.arrayContaining([...required]));
}
