/**
 * @pyramid/bots: computer opponents for Russian pyramid (МКП rules) at graded levels, for all four
 * variants. Each level is a model of execution error plus a search budget; every move it makes is
 * legal, and the same state, level and seed always give the same move.
 *
 * @example
 * import { rackedMatch } from '@pyramid/match';
 * import { playTurn } from '@pyramid/bots';
 * let state = rackedMatch('free', { breaker: 0 });
 * const turn = playTurn(state, 'amateur', 42); // the break, struck with the amateur's error
 * if (turn?.ok) state = turn.value.state;
 */
export {
  chooseAction,
  type Executed,
  execute,
  HINT_SAMPLES,
  type Hint,
  hint,
  type Move,
  mixSeed,
  playTurn,
  type ShotIntent,
} from './bot.js';
export type { DecisionAction } from './decisions.js';
export { isLevel, LEVEL_NAMES, LEVELS, type Level, type LevelSpec, type NoiseModel } from './levels.js';
export { gaussianish, withNoise } from './noise.js';
export type { PlanKind } from './plans.js';
