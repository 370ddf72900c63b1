/**
 * The penalty of Free, Combined and Dynamic pyramid (§6–§7 of each): one point to the offender's
 * opponent, who then takes a penalty ball — unless that point would be the winning one the
 * `winningPointByPenalty` setting forbids, or it wins the frame.
 */
import type { Draft } from '../draft.js';
import { reasons } from '../explain.js';
import { pointWithheld, resolveShot } from '../penalty.js';
import { cited } from '../rulebook-facts.js';
import type { Player, ShotTurn } from '../state.js';

export function pointThenPenaltyBall(draft: Draft, beneficiary: Player, then: ShotTurn): void {
  if (pointWithheld(draft, beneficiary)) {
    draft.say(reasons.penaltyPointWithheld());
    draft.turn = resolveShot(draft, then);
    return;
  }
  draft.addPoints(beneficiary, 1);
  draft.say(reasons.penaltyPoint(cited(draft.rules, 'penaltyPoint'), beneficiary));
  if (draft.scores[beneficiary] >= draft.target()) {
    draft.winFrame(beneficiary);
    return;
  }
  draft.say(
    reasons.penaltyBallDue(cited(draft.rules, 'penaltyBall'), beneficiary, draft.respotted.length > 0),
  );
  draft.turn = { kind: 'decision', decision: { kind: 'penalty-ball', player: beneficiary, after: then } };
}

/** Free, Combined and Dynamic §6 scores only: one point per shelf ball (and per ball owed). */
export function shelfScore(score: number, shelfBalls: number, owed: number): string | null {
  return score === shelfBalls + owed
    ? null
    : `must equal the balls on the shelf (${shelfBalls})${owed ? ' plus the ball owed' : ''}`;
}
