/**
 * Where every number the simulator takes may lie: one table, used by the simulator's own input
 * check (validate.ts) and by every program that reads a shot (the CLI's shot file). Each bound is
 * finite and physical, and each test compares the number itself with its bounds — never a square
 * or a product, which could overflow to Infinity (a direction {x: 1e200, y: 0} has x² = Infinity)
 * or underflow to 0.
 */
import type { PhysicsParams } from './params.js';

/** A closed or half-open interval; `integer` for counts. */
export interface Range {
  readonly min: number;
  /** Whether the minimum itself is allowed. */
  readonly minIncluded: boolean;
  readonly max: number;
  /** Whether the maximum itself is allowed (default true). */
  readonly maxIncluded?: boolean;
  readonly integer?: boolean;
}

const POSITIVE: Range = { min: 0, minIncluded: false, max: 1e6 };
const NON_NEGATIVE: Range = { min: 0, minIncluded: true, max: 1e6 };
const FRACTION: Range = { min: 0, minIncluded: true, max: 1 };

/** The parameters' ranges: beyond these the model is meaningless (or a count would not end). */
export const PARAM_RANGES: Readonly<Record<keyof PhysicsParams, Range>> = {
  R: { min: 0, minIncluded: false, max: 1 },
  m: { min: 0, minIncluded: false, max: 100 },
  g: POSITIVE,
  muSlide: POSITIVE,
  muRoll: POSITIVE,
  spinDecel: POSITIVE,
  eBall: FRACTION,
  muBallA: NON_NEGATIVE,
  muBallB: NON_NEGATIVE,
  muBallC: NON_NEGATIVE,
  plasticBelow: NON_NEGATIVE,
  eCushion: FRACTION,
  muCushion: NON_NEGATIVE,
  noseHeight: { min: 0, minIncluded: false, max: 1 },
  railHeight: { min: 0, minIncluded: false, max: 1 },
  eTable: FRACTION,
  muTable: NON_NEGATIVE,
  minBounce: POSITIVE,
  cueMass: POSITIVE,
  cueEndMass: POSITIVE,
  // An offset of a whole radius or more misses the ball: the strike needs the limit below 1.
  miscueLimit: { min: 0, minIncluded: false, max: 1 },
  maxCueSpeed: { min: 0, minIncluded: false, max: 100 },
  maxEvents: { min: 1, minIncluded: true, max: 10_000_000, integer: true },
};

/** The ranges of a shot's other numbers (SI units). */
export const INPUT_RANGES = {
  /** A ball's velocity component, m/s: far beyond any cue (a break is about 10 m/s). */
  velocity: { min: -100, minIncluded: true, max: 100 },
  /** A ball's spin component, rad/s (a cue gives at most a few hundred). */
  spin: { min: -10_000, minIncluded: true, max: 10_000 },
  /** A component of the strike's direction vector: any scale, but not one that overflows. */
  direction: { min: -1e6, minIncluded: true, max: 1e6 },
  /** The strike's angle, degrees (any number of turns within this). */
  angleDeg: { min: -1e6, minIncluded: true, max: 1e6 },
  /** A tip offset, ball radii: a whole radius misses the ball. */
  tip: { min: -1, minIncluded: false, max: 1, maxIncluded: false },
  elevationDeg: { min: 0, minIncluded: true, max: 80 },
} as const satisfies Record<string, Range>;

/**
 * The smallest length a direction vector may have: below it the components are noise (and their
 * squares would underflow).
 */
export const MIN_DIRECTION = 1e-9;

/** Whether `value` is a finite number inside `range` (the upper bound included). */
export function inRange(value: unknown, range: Range): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (range.integer === true && !Number.isInteger(value)) return false;
  if (range.minIncluded ? value < range.min : value <= range.min) return false;
  return range.maxIncluded === false ? value < range.max : value <= range.max;
}

/** The range in words, for an error message: `a number > 0 and ≤ 1`. */
export function rangeText(range: Range): string {
  const kind = range.integer === true ? 'a whole number' : 'a finite number';
  return `${kind} ${range.minIncluded ? '≥' : '>'} ${range.min} and ${range.maxIncluded === false ? '<' : '≤'} ${range.max}`;
}

/**
 * Whether (x, y) is long enough to be a direction, without squaring anything that could overflow:
 * the larger component is at least MIN_DIRECTION (then the length is between it and √2 times it).
 */
export function isDirection(x: number, y: number): boolean {
  return Math.max(Math.abs(x), Math.abs(y)) >= MIN_DIRECTION;
}
