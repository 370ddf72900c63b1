/**
 * Ball motion states and the flat, typed-array layout the simulator works on. One ball is nine
 * numbers (position, velocity, angular velocity; SI units) plus a state code, so advancing every
 * ball to the next event allocates nothing.
 */
export const MOTION_STATES = [
  'stationary',
  'spinning',
  'sliding',
  'rolling',
  'airborne',
  'pocketed',
  'off-table',
] as const;
export type MotionState = (typeof MOTION_STATES)[number];

export const STATIONARY = 0;
export const SPINNING = 1;
export const SLIDING = 2;
export const ROLLING = 3;
export const AIRBORNE = 4;
export const POCKETED = 5;
export const OFF_TABLE = 6;

/** Offsets inside a ball's block of the state array. */
export const X = 0;
export const Y = 1;
export const Z = 2;
export const VX = 3;
export const VY = 4;
export const VZ = 5;
export const WX = 6;
export const WY = 7;
export const WZ = 8;
export const STRIDE = 9;

/** A ball's state as plain data, for input and output. */
export interface BallState {
  readonly id: number;
  readonly state: MotionState;
  /** Position of the centre, m; z is the height of the centre above the slate (R when on the cloth). */
  readonly r: readonly [number, number, number];
  readonly v: readonly [number, number, number];
  readonly w: readonly [number, number, number];
  /** The pocket a pocketed ball fell into, or the rail a ball left the table over. */
  readonly where?: string;
}

export function isMoving(code: number): boolean {
  return code === SPINNING || code === SLIDING || code === ROLLING || code === AIRBORNE;
}

export function onCloth(code: number): boolean {
  return code <= ROLLING;
}
