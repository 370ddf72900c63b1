/**
 * A match of an event ended where it was played — on an online table or at a real table scored by
 * a scorer — and its result goes to the event: one `result` action by the table actor (not a
 * director), applied in the store's transaction, so the winner and loser advance exactly once even
 * when two processes report at once or the report is sent again after a crash (the second is refused
 * with `event/state`: the match already has its result). The event's watchers hear of it only after
 * it is stored.
 */
import type { Result } from '@pyramid/core';
import { type EventAction, type EventError, TABLE_ACTOR } from '@pyramid/events';
import type { EventStore, StoredEvent } from './store.js';
import type { EventWatchers } from './watchers.js';

export interface ReportDeps {
  readonly events: EventStore;
  readonly watchers: EventWatchers | null;
}

export interface PlayedMatch {
  readonly eventId: string;
  readonly match: string;
  /** Frames won by the match's players a and b (as the event names them). */
  readonly frames: readonly [number, number];
}

/** Stores the result of a played match; null when there is no such event. */
export async function reportPlayedMatch(
  deps: ReportDeps,
  played: PlayedMatch,
  now: number,
): Promise<Result<StoredEvent, EventError> | null> {
  const action: EventAction = {
    type: 'result',
    by: TABLE_ACTOR,
    at: now,
    match: played.match,
    frames: [played.frames[0], played.frames[1]],
    reason: 'played',
  };
  const result = await deps.events.act(played.eventId, action, now);
  if (result?.ok === true) deps.watchers?.stored(result.value, action);
  return result;
}
