/**
 * The rulebook of every variant, under its name. The general referee asks `RULEBOOKS[variant]`
 * wherever the variants differ; adding a variant means adding its file here (docs/variants.md).
 */
import type { Draft } from '../draft.js';
import { CITES } from '../explain.js';
import type { PenaltyTerms } from '../penalty.js';
import type { MatchState, PendingDecision, Player } from '../state.js';
import type { Variant } from '../variant.js';
import { classic } from './classic.js';
import { combined } from './combined.js';
import { dynamic } from './dynamic.js';
import { free } from './free.js';
import type { Rulebook, Rulebooks } from './rulebook.js';

export type { Rulebook, RulebookHooks, Rulebooks } from './rulebook.js';

export const RULEBOOKS: Rulebooks = Object.freeze({ free, combined, dynamic, classic });

/** The rulebook a match is played by. */
export function rulebookOf(state: MatchState): Rulebook {
  return RULEBOOKS[state.variant];
}

/** Free, Combined and Dynamic are won at 8 points (§1 of each); Classic at 71 or more. */
export function targetScore(variant: Variant): number {
  return RULEBOOKS[variant].targetScore;
}

/** A foul (29.2: one penalty per shot), costed by the variant's rulebook. */
export function penalise(draft: Draft, offender: Player, terms: PenaltyTerms): void {
  draft.verdict = 'foul';
  RULEBOOKS[draft.variant].penalise(draft, offender, terms);
}

/**
 * The paragraph the referee cites for a decision it makes due (a penalty ball is the variant's own
 * §7; the exchange ball and the Dynamic option are cited as their rulings cite them), for a heading
 * over the choice. Null where the variant has no such decision.
 */
export function decisionCite(variant: Variant, kind: PendingDecision['kind']): string | null {
  switch (kind) {
    case 'penalty-ball':
      return RULEBOOKS[variant].cites.penaltyBall;
    case 'exchange-ball':
      return RULEBOOKS[variant].exchangeBalls ? CITES.exchangeBall : null;
    case 'dynamic-option':
      return RULEBOOKS[variant].dynamicOption ? CITES.dynamicOption : null;
  }
}
