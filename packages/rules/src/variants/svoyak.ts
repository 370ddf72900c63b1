/**
 * A legal shot of Combined and Dynamic pyramid (5.1–5.2, 6 of each): object balls score one each,
 * and so does the coloured cue ball pocketed off an object ball (свояк), which earns the striker an
 * object ball in exchange and a premium shot from hand.
 */
import { type BallId, COLOURED } from '../balls.js';
import type { Draft } from '../draft.js';
import { reasons } from '../explain.js';
import { setShot } from '../penalty.js';
import { objectBalls, withoutColoured } from '../position.js';
import type { Reason } from '../ruling.js';
import { other, type Player, type ShotTerms, type ShotTurn } from '../state.js';

/** Shelves the object balls that fell and takes the cue ball off the bed if it fell too. */
export function shelveObjectBalls(
  draft: Draft,
  striker: Player,
  pocketed: readonly BallId[],
): { objects: readonly BallId[]; cuePocketed: boolean } {
  const objects = withoutColoured(pocketed);
  const cuePocketed = pocketed.includes(COLOURED);
  for (const ball of objects) draft.toShelf(striker, ball);
  draft.addScored(objects);
  if (cuePocketed) draft.removeFromTable([COLOURED]);
  return { objects, cuePocketed };
}

/** Scores every ball that fell, the свояк too, and gives the premium shot (via the exchange ball). */
export function scoreWithSvoyak(
  draft: Draft,
  turn: ShotTurn,
  pocketed: readonly BallId[],
  fell: { objects: readonly BallId[]; cuePocketed: boolean },
  premium: ShotTerms,
  svoyak: Reason,
): void {
  const striker = turn.player;
  const { objects, cuePocketed } = fell;
  const points = objects.length + (cuePocketed ? 1 : 0);
  if (points > 0) {
    draft.addPoints(striker, points);
    draft.say(reasons.scored(striker, pocketed, points, draft.rules.cites.scored));
    if (draft.scores[striker] >= draft.target()) {
      draft.winFrame(striker);
      return;
    }
  }
  if (cuePocketed) {
    draft.addScored([COLOURED]);
    draft.say(svoyak);
    const then: ShotTurn = { kind: 'shot', player: striker, terms: premium };
    if (objectBalls(draft.rules, draft.table).length === 0) {
      setShot(draft, striker, premium);
      return;
    }
    draft.turn = { kind: 'decision', decision: { kind: 'exchange-ball', player: striker, after: then } };
    return;
  }
  if (objects.length > 0) {
    draft.say(reasons.continueVisit());
    setShot(draft, striker, draft.rules.ordinary.terms);
    return;
  }
  draft.say(reasons.nothingPocketed(draft.rules.cites.nothingPocketed));
  setShot(draft, other(striker), draft.rules.ordinary.terms);
}
