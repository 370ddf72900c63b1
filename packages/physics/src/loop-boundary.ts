/**
 * A ball's next contact with the boundary (cushion segment, jaw, pocket's fall edge or opening,
 * the slate below a flying ball, the rail top): the earliest root of a polynomial of degree ≤ 4
 * per boundary piece, with cheap tests before the root search for the pieces the ball cannot reach
 * before its next transition.
 */
import { CIRCLE_STRIDE, POCKET_STRIDE, SEGMENT_STRIDE } from './boundary.js';
import {
  B_JAW,
  B_LANDING,
  B_NONE,
  B_OPENING_EXIT,
  B_OVER_RAIL,
  B_POCKET,
  B_SEGMENT,
  INF,
  type LoopState,
  remaining,
} from './loop-state.js';
import { firstRootQuartic as firstRootInInterval } from './math/roots.js';
import { AIRBORNE, isMoving, STRIDE, VX, VY, VZ, X, Y, Z } from './state.js';

/** Search horizon for a ball with no transition ahead (only a flying ball): far beyond any shot. */
export const HORIZON = 1000;
/** A distance that provably stays this far (m) beyond contact needs no root (see clearOf). */
const CLEAR = 1e-9;

/**
 * Whether c0 + c1 t + c2 t² stays above CLEAR on [0, hi]: its least value there is at an end or at
 * its vertex. A cheap test before the root search (which finds no root then).
 */
export function clearOf(c0: number, c1: number, c2: number, hi: number): boolean {
  let least = Math.min(c0, c0 + c1 * hi + c2 * hi * hi);
  const vertex = -c1 / (2 * c2);
  if (c2 > 0 && vertex > 0 && vertex < hi) least = Math.min(least, c0 - (c1 * c1) / (4 * c2));
  return least > CLEAR;
}

/** The margin (m) by which `outside` must find a coordinate off its range: far above rounding. */
const OFF_RANGE = 1e-9;

/**
 * Whether a0 + a1 t + a2 t² stays below lo or above hi, by more than OFF_RANGE, for every t in
 * [0, end]: its values there lie between the least and the greatest of its ends and its vertex.
 */
function outside(a0: number, a1: number, a2: number, end: number, lo: number, hi: number): boolean {
  const atEnd = a0 + a1 * end + a2 * end * end;
  let least = Math.min(a0, atEnd);
  let most = Math.max(a0, atEnd);
  if (a2 !== 0) {
    const vertex = -a1 / (2 * a2);
    if (vertex > 0 && vertex < end) {
      const v = a0 - (a1 * a1) / (4 * a2);
      least = Math.min(least, v);
      most = Math.max(most, v);
    }
  }
  return most < lo - OFF_RANGE || least > hi + OFF_RANGE;
}

/** First time the centre path r(t) = c + v t + a t² (relative to a circle's centre) enters radius d. */
function circleTime(
  cx: number,
  cy: number,
  vx: number,
  vy: number,
  ax: number,
  ay: number,
  d: number,
  hi: number,
): number {
  const c4 = ax * ax + ay * ay;
  const c3 = 2 * (ax * vx + ay * vy);
  const c2 = vx * vx + vy * vy + 2 * (ax * cx + ay * cy);
  const c1 = 2 * (vx * cx + vy * cy);
  const c0 = cx * cx + cy * cy - d * d;
  return firstRootInInterval(c4, c3, c2, c1, c0, 0, hi);
}

/** The pocket whose opening (past the fall edge, between the walls, within its depth) holds (x, y), or −1. */
export function openingUnder(st: LoopState, x: number, y: number): number {
  const pockets = st.boundary.pockets;
  for (let k = 0; k * POCKET_STRIDE < pockets.length; k++) {
    const q = k * POCKET_STRIDE;
    const dx = x - pockets[q]!;
    const dy = y - pockets[q + 1]!;
    const past = dx * pockets[q + 2]! + dy * pockets[q + 3]!;
    const lateral = dx * pockets[q + 3]! - dy * pockets[q + 2]!;
    if (past > 0 && past <= pockets[q + 5]! && Math.abs(lateral) <= pockets[q + 4]!) return k;
  }
  return -1;
}

/**
 * The time of an exit of a flying ball from pocket k's opening along one gap g0 + g1 t (INF if it
 * does not leave through that side before `best`): the exits through the back (the depth past the
 * edge reaches the opening's depth) and through the two sides.
 */
function openingExit(
  g0: number,
  g1: number,
  hi: number,
  best: number,
  c0: number,
  c1: number,
  l0: number,
  l1: number,
  depth: number,
  half: number,
): number {
  if (g1 >= 0) return INF;
  const t = firstRootInInterval(0, 0, 0, g1, g0, 0, hi);
  if (t >= best) return INF;
  const past = -(c0 + c1 * t);
  const lateral = l0 + l1 * t;
  if (past <= 0 || past > depth + 1e-12 || Math.abs(lateral) > half + 1e-12) return INF;
  return t;
}

/** Ball i's next boundary event: its absolute time, kind and object, into the struct. */
export function computeBoundary(st: LoopState, i: number): void {
  const { s, code, tBoundary, boundaryKind, grazedKind, grazedIndex, boundary, p, R } = st;
  tBoundary[i] = INF;
  boundaryKind[i] = B_NONE;
  const c = code[i]!;
  if (!isMoving(c) || c === 1 /* spinning: does not move */) return;
  const o = i * STRIDE;
  const window = Math.min(remaining(st, i), HORIZON);
  const x = s[o + X]!;
  const y = s[o + Y]!;
  const vx = s[o + VX]!;
  const vy = s[o + VY]!;
  const ax = st.accel[3 * i]!;
  const ay = st.accel[3 * i + 1]!;
  let best = INF;
  let kind = B_NONE;
  let index = -1;
  // How far the ball can move before its next transition: boundary pieces beyond it are skipped.
  const reach = Math.sqrt(vx * vx + vy * vy) * window + Math.sqrt(ax * ax + ay * ay) * window * window;
  const airborne = c === AIRBORNE;
  // Rolling and flying balls move on straight lines in plan: what they move away from, they never reach.
  const straight = c !== 2;
  const seg = boundary.segments;
  for (let k = 0; k * SEGMENT_STRIDE < seg.length; k++) {
    if (grazedKind[i] === B_SEGMENT && grazedIndex[i] === k) continue;
    const q = k * SEGMENT_STRIDE;
    const nx = seg[q + 4]!;
    const ny = seg[q + 5]!;
    const c0 = nx * (x - seg[q]!) + ny * (y - seg[q + 1]!) - R;
    const c1 = nx * vx + ny * vy;
    const c2 = nx * ax + ny * ay;
    // Out of reach, or moving away on a path that cannot bend back (a sliding ball's can).
    if (c0 > reach || (c1 >= 0 && (straight || c2 >= 0))) continue;
    if (clearOf(c0, c1, c2, Math.min(window, best))) continue;
    // The contact point must lie on the segment: if its position along the segment stays off it
    // throughout [0, hi], the line's root cannot count (the check after the root would drop it).
    const ex = seg[q + 2]! - seg[q]!;
    const ey = seg[q + 3]! - seg[q + 1]!;
    const len = seg[q + 6]!;
    const a0 = (ex * (x - R * nx - seg[q]!) + ey * (y - R * ny - seg[q + 1]!)) / len;
    if (outside(a0, (ex * vx + ey * vy) / len, (ex * ax + ey * ay) / len, Math.min(window, best), 0, len))
      continue;
    const t = firstRootInInterval(0, 0, c2, c1, c0, 0, Math.min(window, best));
    if (t >= best) continue;
    // The contact point must lie on the segment.
    const px = x + vx * t + ax * t * t - R * nx - seg[q]!;
    const py = y + vy * t + ay * t * t - R * ny - seg[q + 1]!;
    const along = (px * (seg[q + 2]! - seg[q]!) + py * (seg[q + 3]! - seg[q + 1]!)) / seg[q + 6]!;
    if (along < 0 || along > seg[q + 6]!) continue;
    best = t;
    kind = B_SEGMENT;
    index = k;
    if (airborne) {
      const z = s[o + Z]! + s[o + VZ]! * t - 0.5 * p.g * t * t;
      if (z - R >= p.railHeight) kind = B_OVER_RAIL;
    }
  }
  const jaws = boundary.jaws;
  for (let k = 0; k * CIRCLE_STRIDE < jaws.length; k++) {
    if (grazedKind[i] === B_JAW && grazedIndex[i] === k) continue;
    const q = k * CIRCLE_STRIDE;
    const cx = x - jaws[q]!;
    const cy = y - jaws[q + 1]!;
    const d = R + jaws[q + 2]!;
    if (straight && cx * vx + cy * vy >= 0) continue; // moving away on a straight line
    const dist = Math.sqrt(cx * cx + cy * cy);
    if (dist - d > reach) continue;
    // The distance to the jaw's centre is at least its projection on the present direction.
    const hi = Math.min(window, best);
    if (clearOf(dist - d, (cx * vx + cy * vy) / dist, (cx * ax + cy * ay) / dist, hi)) continue;
    const t = circleTime(cx, cy, vx, vy, ax, ay, d, Math.min(window, best));
    if (t < best) {
      best = t;
      kind = B_JAW;
      index = k;
    }
  }
  // Pockets as openings: a ball on the cloth falls when its centre passes the fall edge; a ball
  // in flight passes over the edge and is pocketed where it comes down inside the opening (at
  // its landing) or meets the pocket's back or side below the rail top (B_OPENING_EXIT).
  const pockets = boundary.pockets;
  for (let k = 0; k * POCKET_STRIDE < pockets.length; k++) {
    const q = k * POCKET_STRIDE;
    const fx = pockets[q]!;
    const fy = pockets[q + 1]!;
    const ux = pockets[q + 2]!;
    const uy = pockets[q + 3]!;
    const half = pockets[q + 4]!;
    // Distance in front of the fall edge along the axis (positive on the table's side).
    const c0 = -(ux * (x - fx) + uy * (y - fy));
    const c1 = -(ux * vx + uy * vy);
    const c2 = -(ux * ax + uy * ay);
    if (!airborne) {
      if (c0 > reach || (c1 >= 0 && (straight || c2 >= 0))) continue;
      if (clearOf(c0, c1, c2, Math.min(window, best))) continue;
      // The centre must cross the edge between the walls: if it stays beyond them throughout
      // [0, hi], the root cannot count (the lateral check after it would drop it).
      const l0 = (x - fx) * uy - (y - fy) * ux;
      if (outside(l0, vx * uy - vy * ux, ax * uy - ay * ux, Math.min(window, best), -half, half)) continue;
      const t = firstRootInInterval(0, 0, c2, c1, c0, 0, Math.min(window, best));
      if (t === INF || t > best) continue;
      const lateral = (x + vx * t + ax * t * t - fx) * uy - (y + vy * t + ay * t * t - fy) * ux;
      if (Math.abs(lateral) > half) continue;
      // Pocketing wins a tie with a cushion at the same instant (it is in a lower tier).
      if (t < best || kind !== B_POCKET) {
        best = t;
        kind = B_POCKET;
        index = k;
      }
      continue;
    }
    // In flight the plan path is a straight line (no horizontal acceleration): the exits from the
    // opening through its back (depth past the edge reaches openingDepth) and through its sides,
    // in that order.
    const depth = pockets[q + 5]!;
    const l0 = (x - fx) * uy - (y - fy) * ux;
    if (c0 > reach || -c0 - depth > reach || Math.abs(l0) - half > reach) continue;
    const l1 = vx * uy - vy * ux;
    let t = openingExit(depth + c0, c1, Math.min(window, best), best, c0, c1, l0, l1, depth, half);
    if (t !== INF) {
      best = t;
      kind = B_OPENING_EXIT;
      index = k;
    }
    t = openingExit(half - l0, -l1, Math.min(window, best), best, c0, c1, l0, l1, depth, half);
    if (t !== INF) {
      best = t;
      kind = B_OPENING_EXIT;
      index = k;
    }
    t = openingExit(half + l0, l1, Math.min(window, best), best, c0, c1, l0, l1, depth, half);
    if (t !== INF) {
      best = t;
      kind = B_OPENING_EXIT;
      index = k;
    }
  }
  if (airborne) {
    const t = firstRootInInterval(0, 0, -0.5 * p.g, s[o + VZ]!, s[o + Z]! - R, 0, Math.min(best, window));
    if (t < best) {
      best = t;
      kind = B_LANDING;
      index = -1;
    }
  }
  tBoundary[i] = best === INF ? INF : st.now + best;
  boundaryKind[i] = kind;
  st.boundaryIndex[i] = index;
}
