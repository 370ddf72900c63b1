import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_RATING, updateRating } from '../src/ratings/glicko2.js';

describe('Glicko-2', () => {
  it("reproduces the worked example of Glickman's paper (1500/200/0.06 against three opponents)", () => {
    // "Example of the Glicko-2 system", steps 1–8: τ = 0.5; the paper gives r' ≈ 1464.06,
    // RD' ≈ 151.52, σ' ≈ 0.05999.
    const after = updateRating({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('a period without games only widens the deviation, never past a newcomer', () => {
    const player = { rating: 1620, rd: 80, volatility: 0.06 };
    const after = updateRating(player, []);
    expect(after.rating).toBe(1620);
    expect(after.rd).toBeCloseTo(Math.sqrt((80 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9);
    expect(updateRating(INITIAL_RATING, []).rd).toBe(350);
  });

  it('a win raises and a loss lowers the rating; each narrows the pre-period deviation', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1000, max: 2400, noNaN: true }),
        fc.double({ min: 30, max: 350, noNaN: true }),
        fc.double({ min: 1000, max: 2400, noNaN: true }),
        fc.double({ min: 30, max: 350, noNaN: true }),
        (rating, rd, oppRating, oppRd) => {
          const player = { rating, rd, volatility: 0.06 };
          const opponent = { rating: oppRating, rd: oppRd, volatility: 0.06 };
          const won = updateRating(player, [{ opponent, score: 1 }]);
          const lost = updateRating(player, [{ opponent, score: 0 }]);
          expect(won.rating).toBeGreaterThan(rating);
          expect(lost.rating).toBeLessThan(rating);
          // Step 7: the new deviation is below the pre-period one, sqrt(φ² + σ'²) on the Glicko scale.
          for (const after of [won, lost]) {
            expect(after.rd).toBeLessThan(Math.hypot(rd / 173.7178, after.volatility) * 173.7178);
          }
          expect(Number.isFinite(won.volatility) && won.volatility > 0).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('two newcomers: the winner gains what the loser loses', () => {
    const win = updateRating(INITIAL_RATING, [{ opponent: INITIAL_RATING, score: 1 }]);
    const loss = updateRating(INITIAL_RATING, [{ opponent: INITIAL_RATING, score: 0 }]);
    expect(win.rating - 1500).toBeCloseTo(1500 - loss.rating, 9);
    expect(win.rating).toBeGreaterThan(1600);
  });
});
