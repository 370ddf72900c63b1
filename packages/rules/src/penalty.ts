/**
 * What a foul costs, variant by variant (Free 6–7, Combined 6–7, Dynamic 6–7, Classic 5.5–5.6),
 * once per shot (29.2). Who offended and what the non-offender plays next come from the caller:
 * after a shot it is the opponent from the position; after п.28 it is the striker, who continues.
 */
import { assertNever } from '@pyramid/core';
import { COLOURED } from './balls.js';
import type { Draft } from './draft.js';
import { reasons } from './explain.js';
import { houseArea } from './position.js';
import {
  type Continuation,
  type InHand,
  other,
  type Player,
  type ShotTerms,
  type ShotTurn,
  type Turn,
} from './state.js';
import type { Variant } from './variant.js';

export interface PenaltyTerms {
  /** What the non-offender plays when the cue ball stays on the bed. */
  readonly base: ShotTerms;
  /** The coloured cue ball is off the bed (pocketed, jumped, or still in hand). */
  readonly cueBallOff: boolean;
  /** Why it is off: it left the bed on the shot, or the offender was holding it (a foul outside a shot). */
  readonly cueBallHeld?: boolean;
}

function sayCueBallInHand(draft: Draft, terms: PenaltyTerms, where: InHand): void {
  draft.say(
    terms.cueBallHeld
      ? reasons.cueBallInHandPasses(where)
      : reasons.cueBallInHandAfterFoul(draft.variant, where),
  );
}

/** Resolves a from-the-house shot to the temporary house when every object ball lies in the house. */
export function resolveShot(draft: Draft, turn: ShotTurn): ShotTurn {
  // A cue ball in hand is picked up from wherever it lay.
  if (turn.terms.inHand !== null && turn.terms.cueBall !== 'choose')
    draft.removeFromTable([turn.terms.cueBall]);
  if (turn.terms.inHand !== 'house') return turn;
  const area = houseArea(draft.tableSize, draft.variant, draft.table, draft.positions);
  if (area === 'house') return turn;
  draft.say(reasons.temporaryHouse());
  return { ...turn, terms: { ...turn.terms, inHand: area } };
}

/**
 * What a taken decision leads to: its shot (resolved as above), the next decision owed, or the lag of
 * a §27 restart, before which the white balls left are racked again (a ball was just taken from the
 * rack: "все оставшиеся на столе белые шары устанавливают в форме пирамиды").
 */
export function resolveNext(draft: Draft, next: Continuation): Turn {
  switch (next.kind) {
    case 'shot':
      return resolveShot(draft, next);
    case 'decision':
      return next;
    case 'lag':
      draft.rackWhites(draft.table.filter((ball) => ball !== COLOURED));
      draft.say(reasons.interferenceRackedAgain());
      return next;
  }
}

/**
 * An ordinary shot from the position: any cue ball in Free (5.1), the coloured ball elsewhere,
 * with a call in Classic (5.2). Most rulings end in one, so each variant's terms, and its turn for
 * each player, are built once, frozen, and shared by every state that needs them.
 */
export function ordinaryTerms(variant: Variant): ShotTerms {
  return ORDINARY[variant].terms;
}

function buildOrdinary(cueBall: ShotTerms['cueBall'], callRequired: boolean) {
  const terms: ShotTerms = Object.freeze({
    kind: 'ordinary',
    cueBall,
    inHand: null,
    objectBallsOnly: false,
    callRequired,
  });
  const turn = (player: Player): ShotTurn => Object.freeze({ kind: 'shot', player, terms });
  return { terms, turns: [turn(0), turn(1)] as const };
}

const ORDINARY = {
  free: buildOrdinary('choose', false),
  combined: buildOrdinary(COLOURED, false),
  dynamic: buildOrdinary(COLOURED, false),
  classic: buildOrdinary(COLOURED, true),
};

export function setShot(draft: Draft, player: Player, terms: ShotTerms): void {
  // An ordinary shot is never in hand, so there is nothing to resolve: its turn is the shared one.
  const ordinary = ORDINARY[draft.variant];
  draft.turn =
    terms === ordinary.terms ? ordinary.turns[player] : resolveShot(draft, { kind: 'shot', player, terms });
}

const penaltyFromHouse = (callRequired: boolean): ShotTerms => ({
  kind: 'penalty',
  cueBall: COLOURED,
  inHand: 'house',
  objectBallsOnly: false,
  callRequired,
});

/** Whether a penalty point would be the winning one that the `winningPointByPenalty` setting forbids. */
function pointWithheld(draft: Draft, beneficiary: Player): boolean {
  return !draft.settings.winningPointByPenalty && draft.scores[beneficiary] + 1 >= draft.target();
}

export function penalise(draft: Draft, offender: Player, terms: PenaltyTerms): void {
  draft.verdict = 'foul';
  const beneficiary = other(offender);
  const variant = draft.variant;
  switch (variant) {
    case 'free':
    case 'combined': {
      const then: ShotTurn = {
        kind: 'shot',
        player: beneficiary,
        terms:
          variant === 'combined' && terms.cueBallOff && terms.base.kind !== 'break'
            ? penaltyFromHouse(false)
            : terms.base,
      };
      if (variant === 'combined' && terms.cueBallOff && terms.base.kind !== 'break') {
        sayCueBallInHand(draft, terms, 'house');
      }
      if (pointWithheld(draft, beneficiary)) {
        draft.say(reasons.penaltyPointWithheld());
        draft.turn = resolveShot(draft, then);
        return;
      }
      draft.addPoints(beneficiary, 1);
      draft.say(reasons.penaltyPoint(variant, beneficiary));
      if (draft.scores[beneficiary] >= draft.target()) {
        draft.winFrame(beneficiary);
        return;
      }
      draft.say(reasons.penaltyBallDue(variant, beneficiary));
      draft.turn = { kind: 'decision', decision: { kind: 'penalty-ball', player: beneficiary, after: then } };
      return;
    }
    case 'dynamic': {
      const option1Terms: ShotTerms =
        terms.cueBallOff && terms.base.kind !== 'break'
          ? {
              kind: 'ordinary',
              cueBall: COLOURED,
              inHand: 'anywhere',
              objectBallsOnly: false,
              callRequired: false,
            }
          : terms.base;
      if (terms.cueBallOff && terms.base.kind !== 'break') sayCueBallInHand(draft, terms, 'anywhere');
      const option1Then: ShotTurn = { kind: 'shot', player: beneficiary, terms: option1Terms };
      if (pointWithheld(draft, beneficiary)) {
        draft.say(reasons.penaltyPointWithheld());
        draft.turn = resolveShot(draft, option1Then);
        return;
      }
      const pointNow = draft.settings.dynamicOption2AwardsPoint;
      if (pointNow) {
        draft.addPoints(beneficiary, 1);
        draft.say(reasons.penaltyPoint(variant, beneficiary));
        if (draft.scores[beneficiary] >= draft.target()) {
          draft.winFrame(beneficiary);
          return;
        }
      }
      draft.say(reasons.dynamicOptionDue(beneficiary));
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
      return;
    }
    case 'classic': {
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
      return;
    }
    default:
      assertNever(variant, 'variant');
  }
}

/** Classic 5.7: at 70:70 the last pocketed ball goes back on the back spot and a lag decides who plays. */
export function startPlayOff(draft: Draft): void {
  draft.playOff = true;
  // The play-off is played from hand from the house: the cue ball is taken in hand first, so it
  // never keeps the ball off the back spot ("выставляется на заднюю отметку").
  draft.liftCueBall(draft.respotted.map((entry) => entry.ball));
  const ball = draft.lastPocketed;
  if (ball !== null) {
    for (const owner of [0, 1] as const) {
      const index = draft.shelves[owner].indexOf(ball);
      if (index < 0) continue;
      const shelf = draft.shelves[owner].slice();
      shelf.splice(index, 1);
      draft.setShelf(owner, shelf);
    }
    // It scored and stays scored (5.7 keeps 70:70); it only leaves the shelf for the back spot.
    draft.shelved = draft.shelved.filter((shelved) => shelved.ball !== ball);
    draft.respot([ball]);
  }
  draft.say(reasons.playOffStart(ball));
  draft.turn = { kind: 'lag', reason: 'play-off' };
}
