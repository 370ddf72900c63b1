/**
 * A rated match's ratings at commit time: Glicko-2, each seat's rating after this one match (one
 * rating period, per variant; ratings/match-rating.ts), stored with the finishing action or the
 * forfeit in one transaction, then shown to both players as before → after.
 */
import type { RatingChange } from '@pyramid/online';
import type { Player, Variant } from '@pyramid/rules';
import { matchRatings } from '../ratings/match-rating.js';
import type { RatingUpdate, Store } from '../store/types.js';
import type { Seat } from './types.js';

/**
 * The updates of a match won by `winner`, or null when the match may not be rated (a guest, or one
 * player in both seats) and is recorded unrated.
 */
export function ratingUpdates(
  store: Store,
  variant: Variant,
  seats: readonly [Seat | null, Seat | null],
  winner: Player,
  now: number,
): Promise<RatingUpdate[] | null> {
  const players = [seats[0]!.player, seats[1]!.player] as const;
  return matchRatings(store, variant, players, winner, now);
}

/** Both seats' changes, as the `finished` message shows them (null: not rated). */
export function ratingChanges(
  seats: readonly [Seat | null, Seat | null],
  updates: readonly RatingUpdate[] | null,
): [RatingChange, RatingChange] | null {
  if (updates === null) return null;
  const change = (seat: Player): RatingChange => {
    const id = seats[seat]!.player.id;
    const u = updates.find((x) => x.playerId === id)!;
    return { playerId: id, before: u.before, after: u.after };
  };
  return [change(0), change(1)];
}
