/**
 * How a room says no: a typed refusal naming the field (`fail`), and the refusals of a write the
 * database did not answer (`storeDown`). Every refusal leaves the room and the store as they were.
 */
import { fieldPointer } from '@pyramid/core';
import type { OnlineError } from '@pyramid/online';
import { FencedError } from '../store/types.js';
import { unreachable } from '../store/unreachable.js';

/** A refusal; `field` is written as a dotted path or a JSON Pointer and always leaves as a pointer. */
export const fail = (
  code: OnlineError['code'],
  dotted: string,
  message: string,
  detail?: string,
): OnlineError => {
  const field = fieldPointer(dotted);
  return detail === undefined ? { code, field, message } : { code, field, message, detail };
};

/** A write the database did not answer: unavailable (never sent), or of unknown outcome (the connection went down under it). */
export function storeDown(caught: unknown, nothing: 'changed' | 'said'): OnlineError | null {
  const down = unreachable(caught);
  if (down === 'never-sent')
    return fail('server/unavailable', '', `the database does not answer; nothing ${nothing}`);
  if (down === 'maybe-stored')
    return fail(
      'server/outcome-unknown',
      '',
      'the database stopped answering while this was stored: take the state again',
    );
  return null;
}

/**
 * The refusal of a write that failed (`caught`): the lease was lost (the table moved), the database
 * did not answer, or the store failed otherwise. `what` names what was not stored.
 */
export function unstored(caught: unknown, what: string, nothing: 'changed' | 'said'): OnlineError {
  if (caught instanceof FencedError)
    return fail('server/unavailable', '', `the table moved to another server process; nothing ${nothing}`);
  return (
    storeDown(caught, nothing) ??
    fail('server/internal', '', `${what} could not be stored; nothing ${nothing}`)
  );
}
