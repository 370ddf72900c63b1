/**
 * An adjourned match ends (issue 23 §3.4): when a player has been away past his grace period the
 * match is adjourned, not lost (he may come back); but a loser must not escape a rated loss by
 * never coming back. So a match adjourned for `forfeitMs` (default 24 h, a setting) is forfeited to
 * the player who is there at that time or comes back after it, while his opponent is still away.
 * If neither comes back, it stays adjourned: nobody has a claim. A forfeit is no referee action:
 * the table is finished with that winner (rated matches rated as a win), its record ending where
 * play stopped, marked `result: "forfeit"`.
 */
import type { OnlineError } from '@pyramid/online';
import type { Player } from '@pyramid/rules';
import { setClock } from './clock.js';
import type { RoomCore } from './core.js';
import { ratingChanges, ratingUpdates } from './ratings.js';
import { fail } from './refusals.js';

export const DEFAULT_FORFEIT_MS = 24 * 3600_000;

/** The milliseconds left before a match adjourned at `adjournedAt` may be claimed (0: now). */
export function forfeitIn(adjournedAt: number, now: number, forfeitMs: number): number {
  return Math.max(0, adjournedAt + forfeitMs - now);
}

/**
 * `seat` is here at an adjourned match, his opponent is not: the match is his now if it has been
 * adjourned for the forfeit time, else when that time comes and he is still here alone.
 * Returns a refusal only when the forfeit could not be stored.
 */
export async function claimForfeit(room: RoomCore, seat: Player): Promise<OnlineError | null> {
  if (room.adjournedAt === null) return null;
  const left = forfeitIn(room.adjournedAt, room.deps.now(), room.deps.forfeitMs ?? DEFAULT_FORFEIT_MS);
  if (left === 0) return forfeit(room, seat);
  stopForfeit(room);
  room.forfeitTimer = room.deps.setTimer(() => {
    room.forfeitTimer = null;
    void room.serial(() => claimForfeit(room, seat));
  }, left);
  return null;
}

export function stopForfeit(room: RoomCore): void {
  if (room.forfeitTimer !== null) room.deps.clearTimer(room.forfeitTimer);
  room.forfeitTimer = null;
}

/** The match is forfeited to `winner`: finished (and rated as his win) without an action. */
async function forfeit(room: RoomCore, winner: Player): Promise<OnlineError | null> {
  const other = room.seats[1 - winner];
  if (
    room.status !== 'adjourned' ||
    room.seats[winner]?.presence !== 'present' ||
    other?.presence === 'present'
  )
    return null;
  if (room.cutOff())
    return fail('server/unavailable', '', 'the server is cut off from its shared services; nothing changed');
  const now = room.deps.now();
  const ratings = room.options.rated
    ? await ratingUpdates(room.deps.store, room.options.variant, room.seats, winner, room.deps.now())
    : null;
  try {
    await room.deps.store.finishTable(
      room.id,
      { status: 'finished', winner, clock: null },
      ratings ?? [],
      now,
      room.fence(),
    );
  } catch (caught) {
    room.deps.log(`table ${room.id}: forfeit not stored: ${(caught as Error).message}`);
    return fail('server/internal', '', 'the forfeit could not be stored; nothing changed');
  }
  stopForfeit(room);
  room.status = 'finished';
  room.winner = winner;
  room.adjournedAt = null;
  room.updatedAt = now;
  setClock(room, null);
  room.broadcast({ type: 'finished', tableId: room.id, winner, ratings: ratingChanges(room.seats, ratings) });
  room.presence();
  return null;
}
