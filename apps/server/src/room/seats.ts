/**
 * The seats and their presence: a player is seated (or re-seated: several tabs of one player, the
 * newest holds the seat), spectators watch; a dropped player is away for the grace period, then
 * the match is adjourned (not lost), and it resumes when both are back (an adjourned match may be
 * forfeited: forfeit.ts). A seat of a match not started is given back (seats-release.ts). The match
 * starts once both seats are taken and present.
 */

import { hashJson } from '@pyramid/core';
import type { LagInfo, OnlineError, PlayerInfo, Role, ServerMessage } from '@pyramid/online';
import { type Player, parseMatchStart } from '@pyramid/rules';
import {
  announceClock,
  pauseClockFor,
  pausedClock,
  resumeClock,
  roomClock,
  STALE_RETRY_MS,
  setClock,
} from './clock.js';
import type { RoomCore } from './core.js';
import { claimForfeit, stopForfeit } from './forfeit.js';
import { fail } from './refusals.js';
import type { Member, Seat } from './types.js';
import { snapshot } from './views.js';

export function emptySeat(player: PlayerInfo): Seat {
  return { player, member: null, presence: 'absent', awayUntil: null, graceTimer: null };
}

export function seatIndexOf(seats: readonly [Seat | null, Seat | null], playerId: string): Player | null {
  if (seats[0]?.player.id === playerId) return 0;
  if (seats[1]?.player.id === playerId) return 1;
  return null;
}

export function bothPresent(seats: readonly [Seat | null, Seat | null]): boolean {
  return seats[0]?.presence === 'present' && seats[1]?.presence === 'present';
}

/** A seat given to a player who is not here yet waits `seatReleaseMs`, then is given back. */
export function armRelease(room: RoomCore, seat: Seat): void {
  room.release.arm(seat, () => {
    void room.serial(async () => {
      const index = room.seats.indexOf(seat);
      if (room.status === 'waiting' && index >= 0 && seat.member === null)
        await giveBack(room, index as Player);
    });
  });
}

/**
 * The director took the match of this event's table off it before it started (events/online-match.ts
 * `uncall`): nobody will play it here, so it is closed as the sweep closes an abandoned table
 * (finished with no match), and whoever sits at it is told. False when there is nothing to close.
 */
export async function closeUncalled(room: RoomCore): Promise<boolean> {
  if (room.status !== 'waiting' || room.options.event === undefined || room.stale()) return false;
  await room.update({ status: 'finished' });
  room.status = 'finished';
  room.presence();
  return true;
}

/** A seat of a match not yet started is free again. */
export async function giveBack(room: RoomCore, index: Player): Promise<void> {
  const seat = room.seats[index];
  if (seat == null) return;
  room.release.stop(seat);
  if (seat.graceTimer !== null) room.deps.clearTimer(seat.graceTimer);
  room.seats[index] = null;
  room.touch();
  await room.update({ seats: room.toStored().seats });
  room.presence();
}

/** `seat`'s player is away: the grace period starts (`ms` from now). */
export function armGrace(room: RoomCore, seat: Seat, ms: number): void {
  seat.graceTimer = room.deps.setTimer(() => void room.serial(() => graceOver(room, seat)), ms);
}

/**
 * Seats or re-seats a player, or adds a spectator; answers the member with `joined` (the full
 * state). `resume`: the member's process joins it again by itself (the table moved); that never
 * takes the seat from a newer connection of the same player — the member watches instead.
 */
export async function join(
  room: RoomCore,
  member: Member,
  role: Role,
  mode: 'join' | 'resume',
): Promise<OnlineError | null> {
  if (room.stale()) return fail('server/unavailable', '', 'the table is moving to another server process');
  if (role === 'spectator') {
    room.spectators.delete(member);
    room.spectators.add(member);
    member.bind(room.id, 'spectator', null);
    await sendJoined(room, member, 'spectator', null);
    room.presence();
    return null;
  }
  if (room.options.event !== undefined && room.state === null) {
    // An event's table not started (or closed before it started): only while its match is called to it.
    const refused = (await room.deps.seatable?.(room.id, room.options.event)) ?? null;
    if (refused !== null) {
      await closeUncalled(room);
      return refused;
    }
  }
  let index = seatIndexOf(room.seats, member.player.id);
  if (index === null) {
    if (room.status !== 'waiting') return fail('table/full', 'tableId', 'both seats are taken');
    index = room.seats[0] === null ? 0 : room.seats[1] === null ? 1 : null;
    if (index === null) return fail('table/full', 'tableId', 'both seats are taken');
    room.seats[index] = emptySeat(member.player);
    await room.update({ seats: room.toStored().seats });
  }
  const seat = room.seats[index]!;
  const previous = seat.member;
  if (mode === 'resume' && previous !== null && previous !== member) {
    room.spectators.add(member);
    member.bind(room.id, 'spectator', null);
    await sendJoined(room, member, 'spectator', null);
    member.send(JSON.stringify({ type: 'superseded', tableId: room.id } satisfies ServerMessage));
    room.presence();
    return null;
  }
  if (previous !== null && previous !== member) {
    // Several tabs of one player: the newest takes the seat, the older one is told and only watches.
    seat.member = null;
    room.spectators.add(previous);
    previous.bind(room.id, 'spectator', null);
    previous.send(JSON.stringify({ type: 'superseded', tableId: room.id } satisfies ServerMessage));
  }
  room.spectators.delete(member);
  seat.member = member;
  seat.presence = 'present';
  seat.awayUntil = null;
  if (seat.graceTimer !== null) room.deps.clearTimer(seat.graceTimer);
  seat.graceTimer = null;
  room.release.stop(seat);
  member.bind(room.id, 'player', index);
  room.touch();
  if (room.status === 'waiting' && bothPresent(room.seats)) {
    const started = await startMatch(room);
    if (started !== null) return started;
    room.deps.afterStarted?.(room);
    await sendJoined(room, member, 'player', index);
    const snap = await snapshot(room);
    room.broadcast({ type: 'state', tableId: room.id, ...snap });
    room.presence();
    return null;
  }
  if (room.status === 'adjourned' && bothPresent(room.seats)) {
    room.status = 'playing';
    room.adjournedAt = null;
    stopForfeit(room);
    await room.update({ status: 'playing' });
  } else if (room.status === 'adjourned') {
    const forfeited = await claimForfeit(room, index);
    if (forfeited !== null) return forfeited;
  }
  await resumeClock(room);
  await sendJoined(room, member, 'player', index);
  room.presence();
  return null;
}

async function sendJoined(room: RoomCore, member: Member, role: Role, seat: Player | null): Promise<void> {
  const snap = await snapshot(room);
  member.send(
    JSON.stringify({ type: 'joined', tableId: room.id, role, seat, ...snap } satisfies ServerMessage),
  );
}

/** The match's first state, the seats' names as its players. */
export function initialState(room: Pick<RoomCore, 'options' | 'seats' | 'start'>) {
  return parseMatchStart({
    variant: room.options.variant,
    settings: room.options.settings,
    players: [room.seats[0]?.player.name ?? 'A', room.seats[1]?.player.name ?? 'B'],
    start: room.start,
  });
}

/** The match starts once both seats are taken and present. */
async function startMatch(room: RoomCore): Promise<OnlineError | null> {
  const initial = initialState(room);
  if (!initial.ok) return fail('request/invalid', 'start', initial.error.message);
  const state = initial.value;
  const lag: LagInfo | null = state.turn.kind === 'lag' ? { winner: room.deps.lot() } : null;
  // The clock is computed for the table in play (both players are present now).
  room.status = 'playing';
  const clock = roomClock(room, state, null);
  room.status = 'waiting';
  const now = room.deps.now();
  await room.update(
    {
      status: 'playing',
      seats: [room.seats[0]!.player.id, room.seats[1]!.player.id],
      lagWinner: lag?.winner ?? null,
      clock,
    },
    now,
  );
  room.status = 'playing';
  room.state = state;
  room.hash = hashJson(state);
  room.lag = lag;
  setClock(room, clock);
  room.updatedAt = now;
  return null;
}

/** The member leaves (closed connection, `leave`, another table): a seated player is away. */
export async function leave(room: RoomCore, member: Member): Promise<void> {
  if (room.spectators.delete(member)) {
    member.bind(null, null, null);
    room.presence();
    return;
  }
  const index = room.seats.findIndex((s) => s?.member === member);
  if (index < 0) return;
  const seat = room.seats[index]!;
  seat.member = null;
  member.bind(null, null, null);
  // A match not started: the seat is given back (§3.3), not kept for a grace period — but an
  // event's table keeps it for the player called to it (issue 27).
  if (room.status === 'waiting' && room.options.event === undefined) {
    await giveBack(room, index as Player);
    return;
  }
  if (room.status === 'waiting') {
    seat.presence = 'absent';
    room.presence();
    return;
  }
  if (room.status === 'finished') {
    seat.presence = 'absent';
    room.presence();
    return;
  }
  seat.presence = 'away';
  seat.awayUntil = room.deps.now() + room.deps.graceMs;
  armGrace(room, seat, room.deps.graceMs);
  await pauseClockFor(room, index as Player);
  room.presence();
}

/** The grace period ended: the player is absent and a match in play is adjourned (not lost). */
async function graceOver(room: RoomCore, seat: Seat): Promise<void> {
  seat.graceTimer = null;
  if (room.stale()) {
    // Looked at again shortly: the lease may be renewed (a slow round), or the room dropped.
    armGrace(room, seat, STALE_RETRY_MS);
    return;
  }
  if (seat.presence !== 'away') return;
  seat.presence = 'absent';
  seat.awayUntil = null;
  if (room.status === 'playing') {
    room.status = 'adjourned';
    room.adjournedAt = room.deps.now();
    const clock = pausedClock(room.clock, room.deps.now());
    setClock(room, clock);
    await room.update({ status: 'adjourned', clock });
    announceClock(room);
    // The player who stayed has the claim to a forfeit, once the time is up.
    const stayed = room.seats.findIndex((s) => s?.presence === 'present');
    if (stayed >= 0) await claimForfeit(room, stayed as Player);
  }
  room.touch();
  room.presence();
}
