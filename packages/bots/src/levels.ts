/**
 * The levels: each is a model of execution error (how far a stroke departs from the one planned)
 * and a search budget (how many strokes it considers and how often it samples each under its own
 * error). Numbers are standard deviations of the "Gaussian-ish" noise of noise.ts.
 *
 * | level   | aim σ | speed σ | tip σ  | plans | refined | samples  | budget (sims) | position left      |
 * | ------- | ----- | ------- | ------ | ----- | ------- | -------- | ------------- | ------------------ |
 * | novice  | 0.25° | 10%     | 0.08 R | 6     | 3       | 3        | 50            | flat value of turn |
 * | amateur | 0.10° | 5%      | 0.04 R | 10    | 5       | 4        | 180           | own next chance    |
 * | master  | 0.035°| 2%      | 0.02 R | 32    | 14      | 10 (–30) | 2800          | own and opponent's |
 *
 * The budget is for up to 9 balls on the bed and shrinks in proportion above (bot.ts `budgetFor`);
 * every level samples up to 3× more when few candidates leave budget unused. The novice plays pots
 * and safeties only; the amateur adds свояк shots and follow; the master adds draw, one-cushion
 * banks, more safeties and a searched break. Measured on one core (a few hundred states of all
 * four variants): novice ≈ 6 ms median, amateur ≈ 25 ms, master ≈ 0.5 s (≈ 0.9 s in Free).
 *
 * Aim error is an angle added to the cue's direction in the table plane; speed error multiplies the
 * cue speed by (1 + e); tip error is added to each tip offset (side and height). A tip offset past
 * the miscue limit (0.5 R) is a miscue, and so a foul (§29.1(4)): the noise can cause it.
 */
export const LEVEL_NAMES = ['novice', 'amateur', 'master'] as const;
export type Level = (typeof LEVEL_NAMES)[number];

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVEL_NAMES as readonly string[]).includes(value);
}

export interface NoiseModel {
  /** Standard deviation of the aim error, degrees. */
  readonly aimDeg: number;
  /** Standard deviation of the relative speed error. */
  readonly speed: number;
  /** Standard deviation of the tip offset error, ball radii (side and height each). */
  readonly tip: number;
}

export interface LevelSpec {
  readonly name: Level;
  readonly noise: NoiseModel;
  /** Shot plans (target, pocket, cue ball and placement) kept after the geometric ranking. */
  readonly candidates: number;
  /** Noisy simulations per stroke that reaches the sampling stage. */
  readonly samples: number;
  /** Cap on simulations for one decision (the budget; the break and the search stop at it). */
  readonly maxSimulations: number;
  /**
   * Pots whose aim is refined without noise (secant steps on the object ball's direction after
   * contact, per speed: throw, squirt and the cut are all in the simulation). Unrefined plans aim by
   * the ghost ball alone, which misses most cuts by throw.
   */
  readonly refine: number;
  /**
   * How the position a shot leaves is valued: 'none' (keeping the turn is worth a flat 0.4),
   * 'self' (the striker's best chance from it when he keeps the turn), 'full' (also the opponent's
   * best chance when the turn passes).
   */
  readonly lookahead: 'none' | 'self' | 'full';
  /** Plays the break and safeties with the full search (several break spots and aims, more safeties). */
  readonly thorough: boolean;
  /** Speeds tried per plan (multiples of the least speed that reaches the pocket). */
  readonly speeds: readonly number[];
  /** Tip offsets tried per plan: [side, height] in ball radii. */
  readonly spins: readonly (readonly [number, number])[];
  /** Ball-in-hand placements scored geometrically; the best few are searched. */
  readonly placements: number;
  /** Plays свояк shots (the cue ball into a pocket off an object ball) where they pay. */
  readonly svoyak: boolean;
  /** Plays one-cushion banks. */
  readonly banks: boolean;
}

const SPECS: Record<Level, LevelSpec> = {
  novice: {
    name: 'novice',
    noise: { aimDeg: 0.25, speed: 0.1, tip: 0.08 },
    candidates: 6,
    samples: 3,
    maxSimulations: 50,
    refine: 3,
    lookahead: 'none',
    thorough: false,
    speeds: [1.6, 3],
    spins: [[0, 0]],
    placements: 24,
    svoyak: false,
    banks: false,
  },
  amateur: {
    name: 'amateur',
    noise: { aimDeg: 0.1, speed: 0.05, tip: 0.04 },
    candidates: 10,
    samples: 4,
    maxSimulations: 180,
    refine: 5,
    lookahead: 'self',
    thorough: false,
    speeds: [1.4, 2.2, 3.4],
    spins: [
      [0, 0],
      [0, 0.3],
    ],
    placements: 48,
    svoyak: true,
    banks: false,
  },
  master: {
    name: 'master',
    noise: { aimDeg: 0.035, speed: 0.02, tip: 0.02 },
    candidates: 32,
    samples: 10,
    maxSimulations: 2800,
    refine: 14,
    lookahead: 'full',
    thorough: true,
    speeds: [1.25, 1.8, 2.8, 4],
    spins: [
      [0, 0],
      [0, 0.3],
      [0, -0.3],
    ],
    placements: 96,
    svoyak: true,
    banks: true,
  },
};

export const LEVELS: Readonly<Record<Level, LevelSpec>> = Object.freeze(SPECS);
