/**
 * The one state struct of the event loop (simulate.ts): the balls' states and every cached event
 * time, in typed arrays sized for a capacity of balls. One struct is kept between shots and reused
 * (every field a shot reads is reset by `beginShot`), so a shot allocates no typed array: a random
 * shot has some twenty events, and allocating a fresh set of sixteen arrays cost as much as several
 * of them. The loop's functions (loop-boundary.ts, loop-pairs.ts, loop-contacts.ts) are plain
 * functions over this struct.
 */
import type { Boundary } from './boundary.js';
import type { CushionResolver } from './cushion-models.js';
import type { SimEvent } from './events.js';
import { halfAcceleration, transitionTime } from './motion.js';
import type { PhysicsParams } from './params.js';
import { STRIDE } from './state.js';

export const INF = Number.POSITIVE_INFINITY;

/** What a ball's next boundary event is. */
export const B_NONE = 0;
export const B_SEGMENT = 1;
export const B_JAW = 2;
export const B_POCKET = 3;
export const B_LANDING = 4;
export const B_OVER_RAIL = 5;
/** A ball in flight leaving a pocket's opening through its back or a side (see computeBoundary). */
export const B_OPENING_EXIT = 6;

export class LoopState {
  /** Balls this struct has room for. */
  readonly capacity: number;
  /** Balls of the present shot, in id order. */
  n = 0;
  /** The balls' states, STRIDE numbers each (state.ts), and their motion codes. */
  readonly s: Float64Array;
  readonly code: Uint8Array;
  /** Cached absolute times: each ball's next transition and boundary event, and its kind and object. */
  readonly tTransition: Float64Array;
  readonly tBoundary: Float64Array;
  readonly boundaryKind: Uint8Array;
  readonly boundaryIndex: Int32Array;
  /** Pair (i, j), i < j, at i·n + j: the time of its next collision. */
  readonly tPair: Float64Array;
  /**
   * Per row i of the pair table (pairs (i, j), j > i): its earliest time and that j, and whether the
   * minimum must be rescanned (see setPair).
   */
  readonly rowT: Float64Array;
  readonly rowJ: Int32Array;
  readonly rowDirty: Uint8Array;
  /**
   * A cushion or jaw a ball touched without moving into it (a graze at rounding level, which the
   * contact test can report again at the same instant without end): it is left out of that ball's
   * boundary search until the ball's next event of another kind. Moving along or away from it,
   * the ball does not meet it again on a straight path.
   */
  readonly grazedKind: Uint8Array;
  readonly grazedIndex: Int32Array;
  /**
   * Each ball's time to its next transition and its half-acceleration, computed once per event
   * for the balls the refreshes look at (the states do not change while the cached times are
   * recomputed, so the cache gives the very numbers a fresh computation would); `stamp` says for
   * which event.
   */
  readonly remainingT: Float64Array;
  readonly accel: Float64Array;
  readonly stamp: Int32Array;
  eventStamp = 0;
  readonly scratch = new Float64Array(3);
  /** A ball's state before a cushion contact (hitCushion compares it after). */
  readonly before = new Float64Array(STRIDE);
  /** The balls the present event changed, without repeats. */
  readonly touched: Int32Array;
  touchedCount = 0;
  /** The time of the present event, s. */
  now = 0;
  // Per shot: the table, the parameters, the cushion model, the output being built.
  boundary!: Boundary;
  p!: PhysicsParams;
  R = 0;
  resolveCushion!: CushionResolver;
  ids: number[] = [];
  where: (string | undefined)[] = [];
  events: SimEvent[] = [];
  /**
   * The cushions and jaws met at the current instant by balls on the cloth (ball, and inward normal
   * in pairs): the cluster guard holds its pack off them.
   */
  readonly wallBalls: number[] = [];
  readonly wallNormals: number[] = [];

  constructor(capacity: number) {
    this.capacity = capacity;
    this.s = new Float64Array(capacity * STRIDE);
    this.code = new Uint8Array(capacity);
    this.tTransition = new Float64Array(capacity);
    this.tBoundary = new Float64Array(capacity);
    this.boundaryKind = new Uint8Array(capacity);
    this.boundaryIndex = new Int32Array(capacity);
    this.tPair = new Float64Array(capacity * capacity);
    this.rowT = new Float64Array(capacity);
    this.rowJ = new Int32Array(capacity);
    this.rowDirty = new Uint8Array(capacity);
    this.grazedKind = new Uint8Array(capacity);
    this.grazedIndex = new Int32Array(capacity);
    this.remainingT = new Float64Array(capacity);
    this.accel = new Float64Array(3 * capacity);
    this.stamp = new Int32Array(capacity);
    this.touched = new Int32Array(capacity);
  }

  /** Resets every field a shot of n balls reads to what a freshly allocated struct holds. */
  beginShot(n: number, boundary: Boundary, p: PhysicsParams, resolveCushion: CushionResolver): void {
    this.n = n;
    this.s.fill(0, 0, n * STRIDE);
    this.code.fill(0, 0, n);
    this.tTransition.fill(INF, 0, n);
    this.tBoundary.fill(INF, 0, n);
    this.boundaryKind.fill(0, 0, n);
    this.boundaryIndex.fill(0, 0, n);
    this.tPair.fill(INF, 0, n * n);
    this.rowT.fill(INF, 0, n);
    this.rowJ.fill(n, 0, n);
    this.rowDirty.fill(0, 0, n);
    this.grazedKind.fill(0, 0, n);
    this.grazedIndex.fill(-1, 0, n);
    this.stamp.fill(-1, 0, n);
    this.eventStamp = 0;
    this.touchedCount = 0;
    this.now = 0;
    this.boundary = boundary;
    this.p = p;
    this.R = p.R;
    this.resolveCushion = resolveCushion;
    this.wallBalls.length = 0;
    this.wallNormals.length = 0;
  }

  /** Drops the shot's output (events, ids, pockets), so a kept struct holds none of a returned result. */
  endShot(): void {
    this.ids = [];
    this.where = [];
    this.events = [];
  }
}

/** The struct kept between shots (null while a shot uses it: a nested call gets its own). */
let spare: LoopState | null = null;

/** A struct for a shot of n balls: the kept one if it is free and large enough. */
export function acquireLoopState(n: number): LoopState {
  const kept = spare;
  if (kept !== null && kept.capacity >= n) {
    spare = null;
    return kept;
  }
  return new LoopState(Math.max(n, 16));
}

/** Hands a struct back after its shot, to be kept for the next. */
export function releaseLoopState(state: LoopState): void {
  state.endShot();
  if (spare === null || spare.capacity < state.capacity) spare = state;
}

/** Marks ball i as changed by the present event (once). */
export function touch(st: LoopState, i: number): void {
  const touched = st.touched;
  for (let k = 0; k < st.touchedCount; k++) if (touched[k] === i) return;
  touched[st.touchedCount++] = i;
}

/** Ball i's time to its next transition and half-acceleration, into the struct's per-event cache. */
export function kinematics(st: LoopState, i: number): void {
  if (st.stamp[i] === st.eventStamp) return;
  st.stamp[i] = st.eventStamp;
  const code = st.code[i]!;
  st.remainingT[i] = transitionTime(st.s, i, code, st.p);
  const scratch = st.scratch;
  halfAcceleration(st.s, i, code, st.p, scratch);
  const accel = st.accel;
  accel[3 * i] = scratch[0]!;
  accel[3 * i + 1] = scratch[1]!;
  accel[3 * i + 2] = scratch[2]!;
}

/** Ball i's time to its next transition (cached per event). */
export function remaining(st: LoopState, i: number): number {
  kinematics(st, i);
  return st.remainingT[i]!;
}
