/**
 * Judging a shot (general-rules §8 order): find every foul, penalise once (29.2), or score the
 * legal pots by the variant's rulebook (`variants/`); then decide who plays next and how.
 */
import { assertNever } from '@pyramid/core';
import type { ShotAction } from './actions.js';
import { type BallId, COLOURED, WHITE_BALLS } from './balls.js';
import { breakTurn, type Draft } from './draft.js';
import { foulReason, reasons } from './explain.js';
import type { ShotFacts } from './facts.js';
import { withoutColoured } from './position.js';
import { FOUL_CODES, type FoulCode, STROKE_FOUL_ITEMS } from './ruling.js';
import { other, type Player, type ShotTurn } from './state.js';
import { matchTable } from './table-size.js';
import { penalise, RULEBOOKS } from './variants/index.js';

/** Fouls are listed in the order of §29.1, then the two outside it (ruling.ts). */
const FOUL_ORDER: readonly FoulCode[] = FOUL_CODES;

/** The first object ball contacted, counting a frozen ball when the п.5.3 setting says so. */
function firstContactOf(draft: Draft, facts: ShotFacts): BallId | null {
  if (facts.firstContact !== null) return facts.firstContact;
  if (draft.settings.frozenBallCountsAsContact && facts.frozenBalls.length > 0) return facts.frozenBalls[0]!;
  return null;
}

/**
 * п.12.1 with its setting: the object balls that must reach a cushion on a correct break, never more
 * than the object balls racked (a §27 restart may rack fewer than two: the criterion must stay
 * possible to meet without a pot). The cue ball is on the bed when the break is judged.
 */
export function breakMinBalls(draft: Draft): number {
  const objects = draft.table.length - (draft.table.includes(COLOURED) ? 1 : 0);
  const wanted = draft.settings.breakMinBallsToCushion;
  return Math.min(objects, wanted);
}

/** п.20 with the completion setting: whether a shot that pocketed nothing was completed correctly. */
function completed(draft: Draft, facts: ShotFacts): boolean {
  const contacts = facts.cushionsAfterContact.length;
  switch (draft.settings.completionRule) {
    case 'two-contacts':
      return contacts >= 2;
    case 'one-contact':
      return contacts >= 1;
    case 'two-contacts-or-centre-line':
      return contacts >= 2 || facts.centreLineCrossed.length > 0;
    default:
      return assertNever(draft.settings.completionRule, 'completion rule');
  }
}

/** Each foul's bit in a mask: `findFouls` collects fouls as bits, then lists them in FOUL_ORDER. */
const FOUL_BITS = Object.fromEntries(FOUL_ORDER.map((code, i) => [code, 1 << i])) as Record<FoulCode, number>;

/** Shared by every clean shot; rulings are never written to. */
const NO_FOULS: readonly FoulCode[] = Object.freeze([]);

/** Whether `ball` is among the pocketed balls. */
function isPocketed(facts: ShotFacts, ball: BallId): boolean {
  for (let i = 0; i < facts.pocketed.length; i++) if (facts.pocketed[i]!.ball === ball) return true;
  return false;
}

export function findFouls(
  draft: Draft,
  turn: ShotTurn,
  action: ShotAction,
  facts: ShotFacts,
): readonly FoulCode[] {
  const { terms } = turn;
  const { settings, rules } = draft;
  const cue = action.cueBall;
  let found = 0;
  for (let i = 0; i < facts.strokeFouls.length; i++)
    found |= FOUL_BITS[STROKE_FOUL_ITEMS[facts.strokeFouls[i]!]];
  if (facts.stroke !== null) {
    // п.19.2: near a ball the stroke must make 45° or more with the line of centres.
    const radius = matchTable(draft.tableSize).spec.ballDiameter / 2;
    if (facts.stroke.gapMm < settings.pushGapThreshold * radius && facts.stroke.angleDeg < 45)
      found |= FOUL_BITS['29.1(8)'];
  }
  const first = firstContactOf(draft, facts);
  const isBreak = terms.kind === 'break';
  if (first === null) found |= FOUL_BITS['29.1(1)'];
  if (isBreak) {
    if (facts.pocketed.length === 0 && facts.breakCushionBalls.length < breakMinBalls(draft)) {
      found |= FOUL_BITS['29.1(2)'];
    }
    if (first === null) found |= FOUL_BITS['29.1(2)'];
  }
  if (facts.offTable.length > 0) found |= FOUL_BITS['29.1(10)'];
  if (rules.pocketedCueBallFouls && isPocketed(facts, cue)) found |= FOUL_BITS['classic-5.5'];
  if (
    terms.inHand === 'house' &&
    settings.fromHouseRestriction &&
    first !== null &&
    !facts.cueBallLeftHouseFirst &&
    facts.firstContactInHouse === true
  ) {
    found |= FOUL_BITS['from-house'];
  }
  const waived = RULEBOOKS[draft.variant].completionWaived(settings);
  if (!isBreak && first !== null && !waived && (found & FOUL_BITS['29.1(1)']) === 0) {
    if (!pocketSatisfiesCompletion(draft, action, facts) && !completed(draft, facts))
      found |= FOUL_BITS['29.1(9)'];
  }
  if (found === 0) return NO_FOULS;
  const fouls: FoulCode[] = [];
  for (let i = 0; i < FOUL_ORDER.length; i++) if ((found >> i) & 1) fouls.push(FOUL_ORDER[i]!);
  return fouls;
}

/** п.20 is met by a pocketed ball, as the variant's rulebook reads it (Classic: the called ball). */
function pocketSatisfiesCompletion(draft: Draft, action: ShotAction, facts: ShotFacts): boolean {
  return facts.pocketed.length > 0 && RULEBOOKS[draft.variant].potCompletes(draft, action, facts);
}

export function judgeShot(draft: Draft, turn: ShotTurn, action: ShotAction, facts: ShotFacts): void {
  const striker = turn.player;
  const cue = action.cueBall;
  draft.shotsInFrame += 1;
  // The cue ball in hand is on the bed from the stroke on.
  if (turn.terms.inHand !== null) draft.putOnTable(cue, action.placement);
  if (facts.positions !== null) draft.positions = facts.positions;
  else if (draft.positions !== null) draft.positions = null;

  const rules = RULEBOOKS[draft.variant];
  const fouls = findFouls(draft, turn, action, facts);
  const pocketed = pocketedBalls(facts);
  if (fouls.length > 0) {
    draft.fouls = fouls;
    for (const code of fouls) draft.say(foulReason(code, breakMinBalls(draft)));
    if (
      turn.terms.kind === 'break' &&
      fouls.includes('29.1(2)') &&
      draft.settings.rebreakAfterIncorrectBreak
    ) {
      // The house rule replaces the penalty (29.2 has none to collapse): the shot is broken again.
      draft.verdict = 'foul';
      draft.say(reasons.rebreak(other(striker), fouls.length));
      rerackForBreak(draft, other(striker));
      return;
    }
    if (fouls.length > 1) draft.say(reasons.onePenalty(fouls.length));
    if (pocketed.length > 0) draft.say(reasons.voidPockets(pocketed));
    const leaving = facts.offTable.length === 0 ? pocketed : [...pocketed, ...facts.offTable];
    draft.removeFromTable(leaving);
    // Free 8: every incorrectly pocketed or jumped ball is re-spotted, the chosen cue ball too;
    // the other variants re-spot object balls only and the coloured cue ball goes in hand.
    const toSpot = rules.anyBallIsCueBall ? leaving : withoutColoured(leaving);
    draft.respot(toSpot);
    const cueBallOff = !rules.anyBallIsCueBall && leaving.includes(COLOURED);
    penalise(draft, striker, { base: rules.ordinary.terms, cueBallOff });
    return;
  }
  if (turn.terms.kind === 'break') draft.say(reasons.breakCorrect());
  rules.scoreLegalShot(draft, turn, action, facts, pocketed);
}

/** Shared by every shot that pockets nothing; lists in rulings and states are never written to. */
const NO_BALLS: readonly BallId[] = Object.freeze([]);

/** The pocketed balls in the order they fell. */
function pocketedBalls(facts: ShotFacts): readonly BallId[] {
  if (facts.pocketed.length === 0) return NO_BALLS;
  const balls: BallId[] = new Array(facts.pocketed.length);
  for (let i = 0; i < balls.length; i++) balls[i] = facts.pocketed[i]!.ball;
  return balls;
}

/** House rule (п.12): the balls of an incorrect break are racked again and the opponent breaks. */
function rerackForBreak(draft: Draft, breaker: Player): void {
  const shelved = new Set([...draft.shelves[0], ...draft.shelves[1]]);
  draft.rackWhites(WHITE_BALLS.filter((ball) => !shelved.has(ball)));
  draft.turn = breakTurn(breaker);
}
