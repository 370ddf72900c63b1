/**
 * The polynomial root finder behind every event time. Polynomials are built from chosen roots with
 * exactly representable coefficients (poly.ts checks this with BigInt), so any error is the solver's.
 * Required accuracy is |t − r| ≤ 1e-12·max(1, |r|) unless a test says why the problem itself
 * (its conditioning in double precision) does not allow that.
 */
import { describe, expect, it } from 'vitest';
import {
  discriminant,
  evalPoly,
  evalQuartic,
  firstRootInInterval,
  firstRootQuartic,
  realRootsInInterval,
  realRootsQuartic,
  solveQuadratic,
} from '../../src/math/roots.js';
import { ballBallQuartic, expandExact, expandFloat, horner, rootTolerance, type Vec2 } from './poly.js';

const out = new Float64Array(4);
const INF = Number.POSITIVE_INFINITY;

function roots(c: readonly number[], lo: number, hi: number): number[] {
  const n = realRootsInInterval(c, lo, hi, out);
  return Array.from(out.subarray(0, n));
}

function expectClose(actual: number, expected: number, tol = 1e-12 * Math.max(1, Math.abs(expected))): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
}

function expectRoots(
  actual: readonly number[],
  expected: readonly number[],
  tol?: (i: number) => number,
): void {
  expect(actual.length, `${actual} vs ${expected}`).toBe(expected.length);
  expected.forEach((r, i) => {
    expectClose(actual[i]!, r, tol ? tol(i) : undefined);
  });
}

/** Product of two polynomials, highest degree first, padded to length 5 (exact for small integers). */
function multiply(p: readonly number[], q: readonly number[]): number[] {
  const r = new Array<number>(p.length + q.length - 1).fill(0);
  p.forEach((a, i) => {
    q.forEach((b, j) => {
      r[i + j] = r[i + j]! + a * b;
    });
  });
  while (r.length > 5 && r[0] === 0) r.shift();
  while (r.length < 5) r.unshift(0);
  return r;
}

describe('evaluation', () => {
  it('evaluates with Horner, highest degree first', () => {
    expect(evalPoly([2, -3, 0, 5], 2)).toBe(9);
    expect(evalPoly([], 3)).toBe(0);
    expect(evalPoly(new Float64Array([1, 0, 0, 0, -16]), 2)).toBe(0);
    expect(evalQuartic(1, 0, 0, 0, -16, 2)).toBe(0);
    expect(evalQuartic(0, 0, 1, -4, 3, 3)).toBe(0);
  });
});

describe('solveQuadratic', () => {
  it('returns two distinct roots ascending', () => {
    expect(solveQuadratic(1, -4, 3, out)).toBe(2);
    expect([out[0], out[1]]).toEqual([1, 3]);
    expect(solveQuadratic(-2, 0, 8, out)).toBe(2);
    expect([out[0], out[1]]).toEqual([-2, 2]);
    expect(solveQuadratic(1, -3, 0, out)).toBe(2);
    expect([out[0], out[1]]).toEqual([0, 3]);
  });

  it('avoids cancellation in the small root', () => {
    expect(solveQuadratic(1, -1e8, 1, out)).toBe(2);
    // Roots 1e-8·(1 + 1e-16 + …) and 1e8; the textbook formula loses every digit of the small one.
    expectClose(out[0]!, 1e-8, 1e-8 * 2 * Number.EPSILON);
    expectClose(out[1]!, 1e8, 1e8 * Number.EPSILON);
  });

  it('reports a double root once', () => {
    expect(solveQuadratic(1, -4, 4, out)).toBe(1);
    expect(out[0]).toBe(2);
  });

  it('computes the discriminant exactly enough to split roots 2^-26 apart', () => {
    // (t − 1)(t − 1 − 2^-26): b² = 4 + 2^-24 + 2^-52 rounds to 4 + 2^-24, so b² − 4c would be 0.
    const d = 2 ** -26;
    expect(discriminant(1, -(2 + d), 1 + d)).toBe(d * d);
    expect(solveQuadratic(1, -(2 + d), 1 + d, out)).toBe(2);
    expect([out[0], out[1]]).toEqual([1, 1 + d]);
  });

  it('has no real roots for a complex pair, handles the linear and constant cases', () => {
    expect(solveQuadratic(1, 0, 1, out)).toBe(0);
    expect(solveQuadratic(0, 2, -3, out)).toBe(1);
    expect(out[0]).toBe(1.5);
    expect(solveQuadratic(0, 0, 1, out)).toBe(0);
    expect(solveQuadratic(0, 0, 0, out)).toBe(0);
  });
});

describe('constructed quartics with known roots', () => {
  it('finds four simple roots; the first entry depends on the sign of the scale', () => {
    const r = [0.5, 1.25, 3, 7];
    const up = expandExact(3, r);
    expectRoots(roots(up, 0, 10), r);
    // k > 0: p(0) > 0 and p falls through r1.
    expectClose(firstRootInInterval(up, 0, 10), 0.5);
    // k < 0: p(0) < 0 rises through r1 (leaving contact), so the first entry is r2.
    const down = expandExact(-2, r);
    expectRoots(roots(down, 0, 10), r);
    expectClose(firstRootInInterval(down, 0, 10), 1.25);
  });

  it('separates roots 1.2e-7 apart near 1e-3 to 1e-12', () => {
    const r = [2 ** -10, 2 ** -10 + 2 ** -23, 2, 3];
    const c = expandExact(1, r);
    expectRoots(roots(c, 0, 10), r);
    expectClose(firstRootInInterval(c, 0, 10), r[0]!);
    expectClose(firstRootInInterval(expandExact(-1, r), 0, 10), r[1]!);
  });

  it('separates roots 1e-6 apart near 1 to the accuracy doubles allow', () => {
    // The root's condition: Horner noise ~1e-14 over a slope of ~2e-6 gives ~1e-9 (see rootTolerance).
    const r = [1, 1 + 2 ** -20, 2, 3];
    const c = expandExact(1, r);
    const found = roots(c, 0, 10);
    expectRoots(found, r, (i) => rootTolerance(c, 1, r, i));
    expectClose(found[0]!, 1, 1e-9);
  });

  it('merges roots 1.2e-7 apart near 1 into one touch (below double resolution)', () => {
    // The dip between them is (6e-8)²·2 ≈ 7e-15, inside Horner's rounding band (~1e-14): no method
    // working from the coefficients in doubles can tell two roots from a touch or a miss here. The
    // solver reports a touch at the critical point, within the pair.
    const r = [1, 1 + 2 ** -23, 2, 3];
    const c = expandExact(1, r);
    const found = roots(c, 0, 10);
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found[0]!).toBeGreaterThanOrEqual(1 - 1e-7);
    expect(found[0]!).toBeLessThanOrEqual(1 + 2 ** -23 + 1e-7);
    expectRoots(found.slice(-2), [2, 3]);
    expectClose(firstRootInInterval(c, 0, 10), 1, 2e-7);
  });

  it('reports a double root (touch from above) once, and as contact', () => {
    const r = [1, 1, 2, 3];
    const c = expandExact(1, r);
    expectRoots(roots(c, 0, 10), [1, 2, 3]);
    expectClose(firstRootInInterval(c, 0, 10), 1);
  });

  it('treats a touch from below while overlapping as contact only because p then decreases', () => {
    // −(t−1)²(t−2)(t−3): p(0) = −6 < 0 (overlapping), rises to exactly 0 at t = 1, falls again.
    // At t = 1 the pair is in contact and starts closing: that is the event (not the entry at 3).
    const c = expandExact(-1, [1, 1, 2, 3]);
    expectClose(firstRootInInterval(c, 0, 10), 1);
    expectRoots(roots(c, 0, 10), [1, 2, 3]);
  });

  it('finds triple and quadruple roots at the critical point', () => {
    const triple = expandExact(1, [1, 1, 1, 4]);
    expectRoots(roots(triple, 0, 10), [1, 4]);
    expectClose(firstRootInInterval(triple, 0, 10), 1);
    expectClose(firstRootInInterval(expandExact(-1, [1, 1, 1, 4]), 0, 10), 4);
    // (t − 1)⁴ ≥ 0 touches 0 at 1 only; a fourfold root is determined to ~ε^(1/4) at best.
    const quad = expandExact(1, [1, 1, 1, 1]);
    expectRoots(roots(quad, 0, 10), [1], () => 1e-3);
    expectClose(firstRootInInterval(quad, 0, 10), 1, 1e-3);
  });

  it('finds roots far apart (2^-20 ≈ 1e-6 and 50) to full relative accuracy', () => {
    const c = multiply([1, 0, 1], expandExact(1, [2 ** -20, 50]).slice(2));
    expectRoots(roots(c, 0, 100), [2 ** -20, 50]);
    const t = firstRootInInterval(c, 0, 100);
    expectClose(t, 2 ** -20, 2 ** -20 * 4 * Number.EPSILON);
  });

  it('finds 1e-6 and 50 with float (inexact) coefficients', () => {
    const r = [1e-6, 50, 60, 70];
    const c = expandFloat(1, r);
    expectRoots(roots(c, 0, 100), r, (i) => rootTolerance(c, 1, r, i));
    expectClose(firstRootInInterval(c, 0, 100), 1e-6, 1e-6 * 8 * Number.EPSILON);
  });

  it('finds no root in [0, 10] when all roots are negative, and all of them in [−10, 0]', () => {
    const r = [-4, -3, -2, -1];
    for (const k of [1, -1]) {
      const c = expandExact(k, r);
      expect(roots(c, 0, 10)).toEqual([]);
      expectRoots(roots(c, -10, 0), r);
    }
    // k > 0: positive and growing on [0, 10], no contact. k < 0: p(0) < 0 and falling, i.e. already
    // overlapping and closing, which is contact now.
    expect(firstRootInInterval(expandExact(1, r), 0, 10)).toBe(INF);
    expect(firstRootInInterval(expandExact(-1, r), 0, 10)).toBe(0);
  });

  it('ignores complex pairs', () => {
    const withPair = multiply([1, 0, 1], [1, -8, 15]); // (t² + 1)(t − 3)(t − 5)
    expectRoots(roots(withPair, 0, 10), [3, 5]);
    expectClose(firstRootInInterval(withPair, 0, 10), 3);
    const twoPairs = multiply([1, 0, 1], [1, -2, 5]); // (t² + 1)((t − 1)² + 4)
    expect(roots(twoPairs, -100, 100)).toEqual([]);
    expect(firstRootInInterval(twoPairs, -100, 100)).toBe(INF);
    const cubic = multiply([1, 0, 1], [1, -3]).slice(1); // (t² + 1)(t − 3), given as 4 coefficients
    expect(cubic.length).toBe(4);
    expectRoots(roots(cubic, 0, 10), [3]);
    expectClose(
      firstRootInInterval(
        cubic.map((x) => -x),
        0,
        10,
      ),
      3,
    );
  });

  it('works on very small and very long windows', () => {
    const tiny = [2 ** -32, 3 * 2 ** -32]; // ≈ 2.3e-10 and 7.0e-10
    const c = multiply([1, 0, 2 ** -60], expandExact(1, tiny).slice(2)); // × (t² + 2^-60)
    expectRoots(roots(c, 0, 1e-9), tiny, (i) => tiny[i]! * 4 * Number.EPSILON);
    expectClose(firstRootInInterval(c, 0, 1e-9), tiny[0]!, tiny[0]! * 4 * Number.EPSILON);
    const long = [33.5, 71.25, 99];
    const d = expandExact(-0.5, [...long, -2]); // p(0) > 0
    expectRoots(roots(d, 0, 100), long);
    expectClose(firstRootInInterval(d, 0, 100), 33.5);
    expectClose(firstRootInInterval(d, 40, 100), 40); // inside and still closing
    expectClose(firstRootInInterval(d, 75, 100), 99);
  });
});

describe('degenerate polynomials', () => {
  const cubic = expandExact(1, [1, 2, 3]); // leading zero
  it('drops exactly-zero leading coefficients', () => {
    expect(cubic[0]).toBe(0);
    expectRoots(roots(cubic, 0, 10), [1, 2, 3]);
    expectClose(firstRootInInterval(cubic, 0, 10), 2); // p(0) = −6 < 0, rising: first entry at 2
    expectRoots(roots([0, 0, 1, -5, 6], 0, 10), [2, 3]);
    expectClose(firstRootInInterval([0, 0, 1, -5, 6], 0, 10), 2);
    expect(roots([0, 0, 0, 2, -3], 0, 10)).toEqual([1.5]);
    expect(firstRootInInterval([0, 0, 0, -2, 3], 0, 10)).toBe(1.5);
    expect(firstRootInInterval([0, 0, 0, 2, -3], 0, 10)).toBe(INF); // rising: leaving, not entering
  });

  it('has no roots for constants and the zero polynomial', () => {
    for (const c of [[0, 0, 0, 0, 5], [0, 0, 0, 0, -5], [0, 0, 0, 0, 0], [], [7]]) {
      expect(firstRootInInterval(c, 0, 10)).toBe(INF);
      expect(roots(c, 0, 10)).toEqual([]);
    }
  });

  it('accepts shorter arrays and Float64Array, rejects degree > 4', () => {
    expect(firstRootInInterval([-1, 2], 0, 10)).toBe(2);
    expectClose(firstRootInInterval(new Float64Array([1, -5, 6]), 0, 10), 2);
    expect(realRootsInInterval(new Float64Array([1, -5, 6]), 0, 10, out)).toBe(2);
    expect(() => firstRootInInterval([1, 0, 0, 0, 0, 0], 0, 1)).toThrow(RangeError);
    expect(() => realRootsInInterval([1, 0, 0, 0, 0, 0], 0, 1, out)).toThrow(RangeError);
  });

  it('treats a leading coefficient negligible on the interval as zero (bit for bit)', () => {
    const withTiny = [1e-40, ...cubic.slice(1)];
    expect(Object.is(firstRootInInterval(withTiny, 0, 10), firstRootInInterval(cubic, 0, 10))).toBe(true);
    expect(roots(withTiny, 0, 10)).toEqual(roots(cubic, 0, 10));
    expect(firstRootQuartic(1e-30, 0, 0, -1, 1, 0, 10)).toBe(1);
  });

  it('keeps a small leading coefficient that matters on a long interval (scale-aware)', () => {
    // 1e-12 t⁴ − 1: root 1000. Tiny next to the constant, but 1e4 times it at t = 1e4.
    expect(firstRootQuartic(1e-12, 0, 0, 0, -1, 0, 10)).toBe(INF);
    expect(realRootsQuartic(1e-12, 0, 0, 0, -1, 0, 1e4, out)).toBe(1);
    expectClose(out[0]!, 1000);
    expectClose(firstRootQuartic(-1e-12, 0, 0, 0, 1, 0, 1e4), 1000);
  });

  it('copes with coefficients spanning many orders of magnitude and with huge or tiny scales', () => {
    // 1e-20 (t − 1e-9)(t − 2)(t² + 1e12): coefficients from 1e-8 down to 2e-29.
    const c = multiply([1e-20, 0, 1e-8], [1, -(2 + 1e-9), 2e-9]);
    expectClose(firstRootInInterval(c, 0, 10), 1e-9, 1e-9 * 1e-12);
    expectClose(roots(c, 0, 10)[1]!, 2);
    for (const scale of [1e-300, 1e-200, 1e200, 1e300]) {
      const s = expandExact(1, [0.5, 1.25, 3, 7]).map((x) => x * scale);
      expectRoots(roots(s, 0, 10), [0.5, 1.25, 3, 7]);
    }
  });
});

describe('interval ends and contact semantics', () => {
  it('returns lo when already in contact and closing, not when separating', () => {
    expect(firstRootQuartic(0, 0, 0, -1, 1, 1, 2)).toBe(1); // p(1) = 0, decreasing
    expect(firstRootQuartic(0, 0, 0, -1, 0.5, 1, 2)).toBe(1); // p(1) < 0, decreasing: overlapping, closing
    expect(firstRootQuartic(0, 0, 0, 1, -1, 1, 2)).toBe(INF); // p(1) = 0, increasing: just separated
    expect(firstRootQuartic(0, 0, 1, -4, 3, 2, 5)).toBe(INF); // p(2) < 0 rising through 3, never re-entering
  });

  it('looks for the next entry after separating', () => {
    const c = expandExact(1, [3, 5, 7, 9]); // p(4) < 0 rising, leaves at 5, re-enters at 7
    expectClose(firstRootInInterval(c, 4, 10), 7);
    expectClose(firstRootInInterval(c, 5, 10), 7); // p(5) = 0 and rising: not an event
    expect(firstRootInInterval(c, 3, 10)).toBe(3); // p(3) = 0 and falling: contact now
    expectClose(firstRootInInterval(c, 1, 10), 3);
  });

  it('includes roots at hi and exact zeros at lo', () => {
    expect(firstRootQuartic(0, 0, 0, -1, 2, 0, 2)).toBe(2);
    expect(roots([1, -2], 2, 5)).toEqual([2]);
    expect(roots([1, -5], 2, 5)).toEqual([5]);
    const exactEnds = roots(expandExact(1, [3, 5, 7, 9]), 3, 9);
    expect(exactEnds[0]).toBe(3);
    expect(exactEnds[3]).toBe(9);
    expectRoots(exactEnds, [3, 5, 7, 9]);
  });

  it('never reports a constant (touching balls at rest) as an event', () => {
    expect(firstRootQuartic(0, 0, 0, 0, 0, 0, 10)).toBe(INF);
    expect(firstRootQuartic(0, 0, 0, 0, -1e-3, 0, 10)).toBe(INF);
  });

  it('handles lo = hi, lo > hi and non-finite input without NaN', () => {
    expect(firstRootQuartic(0, 0, 0, -1, 1, 1, 1)).toBe(1);
    expect(firstRootQuartic(0, 0, 0, 1, -1, 1, 1)).toBe(INF);
    expect(realRootsQuartic(0, 0, 0, 1, -1, 1, 1, out)).toBe(1);
    expect(firstRootQuartic(1, 0, 0, 0, -1, 2, 1)).toBe(INF);
    expect(realRootsQuartic(1, 0, 0, 0, -1, 2, 1, out)).toBe(0);
    expect(firstRootQuartic(Number.NaN, 0, 0, 0, -1, 0, 1)).toBe(INF);
    expect(firstRootQuartic(1, 0, 0, 0, -1, 0, Number.NaN)).toBe(INF);
    expect(firstRootQuartic(1, 0, 0, 0, -1, 0, INF)).toBe(INF);
    expect(realRootsQuartic(INF, 0, 0, 0, -1, 0, 1, out)).toBe(0);
    expect(realRootsQuartic(1, 0, 0, 0, -1, 0, 2, new Float64Array(0))).toBe(0);
  });
});

// Ball–ball contact (research notes 1.6). P-RU parameters: R = 34 mm, μ_r g = 0.01·9.81.
const R = 0.034;
const D = 2 * R;
const ROLL = 0.01 * 9.81;
const SLIDE = 0.2 * 9.81;
const ZERO: Vec2 = [0, 0];

/** Rolling: r(t) = c + v t − ½ μ_r g t² v̂. */
function rollingAccel(v: Vec2): Vec2 {
  const s = Math.sqrt(v[0] * v[0] + v[1] * v[1]);
  return [(-0.5 * ROLL * v[0]) / s, (-0.5 * ROLL * v[1]) / s];
}

/** Smaller root of α t² − S t + w = 0 without cancellation: time for gap w to close at speed S. */
function closingTime(alpha: number, S: number, w: number): number {
  return (2 * w) / (S + Math.sqrt(S * S - 4 * alpha * w));
}

describe('ball–ball collision quartics', () => {
  it('head-on, both rolling: matches the closed form (both frames)', () => {
    // Along the line: gap(t) = L − (v1 + v2) t + μ_r g t² (each ball decelerates at μ_r g); contact
    // when gap = D, i.e. μ_r g t² − (v1 + v2) t + (L − D) = 0, the smaller root. Both still roll then.
    const [v1, v2, L] = [2, 1.5, 1.2];
    const expected = closingTime(ROLL, v1 + v2, L - D);
    expect(expected).toBeLessThan(Math.min(v1, v2) / ROLL);
    for (const [ux, uy] of [
      [1, 0],
      [0.6, 0.8],
      [-0.28, 0.96],
    ] as const) {
      const c1: Vec2 = [0.3, 0.7];
      const c2: Vec2 = [0.3 + L * ux, 0.7 + L * uy];
      const b1: Vec2 = [v1 * ux, v1 * uy];
      const b2: Vec2 = [-v2 * ux, -v2 * uy];
      const q = ballBallQuartic(rollingAccel(b1), b1, c1, rollingAccel(b2), b2, c2, D);
      expectClose(firstRootInInterval(q, 0, 10), expected);
    }
  });

  it('V17 (rolling ball towards a ball at rest, offset 5 cm): contact and spurious later roots', () => {
    const q = [0.0024059025, -0.1962, 4.0981, -4.0, 0.997876];
    // Ball 1: x(t) = 2t − ½ μ_r g t²; contact when x = 1 − √(D² − 0.05²).
    const expected = closingTime(0.5 * ROLL, 2, 1 - Math.sqrt(D * D - 0.0025));
    expectClose(firstRootInInterval(q, 0, 100), expected);
    expectClose(expected, 0.4826702, 1e-6);
    const all = roots(q, 0, 100);
    expect(all.length).toBe(4);
    expectClose(all[1]!, 0.5299307, 1e-6);
    expectClose(all[2]!, 40.24, 0.01);
    expectClose(all[3]!, 40.29, 0.01);
    // Limited to the rolling window (stops at 2/(μ_r g) ≈ 20.39 s), only the real pair remains.
    expect(roots(q, 0, 2 / ROLL).length).toBe(2);
  });

  it('V36: the first contact is the earliest, not the first ball in order', () => {
    const b: Vec2 = [0, 2];
    const a = rollingAccel(b);
    const t2 = firstRootInInterval(ballBallQuartic(a, b, ZERO, ZERO, ZERO, [0.03, 0.5], D), 0, 20);
    const t1 = firstRootInInterval(ballBallQuartic(a, b, ZERO, ZERO, ZERO, [0, 1], D), 0, 20);
    expectClose(t2, closingTime(0.5 * ROLL, 2, 0.5 - Math.sqrt(D * D - 0.03 * 0.03)));
    expectClose(t1, closingTime(0.5 * ROLL, 2, 1 - D));
    expectClose(t2, 0.2206821, 1e-6);
    expectClose(t1, 0.4714511, 1e-6);
  });

  it('grazing: a hit at 2R − 1e-9 and a miss at 2R + 1e-9 (also 1e-7, 1e-12)', () => {
    // Ball 1 rolls along +x from the origin at 2 m/s; ball 2 rests at (1, y). Hit iff |y| < 2R, at
    // x(t) = 1 − √(D² − y²). The contact time of a near-graze is ill-conditioned (the quartic's slope
    // there is 4·√(D² − y²)·v ≈ 1e-4), so it is checked to 1e-9 s; the hit/miss decision is exact.
    const b: Vec2 = [2, 0];
    const a = rollingAccel(b);
    for (const gap of [1e-7, 1e-9, 1e-12]) {
      const hit = ballBallQuartic(a, b, ZERO, ZERO, ZERO, [1, D - gap], D);
      const miss = ballBallQuartic(a, b, ZERO, ZERO, ZERO, [1, D + gap], D);
      const y = D - gap;
      const expected = closingTime(0.5 * ROLL, 2, 1 - Math.sqrt((D - y) * (D + y)));
      expectClose(firstRootInInterval(hit, 0, 10), expected, 1e-9);
      expect(firstRootInInterval(miss, 0, 10)).toBe(INF);
      expect(roots(miss, 0, 10)).toEqual([]);
      expect(roots(hit, 0, 10).length).toBe(2);
    }
  });

  it('sliding ball on a curved path: agrees with brute force on the positions', () => {
    // Slip direction û = (0.6, −0.8) stays fixed while sliding (notes 1.3): r(t) = c + v t − ½ μ_s g û t².
    const c1: Vec2 = [0, 0];
    const v1: Vec2 = [1.8, 0.9];
    const a1: Vec2 = [-0.5 * SLIDE * 0.6, 0.5 * SLIDE * 0.8];
    const c2: Vec2 = [0.4, 0.2];
    const window = 0.35;
    const gap = (t: number) => {
      const x = c1[0] + v1[0] * t + a1[0] * t * t - c2[0];
      const y = c1[1] + v1[1] * t + a1[1] * t * t - c2[1];
      return Math.sqrt(x * x + y * y) - D;
    };
    let lo = 0;
    let hi = Number.NaN;
    for (let i = 1; i <= 100000; i++) {
      const t = (window * i) / 100000;
      if (gap(t) <= 0) {
        hi = t;
        break;
      }
      lo = t;
    }
    expect(Number.isFinite(hi)).toBe(true);
    for (let i = 0; i < 200; i++) {
      const m = 0.5 * (lo + hi);
      if (gap(m) > 0) lo = m;
      else hi = m;
    }
    const q = ballBallQuartic(a1, v1, c1, ZERO, ZERO, c2, D);
    const t = firstRootInInterval(q, 0, window);
    expectClose(t, hi, 1e-12);
    expect(horner(q, t)).toBeLessThanOrEqual(0);
  });
});
