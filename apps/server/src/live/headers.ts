/**
 * A live match of an event keeps the event's word on who plays, where and to how many frames: when
 * the director re-calls the match to another table, or a correction of an earlier result changes its
 * players (or its race), the live match's header follows (`retitle` of the scoring service stores it
 * and pushes `live` with the new header). The log stays as scored: player 0 is still the match's a.
 */
import { BYE, type ClubEvent, findMatch, ONLINE_TABLE, viewEvent } from '@pyramid/events';
import type { LiveHeader } from '@pyramid/online';
import type { StoredEvent } from '../events/store.js';
import type { LiveScoringService } from './scoring.js';
import type { LiveStore } from './store.js';

/**
 * The header of the event's match `header.event.match` as the event has it now: the players when
 * both are known, the venue table when it is called to one (an uncalled match keeps the table it
 * was scored at), the race. Null when the header already says so (or the match is gone).
 */
export function eventHeader(header: LiveHeader, event: ClubEvent): LiveHeader | null {
  if (header.event === null || event.draw === null) return null;
  const match = findMatch(viewEvent(event), header.event.match);
  if (match === undefined) return null;
  const name = (entry: string) => event.entries.find((e) => e.id === entry)?.name ?? entry;
  const known = (slot: string | null): slot is string => slot !== null && slot !== BYE;
  const players: readonly [string, string] =
    known(match.a) && known(match.b) ? [name(match.a), name(match.b)] : header.players;
  const table =
    match.state === 'called' && match.table !== null && match.table !== ONLINE_TABLE
      ? match.table
      : header.table;
  const next: LiveHeader = { ...header, players, table, framesToWin: match.race };
  const same =
    next.players[0] === header.players[0] &&
    next.players[1] === header.players[1] &&
    next.table === header.table &&
    next.framesToWin === header.framesToWin;
  return same ? null : next;
}

/** After an action on the event was stored: the headers of its unfinished live matches follow it. */
export async function followEvent(
  live: LiveStore,
  scoring: LiveScoringService,
  stored: StoredEvent,
): Promise<number> {
  let changed = 0;
  for (const row of await live.ofEvent(stored.id)) {
    if (row.finished) continue;
    const next = eventHeader(row.header, stored.event);
    if (next !== null && (await scoring.retitle(row.id, next))) changed++;
  }
  return changed;
}
