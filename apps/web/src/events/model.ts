/** The event as the server shows it (`GET /api/events/:id`, the `event` message). */
import {
  type ClubEvent,
  type GroupTable,
  type MatchView,
  type Standings,
  standings,
  suggestCalls,
  viewEvent,
} from '@pyramid/events';

export interface Shown {
  readonly id: string;
  readonly version: number;
  readonly event: ClubEvent;
  readonly matches: readonly MatchView[];
  readonly groups: readonly GroupTable[];
  readonly standings: Standings;
  /** The server's suggested calls: for each free table, the longest-waiting ready match. */
  readonly suggestions: readonly { readonly table: string; readonly match: string }[];
}

/** What the server shows of an event (its `shown`), derived here from an event the feed updated. */
export function showEvent(id: string, version: number, event: ClubEvent): Shown {
  const view = event.draw === null ? null : viewEvent(event);
  return {
    id,
    version,
    event,
    matches: view?.matches ?? [],
    groups: view?.groups ?? [],
    standings: standings(event),
    suggestions: view === null ? [] : suggestCalls(event),
  };
}
