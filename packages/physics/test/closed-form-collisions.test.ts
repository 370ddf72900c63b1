/**
 * Ball–ball collisions against the closed forms (research notes §2.1, §4.1; rows V10–V15, V17–V20,
 * V26, V32, V34, V36). The cue ball (CB) moves along +x; a cut angle φ puts the object ball (OB) at
 * 2R(cos φ, sin φ) from it at contact, so the line of centres is n = (cos φ, sin φ).
 *
 * Ideal collision (e = 1, no ball–ball friction, IDEAL params): velocities swap along n, spins are
 * untouched. With restitution e (equal masses): v1n' = ½[(1 − e)v1n + (1 + e)v2n] and vice versa.
 * After a collision a ball slides until its slip u = v − u_w vanishes, where u_w = R(w_y, −w_x) is its
 * "spin velocity"; friction takes −(2/7)u, so it rolls on at (5v + 2u_w)/7 (notes §4.1.2).
 * Tolerances: 1e-9 relative for kinematics; 1e-6 relative for event times from the root solver;
 * contact geometry (centre distance 2R) to 1e-9 m.
 */
import { describe, expect, it } from 'vitest';
import { realRootsQuartic } from '../src/math/roots.js';
import { advance, settle, transition, transitionTime } from '../src/motion.js';
import type { PhysicsParams } from '../src/params.js';
import { ballFriction, resolveBallBall } from '../src/resolve.js';
import { ROLLING, SLIDING } from '../src/state.js';
import {
  ballOf,
  D,
  deg,
  expectClose,
  FRICTIONLESS,
  finalOf,
  hypot2,
  IDEAL,
  INFINITE,
  P,
  R,
  rad,
  rolling,
  run,
  sampleOf,
  stateOf,
  X0,
  Y0,
} from './helpers.js';

const KIN = 1e-9;
const ROOT = 1e-6;
const muSg = P.muSlide * P.g;
const murg = P.muRoll * P.g;

/** CB at the origin with velocity v and spin w; OB at rest touching it along n = (cos φ, sin φ). */
function cut(phiDeg: number, v: readonly number[], w: readonly number[] = [0, 0, 0]): Float64Array {
  const phi = rad(phiDeg);
  return stateOf([
    { v, w },
    { x: D * Math.cos(phi), y: D * Math.sin(phi) },
  ]);
}

/** Lets ball i finish its slide with the motion functions; returns its rolling velocity. */
function rollOn(s: Float64Array, i: number, p: PhysicsParams): [number, number] {
  expect(settle(s, i, p)).toBe(SLIDING);
  advance(s, i, SLIDING, transitionTime(s, i, SLIDING, p), p);
  expect(transition(s, i, SLIDING, p)).toBe(ROLLING);
  const b = ballOf(s, i);
  return [b.v[0], b.v[1]];
}

describe('V10: head-on, stationary OB, v = 1', () => {
  it('e = 1: the velocities swap exactly (0 and 1)', () => {
    const s = cut(0, [1, 0, 0]);
    resolveBallBall(s, 0, 1, IDEAL, false);
    expect(ballOf(s, 0).v).toEqual([0, 0, 0]);
    expect(ballOf(s, 1).v).toEqual([1, 0, 0]);
  });
  it('e = 0.95: CB (1 − e)/2 = 0.025, OB (1 + e)/2 = 0.975', () => {
    const s = cut(0, [1, 0, 0]);
    resolveBallBall(s, 0, 1, FRICTIONLESS, false);
    expectClose(ballOf(s, 0).v[0], 0.025, KIN);
    expectClose(ballOf(s, 1).v[0], 0.975, KIN);
    // Momentum along the line of centres is conserved.
    expectClose(ballOf(s, 0).v[0] + ballOf(s, 1).v[0], 1, 1e-15);
  });
});

describe('V11/V12: stun cut at φ = 30°, v = 1', () => {
  it('V11, e = 1: OB 0.8660254 along n, CB 0.5 along the tangent — exactly 90° apart', () => {
    const s = cut(30, [1, 0, 0]);
    resolveBallBall(s, 0, 1, IDEAL, false);
    const cb = ballOf(s, 0).v;
    const ob = ballOf(s, 1).v;
    expectClose(hypot2(ob[0], ob[1]), Math.cos(rad(30)), KIN);
    expectClose(deg(Math.atan2(ob[1], ob[0])), 30, KIN);
    expectClose(hypot2(cb[0], cb[1]), 0.5, KIN);
    expect(Math.abs(cb[0] * ob[0] + cb[1] * ob[1])).toBeLessThan(1e-15);
    // The stunned CB then slides along the tangent and rolls on at 5/7 · 0.5 = 0.357143, 60° off the aim.
    const [vx, vy] = rollOn(s, 0, IDEAL);
    expectClose(hypot2(vx, vy), (5 / 7) * 0.5, KIN);
    expectClose(hypot2(vx, vy), 0.3571428571428571, KIN);
    expectClose(deg(Math.atan2(vy, vx)), -60, KIN);
  });

  it('V12, e = 0.95 (frictionless): OB 0.8443748, CB 0.5004685 at 87.52057° from the OB line', () => {
    // OB: (1 + e)/2 cos φ; CB: normal (1 − e)/2 cos φ, tangential sin φ.
    const s = cut(30, [1, 0, 0]);
    resolveBallBall(s, 0, 1, FRICTIONLESS, false);
    const cb = ballOf(s, 0).v;
    const ob = ballOf(s, 1).v;
    expectClose(hypot2(ob[0], ob[1]), 0.8443747686898277, KIN);
    expectClose(hypot2(cb[0], cb[1]), 0.5004685304791902, KIN);
    const between = deg(
      Math.acos((cb[0] * ob[0] + cb[1] * ob[1]) / hypot2(cb[0], cb[1]) / hypot2(ob[0], ob[1])),
    );
    expectClose(between, 87.52056884101412, KIN);
  });
});

/**
 * CB final rolling direction after an ideal cut with spin velocity k·v along the aim (k = 1 rolling,
 * k < 0 draw): v_after = v − (v·n)n = (s², −cs) for v = x̂, so the final velocity is
 * (5(s², −cs) + 2(k, 0))/7 and its angle below the aim line is atan2(5cs, 5s² + 2k).
 */
function thirtyDegreeRule(phiDeg: number, k: number): { angle: number; speed: number } {
  const s = Math.sin(rad(phiDeg));
  const c = Math.cos(rad(phiDeg));
  const fx = (5 * s * s + 2 * k) / 7;
  const fy = (5 * c * s) / 7;
  return { angle: deg(Math.atan2(fy, fx)), speed: hypot2(fx, fy) };
}

describe('V13/V14: rolling and drawn CB into an OB, ideal collision', () => {
  const cases = [
    // [φ, k, angle off the aim line, speed / v]; derived with 30-digit arithmetic.
    [30, 1, 33.67049650831511, 0.5578749768504753],
    [10, 1, 21.68057907783117, 0.3306430355928618],
    [50, 1, 26.51820402853584, 0.7877516960584587],
    [28.12550570205571, 1, 33.74898859588859, null],
    [30, -1, 109.1066053508691, 0.3273268353539886],
    [30, -0.5, 83.41322444637053, 0.3113499245386195],
  ] as const;
  for (const [phi, k, angle, speed] of cases) {
    it(`φ = ${phi}°, spin velocity ${k}·v → ${angle}° off the aim${speed === null ? ' (the maximum)' : `, ${speed}·v`}`, () => {
      const expected = thirtyDegreeRule(phi, k);
      expectClose(expected.angle, angle, 1e-12);
      if (speed !== null) expectClose(expected.speed, speed, 1e-12);
      for (const v of [1, 2.5]) {
        const s = cut(phi, [v, 0, 0], [0, (k * v) / R, 0]);
        resolveBallBall(s, 0, 1, IDEAL, false);
        const [vx, vy] = rollOn(s, 0, IDEAL);
        expectClose(-deg(Math.atan2(vy, vx)), angle, KIN);
        expectClose(hypot2(vx, vy), expected.speed * v, KIN);
      }
    });
  }

  it('the 30° rule: no cut angle deflects a rolling CB by more than 33.7490°', () => {
    let worst = 0;
    for (let phi = 0.25; phi < 90; phi += 0.25) {
      const s = cut(phi, [1, 0, 0], [0, 1 / R, 0]);
      resolveBallBall(s, 0, 1, IDEAL, false);
      const [vx, vy] = rollOn(s, 0, IDEAL);
      worst = Math.max(worst, -deg(Math.atan2(vy, vx)));
    }
    expect(worst).toBeLessThanOrEqual(33.74898859588859 + 1e-9);
    expect(worst).toBeGreaterThan(33.748); // the 0.25° grid comes within 0.0004° of the peak
  });
});

describe('V15: straight draw, ideal head-on, CB arrives with v = 1, R·w_y = −1', () => {
  // The CB stops; its slip is u = 0 − (−1) = +1, so friction drives it back at μs g for
  // τ = 2|u|/(7 μs g) = 0.14562400 s over ½ μs g τ² = 0.020803428 m, then it rolls back at 2/7 =
  // 0.28571429 m/s for (2/7)²/(2 μr g) = 0.41606857 m.
  it('simulate on a table without cushions', () => {
    const sim = run(
      [
        { id: 0, x: X0, y: Y0, v: [1, 0, 0], w: [0, -1 / R, 0] },
        { id: 1, x: X0 + D, y: Y0 },
      ],
      null,
      INFINITE,
      IDEAL,
    );
    const tau = 2 / (7 * muSg);
    expectClose(tau, 0.145623998835008, 1e-12);
    expect(sim.events[0]).toMatchObject({ type: 'ball-ball', t: 0 });
    const back = sim.events.find((e) => e.type === 'transition' && e.ball === 0);
    expect(back).toMatchObject({ from: 'sliding', to: 'rolling' });
    expectClose(back!.t, tau, ROOT);
    const cb = sampleOf(sim, back!.t, 0);
    expectClose(cb.v[0], -2 / 7, KIN);
    expectClose(X0 - cb.r[0], 0.02080342840500114, KIN);
    expectClose(X0 - finalOf(sim, 0).r[0], 0.02080342840500114 + 0.4160685681000229, KIN);
  });
});

describe('V17: collision time from the quartic, ball 1 rolling from (0, 0) at (2, 0), ball 2 at (1.0, 0.05)', () => {
  // r1(t) = (2t − ½ μr g t², 0), r2 = (1, 0.05): A = (−0.04905, 0), B = (2, 0), C = (−1, −0.05), D = 2R:
  // |A|² t⁴ + 2A·B t³ + (|B|² + 2A·C) t² + 2B·C t + |C|² − D² =
  // 0.0024059025 t⁴ − 0.1962 t³ + 4.0981 t² − 4 t + 0.997876; roots 0.48267016 (contact),
  // 0.52993071 (exit), 40.2448 and 40.2920 (spurious: ball 1 stops at 2/(μr g) = 20.387 s).
  const coeffs = [0.0024059025, -0.1962, 4.0981, -4, 0.997876] as const;
  const tContact = 0.4826701639542789;

  it('the quartic and its roots', () => {
    const a = -0.5 * murg;
    expectClose(a * a, coeffs[0], 1e-12);
    expectClose(2 * a * 2, coeffs[1], 1e-12);
    expectClose(4 + 2 * a * -1, coeffs[2], 1e-12);
    expectClose(1 + 0.05 * 0.05 - D * D, coeffs[4], 1e-12);
    const out = new Float64Array(4);
    const n = realRootsQuartic(...coeffs, 0, 50, out);
    expect(n).toBe(4);
    const expected = [tContact, 0.5299307085255422, 40.2447889652767, 40.29204950984796];
    expected.forEach((root, k) => {
      expectClose(out[k]!, root, ROOT);
    });
  });

  it('simulate: contact at 0.4826702 s with the CB at x = 0.9539131 and a cut of asin(0.05/2R) = 47.33207°', () => {
    const sim = run([rolling(0, X0, Y0, 2, 0), { id: 1, x: X0 + 1, y: Y0 + 0.05 }], null, INFINITE, IDEAL);
    const hit = sim.events.find((e) => e.type === 'ball-ball');
    expect(hit).toBeDefined();
    expectClose(hit!.t, tContact, ROOT);
    const [cb, ob] = sim.trajectory.sample(hit!.t);
    expectClose(cb!.r[0] - X0, 0.9539131255127884, 0, 1e-9);
    expectClose(hypot2(ob!.r[0] - cb!.r[0], ob!.r[1] - cb!.r[1]), D, 0, 1e-9);
    // Ideal: the OB leaves along the line of centres.
    expectClose(deg(Math.atan2(ob!.v[1], ob!.v[0])), 47.33207450589161, KIN);
    expect(sim.events.filter((e) => e.type === 'ball-ball')).toHaveLength(1);
  });
});

describe('V18/V19: the collision after a transition, then follow on a head-on hit', () => {
  // Stun CB at 2 m/s, OB 1.0 m ahead: slide → roll at τ = 0.29124800 s, x = 0.49928228, v = 10/7.
  // Contact when the CB centre reaches 1 − 2R = 0.932: rolling, 0.932 − x = (10/7)t − ½ μr g t²
  // → t = 0.30611991 s more, so the hit is at 0.59736791 s with CB speed √((10/7)² − 2 μr g Δx) =
  // 1.3985411 m/s. (Solving with the sliding path instead would give 0.72 s: the pair's quartic must
  // be rebuilt after the transition.)
  const balls = [
    { id: 0, x: X0, y: Y0, v: [2, 0, 0] as const },
    { id: 1, x: X0 + 1, y: Y0 },
  ];
  const vHit = 1.398541064897303;

  it('V18: the transition first, then the hit at 0.5973679 s, rolling at 1.398541 m/s', () => {
    const sim = run(balls, null, INFINITE);
    expect(sim.events[0]).toMatchObject({ type: 'transition', ball: 0, from: 'sliding', to: 'rolling' });
    expectClose(sim.events[0]!.t, 0.291247997670016, ROOT);
    expect(sim.events[1]).toMatchObject({ type: 'ball-ball', balls: [0, 1] });
    const tHit = sim.events[1]!.t;
    expectClose(tHit, 0.5973679127987194, ROOT);
    const before = sampleOf(sim, tHit * (1 - 1e-13), 0);
    expect(before.state).toBe('rolling');
    expectClose(before.v[0], vHit, 1e-9);
  });

  /**
   * V19 with the full tangent-plane slip (docs/physics.md): head-on, the rolling CB's surface moves
   * down at the contact at v (its spin velocity), a vertical slip s = v. Friction
   * F = min(μ(s)(1 + e)/2 · v, s/7) takes (5/2)F off the CB's spin velocity and gives the OB (5/2)F of
   * draw; the velocities along n are the frictionless ones. Each ball then slides until
   * v = u_w and rolls on at (5v + 2u_w)/7. (The notes' V19 values assume friction never touches the
   * top spin: 0.4245571 and 0.9739840; with the vertical slip the CB keeps less follow.)
   */
  function v19(e: number) {
    const mu = 0.00995 + 0.108 * Math.exp(-1.088 * vHit);
    const F = Math.min(mu * ((1 + e) / 2) * vHit, vHit / 7);
    const cb = { v: ((1 - e) / 2) * vHit, uw: vHit - 2.5 * F };
    const ob = { v: ((1 + e) / 2) * vHit, uw: -2.5 * F };
    const slideTime = (b: { v: number; uw: number }) => (2 * Math.abs(b.v - b.uw)) / (7 * muSg);
    const rollSpeed = (b: { v: number; uw: number }) => (5 * b.v + 2 * b.uw) / 7;
    return { cb, ob, slideTime, rollSpeed };
  }

  for (const e of [0.95, 1]) {
    it(`V19, e = ${e}: CB and OB exchange a little spin through the vertical slip, then roll on`, () => {
      const { cb, ob, slideTime, rollSpeed } = v19(e);
      const sim = run(balls, null, INFINITE, { ...P, eBall: e });
      const tHit = sim.events[1]!.t;
      const [c, o] = sim.trajectory.sample(tHit);
      expectClose(c!.v[0], cb.v, KIN);
      expectClose(R * c!.w[1], cb.uw, KIN);
      expectClose(o!.v[0], ob.v, KIN);
      expectClose(R * o!.w[1], ob.uw, KIN);
      const cbRoll = sim.events.find((ev) => ev.type === 'transition' && ev.ball === 0 && ev.t > tHit);
      const obRoll = sim.events.find((ev) => ev.type === 'transition' && ev.ball === 1);
      expectClose(cbRoll!.t - tHit, slideTime(cb), ROOT);
      expectClose(obRoll!.t - tHit, slideTime(ob), ROOT);
      expectClose(sampleOf(sim, cbRoll!.t, 0).v[0], rollSpeed(cb), KIN);
      expectClose(sampleOf(sim, obRoll!.t, 1).v[0], rollSpeed(ob), KIN);
      // Less follow than without the vertical slip (the notes' frictionless-spin values).
      expect(rollSpeed(cb)).toBeLessThan(e === 1 ? 0.3995831613992294 : 0.4245571089866812);
      expect(rollSpeed(ob)).toBeLessThan(e === 1 ? 0.9989579034980735 : 0.9739839559106216);
    });
  }
});

describe('V20: stop shot, stun head-on at v = 1, e = 0.95', () => {
  // CB keeps 0.025 m/s, no spin: slides 12 · 0.025²/(49 μs g) = 0.078013 mm, rolls at 5/7 · 0.025 =
  // 0.017857 m/s for 0.017857²/(2 μr g) = 1.6252678 mm: 1.7032807 mm in all.
  it('the CB creeps 1.70 mm', () => {
    const sim = run(
      [
        { id: 0, x: X0, y: Y0, v: [1, 0, 0] },
        { id: 1, x: X0 + D, y: Y0 },
      ],
      null,
      INFINITE,
    );
    expect(sim.events[0]).toMatchObject({ type: 'ball-ball', t: 0 });
    expectClose(sampleOf(sim, 0, 0).v[0], 0.025, KIN);
    const roll = sim.events.find((e) => e.type === 'transition' && e.ball === 0);
    expectClose(sampleOf(sim, roll!.t, 0).v[0], 0.01785714285714286, KIN);
    expectClose(finalOf(sim, 0).r[0] - X0, 0.001703280700659469, KIN);
  });
});

describe('V26: throw of a stun shot, e = 0.95, Alciatore μ(v) = 0.00995 + 0.108 e^(−1.088 v)', () => {
  // The OB leaves at atan(min(μ(v sin φ), 2 tan φ/(7(1 + e)))) from the line of centres, thrown toward
  // the CB's tangential motion: the friction impulse is μ Δv_n, capped at the no-slip value slip/7.
  // A stun CB has no spin, so its slip is horizontal only (spin throws: closed-form-tangent-slip).
  const cases = [
    [1, 30, 4.154415543913839, 'friction'],
    [0.5, 30, 4.835335391135974, 'no-slip cap'],
    [3, 30, 1.779499502660809, 'friction'],
    [1, 10, 1.479933323957628, 'no-slip cap'],
    [1, 60, 2.979190527607802, 'friction'],
  ] as const;
  for (const [v, phi, throwDeg, regime] of cases) {
    it(`v = ${v}, φ = ${phi}° → ${throwDeg}° (${regime})`, () => {
      const mu = 0.00995 + 0.108 * Math.exp(-1.088 * v * Math.sin(rad(phi)));
      expectClose(ballFriction(P, v * Math.sin(rad(phi))), mu, 1e-14);
      const cap = (2 * Math.tan(rad(phi))) / (7 * (1 + P.eBall));
      expectClose(deg(Math.atan(Math.min(mu, cap))), throwDeg, 1e-12);
      // OB below the aim line (φ measured downward) so the CB's tangential motion is toward +y.
      const s = cut(-phi, [v, 0, 0]);
      resolveBallBall(s, 0, 1, P, false);
      const ob = ballOf(s, 1).v;
      const angleFromN = deg(Math.atan2(ob[1], ob[0])) + phi;
      expectClose(angleFromN, throwDeg, KIN);
    });
  }
});

describe('V32: three balls in a line (CB + 2 frozen), head-on at v = 1', () => {
  const balls = [
    { id: 0, x: X0, y: Y0, v: [1, 0, 0] as const },
    { id: 1, x: X0 + D, y: Y0 },
    { id: 2, x: X0 + 2 * D, y: Y0 },
  ];
  const velocities = (sim: ReturnType<typeof run>) => sim.trajectory.sample(0).map((b) => b.v[0]);

  it('e = 1: [0, 0, 1] after 2 collisions', () => {
    const sim = run(balls, null, INFINITE, IDEAL);
    expect(sim.events.filter((e) => e.type === 'ball-ball').map((e) => e.t)).toEqual([0, 0]);
    expect(velocities(sim)).toEqual([0, 0, 1]);
  });

  it('e = 0.95, every contact an ordinary collision: [0.0243906, 0.0249844, 0.950625] after 3', () => {
    // CB→B: 0.025, 0.975; B→C: 0.024375, 0.950625; CB→B again (closing 0.000625):
    // ½[(1 − e)0.025 + (1 + e)0.024375] = 0.024390625 and ½[(1 + e)0.025 + (1 − e)0.024375] = 0.024984375.
    const sim = run(balls, null, INFINITE, { ...FRICTIONLESS, plasticBelow: 0 });
    const hits = sim.events.filter((e) => e.type === 'ball-ball');
    expect(hits.map((e) => (e.type === 'ball-ball' ? e.balls : null))).toEqual([
      [0, 1],
      [1, 2],
      [0, 1],
    ]);
    const [a, b, c] = velocities(sim);
    expectClose(a!, 0.024390625, KIN);
    expectClose(b!, 0.024984375, KIN);
    expectClose(c!, 0.950625, KIN);
  });

  it('default parameters: the third contact closes at 0.000625 m/s < plasticBelow and is plastic, not bounced', () => {
    // docs/physics.md: a slow contact merges the normal velocities (e = 0), which keeps the momentum:
    // both at ½ (0.025 + 0.024375) = 0.0246875 m/s. Both slide spinless along +x with the same
    // deceleration, so they are not pressed together: each slides, then rolls, exactly alike, and
    // they stop together, still touching. (This once finished both slides at once first — 5/7 of the
    // speed, the cloth's friction of a whole slide in no time — and so lost 2/7 of the momentum.)
    const sim = run(balls, null, INFINITE);
    const [a, b, c] = velocities(sim);
    expectClose(c!, 0.950625, KIN);
    expectClose(a!, 0.5 * (0.025 + 0.024375), KIN);
    expectClose(b!, 0.5 * (0.025 + 0.024375), KIN);
    expectClose(a! + b! + c!, 1, KIN);
    const [fa, fb] = sim.final;
    expectClose(fb!.r[0] - fa!.r[0], D, 0, 1e-9);
  });
});

describe('V34: grazing hits at 2R ∓ 1e-7 m', () => {
  for (const side of [1, -1]) {
    it(`offset ${side > 0 ? '+' : '−'}(2R − 1e-7) is a hit, ${side > 0 ? '+' : '−'}(2R + 1e-7) a miss`, () => {
      const hit = run(
        [rolling(0, X0, Y0, 1, 0), { id: 1, x: X0 + 1, y: Y0 + side * (D - 1e-7) }],
        null,
        INFINITE,
      );
      expect(hit.events.filter((e) => e.type === 'ball-ball')).toHaveLength(1);
      const miss = run(
        [rolling(0, X0, Y0, 1, 0), { id: 1, x: X0 + 1, y: Y0 + side * (D + 1e-7) }],
        null,
        INFINITE,
      );
      expect(miss.events.filter((e) => e.type === 'ball-ball')).toHaveLength(0);
      expect(finalOf(miss, 1).r).toEqual([X0 + 1, Y0 + side * (D + 1e-7), R]);
    });
  }
});

describe('V36: the first contact is the earliest event, not the first in id order', () => {
  // CB rolling from (0, 0) at 2 m/s along +y; ball 1 at (0, 1.0), ball 2 at (0.03, 0.5).
  // Ball 2: contact when (0.5 − y)² + 0.03² = (2R)² → y = 0.43897541, reached (rolling) at
  // t = (2 − √(4 − 2 μr g y))/(μr g) = 0.22068209 s. Without ball 2: y = 1 − 2R = 0.932 at 0.47145108 s.
  const cb = rolling(0, X0, Y0, 0, 2);
  const one = { id: 1, x: X0, y: Y0 + 1 };
  const two = { id: 2, x: X0 + 0.03, y: Y0 + 0.5 };

  for (const order of [
    [cb, one, two],
    [two, one, cb],
    [one, cb, two],
  ]) {
    it(`order ${order.map((b) => b.id).join(', ')}`, () => {
      const sim = run(order, null, INFINITE);
      const first = sim.events.find((e) => e.type === 'ball-ball');
      expect(first?.type === 'ball-ball' && [...first.balls].sort()).toEqual([0, 2]);
      expectClose(first!.t, 0.2206820892302502, ROOT);
      expectClose(sampleOf(sim, first!.t, 0).r[1] - Y0, 0.4389754147904306, 0, 1e-9);
    });
  }

  it('without ball 2 the CB meets ball 1 at 0.4714511 s', () => {
    const sim = run([cb, one], null, INFINITE);
    const first = sim.events.find((e) => e.type === 'ball-ball');
    expectClose(first!.t, 0.4714510765332663, ROOT);
  });
});
