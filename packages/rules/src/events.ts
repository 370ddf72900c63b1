/**
 * Events outside a shot: fouls before or after a stroke (п.11, п.17, п.22.3, п.26, п.28), time
 * extensions (п.26) and interference by an outsider (§27).
 */
import { err, ok, type Result } from '@pyramid/core';
import type { ExtensionAction, FoulAction, InterferenceAction } from './actions.js';
import { COLOURED } from './balls.js';
import { finalOf, withFinal, withoutRespotted } from './continuation.js';
import { Draft } from './draft.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { foulReason, reasons } from './explain.js';
import { EVENT_FOUL_ITEMS } from './ruling.js';
import {
  type Continuation,
  type DecisionTurn,
  type LagTurn,
  type MatchState,
  other,
  type ShotTerms,
} from './state.js';
import { penalise, rulebookOf } from './variants/index.js';

export function applyFoulEvent(state: MatchState, action: FoulAction): Result<Draft, RefereeError> {
  const turn = state.turn;
  if (turn.kind === 'match-over') {
    // п.22.3: a breach after the frame has been decided is not penalised.
    const draft = new Draft(rulebookOf(state), state, action.type, action.player);
    draft.verdict = 'no-penalty';
    draft.say(reasons.afterFrameNoPenalty());
    return ok(draft);
  }
  if (turn.kind === 'lag') return foulBeforeLag(state, turn, action);
  if (action.foul === 'touch-after-shot' && state.shotsInFrame === 0) {
    if (state.frame === 1) {
      return err(
        refereeError('impossible-facts', 'foul', 'no shot has been played yet, so none can have ended'),
      );
    }
    // The shot that ended was the previous frame's last: that frame is decided (п.22.3).
    const draft = new Draft(rulebookOf(state), state, action.type, action.player);
    draft.verdict = 'no-penalty';
    draft.say(reasons.afterFrameNoPenalty());
    return ok(draft);
  }
  if (turn.kind === 'decision') return foulWhileDeciding(state, turn, action);
  const striker = turn.player;
  const code = EVENT_FOUL_ITEMS[action.foul];
  const draft = new Draft(rulebookOf(state), state, action.type, action.player);
  draft.fouls = [code];
  switch (action.foul) {
    case 'touch-during-opponent-visit':
    case 'out-of-turn-stroke': {
      // п.28: only the player whose visit has ended can interfere; the striker's visit continues.
      if (action.player === striker) {
        return err(
          refereeError(
            'action-out-of-turn',
            'player',
            `${who(striker)} is the striker; п.28 concerns his opponent`,
          ),
        );
      }
      draft.say(foulReason(code));
      draft.sayUnlessFrameEnds(reasons.strikerContinues(), reasons.nonStrikerOffended());
      penalise(draft, action.player, { base: turn.terms, cueBallOff: false });
      return ok(draft);
    }
    case 'touch-after-shot':
    case 'slow-play':
    case 'touch-while-placing': {
      if (action.player !== striker) {
        return err(
          refereeError(
            'action-out-of-turn',
            'player',
            `${who(striker)} is to play; this foul is the striker's`,
          ),
        );
      }
      if (action.foul === 'touch-while-placing' && turn.terms.inHand === null) {
        return err(
          refereeError('impossible-facts', 'foul', 'the cue ball is not in hand, so nothing is being placed'),
        );
      }
      draft.say(foulReason(code));
      if (action.foul === 'touch-after-shot')
        draft.sayUnlessFrameEnds(reasons.touchAfterShot(), reasons.touchAfterShotEndsFrame());
      const base = nextTermsAfterEventFoul(state, turn.terms);
      const hadInHand = turn.terms.inHand !== null && turn.terms.kind !== 'break';
      penalise(draft, striker, {
        base,
        cueBallOff: hadInHand && !rulebookOf(state).anyBallIsCueBall,
        cueBallHeld: true,
      });
      return ok(draft);
    }
  }
}

/**
 * A foul while a decision is pending (a real match does not stop between a foul and the choice it
 * gives). The player deciding is the one in play: his touch of a ball is п.17 (a breach after the
 * shot ended, п.22.3); the other player's touch or stroke is п.28 («…смещает (касается) любого шара
 * во время игры соперника»). The pending decisions stand — each is a point already counted or a right
 * already won — and are taken first; what the new penalty gives follows them, ahead of the shot.
 */
function foulWhileDeciding(
  state: MatchState,
  turn: DecisionTurn,
  action: FoulAction,
): Result<Draft, RefereeError> {
  const { decision } = turn;
  const decider = decision.player;
  switch (action.foul) {
    case 'touch-during-opponent-visit':
    case 'out-of-turn-stroke':
      if (action.player === decider) {
        return err(
          refereeError(
            'action-out-of-turn',
            'player',
            `${who(decider)} is taking the ${decision.kind} decision, so he is the one in play; п.28 concerns his opponent (his own touch is touch-after-shot)`,
          ),
        );
      }
      break;
    case 'touch-after-shot':
      if (action.player !== decider) {
        return err(
          refereeError(
            'action-out-of-turn',
            'player',
            `${who(decider)} is taking the ${decision.kind} decision; a touch by ${who(action.player)} now is п.28 (touch-during-opponent-visit)`,
          ),
        );
      }
      break;
    case 'slow-play':
      return err(
        refereeError(
          'decision-pending',
          'foul',
          `п.26 times a stroke, and no stroke is due until the ${decision.kind} decision is taken`,
        ),
      );
    case 'touch-while-placing':
      return err(
        refereeError(
          'impossible-facts',
          'foul',
          `the cue ball is placed for the shot after the ${decision.kind} decision, so nothing is being placed yet`,
        ),
      );
  }
  const code = EVENT_FOUL_ITEMS[action.foul];
  const offender = action.player;
  const beneficiary = other(offender);
  const draft = new Draft(rulebookOf(state), state, action.type, offender);
  draft.fouls = [code];
  draft.say(foulReason(code));
  const final = finalOf(turn);
  let base: ShotTerms = rulebookOf(state).ordinary.terms;
  let cueBallOff = false;
  if (final.kind === 'shot' && final.player === beneficiary) {
    // Reading 7: the visit of the player in play continues with the same terms.
    base = final.terms;
    draft.sayUnlessFrameEnds(reasons.strikerContinues(), reasons.nonStrikerOffended());
  } else if (final.kind === 'shot') {
    // The offender was to play: the turn passes as after any foul outside a shot (reading 9).
    if (action.foul === 'touch-after-shot')
      draft.sayUnlessFrameEnds(reasons.touchAfterShot(), reasons.touchAfterShotEndsFrame());
    base = nextTermsAfterEventFoul(state, final.terms);
    cueBallOff =
      final.terms.inHand !== null && final.terms.kind !== 'break' && !rulebookOf(state).anyBallIsCueBall;
  }
  draft.sayUnlessFrameEnds(reasons.decisionKept(decider));
  penalise(draft, offender, { base, cueBallOff, cueBallHeld: true });
  const consequence = draft.turn;
  // Reading 2: a penalty that ends the frame leaves nothing pending.
  if (draft.frameWinner !== null || consequence.kind === 'match-over' || consequence.kind === 'lag')
    return ok(draft);
  const then: Continuation = final.kind === 'lag' ? withFinal(consequence, final) : consequence;
  draft.turn = withFinal(turn, then);
  return ok(draft);
}

/**
 * A foul while a lag is pending. At Classic 70:70 the frame is live and undecided, so a touch after
 * the shot that made 70:70 is penalised (п.22.3) by either player, who both stand outside play until
 * the lag: −5/+5 takes the opponent past 71 (Classic 1, 5.6). Nothing else is a foul before a lag:
 * no visit is under way (п.28), no stroke is due (п.26), no ball is in hand (п.11).
 */
function foulBeforeLag(state: MatchState, turn: LagTurn, action: FoulAction): Result<Draft, RefereeError> {
  if (turn.reason === 'play-off' && action.foul === 'touch-after-shot') {
    const draft = new Draft(rulebookOf(state), state, action.type, action.player);
    draft.fouls = [EVENT_FOUL_ITEMS[action.foul]];
    draft.say(foulReason(EVENT_FOUL_ITEMS[action.foul]));
    draft.say(reasons.touchBeforePlayOffLag());
    penalise(draft, action.player, { base: rulebookOf(state).ordinary.terms, cueBallOff: false });
    return ok(draft);
  }
  const why =
    turn.reason === 'match-start'
      ? 'the match has not started: nothing is in play before the opening lag (п.7)'
      : turn.reason === 'interference'
        ? 'after §27 the balls are racked afresh for the restart; nobody is in play until the lag decides who breaks'
        : 'before the 70:70 lag nobody is in play; a touch of a ball now is touch-after-shot (п.22.3)';
  return err(refereeError('lag-pending', 'type', `a lag is pending: ${why}`));
}

/**
 * What the offender's opponent plays after a foul outside a shot: the break if the break was
 * still to be played; otherwise from the position as it lies (the cue ball in hand if the offender
 * had it, which `penalise` handles for each variant).
 */
function nextTermsAfterEventFoul(state: MatchState, terms: ShotTerms): ShotTerms {
  if (terms.kind === 'break') return terms;
  return rulebookOf(state).ordinary.terms;
}

export function applyExtension(state: MatchState, action: ExtensionAction): Result<Draft, RefereeError> {
  const clock = state.settings.shotClock;
  if (clock === null)
    return err(refereeError('malformed-action', 'type', 'no shot clock is in use (settings.shotClock)'));
  const turn = state.turn;
  if (turn.kind !== 'shot' || turn.player !== action.player) {
    return err(refereeError('action-out-of-turn', 'player', `${who(action.player)} is not to play`));
  }
  const used = state.extensionsUsed[action.player];
  if (used >= clock.extensionsPerFrame) {
    return err(
      refereeError(
        'malformed-action',
        'type',
        `${who(action.player)} has no time extension left in this frame`,
      ),
    );
  }
  const draft = new Draft(rulebookOf(state), state, action.type, action.player);
  draft.verdict = 'no-penalty';
  draft.extensionsUsed =
    action.player === 0 ? [used + 1, draft.extensionsUsed[1]] : [draft.extensionsUsed[0], used + 1];
  draft.say(reasons.extension(action.player, clock.extensionsPerFrame - used - 1));
  return ok(draft);
}

export function applyInterference(
  state: MatchState,
  action: InterferenceAction,
): Result<Draft, RefereeError> {
  const turn = state.turn;
  if (turn.kind === 'match-over') return err(refereeError('match-over', 'type', 'the match is over'));
  if (turn.kind === 'lag' && (turn.reason !== 'play-off' || !action.restorable)) {
    return err(
      refereeError(
        'lag-pending',
        'type',
        turn.reason === 'play-off'
          ? '§27 before the 70:70 lag: the balls are set for the play-off (the last pocketed ball on the back spot, Classic 5.7) and a ball moved now is put back (restorable: true); a re-rack and restart break cannot replace the play-off'
          : '§27 concerns balls moved during play; while the lag is pending the balls are already set for the break the lag decides',
      ),
    );
  }
  const draft = new Draft(rulebookOf(state), state, action.type, null);
  draft.verdict = 'no-penalty';
  if (turn.kind === 'lag') {
    // Classic 5.7: at 70:70 the frame is live before the lag; the ball an outsider moved goes back
    // (the last pocketed ball to the back spot), no penalty, and the lag is still to be played.
    draft.say(reasons.interferenceRestoredBeforeLag());
    return ok(draft);
  }
  if (action.restorable) {
    draft.say(
      turn.kind === 'decision' ? reasons.interferenceRestoredDeciding() : reasons.interferenceRestored(),
    );
    return ok(draft);
  }
  // §27: the coloured ball into the house, returned from a shelf in exchange for a white ball if needed.
  let exchanged: { from: number; to: 0 | 1 } | null = null;
  for (const owner of [0, 1] as const) {
    const index = draft.shelves[owner].indexOf(COLOURED);
    if (index < 0) continue;
    const whites = draft.table.filter((ball) => ball !== COLOURED);
    const white = whites[whites.length - 1];
    if (white === undefined) break;
    const shelf = draft.shelves[owner].slice();
    shelf[index] = white;
    draft.setShelf(owner, shelf);
    draft.removeFromTable([white]);
    draft.shelved = [...draft.shelved, { ball: white, player: owner }];
    exchanged = { from: white, to: owner };
  }
  draft.rackWhites(draft.table.filter((ball) => ball !== COLOURED));
  draft.say(reasons.interferenceRerack(exchanged));
  const lag = { kind: 'lag', reason: 'interference' } as const;
  if (turn.kind === 'decision') {
    // "Счет сохраняется": a penalty or exchange ball already counted in the score is still taken,
    // from the new rack; the lag follows the decisions (a Dynamic option can give no shot now).
    draft.say(reasons.decisionKeptBeforeLag());
    draft.turn = withFinal(withoutRespotted(turn), lag);
    return ok(draft);
  }
  draft.turn = lag;
  return ok(draft);
}
