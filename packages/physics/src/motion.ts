/**
 * Closed-form motion between events (Leckie & Greenspan 2006; research notes §1.3–1.4). In each
 * state a ball's acceleration is constant, so its path is a quadratic in time; the time it leaves
 * the state has a closed form. Nothing here steps in time.
 */
import type { PhysicsParams } from './params.js';
import {
  AIRBORNE,
  ROLLING,
  SLIDING,
  SPINNING,
  STATIONARY,
  STRIDE,
  VX,
  VY,
  VZ,
  WX,
  WY,
  WZ,
  X,
  Y,
  Z,
} from './state.js';

/** Below these magnitudes a velocity, slip or spin is zero: they stop transitions from repeating. */
export const SPEED_EPS = 1e-9;
export const SPIN_EPS = 1e-7;

/** The contact point's slip over the cloth: u = v + w × (−R ẑ). */
export function slipX(s: Float64Array, o: number, R: number): number {
  return s[o + VX]! - R * s[o + WY]!;
}
export function slipY(s: Float64Array, o: number, R: number): number {
  return s[o + VY]! + R * s[o + WX]!;
}

/** Time until the ball leaves its current motion state (Infinity if it never does). */
export function transitionTime(s: Float64Array, i: number, code: number, p: PhysicsParams): number {
  const o = i * STRIDE;
  switch (code) {
    case SLIDING: {
      const ux = slipX(s, o, p.R);
      const uy = slipY(s, o, p.R);
      const u = Math.sqrt(ux * ux + uy * uy);
      return (2 * u) / (7 * p.muSlide * p.g);
    }
    case ROLLING: {
      const v = Math.sqrt(s[o + VX]! * s[o + VX]! + s[o + VY]! * s[o + VY]!);
      return v / (p.muRoll * p.g);
    }
    case SPINNING:
      return Math.abs(s[o + WZ]!) / p.spinDecel;
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/**
 * The ball's trajectory coefficients in its current state: r(t) = r + v t + a t². Writes a (the
 * half-acceleration, per axis) into out[0..2].
 */
export function halfAcceleration(
  s: Float64Array,
  i: number,
  code: number,
  p: PhysicsParams,
  out: Float64Array,
): void {
  const o = i * STRIDE;
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  if (code === SLIDING) {
    const ux = slipX(s, o, p.R);
    const uy = slipY(s, o, p.R);
    const u = Math.sqrt(ux * ux + uy * uy);
    if (u > 0) {
      const k = (-0.5 * p.muSlide * p.g) / u;
      out[0] = k * ux;
      out[1] = k * uy;
    }
  } else if (code === ROLLING) {
    const vx = s[o + VX]!;
    const vy = s[o + VY]!;
    const v = Math.sqrt(vx * vx + vy * vy);
    if (v > 0) {
      const k = (-0.5 * p.muRoll * p.g) / v;
      out[0] = k * vx;
      out[1] = k * vy;
    }
  } else if (code === AIRBORNE) {
    out[2] = -0.5 * p.g;
  }
}

/** The spin about the vertical after dt: it decays at a constant rate to zero in every state. */
function decaySpin(wz: number, dt: number, p: PhysicsParams): number {
  const drop = p.spinDecel * dt;
  if (wz > 0) return wz > drop ? wz - drop : 0;
  if (wz < 0) return -wz > drop ? wz + drop : 0;
  return 0;
}

/**
 * Advances ball i by dt (not past its transition) in place. The state code does not change here;
 * transitions are events.
 */
export function advance(s: Float64Array, i: number, code: number, dt: number, p: PhysicsParams): void {
  if (dt === 0) return;
  const o = i * STRIDE;
  switch (code) {
    case SLIDING: {
      const ux = slipX(s, o, p.R);
      const uy = slipY(s, o, p.R);
      const u = Math.sqrt(ux * ux + uy * uy);
      const ex = u > 0 ? ux / u : 0;
      const ey = u > 0 ? uy / u : 0;
      const a = p.muSlide * p.g;
      s[o + X] = s[o + X]! + s[o + VX]! * dt - 0.5 * a * dt * dt * ex;
      s[o + Y] = s[o + Y]! + s[o + VY]! * dt - 0.5 * a * dt * dt * ey;
      s[o + VX] = s[o + VX]! - a * dt * ex;
      s[o + VY] = s[o + VY]! - a * dt * ey;
      // The friction torque turns the spin about (û × ẑ) = (ûy, −ûx).
      const k = ((5 * a) / (2 * p.R)) * dt;
      s[o + WX] = s[o + WX]! - k * ey;
      s[o + WY] = s[o + WY]! + k * ex;
      s[o + WZ] = decaySpin(s[o + WZ]!, dt, p);
      return;
    }
    case ROLLING: {
      const vx = s[o + VX]!;
      const vy = s[o + VY]!;
      const v = Math.sqrt(vx * vx + vy * vy);
      const ex = v > 0 ? vx / v : 0;
      const ey = v > 0 ? vy / v : 0;
      const a = p.muRoll * p.g;
      s[o + X] = s[o + X]! + vx * dt - 0.5 * a * dt * dt * ex;
      s[o + Y] = s[o + Y]! + vy * dt - 0.5 * a * dt * dt * ey;
      const nvx = vx - a * dt * ex;
      const nvy = vy - a * dt * ey;
      s[o + VX] = nvx;
      s[o + VY] = nvy;
      s[o + WX] = -nvy / p.R;
      s[o + WY] = nvx / p.R;
      s[o + WZ] = decaySpin(s[o + WZ]!, dt, p);
      return;
    }
    case SPINNING:
      s[o + WZ] = decaySpin(s[o + WZ]!, dt, p);
      return;
    case AIRBORNE:
      s[o + X] = s[o + X]! + s[o + VX]! * dt;
      s[o + Y] = s[o + Y]! + s[o + VY]! * dt;
      s[o + Z] = s[o + Z]! + s[o + VZ]! * dt - 0.5 * p.g * dt * dt;
      s[o + VZ] = s[o + VZ]! - p.g * dt;
      return;
    default:
      return;
  }
}

/**
 * The state a ball on the cloth is in, judged from its velocities; used after every collision and
 * transition. Residues below the thresholds are snapped to exact zeros so they raise no new events.
 */
export function settle(s: Float64Array, i: number, p: PhysicsParams): number {
  const o = i * STRIDE;
  s[o + Z] = p.R;
  s[o + VZ] = 0;
  const speed = Math.sqrt(s[o + VX]! * s[o + VX]! + s[o + VY]! * s[o + VY]!);
  const ux = slipX(s, o, p.R);
  const uy = slipY(s, o, p.R);
  const slip = Math.sqrt(ux * ux + uy * uy);
  if (slip > SPEED_EPS) return SLIDING;
  if (speed > SPEED_EPS) {
    // Rolling: make the spin exactly consistent with the velocity.
    s[o + WX] = -s[o + VY]! / p.R;
    s[o + WY] = s[o + VX]! / p.R;
    return ROLLING;
  }
  s[o + VX] = 0;
  s[o + VY] = 0;
  s[o + WX] = 0;
  s[o + WY] = 0;
  if (Math.abs(s[o + WZ]!) > SPIN_EPS) return SPINNING;
  s[o + WZ] = 0;
  return STATIONARY;
}

/** Resolves a transition at its time: slide → roll, roll → spin or rest, spin → rest. */
export function transition(s: Float64Array, i: number, code: number, p: PhysicsParams): number {
  const o = i * STRIDE;
  if (code === SLIDING) {
    // The slip has just reached zero: roll exactly (snap the residue).
    s[o + WX] = -s[o + VY]! / p.R;
    s[o + WY] = s[o + VX]! / p.R;
    return settle(s, i, p);
  }
  if (code === ROLLING) {
    s[o + VX] = 0;
    s[o + VY] = 0;
    s[o + WX] = 0;
    s[o + WY] = 0;
    return settle(s, i, p);
  }
  if (code === SPINNING) {
    s[o + WZ] = 0;
    return STATIONARY;
  }
  return code;
}
