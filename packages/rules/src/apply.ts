/**
 * `apply(state, action)`: the referee's one entry point. It returns the new state with a ruling, or
 * a typed error naming the field; it never throws for bad input and never changes `state`.
 */
import { assertNever, err, ok, type Result } from '@pyramid/core';
import type { Action } from './actions.js';
import { COLOURED } from './balls.js';
import { applyBallChoice, applyDynamicOption, applyLag } from './decisions.js';
import { Draft } from './draft.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { applyExtension, applyFoulEvent, applyInterference } from './events.js';
import { reasons } from './explain.js';
import { parseAction } from './parse.js';
import type { Ruling } from './ruling.js';
import { judgeShot } from './shot.js';
import { checkShot, checkShotIntent } from './shot-check.js';
import type { MatchState } from './state.js';
import { rulebookOf } from './variants/index.js';

export interface Applied {
  readonly state: MatchState;
  readonly ruling: Ruling;
}

/** Parses untrusted input (JSON) and applies it. */
export function apply(state: MatchState, input: unknown): Result<Applied, RefereeError> {
  const turn = state.turn;
  const defaultCueBall = turn.kind === 'shot' && turn.terms.cueBall === 'choose' ? null : COLOURED;
  const parsed = parseAction(input, defaultCueBall);
  if (!parsed.ok) return parsed;
  return applyAction(state, parsed.value);
}

/** Applies an action already in typed form; it is still checked against the state. */
export function applyAction(state: MatchState, action: Action): Result<Applied, RefereeError> {
  const turn = state.turn;
  if (turn.kind === 'match-over' && action.type !== 'foul') {
    return err(refereeError('match-over', 'type', `the match is over: ${who(turn.winner)} won`));
  }
  // A foul or §27 before a lag is ruled by the events (Classic 70:70: the frame is live before the
  // play-off lag); everything else waits for the lag.
  if (
    turn.kind === 'lag' &&
    action.type !== 'lag' &&
    action.type !== 'foul' &&
    action.type !== 'interference'
  ) {
    return err(refereeError('lag-pending', 'type', 'a lag for the right to play is pending'));
  }
  let drafted: Result<Draft, RefereeError>;
  switch (action.type) {
    case 'shot': {
      if (turn.kind === 'decision') {
        return err(
          refereeError(
            'decision-pending',
            'type',
            `a ${turn.decision.kind} decision by ${who(turn.decision.player)} is pending`,
          ),
        );
      }
      if (turn.kind !== 'shot') return err(refereeError('action-out-of-turn', 'type', 'no shot is due'));
      if (action.player !== turn.player) {
        return err(
          refereeError(
            'action-out-of-turn',
            'player',
            `it is ${who(turn.player)}'s shot, not ${who(action.player)}'s`,
          ),
        );
      }
      const intent = checkShotIntent(state, action);
      if (!intent.ok) return intent;
      const checked = checkShot(state, intent.value, action);
      if (!checked.ok) return checked;
      const draft = new Draft(rulebookOf(state), state, 'shot', action.player);
      if (intent.value.temporaryHouse) draft.say(reasons.temporaryHouse());
      judgeShot(draft, intent.value.turn, action, checked.value);
      return ok(draft.finish());
    }
    case 'penalty-ball':
    case 'exchange-ball':
      drafted = applyBallChoice(state, action);
      break;
    case 'dynamic-option':
      drafted = applyDynamicOption(state, action);
      break;
    case 'lag':
      drafted = applyLag(state, action);
      break;
    case 'foul':
      drafted = applyFoulEvent(state, action);
      break;
    case 'interference':
      drafted = applyInterference(state, action);
      break;
    case 'extension':
      drafted = applyExtension(state, action);
      break;
    default:
      return assertNever(action, 'action');
  }
  if (!drafted.ok) return drafted;
  return ok(drafted.value.finish());
}
