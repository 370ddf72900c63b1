/**
 * Mathavan, Jackson & Parkin 2010 ("A theoretical analysis of billiard ball dynamics under cushion
 * impacts", Proc. IMechE C 224, doi:10.1243/09544062JMES1964): the ball touches the cushion nose
 * at I, sin θ = (h − R)/R above its centre, and the cloth at C. Both contacts slip with Coulomb
 * friction (μw at the cushion, μs on the cloth); the cloth's normal force is whatever keeps the ball
 * on the cloth. The equations of motion are integrated in the normal impulse P at I: compression
 * until the normal velocity at I is zero, then restitution until the work of the normal force has
 * given back e² of the compression work (Stronge's energetic restitution).
 *
 * Derivation in docs/physics.md ("Ball–cushion: Mathavan 2010"). Determinism and cost: a fixed
 * impulse step (the compression impulse of a frictionless hit over MATHAVAN_STEPS), each step a
 * few dozen `+ − × ÷` and two `Math.sqrt`; the last step of each phase is cut exactly where the
 * phase ends; every loop has a hard cap. No transcendental function runs.
 */
import type { PhysicsParams } from './params.js';
import { resolveCushion } from './resolve.js';
import { STRIDE, VX, VY, WX, WY, WZ } from './state.js';

/** Impulse steps of the compression phase of a frictionless hit (the restitution takes about e times as many). */
export const MATHAVAN_STEPS = 48;

/** The ball in the cushion frame, per unit mass: X along the cushion, Y into it, W = R·ω. */
export interface Frame {
  vx: number;
  vy: number;
  wx: number;
  wy: number;
  wz: number;
}

/**
 * Mathavan 2010 for the ball at index i touching a cushion (or a jaw) whose inward normal in the
 * plane is (nx, ny). Returns false, changing nothing, when the ball is not moving into it. A ball in
 * flight has no contact C, which the model needs: it is resolved by Han 2005.
 */
export function resolveCushionMathavan(
  s: Float64Array,
  i: number,
  nx: number,
  ny: number,
  p: PhysicsParams,
  keepVertical: boolean,
): boolean {
  const o = i * STRIDE;
  if (keepVertical) {
    return resolveCushion(s, i, nx, ny, p, keepVertical);
  }
  // Cushion frame: Y = −n (into the cushion), X = Y × ẑ, Z = ẑ.
  const ey = -ny;
  const ex = -nx;
  const R = p.R;
  const vIn = s[o + VX]! * ex + s[o + VY]! * ey;
  if (vIn <= 0) return false;
  const f: Frame = {
    vx: s[o + VX]! * ey - s[o + VY]! * ex,
    vy: vIn,
    wx: R * (s[o + WX]! * ey - s[o + WY]! * ex),
    wy: R * (s[o + WX]! * ex + s[o + WY]! * ey),
    wz: R * s[o + WZ]!,
  };
  if (!integrateMathavan(f, p, MATHAVAN_STEPS)) return resolveCushion(s, i, nx, ny, p, keepVertical);
  s[o + VX] = f.vx * ey + f.vy * ex;
  s[o + VY] = -f.vx * ex + f.vy * ey;
  s[o + WX] = (f.wx * ey + f.wy * ex) / R;
  s[o + WY] = (-f.wx * ex + f.wy * ey) / R;
  s[o + WZ] = f.wz / R;
  return true;
}

/**
 * Integrates one impact in place with `steps` impulse steps per frictionless compression (explicit
 * Euler in p; the phase ends are cut exactly). Returns false, leaving `f` as it came, should
 * rounding ever leave the ball with more kinetic energy than it brought (the caller then uses Han
 * 2005, which cannot). Exported for the tests. The frame values are per unit mass and W = R·ω, so
 * every quantity is a speed and p = P/M too.
 */
export function integrateMathavan(f: Frame, p: PhysicsParams, steps: number): boolean {
  const before = kinetic(f.vx, f.vy, f.wx, f.wy, f.wz);
  return integrate(f, p, steps, before);
}

/** Kinetic energy per unit mass: ½|v|² + ½ (2/5)|W|². */
function kinetic(vx: number, vy: number, wx: number, wy: number, wz: number): number {
  return 0.5 * (vx * vx + vy * vy) + 0.2 * (wx * wx + wy * wy + wz * wz);
}

/**
 * The Euler steps of the model (docs/physics.md, "Ball–cushion: Mathavan 2010"), arranged for
 * speed. The rates (eqs. 17a, 14d–f) depend on the state only through the two slips' unit
 * vectors, so the slips s_I, s_C and v_y form a closed system, stepped here on their own; v_x and
 * W are then sums of the unit vectors' components over the steps, added up once at the end. Per
 * step that is one square root and two divisions per contact on the dependent chain and nothing
 * else but + − × (the constants times dp are formed once per impact). It is the same Euler method
 * with the same step as the integrator first written, in another order of operations: the two
 * agree within rounding (`cushion-mathavan-reference.test.ts` holds them within 1e-9 over a grid of
 * contacts), not bit for bit.
 */
function integrate(f: Frame, p: PhysicsParams, steps: number, before: number): boolean {
  const sin = (p.noseHeight - p.R) / p.R;
  const cos = Math.sqrt(1 - sin * sin);
  const muW = p.muCushion;
  const muS = p.muSlide;
  const e = p.eCushion;
  const vx0 = f.vx;
  const wx0 = f.wx;
  const wy0 = f.wy;
  const wz0 = f.wz;
  let vy = f.vy;
  // A frictionless hit reaches the end of compression at p = v_y/cos θ.
  const dp = vy / cos / steps;
  const cap = 8 * steps;
  // Slips smaller than one step's worth of friction (3.5 μ N dp, the slip a full step removes) get
  // a proportional friction instead of the full μN: Coulomb's law regularised over one step, so a
  // contact that reaches rolling stays there without chattering and the result is a continuous
  // function of the input (a switch between "slipping" and "rolling" would make it jump). Compared
  // squared (no square root below the threshold); a zero threshold (μ = 0) gives no friction.
  const epsI = 3.5 * muW * dp;
  const epsC = 3.5 * muS * (sin + muW * cos) * dp;
  const epsI2 = epsI * epsI;
  const epsC2 = epsC * epsC;
  const invI = epsI > 0 ? 1 / epsI : 0;
  const invC = epsC > 0 ? 1 / epsC : 0;
  // The slips' rates per unit p, from eqs. 17a and 14d–f with N = max(0, sin θ + μw cos θ sin φ):
  //   ds_Ix = −3.5 μw cos φ − μs (1 − 2.5 sin θ) N cos φ′
  //   ds_Iy = sin θ cos θ − μw (sin²θ + 2.5) sin φ + μs (sin θ − 2.5) N sin φ′
  //   ds_Cx = −μw (1 − 2.5 sin θ) cos φ − 3.5 μs N cos φ′
  //   ds_Cy = −cos θ − μw (2.5 − sin θ) sin φ − 3.5 μs N sin φ′
  //   dv_y  = −cos θ + μw sin θ sin φ − μs N sin φ′
  // each premultiplied by dp (one full step).
  const aIx = -3.5 * muW * dp;
  const bIx = -muS * (1 - 2.5 * sin) * dp;
  const kIy = sin * cos * dp;
  const aIy = -muW * (sin * sin + 2.5) * dp;
  const bIy = muS * (sin - 2.5) * dp;
  const aCx = -muW * (1 - 2.5 * sin) * dp;
  const bC = -3.5 * muS * dp;
  const kCy = -cos * dp;
  const aCy = -muW * (2.5 - sin) * dp;
  const aV = muW * sin * dp;
  const bV = -muS * dp;
  const muWcos = muW * cos;
  // The cloth's terms times N, multiplied out: b·N = b sin θ + b μw cos θ sin φ.
  const bIxS = bIx * sin;
  const bIxW = bIx * muWcos;
  const bIyS = bIy * sin;
  const bIyW = bIy * muWcos;
  const bCS = bC * sin;
  const bCW = bC * muWcos;
  let ix = vx0 + sin * wy0 - cos * wz0;
  let iy = -sin * vy + wx0;
  let cx = vx0 - wy0;
  let cy = vy + wx0;
  // Σ (fraction of a step) × cos φ, sin φ, N cos φ′, N sin φ′ over the steps.
  let sCi = 0;
  let sNi = 0;
  let sCc = 0;
  let sNc = 0;
  // The normal force's work in units of dp cos θ.
  let work = 0;
  let ci = 0;
  let ni = 0;
  let cc = 0;
  let nc = 0;
  // Compression: until the normal velocity at I (v_y cos θ; the ball stays on the cloth) is zero.
  for (let k = 0; k < cap && vy > 0; k++) {
    const qi = ix * ix + iy * iy;
    const qc = cx * cx + cy * cy;
    if (qi > epsI2) {
      const di = Math.sqrt(qi);
      ci = ix / di;
      ni = iy / di;
    } else {
      ci = ix * invI;
      ni = iy * invI;
    }
    if (qc > epsC2) {
      const dc = Math.sqrt(qc);
      cc = cx / dc;
      nc = cy / dc;
    } else {
      cc = cx * invC;
      nc = cy * invC;
    }
    let table = sin + muWcos * ni;
    if (!(table > 0)) table = 0;
    const ccN = cc * table;
    const ncN = nc * table;
    const dV = kCy + aV * ni + bV * nc * table;
    const vyAfter = vy + dV;
    if (vyAfter <= 0) {
      // v_y is linear in p within the step: cut it where v_y reaches zero.
      const t = vy / (vy - vyAfter);
      work += t * vy * 0.5;
      ix += t * (aIx * ci + bIx * cc * table);
      iy += t * (kIy + aIy * ni + bIy * nc * table);
      cx += t * (aCx * ci + bC * cc * table);
      cy += t * (kCy + aCy * ni + bC * nc * table);
      sCi += t * ci;
      sNi += t * ni;
      sCc += t * ccN;
      sNc += t * ncN;
      vy = 0;
      break;
    }
    work += (vy + vyAfter) * 0.5;
    // With N = sin θ + μw cos θ sin φ multiplied out, the slips do not wait for N (the chain
    // from one step to the next is the square root, the divisions and two products and sums).
    if (table > 0) {
      ix = ix + aIx * ci + bIxS * cc + bIxW * (cc * ni);
      iy = iy + kIy + aIy * ni + bIyS * nc + bIyW * (nc * ni);
      cx = cx + aCx * ci + bCS * cc + bCW * (cc * ni);
      cy = cy + kCy + aCy * ni + bCS * nc + bCW * (nc * ni);
    } else {
      ix = ix + aIx * ci;
      iy = iy + kIy + aIy * ni;
      cx = cx + aCx * ci;
      cy = cy + kCy + aCy * ni;
    }
    sCi += ci;
    sNi += ni;
    sCc += ccN;
    sNc += ncN;
    vy = vyAfter;
  }
  // Restitution: the normal force gives back e² of the compression work, so the work done so far
  // falls to (1 − e²) of it.
  const target = (1 - e * e) * work;
  for (let k = 0; k < cap && work > target; k++) {
    const qi = ix * ix + iy * iy;
    const qc = cx * cx + cy * cy;
    if (qi > epsI2) {
      const di = Math.sqrt(qi);
      ci = ix / di;
      ni = iy / di;
    } else {
      ci = ix * invI;
      ni = iy * invI;
    }
    if (qc > epsC2) {
      const dc = Math.sqrt(qc);
      cc = cx / dc;
      nc = cy / dc;
    } else {
      cc = cx * invC;
      nc = cy * invC;
    }
    let table = sin + muWcos * ni;
    if (!(table > 0)) table = 0;
    const ccN = cc * table;
    const ncN = nc * table;
    const dV = kCy + aV * ni + bV * nc * table;
    const dw = vy + 0.5 * dV;
    if (work + dw <= target) {
      // Work over a fraction t of the step: vy t + ½ dV t²; solve for the exact end (stable form).
      const a = 0.5 * dV;
      const c = work - target;
      const disc = vy * vy - 4 * a * c;
      let t = disc > 0 ? (2 * c) / (-vy + Math.sqrt(disc)) : c / (-vy || 1);
      t = Math.min(1, Math.max(0, t));
      ix += t * (aIx * ci + bIx * cc * table);
      iy += t * (kIy + aIy * ni + bIy * nc * table);
      cx += t * (aCx * ci + bC * cc * table);
      cy += t * (kCy + aCy * ni + bC * nc * table);
      sCi += t * ci;
      sNi += t * ni;
      sCc += t * ccN;
      sNc += t * ncN;
      vy += t * dV;
      break;
    }
    work += dw;
    // With N = sin θ + μw cos θ sin φ multiplied out, the slips do not wait for N (the chain
    // from one step to the next is the square root, the divisions and two products and sums).
    if (table > 0) {
      ix = ix + aIx * ci + bIxS * cc + bIxW * (cc * ni);
      iy = iy + kIy + aIy * ni + bIyS * nc + bIyW * (nc * ni);
      cx = cx + aCx * ci + bCS * cc + bCW * (cc * ni);
      cy = cy + kCy + aCy * ni + bCS * nc + bCW * (nc * ni);
    } else {
      ix = ix + aIx * ci;
      iy = iy + kIy + aIy * ni;
      cx = cx + aCx * ci;
      cy = cy + kCy + aCy * ni;
    }
    sCi += ci;
    sNi += ni;
    sCc += ccN;
    sNc += ncN;
    vy += dV;
  }
  // v_x and W from the sums (eqs. 17a, 14d–f).
  const vx = vx0 - muW * dp * sCi - muS * dp * sCc;
  const wx = wx0 - 2.5 * dp * (muW * sNi + muS * sNc);
  const wy = wy0 - 2.5 * dp * (muW * sin * sCi - muS * sCc);
  const wz = wz0 + 2.5 * muW * cos * dp * sCi;
  if (!(kinetic(vx, vy, wx, wy, wz) <= before)) return false;
  f.vx = vx;
  f.vy = vy;
  f.wx = wx;
  f.wy = wy;
  f.wz = wz;
  return true;
}
