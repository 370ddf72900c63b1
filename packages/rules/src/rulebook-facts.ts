/**
 * What a variant's rulebook says as plain facts: the data the general rules consult where the
 * variants differ. The hooks that go with them (how a legal shot scores, what a foul costs, what a
 * start must satisfy) are in `variants/rulebook.ts`; each variant fills both in `variants/<name>.ts`.
 * This module only describes facts, so the scratch copy of a ruling (`Draft`) and the phrasebook can
 * carry them without depending on any variant.
 */
import type { Settings } from './settings.js';
import type { ShotTerms, ShotTurn } from './state.js';
import type { Variant } from './variant.js';

/** The citations a variant's rulings give where the general rules are applied in its own words. */
export interface RulebookCites {
  /** A legal pot scores (Free 6, п.22.2; Classic 5.1, 5.3). */
  readonly scored: string;
  /** Nothing was pocketed correctly: the turn passes (Free 5.3; п.10 elsewhere). */
  readonly nothingPocketed: string;
  /** The penalty point of a foul (Free/Combined/Dynamic 6); null where a foul scores otherwise. */
  readonly penaltyPoint: string | null;
  /** The penalty ball taken after a foul (Free/Combined/Dynamic 7); null where there is none. */
  readonly penaltyBall: string | null;
  /** The coloured cue ball is off the bed after a foul; null where it never is (Free 8 re-spots it). */
  readonly cueBallInHandAfterFoul: string | null;
}

/** An ordinary shot of the variant (п.10 and its section 5), built once and shared by every state. */
export interface OrdinaryShot {
  readonly terms: ShotTerms;
  readonly turns: readonly [ShotTurn, ShotTurn];
}

export interface RulebookFacts {
  readonly variant: Variant;
  /** The points that win a frame (§1 of each variant). */
  readonly targetScore: number;
  /**
   * Free 5.1: the striker chooses any ball as the cue ball, so every ball — the coloured one too —
   * can be an object ball, be taken as a penalty ball, sit on a shelf, and be re-spotted after a
   * foul. Elsewhere the coloured ball is the cue ball and only the white balls are object balls.
   */
  readonly anyBallIsCueBall: boolean;
  /** A foul is paid with a penalty ball taken from the table (Free 7, Combined 7, Dynamic 7(1)). */
  readonly penaltyBalls: boolean;
  /** A pocketed cue ball (свояк) is exchanged for an object ball (Combined 5.2, Dynamic 5.2). */
  readonly exchangeBalls: boolean;
  /** The fouled-against player chooses between Dynamic 7's options (1) and (2). */
  readonly dynamicOption: boolean;
  /** Shots on which only object balls may be pocketed exist (Dynamic 5.2, 7(2)). */
  readonly objectBallsOnlyShots: boolean;
  /** Every shot but the break takes a call (Classic 5.2). */
  readonly calls: boolean;
  /** A 70:70 score leads to a play-off (Classic 5.7). */
  readonly playOff: boolean;
  /** The full rack keeps a fixed order of numbered balls (Classic 3). */
  readonly fixedRack: boolean;
  /** A pocketed cue ball is a foul of its own, whatever it pocketed (Classic 5.5). */
  readonly pocketedCueBallFouls: boolean;
  /** A ball scores its value (Classic 3, 5.1: `classicValue`); elsewhere every ball scores one point. */
  readonly scoresByValue: boolean;
  /** The settings this variant reads besides the general ones (the settings form shows them). */
  readonly settings: readonly (keyof Settings)[];
  readonly cites: RulebookCites;
  readonly ordinary: OrdinaryShot;
}

/** Builds a variant's shared ordinary shot: its terms and one turn per player, frozen. */
export function ordinaryShot(cueBall: ShotTerms['cueBall'], callRequired: boolean): OrdinaryShot {
  const terms: ShotTerms = Object.freeze({
    kind: 'ordinary',
    cueBall,
    inHand: null,
    objectBallsOnly: false,
    callRequired,
  });
  const turn = (player: 0 | 1): ShotTurn => Object.freeze({ kind: 'shot', player, terms });
  return Object.freeze({ terms, turns: Object.freeze([turn(0), turn(1)] as const) });
}

/** A citation the variant's rules give; asking for one it lacks is a bug of the caller. */
export function cited(rules: RulebookFacts, cite: keyof RulebookCites): string {
  const text = rules.cites[cite];
  if (text === null) throw new Error(`unreachable: ${rules.variant} pyramid never cites ${cite}`);
  return text;
}
