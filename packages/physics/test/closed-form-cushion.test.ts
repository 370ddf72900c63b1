/**
 * Cushions, jaws and pockets against the closed forms (research notes §2.2, §2.3; rows V21–V25).
 *
 * Han 2005 in the cushion frame (x into the cushion, y = ẑ × x, z up), nose h = 42 mm above the slate,
 * sin θ = (h − R)/R = 0.2352941:
 *   s = (v_x sinθ − v_z cosθ + R w_y, −v_y − R w_z cosθ + R w_x sinθ), c = v_x cosθ,
 *   P_zE = (1 + e_c) m c, P_zS = |s| 2m/7; stick if P_zS ≤ μ P_zE (P = s·2m/7) else slide
 *   (P = μ P_zE ŝ); P_X = −P_x sinθ − P_zE cosθ, P_Y = P_y, P_Z = P_x cosθ − P_zE sinθ;
 *   Δv = P/m, Δw = (R/I)(−P_Y sinθ, P_X sinθ − P_Z cosθ, P_Y cosθ).
 * The values below were computed from these formulas in 30-digit arithmetic and agree with V23/V24.
 */
import { describe, expect, it } from 'vitest';
import { CIRCLE_STRIDE, POCKET_STRIDE } from '../src/boundary.js';
import { resolveCushion } from '../src/resolve.js';
import {
  ballOf,
  deg,
  expectClose,
  GEOMETRY,
  hypot2,
  L,
  P,
  R,
  rad,
  rolling,
  run,
  sampleOf,
  stateOf,
  TABLE,
  W,
} from './helpers.js';

const KIN = 1e-9;
const ROOT = 1e-6;
const murg = P.muRoll * P.g;
const muSg = P.muSlide * P.g;
const S = Math.SQRT1_2;

/** Time for a ball rolling at v0 to cover distance d: d = v0 t − ½ μr g t². */
function rollTime(v0: number, d: number): number {
  return (v0 - Math.sqrt(v0 * v0 - 2 * murg * d)) / murg;
}

/**
 * Resolves a cushion hit for a ball given in the cushion frame (x into the cushion, y = ẑ × x) with
 * the cushion's inward normal n; returns the outgoing velocity and spin in the cushion frame.
 */
function hitInCushionFrame(
  n: readonly [number, number],
  v: readonly number[],
  w: readonly number[],
  params = P,
  keepVertical = false,
) {
  const e = [-n[0], -n[1]] as const;
  const f = [-e[1], e[0]] as const;
  const toTable = (c: readonly number[]) => [c[0]! * e[0] + c[1]! * f[0], c[0]! * e[1] + c[1]! * f[1], c[2]!];
  const s = stateOf([{ v: toTable(v), w: toTable(w) }]);
  resolveCushion(s, 0, n[0], n[1], params, keepVertical);
  const b = ballOf(s, 0);
  const toCushion = (t: readonly number[]): [number, number, number] => [
    t[0]! * e[0] + t[1]! * e[1],
    t[0]! * f[0] + t[1]! * f[1],
    t[2]!,
  ];
  return { v: toCushion(b.v), w: toCushion(b.w) };
}

/** Cushion normals to try: the four rails, a jaw-like diagonal and an odd angle. */
const NORMALS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, 1],
  [0, -1],
  [S, S],
  [Math.cos(rad(200)), Math.sin(rad(200))],
];

describe('V21: a rolling ball meets the back cushion', () => {
  // Centre 1.0 m from the nose line, 1 m/s perpendicular: contact at distance R, i.e. after
  // 1 − R = 0.966 m of rolling: t = (1 − √(1 − 2 μr g · 0.966))/(μr g) = 1.0167022 s.
  it('contact at 1.0167022 s with the centre R from the nose', () => {
    const sim = run([rolling(0, L - 1, W / 2, 1, 0)], null);
    const hit = sim.events[0]!;
    expect(hit).toMatchObject({ type: 'cushion', ball: 0, cushion: 'back' });
    expectClose(rollTime(1, 1 - R), 1.016702165542159, 1e-12);
    expectClose(hit.t, 1.016702165542159, ROOT);
    expectClose(sampleOf(sim, hit.t, 0).r[0], L - R, 0, 1e-9);
  });
});

describe('V22: simple reflection (Han with θ = 0, μ = 0): tan(out) = tan(in)/e', () => {
  // With the nose at the centre's height (h = R) and no friction Han reduces to v_n' = −e v_n,
  // v_t' = v_t, spin unchanged. 45° in, e = 0.85 → atan(1/0.85) = 49.635463° from the normal.
  const simple = { ...P, noseHeight: R, muCushion: 0 };
  for (const n of NORMALS) {
    it(`normal (${n[0].toFixed(3)}, ${n[1].toFixed(3)})`, () => {
      const out = hitInCushionFrame(n, [S, S, 0], [0, 0, 0], simple);
      expectClose(out.v[0], -0.85 * S, KIN);
      expectClose(out.v[1], S, KIN);
      expectClose(deg(Math.atan2(out.v[1], -out.v[0])), 49.63546342690264, KIN);
      for (const x of out.w) expect(Math.abs(x)).toBeLessThan(1e-12);
      const mirror = hitInCushionFrame(n, [S, S, 0], [0, 0, 0], { ...simple, eCushion: 1 });
      expectClose(mirror.v[0], -S, KIN);
      expectClose(mirror.v[1], S, KIN);
    });
  }
});

describe('V23/V24: Han 2005 with the Russian nose (h = 42 mm, e_c 0.85, μ 0.2)', () => {
  for (const n of NORMALS) {
    const label = `normal (${n[0].toFixed(3)}, ${n[1].toFixed(3)})`;
    it(`V23 rolling 1 m/s straight in (stick): v_n −0.8306228, w_y +3.4602076 — ${label}`, () => {
      const out = hitInCushionFrame(n, [1, 0, 0], [0, 1 / R, 0]);
      expectClose(out.v[0], -0.8306228373702422, KIN);
      expect(Math.abs(out.v[1])).toBeLessThan(1e-12);
      expect(out.v[2]).toBe(0); // a ball on the cloth: the vertical velocity is dropped
      expectClose(out.w[1], 3.460207612456747, KIN);
      expect(Math.abs(out.w[0])).toBeLessThan(1e-9);
      expect(Math.abs(out.w[2])).toBeLessThan(1e-9);
      // A flying ball keeps the vertical part of the impulse: P_Z/m = −0.08004082 m/s.
      const flying = hitInCushionFrame(n, [1, 0, 0], [0, 1 / R, 0], P, true);
      expectClose(flying.v[2], -0.08004081764222017, KIN);
    });

    it(`V23 stun 1 m/s straight in (stick): v_n −0.7633959, w_y −4.9431537 — ${label}`, () => {
      const out = hitInCushionFrame(n, [1, 0, 0], [0, 0, 0]);
      expectClose(out.v[0], -0.7633959466139397, KIN);
      expectClose(out.w[1], -4.943153732081068, KIN);
    });

    it(`V24 rolling 1 m/s at 45° (slip): v (−0.5709247, 0.5273008), w (−17.686428, 7.5762304, −12.849837) — ${label}`, () => {
      const out = hitInCushionFrame(n, [S, S, 0], [-S / R, S / R, 0]);
      expectClose(out.v[0], -0.5709246598281271, KIN);
      expectClose(out.v[1], 0.5273008015545601, KIN);
      expectClose(deg(Math.atan2(out.v[1], -out.v[0])), 42.7252852849001, KIN);
      expectClose(out.w[0], -17.68642817275335, KIN);
      expectClose(out.w[1], 7.57623035607585, KIN);
      expectClose(out.w[2], -12.84983716670059, KIN);
    });
  }

  it('a ball moving away from (or along) the cushion is left alone', () => {
    for (const v of [
      [-1, 0.3, 0],
      [0, 1, 0],
    ]) {
      const out = hitInCushionFrame([-1, 0], v, [5, 6, 7]);
      expect(out.v).toEqual(v);
      expect(out.w).toEqual([5, 6, 7]);
    }
  });
});

/** A pocket's two jaw tips (metres, from the simulator's boundary) and the geometry derived from them. */
function pocketGeometry(id: string) {
  const jaws: { id: string; x: number; y: number; r: number }[] = [];
  TABLE.jawPockets.forEach((pocket, k) => {
    if (pocket === id) {
      const q = k * CIRCLE_STRIDE;
      jaws.push({ id: TABLE.jawIds[k]!, x: TABLE.jaws[q]!, y: TABLE.jaws[q + 1]!, r: TABLE.jaws[q + 2]! });
    }
  });
  expect(jaws).toHaveLength(2);
  const [j1, j2] = jaws as [(typeof jaws)[0], (typeof jaws)[0]];
  // The mouth line joins the jaw centres; the axis is perpendicular to it, pointing off the table.
  const mx = (j1.x + j2.x) / 2;
  const my = (j1.y + j2.y) / 2;
  const span = hypot2(j2.x - j1.x, j2.y - j1.y);
  let ux = -(j2.y - j1.y) / span;
  let uy = (j2.x - j1.x) / span;
  if (ux * (mx - L / 2) + uy * (my - W / 2) < 0) {
    ux = -ux;
    uy = -uy;
  }
  const k = TABLE.pocketIds.indexOf(id);
  // The fall edge: how far behind the mouth line the slate is cut.
  const fallDepth = TABLE.pockets[k * POCKET_STRIDE + 6]!;
  return { jaws, mx, my, ux, uy, mouth: span - j1.r - j2.r, fallDepth };
}

describe('V25: pocket mouth clearance on the real geometry', () => {
  // A ball rolling along a pocket's axis at lateral offset o passes the tips untouched iff
  // |o| ≤ W/2 − R, whatever the tip radius r: the tip centres sit W/2 + r off the axis on the mouth
  // line, so the ball clears them iff W/2 + r − |o| ≥ R + r. Corner W = 72.5 mm → 2.25 mm; middle
  // 82.5 mm → 7.25 mm. Just short of the clearance (corner 2.0 mm, middle 7.0 mm) the ball is pocketed
  // with no jaw event; just past it (2.5 mm, 7.5 mm) it hits the tip on its own side when
  // (lateral gap)² + along² = (R + r)², i.e. √((R + r)² − (W/2 + r − |o|)²) before the mouth line.
  // It falls when its centre passes the fall edge, the corridor behind the mouth line (corner
  // 5.5 mm, middle 0), whatever its offset.
  const start = 0.4; // metres before the mouth line, rolling at 1 m/s
  for (const id of ['FL', 'FR', 'ML', 'MR', 'BL', 'BR']) {
    const g = pocketGeometry(id);
    const corner = id[0] !== 'M';
    const preset = GEOMETRY.preset;

    it(`${id}: the axis from the jaw tips is the table's pocket axis; the clearance is W/2 − R`, () => {
      const pocket = GEOMETRY.pockets.find((p) => p.id === id)!;
      expectClose(g.ux, pocket.axis.x, 0, 1e-12);
      expectClose(g.uy, pocket.axis.y, 0, 1e-12);
      expectClose(g.mouth, (corner ? preset.cornerMouth : preset.middleMouth) / 1000, 0, 1e-12);
      expectClose(g.mouth / 2 - R, corner ? 0.00225 : 0.00725, 0, 1e-12);
    });

    const inside = corner ? 0.002 : 0.007;
    const outside = corner ? 0.0025 : 0.0075;
    for (const sign of [1, -1]) {
      const tx = -g.uy * sign;
      const ty = g.ux * sign;
      const setup = (o: number) =>
        rolling(0, g.mx - start * g.ux + o * tx, g.my - start * g.uy + o * ty, g.ux, g.uy);

      it(`${id}: offset ${sign * inside * 1000} mm is pocketed without touching a jaw`, () => {
        const sim = run([setup(inside)], null);
        expect(sim.events.map((e) => e.type)).toEqual(['pocket']);
        expect(sim.events[0]).toMatchObject({ ball: 0, pocket: id });
        expectClose(g.fallDepth, corner ? 0.0055 : 0, 0, 1e-15);
        expectClose(sim.events[0]!.t, rollTime(1, start + g.fallDepth), ROOT);
      });

      it(`${id}: offset ${sign * outside * 1000} mm hits the jaw on its side`, () => {
        const sim = run([setup(outside)], null);
        const first = sim.events[0]!;
        expect(first).toMatchObject({ type: 'jaw', ball: 0, pocket: id });
        const jaw = g.jaws.find((j) => j.id === (first.type === 'jaw' ? first.jaw : ''))!;
        const lateral = (jaw.x - g.mx) * tx + (jaw.y - g.my) * ty;
        expect(lateral).toBeGreaterThan(0);
        const gap = lateral - outside;
        const travel = start - Math.sqrt((R + jaw.r) ** 2 - gap ** 2);
        expectClose(first.t, rollTime(1, travel), ROOT);
        const at = sampleOf(sim, first.t, 0);
        expectClose(hypot2(at.r[0] - jaw.x, at.r[1] - jaw.y), R + jaw.r, 0, 1e-9);
      });
    }
  }
});

describe('a sliding ball that curves into a cushion', () => {
  // Research §1.7: a cushion root is accepted if the ball approaches — for a sliding ball that is
  // n·v(t) < 0 at the root, not n·v(0) < 0: its path is a parabola and can bend into a cushion it is
  // moving along or away from. Ball at y0 = 0.05 (16 mm gap to the right nose line y = 0), v = (1, 0),
  // w = (20, 0, 0): slip u = (1, R·20) = (1, 0.68), friction −μs g û pulls it toward −y. It reaches
  // y = R at t* = √(2(y0 − R)/(μs g û_y)) = 0.17030899 s, before its slide ends at
  // τ = 2|u|/(7 μs g) = 0.17610271 s.
  it('meets the cushion at t* while still sliding (and never crosses the nose line)', () => {
    const y0 = 0.05;
    const u = hypot2(1, 0.68);
    const tStar = Math.sqrt((2 * (y0 - R)) / (muSg * (0.68 / u)));
    expectClose(tStar, 0.1703089909680186, 1e-12);
    expect(tStar).toBeLessThan((2 * u) / (7 * muSg));
    const sim = run([{ id: 0, x: 1, y: y0, v: [1, 0, 0], w: [20, 0, 0] }], null);
    const hit = sim.events.find((e) => e.type === 'cushion');
    expect(hit).toMatchObject({ type: 'cushion', ball: 0, cushion: 'right-front' });
    expectClose(hit!.t, tStar, ROOT, 0, 'first cushion time');
    for (let t = 0; t <= 0.3; t += 0.001) expect(sampleOf(sim, t, 0).r[1]).toBeGreaterThanOrEqual(R - 1e-9);
  });

  it('a drawn cue ball coming back off an object ball meets the cushion behind it', () => {
    // Cue ball 86 mm from the right nose line, struck away from it (90°) with heavy draw into a full
    // hit on a ball 0.28 m away: it stops on the object ball and its backspin pulls it back into the
    // cushion it was moving away from, while still sliding. Its centre must never pass y = R.
    const sim = run(
      [
        { id: 0, x: 1, y: 0.12 },
        { id: 1, x: 1, y: 0.4 },
      ],
      { ball: 0, speed: 4, angleDeg: 90, height: -0.45 },
    );
    let lowest = Number.POSITIVE_INFINITY;
    for (let t = 0; t <= Math.min(sim.duration, 3); t += 0.0005)
      lowest = Math.min(lowest, sampleOf(sim, t, 0).r[1]);
    expect(lowest).toBeGreaterThanOrEqual(R - 1e-9);
  });
});

describe('the slide ends just before the cushion; slow rebounds leave it for good', () => {
  // A stun ball (no spin) at v0 along +x slides for τ = 2 v0/(7 μs g), covering v0 τ − ½ μs g τ²,
  // and then rolls at 5/7 v0. Placed so that 1 mm is left to the contact when the slide ends, it
  // meets the back cushion rolling, at τ + t_r with (5/7 v0) t_r − ½ μr g t_r² = 1 mm.
  for (const v0 of [0.3, 1, 2.5]) {
    it(`v0 = ${v0} m/s: transition, then the cushion at the closed-form time`, () => {
      const g = P.g;
      const tau = (2 * v0) / (7 * P.muSlide * g);
      const slide = v0 * tau - 0.5 * P.muSlide * g * tau * tau;
      const vr = (5 / 7) * v0;
      const left = 0.001;
      const tr = (vr - Math.sqrt(vr * vr - 2 * P.muRoll * g * left)) / (P.muRoll * g);
      const start = L - R - slide - left;
      const sim = run([{ id: 0, x: start, y: W / 2, v: [v0, 0, 0] }], null);
      expect(sim.events[0]).toMatchObject({ type: 'transition', from: 'sliding', to: 'rolling' });
      expectClose(sim.events[0]!.t, tau, 1e-12);
      expect(sim.events[1]).toMatchObject({ type: 'cushion', cushion: 'back' });
      expectClose(sim.events[1]!.t, tau + tr, ROOT);
      // It leaves the back cushion for good: the next cushion it meets (if any) is the front one.
      const next = sim.events.slice(2).find((e) => e.type === 'cushion');
      if (next !== undefined) expect(next).toMatchObject({ cushion: 'front' });
    });
  }

  // A rolling ball square into the cushion keeps some top spin toward it after the rebound; the
  // cloth then slows it by 2/7 of its slip. It comes back to the cushion only if the spin left
  // outweighs 5/2 of the rebound speed: never for square hits (Mathavan's rebound is 0.82 v with
  // most of the spin gone), so a slow square hit meets the cushion exactly once.
  for (const v of [0.02, 0.05, 0.2, 1]) {
    it(`rolling square at ${v} m/s: one cushion contact, then it rolls away and stops`, () => {
      const sim = run([rolling(0, L - R - 0.0005, W / 2, v, 0)], null);
      expect(sim.events.filter((e) => e.type === 'cushion')).toHaveLength(1);
      const f = sim.final[0]!;
      expect(f.state).toBe('stationary');
      expect(f.r[0]).toBeLessThan(L - R);
    });
  }
});
