/**
 * Dynamic pyramid («Динамичная пирамида»): the coloured ball is the cue ball (5.1), object balls
 * and the свояк score one point each (6), a свояк earns an exchange ball and a premium shot from
 * hand anywhere on which only object balls may be pocketed (5.2), 8 points win (1); after a foul
 * the opponent chooses option (1) or (2) of Dynamic 7.
 */
import { COLOURED } from '../balls.js';
import { finalOf, withFinal } from '../continuation.js';
import type { Draft } from '../draft.js';
import { reasons } from '../explain.js';
import { pointWithheld, resolveNext, resolveShot, sayCueBallInHand, setShot } from '../penalty.js';
import { cited, ordinaryShot } from '../rulebook-facts.js';
import { other, type ShotTerms, type ShotTurn } from '../state.js';
import type { OptionDecision, Rulebook } from './rulebook.js';
import { scoreWithSvoyak, shelveObjectBalls } from './svoyak.js';

/** Dynamic 5.2: the premium shot after a свояк, from hand anywhere, object balls only. */
const PREMIUM: ShotTerms = Object.freeze({
  kind: 'premium',
  cueBall: COLOURED,
  inHand: 'anywhere',
  objectBallsOnly: true,
  callRequired: false,
});

/** Dynamic 5.2, 7 (reading): the opponent plays the coloured ball from hand anywhere. */
const FROM_HAND_ANYWHERE: ShotTerms = Object.freeze({
  kind: 'ordinary',
  cueBall: COLOURED,
  inHand: 'anywhere',
  objectBallsOnly: false,
  callRequired: false,
});

/** Dynamic 7(2): the penalty shot with the cue ball from anywhere, only object balls to be pocketed. */
const PENALTY_SHOT: ShotTerms = Object.freeze({
  kind: 'penalty',
  cueBall: COLOURED,
  inHand: 'anywhere',
  objectBallsOnly: true,
  callRequired: false,
});

/**
 * Dynamic 7(2): the decider's own next shot becomes the penalty shot. Where that shot is the break
 * (Dynamic 4: the first stroke of a frame is the break, from hand from the house, п.11, п.12), where
 * the turn has passed to the opponent (the decider's own offence while deciding), or where a §27
 * restart lag comes next, there is no shot of his to change: the option stands taken.
 */
function takePenaltyShot(draft: Draft, decision: OptionDecision): void {
  const decider = decision.player;
  const final = finalOf(decision.option1Then);
  if (final.kind === 'shot' && final.player === decider && final.terms.kind !== 'break') {
    draft.say(reasons.dynamicOption(2));
    // The cue ball is taken in hand before anything is spotted around it (п.25).
    draft.liftCueBall(decision.respotted ?? []);
    const penaltyShot = { kind: 'shot', player: decider, terms: PENALTY_SHOT } as const;
    if (decision.option1Then.kind === 'shot') setShot(draft, decider, PENALTY_SHOT);
    else draft.turn = withFinal(decision.option1Then, penaltyShot);
    return;
  }
  draft.say(reasons.option2NoBall());
  draft.say(
    final.kind === 'lag'
      ? reasons.option2BeforeRestart()
      : final.player !== decider
        ? reasons.option2TurnPassed()
        : reasons.option2BeforeBreak(),
  );
  draft.turn = resolveNext(draft, decision.option1Then);
}

/**
 * Dynamic 7(1): the point (unless the `dynamicOption2AwardsPoint` setting gave it with the foul, or
 * it would win the frame and the `winningPointByPenalty` setting withholds that), then the penalty
 * ball of the decider's choice, then play on from the position.
 */
function takePointAndBall(draft: Draft, decision: OptionDecision): void {
  const decider = decision.player;
  if (decision.pointWithOption1 && pointWithheld(draft, decider)) {
    // The winningPointByPenalty setting: the ball would be the withheld 8th point; option (1) is only play on.
    draft.say(reasons.option1WithoutBall());
    draft.turn = resolveNext(draft, decision.option1Then);
    return;
  }
  draft.say(reasons.dynamicOption(1));
  if (decision.pointWithOption1) {
    draft.addPoints(decider, 1);
    draft.say(reasons.penaltyPoint(cited(draft.rules, 'penaltyPoint'), decider));
    if (draft.scores[decider] >= draft.target()) {
      draft.winFrame(decider);
      return;
    }
  }
  draft.say(reasons.penaltyBallDue(cited(draft.rules, 'penaltyBall'), decider, draft.respotted.length > 0));
  draft.turn = {
    kind: 'decision',
    decision: { kind: 'penalty-ball', player: decider, after: decision.option1Then },
  };
}

export const dynamic = {
  variant: 'dynamic',
  targetScore: 8,
  anyBallIsCueBall: false,
  penaltyBalls: true,
  exchangeBalls: true,
  dynamicOption: true,
  objectBallsOnlyShots: true,
  calls: false,
  playOff: false,
  fixedRack: false,
  pocketedCueBallFouls: false,
  scoresByValue: false,
  settings: ['winningPointByPenalty', 'dynamicOption2AwardsPoint'],
  cites: {
    scored: 'Dynamic 6, п.22.2',
    nothingPocketed: 'п.10',
    penaltyPoint: 'Dynamic 6',
    penaltyBall: 'Dynamic 7',
    cueBallInHandAfterFoul: 'Dynamic 7 (reading)',
  },
  // Dynamic 5.1: the coloured ball is the cue ball; no call.
  ordinary: ordinaryShot(COLOURED, false),

  /**
   * Dynamic 5.1–5.2, 6: object balls and the свояк score; a свояк brings the exchange ball and the
   * premium shot — but on a shot where only object balls may be pocketed the falling cue ball does
   * not count, costs nothing, and the opponent plays from hand anywhere (5.2).
   */
  scoreLegalShot(draft, turn, _action, _facts, pocketed) {
    const striker = turn.player;
    const fell = shelveObjectBalls(draft, striker, pocketed);
    if (turn.terms.objectBallsOnly && fell.cuePocketed) {
      const { objects } = fell;
      if (objects.length > 0) {
        draft.addPoints(striker, objects.length);
        draft.say(reasons.scored(striker, objects, objects.length, draft.rules.cites.scored));
        if (draft.scores[striker] >= draft.target()) {
          draft.winFrame(striker);
          return;
        }
      }
      draft.say(reasons.dynamicCueNotCounted());
      setShot(draft, other(striker), FROM_HAND_ANYWHERE);
      return;
    }
    scoreWithSvoyak(draft, turn, pocketed, fell, PREMIUM, reasons.svoyakAnywhere());
  },

  /**
   * Dynamic 6–7: the opponent chooses (1) a point and any ball to the shelf, playing on from the
   * position (the cue ball from hand anywhere if it is off the bed), or (2) a penalty shot from
   * anywhere on which only object balls may be pocketed; by the `dynamicOption2AwardsPoint`
   * setting the point is awarded now, whichever he chooses.
   */
  penalise(draft, offender, terms) {
    const beneficiary = other(offender);
    const inHand = terms.cueBallOff && terms.base.kind !== 'break';
    const option1Terms: ShotTerms = inHand ? FROM_HAND_ANYWHERE : terms.base;
    if (inHand) sayCueBallInHand(draft, terms, 'anywhere');
    const option1Then: ShotTurn = { kind: 'shot', player: beneficiary, terms: option1Terms };
    const pointNow = draft.settings.dynamicOption2AwardsPoint;
    const withheld = pointWithheld(draft, beneficiary);
    if (withheld && pointNow) {
      // The point comes with the foul under either option, and it would be the withheld 8th.
      draft.say(reasons.penaltyPointWithheld());
      draft.turn = resolveShot(draft, option1Then);
      return;
    }
    if (withheld) {
      // The winningPointByPenalty setting (decided reading 14): only option (1)'s point (its ball)
      // would be the 8th; option (2) brings no point under dynamicOption2AwardsPoint = false, so it
      // stays the opponent's right («соперник нарушителя имеет право … (2) продолжить игру штрафным
      // ударом битком с любого места стола»).
      draft.say(reasons.option1Withheld(beneficiary));
    } else if (pointNow) {
      draft.addPoints(beneficiary, 1);
      draft.say(reasons.penaltyPoint(cited(draft.rules, 'penaltyPoint'), beneficiary));
      if (draft.scores[beneficiary] >= draft.target()) {
        draft.winFrame(beneficiary);
        return;
      }
    }
    if (!withheld) draft.say(reasons.dynamicOptionDue(beneficiary));
    // Balls re-spotted around a cue ball on the bed: option (2) would lift it (Dynamic 7(2), п.25).
    const respotted =
      draft.positions !== null && draft.respotted.length > 0 && draft.table.includes(COLOURED)
        ? { respotted: draft.respotted.map((entry) => entry.ball) }
        : {};
    draft.turn = {
      kind: 'decision',
      decision: {
        kind: 'dynamic-option',
        player: beneficiary,
        option1Then,
        pointWithOption1: !pointNow,
        ...respotted,
      },
    };
  },

  /** Dynamic 7: the decider's option (1) or (2). */
  takeOption: (draft, decision, option) =>
    option === 1 ? takePointAndBall(draft, decision) : takePenaltyShot(draft, decision),

  /** п.20: any ball that falls completes the shot. */
  potCompletes: () => true,
  completionWaived: () => false,
  /** Dynamic 6: scores only grow. */
  lowestScore: () => 0,
  /** Dynamic 7(2): the option (2) point can run ahead of the shelf, never behind it. */
  scoreAgainstShelf: (score, shelfBalls, owed) =>
    score < shelfBalls + owed ? `cannot be below the balls on the shelf (${shelfBalls + owed})` : null,
} as const satisfies Rulebook;
