/**
 * Actions in the shape a match record stores them (the JSON that `apply` and `replayRecord` read):
 * a shot carries its `facts` at the top level, decisions and events are the typed actions as they are.
 */
import type { Action, BallId, Call, Player, ShotFacts } from '@pyramid/rules';
import type { Point } from '@pyramid/table';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A shot as a record writes it: only the facts that were observed, the rest left to their defaults. */
export interface RecordShot {
  readonly type: 'shot';
  readonly player: Player;
  readonly cueBall: BallId;
  readonly call?: Call;
  readonly placement?: Point;
  readonly facts: Partial<Mutable<ShotFacts>>;
}

/** Any action as a record stores it. */
export type RecordAction = RecordShot | Exclude<Action, { readonly type: 'shot' }>;

/** A deep copy through JSON text, as a record written to disk and read back would give. */
export function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
