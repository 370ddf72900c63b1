/**
 * The trajectory of a shot, sampled at any time without re-simulating: each ball's state is
 * recorded whenever an event changes it, and between records the motion is closed-form. Records
 * are copies, so nothing here aliases the simulator's live state: per ball one growing array of
 * (t, code, the nine state numbers), so that recording allocates no object per record.
 */
import { solveQuadratic } from './math/roots.js';
import { advance, halfAcceleration } from './motion.js';
import type { PhysicsParams } from './params.js';
import { type BallState, MOTION_STATES, STRIDE, VX, VY, VZ, WX, WY, WZ, X, Y, Z } from './state.js';

/** One record in a ball's buffer: time, state code, then the ball's STRIDE state numbers. */
const RECORD = 2 + STRIDE;

/** A ball's records, in time order, in plain arrays (cheap to grow and to collect). */
class Records {
  readonly data: number[] = [];
  length = 0;

  push(t: number, code: number, s: Float64Array, o: number): void {
    const d = this.data;
    d.push(
      t,
      code,
      s[o]!,
      s[o + 1]!,
      s[o + 2]!,
      s[o + 3]!,
      s[o + 4]!,
      s[o + 5]!,
      s[o + 6]!,
      s[o + 7]!,
      s[o + 8]!,
    );
    this.length += 1;
  }

  t(k: number): number {
    return this.data[k * RECORD]!;
  }

  code(k: number): number {
    return this.data[k * RECORD + 1]!;
  }

  /** Copies record k's state into out[0..STRIDE). */
  state(k: number, out: Float64Array): void {
    const q = k * RECORD + 2;
    for (let f = 0; f < STRIDE; f++) out[f] = this.data[q + f]!;
  }
}

export class Trajectory {
  private readonly records: Records[];
  private end = 0;

  constructor(
    readonly ids: readonly number[],
    private readonly params: PhysicsParams,
  ) {
    this.records = ids.map(() => new Records());
  }

  /** Called by the simulator: ball i has this state from time t on. */
  record(i: number, t: number, s: Float64Array, code: number): void {
    this.records[i]!.push(t, code, s, i * STRIDE);
  }

  finish(t: number): void {
    this.end = t;
  }

  /** When the last ball came to rest, s. */
  get duration(): number {
    return this.end;
  }

  /** Every ball's state at time t (clamped to [0, duration]). */
  sample(t: number): BallState[] {
    const time = Math.max(0, Math.min(t, this.end));
    const scratch = new Float64Array(STRIDE);
    return this.ids.map((id, i) => {
      const list = this.records[i]!;
      // The last record at or before `time` (records are in time order).
      let lo = 0;
      let hi = list.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (list.t(mid) <= time) lo = mid;
        else hi = mid - 1;
      }
      const code = list.code(lo);
      list.state(lo, scratch);
      advance(scratch, 0, code, time - list.t(lo), this.params);
      return {
        id,
        state: MOTION_STATES[code]!,
        r: [scratch[X]!, scratch[Y]!, scratch[Z]!],
        v: [scratch[VX]!, scratch[VY]!, scratch[VZ]!],
        w: [scratch[WX]!, scratch[WY]!, scratch[WZ]!],
      };
    });
  }

  /** States at evenly spaced times ending exactly at the duration, for drawing and `pyramid simulate --series`. */
  series(step: number): { t: number; balls: BallState[] }[] {
    const out: { t: number; balls: BallState[] }[] = [];
    for (let k = 0; k * step < this.end; k++) out.push({ t: k * step, balls: this.sample(k * step) });
    out.push({ t: this.end, balls: this.sample(this.end) });
    return out;
  }

  /**
   * Every time a ball's centre crosses the line x = `line` (m), in time order (ties by ball index).
   * The sides are x < line and x ≥ line — the line itself belongs to the far side, as the house
   * line is not part of the house (п.2) — so a ball starting on the line crosses it only by moving
   * back. Between records x(t) is a quadratic, so each crossing is solved in closed form; a tangent
   * touch that does not change the side is no crossing.
   */
  crossingsOfX(line: number): { t: number; ball: number }[] {
    const out: { t: number; ball: number; index: number }[] = [];
    const half = new Float64Array(3);
    const roots = new Float64Array(2);
    const state = new Float64Array(STRIDE);
    for (let i = 0; i < this.ids.length; i++) {
      const list = this.records[i]!;
      let side = 0;
      for (let k = 0; k < list.length; k++) {
        list.state(k, state);
        const t0 = list.t(k);
        const t1 = k + 1 < list.length ? list.t(k + 1) : this.end;
        const x0 = state[X]!;
        const startSide = x0 < line ? -1 : 1;
        if (k === 0) side = startSide;
        else if (startSide !== side) {
          out.push({ t: t0, ball: this.ids[i]!, index: i });
          side = startSide;
        }
        if (!(t1 > t0)) continue;
        halfAcceleration(state, 0, list.code(k), this.params, half);
        const a = half[0]!;
        const vx = state[VX]!;
        if (a === 0 && vx === 0) continue;
        const count = solveQuadratic(a, vx, x0 - line, roots);
        for (let r = 0; r < count; r++) {
          const root = roots[r]!;
          if (root < 0 || root > t1 - t0) continue;
          const slope = vx + 2 * a * root;
          const after = slope > 0 ? 1 : slope < 0 ? -1 : side;
          if (after !== side) {
            out.push({ t: Math.min(t0 + root, t1), ball: this.ids[i]!, index: i });
            side = after;
          }
        }
      }
    }
    out.sort((p, q) => p.t - q.t || p.index - q.index);
    return out.map(({ t, ball }) => ({ t, ball }));
  }
}
