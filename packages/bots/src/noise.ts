/**
 * Execution error. Noise is "Gaussian-ish": the sum of four uniform draws, centred and scaled to unit
 * variance (Irwin–Hall), so it needs only arithmetic, is bounded at ±3.46 σ and replays bit for bit
 * from a seeded `Random`.
 */
import type { Random } from '@pyramid/core';
import { sinCosDeg } from '@pyramid/core';
import type { Stroke } from '@pyramid/match';
import { DEFAULT_PARAMS } from '@pyramid/physics';
import type { NoiseModel } from './levels.js';

const SQRT3 = Math.sqrt(3);

/** A draw of mean 0 and standard deviation 1. */
export function gaussianish(random: Random): number {
  return (random.float() + random.float() + random.float() + random.float() - 2) * SQRT3;
}

/** Tip offsets stay inside the ball (the simulator refuses |offset| ≥ 1). */
const TIP_LIMIT = 0.9;
const MIN_SPEED = 0.05;

/** One draw of error, in units of the level's standard deviations: aim, speed, side, height. */
export type Draw = readonly [number, number, number, number];

export function draw(random: Random): Draw {
  return [gaussianish(random), gaussianish(random), gaussianish(random), gaussianish(random)];
}

/** The stroke as played: the planned one with one draw of the level's error on aim, speed and tip. */
export function withNoise(stroke: Stroke, noise: NoiseModel, random: Random): Stroke {
  return applyDraw(stroke, noise, draw(random));
}

export function applyDraw(stroke: Stroke, noise: NoiseModel, d: Draw): Stroke {
  const direction = stroke.direction ?? directionOf(stroke.angleDeg ?? 0);
  const clampTip = (v: number) => Math.max(-TIP_LIMIT, Math.min(TIP_LIMIT, v));
  return {
    ...stroke,
    direction: rotate(direction, d[0] * noise.aimDeg),
    speed: Math.max(MIN_SPEED, Math.min(DEFAULT_PARAMS.maxCueSpeed, stroke.speed * (1 + d[1] * noise.speed))),
    side: clampTip((stroke.side ?? 0) + d[2] * noise.tip),
    height: clampTip((stroke.height ?? 0) + d[3] * noise.tip),
  };
}

function directionOf(angleDeg: number): { x: number; y: number } {
  const [sin, cos] = sinCosDeg(angleDeg);
  return { x: cos, y: sin };
}

/** Rotates a direction by `deg` degrees (counter-clockwise). */
export function rotate(direction: { x: number; y: number }, deg: number): { x: number; y: number } {
  const [sin, cos] = sinCosDeg(deg);
  return { x: direction.x * cos - direction.y * sin, y: direction.x * sin + direction.y * cos };
}
