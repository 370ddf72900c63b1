/** Messages between the page and the computer player's worker. */
import type { Hint, Level, Move } from '@pyramid/bots';
import type { MatchState } from '@pyramid/rules';

export type BotRequest =
  | {
      readonly id: number;
      readonly kind: 'move';
      readonly state: MatchState;
      readonly level: Level;
      readonly seed: number;
    }
  | { readonly id: number; readonly kind: 'hint'; readonly state: MatchState; readonly seed: number };

export type BotReply =
  | { readonly id: number; readonly kind: 'move'; readonly move: Move | null }
  | { readonly id: number; readonly kind: 'hint'; readonly hint: Hint | null }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
