/**
 * Who is rated, how much a match counts, and who is on the leaderboard (issue 23 §3.2: rated play
 * must not be riggable). Pure functions: the room calls them when a rated match starts and ends,
 * the HTTP API when it lists the leaderboard.
 *
 * - Only a match between two different accounts is rated: a guest costs nothing to make, so guests
 *   play unrated, and nobody is rated against himself.
 * - Repeated pairs count less: a match between two players who already played rated matches of the
 *   variant together in the last 30 days moves their ratings by 2^-n of the Glicko-2 change, n
 *   being those earlier matches. However many times two accounts of one person play each other,
 *   the pair moves a rating by at most twice what their first match did.
 * - A rating is provisional (left off the leaderboard) until its player has played 10 rated matches
 *   of the variant against at least 5 different opponents.
 */
import type { PlayerInfo } from '@pyramid/online';
import type { LeaderboardRule, StoredRating } from '../store/types.js';
import type { Glicko2Rating } from './glicko2.js';

/** Established ratings only: 10 rated matches, against 5 different opponents. */
export const LEADERBOARD_RULE: LeaderboardRule = Object.freeze({ minGames: 10, minOpponents: 5 });

/** Earlier matches of the same pair count against a new one for this long. */
export const REPEAT_WINDOW_MS = 30 * 24 * 3600_000;

export type Rating = { readonly rated: true } | { readonly rated: false; readonly reason: string };

/** Whether a match between these two seats may be rated. */
export function ratedPairing(a: PlayerInfo, b: PlayerInfo): Rating {
  if (a.id === b.id) return { rated: false, reason: 'one player holds both seats' };
  if (!a.account || !b.account)
    return { rated: false, reason: 'guests play unrated: both players need an account' };
  return { rated: true };
}

/** How much a rated match counts (0 to 1) after `previous` rated matches of the same pair in the window. */
export function pairWeight(previous: number): number {
  if (!Number.isInteger(previous) || previous < 0)
    throw new Error(`previous matches must be a count, not ${previous}`);
  return 2 ** -previous;
}

/**
 * The rating after a match that counts `weight` of a full one: each of rating, deviation and
 * volatility moves that fraction of the way from `before` to the full Glicko-2 `after`. The match
 * is still counted as played (games + 1).
 */
export function weighted(before: StoredRating, after: Glicko2Rating, weight: number): StoredRating {
  if (!(weight >= 0 && weight <= 1)) throw new Error(`a weight is from 0 to 1, not ${weight}`);
  const move = (from: number, to: number) => (weight === 1 ? to : from + weight * (to - from));
  return {
    rating: move(before.rating, after.rating),
    rd: move(before.rd, after.rd),
    volatility: move(before.volatility, after.volatility),
    games: before.games + 1,
  };
}

/** Whether a rating is established enough for the leaderboard. */
export function established(
  games: number,
  opponents: number,
  rule: LeaderboardRule = LEADERBOARD_RULE,
): boolean {
  return games >= rule.minGames && opponents >= rule.minOpponents;
}
