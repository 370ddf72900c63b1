/**
 * Typed rejections. Bad input never throws and never changes the state it was applied to.
 * The field at fault is a JSON Pointer (RFC 6901) into the action or the record header.
 */
import { fieldPointer } from '@pyramid/core';

export const ERROR_CODES = [
  'malformed-action', // not an action at all: wrong type, missing or extra fields
  'unknown-ball', // a ball id outside 0–15
  'action-out-of-turn', // the acting player may not act now
  'no-decision-pending', // a decision that is not pending
  'decision-pending', // a shot or event while a decision is pending
  'lag-pending', // anything but a lag while a lag is pending
  'match-over', // anything after the match has been won
  'ball-not-on-table', // a ball named in the facts or a decision that is not on the bed
  'ball-pocketed-twice', // a ball pocketed or sent off the table more than once
  'illegal-cue-ball', // a cue ball the rules do not allow for this shot
  'call-not-allowed', // a call in a variant or shot that takes none
  'placement-invalid', // a ball in hand placed outside its area or onto another ball
  'impossible-facts', // facts that contradict each other or the state
  'invalid-setup', // a record's header or starting situation that cannot occur
  'malformed-json', // record text that is not JSON at all
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface RefereeError {
  readonly code: ErrorCode;
  /**
   * The offending field, as a JSON Pointer (RFC 6901) inside the action or the record header:
   * `/facts/pocketed/1/ball`; '' for the action (or the record) as a whole; `~0` and `~1` escape
   * `~` and `/` in a key, so the empty key is `/` and every key has one path.
   */
  readonly field: string;
  readonly message: string;
}

/**
 * A rejection. `field` is a pointer, or a path of names the program wrote itself
 * (`facts.pocketed[1].ball`), which is turned into one; a key from the input must already have
 * been joined with `pointerJoin`.
 */
export function refereeError(code: ErrorCode, field: string, message: string): RefereeError {
  return { code, field: fieldPointer(field), message };
}

/** How errors name a player: the letter the explanations use, and the number the record uses. */
export function who(player: 0 | 1): string {
  return `player ${player === 0 ? 'A' : 'B'} (${player})`;
}
