/** What the server shows of a stored event, over HTTP and to the event's watchers alike. */
import { standings, suggestCalls, viewEvent } from '@pyramid/events';
import type { StoredEvent } from './store.js';

/** The event itself and what follows from it: every match with its state, group tables, standings. */
export function shown(stored: StoredEvent) {
  const { event } = stored;
  const view = event.draw === null ? null : viewEvent(event);
  return {
    id: stored.id,
    version: stored.version,
    event,
    matches: view?.matches ?? [],
    groups: view?.groups ?? [],
    standings: standings(event),
    // For each free table of the venue, the longest-waiting ready match (the director decides).
    suggestions: view === null ? [] : suggestCalls(event),
  };
}

/** Whether `player` (null: nobody signed in) may see the event: a private one only its directors. */
export function mayFollow(stored: StoredEvent, player: string | null): boolean {
  return stored.event.spec.public || (player !== null && stored.event.spec.directors.includes(player));
}
