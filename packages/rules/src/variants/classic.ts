/**
 * Classic pyramid («Классическая пирамида»): the coloured ball is the cue ball and every shot but
 * the break takes a call (5.2); a called ball correctly pocketed makes every ball that fell count
 * by its value, the last object ball 10 more (5.1, 5.3); unordered balls are re-spotted (5.4); 71
 * points win (1), and 70:70 is decided by a play-off (5.7). A foul costs 5 points (5.6), and a
 * pocketed cue ball is a foul of its own (5.5).
 */
import type { ShotAction } from '../actions.js';
import { type BallId, COLOURED, classicValue } from '../balls.js';
import type { Draft } from '../draft.js';
import { reasons } from '../explain.js';
import type { ShotFacts } from '../facts.js';
import { penaltyFromHouse, sayCueBallInHand, setShot, startPlayOff } from '../penalty.js';
import { withoutColoured } from '../position.js';
import { ordinaryShot } from '../rulebook-facts.js';
import { type Call, other, type ShotTurn } from '../state.js';
import type { Rulebook } from './rulebook.js';

/** Whether every pocketed ball is `ball` (so no other ball fell). */
function everyPocketed(facts: ShotFacts, ball: BallId): boolean {
  for (let i = 0; i < facts.pocketed.length; i++) if (facts.pocketed[i]!.ball !== ball) return false;
  return true;
}

/** Classic 5.3: the called ball fell into the called pocket. */
function calledBallFell(facts: ShotFacts, call: Call): boolean {
  for (let i = 0; i < facts.pocketed.length; i++) {
    const p = facts.pocketed[i]!;
    if (p.ball === call.ball && p.pocket === call.pocket) return true;
  }
  return false;
}

/** Classic 5.1–5.4, 5.7: a legal shot scores by the call; then the play-off, the win, or the next shot. */
function scoreClassic(
  draft: Draft,
  turn: ShotTurn,
  action: ShotAction,
  facts: ShotFacts,
  objects: readonly BallId[],
): void {
  const striker = turn.player;
  const call = action.call;
  let counts: boolean;
  if (turn.terms.kind === 'break') {
    counts = draft.settings.classicBreakBallsCount;
    if (!counts && objects.length > 0) draft.say(reasons.breakBallsNotCounted(objects));
  } else if (call !== null) {
    counts = calledBallFell(facts, call);
    draft.say(
      counts
        ? reasons.calledBallPocketed(call.ball, call.pocket)
        : reasons.calledBallMissed(call.ball, call.pocket),
    );
  } else {
    // No call was made: no ball of this shot is a called ball correctly pocketed (Classic 5.2, 5.3).
    counts = false;
    draft.say(reasons.noCall());
  }
  if (!counts || objects.length === 0) {
    if (objects.length > 0) {
      if (turn.terms.kind !== 'break') draft.say(reasons.unordered(objects));
      draft.removeFromTable(objects);
      draft.respot(objects);
    }
    draft.say(reasons.nothingPocketed(draft.rules.cites.nothingPocketed));
    setShot(draft, other(striker), draft.rules.ordinary.terms);
    return;
  }
  let points = 0;
  for (const ball of objects) {
    draft.toShelf(striker, ball);
    points += classicValue(ball);
  }
  draft.addScored(objects);
  draft.lastPocketed = objects[objects.length - 1]!;
  const cleared = draft.table.every((ball) => ball === COLOURED);
  if (cleared) points += 10;
  draft.addPoints(striker, points);
  draft.say(reasons.scored(striker, objects, points, draft.rules.cites.scored));
  if (cleared) draft.say(reasons.lastBallBonus());
  if (draft.playOff) {
    draft.say(reasons.playOffDecided(striker, false));
    draft.winFrame(striker);
    return;
  }
  if (draft.scores[striker] >= draft.target()) {
    draft.winFrame(striker);
    return;
  }
  if (draft.scores[0] === 70 && draft.scores[1] === 70) {
    startPlayOff(draft);
    return;
  }
  draft.say(reasons.continueVisit());
  setShot(draft, striker, draft.rules.ordinary.terms);
}

export const classic = {
  variant: 'classic',
  targetScore: 71,
  anyBallIsCueBall: false,
  penaltyBalls: false,
  exchangeBalls: false,
  dynamicOption: false,
  takeOption: null,
  objectBallsOnlyShots: false,
  calls: true,
  playOff: true,
  fixedRack: true,
  pocketedCueBallFouls: true,
  scoresByValue: true,
  settings: [
    'classicAllowNegative',
    'classicBreakBallsCount',
    'classicUnorderedSatisfiesP20',
    'classicWaiveP20',
  ],
  cites: {
    scored: 'Classic 5.1, 5.3',
    nothingPocketed: 'п.10',
    penaltyPoint: null,
    penaltyBall: null,
    cueBallInHandAfterFoul: 'Classic 5.5, п.21',
  },
  // Classic 5.1–5.2: the coloured ball is the cue ball, with a call.
  ordinary: ordinaryShot(COLOURED, true),

  /** Classic 5.1–5.4: only the object balls that fell count, and only after a called ball. */
  scoreLegalShot(draft, turn, action, facts, pocketed) {
    scoreClassic(draft, turn, action, facts, withoutColoured(pocketed));
  },

  /**
   * Classic 5.6: the offender loses 5 points (not below zero unless the setting allows) and the
   * opponent gains 5; in the play-off that decides the frame (5.7); a cue ball off the bed gives
   * the opponent a penalty shot from hand from the house, with a call (5.5, п.21).
   */
  penalise(draft, offender, terms) {
    const beneficiary = other(offender);
    const held = draft.scores[offender];
    const deducted = draft.settings.classicAllowNegative ? 5 : Math.max(0, Math.min(5, held));
    draft.addPoints(offender, -deducted);
    draft.addPoints(beneficiary, 5);
    draft.say(reasons.classicPenalty(offender, deducted));
    if (deducted < 5) draft.say(reasons.classicFloor());
    if (draft.playOff) {
      draft.say(reasons.playOffDecided(beneficiary, true));
      draft.winFrame(beneficiary);
      return;
    }
    if (draft.scores[beneficiary] >= draft.target()) {
      draft.winFrame(beneficiary);
      return;
    }
    if (draft.scores[0] === 70 && draft.scores[1] === 70) {
      startPlayOff(draft);
      return;
    }
    if (terms.cueBallOff && terms.base.kind !== 'break') {
      sayCueBallInHand(draft, terms, 'house');
      setShot(draft, beneficiary, penaltyFromHouse(true));
    } else {
      setShot(draft, beneficiary, terms.base);
    }
  },

  /** п.20 in Classic: the called ball fell, or by setting any object ball did. */
  potCompletes(draft, action, facts) {
    if (action.call !== null && calledBallFell(facts, action.call)) return true;
    return draft.settings.classicUnorderedSatisfiesP20 && !everyPocketed(facts, action.cueBall);
  },
  /** The `classicWaiveP20` setting drops п.20 in Classic. */
  completionWaived: (settings) => settings.classicWaiveP20,
  /** Classic 5.6: a score may go below zero only by the `classicAllowNegative` setting. */
  lowestScore: (settings) => (settings.classicAllowNegative ? -999 : 0),
  /** Classic scores by the balls' values, unrelated to their count on the shelf. */
  scoreAgainstShelf: () => null,
} as const satisfies Rulebook;
