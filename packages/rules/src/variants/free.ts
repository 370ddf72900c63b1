/**
 * Free pyramid («Свободная пирамида»): any ball may be the cue ball (5.1), every ball that falls on
 * a legal shot scores one point (5.4–5.5, 6), 8 points win the frame (1), and a foul costs a point
 * and a penalty ball of the opponent's choice, the coloured one too (6–7).
 */
import { reasons } from '../explain.js';
import { setShot } from '../penalty.js';
import { ordinaryShot } from '../rulebook-facts.js';
import { other } from '../state.js';
import { pointThenPenaltyBall, shelfScore } from './penalty-point.js';
import type { Rulebook } from './rulebook.js';

export const free = {
  variant: 'free',
  targetScore: 8,
  anyBallIsCueBall: true,
  penaltyBalls: true,
  exchangeBalls: false,
  dynamicOption: false,
  takeOption: null,
  objectBallsOnlyShots: false,
  calls: false,
  playOff: false,
  fixedRack: false,
  pocketedCueBallFouls: false,
  scoresByValue: false,
  settings: ['winningPointByPenalty'],
  cites: {
    scored: 'Free 6, п.22.2',
    nothingPocketed: 'Free 5.3',
    penaltyPoint: 'Free 6',
    penaltyBall: 'Free 7',
    cueBallInHandAfterFoul: null,
  },
  // Free 5.1: the striker chooses the cue ball; no call.
  ordinary: ordinaryShot('choose', false),

  /** Free 5.4–5.5, 6: every ball that falls on a legal shot scores one, the cue ball too; п.10: a pot continues the visit. */
  scoreLegalShot(draft, turn, _action, _facts, pocketed) {
    const striker = turn.player;
    for (const ball of pocketed) draft.toShelf(striker, ball);
    draft.addScored(pocketed);
    if (pocketed.length > 0) {
      draft.addPoints(striker, pocketed.length);
      draft.say(reasons.scored(striker, pocketed, pocketed.length, draft.rules.cites.scored));
      if (draft.scores[striker] >= draft.target()) {
        draft.winFrame(striker);
        return;
      }
      draft.say(reasons.continueVisit());
      setShot(draft, striker, draft.rules.ordinary.terms);
      return;
    }
    draft.say(reasons.nothingPocketed(draft.rules.cites.nothingPocketed));
    setShot(draft, other(striker), draft.rules.ordinary.terms);
  },

  /** Free 6–7: a point to the opponent, then his penalty ball; he plays from the position (the balls are re-spotted, Free 8). */
  penalise(draft, offender, terms) {
    const beneficiary = other(offender);
    pointThenPenaltyBall(draft, beneficiary, { kind: 'shot', player: beneficiary, terms: terms.base });
  },

  /** п.20: any ball that falls completes the shot. */
  potCompletes: () => true,
  completionWaived: () => false,
  /** Free 6: scores only grow. */
  lowestScore: () => 0,
  /** Free 6: one point per ball on the shelf. */
  scoreAgainstShelf: shelfScore,
} as const satisfies Rulebook;
