/**
 * Combined pyramid («Комбинированная пирамида»): the coloured ball is the cue ball (5.1), object
 * balls and the свояк score one point each (6), a свояк earns an exchange ball and a premium shot
 * from hand from the house (5.2, п.21), 8 points win (1); a foul costs a point and a penalty ball,
 * and a cue ball off the bed gives the opponent a penalty shot from the house (6–7).
 */
import { COLOURED } from '../balls.js';
import { reasons } from '../explain.js';
import { penaltyFromHouse, sayCueBallInHand } from '../penalty.js';
import { ordinaryShot } from '../rulebook-facts.js';
import { other, type ShotTerms } from '../state.js';
import { pointThenPenaltyBall, shelfScore } from './penalty-point.js';
import type { Rulebook } from './rulebook.js';
import { scoreWithSvoyak, shelveObjectBalls } from './svoyak.js';

/** Combined 5.2: the premium shot after a свояк, from hand from the house (п.21). */
const PREMIUM: ShotTerms = Object.freeze({
  kind: 'premium',
  cueBall: COLOURED,
  inHand: 'house',
  objectBallsOnly: false,
  callRequired: false,
});

export const combined = {
  variant: 'combined',
  targetScore: 8,
  anyBallIsCueBall: false,
  penaltyBalls: true,
  exchangeBalls: true,
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
    scored: 'Combined 6, п.22.2',
    nothingPocketed: 'п.10',
    penaltyPoint: 'Combined 6',
    penaltyBall: 'Combined 7',
    cueBallInHandAfterFoul: 'Combined 7, п.21',
  },
  // Combined 5.1: the coloured ball is the cue ball; no call.
  ordinary: ordinaryShot(COLOURED, false),

  /** Combined 5.1–5.2, 6: object balls and the свояк score; a свояк brings the exchange ball and the premium shot. */
  scoreLegalShot(draft, turn, _action, _facts, pocketed) {
    const fell = shelveObjectBalls(draft, turn.player, pocketed);
    scoreWithSvoyak(draft, turn, pocketed, fell, PREMIUM, reasons.svoyakFromHouse());
  },

  /** Combined 6–7, п.21: a point and a penalty ball; a cue ball off the bed is played from the house. */
  penalise(draft, offender, terms) {
    const beneficiary = other(offender);
    const fromHouse = terms.cueBallOff && terms.base.kind !== 'break';
    if (fromHouse) sayCueBallInHand(draft, terms, 'house');
    pointThenPenaltyBall(draft, beneficiary, {
      kind: 'shot',
      player: beneficiary,
      terms: fromHouse ? penaltyFromHouse(false) : terms.base,
    });
  },

  /** п.20: any ball that falls completes the shot. */
  potCompletes: () => true,
  completionWaived: () => false,
  /** Combined 6: scores only grow. */
  lowestScore: () => 0,
  /** Combined 6: one point per ball on the shelf. */
  scoreAgainstShelf: shelfScore,
} as const satisfies Rulebook;
