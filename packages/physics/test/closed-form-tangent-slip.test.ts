/**
 * Ball–ball friction with the full tangent-plane slip (docs/physics.md, "Ball–ball"; Alciatore's
 * technical proofs on throw, TP A-14). Every expected value is derived here from the contact
 * kinematics, never read from the simulator:
 *
 * - line of centres n (horizontal, from the cue ball to the object ball), normal impulse per unit
 *   mass Δv_n = (1 + e)/2 · v_n;
 * - slip at the contact: the relative surface velocity (v1 + w1 × Rn) − (v2 + w2 × (−Rn)) minus its
 *   component along n. With n horizontal the tangent plane is vertical: a cut or side spin gives a
 *   horizontal slip, top or back spin a vertical one;
 * - friction impulse F against the slip, F = min(μ(s) Δv_n, s/7), s = |slip| at the start (each unit
 *   of F changes the slip by 2 through the two velocities and 5 through the two spins);
 * - both balls' spin changes by (5/2R) n × Δv1; the vertical part of Δv is dropped (2D).
 *
 * Notation: the cue ball moves along +x at v; its "spin velocity" R·w_y is k·v (k = 1 rolling, 0 stun,
 * k < 0 draw); a cut angle φ puts the object ball at 2R(cos φ, −sin φ), so the cue ball's tangential
 * motion (and the throw) is toward +y. Tolerance 1e-9 relative, as the issue asks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PhysicsParams } from '../src/params.js';
import { resolveBallBall } from '../src/resolve.js';
import { SEED } from './arbitraries.js';
import { ballOf, D, deg, energy, expectClose, P, R, rad, stateOf } from './helpers.js';

const KIN = 1e-9;
const e = P.eBall;
/** Alciatore's fit, written out from the research notes (μ of the relative surface speed). */
const mu = (v: number) => 0.00995 + 0.108 * Math.exp(-1.088 * v);

/** CB at the origin (velocity v along x, spin w), OB at rest at 2R(cos φ, −sin φ). */
function cut(phiDeg: number, v: number, w: readonly number[]): Float64Array {
  const phi = rad(phiDeg);
  return stateOf([
    { v: [v, 0, 0], w },
    { x: D * Math.cos(phi), y: -D * Math.sin(phi) },
  ]);
}

/** The OB's angle from the line of centres, toward +y (the throw), in degrees. */
function throwOf(s: Float64Array, phiDeg: number): number {
  const ob = ballOf(s, 1).v;
  return deg(Math.atan2(ob[1], ob[0])) + phiDeg;
}

/**
 * Throw of a CB with spin velocity k·v at cut φ, from the closed form: horizontal slip h = v sin φ,
 * vertical slip k v cos φ (topspin: the CB's surface moves down at the contact), s = |slip|,
 * tan(throw) = min(μ(s), s/(7 Δv_n)) · h/s.
 */
function expectedThrow(phiDeg: number, v: number, k: number): number {
  const phi = rad(phiDeg);
  const h = v * Math.sin(phi);
  const vert = k * v * Math.cos(phi);
  const s = Math.sqrt(h * h + vert * vert);
  const dn = ((1 + e) / 2) * v * Math.cos(phi);
  return deg(Math.atan(Math.min(mu(s), s / (7 * dn)) * (h / s)));
}

describe('stun throw: tan θ = min(μ(v sin φ), 2 tan φ / (7(1 + e)))', () => {
  for (const v of [0.5, 1, 3]) {
    for (const phi of [5, 15, 30, 45, 60, 75]) {
      it(`v = ${v}, φ = ${phi}°`, () => {
        const p = rad(phi);
        const closed = deg(Math.atan(Math.min(mu(v * Math.sin(p)), (2 * Math.tan(p)) / (7 * (1 + e)))));
        // The general tangent-plane form reduces to Alciatore's for k = 0.
        expectClose(expectedThrow(phi, v, 0), closed, 1e-12);
        const s = cut(phi, v, [0, 0, 0]);
        resolveBallBall(s, 0, 1, P, false);
        expectClose(throwOf(s, phi), closed, KIN);
      });
    }
  }
});

describe('rolling throw: tan θ = min(μ(v) sin φ, 2 tan φ / (7(1 + e))), smaller than stun at every cut', () => {
  // Rolling (k = 1): s = v exactly, h/s = sin φ. The no-slip bound 2/(7(1 + e) cos φ) ≥ 0.1465 exceeds
  // μ ≤ 0.118, so a rolling hit always slips and the throw is atan(μ(v) sin φ) < the stun throw, whose
  // μ is taken at the smaller slip v sin φ (μ falls with speed) and is not multiplied by sin φ.
  for (const v of [0.5, 1, 3]) {
    it(`v = ${v}: every φ from 2.5° to 87.5°`, () => {
      for (let phi = 2.5; phi < 88; phi += 2.5) {
        const p = rad(phi);
        const closed = deg(Math.atan(Math.min(mu(v) * Math.sin(p), (2 * Math.tan(p)) / (7 * (1 + e)))));
        expectClose(expectedThrow(phi, v, 1), closed, 1e-12);
        const rollingHit = cut(phi, v, [0, v / R, 0]);
        resolveBallBall(rollingHit, 0, 1, P, false);
        const rollingThrow = throwOf(rollingHit, phi);
        expectClose(rollingThrow, closed, KIN);
        const stunHit = cut(phi, v, [0, 0, 0]);
        resolveBallBall(stunHit, 0, 1, P, false);
        expect(rollingThrow).toBeLessThan(throwOf(stunHit, phi));
        expect(rollingThrow).toBeGreaterThan(0);
      }
    });
  }

  it('draw (k = −1) throws like follow: the vertical slip is as large either way', () => {
    for (const phi of [10, 30, 50]) {
      const drawn = cut(phi, 1, [0, -1 / R, 0]);
      resolveBallBall(drawn, 0, 1, P, false);
      expectClose(throwOf(drawn, phi), expectedThrow(phi, 1, -1), KIN);
      expectClose(throwOf(drawn, phi), expectedThrow(phi, 1, 1), 1e-12);
    }
  });

  it('a half-ball hit at 1 m/s: stun 4.1544°, half draw 2.7066°, rolling 1.3271°', () => {
    // Written-out values of the closed form (computed separately in double precision).
    const cases = [
      [0, 4.154415543913839],
      [-0.5, 2.7065994183240822],
      [1, 1.3271361269822959],
    ] as const;
    for (const [k, throwDeg] of cases) {
      expectClose(expectedThrow(30, 1, k), throwDeg, 1e-12);
      const s = cut(30, 1, [0, k / R, 0]);
      resolveBallBall(s, 0, 1, P, false);
      expectClose(throwOf(s, 30), throwDeg, KIN);
    }
  });
});

describe('side spin, head-on: the OB is thrown and takes a little opposite side spin', () => {
  // n = x̂, CB spin w_z: slip R w_z ŷ; F = min(μ(R|w_z|) Δv_n, R|w_z|/7). The CB's front surface
  // moves toward sign(w_z)·ŷ, so friction drags the OB that way: OB v_y = sign(w_z) F, and both spins
  // change by (5/2R)(x̂ × (−sign(w_z) F ŷ)) = −sign(w_z)(5/2R) F ẑ: the OB spins the other way.
  const cases = [
    [1, 30, 'slip: μ Δv_n < R w_z / 7'],
    [1, -30, 'slip, the other side'],
    [1, 2, 'no-slip: the slip stops'],
    [3, 40, 'slip, fast'],
  ] as const;
  for (const [v, wz, regime] of cases) {
    it(`v = ${v}, w_z = ${wz} rad/s (${regime})`, () => {
      const dn = ((1 + e) / 2) * v;
      const slip = R * Math.abs(wz);
      const F = Math.min(mu(slip) * dn, slip / 7);
      if (regime.startsWith('no-slip')) expect(slip / 7).toBeLessThan(mu(slip) * dn);
      else expect(mu(slip) * dn).toBeLessThan(slip / 7);
      const s = stateOf([{ v: [v, 0, 0], w: [0, 0, wz] }, { x: D }]);
      resolveBallBall(s, 0, 1, P, false);
      const cb = ballOf(s, 0);
      const ob = ballOf(s, 1);
      const sign = Math.sign(wz);
      expectClose(ob.v[0], dn, KIN);
      expectClose(ob.v[1], sign * F, KIN);
      expectClose(cb.v[1], -sign * F, KIN);
      expectClose(ob.w[2], (-sign * 5 * F) / (2 * R), KIN);
      expectClose(cb.w[2], wz - (sign * 5 * F) / (2 * R), KIN);
      // Opposite side spin, and "a little": less than the CB's.
      expect(Math.sign(ob.w[2])).toBe(-sign);
      expect(Math.abs(ob.w[2])).toBeLessThan(Math.abs(cb.w[2]));
      // No horizontal-axis spin appears from a horizontal slip.
      expect([ob.w[0], ob.w[1]]).toEqual([0, 0]);
      if (regime.startsWith('no-slip')) {
        // The contact stops slipping: CB surface v_y + R w_z equals the OB's v_y − R w_z.
        expectClose(cb.v[1] + R * cb.w[2], ob.v[1] - R * ob.w[2], 0, 1e-15);
      }
    });
  }
});

describe('draw gives the OB a little follow, follow a little draw (head-on)', () => {
  // n = x̂, CB spin velocity k v (w_y = k v / R): the CB's surface at the contact moves down at k v
  // (w × R x̂ = −R w_y ẑ). Slip s = |k| v, vertical; F = min(μ(s) Δv_n, s/7) against it, on the CB
  // sign(k)·ẑ. Both spins change by (5/2R) x̂ × (sign(k) F ẑ) = −sign(k)(5/2R) F ŷ: the OB's spin
  // velocity R w_y becomes −sign(k)(5/2)F (follow for a drawn CB), the CB's k v − sign(k)(5/2)F.
  for (const [v, k] of [
    [1, -1],
    [1, 1],
    [2.5, -0.6],
    [0.3, 1],
    [1, -0.02],
  ] as const) {
    it(`v = ${v}, spin velocity ${k}·v`, () => {
      const dn = ((1 + e) / 2) * v;
      const slip = Math.abs(k) * v;
      const F = Math.min(mu(slip) * dn, slip / 7);
      const s = stateOf([{ v: [v, 0, 0], w: [0, (k * v) / R, 0] }, { x: D }]);
      resolveBallBall(s, 0, 1, P, false);
      const cb = ballOf(s, 0);
      const ob = ballOf(s, 1);
      const sign = Math.sign(k);
      expectClose(R * ob.w[1], -sign * 2.5 * F, KIN);
      expectClose(R * cb.w[1], k * v - sign * 2.5 * F, KIN);
      // Velocities along n only, as without friction; the vertical part of the impulse is dropped.
      expectClose(ob.v[0], dn, KIN);
      expectClose(cb.v[0], ((1 - e) / 2) * v, KIN);
      expect([cb.v[1], cb.v[2], ob.v[1], ob.v[2]]).toEqual([0, 0, 0, 0]);
      // "A little": the OB's spin velocity is opposite to the CB's and smaller than the CB's was.
      expect(Math.sign(ob.w[1])).toBe(-sign);
      expect(Math.abs(R * ob.w[1])).toBeLessThan(Math.abs(k * v));
    });
  }

  it("a follow cut: the OB's spin is about the horizontal axis across its line, draw", () => {
    // φ = 30°, rolling CB: vertical slip −v cos φ, so Δw ∝ n × ẑ: the OB's spin velocity lies along −n.
    const phi = rad(30);
    const n = [Math.cos(phi), -Math.sin(phi)] as const;
    const s = cut(30, 1, [0, 1 / R, 0]);
    resolveBallBall(s, 0, 1, P, false);
    const ob = ballOf(s, 1);
    const uw = [R * ob.w[1], -R * ob.w[0]] as const; // spin velocity R(w_y, −w_x)
    const along = uw[0] * n[0] + uw[1] * n[1];
    expect(along).toBeLessThan(0);
    expectClose(uw[0] * -n[1] + uw[1] * n[0], 0, 0, 1e-15);
    // Its magnitude: (5/2) × the vertical share (cos φ) of F = μ(1) Δv_n (slip phase, s = 1).
    const F = mu(1) * ((1 + e) / 2) * Math.cos(phi);
    expectClose(-along, 2.5 * F * Math.cos(phi), KIN);
  });
});

/** Random touching pairs on the cloth with any velocities and spins. */
const num = (max: number) =>
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((k) => (k / 1_000_000) * max);
const arbPair = fc.record({
  va: fc.tuple(num(4), num(4)),
  vb: fc.tuple(num(2), num(2)),
  wa: fc.tuple(num(150), num(150), num(150)),
  wb: fc.tuple(num(50), num(50), num(50)),
  alpha: num(Math.PI),
  e: fc.integer({ min: 0, max: 100 }).map((k) => k / 100),
});
type Pair = typeof arbPair extends fc.Arbitrary<infer T> ? T : never;

function pairState(c: Pair): Float64Array {
  return stateOf([
    { v: [c.va[0], c.va[1], 0], w: c.wa },
    { x: D * Math.cos(c.alpha), y: D * Math.sin(c.alpha), v: [c.vb[0], c.vb[1], 0], w: c.wb },
  ]);
}

/** The relative tangential slip at the contact, written from the contact kinematics (3D). */
function contactSlip(s: Float64Array): [number, number, number] {
  const a = ballOf(s, 0);
  const b = ballOf(s, 1);
  const dx = b.r[0] - a.r[0];
  const dy = b.r[1] - a.r[1];
  const len = Math.sqrt(dx * dx + dy * dy);
  const n = [dx / len, dy / len, 0];
  const cross = (w: readonly number[], r: readonly number[]) => [
    w[1]! * r[2]! - w[2]! * r[1]!,
    w[2]! * r[0]! - w[0]! * r[2]!,
    w[0]! * r[1]! - w[1]! * r[0]!,
  ];
  const rn = n.map((c) => R * c);
  const ca = cross(a.w, rn).map((c, k) => c + a.v[k]!);
  const cb = cross(
    b.w,
    rn.map((c) => -c),
  ).map((c, k) => c + b.v[k]!);
  const rel = ca.map((c, k) => c - cb[k]!);
  const along = rel[0]! * n[0]! + rel[1]! * n[1]!;
  return [rel[0]! - along * n[0]!, rel[1]! - along * n[1]!, rel[2]!];
}

const closing = (s: Float64Array) => {
  const a = ballOf(s, 0);
  const b = ballOf(s, 1);
  return (a.v[0] - b.v[0]) * (b.r[0] - a.r[0]) + (a.v[1] - b.v[1]) * (b.r[1] - a.r[1]) > 0;
};

describe('invariants of the tangent-plane friction (random pairs)', () => {
  const runs = { numRuns: 400, seed: SEED };

  it('energy never increases; linear momentum in the plane is conserved', () => {
    fc.assert(
      fc.property(arbPair, (c) => {
        const s = pairState(c);
        const params: PhysicsParams = { ...P, eBall: c.e };
        const before = energy(s);
        const pa = ballOf(s, 0).v;
        const pb = ballOf(s, 1).v;
        resolveBallBall(s, 0, 1, params, false);
        expect(energy(s)).toBeLessThanOrEqual(before * (1 + 1e-12) + 1e-15);
        const qa = ballOf(s, 0).v;
        const qb = ballOf(s, 1).v;
        expectClose(qa[0] + qb[0], pa[0] + pb[0], 0, 1e-14);
        expectClose(qa[1] + qb[1], pa[1] + pb[1], 0, 1e-14);
      }),
      runs,
    );
  });

  it('the slip keeps its direction and falls by 7F; the no-slip phase ends it exactly', () => {
    // The impulse stops the 3D slip exactly in the no-slip case: 2F through the two velocities and 5F
    // through the two spins. Then the vertical part of Δv is dropped (the slate takes it), so the
    // vertical slip is left with the 2F share that the dropped velocities would have removed:
    // horizontal components scale by 1 − 7F/s, the vertical one by 1 − 5F/s.
    fc.assert(
      fc.property(arbPair, (c) => {
        const s = pairState(c);
        if (!closing(s)) return;
        const params: PhysicsParams = { ...P, eBall: c.e };
        const before = contactSlip(s);
        const size = Math.hypot(...before);
        const a = ballOf(s, 0);
        const b = ballOf(s, 1);
        const n = [(b.r[0] - a.r[0]) / D, (b.r[1] - a.r[1]) / D];
        const vn = (a.v[0] - b.v[0]) * n[0]! + (a.v[1] - b.v[1]) * n[1]!;
        // Contacts closing slower than plasticBelow are plastic (docs/physics.md, Robustness).
        const dn = ((1 + (vn < P.plasticBelow ? 0 : c.e)) / 2) * vn;
        const F = Math.min(mu(size) * dn, size / 7);
        resolveBallBall(s, 0, 1, params, false);
        const after = contactSlip(s);
        const scale = 1e-12 * (1 + size + Math.abs(vn));
        const keep = size === 0 ? [0, 0, 0] : [1 - (7 * F) / size, 1 - (7 * F) / size, 1 - (5 * F) / size];
        for (let k = 0; k < 3; k++) expectClose(after[k]!, before[k]! * keep[k]!, 0, scale);
        if (F === size / 7) {
          expect(Math.hypot(after[0], after[1])).toBeLessThanOrEqual(scale);
          // With the dropped vertical velocities (±F·slip_z/s on the two balls) the slip would be 0.
          expectClose(after[2] - (2 * F * before[2]) / size, 0, 0, scale);
        }
      }),
      runs,
    );
  });

  it('mirror symmetry: y ↦ −y maps (v_x, v_y, w_x, w_y, w_z) to (v_x, −v_y, −w_x, w_y, −w_z)', () => {
    fc.assert(
      fc.property(arbPair, (c) => {
        const s = pairState(c);
        const m = stateOf([
          { v: [c.va[0], -c.va[1], 0], w: [-c.wa[0], c.wa[1], -c.wa[2]] },
          {
            x: D * Math.cos(c.alpha),
            y: -D * Math.sin(c.alpha),
            v: [c.vb[0], -c.vb[1], 0],
            w: [-c.wb[0], c.wb[1], -c.wb[2]],
          },
        ]);
        const params: PhysicsParams = { ...P, eBall: c.e };
        resolveBallBall(s, 0, 1, params, false);
        resolveBallBall(m, 0, 1, params, false);
        const flip = [1, -1, 1, 1, -1, 1, -1, 1, -1];
        for (let k = 0; k < 18; k++) {
          expectClose(m[k]!, flip[k % 9]! * s[k]!, 0, 1e-15 * (1 + Math.abs(s[k]!)));
        }
      }),
      runs,
    );
  });
});
