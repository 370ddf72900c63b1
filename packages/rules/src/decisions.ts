/**
 * The decisions the rules give a player: the penalty ball (Free/Combined/Dynamic 7), the exchange
 * ball for a legally pocketed cue ball (Combined/Dynamic 5.2), the Dynamic option (Dynamic 7), and
 * the lag (п.7) that starts a match, restarts after §27 and opens the Classic 70:70 play-off.
 */
import { err, ok, type Result } from '@pyramid/core';
import type { DynamicOptionAction, ExchangeBallAction, LagAction, PenaltyBallAction } from './actions.js';
import { ballName, COLOURED } from './balls.js';
import { breakTurn, Draft } from './draft.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { reasons } from './explain.js';
import { resolveNext, setShot } from './penalty.js';
import { cited } from './rulebook-facts.js';
import type { MatchState, PendingDecision } from './state.js';
import { rulebookOf } from './variants/index.js';

type DecisionAction = PenaltyBallAction | ExchangeBallAction | DynamicOptionAction;

function pendingFor(state: MatchState, action: DecisionAction): Result<PendingDecision, RefereeError> {
  const turn = state.turn;
  if (turn.kind !== 'decision') {
    return err(refereeError('no-decision-pending', 'type', `no ${action.type} decision is pending`));
  }
  if (turn.decision.kind !== action.type) {
    return err(
      refereeError(
        'no-decision-pending',
        'type',
        `no ${action.type} decision is pending (the pending decision is ${turn.decision.kind})`,
      ),
    );
  }
  if (turn.decision.player !== action.player) {
    return err(
      refereeError(
        'action-out-of-turn',
        'player',
        `the ${action.type} decision is ${who(turn.decision.player)}'s`,
      ),
    );
  }
  return ok(turn.decision);
}

export function applyBallChoice(
  state: MatchState,
  action: PenaltyBallAction | ExchangeBallAction,
): Result<Draft, RefereeError> {
  const pending = pendingFor(state, action);
  if (!pending.ok) return pending;
  const decision = pending.value;
  if (decision.kind === 'dynamic-option') throw new Error('unreachable: checked by pendingFor');
  if (!state.table.includes(action.ball)) {
    return err(
      refereeError('ball-not-on-table', 'ball', `${ballName(action.ball, 'en')} is not on the table`),
    );
  }
  // Free 7 allows any ball; elsewhere the coloured ball is the cue ball and only object balls are taken.
  if (action.ball === COLOURED && (!rulebookOf(state).anyBallIsCueBall || action.type === 'exchange-ball')) {
    return err(
      refereeError(
        'illegal-cue-ball',
        'ball',
        'the coloured cue ball cannot be taken; choose an object ball',
      ),
    );
  }
  const draft = new Draft(rulebookOf(state), state, action.type, action.player);
  draft.toShelf(action.player, action.ball);
  draft.say(
    action.type === 'penalty-ball'
      ? reasons.penaltyBallTaken(cited(draft.rules, 'penaltyBall'), action.player, action.ball)
      : reasons.exchangeBallTaken(action.player, action.ball),
  );
  draft.turn = resolveNext(draft, decision.after);
  return ok(draft);
}

/** Dynamic 7: the option the foul offered, taken as the variant's rulebook says. */
export function applyDynamicOption(
  state: MatchState,
  action: DynamicOptionAction,
): Result<Draft, RefereeError> {
  const pending = pendingFor(state, action);
  if (!pending.ok) return pending;
  const decision = pending.value;
  if (decision.kind !== 'dynamic-option') throw new Error('unreachable: checked by pendingFor');
  const rules = rulebookOf(state);
  // The option is offered only by a rulebook that takes it (Dynamic 7), and a start that claims
  // one elsewhere is refused (setup.ts).
  if (rules.takeOption === null) throw new Error(`unreachable: ${rules.variant} pyramid has no option`);
  const draft = new Draft(rules, state, action.type, action.player);
  rules.takeOption(draft, decision, action.option);
  return ok(draft);
}

export function applyLag(state: MatchState, action: LagAction): Result<Draft, RefereeError> {
  const turn = state.turn;
  if (turn.kind !== 'lag') return err(refereeError('no-decision-pending', 'type', 'no lag is pending'));
  const draft = new Draft(rulebookOf(state), state, action.type, null);
  draft.say(reasons.lag(action.winner, action.first));
  switch (turn.reason) {
    case 'match-start':
      draft.breaker = action.first;
      draft.turn = breakTurn(action.first);
      break;
    case 'interference':
      draft.turn = breakTurn(action.first);
      break;
    case 'play-off':
      setShot(draft, action.first, {
        kind: 'ordinary',
        cueBall: COLOURED,
        inHand: 'house',
        objectBallsOnly: false,
        callRequired: true,
      });
      break;
  }
  return ok(draft);
}
