/**
 * Shared test helpers: boundaries (the real 12 ft table and an "infinite" table with no cushions),
 * parameter sets, a hand-made state array, energy, tolerances and small geometry. Everything here is
 * written from the research notes' closed forms, never copied from the simulator.
 */
import { buildTableGeometry, classicRack, REGULATION_12FT, type TableGeometry } from '@pyramid/table';
import { expect } from 'vitest';
import { type Boundary, boundaryOf } from '../src/boundary.js';
import { DEFAULT_PARAMS, type PhysicsParams } from '../src/params.js';
import { type BallSetup, type Simulation, type SimulationOptions, simulate } from '../src/simulate.js';
import type { BallState } from '../src/state.js';
import type { Strike } from '../src/strike.js';

export const P = DEFAULT_PARAMS;
export const R = P.R;
export const D = 2 * R;
/** I / m for a solid ball: (2/5) R². */
export const I_OVER_M = 0.4 * R * R;

/** Ideal ball–ball collisions (e = 1, no ball–ball friction), for the 90° and 30° rules. */
export const IDEAL: PhysicsParams = Object.freeze({ ...P, eBall: 1, muBallA: 0, muBallB: 0 });
/** Frictionless balls with the default restitution. */
export const FRICTIONLESS: PhysicsParams = Object.freeze({ ...P, muBallA: 0, muBallB: 0 });

export const GEOMETRY: TableGeometry = buildTableGeometry();
export const TABLE: Boundary = boundaryOf(GEOMETRY);
/** The playing area in metres (the boundary's own numbers, converted from millimetres). */
export const L = TABLE.length;
export const W = TABLE.width;

/** A table with no cushions, jaws or pockets: 1000 m square, so closed forms hold exactly. */
export const INFINITE: Boundary = Object.freeze({
  length: 1000,
  width: 1000,
  segmentIds: [],
  segments: new Float64Array(0),
  jawIds: [],
  jawPockets: [],
  jaws: new Float64Array(0),
  pocketIds: [],
  pockets: new Float64Array(0),
});

/** Where closed-form shots start on the infinite table (away from its edges). */
export const X0 = 10;
export const Y0 = 10;

/** The state array for balls given as plain numbers (centre on the cloth unless z is given). */
export function stateOf(
  balls: readonly {
    readonly x?: number;
    readonly y?: number;
    readonly z?: number;
    readonly v?: readonly number[];
    readonly w?: readonly number[];
  }[],
): Float64Array {
  const s = new Float64Array(balls.length * 9);
  balls.forEach((b, i) => {
    s.set([b.x ?? 0, b.y ?? 0, b.z ?? R, ...(b.v ?? [0, 0, 0]), ...(b.w ?? [0, 0, 0])], i * 9);
  });
  return s;
}

export interface Vec3 {
  readonly r: readonly [number, number, number];
  readonly v: readonly [number, number, number];
  readonly w: readonly [number, number, number];
}

export function ballOf(s: Float64Array, i: number): Vec3 {
  const o = i * 9;
  return {
    r: [s[o]!, s[o + 1]!, s[o + 2]!],
    v: [s[o + 3]!, s[o + 4]!, s[o + 5]!],
    w: [s[o + 6]!, s[o + 7]!, s[o + 8]!],
  };
}

/** Total kinetic energy per unit mass: ½|v|² + ½ (I/m)|w|² summed over the balls. */
export function energy(s: Float64Array): number {
  let e = 0;
  for (let o = 0; o < s.length; o += 9) {
    e += 0.5 * (s[o + 3]! ** 2 + s[o + 4]! ** 2 + s[o + 5]! ** 2);
    e += 0.5 * I_OVER_M * (s[o + 6]! ** 2 + s[o + 7]! ** 2 + s[o + 8]! ** 2);
  }
  return e;
}

/** |actual − expected| ≤ rel·|expected| + abs. */
export function expectClose(actual: number, expected: number, rel: number, abs = 0, what = ''): void {
  const tolerance = rel * Math.abs(expected) + abs;
  const error = Math.abs(actual - expected);
  if (!(error <= tolerance)) {
    expect.fail(
      `${what ? `${what}: ` : ''}expected ${expected}, got ${actual} (error ${error.toExponential(3)} > ${tolerance.toExponential(3)})`,
    );
  }
}

export const hypot2 = (x: number, y: number): number => Math.sqrt(x * x + y * y);
export const deg = (radians: number): number => (radians * 180) / Math.PI;
export const rad = (degrees: number): number => (degrees * Math.PI) / 180;

/** Runs a shot and fails the test (with the error) unless it succeeded. */
export function run(
  balls: readonly BallSetup[],
  strike: Strike | null,
  boundary: Boundary = TABLE,
  params: PhysicsParams = P,
  options: SimulationOptions = {},
): Simulation {
  const result = simulate(balls, strike, boundary, params, options);
  if (!result.ok) expect.fail(`simulation failed: ${JSON.stringify(result.error).slice(0, 2000)}`);
  return result.value;
}

/** A ball rolling without slip with velocity (vx, vy): w = (ẑ × v)/R. */
export function rolling(id: number, x: number, y: number, vx: number, vy: number): BallSetup {
  return { id, x, y, v: [vx, vy, 0], w: [-vy / R, vx / R, 0] };
}

export function finalOf(sim: Simulation, id: number): BallState {
  const ball = sim.final.find((b) => b.id === id);
  if (ball === undefined) expect.fail(`no ball ${id} in the result`);
  return ball;
}

export function sampleOf(sim: Simulation, t: number, id: number): BallState {
  const ball = sim.trajectory.sample(t).find((b) => b.id === id);
  if (ball === undefined) expect.fail(`no ball ${id} in the trajectory`);
  return ball;
}

/** The next double above x (x finite). */
export function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

/** Freezes an object graph (typed arrays cannot be frozen and are skipped). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/**
 * The break of the brief: the classic pyramid (ball 4 on the back spot) racked with a 0.05 mm gap,
 * converted from millimetres to metres, and the cue ball (id 0) at (0.6, 0.8875) m on the long axis.
 */
export function breakBalls(): BallSetup[] {
  const rack = classicRack(REGULATION_12FT, 0.05).map(({ ball, at }) => ({
    id: ball,
    x: at.x / 1000,
    y: at.y / 1000,
  }));
  return [{ id: 0, x: 0.6, y: 0.8875 }, ...rack];
}
export const BREAK_STRIKE: Strike = Object.freeze({ ball: 0, speed: 7, angleDeg: 0 });
