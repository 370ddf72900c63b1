/**
 * A ruling: what the referee decided about one action, and why, citing the paragraphs it applied.
 */
import type { Point } from '@pyramid/table';
import type { ActionType, EventFoul } from './actions.js';
import type { BallId } from './balls.js';
import type { StrokeFoul } from './facts.js';
import type { Player, Turn } from './state.js';

/** The twelve §29.1 items, plus the two fouls the variants and п.21 add outside that list. */
export const FOUL_CODES = [
  '29.1(1)',
  '29.1(2)',
  '29.1(3)',
  '29.1(4)',
  '29.1(5)',
  '29.1(6)',
  '29.1(7)',
  '29.1(8)',
  '29.1(9)',
  '29.1(10)',
  '29.1(11)',
  '29.1(12)',
  'from-house', // п.21: from hand from the house, first contact with a ball in the house
  'classic-5.5', // Classic 5.5: the cue ball fell into a pocket
] as const;
export type FoulCode = (typeof FOUL_CODES)[number];

/** The §29.1 item each stroke foul a referee sees is penalised under (items 3–8). */
export const STROKE_FOUL_ITEMS: Readonly<Record<StrokeFoul, FoulCode>> = Object.freeze({
  'early-stroke': '29.1(3)',
  'improper-strike': '29.1(4)',
  'feet-off-floor': '29.1(5)',
  'touched-ball': '29.1(6)',
  'double-hit': '29.1(7)',
  push: '29.1(8)',
});

/** The §29.1 item each foul outside a shot is penalised under (п.11, п.17, п.22.3: 6; п.26: 11; п.28: 12). */
export const EVENT_FOUL_ITEMS: Readonly<Record<EventFoul, FoulCode>> = Object.freeze({
  'touch-after-shot': '29.1(6)',
  'touch-while-placing': '29.1(6)',
  'slow-play': '29.1(11)',
  'touch-during-opponent-visit': '29.1(12)',
  'out-of-turn-stroke': '29.1(12)',
});

export type Verdict =
  /** A shot without a foul, or a decision taken. */
  | 'legal'
  /** A foul, penalised once (29.2). */
  | 'foul'
  /** Something that changes nothing on the score: a restored interference, an extension, a touch after the frame. */
  | 'no-penalty';

export interface Respot {
  readonly ball: BallId;
  /** Where it was placed, when the positions of the other balls are known. */
  readonly at: Point | null;
}

export interface Reason {
  /** The paragraph applied, as the text numbers it: `29.1(9)`, `п.20`, `Dynamic 7(2)`. */
  readonly cite: string;
  readonly ru: string;
  readonly en: string;
}

export interface Ruling {
  readonly action: ActionType;
  /** The player who acted (the offender for a foul event), or null for a lag or an interference. */
  readonly player: Player | null;
  readonly verdict: Verdict;
  /** Every foul seen (for display); they cost one penalty (29.2). */
  readonly fouls: readonly FoulCode[];
  /** Change of each player's score. */
  readonly points: readonly [number, number];
  /** Scores after the ruling. */
  readonly scores: readonly [number, number];
  /** Balls legally pocketed on this shot that scored. */
  readonly scored: readonly BallId[];
  /** Balls moved to a shelf by this action (scored, penalty or exchange balls). */
  readonly shelved: readonly { readonly ball: BallId; readonly player: Player }[];
  readonly respotted: readonly Respot[];
  /** What happens next: the next shot and its terms, a pending decision, a lag, or the end. */
  readonly next: Turn;
  readonly frameWinner: Player | null;
  readonly matchWinner: Player | null;
  readonly reasons: readonly Reason[];
  /** The reasons joined into one explanation per language. */
  readonly explanation: { readonly ru: string; readonly en: string };
}
