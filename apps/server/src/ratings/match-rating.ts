/**
 * The ratings a finished rated match gives (issue 23 §3.2): none when the pairing may not be rated
 * (a guest in a seat, or one player in both: the match is then recorded unrated, `finished.ratings`
 * null), else Glicko-2 for each seat with the match weighted by how often the pair has played rated
 * matches of the variant together lately (`pairWeight`): two accounts of one person farming each
 * other gain less with every match.
 */
import type { PlayerInfo } from '@pyramid/online';
import type { Player, Variant } from '@pyramid/rules';
import type { RatingUpdate, Store, StoredRating } from '../store/types.js';
import { pairWeight, REPEAT_WINDOW_MS, ratedPairing, weighted } from './eligibility.js';
import { INITIAL_RATING, updateRating } from './glicko2.js';

export async function matchRatings(
  store: Store,
  variant: Variant,
  seats: readonly [PlayerInfo, PlayerInfo],
  winner: Player,
  now: number,
): Promise<RatingUpdate[] | null> {
  if (!ratedPairing(seats[0], seats[1]).rated) return null;
  const ids = [seats[0].id, seats[1].id] as const;
  const before: StoredRating[] = [];
  for (const id of ids) before.push((await store.rating(id, variant)) ?? { ...INITIAL_RATING, games: 0 });
  const weight = pairWeight(await store.ratedMatchesBetween(ids[0], ids[1], variant, now - REPEAT_WINDOW_MS));
  return ([0, 1] as const).map((seat) => {
    const me = before[seat]!;
    const opponent = before[1 - seat]!;
    const full = updateRating(me, [{ opponent, score: seat === winner ? 1 : 0 }]);
    return { playerId: ids[seat], variant, before: me, after: weighted(me, full, weight) };
  });
}
