/**
 * The trajectory of a shot, sampled at any time without re-simulating: each ball's state is
 * recorded whenever an event changes it, and between records the motion is closed-form. Records
 * are copies, so nothing here aliases the simulator's live state.
 */
import { advance } from './motion.js';
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

  /** States at evenly spaced times, for drawing and for `pyramid simulate --series`. */
  series(step: number): { t: number; balls: BallState[] }[] {
    const out: { t: number; balls: BallState[] }[] = [];
    const count = Math.ceil(this.end / step);
    for (let k = 0; k <= count; k++) {
      const t = Math.min(k * step, this.end);
      out.push({ t, balls: this.sample(t) });
    }
    return out;
  }
}
