/**
 * Events outside a shot: fouls before or after a stroke (п.11, п.17, п.22.3, п.26, п.28), time
 * extensions (п.26) and interference by an outsider (§27).
 */
import { err, ok, type Result } from '@pyramid/core';
import type { ExtensionAction, FoulAction, InterferenceAction } from './actions.js';
import { COLOURED } from './balls.js';
import { Draft } from './draft.js';
import { type RefereeError, refereeError, who } from './errors.js';
import { foulReason, reasons } from './explain.js';
import { ordinaryTerms, penalise } from './penalty.js';
import type { FoulCode } from './ruling.js';
import type { MatchState, ShotTerms } from './state.js';

const EVENT_FOUL_CODES: Record<FoulAction['foul'], FoulCode> = {
  'touch-after-shot': '29.1(6)',
  'touch-while-placing': '29.1(6)',
  'slow-play': '29.1(11)',
  'touch-during-opponent-visit': '29.1(12)',
  'out-of-turn-stroke': '29.1(12)',
};

export function applyFoulEvent(state: MatchState, action: FoulAction): Result<Draft, RefereeError> {
  const turn = state.turn;
  if (turn.kind === 'match-over') {
    // п.22.3: a breach after the frame has been decided is not penalised.
    const draft = new Draft(state, action.type, action.player);
    draft.verdict = 'no-penalty';
    draft.say(reasons.afterFrameNoPenalty());
    return ok(draft);
  }
  if (turn.kind === 'lag') return err(refereeError('lag-pending', 'type', 'a lag is pending'));
  if (action.foul === 'touch-after-shot' && state.shotsInFrame === 0) {
    if (state.frame === 1) {
      return err(
        refereeError('impossible-facts', 'foul', 'no shot has been played yet, so none can have ended'),
      );
    }
    // The shot that ended was the previous frame's last: that frame is decided (п.22.3).
    const draft = new Draft(state, action.type, action.player);
    draft.verdict = 'no-penalty';
    draft.say(reasons.afterFrameNoPenalty());
    return ok(draft);
  }
  if (turn.kind === 'decision') {
    return err(refereeError('decision-pending', 'type', `a ${turn.decision.kind} decision is pending`));
  }
  const striker = turn.player;
  const code = EVENT_FOUL_CODES[action.foul];
  const draft = new Draft(state, action.type, action.player);
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
      draft.say(reasons.strikerContinues());
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
      if (action.foul === 'touch-after-shot') draft.say(reasons.touchAfterShot());
      const base = nextTermsAfterEventFoul(state, turn.terms);
      const hadInHand = turn.terms.inHand !== null && turn.terms.kind !== 'break';
      penalise(draft, striker, {
        base,
        cueBallOff: hadInHand && state.variant !== 'free',
        cueBallHeld: true,
      });
      return ok(draft);
    }
  }
}

/**
 * What the offender's opponent plays after a foul outside a shot: the break if the break was
 * still to be played; otherwise from the position as it lies (the cue ball in hand if the offender
 * had it, which `penalise` handles for each variant).
 */
function nextTermsAfterEventFoul(state: MatchState, terms: ShotTerms): ShotTerms {
  if (terms.kind === 'break') return terms;
  return ordinaryTerms(state.variant);
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
  const draft = new Draft(state, action.type, action.player);
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
  if (turn.kind !== 'shot') {
    return err(
      refereeError(
        turn.kind === 'lag' ? 'lag-pending' : 'decision-pending',
        'type',
        'play is not in progress',
      ),
    );
  }
  const draft = new Draft(state, action.type, null);
  draft.verdict = 'no-penalty';
  if (action.restorable) {
    draft.say(reasons.interferenceRestored());
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
  draft.turn = { kind: 'lag', reason: 'interference' };
  return ok(draft);
}
