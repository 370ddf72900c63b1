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
import { type Boundary, CIRCLE_STRIDE, SEGMENT_STRIDE } from './boundary.js';
import { CUSHION_MODELS, type CushionModel, DEFAULT_CUSHION_MODEL } from './cushion-models.js';
import type { SimEvent } from './events.js';
import { computeBoundary, openingUnder } from './loop-boundary.js';
import {
  graze,
  hitCushion,
  metWall,
  pocketBall,
  resolveFlightContact,
  settleInstant,
} from './loop-contacts.js';
import { computePair } from './loop-pairs.js';
import {
  acquireLoopState,
  B_JAW,
  B_LANDING,
  B_OPENING_EXIT,
  B_OVER_RAIL,
  B_POCKET,
  B_SEGMENT,
  INF,
  type LoopState,
  releaseLoopState,
  remaining,
  touch,
} from './loop-state.js';
import { advance, settle, transition } from './motion.js';
import type { PhysicsParams } from './params.js';
import { closingSpeed, resolveBallBall, resolveSlowContact, resolveTableBounce } from './resolve.js';
import {
  AIRBORNE,
  type BallState,
  isMoving,
  MOTION_STATES,
  OFF_TABLE,
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

/** Tie tiers: transitions first, then pocketing, then collisions. */
const TIER_TRANSITION = 0;
const TIER_POCKET = 1;
const TIER_COLLISION = 2;

/** Pairwise rounds per ball allowed at one instant before a touching cluster is settled as one. */
export const CLUSTER_ROUNDS = 4;

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
  const st = acquireLoopState(input.length);
  const result = runShot(st, input, strike, boundary, p, resolveCushion);
  releaseLoopState(st);
  return result;
}

/** The shot from the strike until every ball is still, on the state struct st. */
function runShot(
  st: LoopState,
  input: readonly BallSetup[],
  strike: Strike | null,
  boundary: Boundary,
  p: PhysicsParams,
  resolveCushion: LoopState['resolveCushion'],
): Result<Simulation, SimulationFailure> {
  // Work in ball-id order, so that ties and sums never depend on the order of the input array.
  const balls = [...input].sort((a, b) => a.id - b.id);
  const n = balls.length;
  st.beginShot(n, boundary, p, resolveCushion);
  const { s, code } = st;
  const ids = balls.map((b) => b.id);
  st.ids = ids;
  st.where = new Array(n).fill(undefined);
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
  st.events = events;
  const trajectory = new Trajectory(ids, p);
  let miscue = false;
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

  for (let i = 0; i < n; i++) {
    st.tTransition[i] = isMoving(code[i]!) && code[i] !== AIRBORNE ? remaining(st, i) : INF;
    computeBoundary(st, i);
  }
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) computePair(st, i, j);

  const failure = eventLoop(st, trajectory);
  if (failure !== null) {
    return err({
      code: 'event-cap',
      message: `the shot exceeded ${failure} events at t = ${st.now} s; the report reproduces it`,
      report: { balls: input, strike, events: events.length, lastEvents: events.slice(-24) },
    });
  }
  const now = st.now;
  const where = st.where;
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

/** Recomputes ball i's cached transition, boundary and pair times after an event changed it. */
function refresh(st: LoopState, i: number): void {
  const c = st.code[i]!;
  st.tTransition[i] = isMoving(c) && c !== AIRBORNE ? st.now + remaining(st, i) : INF;
  computeBoundary(st, i);
  for (let j = 0; j < st.n; j++) if (j !== i) computePair(st, i, j);
}

/**
 * The events, earliest first, until every ball is still. Returns null, or the event budget when
 * the shot exceeded it.
 */
function eventLoop(st: LoopState, trajectory: Trajectory): number | null {
  const { n, s, code, p, boundary, ids, events, tTransition, tBoundary, boundaryKind, boundaryIndex } = st;
  const { tPair, rowT, rowJ, rowDirty, grazedKind, touched, wallBalls, wallNormals } = st;
  const R = p.R;
  const budget = eventBudget(n, p);
  // Collisions at the current instant, and the balls in them: a cluster of touching balls resolved
  // pair by pair converges only geometrically, so after a few rounds it is settled as one (below).
  let instant = -1;
  let collisionsThisInstant = 0;
  let guardRounds = 0;
  const inInstant: number[] = [];
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
    if (tBest === INF) return null;
    if (events.length >= budget) return budget;
    const dt = tBest - st.now;
    for (let i = 0; i < n; i++) if (isMoving(code[i]!)) advance(s, i, code[i]!, dt, p);
    st.now = tBest;
    const now = tBest;
    st.touchedCount = 0;
    if (now !== instant) {
      instant = now;
      collisionsThisInstant = 0;
      guardRounds = 0;
      if (inInstant.length !== 0) inInstant.length = 0;
      if (wallBalls.length !== 0) {
        wallBalls.length = 0;
        wallNormals.length = 0;
      }
    }
    // Any other event of a ball re-arms the cushion or jaw it grazed (see grazedKind).
    if (kindBest !== 1 || (boundaryKind[iBest] !== B_SEGMENT && boundaryKind[iBest] !== B_JAW)) {
      grazedKind[iBest] = 0;
      if (kindBest === 2) grazedKind[jBest] = 0;
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
      touch(st, iBest);
    } else if (kindBest === 1) {
      const i = iBest;
      const k = boundaryIndex[i]!;
      const o = i * STRIDE;
      switch (boundaryKind[i]) {
        case B_SEGMENT: {
          const q = k * SEGMENT_STRIDE;
          metWall(st, i, boundary.segments[q + 4]!, boundary.segments[q + 5]!);
          graze(st, i, B_SEGMENT, k, hitCushion(st, i, boundary.segments[q + 4]!, boundary.segments[q + 5]!));
          events.push({ type: 'cushion', t: now, ball: ids[i]!, cushion: boundary.segmentIds[k]! });
          break;
        }
        case B_OVER_RAIL: {
          code[i] = OFF_TABLE;
          st.where[i] = boundary.segmentIds[k]!;
          events.push({ type: 'off-table', t: now, ball: ids[i]!, cushion: boundary.segmentIds[k]! });
          break;
        }
        case B_JAW: {
          const q = k * CIRCLE_STRIDE;
          const dx = s[o + X]! - boundary.jaws[q]!;
          const dy = s[o + Y]! - boundary.jaws[q + 1]!;
          const len = Math.sqrt(dx * dx + dy * dy);
          metWall(st, i, dx / len, dy / len);
          graze(st, i, B_JAW, k, hitCushion(st, i, dx / len, dy / len));
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
          pocketBall(st, i, k);
          break;
        }
        case B_OPENING_EXIT: {
          // Over the rail top it passes over the pocket and leaves the table; lower, it meets the
          // inside of the pocket and drops in.
          if (s[o + Z]! - R >= p.railHeight) {
            code[i] = OFF_TABLE;
            st.where[i] = boundary.pocketIds[k]!;
            events.push({
              type: 'off-table',
              t: now,
              ball: ids[i]!,
              cushion: `${boundary.pocketIds[k]!}/opening`,
            });
          } else {
            pocketBall(st, i, k);
          }
          break;
        }
        case B_LANDING: {
          const k = openingUnder(st, s[o + X]!, s[o + Y]!);
          if (k >= 0) {
            // It comes down inside a pocket's opening: there is no slate under it.
            pocketBall(st, i, k);
            break;
          }
          const flies = resolveTableBounce(s, i, p);
          code[i] = flies ? AIRBORNE : settle(s, i, p);
          events.push({ type: 'bounce', t: now, ball: ids[i]!, airborne: flies });
          break;
        }
      }
      touch(st, i);
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
        settleInstant(st, inInstant, guardRounds);
        guardRounds += 1;
        for (const k of inInstant) touch(st, k);
      } else if (airborne) {
        // A flying pair in contact that does not approach faster than the plastic threshold is a
        // lasting contact (a ball perched on a ball): no impulse parts it, so the guard settles it.
        if (!resolveFlightContact(s, iBest, jBest, p, code[iBest] !== AIRBORNE, code[jBest] !== AIRBORNE)) {
          settleInstant(st, inInstant, 3);
          for (const k of inInstant) touch(st, k);
        }
      } else if (closingSpeed(s, iBest, jBest) >= p.plasticBelow) {
        resolveBallBall(s, iBest, jBest, p, false);
      } else {
        resolveSlowContact(s, iBest, jBest, p, code[iBest] === SLIDING, code[jBest] === SLIDING);
      }
      if (code[iBest] !== AIRBORNE) code[iBest] = settle(s, iBest, p);
      if (code[jBest] !== AIRBORNE) code[jBest] = settle(s, jBest, p);
      events.push({ type: 'ball-ball', t: now, balls: [ids[iBest]!, ids[jBest]!] });
      touch(st, iBest);
      touch(st, jBest);
    }
    const count = st.touchedCount;
    for (let k = 0; k < count; k++) trajectory.record(touched[k]!, now, s, code[touched[k]!]!);
    st.eventStamp += 1;
    for (let k = 0; k < count; k++) refresh(st, touched[k]!);
  }
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
