/**
 * The Mathavan 2010 integrator as the simulator runs it (`cushion-mathavan.ts`, rearranged for
 * speed: the slips stepped as their own closed system, v_x and W summed at the end) against the
 * integrator as first written (`mathavan-reference.ts`, verbatim): the same explicit Euler method
 * with the same step, so they must agree to rounding. Held here within 1e-9 absolute, in m/s on
 * every velocity and in rad/s on every spin out of the contact (docs/physics.md, "Ball–cushion:
 * Mathavan 2010"), and on whether the contact fell back to Han 2005.
 *
 * The grid: speeds 0.05–8 m/s, incidences 0–89° from the normal, top/back spin −2…2 times
 * rolling, side spin −2…2 (R w_z / v), for the default parameters and the paper's; then seeded
 * random contacts with spins up to ±150 rad/s and random e, μw, μs.
 */
import { describe, expect, it } from 'vitest';
import { type Frame, integrateMathavan, MATHAVAN_STEPS } from '../src/cushion-mathavan.js';
import type { PhysicsParams } from '../src/params.js';
import { SEED } from './arbitraries.js';
import { P, rad } from './helpers.js';
import { integrateMathavanReference } from './mathavan-reference.js';

const TOLERANCE = 1e-9;

/** The snooker set of the paper: R = 26.25 mm, h = 7R/5, e = 0.98, μw = 0.14, μs = 0.212. */
const PAPER: PhysicsParams = Object.freeze({
  ...P,
  R: 0.02625,
  noseHeight: 1.4 * 0.02625,
  eCushion: 0.98,
  muCushion: 0.14,
  muSlide: 0.212,
});

/** Both integrators on one contact: the worst difference, in m/s (velocities) and rad/s (spins). */
function difference(f: Frame, params: PhysicsParams): { v: number; w: number; sameFallback: boolean } {
  const fast = { ...f };
  const reference = { ...f };
  const a = integrateMathavan(fast, params, MATHAVAN_STEPS);
  const b = integrateMathavanReference(reference, params, MATHAVAN_STEPS);
  const v = Math.max(Math.abs(fast.vx - reference.vx), Math.abs(fast.vy - reference.vy));
  const w =
    Math.max(
      Math.abs(fast.wx - reference.wx),
      Math.abs(fast.wy - reference.wy),
      Math.abs(fast.wz - reference.wz),
    ) / params.R;
  return { v, w, sameFallback: a === b };
}

/** Cushion frame: X along the cushion, Y into it, W = R ω; top spin k_top × rolling, side R w_z = k_side v. */
function frame(v: number, incidence: number, kTop: number, kSide: number): Frame {
  const a = rad(incidence);
  return {
    vx: v * Math.sin(a),
    vy: v * Math.cos(a),
    wx: -kTop * v * Math.cos(a),
    wy: kTop * v * Math.sin(a),
    wz: -kSide * v,
  };
}

describe('the rearranged Mathavan integrator against the one first written (within 1e-9)', () => {
  for (const params of [P, PAPER]) {
    it(`grid of contacts, ${params === P ? 'default' : "the paper's"} parameters`, () => {
      let worstV = 0;
      let worstW = 0;
      let contacts = 0;
      for (const v of [0.05, 0.1, 0.2, 0.5, 1, 2, 3, 4, 6, 8]) {
        for (let incidence = 0; incidence <= 89; incidence += incidence < 80 ? 5 : 3) {
          for (const kTop of [-2, -1, -0.5, 0, 0.5, 1, 2]) {
            for (const kSide of [-2, -1, -0.3, 0, 0.3, 1, 2]) {
              const d = difference(frame(v, incidence, kTop, kSide), params);
              expect(d.sameFallback).toBe(true);
              worstV = Math.max(worstV, d.v);
              worstW = Math.max(worstW, d.w);
              contacts++;
            }
          }
        }
      }
      expect(contacts).toBe(10 * 20 * 7 * 7);
      expect(worstV).toBeLessThanOrEqual(TOLERANCE);
      expect(worstW).toBeLessThanOrEqual(TOLERANCE);
    });
  }

  it('seeded random contacts: any incidence, spins up to ±150 rad/s, random e, μw, μs', () => {
    // A small linear congruential generator: the same contacts on every run.
    let state = SEED >>> 0;
    const uniform = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    let worstV = 0;
    let worstW = 0;
    for (let k = 0; k < 20_000; k++) {
      const params: PhysicsParams =
        k % 2 === 0 ? P : { ...P, eCushion: uniform(), muCushion: uniform() * 0.6, muSlide: uniform() * 0.6 };
      const speed = 0.05 + uniform() * 7.95;
      const toward = 0.02 + uniform() * 0.98; // cosine of the incidence: always moving in
      const along = Math.sqrt(1 - toward * toward) * (uniform() < 0.5 ? -1 : 1);
      const spin = () => (uniform() - 0.5) * 300 * params.R;
      const d = difference(
        { vx: speed * along, vy: speed * toward, wx: spin(), wy: spin(), wz: spin() },
        params,
      );
      expect(d.sameFallback).toBe(true);
      worstV = Math.max(worstV, d.v);
      worstW = Math.max(worstW, d.w);
    }
    expect(worstV).toBeLessThanOrEqual(TOLERANCE);
    expect(worstW).toBeLessThanOrEqual(TOLERANCE);
  });
});
