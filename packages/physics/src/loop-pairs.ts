/**
 * The pair table of the event loop: each pair's next collision time, the first root of the quartic
 * |Δr(t)|² = (2R)², after two cheap tests that most pairs fail (research §1.5), and each row's
 * earliest pair kept up to date as times change.
 */
import { clearOf, HORIZON } from './loop-boundary.js';
import { INF, kinematics, type LoopState } from './loop-state.js';
import { firstRootQuartic as firstRootInInterval } from './math/roots.js';
import { AIRBORNE, POCKETED, STRIDE, VX, VY, VZ, X, Y, Z } from './state.js';

/**
 * Sets the cached time of pair (i, j), i < j, and keeps its row's minimum (the earliest pair of
 * row i, the lowest j on a tie: the order the full scan took) up to date; a row whose minimum
 * grew is rescanned when the next event is chosen.
 */
function setPair(st: LoopState, i: number, j: number, t: number): void {
  st.tPair[i * st.n + j] = t;
  const rowT = st.rowT;
  const rowJ = st.rowJ;
  if (t < rowT[i]! || (t === rowT[i]! && j < rowJ[i]!)) {
    rowT[i] = t;
    rowJ[i] = j;
  } else if (rowJ[i] === j) {
    st.rowDirty[i] = 1;
  }
}

/** Recomputes the cached time of pair (i, j), in either order. */
export function computePair(st: LoopState, i: number, j: number): void {
  if (i > j) setPair(st, j, i, pairTime(st, j, i));
  else setPair(st, i, j, pairTime(st, i, j));
}

/** The absolute time of the next collision of balls i and j (INF if none before either's transition). */
function pairTime(st: LoopState, i: number, j: number): number {
  const code = st.code;
  const ci = code[i]!;
  const cj = code[j]!;
  if (ci >= POCKETED || cj >= POCKETED) return INF;
  const movingI = ci === 2 || ci === 3 || ci === AIRBORNE;
  const movingJ = cj === 2 || cj === 3 || cj === AIRBORNE;
  if (!movingI && !movingJ) return INF;
  const s = st.s;
  const accel = st.accel;
  const a = i * STRIDE;
  const b = j * STRIDE;
  kinematics(st, i);
  kinematics(st, j);
  const Cx = s[a + X]! - s[b + X]!;
  const Cy = s[a + Y]! - s[b + Y]!;
  const Cz = s[a + Z]! - s[b + Z]!;
  const Bx = s[a + VX]! - s[b + VX]!;
  const By = s[a + VY]! - s[b + VY]!;
  const Bz = s[a + VZ]! - s[b + VZ]!;
  const Ax = accel[3 * i]! - accel[3 * j]!;
  const Ay = accel[3 * i + 1]! - accel[3 * j + 1]!;
  const Az = accel[3 * i + 2]! - accel[3 * j + 2]!;
  const window = Math.min(st.remainingT[i]!, st.remainingT[j]!, HORIZON);
  const D = 2 * st.R;
  // Cull pairs too far apart to meet within the window: each ball moves at most |v|T + |a|T².
  const accelSize = Math.sqrt(Ax * Ax + Ay * Ay + Az * Az);
  const reach = Math.sqrt(Bx * Bx + By * By + Bz * Bz) * window + accelSize * window * window;
  const gap = Math.sqrt(Cx * Cx + Cy * Cy + Cz * Cz) - D;
  if (gap > reach) return INF;
  // Cheap rejection before the quartic: the distance is at least its projection on the line of
  // centres now, f(t) = |C| + (Ĉ·B) t + (Ĉ·A) t², a parabola whose least value on [0, window]
  // is at an end or at its vertex. If that stays clear of contact by more than rounding, no root.
  const dist = gap + D;
  const fb = (Bx * Cx + By * Cy + Bz * Cz) / dist;
  const fa = (Ax * Cx + Ay * Cy + Az * Cz) / dist;
  if (clearOf(gap, fb, fa, window)) return INF;
  if (sweptClear(Cx, Cy, Cz, Bx, By, Bz, Ax, Ay, Az, accelSize, window, D)) return INF;
  const c4 = Ax * Ax + Ay * Ay + Az * Az;
  const c3 = 2 * (Ax * Bx + Ay * By + Az * Bz);
  const c2 = Bx * Bx + By * By + Bz * Bz + 2 * (Ax * Cx + Ay * Cy + Az * Cz);
  const c1 = 2 * (Bx * Cx + By * Cy + Bz * Cz);
  const c0 = Cx * Cx + Cy * Cy + Cz * Cz - D * D;
  const t = firstRootInInterval(c4, c3, c2, c1, c0, 0, window);
  return t === INF ? INF : st.now + t;
}

/** The longest chord (m) the swept test is used for: beyond it its rounding could approach CLEAR_SWEEP. */
const SWEEP_CHORD = 100;
/** The margin (m) by which the swept test must clear contact, as the other cheap tests' (clearOf). */
const CLEAR_SWEEP = 1e-9;
/** Pieces of the window the swept test judges one by one (each piece's bound is 1/16 of the whole's). */
const SWEEP_PIECES = 4;

/**
 * Whether the relative path r(t) = C + B t + A t² stays farther than D from the origin on
 * [0, w] by more than CLEAR_SWEEP, judged piece by piece from chords: on a piece [t0, t0 + h] the
 * path differs from its chord by A (t − t0)(t − t0 − h), never more than |A| h²/4 (the swept capsule
 * around the chord). A test before the quartic for pairs that pass each other far apart within the
 * window, which the projection test (clearOf) cannot see when they are not moving apart now.
 */
function sweptClear(
  Cx: number,
  Cy: number,
  Cz: number,
  Bx: number,
  By: number,
  Bz: number,
  Ax: number,
  Ay: number,
  Az: number,
  accelSize: number,
  w: number,
  D: number,
): boolean {
  const h = w / SWEEP_PIECES;
  const clear = D + (accelSize * h * h) / 4 + CLEAR_SWEEP;
  const clear2 = clear * clear;
  let x0 = Cx;
  let y0 = Cy;
  let z0 = Cz;
  for (let k = 1; k <= SWEEP_PIECES; k++) {
    const t = k === SWEEP_PIECES ? w : h * k;
    const x1 = Cx + Bx * t + Ax * t * t;
    const y1 = Cy + By * t + Ay * t * t;
    const z1 = Cz + Bz * t + Az * t * t;
    const dx = x1 - x0;
    const dy = y1 - y0;
    const dz = z1 - z0;
    const chord2 = dx * dx + dy * dy + dz * dz;
    if (chord2 > SWEEP_CHORD * SWEEP_CHORD) return false;
    // The point of the chord nearest the origin: r0 + u d, u clamped to [0, 1].
    let u = chord2 > 0 ? -(x0 * dx + y0 * dy + z0 * dz) / chord2 : 0;
    if (u < 0) u = 0;
    else if (u > 1) u = 1;
    const px = x0 + u * dx;
    const py = y0 + u * dy;
    const pz = z0 + u * dz;
    if (px * px + py * py + pz * pz <= clear2) return false;
    x0 = x1;
    y0 = y1;
    z0 = z1;
  }
  return true;
}
