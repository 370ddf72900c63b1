/**
 * The Mathavan 2010 cushion model (docs/physics.md, "Ball–cushion: Mathavan 2010"):
 * - the frictionless limit, in closed form: with μw = μs = 0 the only impulse is the normal one
 *   along Z' = (cos θ, sin θ) at the nose; the cloth takes its vertical part, so v_n falls at cos θ
 *   per unit p. The compression work is ∫ v_n cos θ dp = v_n0²/2 and the restitution gives back
 *   e² of it, so v_n' = −e v_n0 exactly, the tangential speed and all spins untouched (V22);
 * - convergence: the fixed step count against a 100× finer integration;
 * - invariants: energy never increases, the cushion-frame mirror maps results onto each other;
 * - trends that hold for any rigid frictional cushion and that Mathavan et al. report: a square
 *   hit comes straight back, running side spin widens the rebound and speeds the ball along the
 *   cushion, reverse side spin narrows it and at a square hit throws the ball back across.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Frame,
  integrateMathavan,
  MATHAVAN_STEPS,
  resolveCushionMathavan,
} from '../src/cushion-mathavan.js';
import type { PhysicsParams } from '../src/params.js';
import { SEED } from './arbitraries.js';
import { ballOf, deg, energy, expectClose, P, R, rad, stateOf } from './helpers.js';

/** The snooker set of the paper: R = 26.25 mm, h = 7R/5, e = 0.98, μw = 0.14, μs = 0.212. */
const PAPER: PhysicsParams = Object.freeze({
  ...P,
  R: 0.02625,
  noseHeight: 1.4 * 0.02625,
  eCushion: 0.98,
  muCushion: 0.14,
  muSlide: 0.212,
});

/**
 * A ball on the cloth coming at a cushion whose inward normal is +x (it moves toward −x), at
 * `incidence` degrees from the normal, speed v, topspin k_top (spin velocity k_top·v along its path,
 * 1 = rolling) and side spin w_z = k_side·v/R.
 */
function incoming(v: number, incidence: number, kTop: number, kSide: number, r = R): Float64Array {
  const a = rad(incidence);
  const vx = -v * Math.cos(a);
  const vy = v * Math.sin(a);
  const s = stateOf([{ v: [vx, vy, 0], w: [(-vy / r) * kTop, (vx / r) * kTop, (kSide * v) / r] }]);
  s[2] = r; // the centre on the cloth
  return s;
}

/** Rebound speed and angle from the normal (positive: on the side the ball was heading). */
function rebound(s: Float64Array): { speed: number; angle: number } {
  const b = ballOf(s, 0);
  return { speed: Math.hypot(b.v[0], b.v[1]), angle: deg(Math.atan2(b.v[1], b.v[0])) };
}

describe('frictionless limit: v_n → −e v_n, everything else untouched (closed form)', () => {
  const smooth: PhysicsParams = { ...P, muCushion: 0, muSlide: 0 };
  for (const [incidence, e] of [
    [0, 0.85],
    [30, 0.85],
    [60, 0.5],
    [80, 1],
    [45, 0],
  ] as const) {
    it(`incidence ${incidence}°, e = ${e}`, () => {
      const params = { ...smooth, eCushion: e };
      const s = incoming(1.3, incidence, 1, 0.7);
      const before = ballOf(s, 0);
      expect(resolveCushionMathavan(s, 0, 1, 0, params, false)).toBe(true);
      const after = ballOf(s, 0);
      expectClose(after.v[0], -e * before.v[0], 1e-12, 1e-15);
      expect(after.v[1]).toBe(before.v[1]);
      expect(after.v[2]).toBe(0);
      // The spins go through the cushion frame and back: equal up to that rounding.
      for (let k = 0; k < 3; k++) expectClose(after.w[k]!, before.w[k]!, 1e-15, 1e-15);
    });
  }

  it('V22 (45°, e = 0.85): 49.6355° from the normal, as the mirror model', () => {
    const s = incoming(1, 45, 0, 0);
    resolveCushionMathavan(s, 0, 1, 0, { ...P, muCushion: 0, muSlide: 0 }, false);
    expectClose(rebound(s).angle, deg(Math.atan(1 / 0.85)), 1e-12);
    expectClose(rebound(s).angle, 49.63546342690265, 1e-12);
  });

  it('a ball not moving into the cushion is left alone', () => {
    const s = incoming(1, 30, 1, 0);
    s[3] = 0.2; // moving away (+x)
    const copy = s.slice();
    expect(resolveCushionMathavan(s, 0, 1, 0, P, false)).toBe(false);
    expect(s).toEqual(copy);
  });
});

describe(`convergence: ${MATHAVAN_STEPS} steps against ${100 * MATHAVAN_STEPS}`, () => {
  const frame = (v: number, incidence: number, kTop: number, kSide: number): Frame => {
    // Cushion frame: X along the cushion (the ball's tangential direction), Y into it, W = R ω.
    const a = rad(incidence);
    return {
      vx: v * Math.sin(a),
      vy: v * Math.cos(a),
      wx: -kTop * v * Math.cos(a),
      wy: kTop * v * Math.sin(a),
      wz: -kSide * v,
    };
  };
  for (const params of [P, PAPER]) {
    it(params === P ? 'default parameters' : "the paper's parameters", () => {
      let worstAngle = 0;
      let worstSpeed = 0;
      for (const incidence of [0, 15, 30, 45, 60, 75, 85]) {
        for (const kTop of [-1, 0, 1, 2]) {
          for (const kSide of [-2, -1, 0, 1, 2]) {
            const coarse = frame(1.5, incidence, kTop, kSide);
            const fine = frame(1.5, incidence, kTop, kSide);
            expect(integrateMathavan(coarse, params, MATHAVAN_STEPS)).toBe(true);
            expect(integrateMathavan(fine, params, 100 * MATHAVAN_STEPS)).toBe(true);
            const angle = (f: Frame) => deg(Math.atan2(f.vx, -f.vy));
            worstAngle = Math.max(worstAngle, Math.abs(angle(coarse) - angle(fine)));
            const speed = (f: Frame) => Math.hypot(f.vx, f.vy);
            worstSpeed = Math.max(worstSpeed, Math.abs(speed(coarse) / speed(fine) - 1));
          }
        }
      }
      // Documented accuracy (docs/physics.md): within 0.1° and 0.3 % of the converged rebound.
      expect(worstAngle).toBeLessThan(0.1);
      expect(worstSpeed).toBeLessThan(0.003);
    });
  }
});

const num = (max: number) =>
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((k) => (k / 1_000_000) * max);
const unit = fc.integer({ min: 0, max: 1000 }).map((k) => k / 1000);

describe('invariants (random balls on the cloth and random parameters)', () => {
  const runs = { numRuns: 300, seed: SEED };
  const arbBall = fc.record({
    v: fc.tuple(num(6), num(6)),
    w: fc.tuple(num(200), num(200), num(200)),
    alpha: num(Math.PI),
    e: unit,
    muW: unit,
    muS: unit,
  });

  it('kinetic energy never increases', () => {
    fc.assert(
      fc.property(arbBall, (c) => {
        const s = stateOf([{ v: [c.v[0], c.v[1], 0], w: c.w }]);
        const params = { ...P, eCushion: c.e, muCushion: c.muW, muSlide: c.muS };
        const before = energy(s);
        resolveCushionMathavan(s, 0, Math.cos(c.alpha), Math.sin(c.alpha), params, false);
        expect(energy(s)).toBeLessThanOrEqual(before * (1 + 1e-12) + 1e-15);
        expect(s[5]).toBe(0);
      }),
      runs,
    );
  });

  it('mirror symmetry across the normal: the mirrored ball leaves mirrored', () => {
    // Cushion normal +x; the mirror y ↦ −y maps v to (v_x, −v_y) and the spin (a pseudovector) to
    // (−w_x, w_y, −w_z).
    fc.assert(
      fc.property(arbBall, (c) => {
        const params = { ...P, eCushion: c.e, muCushion: c.muW, muSlide: c.muS };
        const s = stateOf([{ v: [c.v[0], c.v[1], 0], w: c.w }]);
        const m = stateOf([{ v: [c.v[0], -c.v[1], 0], w: [-c.w[0], c.w[1], -c.w[2]] }]);
        resolveCushionMathavan(s, 0, 1, 0, params, false);
        resolveCushionMathavan(m, 0, 1, 0, params, false);
        const flip = [1, 1, 1, 1, -1, 1, -1, 1, -1];
        for (let k = 0; k < 9; k++) expectClose(m[k]!, flip[k]! * s[k]!, 0, 1e-14 * (1 + Math.abs(s[k]!)));
      }),
      runs,
    );
  });
});

describe('trends (default and paper parameters)', () => {
  for (const params of [P, PAPER]) {
    const name = params === P ? 'default' : 'paper';
    it(`${name}: a square hit with top or back spin comes straight back`, () => {
      for (const kTop of [-1, 0, 1, 2]) {
        const s = incoming(1.2, 0, kTop, 0, params.R);
        resolveCushionMathavan(s, 0, 1, 0, params, false);
        const b = ballOf(s, 0);
        expect(b.v[1]).toBe(0);
        expect(b.v[0]).toBeGreaterThan(0);
      }
    });

    it(`${name}: running side spin widens the rebound and speeds it up, reverse narrows it`, () => {
      // A ball heading +y along the cushion (inward normal +x) has running side when w_z > 0: its
      // surface at the nose, (−R cos θ, 0, ·) from the centre, then moves at −w_z R cos θ ŷ,
      // backward, as if rolling along the cushion. Listed from running to reverse side:
      for (const incidence of [20, 45, 70]) {
        const angles: number[] = [];
        const tangential: number[] = [];
        for (const kSide of [1.5, 0, -1.5]) {
          const s = incoming(1.2, incidence, 1, kSide, params.R);
          resolveCushionMathavan(s, 0, 1, 0, params, false);
          angles.push(rebound(s).angle);
          tangential.push(ballOf(s, 0).v[1]);
        }
        for (let k = 1; k < angles.length; k++) {
          expect(angles[k]!).toBeLessThan(angles[k - 1]!);
          expect(tangential[k]!).toBeLessThan(tangential[k - 1]!);
        }
      }
      // Square on, side spin sends the ball off to the side its surface at the nose pushes toward.
      for (const kSide of [1, -1]) {
        const s = incoming(1.2, 0, 1, kSide, params.R);
        resolveCushionMathavan(s, 0, 1, 0, params, false);
        expect(Math.sign(ballOf(s, 0).v[1])).toBe(kSide);
      }
    });

    it(`${name}: the rebound is a continuous function of the spin (no jumps)`, () => {
      // Step the side spin by 0.01 rad/s across ±60 rad/s: the angle moves smoothly (its slope is at
      // most about 0.6°/(rad/s) here), never by a jump.
      for (const incidence of [0, 30, 60]) {
        let previous = Number.NaN;
        for (let wz = -60; wz <= 60; wz += 0.01) {
          const s = incoming(1, incidence, 1, wz * params.R, params.R);
          resolveCushionMathavan(s, 0, 1, 0, params, false);
          const angle = rebound(s).angle;
          if (!Number.isNaN(previous)) expect(Math.abs(angle - previous)).toBeLessThan(0.02);
          previous = angle;
        }
      }
    });
  }
});
