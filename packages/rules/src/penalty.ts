/**
 * The pieces every variant's foul and shot hooks are made of: the terms of a foul (29.2: one
 * penalty per shot), the next shot resolved to the house or the temporary house (п.21), the shared
 * ordinary shot, and the 70:70 play-off of Classic 5.7. What a foul costs is each variant's own
 * `penalise` hook (`variants/`).
 */
import { COLOURED } from './balls.js';
import type { Draft } from './draft.js';
import { reasons } from './explain.js';
import { houseArea } from './position.js';
import { cited } from './rulebook-facts.js';
import type { Continuation, InHand, Player, ShotTerms, ShotTurn, Turn } from './state.js';

export interface PenaltyTerms {
  /** What the non-offender plays when the cue ball stays on the bed. */
  readonly base: ShotTerms;
  /** The coloured cue ball is off the bed (pocketed, jumped, or still in hand). */
  readonly cueBallOff: boolean;
  /** Why it is off: it left the bed on the shot, or the offender was holding it (a foul outside a shot). */
  readonly cueBallHeld?: boolean;
}

/** Resolves a from-the-house shot to the temporary house when every object ball lies in the house. */
export function resolveShot(draft: Draft, turn: ShotTurn): ShotTurn {
  // A cue ball in hand is picked up from wherever it lay.
  if (turn.terms.inHand !== null && turn.terms.cueBall !== 'choose')
    draft.removeFromTable([turn.terms.cueBall]);
  if (turn.terms.inHand !== 'house') return turn;
  const area = houseArea(draft.tableSize, draft.rules, draft.table, draft.positions);
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

export function setShot(draft: Draft, player: Player, terms: ShotTerms): void {
  // An ordinary shot is never in hand, so there is nothing to resolve: its turn is the shared one.
  const ordinary = draft.rules.ordinary;
  draft.turn =
    terms === ordinary.terms ? ordinary.turns[player] : resolveShot(draft, { kind: 'shot', player, terms });
}

/** п.21: the penalty shot with the coloured cue ball from hand from the house. */
export const penaltyFromHouse = (callRequired: boolean): ShotTerms => ({
  kind: 'penalty',
  cueBall: COLOURED,
  inHand: 'house',
  objectBallsOnly: false,
  callRequired,
});

/** Whether a penalty point would be the winning one that the `winningPointByPenalty` setting forbids. */
export function pointWithheld(draft: Draft, beneficiary: Player): boolean {
  return !draft.settings.winningPointByPenalty && draft.scores[beneficiary] + 1 >= draft.target();
}

/** Says that the coloured cue ball is off the bed and where the opponent plays it from. */
export function sayCueBallInHand(draft: Draft, terms: PenaltyTerms, where: InHand): void {
  draft.sayUnlessFrameEnds(
    terms.cueBallHeld
      ? reasons.cueBallInHandPasses(where)
      : reasons.cueBallInHandAfterFoul(cited(draft.rules, 'cueBallInHandAfterFoul'), where),
  );
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
