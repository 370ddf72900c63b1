/**
 * The event loop (Leckie & Greenspan; pooltool's cached detector, research §1.5). Every ball moves
 * in closed form between events; the next event is the earliest of every ball's transition, every
 * ball's next contact with the boundary (cushion, jaw, pocket, slate, rail) and every pair's
 * collision, each the first root of a polynomial of degree ≤ 4. After an event only the cached
 * times that involve the balls it changed are recomputed.
 *
 * Simultaneous events are taken in a total order: time, then tier (transitions, then pockets, then
 * collisions), then ball index, then object index, so the result never depends on iteration order.
 */
import { err, hashJson, ok, type Result } from '@pyramid/core';
import type { BallSetup } from './ball-setup.js';
import { type Boundary, CIRCLE_STRIDE, POCKET_STRIDE, SEGMENT_STRIDE } from './boundary.js';
import { CUSHION_MODELS, type CushionModel, DEFAULT_CUSHION_MODEL } from './cushion-models.js';
import type { SimEvent } from './events.js';
import { resolveFlightContact, settleFlightCluster } from './flight-contact.js';
import { firstRootQuartic as firstRootInInterval } from './math/roots.js';
import { advance, halfAcceleration, settle, transition, transitionTime } from './motion.js';
import type { PhysicsParams } from './params.js';
import {
  closingSpeed,
  finishSlide,
  resolveBallBall,
  resolveCluster,
  resolveSlowContact,
  resolveTableBounce,
  settleCluster,
} from './resolve.js';
import {
  AIRBORNE,
  type BallState,
  isMoving,
  MOTION_STATES,
  OFF_TABLE,
  POCKETED,
  SLIDING,
  STRIDE,
  VX,
  VY,
  VZ,
  WX,
  WY,
  WZ,
  X,
  Y,
  Z,
} from './state.js';
import { type Strike, strikeBall } from './strike.js';
import { Trajectory } from './trajectory.js';
import { type ShotInputError, validateShot } from './validate.js';

export type { BallSetup } from './ball-setup.js';

export interface Simulation {
  readonly events: readonly SimEvent[];
  readonly final: readonly BallState[];
  /** Time from the strike until every ball is still, s. */
  readonly duration: number;
  readonly miscue: boolean;
  /** Hash of the final state (every number exactly), for determinism checks and replays. */
  readonly hash: string;
  readonly trajectory: Trajectory;
  /** The parameters the shot was simulated with. */
  readonly params: PhysicsParams;
}

export type SimulationFailure = ShotInputError | EventCapFailure;

export interface EventCapFailure {
  readonly code: 'event-cap';
  readonly message: string;
  /** Everything needed to reproduce the failure. */
  readonly report: {
    readonly balls: readonly BallSetup[];
    readonly strike: Strike | null;
    readonly events: number;
    /** The last events before the cap (the loop they show is the fault to look at). */
    readonly lastEvents: readonly SimEvent[];
  };
}

const INF = Number.POSITIVE_INFINITY;
/** Search horizon for a ball with no transition ahead (only a flying ball): far beyond any shot. */
const HORIZON = 1000;
/** A pair whose distance provably stays this far (m) beyond contact needs no root (see pairTime). */
const CLEAR = 1e-9;
/** Tie tiers: transitions first, then pocketing, then collisions. */
const TIER_TRANSITION = 0;
const TIER_POCKET = 1;
const TIER_COLLISION = 2;

/** Pairwise rounds per ball allowed at one instant before a touching cluster is settled as one. */
export const CLUSTER_ROUNDS = 4;

/** What a ball's next boundary event is. */
const B_NONE = 0;
const B_SEGMENT = 1;
const B_JAW = 2;
const B_POCKET = 3;
const B_LANDING = 4;
const B_OVER_RAIL = 5;
/** A ball in flight leaving a pocket's opening through its back or a side (see computeBoundary). */
const B_OPENING_EXIT = 6;

export interface SimulationOptions {
  /** The ball–cushion (and jaw) model, by name (default `DEFAULT_CUSHION_MODEL`, docs/physics.md). */
  readonly cushionModel?: CushionModel;
}

export function simulate(
  input: readonly BallSetup[],
  strike: Strike | null,
  boundary: Boundary,
  p: PhysicsParams,
  options: SimulationOptions = {},
): Result<Simulation, SimulationFailure> {
  const resolveCushion = CUSHION_MODELS[options.cushionModel ?? DEFAULT_CUSHION_MODEL];
  const invalid = validateShot(input, strike, boundary, p);
  if (invalid !== null) return err(invalid);
  // Work in ball-id order, so that ties and sums never depend on the order of the input array.
  const balls = [...input].sort((a, b) => a.id - b.id);
  const n = balls.length;
  const s = new Float64Array(n * STRIDE);
  const code = new Uint8Array(n);
  const ids = balls.map((b) => b.id);
  const where: (string | undefined)[] = new Array(n).fill(undefined);
  for (let i = 0; i < n; i++) {
    const b = balls[i]!;
    const o = i * STRIDE;
    s[o + X] = b.x;
    s[o + Y] = b.y;
    s[o + Z] = p.R;
    if (b.v) {
      s[o + VX] = b.v[0];
      s[o + VY] = b.v[1];
    }
    if (b.w) {
      s[o + WX] = b.w[0];
      s[o + WY] = b.w[1];
      s[o + WZ] = b.w[2];
    }
    code[i] = settle(s, i, p);
  }
  const events: SimEvent[] = [];
  const trajectory = new Trajectory(ids, p);
  let miscue = false;
  let now = 0;
  if (strike !== null) {
    const i = ids.indexOf(strike.ball);
    const result = strikeBall(strike, p);
    miscue = result.miscue;
    const o = i * STRIDE;
    s[o + VX] = result.v[0];
    s[o + VY] = result.v[1];
    s[o + VZ] = result.v[2];
    s[o + WX] = result.w[0];
    s[o + WY] = result.w[1];
    s[o + WZ] = result.w[2];
    events.push({ type: 'strike', t: 0, ball: strike.ball, miscue });
    if (result.v[2] < 0) {
      // An elevated cue drives the ball into the slate: it bounces at once (research §5.2, V31).
      const flies = resolveTableBounce(s, i, p);
      code[i] = flies ? AIRBORNE : settle(s, i, p);
      if (flies) events.push({ type: 'bounce', t: 0, ball: strike.ball, airborne: true });
    } else {
      code[i] = settle(s, i, p);
    }
  }
  for (let i = 0; i < n; i++) trajectory.record(i, 0, s, code[i]!);

  // Cached absolute times.
  const tTransition = new Float64Array(n).fill(INF);
  const tBoundary = new Float64Array(n).fill(INF);
  const boundaryKind = new Uint8Array(n);
  const boundaryIndex = new Int32Array(n);
  const tPair = new Float64Array(n * n).fill(INF);
  // Per row i of the pair table (pairs (i, j), j > i): its earliest time and that j, and whether the
  // minimum must be rescanned (see setPair).
  const rowT = new Float64Array(n).fill(INF);
  const rowJ = new Int32Array(n).fill(n);
  const rowDirty = new Uint8Array(n);
  // A cushion or jaw a ball touched without moving into it (a graze at rounding level, which the
  // contact test can report again at the same instant without end): it is left out of that ball's
  // boundary search until the ball's next event of another kind. Moving along or away from it,
  // the ball does not meet it again on a straight path.
  const grazedKind = new Uint8Array(n);
  const grazedIndex = new Int32Array(n).fill(-1);
  const R = p.R;

  // Each ball's time to its next transition and its half-acceleration, computed once per event
  // for the balls the refreshes look at (the states do not change while the cached times are
  // recomputed, so the cache gives the very numbers a fresh computation would).
  const remainingT = new Float64Array(n);
  const accel = new Float64Array(3 * n);
  const stamp = new Int32Array(n).fill(-1);
  let eventStamp = 0;
  const scratch = new Float64Array(3);
  function kinematics(i: number): void {
    if (stamp[i] === eventStamp) return;
    stamp[i] = eventStamp;
    remainingT[i] = transitionTime(s, i, code[i]!, p);
    halfAcceleration(s, i, code[i]!, p, scratch);
    accel[3 * i] = scratch[0]!;
    accel[3 * i + 1] = scratch[1]!;
    accel[3 * i + 2] = scratch[2]!;
  }
  function remaining(i: number): number {
    kinematics(i);
    return remainingT[i]!;
  }

  function pocketBall(i: number, k: number): void {
    const o = i * STRIDE;
    code[i] = POCKETED;
    where[i] = boundary.pocketIds[k]!;
    for (const f of [VX, VY, VZ, WX, WY, WZ]) s[o + f] = 0;
    events.push({ type: 'pocket', t: now, ball: ids[i]!, pocket: boundary.pocketIds[k]! });
  }

  /** The pocket whose opening (past the fall edge, between the walls, within its depth) holds (x, y), or −1. */
  function openingUnder(x: number, y: number): number {
    const pockets = boundary.pockets;
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

  function computeBoundary(i: number): void {
    tBoundary[i] = INF;
    boundaryKind[i] = B_NONE;
    const c = code[i]!;
    if (!isMoving(c) || c === 1 /* spinning: does not move */) return;
    const o = i * STRIDE;
    const window = Math.min(remaining(i), HORIZON);
    const x = s[o + X]!;
    const y = s[o + Y]!;
    const vx = s[o + VX]!;
    const vy = s[o + VY]!;
    const ax = accel[3 * i]!;
    const ay = accel[3 * i + 1]!;
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
      // opening through its back (depth past the edge reaches openingDepth) and through its sides.
      const depth = pockets[q + 5]!;
      const l0 = (x - fx) * uy - (y - fy) * ux;
      if (c0 > reach || -c0 - depth > reach || Math.abs(l0) - half > reach) continue;
      const l1 = vx * uy - vy * ux;
      const exits = [
        [depth + c0, c1], // depth − (depth past the edge)
        [half - l0, -l1],
        [half + l0, l1],
      ] as const;
      for (const [g0, g1] of exits) {
        if (g1 >= 0) continue;
        const t = firstRootInInterval(0, 0, 0, g1, g0, 0, Math.min(window, best));
        if (t >= best) continue;
        const past = -(c0 + c1 * t);
        const lateral = l0 + l1 * t;
        if (past <= 0 || past > depth + 1e-12 || Math.abs(lateral) > half + 1e-12) continue;
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
    tBoundary[i] = best === INF ? INF : now + best;
    boundaryKind[i] = kind;
    boundaryIndex[i] = index;
  }

  /**
   * Sets the cached time of pair (i, j), i < j, and keeps its row's minimum (the earliest pair of
   * row i, the lowest j on a tie: the order the full scan took) up to date; a row whose minimum
   * grew is rescanned when the next event is chosen.
   */
  function setPair(i: number, j: number, t: number): void {
    tPair[i * n + j] = t;
    if (t < rowT[i]! || (t === rowT[i]! && j < rowJ[i]!)) {
      rowT[i] = t;
      rowJ[i] = j;
    } else if (rowJ[i] === j) {
      rowDirty[i] = 1;
    }
  }

  function computePair(i: number, j: number): void {
    if (i > j) {
      computePair(j, i);
      return;
    }
    setPair(i, j, pairTime(i, j));
  }

  /** The absolute time of the next collision of balls i and j (INF if none before either's transition). */
  function pairTime(i: number, j: number): number {
    const ci = code[i]!;
    const cj = code[j]!;
    if (ci >= POCKETED || cj >= POCKETED) return INF;
    const movingI = ci === 2 || ci === 3 || ci === AIRBORNE;
    const movingJ = cj === 2 || cj === 3 || cj === AIRBORNE;
    if (!movingI && !movingJ) return INF;
    const a = i * STRIDE;
    const b = j * STRIDE;
    kinematics(i);
    kinematics(j);
    const Cx = s[a + X]! - s[b + X]!;
    const Cy = s[a + Y]! - s[b + Y]!;
    const Cz = s[a + Z]! - s[b + Z]!;
    const Bx = s[a + VX]! - s[b + VX]!;
    const By = s[a + VY]! - s[b + VY]!;
    const Bz = s[a + VZ]! - s[b + VZ]!;
    const Ax = accel[3 * i]! - accel[3 * j]!;
    const Ay = accel[3 * i + 1]! - accel[3 * j + 1]!;
    const Az = accel[3 * i + 2]! - accel[3 * j + 2]!;
    const window = Math.min(remainingT[i]!, remainingT[j]!, HORIZON);
    const D = 2 * R;
    // Cull pairs too far apart to meet within the window: each ball moves at most |v|T + |a|T².
    const reach =
      Math.sqrt(Bx * Bx + By * By + Bz * Bz) * window +
      Math.sqrt(Ax * Ax + Ay * Ay + Az * Az) * window * window;
    const gap = Math.sqrt(Cx * Cx + Cy * Cy + Cz * Cz) - D;
    if (gap > reach) return INF;
    // Cheap rejection before the quartic: the distance is at least its projection on the line of
    // centres now, f(t) = |C| + (Ĉ·B) t + (Ĉ·A) t², a parabola whose least value on [0, window]
    // is at an end or at its vertex. If that stays clear of contact by more than rounding, no root.
    const dist = gap + D;
    const fb = (Bx * Cx + By * Cy + Bz * Cz) / dist;
    const fa = (Ax * Cx + Ay * Cy + Az * Cz) / dist;
    if (clearOf(gap, fb, fa, window)) return INF;
    const c4 = Ax * Ax + Ay * Ay + Az * Az;
    const c3 = 2 * (Ax * Bx + Ay * By + Az * Bz);
    const c2 = Bx * Bx + By * By + Bz * Bz + 2 * (Ax * Cx + Ay * Cy + Az * Cz);
    const c1 = 2 * (Bx * Cx + By * Cy + Bz * Cz);
    const c0 = Cx * Cx + Cy * Cy + Cz * Cz - D * D;
    const t = firstRootInInterval(c4, c3, c2, c1, c0, 0, window);
    return t === INF ? INF : now + t;
  }

  function graze(i: number, kind: number, k: number, changed: boolean): void {
    grazedKind[i] = changed ? B_NONE : kind;
    grazedIndex[i] = changed ? -1 : k;
  }

  function refresh(i: number): void {
    tTransition[i] = isMoving(code[i]!) && code[i] !== AIRBORNE ? now + remaining(i) : INF;
    computeBoundary(i);
    for (let j = 0; j < n; j++) if (j !== i) computePair(i, j);
  }

  for (let i = 0; i < n; i++) {
    tTransition[i] = isMoving(code[i]!) && code[i] !== AIRBORNE ? remaining(i) : INF;
    computeBoundary(i);
  }
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) computePair(i, j);

  /**
   * A ball meeting a cushion or jaw with inward normal n. A sliding ball can also be pressed into
   * it by its friction while moving along it: its slide finishes there (energy only falls), and only
   * then does it bounce if it is moving into the cushion. Returns whether anything changed (false:
   * a graze, see grazedKind).
   */
  function hitCushion(i: number, nx: number, ny: number): boolean {
    const airborne = code[i] === AIRBORNE;
    const o = i * STRIDE;
    const into = -(s[o + VX]! * nx + s[o + VY]! * ny);
    if (!airborne && into > 0 && into < p.plasticBelow) {
      // Pressed into the cushion by its own friction at a rounding-level speed: a bounce would part
      // it by as little and friction would press it back within a few ulps of time, without end.
      // The contact is plastic: the slide finishes, the speed into the cushion is dropped, and the
      // ball rolls on along it (energy only falls).
      finishSlide(s, i, p);
      const v = -(s[o + VX]! * nx + s[o + VY]! * ny);
      if (v > 0) {
        s[o + VX] = s[o + VX]! + v * nx;
        s[o + VY] = s[o + VY]! + v * ny;
      }
      s[o + WX] = -s[o + VY]! / R;
      s[o + WY] = s[o + VX]! / R;
      code[i] = settle(s, i, p);
      return true;
    }
    let changed = resolveCushion(s, i, nx, ny, p, airborne);
    if (!changed && !airborne) {
      const before = s.slice(o, o + STRIDE);
      finishSlide(s, i, p);
      resolveCushion(s, i, nx, ny, p, false);
      for (let f = 0; f < STRIDE; f++) if (s[o + f] !== before[f]) changed = true;
    }
    if (!airborne) code[i] = settle(s, i, p);
    return changed;
  }

  /**
   * Resolves the balls of one instant that keep colliding as a cluster: on the cloth, the pairwise
   * collisions go on inside one call until none closes (`resolveCluster`: momentum kept, energy lost
   * only by restitution and friction), held off the cushions and jaws its members met at this
   * instant; with a ball in flight, the flight guard (`settleFlightCluster`).
   */
  function settleInstant(members: readonly number[], round: number): void {
    if (!members.some((k) => code[k] === AIRBORNE)) {
      const walls: number[] = [];
      for (let w = 0; w < wallBalls.length; w++) {
        if (members.includes(wallBalls[w]!))
          walls.push(wallBalls[w]!, wallNormals[2 * w]!, wallNormals[2 * w + 1]!);
      }
      const sorted = [...members].sort((a, b) => a - b);
      if (round === 0) resolveCluster(s, sorted, p, walls, resolveCushion);
      else settleCluster(s, sorted, p, walls, round > 2, round === 2);
    } else {
      const walls: number[] = [];
      for (let w = 0; w < wallBalls.length; w++) {
        if (members.includes(wallBalls[w]!) && code[wallBalls[w]!] !== AIRBORNE)
          walls.push(wallNormals[2 * w]!, wallNormals[2 * w + 1]!);
      }
      for (const k of members) if (code[k] === SLIDING) finishSlide(s, k, p);
      settleFlightCluster(s, members, (k) => code[k] === AIRBORNE, p, walls);
      for (const k of members) {
        if (code[k] === AIRBORNE) continue;
        const o = k * STRIDE;
        s[o + WX] = -s[o + VY]! / R;
        s[o + WY] = s[o + VX]! / R;
      }
    }
    for (const k of members) if (code[k] !== AIRBORNE) code[k] = settle(s, k, p);
  }

  const budget = eventBudget(n, p);
  const touched: number[] = [];
  // Collisions at the current instant, and the balls in them: a cluster of touching balls resolved
  // pair by pair converges only geometrically, so after a few rounds it is settled as one (below).
  let instant = -1;
  let collisionsThisInstant = 0;
  let guardRounds = 0;
  const inInstant: number[] = [];
  // The cushions and jaws met at the current instant by balls on the cloth (ball, and inward normal
  // in pairs): the cluster guard holds its pack off them.
  const wallBalls: number[] = [];
  const wallNormals: number[] = [];
  function metWall(i: number, nx: number, ny: number): void {
    if (code[i] === AIRBORNE) return;
    wallBalls.push(i);
    wallNormals.push(nx, ny);
  }
  while (true) {
    // The earliest event, in the total order (time, tier, ball, object).
    let tBest = INF;
    let tier = 3;
    let kindBest = -1; // 0 transition, 1 boundary, 2 pair
    let iBest = -1;
    let jBest = -1;
    for (let i = 0; i < n; i++) {
      const tt = tTransition[i]!;
      if (tt < tBest || (tt === tBest && tt !== INF && TIER_TRANSITION < tier)) {
        tBest = tt;
        tier = TIER_TRANSITION;
        kindBest = 0;
        iBest = i;
      }
      const tb = tBoundary[i]!;
      const tierB = boundaryKind[i] === B_POCKET ? TIER_POCKET : TIER_COLLISION;
      if (tb < tBest || (tb === tBest && tb !== INF && tierB < tier)) {
        tBest = tb;
        tier = tierB;
        kindBest = 1;
        iBest = i;
      }
    }
    for (let i = 0; i < n; i++) {
      if (rowDirty[i] === 1) {
        rowDirty[i] = 0;
        rowT[i] = INF;
        rowJ[i] = n;
        for (let j = i + 1; j < n; j++) {
          const tp = tPair[i * n + j]!;
          if (tp < rowT[i]!) {
            rowT[i] = tp;
            rowJ[i] = j;
          }
        }
      }
      const tp = rowT[i]!;
      if (tp < tBest || (tp === tBest && tp !== INF && TIER_COLLISION < tier)) {
        tBest = tp;
        tier = TIER_COLLISION;
        kindBest = 2;
        iBest = i;
        jBest = rowJ[i]!;
      }
    }
    if (tBest === INF) break;
    if (events.length >= budget) {
      return err({
        code: 'event-cap',
        message: `the shot exceeded ${budget} events at t = ${now} s; the report reproduces it`,
        report: { balls: input, strike, events: events.length, lastEvents: events.slice(-24) },
      });
    }
    const dt = tBest - now;
    for (let i = 0; i < n; i++) if (isMoving(code[i]!)) advance(s, i, code[i]!, dt, p);
    now = tBest;
    touched.length = 0;
    if (now !== instant) {
      instant = now;
      collisionsThisInstant = 0;
      guardRounds = 0;
      inInstant.length = 0;
      wallBalls.length = 0;
      wallNormals.length = 0;
    }
    // Any other event of a ball re-arms the cushion or jaw it grazed (see grazedKind).
    if (kindBest !== 1 || (boundaryKind[iBest] !== B_SEGMENT && boundaryKind[iBest] !== B_JAW)) {
      grazedKind[iBest] = B_NONE;
      if (kindBest === 2) grazedKind[jBest] = B_NONE;
    }
    if (kindBest === 0) {
      const from = code[iBest]!;
      code[iBest] = transition(s, iBest, from, p);
      events.push({
        type: 'transition',
        t: now,
        ball: ids[iBest]!,
        from: MOTION_STATES[from]!,
        to: MOTION_STATES[code[iBest]!]!,
      });
      touched.push(iBest);
    } else if (kindBest === 1) {
      const i = iBest;
      const k = boundaryIndex[i]!;
      const o = i * STRIDE;
      switch (boundaryKind[i]) {
        case B_SEGMENT: {
          const q = k * SEGMENT_STRIDE;
          metWall(i, boundary.segments[q + 4]!, boundary.segments[q + 5]!);
          graze(i, B_SEGMENT, k, hitCushion(i, boundary.segments[q + 4]!, boundary.segments[q + 5]!));
          events.push({ type: 'cushion', t: now, ball: ids[i]!, cushion: boundary.segmentIds[k]! });
          break;
        }
        case B_OVER_RAIL: {
          code[i] = OFF_TABLE;
          where[i] = boundary.segmentIds[k]!;
          events.push({ type: 'off-table', t: now, ball: ids[i]!, cushion: boundary.segmentIds[k]! });
          break;
        }
        case B_JAW: {
          const q = k * CIRCLE_STRIDE;
          const dx = s[o + X]! - boundary.jaws[q]!;
          const dy = s[o + Y]! - boundary.jaws[q + 1]!;
          const len = Math.sqrt(dx * dx + dy * dy);
          metWall(i, dx / len, dy / len);
          graze(i, B_JAW, k, hitCushion(i, dx / len, dy / len));
          events.push({
            type: 'jaw',
            t: now,
            ball: ids[i]!,
            jaw: boundary.jawIds[k]!,
            pocket: boundary.jawPockets[k]!,
          });
          break;
        }
        case B_POCKET: {
          pocketBall(i, k);
          break;
        }
        case B_OPENING_EXIT: {
          // Over the rail top it passes over the pocket and leaves the table; lower, it meets the
          // inside of the pocket and drops in.
          if (s[o + Z]! - R >= p.railHeight) {
            code[i] = OFF_TABLE;
            where[i] = boundary.pocketIds[k]!;
            events.push({
              type: 'off-table',
              t: now,
              ball: ids[i]!,
              cushion: `${boundary.pocketIds[k]!}/opening`,
            });
          } else {
            pocketBall(i, k);
          }
          break;
        }
        case B_LANDING: {
          const k = openingUnder(s[o + X]!, s[o + Y]!);
          if (k >= 0) {
            // It comes down inside a pocket's opening: there is no slate under it.
            pocketBall(i, k);
            break;
          }
          const flies = resolveTableBounce(s, i, p);
          code[i] = flies ? AIRBORNE : settle(s, i, p);
          events.push({ type: 'bounce', t: now, ball: ids[i]!, airborne: flies });
          break;
        }
      }
      touched.push(i);
    } else {
      collisionsThisInstant += 1;
      if (!inInstant.includes(iBest)) inInstant.push(iBest);
      if (!inInstant.includes(jBest)) inInstant.push(jBest);
      const airborne = code[iBest] === AIRBORNE || code[jBest] === AIRBORNE;
      if (collisionsThisInstant > CLUSTER_ROUNDS * inInstant.length * (guardRounds + 1)) {
        // The guard of one instant. On the cloth, first the cluster's collisions go on inside one
        // call (resolveCluster: momentum kept, energy lost only by restitution and friction); should
        // the instant still hold CLUSTER_ROUNDS more collisions per ball, the members joined by
        // contacts that do not part move on as one (settleCluster), after another such round all
        // but the balls clearly leaving, after another all of them, after which no two approach.
        // In flight it is settled at once (settleFlightCluster). So an instant holds at most
        // 4·CLUSTER_ROUNDS·n + 4 collisions.
        settleInstant(inInstant, guardRounds);
        guardRounds += 1;
        for (const k of inInstant) if (!touched.includes(k)) touched.push(k);
      } else if (airborne) {
        // A flying pair in contact that does not approach faster than the plastic threshold is a
        // lasting contact (a ball perched on a ball): no impulse parts it, so the guard settles it.
        if (!resolveFlightContact(s, iBest, jBest, p, code[iBest] !== AIRBORNE, code[jBest] !== AIRBORNE)) {
          settleInstant(inInstant, 3);
          for (const k of inInstant) if (!touched.includes(k)) touched.push(k);
        }
      } else if (closingSpeed(s, iBest, jBest) >= p.plasticBelow) {
        resolveBallBall(s, iBest, jBest, p, false);
      } else {
        resolveSlowContact(s, iBest, jBest, p, code[iBest] === SLIDING, code[jBest] === SLIDING);
      }
      if (code[iBest] !== AIRBORNE) code[iBest] = settle(s, iBest, p);
      if (code[jBest] !== AIRBORNE) code[jBest] = settle(s, jBest, p);
      events.push({ type: 'ball-ball', t: now, balls: [ids[iBest]!, ids[jBest]!] });
      if (!touched.includes(iBest)) touched.push(iBest);
      if (!touched.includes(jBest)) touched.push(jBest);
    }
    for (const i of touched) trajectory.record(i, now, s, code[i]!);
    eventStamp += 1;
    for (const i of touched) refresh(i);
  }

  const final: BallState[] = [];
  for (let i = 0; i < n; i++) {
    const o = i * STRIDE;
    const state: BallState = {
      id: ids[i]!,
      state: MOTION_STATES[code[i]!]!,
      r: [s[o + X]!, s[o + Y]!, s[o + Z]!],
      v: [s[o + VX]!, s[o + VY]!, s[o + VZ]!],
      w: [s[o + WX]!, s[o + WY]!, s[o + WZ]!],
      ...(where[i] === undefined ? {} : { where: where[i]! }),
    };
    final.push(state);
  }
  trajectory.finish(now);
  let hash: string | null = null;
  return ok({
    events,
    final,
    duration: now,
    miscue,
    // Hashing the final state costs as much as a short shot: computed when first asked for.
    get hash() {
      hash ??= hashJson(final);
      return hash;
    },
    trajectory,
    params: p,
  });
}

/**
 * The guarantee: a shot of n balls ends within this many events, or `simulate` returns the typed,
 * reproducible `event-cap` failure. 1000 + 250 per ball (5000 for a full rack, the default
 * `maxEvents`), never more than `maxEvents`. Random breaks, jump shots and elevated strikes into
 * clusters stay far below it (docs/physics.md, "Every shot ends"); what bounds an instant is the
 * cluster guard (at most 4·CLUSTER_ROUNDS·n + 4 collisions at one time).
 */
export function eventBudget(n: number, p: PhysicsParams): number {
  return Math.min(p.maxEvents, 1000 + 250 * n);
}

/**
 * Whether c0 + c1 t + c2 t² stays above CLEAR on [0, hi]: its least value there is at an end or at
 * its vertex. A cheap test before the root search (which finds no root then).
 */
function clearOf(c0: number, c1: number, c2: number, hi: number): boolean {
  let least = Math.min(c0, c0 + c1 * hi + c2 * hi * hi);
  const vertex = -c1 / (2 * c2);
  if (c2 > 0 && vertex > 0 && vertex < hi) least = Math.min(least, c0 - (c1 * c1) / (4 * c2));
  return least > CLEAR;
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
