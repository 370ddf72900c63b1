/**
 * `legalActions(state)`: what may happen next. Decisions are listed as concrete actions; a shot
 * is listed as a template (the cue balls, calls and placement area the striker may use), since
 * what happens in it is up to the table. One function serves the UI, the scorer and the bots.
 */
import { assertNever } from '@pyramid/core';
import { POCKET_IDS } from '@pyramid/table';
import type { Action, EventFoul } from './actions.js';
import { type BallId, COLOURED } from './balls.js';
import type { Call, InHand, MatchState, Player, ShotKind } from './state.js';
import { other } from './state.js';
import { rulebookOf } from './variants/index.js';

export interface ShotTemplate {
  readonly type: 'shot';
  readonly player: Player;
  readonly kind: ShotKind;
  /** The balls that may be the cue ball (one, unless Free lets the striker choose). */
  readonly cueBalls: readonly BallId[];
  /** Classic: every call that may be made; null where no call is taken. */
  readonly calls: readonly Call[] | null;
  /** Where a cue ball in hand may be placed, or null when it is played where it lies. */
  readonly inHand: InHand | null;
  readonly objectBallsOnly: boolean;
}

export type LegalAction = ShotTemplate | Exclude<Action, { type: 'shot' }>;

export function legalActions(state: MatchState): LegalAction[] {
  const turn = state.turn;
  switch (turn.kind) {
    case 'match-over':
      return [];
    case 'lag': {
      const lags: LegalAction[] = [
        { type: 'lag', winner: 0, first: 0 },
        { type: 'lag', winner: 0, first: 1 },
        { type: 'lag', winner: 1, first: 1 },
        { type: 'lag', winner: 1, first: 0 },
      ];
      // Classic 5.7: the frame is live at 70:70; a touch before the lag is a breach after the shot (п.22.3).
      if (turn.reason === 'play-off') {
        for (const player of [0, 1] as const) lags.push({ type: 'foul', player, foul: 'touch-after-shot' });
        // §27: a ball an outsider moves is put back; the lag is still to be played.
        lags.push({ type: 'interference', restorable: true });
      }
      return lags;
    }
    case 'decision': {
      const { decision } = turn;
      const actions: LegalAction[] = [];
      switch (decision.kind) {
        case 'penalty-ball':
        case 'exchange-ball': {
          const anyBall = rulebookOf(state).anyBallIsCueBall && decision.kind === 'penalty-ball';
          for (const ball of state.table) {
            if (anyBall || ball !== COLOURED)
              actions.push({ type: decision.kind, player: decision.player, ball });
          }
          break;
        }
        case 'dynamic-option':
          actions.push(
            { type: 'dynamic-option', player: decision.player, option: 1 },
            { type: 'dynamic-option', player: decision.player, option: 2 },
          );
          break;
        default:
          return assertNever(decision, 'decision');
      }
      // Play does not stop while a decision is taken: the decider's touch (п.17, п.22.3), the other
      // player's touch or stroke (п.28), and §27 may all happen (events.ts).
      const decider = decision.player;
      if (state.shotsInFrame > 0 || state.frame > 1)
        actions.push({ type: 'foul', player: decider, foul: 'touch-after-shot' });
      actions.push(
        { type: 'foul', player: other(decider), foul: 'touch-during-opponent-visit' },
        { type: 'foul', player: other(decider), foul: 'out-of-turn-stroke' },
        { type: 'interference', restorable: true },
        { type: 'interference', restorable: false },
      );
      return actions;
    }
    case 'shot': {
      const { terms, player } = turn;
      const cueBalls = terms.cueBall === 'choose' ? state.table : [terms.cueBall];
      const calls = terms.callRequired
        ? state.table
            .filter((ball) => ball !== COLOURED)
            .flatMap((ball) => POCKET_IDS.map((pocket) => ({ ball, pocket })))
        : null;
      const actions: LegalAction[] = [
        {
          type: 'shot',
          player,
          kind: terms.kind,
          cueBalls,
          calls,
          inHand: terms.inHand,
          objectBallsOnly: terms.objectBallsOnly,
        },
      ];
      // A touch after a shot needs a shot that ended: none has in the first frame before its break.
      const fouls: EventFoul[] =
        state.shotsInFrame === 0 && state.frame === 1 ? ['slow-play'] : ['touch-after-shot', 'slow-play'];
      if (terms.inHand !== null) fouls.push('touch-while-placing');
      for (const foul of fouls) actions.push({ type: 'foul', player, foul });
      actions.push({ type: 'foul', player: other(player), foul: 'touch-during-opponent-visit' });
      actions.push({ type: 'foul', player: other(player), foul: 'out-of-turn-stroke' });
      actions.push({ type: 'interference', restorable: true }, { type: 'interference', restorable: false });
      const clock = state.settings.shotClock;
      if (clock !== null && state.extensionsUsed[player] < clock.extensionsPerFrame) {
        actions.push({ type: 'extension', player });
      }
      return actions;
    }
  }
}
