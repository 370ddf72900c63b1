/**
 * A variant's rulebook: its facts (`RulebookFacts`, plain data) and the few hooks where its text
 * says something the general rules do not. The general referee (`shot.ts`, `setup.ts`, `legal.ts`,
 * …) asks the rulebook of the match's variant and never names a variant itself.
 */
import type { ShotAction } from '../actions.js';
import type { BallId } from '../balls.js';
import type { Draft } from '../draft.js';
import type { ShotFacts } from '../facts.js';
import type { PenaltyTerms } from '../penalty.js';
import type { RulebookFacts } from '../rulebook-facts.js';
import type { Settings } from '../settings.js';
import type { PendingDecision, Player, ShotTurn } from '../state.js';
import type { Variant } from '../variant.js';

export interface RulebookHooks {
  /**
   * How a legal shot scores and who plays next: `pocketed` lists the balls that fell, in order.
   * The hook shelves and scores them, ends the frame at the target, or sets the next turn.
   */
  scoreLegalShot(
    draft: Draft,
    turn: ShotTurn,
    action: ShotAction,
    facts: ShotFacts,
    pocketed: readonly BallId[],
  ): void;
  /**
   * What a foul costs and what comes next (29.2: once per shot). `terms.base` is what the
   * non-offender would play with the cue ball on the bed; the verdict is already "foul".
   */
  penalise(draft: Draft, offender: Player, terms: PenaltyTerms): void;
  /** п.20: whether the balls that fell (at least one did) complete the shot. */
  potCompletes(draft: Draft, action: ShotAction, facts: ShotFacts): boolean;
  /** Whether the settings waive п.20 for this variant. */
  completionWaived(settings: Settings): boolean;
  /** What a start must satisfy: the lowest score a player may hold. */
  lowestScore(settings: Settings): number;
  /**
   * What a start must satisfy: a player's score against the balls on his shelf (`owed`: a ball
   * he is still to take). The reason it is wrong, or null when it fits.
   */
  scoreAgainstShelf(score: number, shelfBalls: number, owed: number): string | null;
}

/** The decision Dynamic 7 gives the player fouled against. */
export type OptionDecision = Extract<PendingDecision, { readonly kind: 'dynamic-option' }>;

/**
 * Dynamic 7: how the option a foul offered is taken — (1) a point and a ball to the shelf, or (2)
 * a penalty shot. The decision is the decider's, already checked; the hook says what it brings and
 * sets the next turn. A variant offers the option exactly when it has this hook.
 */
export type TakeOption = (draft: Draft, decision: OptionDecision, option: 1 | 2) => void;

type OptionRule =
  | { readonly dynamicOption: true; readonly takeOption: TakeOption }
  | { readonly dynamicOption: false; readonly takeOption: null };

export type Rulebook = RulebookFacts & RulebookHooks & OptionRule;

/** One rulebook per variant, each under its own name: a missing variant or hook does not compile. */
export type Rulebooks = { readonly [V in Variant]: Rulebook & { readonly variant: V } };
