import { describeValue } from './untrusted.js';

/** Marks a branch the type system proves unreachable; reaching it at run time is a bug. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${describeValue(value)}`);
}

/** Throws on a broken internal invariant. Never used for bad user input, which gets a Result. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`invariant failed: ${message}`);
}
