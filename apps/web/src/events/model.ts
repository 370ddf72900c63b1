/** The event as the server shows it (`GET /api/events/:id`, the `event` message). */
import type { ClubEvent, GroupTable, MatchView, Standings } from '@pyramid/events';

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
