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
    case 'lag':
      return [
        { type: 'lag', winner: 0, first: 0 },
        { type: 'lag', winner: 0, first: 1 },
        { type: 'lag', winner: 1, first: 1 },
        { type: 'lag', winner: 1, first: 0 },
      ];
    case 'decision': {
      const { decision } = turn;
      switch (decision.kind) {
        case 'penalty-ball':
        case 'exchange-ball': {
          const anyBall = state.variant === 'free' && decision.kind === 'penalty-ball';
          return state.table
            .filter((ball) => anyBall || ball !== COLOURED)
            .map((ball) => ({ type: decision.kind, player: decision.player, ball }));
        }
        case 'dynamic-option':
          return [
            { type: 'dynamic-option', player: decision.player, option: 1 },
            { type: 'dynamic-option', player: decision.player, option: 2 },
          ];
        default:
          return assertNever(decision, 'decision');
      }
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
