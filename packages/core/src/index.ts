/**
 * @pyramid/core: the zero-dependency vocabulary every package shares.
 *
 * @example
 * import { ok, err, type Result, Random } from '@pyramid/core';
 * const dice = new Random(42); // same seed, same numbers, on every run
 */
export { assertNever, invariant } from './assert.js';
export { detExp, sinCosDeg } from './detmath.js';
export { canonicalJson, hashJson, hashString } from './hash.js';
export { describeJsonSyntaxError, type JsonSyntaxError, jsonSyntaxError } from './json-syntax.js';
export { nextUint32, Random, type RandomState, seedRandom } from './random.js';
export { err, ok, type Result } from './result.js';
export {
  type DescribeOptions,
  describeValue,
  fieldPointer,
  jsonPointer,
  pointerJoin,
  pointerKeys,
  pointerToken,
} from './untrusted.js';
