/**
 * The trajectory of a shot, sampled at any time without re-simulating: each ball's state is
 * recorded whenever an event changes it, and between records the motion is closed-form. Records
 * are copies, so nothing here aliases the simulator's live state.
 */
import { solveQuadratic } from './math/roots.js';
import { advance, halfAcceleration } from './motion.js';
import type { PhysicsParams } from './params.js';
import { type BallState, MOTION_STATES, STRIDE, VX, VY, VZ, WX, WY, WZ, X, Y, Z } from './state.js';

interface Record {
  readonly t: number;
  readonly code: number;
  readonly state: Float64Array;
}

export class Trajectory {
  private readonly records: Record[][];
  private end = 0;

  constructor(
    readonly ids: readonly number[],
    private readonly params: PhysicsParams,
  ) {
    this.records = ids.map(() => []);
  }

  /** Called by the simulator: ball i has this state from time t on. */
  record(i: number, t: number, s: Float64Array, code: number): void {
    this.records[i]!.push({ t, code, state: s.slice(i * STRIDE, i * STRIDE + STRIDE) });
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
        if (list[mid]!.t <= time) lo = mid;
        else hi = mid - 1;
      }
      const rec = list[lo]!;
      scratch.set(rec.state);
      advance(scratch, 0, rec.code, time - rec.t, this.params);
      return {
        id,
        state: MOTION_STATES[rec.code]!,
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
    for (let i = 0; i < this.ids.length; i++) {
      const list = this.records[i]!;
      let side = 0;
      for (let k = 0; k < list.length; k++) {
        const rec = list[k]!;
        const t0 = rec.t;
        const t1 = k + 1 < list.length ? list[k + 1]!.t : this.end;
        const x0 = rec.state[X]!;
        const startSide = x0 < line ? -1 : 1;
        if (k === 0) side = startSide;
        else if (startSide !== side) {
          out.push({ t: t0, ball: this.ids[i]!, index: i });
          side = startSide;
        }
        if (!(t1 > t0)) continue;
        halfAcceleration(rec.state, 0, rec.code, this.params, half);
        const a = half[0]!;
        const vx = rec.state[VX]!;
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
