/**
 * The Mathavan 2010 integrator as it stood before it was rearranged for speed (commit 351b1a1,
 * `packages/physics/src/cushion-mathavan.ts`), kept verbatim as the reference the rearranged one is
 * checked against (`cushion-mathavan-reference.test.ts`). Not used by the simulator.
 */
import type { Frame } from '../src/cushion-mathavan.js';
import type { PhysicsParams } from '../src/params.js';

/**
 * Integrates one impact in place with `steps` impulse steps per frictionless compression (explicit
 * Euler in p; the phase ends are cut exactly). Returns false, leaving `f` as it came, should
 * rounding ever leave the ball with more kinetic energy than it brought (the caller then uses Han
 * 2005, which cannot). Exported for the tests. The frame values are per unit mass and W = R·ω, so
 * every quantity is a speed and p = P/M too.
 */
export function integrateMathavanReference(f: Frame, p: PhysicsParams, steps: number): boolean {
  const vx0 = f.vx;
  const vy0 = f.vy;
  const wx0 = f.wx;
  const wy0 = f.wy;
  const wz0 = f.wz;
  const before = kinetic(f);
  integrate(f, p, steps);
  if (kinetic(f) <= before) return true;
  f.vx = vx0;
  f.vy = vy0;
  f.wx = wx0;
  f.wy = wy0;
  f.wz = wz0;
  return false;
}

/** Kinetic energy per unit mass: ½|v|² + ½ (2/5)|W|². */
function kinetic(f: Frame): number {
  return 0.5 * (f.vx * f.vx + f.vy * f.vy) + 0.2 * (f.wx * f.wx + f.wy * f.wy + f.wz * f.wz);
}

function integrate(f: Frame, p: PhysicsParams, steps: number): void {
  const sin = (p.noseHeight - p.R) / p.R;
  const cos = Math.sqrt(1 - sin * sin);
  const muW = p.muCushion;
  const muS = p.muSlide;
  const e = p.eCushion;
  // A frictionless hit reaches the end of compression at p = v_y/cos θ.
  const dp = f.vy / cos / steps;
  const cap = 8 * steps;
  // Slips smaller than one step's worth of friction (3.5 μ N dp, the slip a full step removes) get
  // a proportional friction instead of the full μN: Coulomb's law regularised over one step, so a
  // contact that reaches rolling stays there without chattering and the result is a continuous
  // function of the input (a switch between "slipping" and "rolling" would make it jump).
  const epsI = 3.5 * muW * dp;
  const epsC = 3.5 * muS * (sin + muW * cos) * dp;
  // The state in locals and the rates inlined (operation for operation the arithmetic of the
  // integrator as first written, so its results are the same bits): the integration allocates nothing and calls nothing but Math.sqrt.
  let vx = f.vx;
  let vy = f.vy;
  let wx = f.wx;
  let wy = f.wy;
  let wz = f.wz;
  let rvx = 0;
  let rvy = 0;
  let rwx = 0;
  let rwy = 0;
  let rwz = 0;
  let work = 0;
  let phase = 0; // 0 compression, 1 restitution
  let target = 0;
  let k = 0;
  while (true) {
    if (phase === 0 ? !(k < cap && vy > 0) : !(k < cap && work > target)) {
      if (phase === 1) break;
      // Restitution: the normal force gives back e² of the compression work, so the work done so
      // far falls to (1 − e²) of it.
      phase = 1;
      target = (1 - e * e) * work;
      k = 0;
      continue;
    }
    // The rates for this step (eqs. 17a, 14d–f; see `rates`).
    const ix = vx + sin * wy - cos * wz;
    const iy = -sin * vy + wx;
    const cx = vx - wy;
    const cy = vy + wx;
    const di = Math.max(Math.sqrt(ix * ix + iy * iy), epsI);
    const dc = Math.max(Math.sqrt(cx * cx + cy * cy), epsC);
    const ci = di > 0 ? ix / di : 0;
    const ni = di > 0 ? iy / di : 0;
    const cc = dc > 0 ? cx / dc : 0;
    const nc = dc > 0 ? cy / dc : 0;
    const table = Math.max(0, sin + muW * ni * cos);
    rvx = -(muW * ci + muS * cc * table);
    rvy = -(cos - muW * sin * ni + muS * nc * table);
    rwx = -2.5 * (muW * ni + muS * nc * table);
    rwy = -2.5 * (muW * sin * ci - muS * cc * table);
    rwz = 2.5 * muW * cos * ci;
    let h = dp;
    let last = false;
    if (phase === 0) {
      // Compression: until the normal velocity at I (v_y cos θ; the ball stays on the cloth) is zero.
      const vyAfter = vy + rvy * dp;
      if (vyAfter <= 0) {
        // v_y is linear in p within the step: cut it where v_y reaches zero.
        const t = vy / (vy - vyAfter);
        work += t * dp * (vy * cos) * 0.5;
        h = t * dp;
        last = true;
      } else {
        work += dp * ((vy + vyAfter) * cos) * 0.5;
      }
    } else {
      const z0 = vy * cos;
      const dz = rvy * dp * cos;
      const dw = dp * (z0 + 0.5 * dz);
      if (work + dw <= target) {
        // Work over a fraction t of the step: dp·(z0 t + ½ dz t²); solve for the exact end.
        const a = 0.5 * dp * dz;
        const b = dp * z0;
        const c = work - target;
        const disc = b * b - 4 * a * c;
        const t = disc > 0 ? (2 * c) / (-b + Math.sqrt(disc)) : c / (-b || 1);
        h = Math.min(1, Math.max(0, t)) * dp;
        last = true;
      } else {
        work += dw;
      }
    }
    vx += rvx * h;
    vy += rvy * h;
    wx += rwx * h;
    wy += rwy * h;
    wz += rwz * h;
    k++;
    if (last) {
      if (phase === 0) {
        vy = 0;
        // Into the restitution phase at once (as the end of the compression loop did).
        phase = 1;
        target = (1 - e * e) * work;
        k = 0;
        continue;
      }
      break;
    }
  }
  f.vx = vx;
  f.vy = vy;
  f.wx = wx;
  f.wy = wy;
  f.wz = wz;
}
