/**
 * @pyramid/physics: an exact, deterministic, event-based simulator of a Russian pyramid table.
 *
 * @example
 * import { buildTableGeometry } from '@pyramid/table';
 * import { boundaryOf, DEFAULT_PARAMS, simulate } from '@pyramid/physics';
 * const boundary = boundaryOf(buildTableGeometry());
 * const result = simulate([{ id: 0, x: 0.5, y: 0.8875 }, { id: 1, x: 2.6625, y: 0.8875 }],
 *   { ball: 0, speed: 3, angleDeg: 0 }, boundary, DEFAULT_PARAMS);
 */
export { type Boundary, boundaryOf } from './boundary.js';
export {
  CUSHION_MODELS,
  type CushionModel,
  type CushionResolver,
  DEFAULT_CUSHION_MODEL,
} from './cushion-models.js';
export type { SimEvent, SimEventType } from './events.js';
export { detExp, sinCosDeg } from './math/det.js';
export { DEFAULT_PARAMS, PARAM_NAMES, type PhysicsParams } from './params.js';
export {
  INPUT_RANGES,
  inRange,
  isDirection,
  MIN_DIRECTION,
  PARAM_RANGES,
  type Range,
  rangeText,
} from './ranges.js';
export {
  type BallSetup,
  CLUSTER_ROUNDS,
  type EventCapFailure,
  eventBudget,
  type Simulation,
  type SimulationFailure,
  type SimulationOptions,
  simulate,
} from './simulate.js';
export { type BallState, MOTION_STATES, type MotionState } from './state.js';
export { cueDirection, type Strike, type StrikeResult, strikeBall } from './strike.js';
export { Trajectory } from './trajectory.js';
export { type ShotInputError, validateShot } from './validate.js';
