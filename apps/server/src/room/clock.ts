/**
 * The shot clock (п.26): a fresh clock for each shot due, paused while its player is away or the
 * match adjourned, resumed when he is back, an extension adding its time; expiry is the referee's
 * slow-play foul (the room commits it: `Room.clockExpired`). The clock the store holds is
 * `StoredClock` (a deadline while it runs, the time left while it is paused).
 */
import type { ClockInfo } from '@pyramid/online';
import { type Action, applyAction, type MatchState, type Player, type Ruling } from '@pyramid/rules';
import type { StoredClock } from '../store/types.js';
import type { RoomCore } from './core.js';

/** How soon a timer that fell due while the room was stale (no lease held) looks again. */
export const STALE_RETRY_MS = 250;

/** After a restart the clock of the player to act keeps at least this much (the restart is not his fault). */
export const RESTART_MIN_CLOCK_MS = 10_000;

/**
 * The clock of the shot due in `state`: a fresh one (running when `running(player)`), or `previous`
 * carried on (an extension adds its time).
 */
export function freshClock(
  state: MatchState,
  running: (player: Player) => boolean,
  now: number,
  previous: { clock: StoredClock | null; extension: boolean } | null,
): StoredClock | null {
  const settings = state.settings.shotClock;
  const turn = state.turn;
  if (settings === null || turn.kind !== 'shot' || state.turn.kind === 'match-over') return null;
  const full = settings.seconds * 1000;
  const prior = previous?.clock ?? null;
  if (previous?.extension === true && prior !== null && prior.player === turn.player) {
    if (prior.deadline !== null)
      return { player: turn.player, deadline: prior.deadline + full, remainingMs: 0 };
    return { player: turn.player, deadline: null, remainingMs: prior.remainingMs + full };
  }
  return running(turn.player)
    ? { player: turn.player, deadline: now + full, remainingMs: full }
    : { player: turn.player, deadline: null, remainingMs: full };
}

/** The clock of the shot due at `room`: it runs while the match is played and its player is there. */
export function roomClock(
  room: RoomCore,
  state: MatchState,
  previous: { clock: StoredClock | null; extension: boolean } | null,
): StoredClock | null {
  const running = (player: Player) => room.status === 'playing' && room.seats[player]?.presence === 'present';
  return freshClock(state, running, room.deps.now(), previous);
}

/** `clock` stopped at `now` (the time left kept). */
export function pausedClock(clock: StoredClock | null, now: number): StoredClock | null {
  if (clock === null || clock.deadline === null) return clock;
  return { player: clock.player, deadline: null, remainingMs: Math.max(0, clock.deadline - now) };
}

/** The clock after a restart: paused, with the time it had left (at least RESTART_MIN_CLOCK_MS). */
export function restartedClock(stored: StoredClock, now: number): StoredClock {
  const left = stored.deadline === null ? stored.remainingMs : stored.deadline - now;
  return { player: stored.player, deadline: null, remainingMs: Math.max(RESTART_MIN_CLOCK_MS, left) };
}

/** The clock as clients are shown it, with the server's time and the extensions left in the frame. */
export function clockInfo(
  clock: StoredClock | null,
  state: MatchState | null,
  now: number,
): ClockInfo | null {
  if (clock === null || state === null) return null;
  const total = state.settings.shotClock?.extensionsPerFrame ?? 0;
  return {
    player: clock.player,
    deadline: clock.deadline,
    remainingMs: clock.deadline === null ? clock.remainingMs : Math.max(0, clock.deadline - now),
    serverNow: now,
    paused: clock.deadline === null,
    extensionsLeft: Math.max(0, total - state.extensionsUsed[clock.player]),
  };
}

/** Takes `clock` as the room's and arms its timer (expiry at the room's current seq). */
export function setClock(room: RoomCore, clock: StoredClock | null): void {
  if (room.clockTimer !== null) room.deps.clearTimer(room.clockTimer);
  room.clockTimer = null;
  room.clock = clock;
  if (clock !== null && clock.deadline !== null) {
    const seq = room.seq;
    const delay = Math.max(0, clock.deadline - room.deps.now());
    room.clockTimer = room.deps.setTimer(() => {
      room.clockTimer = null;
      void room.serial(() => room.clockExpired(seq));
    }, delay);
  }
}

/** Broadcasts the room's clock. */
export function announceClock(room: RoomCore): void {
  room.broadcast({
    type: 'clock',
    tableId: room.id,
    seq: room.seq,
    clock: clockInfo(room.clock, room.state, room.deps.now()),
  });
}

/** `seat` went away: his running clock stops. */
export async function pauseClockFor(room: RoomCore, seat: Player): Promise<void> {
  if (room.stale()) return;
  if (room.clock === null || room.clock.player !== seat || room.clock.deadline === null) return;
  const clock = pausedClock(room.clock, room.deps.now());
  setClock(room, clock);
  await room.update({ clock });
  announceClock(room);
}

/** The match is played and the player to shoot is there: his paused clock runs again. */
export async function resumeClock(room: RoomCore): Promise<void> {
  if (room.stale()) return;
  const clock = room.clock;
  if (clock === null || clock.deadline !== null || room.status !== 'playing') return;
  if (room.seats[clock.player]?.presence !== 'present') return;
  const running: StoredClock = {
    player: clock.player,
    deadline: room.deps.now() + clock.remainingMs,
    remainingMs: clock.remainingMs,
  };
  await room.update({ clock: running });
  setClock(room, running);
  announceClock(room);
}

/**
 * The clock ran out on the shot at `seq`: the referee rules slow play (п.26, §29.1(11)), and the
 * room commits the ruling (`commit`). A stale room looks again shortly; a clock that is early
 * (its timer fired before the deadline) is armed again.
 */
export async function clockExpired(
  room: RoomCore,
  seq: number,
  commit: (action: Action, next: MatchState, ruling: Ruling) => Promise<void>,
): Promise<void> {
  if (room.stale()) {
    room.clockTimer = room.deps.setTimer(() => {
      room.clockTimer = null;
      void room.serial(() => room.clockExpired(seq));
    }, STALE_RETRY_MS);
    return;
  }
  const clock = room.clock;
  const state = room.state;
  if (clock === null || clock.deadline === null || state === null || seq !== room.seq) return;
  if (room.status !== 'playing') return;
  const early = clock.deadline - room.deps.now();
  if (early > 0) {
    setClock(room, clock);
    return;
  }
  const action: Action = { type: 'foul', player: clock.player, foul: 'slow-play' };
  const applied = applyAction(state, action);
  if (!applied.ok) {
    room.deps.log(`table ${room.id}: slow play refused by the referee: ${applied.error.message}`);
    setClock(room, null);
    return;
  }
  await commit(action, applied.value.state, applied.value.ruling);
}
