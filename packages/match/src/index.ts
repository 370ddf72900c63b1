/**
 * @pyramid/match: the bridge between the simulator and the referee. A simulated shot becomes the
 * ordered events a referee records and the facts he rules on.
 *
 * @example
 * import { boundaryOf, DEFAULT_PARAMS, simulate } from '@pyramid/physics';
 * import { buildTableGeometry } from '@pyramid/table';
 * import { factsFromSimulation } from '@pyramid/match';
 * const boundary = boundaryOf(buildTableGeometry());
 * const run = simulate([{ id: 0, x: 1.775, y: 0.9 }, { id: 1, x: 1.775, y: 1.5 }],
 *   { ball: 0, speed: 3, angleDeg: 90 }, boundary, DEFAULT_PARAMS);
 * if (run.ok) factsFromSimulation(run.value, { cueBall: 0, isBreak: false }).pocketed; // [{ ball: 1, pocket: 'ML' }]
 */
export {
  type BridgeOptions,
  type LineCrossing,
  lineCrossings,
  linesOf,
  MM_PER_M,
  shotEventsFromSimulation,
  type TimedShotEvent,
  timedShotEventsFromSimulation,
} from './events.js';
export { type FactsOptions, FROZEN_GAP_MM, factsFromSimulation, restPositions } from './facts.js';
export {
  BOUNDARY_12FT,
  boundaryFor,
  onSimulatorBed,
  type PlannedShot,
  type PlayError,
  type PlayedShot,
  type PlayShotOptions,
  paramsFor,
  playErrorMessage,
  playShot,
  type RackedMatchOptions,
  rackedMatch,
  type SimulatedShot,
  type Stroke,
  shotDue,
  simulateShot,
  startPositions,
} from './play.js';
