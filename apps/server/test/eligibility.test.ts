import { describe, expect, it } from 'vitest';
import {
  established,
  LEADERBOARD_RULE,
  pairWeight,
  ratedPairing,
  weighted,
} from '../src/ratings/eligibility.js';
import { INITIAL_RATING, updateRating } from '../src/ratings/glicko2.js';
import type { StoredRating } from '../src/store/types.js';

const accountA = { id: 'a', name: 'A', account: true };
const accountB = { id: 'b', name: 'B', account: true };
const guestC = { id: 'c', name: 'C', account: false };

/** One rated win of `me` against `opponent`, counting `weight` of a full match. */
function win(me: StoredRating, opponent: StoredRating, weight: number): StoredRating {
  return weighted(me, updateRating(me, [{ opponent, score: 1 }]), weight);
}
function loss(me: StoredRating, opponent: StoredRating, weight: number): StoredRating {
  return weighted(me, updateRating(me, [{ opponent, score: 0 }]), weight);
}
const newcomer = (): StoredRating => ({ ...INITIAL_RATING, games: 0 });

describe('who is rated', () => {
  it('only two different accounts: guests and one player in both seats play unrated', () => {
    expect(ratedPairing(accountA, accountB)).toEqual({ rated: true });
    expect(ratedPairing(accountA, guestC).rated).toBe(false);
    expect(ratedPairing(guestC, accountA).rated).toBe(false);
    expect(ratedPairing(accountA, accountA).rated).toBe(false);
  });
});

describe('repeated pairs count less', () => {
  it('weights halve with each earlier match of the pair; a full weight is the Glicko-2 change itself', () => {
    expect([0, 1, 2, 3].map(pairWeight)).toEqual([1, 0.5, 0.25, 0.125]);
    expect(() => pairWeight(-1)).toThrow();
    const me = newcomer();
    const full = updateRating(me, [{ opponent: newcomer(), score: 1 }]);
    expect(weighted(me, full, 1)).toEqual({ ...full, games: 1 });
    expect(weighted(me, full, 0)).toEqual({ ...INITIAL_RATING, games: 1 });
    expect(weighted(me, full, 0.5).rating).toBeCloseTo((me.rating + full.rating) / 2, 9);
  });

  it('farming one own second account does not pay: a hundred wins gain at most twice the first', () => {
    let farmer = newcomer();
    let puppet = newcomer();
    const first = win(farmer, puppet, 1).rating - farmer.rating;
    for (let n = 0; n < 100; n++) {
      const w = pairWeight(n);
      [farmer, puppet] = [win(farmer, puppet, w), loss(puppet, farmer, w)];
    }
    expect(farmer.rating - INITIAL_RATING.rating).toBeLessThanOrEqual(2 * first + 1e-9);
    // Ten different opponents beaten once each are worth far more than the hundred farmed wins.
    let honest = newcomer();
    for (let n = 0; n < 10; n++) honest = win(honest, newcomer(), pairWeight(0));
    expect(honest.rating).toBeGreaterThan(farmer.rating + 100);
  });
});

describe('the leaderboard', () => {
  it('lists a rating after 10 rated matches against at least 5 different opponents', () => {
    expect(LEADERBOARD_RULE).toEqual({ minGames: 10, minOpponents: 5 });
    expect(established(10, 5)).toBe(true);
    expect(established(9, 9)).toBe(false);
    expect(established(100, 4)).toBe(false);
  });
});
