/**
 * Every move a computer player makes is legal, over thousands of states of all four variants
 * reached by random legal play (with positions, fouls and decisions of every kind along the way).
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

/**
 * At least this many states per variant (four variants: 1,200 in all, a third at each level); the
 * quick loop (`npm run test:quick`, PYRAMID_QUICK=1) checks 150, `LEGALITY_STATES=5000` searches
 * deeper.
 */
export const STATES_PER_VARIANT = Number(
  process.env.LEGALITY_STATES ?? (process.env.PYRAMID_QUICK === '1' ? 150 : 300),
);

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

/** Checks the moves of every level in at least STATES_PER_VARIANT random states of `variant`. */
export function checkLegality(variant: Variant): void {
  const failures: string[] = [];
  const kinds = new Set<string>();
  let checked = 0;
  for (let seed = 1; checked < STATES_PER_VARIANT; seed++) {
    const match = playRandomMatch(variant, 1000 + seed, { positions: true, eventRate: 0.03 });
    for (const [i, state] of match.states.entries()) {
      if (state.positions === null || state.turn.kind === 'match-over') continue;
      const level = PLAYERS[checked % PLAYERS.length]!;
      kinds.add(state.turn.kind === 'decision' ? state.turn.decision.kind : state.turn.kind);
      const problem = illegality(state, level, mixSeed(seed, i));
      if (problem !== null) failures.push(`${variant} seed ${seed} state ${i} (${level.name}): ${problem}`);
      checked++;
    }
  }
  expect(failures).toEqual([]);
  expect(checked).toBeGreaterThanOrEqual(STATES_PER_VARIANT);
  // The states include decisions after fouls, not only shots.
  expect(kinds.size).toBeGreaterThan(1);
}
