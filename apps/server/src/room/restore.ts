/**
 * A room rebuilt from the store: its stored actions replayed through the referee (the same way
 * `pyramid referee` replays its record), then the lag lots and the clock as stored. After a
 * restart every seat starts away (its player has the grace period to come back) and the clock
 * keeps at least a little time; after a takeover in a cluster the clock runs on from its deadline.
 */

import { hashJson } from '@pyramid/core';
import type { PlayerInfo, TableOptions, TableStatus } from '@pyramid/online';
import { apply } from '@pyramid/rules';
import type { StoredAction, StoredTable } from '../store/types.js';
import { restartedClock, setClock } from './clock.js';
import type { RoomCore } from './core.js';
import { armGrace, initialState } from './seats.js';
import type { RoomDeps } from './types.js';

/** What a room is made from. */
export interface RoomInit {
  id: string;
  options: TableOptions;
  start: Record<string, unknown>;
  status: TableStatus;
  seats: readonly [PlayerInfo | null, PlayerInfo | null];
  createdAt: number;
  updatedAt: number;
}

/**
 * The room of `stored`, made by `make` and brought to its stored state. Throws when the table cannot
 * start or an action does not replay (the store holds what the referee never ruled).
 */
export function restoreRoom<R extends RoomCore>(
  make: (init: RoomInit) => R,
  deps: RoomDeps,
  stored: StoredTable,
  actions: readonly StoredAction[],
  players: ReadonlyMap<string, PlayerInfo>,
  mode: 'restart' | 'takeover',
): R {
  const seat = (i: 0 | 1): PlayerInfo | null => {
    const id = stored.seats[i];
    return id === null ? null : (players.get(id) ?? { id, name: '?', account: false });
  };
  const room = make({
    id: stored.id,
    options: stored.options as TableOptions,
    start: stored.start as Record<string, unknown>,
    status: stored.status,
    seats: [seat(0), seat(1)],
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  });
  room.winner = stored.winner;
  if (stored.status === 'waiting') return room;
  if (stored.status === 'adjourned') room.adjournedAt = stored.updatedAt;
  const initial = initialState(room);
  if (!initial.ok) throw new Error(`table ${stored.id}: cannot start: ${initial.error.message}`);
  let state = initial.value;
  for (const row of actions) {
    const applied = apply(state, row.action);
    if (!applied.ok) {
      throw new Error(
        `table ${stored.id}: stored action ${row.seq} does not replay: ${applied.error.message}`,
      );
    }
    state = applied.value.state;
    room.log.push({ seq: row.seq, action: row.action, ruling: applied.value.ruling });
    room.actions.push(row);
  }
  room.state = state;
  room.hash = hashJson(state);
  room.seq = actions.length === 0 ? 0 : actions[actions.length - 1]!.seq;
  room.lag = state.turn.kind === 'lag' && stored.lagWinner !== null ? { winner: stored.lagWinner } : null;
  const clocked = stored.clock !== null && state.settings.shotClock !== null && state.turn.kind === 'shot';
  if (mode === 'takeover' && clocked && stored.clock !== null) {
    // Another process of the cluster died: the clock runs on from the deadline it stored (the
    // players were not cut off from the table, only moved), paused or running as it was.
    setClock(room, stored.clock);
  } else if (clocked && stored.clock !== null) {
    room.clock = restartedClock(stored.clock, deps.now());
  }
  if (room.status === 'playing') {
    const until = deps.now() + deps.graceMs;
    for (const s of room.seats) {
      if (s === null) continue;
      s.presence = 'away';
      s.awayUntil = until;
      armGrace(room, s, deps.graceMs);
    }
  }
  return room;
}
