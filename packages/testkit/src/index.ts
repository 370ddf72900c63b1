/**
 * @pyramid/testkit: random play for property tests, self-play and benchmarks of the referee.
 *
 * @example
 * import { Random } from '@pyramid/core';
 * import { apply, newMatch } from '@pyramid/rules';
 * import { playRandomMatch, randomAction } from '@pyramid/testkit';
 * const match = playRandomMatch('combined', 42); // every state, action and ruling up to the winner
 * const state = newMatch('free', { breaker: 0 });
 * const next = apply(state, randomAction(state, new Random(7)));
 */

export {
  anyRandomShot,
  CONTRADICTIONS,
  consistentSituation,
  contradictorySituation,
  copyJson,
  INPUT_KINDS,
  type InputKind,
  jsonText,
  mutate,
  NAN_STRINGS,
  nested,
  ODD_KEYS,
  ODD_NUMBERS,
  oddValue,
  recordOf,
  setOwn,
  shotFileOf,
  snapshot,
  unclearError,
} from './adversarial.js';
export {
  fuzzAction,
  fuzzRecord,
  fuzzRecords,
  fuzzShotFile,
  fuzzSituation,
  fuzzStates,
  fuzzStrike,
  type Outcome,
  type ShotFileReader,
  type Verdict,
} from './fuzz.js';
export { type RecordAction, type RecordShot, viaJson } from './json.js';
export { randomMalformedAction } from './malformed.js';
export { MATHAVAN_2010_FIG7A, MATHAVAN_2010_SET, type MeasuredRebound } from './mathavan-2010-measured.js';
export {
  type MatchRecord,
  type PlayOptions,
  playRandomMatch,
  type RandomMatch,
  type Rejection,
  toRecord,
} from './play.js';
export {
  type AcceptanceMap,
  type AcceptanceRow,
  acceptanceMap,
  acceptanceMapText,
  bandWidth,
  FALLS,
  type LineOutcome,
} from './pocket-acceptance.js';
export { type RandomActionOptions, randomAction, randomPointIn, randomShot } from './random-action.js';
export { randomSettings } from './settings.js';
export { elevatedClusterStrike, type RandomShot, randomBreak, randomJumpShot } from './shots.js';
