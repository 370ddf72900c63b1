/**
 * The decisions the rules give a player: the penalty ball (Free/Combined/Dynamic 7), the exchange
 * ball for a legally pocketed cue ball (Combined/Dynamic 5.2), the Dynamic option (Dynamic 7), and
 * the lag (п.7) that starts a match, restarts after §27 and opens the Classic 70:70 play-off.
 */
import { err, ok, type Result } from '@pyramid/core';
import type { DynamicOptionAction, ExchangeBallAction, LagAction, PenaltyBallAction } from './actions.js';
import { ballName, COLOURED } from './balls.js';
import { finalOf, withFinal } from './continuation.js';
import { breakTurn, Draft } from './draft.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { reasons } from './explain.js';
import { resolveNext, setShot } from './penalty.js';
import { cited } from './rulebook-facts.js';
import type { MatchState, PendingDecision, ShotTerms } from './state.js';
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

/** Dynamic 7(2): the penalty shot with the cue ball from anywhere, only object balls to be pocketed. */
const DYNAMIC_PENALTY_SHOT: ShotTerms = Object.freeze({
  kind: 'penalty',
  cueBall: COLOURED,
  inHand: 'anywhere',
  objectBallsOnly: true,
  callRequired: false,
});

export function applyDynamicOption(
  state: MatchState,
  action: DynamicOptionAction,
): Result<Draft, RefereeError> {
  const pending = pendingFor(state, action);
  if (!pending.ok) return pending;
  const decision = pending.value;
  if (decision.kind !== 'dynamic-option') throw new Error('unreachable: checked by pendingFor');
  const draft = new Draft(rulebookOf(state), state, action.type, action.player);
  if (action.option === 2) {
    // Option (2) turns the decider's own next shot into the penalty shot. Where that shot is the
    // break (Dynamic 4: the first stroke of a frame is the break, from hand from the house, п.11,
    // п.12), where the turn has passed to the opponent (the decider's own offence while deciding), or
    // where a §27 restart lag comes next, there is no shot of his to change: the option stands taken.
    const final = finalOf(decision.option1Then);
    if (final.kind === 'shot' && final.player === action.player && final.terms.kind !== 'break') {
      draft.say(reasons.dynamicOption(2));
      // The cue ball is taken in hand before anything is spotted around it (п.25).
      draft.liftCueBall(decision.respotted ?? []);
      const penaltyShot = { kind: 'shot', player: action.player, terms: DYNAMIC_PENALTY_SHOT } as const;
      if (decision.option1Then.kind === 'shot') setShot(draft, action.player, DYNAMIC_PENALTY_SHOT);
      else draft.turn = withFinal(decision.option1Then, penaltyShot);
      return ok(draft);
    }
    draft.say(reasons.option2NoBall());
    draft.say(
      final.kind === 'lag'
        ? reasons.option2BeforeRestart()
        : final.player !== action.player
          ? reasons.option2TurnPassed()
          : reasons.option2BeforeBreak(),
    );
    draft.turn = resolveNext(draft, decision.option1Then);
    return ok(draft);
  }
  draft.say(reasons.dynamicOption(1));
  if (decision.pointWithOption1) {
    if (!state.settings.winningPointByPenalty && draft.scores[action.player] + 1 >= draft.target()) {
      draft.say(reasons.penaltyPointWithheld());
      draft.turn = resolveNext(draft, decision.option1Then);
      return ok(draft);
    }
    draft.addPoints(action.player, 1);
    draft.say(reasons.penaltyPoint(cited(draft.rules, 'penaltyPoint'), action.player));
    if (draft.scores[action.player] >= draft.target()) {
      draft.winFrame(action.player);
      return ok(draft);
    }
  }
  draft.say(reasons.penaltyBallDue(cited(draft.rules, 'penaltyBall'), action.player));
  draft.turn = {
    kind: 'decision',
    decision: { kind: 'penalty-ball', player: action.player, after: decision.option1Then },
  };
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
