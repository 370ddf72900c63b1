/**
 * п.21 as a referee sees it without a tape measure: "if all object balls lie in the house, the shot
 * from hand is taken from the temporary house". A scorer at a real table records no positions, so
 * the shot from hand may carry the fact itself (`objectBallsInHouse`), observed when the cue ball is
 * taken in hand, after any penalty or exchange ball has been taken (the product's reading of п.21).
 * With positions known the fact must agree with them; without it and without positions the house
 * is assumed, as before.
 */
import { err, ok, type Result } from '@pyramid/core';
import type { ShotIntent } from './actions.js';
import { type RefereeError, refereeError } from './errors.js';
import { houseArea, objectBalls } from './position.js';
import type { MatchState, ShotTurn } from './state.js';
import { rulebookOf } from './variants/index.js';

const FIELD = 'objectBallsInHouse';

/**
 * The turn a shot is judged under: the state's own, or — when the shot says every object ball lies
 * in the house and no positions say otherwise — the same shot from the temporary house. `changed`
 * tells the judge to say so in the ruling.
 */
export function shotTurnWithHouseFact(
  state: MatchState,
  turn: ShotTurn,
  intent: ShotIntent,
): Result<{ readonly turn: ShotTurn; readonly changed: boolean }, RefereeError> {
  const fact = intent.objectBallsInHouse;
  if (fact === undefined) return ok({ turn, changed: false });
  const area = turn.terms.inHand;
  if (area !== 'house' && area !== 'temporary-house') {
    return err(
      refereeError(
        'impossible-facts',
        FIELD,
        'only a shot from hand from the house says whether every object ball lies in the house (п.21)',
      ),
    );
  }
  const rules = rulebookOf(state);
  if (fact === 'all' && objectBalls(rules, state.table).length === 0) {
    return err(refereeError('impossible-facts', FIELD, 'no object ball lies on the table'));
  }
  if (state.positions !== null) {
    // Measured positions decide; the observation may only repeat them.
    const measured = houseArea(state.tableSize, rules, state.table, state.positions);
    if ((measured === 'temporary-house') !== (fact === 'all')) {
      return err(
        refereeError(
          'impossible-facts',
          FIELD,
          measured === 'temporary-house'
            ? 'the recorded positions put every object ball in the house'
            : 'the recorded positions put an object ball outside the house',
        ),
      );
    }
    return ok({ turn, changed: false });
  }
  if (area === 'temporary-house' && fact === 'not-all') {
    // The state can only say "temporary house" from positions, which were known then and not now.
    return err(refereeError('impossible-facts', FIELD, 'the shot is already from the temporary house'));
  }
  if (fact === 'not-all' || area === 'temporary-house') return ok({ turn, changed: false });
  return ok({ turn: { ...turn, terms: { ...turn.terms, inHand: 'temporary-house' } }, changed: true });
}
