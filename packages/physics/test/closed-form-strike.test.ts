/**
 * The cue strike against research notes §2.4 (rows V05–V08, V27, V31). The simulator's strike takes
 * the tip offset (a, b) perpendicular to the cue, in ball radii, so the contact point is
 * Q = −c d + aR s + bR u (d along the cue, s to its right, u ⊥ d upward, c = R√(1 − a² − b²)).
 * From the impulse P along d with an elastic tip and cue mass M:
 *   1/m_eff = 1/m + |Q × d|²/I = (1/m)(1 + (5/2R²)(a² + b²)R²), so
 *   v = 2V0 / (1 + m/M + (5/2)(a² + b²)),  w = (m v / I)(Q × d) = (5v/2R²)(Q × d).
 * For a level cue at angle 0 (d = x̂, s = −ŷ, u = ẑ) this gives w = (5v/2R)(0, b, a): follow/draw
 * about y and side spin about z, right English (a > 0) counter-clockwise seen from above.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sinCosDeg } from '../src/math/det.js';
import { simulate } from '../src/simulate.js';
import { strikeBall } from '../src/strike.js';
import { deg, expectClose, INFINITE, P, R, run, sampleOf, X0, Y0 } from './helpers.js';

const KIN = 1e-9;
const muSg = P.muSlide * P.g;
const V0 = 3;
const massRatio = 1 + P.m / P.cueMass; // 1 + 0.28/0.72 = 1.3888…

/** Independent evaluation of the strike formulas above (no squirt). */
function expectedStrike(V: number, phiDeg: number, thetaDeg: number, a: number, b: number) {
  const phi = (phiDeg * Math.PI) / 180;
  const theta = (thetaDeg * Math.PI) / 180;
  const f = [Math.cos(phi), Math.sin(phi), 0];
  const d = [Math.cos(theta) * f[0]!, Math.cos(theta) * f[1]!, -Math.sin(theta)];
  const s = [f[1]!, -f[0]!, 0];
  const u = [Math.sin(theta) * f[0]!, Math.sin(theta) * f[1]!, Math.cos(theta)];
  const v = (2 * V) / (massRatio + 2.5 * (a * a + b * b));
  const c = R * Math.sqrt(1 - a * a - b * b);
  const Q = [0, 1, 2].map((k) => -c * d[k]! + a * R * s[k]! + b * R * u[k]!);
  const cross = [Q[1]! * d[2]! - Q[2]! * d[1]!, Q[2]! * d[0]! - Q[0]! * d[2]!, Q[0]! * d[1]! - Q[1]! * d[0]!];
  const k = (5 * v) / (2 * R * R);
  return { speed: v, v: d.map((x) => v * x), w: cross.map((x) => k * x) };
}

describe('level strikes (V05–V08)', () => {
  it('V05: centre hit, V0 = 3 → v = 2V0/(1 + m/M) = 4.32 m/s, no spin, sliding', () => {
    expectClose((2 * V0) / massRatio, 4.32, 1e-15);
    for (const angle of [0, 37, 90, 180, 213.5, -45]) {
      const r = strikeBall({ ball: 0, speed: V0, angleDeg: angle }, P);
      const [sin, cos] = [Math.sin((angle * Math.PI) / 180), Math.cos((angle * Math.PI) / 180)];
      expectClose(r.v[0], 4.32 * cos, KIN, 1e-15);
      expectClose(r.v[1], 4.32 * sin, KIN, 1e-15);
      expect(r.v[2] === 0).toBe(true);
      expect(r.w.map(Math.abs)).toEqual([0, 0, 0]);
      expect(r.miscue).toBe(false);
      expect(r.squirt).toBe(0);
    }
    const sim = run([{ id: 0, x: X0, y: Y0 }], { ball: 0, speed: V0, angleDeg: 0 }, INFINITE);
    expect(sampleOf(sim, 0, 0).state).toBe('sliding');
  });

  it('V06: b = +0.4 → v = 6/1.788889 = 3.3540373 m/s with R·w = v: rolling at once, no slide', () => {
    const r = strikeBall({ ball: 0, speed: V0, angleDeg: 0, height: 0.4 }, P);
    expectClose(r.v[0], 3.354037267080745, KIN);
    expectClose(R * r.w[1], r.v[0], KIN);
    expect(Math.abs(r.v[0] - R * r.w[1])).toBeLessThan(1e-12);
    const sim = run([{ id: 0, x: X0, y: Y0 }], { ball: 0, speed: V0, angleDeg: 0, height: 0.4 }, INFINITE);
    expect(sampleOf(sim, 0, 0).state).toBe('rolling');
    expect(sim.events.map((e) => e.type)).toEqual(['strike', 'transition']);
    expect(sim.events[1]).toMatchObject({ from: 'rolling', to: 'stationary' });
  });

  // V07/V08: b = ±0.5 → v = 6/2.013889 = 2.9793103 m/s, R w/v = (5/2) b = ±1.25, slip u = v − R w.
  // τ = 2|u|/(7 μs g); the slide ends at v_f = (5v + 2Rw)/7.
  for (const [b, slip, tau, vFinal] of [
    [0.5, -0.7448275862068966, 0.1084647715460749, 3.192118226600985],
    [-0.5, 6.703448275862069, 0.9761829439146744, 1.064039408866995],
  ] as const) {
    it(`V0${b > 0 ? 7 : 8}: b = ${b}: slip ${slip}, slide ends at ${tau} s with v = ${vFinal}`, () => {
      const r = strikeBall({ ball: 0, speed: V0, angleDeg: 0, height: b }, P);
      const v = (2 * V0) / (massRatio + 2.5 * b * b);
      expectClose(v, 2.979310344827586, 1e-15);
      expectClose(r.v[0], v, KIN);
      expectClose((R * r.w[1]) / r.v[0], 2.5 * b, KIN);
      expectClose(r.v[0] - R * r.w[1], slip, KIN);
      expectClose((2 * Math.abs(slip)) / (7 * muSg), tau, 1e-12);
      expectClose((5 * v + 2 * 2.5 * b * v) / 7, vFinal, 1e-12);
      const sim = run([{ id: 0, x: X0, y: Y0 }], { ball: 0, speed: V0, angleDeg: 0, height: b }, INFINITE);
      const slideEnd = sim.events.find((e) => e.type === 'transition');
      expect(slideEnd).toMatchObject({ from: 'sliding', to: 'rolling' });
      expectClose(slideEnd!.t, tau, 1e-6);
      expectClose(sampleOf(sim, slideEnd!.t, 0).v[0], vFinal, KIN);
    });
  }

  it('side English: w = (5v/2R)(0, b, a); right English spins counter-clockwise (+z)', () => {
    const r = strikeBall({ ball: 0, speed: V0, angleDeg: 0, side: 0.3 }, P);
    const v = (2 * V0) / (massRatio + 2.5 * 0.09);
    expectClose(Math.hypot(...r.v), v, KIN);
    expectClose(r.w[2], (5 * v * 0.3) / (2 * R), KIN);
    expect(r.w[0]).toBe(0);
    expect(Math.abs(r.w[1])).toBeLessThan(1e-12);
  });

  it('a tip offset beyond the miscue limit (0.5 R) is reported and clamped onto the limit', () => {
    const r = strikeBall({ ball: 0, speed: V0, angleDeg: 0, side: 0.36, height: -0.48 }, P);
    expect(r.miscue).toBe(true);
    // Clamped along the same direction: (0.36, −0.48)/0.6 × 0.5 = (0.3, −0.4).
    const clamped = strikeBall({ ball: 0, speed: V0, angleDeg: 0, side: 0.3, height: -0.4 }, P);
    for (let k = 0; k < 3; k++) {
      expectClose(r.v[k]!, clamped.v[k]!, KIN, 1e-15);
      expectClose(r.w[k]!, clamped.w[k]!, KIN, 1e-12);
    }
    const sim = run([{ id: 0, x: X0, y: Y0 }], { ball: 0, speed: V0, angleDeg: 0, height: 0.6 }, INFINITE);
    expect(sim.miscue).toBe(true);
    expect(sim.events[0]).toMatchObject({ type: 'strike', miscue: true });
  });
});

describe('the miscue limit is a parameter of the cue', () => {
  // 0.6 R is a miscue under the default limit (0.5 R) and a valid stroke for a cue whose limit is
  // 0.7 R: then v = 2V0/(1 + m/M + (5/2)·0.36) and w = (5v/2R)(0, 0.6, 0) exactly as for any offset.
  it('0.6 R: a miscue by default, a valid stroke for a cue with limit 0.7 R', () => {
    const strike = { ball: 0, speed: V0, angleDeg: 0, height: 0.6 };
    expect(strikeBall(strike, P).miscue).toBe(true);
    const r = strikeBall({ ...strike, miscueLimit: 0.7 }, P);
    expect(r.miscue).toBe(false);
    const v = (2 * V0) / (massRatio + 2.5 * 0.36);
    expectClose(r.v[0], v, KIN);
    expectClose(r.w[1], (5 * v * 0.6) / (2 * R), KIN);
    // A cue with a tighter limit clamps onto its own: 0.3 R for limit 0.3.
    const tight = strikeBall({ ...strike, height: 0.4, miscueLimit: 0.3 }, P);
    expect(tight.miscue).toBe(true);
    const at = strikeBall({ ...strike, height: 0.3 }, P);
    expectClose(tight.w[1], at.w[1], KIN);
    const sim = run([{ id: 0, x: X0, y: Y0 }], { ...strike, miscueLimit: 0.7 }, INFINITE);
    expect(sim.miscue).toBe(false);
    expect(sim.events[0]).toMatchObject({ type: 'strike', miscue: false });
  });

  it('a limit outside (0, 1] is refused with its field', () => {
    for (const miscueLimit of [0, 1.5, -0.1, Number.NaN]) {
      const result = simulate(
        [{ id: 0, x: X0, y: Y0 }],
        { ball: 0, speed: V0, angleDeg: 0, miscueLimit },
        INFINITE,
        P,
      );
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.error).toMatchObject({ code: 'invalid-input', field: '/strike/miscueLimit' });
    }
  });
});

describe('the general strike formula (property)', () => {
  it('speed, spin and direction agree with the impulse derivation for any aim, elevation and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -360, max: 720 }),
        fc.integer({ min: 0, max: 80 }),
        fc.double({ min: -0.35, max: 0.35, noNaN: true }),
        fc.double({ min: -0.35, max: 0.35, noNaN: true }),
        fc.double({ min: 0.1, max: 12, noNaN: true }),
        (angle, elevation, a, b, V) => {
          // Squirt rotates the velocity about ẑ; compare with side = 0 for the velocity, and the spin
          // (which squirt does not change) with any side.
          const r = strikeBall(
            { ball: 0, speed: V, angleDeg: angle, elevationDeg: elevation, side: a, height: b },
            P,
          );
          const e = expectedStrike(V, angle, elevation, a, b);
          for (let k = 0; k < 3; k++) expectClose(r.w[k]!, e.w[k]!, 1e-9, 1e-9 * Math.abs(e.speed / R));
          expectClose(Math.hypot(...r.v), e.speed, 1e-12);
          const noSide = strikeBall(
            { ball: 0, speed: V, angleDeg: angle, elevationDeg: elevation, height: b },
            P,
          );
          const e0 = expectedStrike(V, angle, elevation, 0, b);
          for (let k = 0; k < 3; k++) expectClose(noSide.v[k]!, e0.v[k]!, 1e-12, 1e-12 * e0.speed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sinCosDeg is exact at multiples of 90° and within 1e-15 of sin/cos elsewhere', () => {
    // Compared with ===, so −0 and +0 count as equal.
    const exact = (angle: number, sin: number, cos: number) => {
      const [s, c] = sinCosDeg(angle);
      expect(s === sin && c === cos).toBe(true);
    };
    exact(0, 0, 1);
    exact(90, 1, 0);
    exact(180, 0, -1);
    exact(-90, -1, 0);
    exact(450, 1, 0);
    for (let a = -720; a <= 720; a++) {
      const [s, c] = sinCosDeg(a);
      // Reduce the integer angle exactly first, so Math.sin's own argument rounding stays small.
      const reduced = (((a % 360) + 360) % 360) * (Math.PI / 180);
      expectClose(s, Math.sin(reduced), 0, 1e-15);
      expectClose(c, Math.cos(reduced), 0, 1e-15);
    }
  });

  it('sinCosDeg is mirror-exact: (−a) gives (−sin a, cos a), and sin 45° = cos 45°', () => {
    // Exact mirror symmetry of a shot (y ↦ W − y, angle ↦ −angle) needs the aim vector of −a to be
    // the exact mirror of that of a. Found: at odd multiples of 45° the two octants use different
    // series (sin 45° = 0.7071067811865476 but cos 45° = 0.7071067811865475, so a 45° cue is not
    // on the diagonal and −45° is not the mirror of 45°); for non-integer angles the reduction
    // `d % 360 + 360` rounds, so sin(−12.345°) ≠ −sin(12.345°) by ~2 ulp.
    const bad: string[] = [];
    const angles = [...Array.from({ length: 1441 }, (_, k) => k - 720), 12.345, 0.1, 33.3];
    for (const a of angles) {
      const [s, c] = sinCosDeg(a);
      const [sm, cm] = sinCosDeg(-a);
      if (!(sm === -s && cm === c)) bad.push(`${a}°: (${s}, ${c}) vs (${sm}, ${cm})`);
    }
    const [s45, c45] = sinCosDeg(45);
    if (s45 !== c45) bad.push(`45°: sin ${s45} ≠ cos ${c45}`);
    expect(bad).toEqual([]);
  });
});

describe('squirt (V27): tan α = (5/2) s √(1−s²) / (1 + m/m_e + (5/2)(1−s²))', () => {
  // m/m_e = 20, s = 0.2: tan α = 0.4898979/23.4 → α = 1.1993583°.
  // m/m_e = 30 (DEFAULT_PARAMS, m_e = m/30), s = 0.5: 1.0825318/32.875 → 1.8859954°; s = 0.3: 1.2317416°.
  const cases = [
    [20, 0.2, 1.19935833133329],
    [30, 0.5, 1.885995363352919],
    [30, 0.3, 1.2317416187212],
  ] as const;
  for (const [ratio, side, alphaDeg] of cases) {
    it(`m/m_e = ${ratio}, s = ${side} → ${alphaDeg}°; right English deflects the ball left`, () => {
      const params = { ...P, cueEndMass: P.m / ratio };
      const tan = (2.5 * side * Math.sqrt(1 - side * side)) / (1 + ratio + 2.5 * (1 - side * side));
      expectClose(deg(Math.atan(tan)), alphaDeg, 1e-12);
      const right = strikeBall({ ball: 0, speed: V0, angleDeg: 0, side }, params);
      expectClose(deg(right.squirt), alphaDeg, 1e-9);
      // Cue along +x: left of the cue line is +y.
      expectClose(deg(Math.atan2(right.v[1], right.v[0])), alphaDeg, 1e-9);
      const left = strikeBall({ ball: 0, speed: V0, angleDeg: 0, side: -side }, params);
      expectClose(deg(Math.atan2(left.v[1], left.v[0])), -alphaDeg, 1e-9);
      // Squirt turns the velocity; it does not change its size.
      expectClose(Math.hypot(...right.v), (2 * V0) / (massRatio + 2.5 * side * side), 1e-12);
    });
  }
});

describe('elevated cue through the centre (V31 strike part)', () => {
  // θ = 10°, V0 = 3: no spin; v = 4.32 m/s along the cue: horizontal 4.32 cos 10° = 4.2543695,
  // vertical −4.32 sin 10° = −0.75016013 (into the slate).
  it('θ = 10°', () => {
    const r = strikeBall({ ball: 0, speed: V0, angleDeg: 0, elevationDeg: 10 }, P);
    expectClose(r.v[0], 4.254369493012739, KIN);
    expect(Math.abs(r.v[1])).toBe(0);
    expectClose(r.v[2], -0.7501601275211391, KIN);
    expect(r.w.map(Math.abs)).toEqual([0, 0, 0]);
  });
});
