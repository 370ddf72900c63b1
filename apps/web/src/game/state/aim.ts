/**
 * The aim: direction, power, tip offset and elevation, each kept within what a stroke can be. The
 * tip offset stays inside the miscue limit (a deliberate miscue is no shot a player prepares), the
 * power maps linearly onto a cue speed range, and the keyboard moves the aim in fine steps.
 */
import type { Stroke } from '@pyramid/match';
import { DEFAULT_PARAMS } from '@pyramid/physics';
import type { Aim } from './types.js';

/** Cue speeds (m/s) at power 0 and 1: a soft touch to a hard break. */
export const MIN_SPEED = 0.3;
export const MAX_SPEED = 7;
/** The largest tip offset offered (ball radii): just inside the miscue limit. */
export const MAX_TIP = DEFAULT_PARAMS.miscueLimit * 0.9;
export const MAX_ELEVATION = 60;
/** Keyboard steps of the aim, degrees: fine and (with Shift) coarse. */
export const FINE_STEP = 0.1;
export const COARSE_STEP = 1;

export const DEFAULT_AIM: Aim = Object.freeze({
  angleDeg: 0,
  power: 0.5,
  side: 0,
  height: 0,
  elevationDeg: 0,
  exact: null,
});

const clamp = (value: number, low: number, high: number) =>
  Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : low;

/** An angle in [0, 360), rounded to 1e-6° so that repeated steps do not drift. */
export function normalAngle(deg: number): number {
  if (!Number.isFinite(deg)) return 0;
  const a = ((deg % 360) + 360) % 360;
  const rounded = Math.round(a * 1e6) / 1e6;
  return rounded >= 360 ? 0 : rounded;
}

export function withAngle(aim: Aim, angleDeg: number): Aim {
  return { ...aim, angleDeg: normalAngle(angleDeg), exact: null };
}

/** Turns the aim by `steps` keyboard steps (positive: counter-clockwise). */
export function nudge(aim: Aim, steps: number, coarse: boolean): Aim {
  return withAngle(aim, aim.angleDeg + steps * (coarse ? COARSE_STEP : FINE_STEP));
}

export function withPower(aim: Aim, power: number): Aim {
  return { ...aim, power: clamp(power, 0, 1), exact: null };
}

/** Sets the tip offset; an offset past the limit is brought back onto it along the same direction. */
export function withTip(aim: Aim, side: number, height: number): Aim {
  const s = Number.isFinite(side) ? side : 0;
  const h = Number.isFinite(height) ? height : 0;
  const r = Math.sqrt(s * s + h * h);
  if (r <= MAX_TIP) return { ...aim, side: s, height: h, exact: null };
  return { ...aim, side: (s / r) * MAX_TIP, height: (h / r) * MAX_TIP, exact: null };
}

export function withElevation(aim: Aim, deg: number): Aim {
  return { ...aim, elevationDeg: clamp(deg, 0, MAX_ELEVATION), exact: null };
}

export function speedOf(power: number): number {
  return MIN_SPEED + clamp(power, 0, 1) * (MAX_SPEED - MIN_SPEED);
}

export function powerOf(speed: number): number {
  return clamp((speed - MIN_SPEED) / (MAX_SPEED - MIN_SPEED), 0, 1);
}

/**
 * The aim of a given stroke: the controls show its angle, power, tip offset and elevation, and the
 * stroke itself is kept to be struck exactly (`exact`).
 */
export function aimOfStroke(stroke: Stroke): Aim {
  const angle =
    stroke.direction === undefined
      ? (stroke.angleDeg ?? 0)
      : (Math.atan2(stroke.direction.y, stroke.direction.x) * 180) / Math.PI;
  return {
    angleDeg: normalAngle(angle),
    power: powerOf(stroke.speed),
    side: stroke.side ?? 0,
    height: stroke.height ?? 0,
    elevationDeg: stroke.elevationDeg ?? 0,
    exact: stroke,
  };
}

/** The stroke the aim describes: the exact one when it holds one. */
export function strokeOf(aim: Aim): Stroke {
  if (aim.exact !== null) return aim.exact;
  return {
    speed: speedOf(aim.power),
    angleDeg: aim.angleDeg,
    side: aim.side,
    height: aim.height,
    elevationDeg: aim.elevationDeg,
  };
}

/** The angle (degrees) of the direction from `from` to `to`, or null when they coincide. */
export function angleTowards(from: { x: number; y: number }, to: { x: number; y: number }): number | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx * dx + dy * dy < 1e-6) return null;
  return normalAngle((Math.atan2(dy, dx) * 180) / Math.PI);
}
