/**
 * What a room shows of itself: the lobby's line (`info`), the full snapshot a joining member gets
 * (with the last chat lines), the state without its history (`tableState`, the answer to a
 * desync) and the match record as `pyramid referee` replays it.
 */
import type { PlayerInfo, SeatInfo, TableInfo, TableSnapshot, TableState } from '@pyramid/online';
import { RECORD_FORMAT, RECORD_VERSION } from '@pyramid/rules';
import { clockInfo } from './clock.js';
import type { RoomCore } from './core.js';
import type { Seat } from './types.js';

/** How many chat lines a snapshot carries. */
export const CHAT_IN_SNAPSHOT = 50;

export function seatInfo(seats: readonly [Seat | null, Seat | null]): [SeatInfo | null, SeatInfo | null] {
  const view = (s: Seat | null): SeatInfo | null =>
    s === null ? null : { player: s.player, presence: s.presence, awayUntil: s.awayUntil };
  return [view(seats[0]), view(seats[1])];
}

export function info(room: RoomCore): TableInfo {
  return {
    id: room.id,
    options: room.options,
    status: room.status,
    seats: seatInfo(room.seats),
    spectators: room.spectators.size,
    framesWon: room.state?.framesWon ?? [0, 0],
    scores: room.state?.scores ?? [0, 0],
    winner: room.winner,
    seq: room.seq,
    createdAt: room.createdAt,
    updatedAt: room.updatedAt,
  };
}

/** The table without its history. */
export function tableState(room: RoomCore): TableState {
  return {
    table: info(room),
    state: room.state,
    hash: room.hash,
    clock: clockInfo(room.clock, room.state, room.deps.now()),
    lag: room.lag,
  };
}

export async function snapshot(room: RoomCore): Promise<TableSnapshot> {
  const chat = await room.deps.store.chat(room.id, CHAT_IN_SNAPSHOT);
  const players = new Map<string, PlayerInfo>();
  for (const s of room.seats) if (s !== null) players.set(s.player.id, s.player);
  const unknown = chat.map((c) => c.playerId).filter((id) => !players.has(id));
  for (const p of await room.deps.store.players(unknown)) {
    players.set(p.id, { id: p.id, name: p.name, account: p.passwordHash !== null });
  }
  return {
    table: info(room),
    state: room.state,
    hash: room.hash,
    clock: clockInfo(room.clock, room.state, room.deps.now()),
    lag: room.lag,
    log: [...room.log],
    chat: chat.map((c) => ({
      id: c.id,
      from: players.get(c.playerId) ?? { id: c.playerId, name: '?', account: false },
      role: c.role,
      text: c.text,
      at: c.at,
    })),
  };
}

/** Finished without the referee ending the match: forfeited. */
export function forfeited(room: RoomCore): boolean {
  return room.status === 'finished' && room.winner !== null && room.state?.turn.kind !== 'match-over';
}

/** The match record so far (format "pyramid-match-record"), as `pyramid referee` replays it. */
export function record(room: RoomCore): Record<string, unknown> {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    variant: room.options.variant,
    settings: room.options.settings,
    players: [room.seats[0]?.player.name ?? 'A', room.seats[1]?.player.name ?? 'B'],
    start: room.start,
    actions: room.actions.map((a) => a.action),
    meta: {
      generator: 'pyramid server',
      table: room.id,
      rated: room.options.rated,
      status: room.status,
      ...(forfeited(room) ? { result: 'forfeit', winner: room.winner } : {}),
      playerIds: [room.seats[0]?.player.id ?? null, room.seats[1]?.player.id ?? null],
    },
  };
}
