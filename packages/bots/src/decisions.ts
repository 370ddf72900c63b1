/**
 * The decisions the rules give a player, judged by geometry (no simulation):
 *
 * - Penalty ball and exchange ball (Free/Combined/Dynamic 7, Combined/Dynamic 5.2): the decider
 *   plays the next shot himself. Each ball he may take is rated by his chance from the position
 *   without it, less what the opponent could do from that position if he misses:
 *   visit(p_me) − (1 − p_me) · visit(p_opp). So a ball he cannot use but the opponent could (a ball in
 *   the house when he plays from the house) is taken, and so is a ball in the way of his best shot.
 *   The novice simply takes the ball nearest a pocket.
 * - Dynamic option: option (1) is rated as the best penalty ball; option (2) as a shot from hand
 *   anywhere (the point is credited either way by default); the better is taken. The novice always
 *   takes option (2).
 * - Lag: the coin is the seed's; the winner chooses to play first.
 */
import type { Random } from '@pyramid/core';
import {
  type Action,
  applyAction,
  COLOURED,
  type DynamicOptionAction,
  type ExchangeBallAction,
  legalActions,
  type MatchState,
  other,
  type PenaltyBallAction,
  type Player,
  RULEBOOKS,
} from '@pyramid/rules';
import { type Ball, botTable, dist, freeSpot } from './geometry.js';
import type { LevelSpec } from './levels.js';
import { ballsOf, bestChance, nextShots, ordinaryTerms, situationOf } from './position.js';
import { visitValue } from './search.js';

export type DecisionAction =
  | PenaltyBallAction
  | ExchangeBallAction
  | DynamicOptionAction
  | Extract<Action, { type: 'lag' }>;

/** The decider's rating of a state where he is about to shoot (after his decision). */
function rateShotFor(state: MatchState, me: Player, level: LevelSpec): number {
  const shots = nextShots(state).filter((s) => s.player === me);
  if (shots.length === 0) return 0;
  const balls = ballsOf(state);
  const sigma = level.noise.aimDeg;
  let pMe = 0;
  for (const { terms } of shots)
    pMe = Math.max(pMe, bestChance(situationOf(state, me, terms, balls), sigma, 40));
  const pOpp = opponentChance(state, other(me), balls, sigma);
  return visitValue(pMe) - (1 - pMe) * visitValue(pOpp);
}

/**
 * Cue ball spots for judging how easy the balls are from wherever the cue ball may end, on the 12 ft
 * table; scaled to the match's table.
 */
const SPOTS = [
  { x: 600, y: 450 },
  { x: 600, y: 1325 },
  { x: 1300, y: 887.5 },
  { x: 1775, y: 450 },
  { x: 1775, y: 1325 },
  { x: 2250, y: 887.5 },
  { x: 2950, y: 450 },
  { x: 2950, y: 1325 },
];

/**
 * What the opponent could make of the balls after the decider's visit. In Free he chooses among the
 * balls as they lie; elsewhere the cue ball will have moved, so its chance is averaged over spots
 * across the table (a ball over a pocket is easy from almost all of them).
 */
function opponentChance(state: MatchState, opponent: Player, balls: readonly Ball[], sigma: number): number {
  const terms = ordinaryTerms(state);
  if (RULEBOOKS[state.variant].anyBallIsCueBall)
    return bestChance(situationOf(state, opponent, terms, balls), sigma, 16);
  const objects = balls.filter((b) => b.id !== COLOURED);
  const t = botTable(state.tableSize);
  let total = 0;
  let n = 0;
  for (const { x, y } of SPOTS) {
    const spot = { x: x * t.lengthScale, y: y * t.widthScale };
    if (!freeSpot(t, spot, objects)) continue;
    const withCue = [...objects, { id: COLOURED, x: spot.x, y: spot.y }];
    total += bestChance(situationOf(state, opponent, terms, withCue), sigma, 16);
    n++;
  }
  return n === 0 ? 0 : total / n;
}

function nearestPocketDistance(state: MatchState, ball: number): number {
  const at = state.positions?.[ball];
  if (at === undefined) return Number.POSITIVE_INFINITY;
  let best = Number.POSITIVE_INFINITY;
  for (const p of botTable(state.tableSize).pockets) best = Math.min(best, dist(p.mouth, at));
  return best;
}

/** Rates each ball the decider may take; returns the best action. */
function chooseBall(
  state: MatchState,
  options: readonly (PenaltyBallAction | ExchangeBallAction)[],
  level: LevelSpec,
): { action: PenaltyBallAction | ExchangeBallAction; value: number } {
  if (level.name === 'novice' || state.positions === null) {
    const sorted = [...options].sort(
      (a, b) =>
        nearestPocketDistance(state, a.ball) - nearestPocketDistance(state, b.ball) || a.ball - b.ball,
    );
    return { action: sorted[0]!, value: 0 };
  }
  let best: { action: PenaltyBallAction | ExchangeBallAction; value: number } | null = null;
  for (const action of options) {
    // In Free the coloured ball may be taken, but it is rarely worth it: rate it like any other.
    const applied = applyAction(state, action);
    if (!applied.ok) continue;
    const after = applied.value.state;
    const value =
      applied.value.ruling.frameWinner !== null
        ? applied.value.ruling.frameWinner === action.player
          ? 100
          : -100
        : rateShotFor(after, action.player, level);
    if (best === null || value > best.value + 1e-12) best = { action, value };
  }
  return best ?? { action: options[0]!, value: 0 };
}

export function decide(state: MatchState, level: LevelSpec, random: Random): DecisionAction | null {
  const turn = state.turn;
  if (turn.kind === 'lag') {
    const winner: Player = random.chance(0.5) ? 1 : 0;
    return { type: 'lag', winner, first: winner };
  }
  if (turn.kind !== 'decision') return null;
  const legal = legalActions(state);
  const decision = turn.decision;
  if (decision.kind === 'penalty-ball' || decision.kind === 'exchange-ball') {
    const options = legal.filter(
      (a): a is PenaltyBallAction | ExchangeBallAction =>
        a.type === 'penalty-ball' || a.type === 'exchange-ball',
    );
    return chooseBall(state, options, level).action;
  }
  // Dynamic option.
  const option = (n: 1 | 2): DynamicOptionAction => ({
    type: 'dynamic-option',
    player: decision.player,
    option: n,
  });
  if (level.name === 'novice' || state.positions === null) return option(2);
  const one = applyAction(state, option(1));
  const two = applyAction(state, option(2));
  if (!one.ok) return option(2);
  if (!two.ok) return option(1);
  const rate = (applied: typeof one): number => {
    if (!applied.ok) return Number.NEGATIVE_INFINITY;
    const { state: after, ruling } = applied.value;
    if (ruling.frameWinner !== null) return ruling.frameWinner === decision.player ? 100 : -100;
    if (after.turn.kind === 'decision' && after.turn.decision.kind === 'penalty-ball') {
      const balls = legalActions(after).filter((a): a is PenaltyBallAction => a.type === 'penalty-ball');
      return chooseBall(after, balls, level).value;
    }
    return rateShotFor(after, decision.player, level);
  };
  const v1 = rate(one);
  const v2 = rate(two);
  return option(v1 > v2 ? 1 : 2);
}
