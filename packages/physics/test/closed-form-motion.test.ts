/**
 * Motion between events against the closed forms of research notes §1.3–1.4 (validation rows V01–V04,
 * V09, V16, V28). Every expected number is derived here from the formulas with DEFAULT_PARAMS
 * (R 0.034, μs 0.2, μr 0.01, g 9.81, spin deceleration 10.9 rad/s²); the literal values in comments
 * were recomputed independently (30-digit arithmetic) and agree with the notes' table.
 * Tolerances: 1e-9 relative for pure kinematics; 1e-6 relative for times that come out of the
 * simulator's root solver.
 */
import { describe, expect, it } from 'vitest';
import { advance, settle, transition, transitionTime } from '../src/motion.js';
import { AIRBORNE, ROLLING, SLIDING, SPINNING, STATIONARY } from '../src/state.js';
import {
  ballOf,
  expectClose,
  finalOf,
  hypot2,
  INFINITE,
  P,
  R,
  rolling,
  run,
  sampleOf,
  stateOf,
  X0,
  Y0,
} from './helpers.js';

const KIN = 1e-9;
const ROOT = 1e-6;
const muSg = P.muSlide * P.g; // 1.962 m/s²
const murg = P.muRoll * P.g; // 0.0981 m/s²

describe('rolling ball stops (V01, V02): t = v/(μr g), d = v²/(2 μr g)', () => {
  // V01: v0 = 1 → t = 1/0.0981 = 10.1936799 s, d = 1/0.1962 = 5.0968400 m.
  // V02: v0 = 0.5 → t = 5.0968400 s, d = 0.25/0.1962 = 1.2742100 m.
  for (const [v0, tStop, dStop] of [
    [1, 10.19367991845056, 5.09683995922528],
    [0.5, 5.09683995922528, 1.27420998980632],
  ] as const) {
    it(`v0 = ${v0} m/s: motion functions`, () => {
      expectClose(v0 / murg, tStop, 1e-12);
      expectClose((v0 * v0) / (2 * murg), dStop, 1e-12);
      // Along a direction that is not an axis: (0.6, 0.8).
      const s = stateOf([{ v: [0.6 * v0, 0.8 * v0, 0], w: [(-0.8 * v0) / R, (0.6 * v0) / R, 0] }]);
      expect(settle(s, 0, P)).toBe(ROLLING);
      expectClose(transitionTime(s, 0, ROLLING, P), tStop, KIN);
      advance(s, 0, ROLLING, tStop, P);
      const b = ballOf(s, 0);
      expectClose(b.r[0], 0.6 * dStop, KIN);
      expectClose(b.r[1], 0.8 * dStop, KIN);
      expect(hypot2(b.v[0], b.v[1])).toBeLessThan(1e-12);
      expect(transition(s, 0, ROLLING, P)).toBe(STATIONARY);
      expect(ballOf(s, 0).v).toEqual([0, 0, 0]);
      expect(ballOf(s, 0).w).toEqual([0, 0, 0]);
    });

    it(`v0 = ${v0} m/s: simulate on a table without cushions`, () => {
      const sim = run([rolling(0, X0, Y0, v0, 0)], null, INFINITE);
      expect(sim.events.map((e) => e.type)).toEqual(['transition']);
      const e = sim.events[0]!;
      expect(e).toMatchObject({ type: 'transition', ball: 0, from: 'rolling', to: 'stationary' });
      expectClose(e.t, tStop, ROOT);
      expectClose(sim.duration, tStop, ROOT);
      const f = finalOf(sim, 0);
      expect(f.state).toBe('stationary');
      expectClose(f.r[0] - X0, dStop, KIN);
      expect(f.r[1]).toBe(Y0);
    });
  }
});

describe('sliding ball, centre hit (V03, V04): the 5/7 rule', () => {
  // V03: v0 = 2, w = 0. Slip u = v, |u| falls at (7/2) μs g, so τ = 2|u0|/(7 μs g) = 4/13.734
  // = 0.29124800 s; x(τ) = v0 τ − ½ μs g τ² = 12 v0²/(49 μs g) = 0.49928228 m; v(τ) = 5/7 v0 =
  // 1.4285714 m/s; rolling, so w_y = v/R = 42.016807 rad/s.
  // V04: then it rolls v/(μr g) = 14.562400 s over v²/(2 μr g) = 10.401714 m: at rest after
  // 14.853648 s, 10.900996 m in total, with exactly two transition events.
  const v0 = 2;
  const tau = (2 * v0) / (7 * muSg);
  const xSlide = (12 * v0 * v0) / (49 * muSg);
  const vRoll = (5 / 7) * v0;
  const tTotal = tau + vRoll / murg;
  const dTotal = xSlide + (vRoll * vRoll) / (2 * murg);

  it('derivation matches the validation table', () => {
    expectClose(tau, 0.291247997670016, 1e-12);
    expectClose(xSlide, 0.4992822817200275, 1e-12);
    expectClose(v0 * tau - 0.5 * muSg * tau * tau, xSlide, 1e-12);
    expectClose(vRoll / R, 42.01680672268908, 1e-12);
    expectClose(tTotal, 14.85364788117082, 1e-12);
    expectClose(dTotal, 10.9009964842206, 1e-12);
  });

  it('motion functions: slide → roll at τ with v = 5/7 v0 and w_y = v/R', () => {
    const s = stateOf([{ v: [v0, 0, 0] }]);
    expect(settle(s, 0, P)).toBe(SLIDING);
    expectClose(transitionTime(s, 0, SLIDING, P), tau, KIN);
    advance(s, 0, SLIDING, tau, P);
    expect(transition(s, 0, SLIDING, P)).toBe(ROLLING);
    const b = ballOf(s, 0);
    expectClose(b.r[0], xSlide, KIN);
    expectClose(b.v[0], vRoll, KIN);
    expectClose(b.w[1], vRoll / R, KIN);
    expect(b.v[1]).toBe(0);
  });

  it('simulate: exactly two transitions, at τ and at rest, and the distances', () => {
    const sim = run([{ id: 0, x: X0, y: Y0, v: [v0, 0, 0] }], null, INFINITE);
    expect(sim.events).toHaveLength(2);
    const [first, second] = sim.events;
    expect(first).toMatchObject({ type: 'transition', ball: 0, from: 'sliding', to: 'rolling' });
    expect(second).toMatchObject({ type: 'transition', ball: 0, from: 'rolling', to: 'stationary' });
    expectClose(first!.t, tau, ROOT);
    expectClose(second!.t, tTotal, ROOT);
    const atRoll = sampleOf(sim, first!.t, 0);
    expect(atRoll.state).toBe('rolling');
    expectClose(atRoll.r[0] - X0, xSlide, KIN);
    expectClose(atRoll.v[0], vRoll, KIN);
    expectClose(atRoll.w[1], vRoll / R, KIN);
    expectClose(finalOf(sim, 0).r[0] - X0, dTotal, KIN);
  });
});

describe('pure spin (V09): w_z = 20 rad/s stops after 20/10.9 = 1.8348624 s', () => {
  it('motion functions and simulate', () => {
    const s = stateOf([{ w: [0, 0, 20] }]);
    expect(settle(s, 0, P)).toBe(SPINNING);
    expectClose(transitionTime(s, 0, SPINNING, P), 20 / P.spinDecel, KIN);
    expectClose(20 / P.spinDecel, 1.834862385321101, 1e-12);
    advance(s, 0, SPINNING, 1, P);
    expectClose(ballOf(s, 0).w[2], 20 - P.spinDecel, KIN);
    expect(ballOf(s, 0).r).toEqual([0, 0, R]);

    const sim = run([{ id: 0, x: X0, y: Y0, w: [0, 0, 20] }], null, INFINITE);
    expect(sim.events).toHaveLength(1);
    expect(sim.events[0]).toMatchObject({ type: 'transition', from: 'spinning', to: 'stationary' });
    expectClose(sim.events[0]!.t, 1.834862385321101, ROOT);
    expect(finalOf(sim, 0).r).toEqual([X0, Y0, R]);
  });

  it('spin about z decays at the same rate while the ball rolls, and never changes sign', () => {
    const s = stateOf([{ v: [1, 0, 0], w: [0, 1 / R, -3] }]);
    expect(settle(s, 0, P)).toBe(ROLLING);
    advance(s, 0, ROLLING, 0.2, P);
    expectClose(ballOf(s, 0).w[2], -3 + 0.2 * P.spinDecel, KIN);
    advance(s, 0, ROLLING, 0.5, P);
    expect(ballOf(s, 0).w[2]).toBe(0);
  });
});

describe('sliding with side slip (V16): the slip direction is constant, the path a parabola', () => {
  // v0 = (1, 0, 0), w0 = (10, 0, 0): u = (v_x − R w_y, v_y + R w_x) = (1, 0.34), |u| = 1.0562197.
  // τ = 2|u|/(7 μs g) = 0.15381093 s. At t = 0.1: r = v0 t − ½ μs g t² û = (0.09071216, −0.00315787),
  // v = v0 − μs g t û = (0.81424319, −0.06315732), w_xy = w0 − (5 μs g/2R) t (û × ẑ) with
  // û × ẑ = (û_y, −û_x): w = (5.3560797, 13.658589).
  const ux = 1;
  const uy = 0.34;
  const u = hypot2(ux, uy);
  const t = 0.1;

  it('derivation matches the validation table', () => {
    expectClose(u, 1.056219674120872, 1e-12);
    expectClose((2 * u) / (7 * muSg), 0.1538109325936903, 1e-12);
  });

  it('motion functions', () => {
    const s = stateOf([{ v: [1, 0, 0], w: [10, 0, 0] }]);
    expect(settle(s, 0, P)).toBe(SLIDING);
    expectClose(transitionTime(s, 0, SLIDING, P), (2 * u) / (7 * muSg), KIN);
    advance(s, 0, SLIDING, t, P);
    const b = ballOf(s, 0);
    expectClose(b.r[0], t - 0.5 * muSg * t * t * (ux / u), KIN);
    expectClose(b.r[1], -0.5 * muSg * t * t * (uy / u), KIN);
    expectClose(b.r[0], 0.09071215937331863, KIN);
    expectClose(b.r[1], -0.00315786581307167, KIN);
    expectClose(b.v[0], 0.8142431874663724, KIN);
    expectClose(b.v[1], -0.0631573162614334, KIN);
    expectClose(b.w[0], 5.356079686659309, KIN);
    expectClose(b.w[1], 13.65858915688438, KIN);
    // The slip keeps its direction: (v_x − R w_y, v_y + R w_x) ∥ (1, 0.34).
    const sx = b.v[0] - R * b.w[1];
    const sy = b.v[1] + R * b.w[0];
    expectClose(sy / sx, uy / ux, KIN);
  });

  it('simulate: the transition time and the sampled position', () => {
    const sim = run([{ id: 0, x: X0, y: Y0, v: [1, 0, 0], w: [10, 0, 0] }], null, INFINITE);
    expect(sim.events[0]).toMatchObject({ type: 'transition', from: 'sliding', to: 'rolling' });
    expectClose(sim.events[0]!.t, 0.1538109325936903, ROOT);
    const at = sampleOf(sim, t, 0);
    expect(at.state).toBe('sliding');
    expectClose(at.r[0] - X0, 0.09071215937331863, KIN);
    expectClose(at.r[1] - Y0, -0.00315786581307167, 0, 1e-12);
  });
});

describe('flight (V28): v_z = 1 m/s from the cloth', () => {
  // z(t) = R + v_z t − ½ g t²: back on the cloth after 2 v_z/g = 0.20387360 s; the bottom of the
  // ball peaks at v_z²/(2g) = 50.968 mm, above the 42 mm cushion nose.
  it('motion functions', () => {
    const s = stateOf([{ v: [0.5, 0, 1], w: [3, -2, 7] }]);
    const tFlight = 2 / P.g;
    expectClose(tFlight, 0.2038735983690112, 1e-12);
    advance(s, 0, AIRBORNE, tFlight / 2, P);
    expectClose(ballOf(s, 0).r[2] - R, 1 / (2 * P.g), KIN);
    expect(1 / (2 * P.g)).toBeGreaterThan(P.noseHeight);
    expectClose(ballOf(s, 0).r[2] - R, 0.0509683995922528, KIN);
    advance(s, 0, AIRBORNE, tFlight / 2, P);
    const b = ballOf(s, 0);
    expectClose(b.r[2], R, 0, 1e-15);
    expectClose(b.v[2], -1, KIN);
    expectClose(b.r[0], 0.5 * tFlight, KIN);
    // Horizontal velocity and every spin component are constant in flight.
    expect(b.v[0]).toBe(0.5);
    expect(b.w).toEqual([3, -2, 7]);
  });
});
