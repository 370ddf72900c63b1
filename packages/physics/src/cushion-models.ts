/**
 * The ball–cushion (and ball–jaw) models by name, selectable per simulation
 * (`simulate(…, { cushionModel })`). The default is chosen by the evidence in docs/physics.md
 * ("Choosing the cushion model").
 */
import { resolveCushionMathavan } from './cushion-mathavan.js';
import type { PhysicsParams } from './params.js';
import { resolveCushion, resolveCushionMirror } from './resolve.js';

/** A ball–cushion model: resolves the contact, or returns false if the ball is not moving into it. */
export type CushionResolver = (
  s: Float64Array,
  i: number,
  nx: number,
  ny: number,
  p: PhysicsParams,
  keepVertical: boolean,
) => boolean;

export const CUSHION_MODELS = Object.freeze({
  'mathavan-2010': resolveCushionMathavan as CushionResolver,
  'han-2005': resolveCushion as CushionResolver,
  mirror: resolveCushionMirror as CushionResolver,
});
export type CushionModel = keyof typeof CUSHION_MODELS;

/** The model a simulation uses unless told otherwise. */
export const DEFAULT_CUSHION_MODEL: CushionModel = 'mathavan-2010';
