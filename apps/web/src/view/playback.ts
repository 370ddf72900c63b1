/**
 * The clock of one animated shot, separate from drawing so it can be tested with made-up frame times:
 * each display frame gives the wall-clock time, and the playback answers with the shot time to show,
 * the shot-time step since the previous frame (for integrating spin), the events that have now passed
 * and whether the shot is over.
 */
import type { AnimationEvent, BallFrame, ShotAnimation } from './types.js';

export interface PlaybackStep {
  /** Shot time shown, s, clamped to the duration. */
  readonly t: number;
  /** Shot time since the previous step, s (0 on the first). */
  readonly dt: number;
  readonly balls: readonly BallFrame[];
  /** Events with time ≤ t not reported before, in time order. */
  readonly events: readonly AnimationEvent[];
  readonly done: boolean;
}

export class Playback {
  private readonly events: readonly AnimationEvent[];
  private nextEvent = 0;
  private startMs: number | null = null;
  private lastT = 0;
  readonly rate: number;

  constructor(
    readonly animation: ShotAnimation,
    rate = 1,
  ) {
    // A rate of 0 or less would never finish; NaN likewise.
    this.rate = Number.isFinite(rate) && rate > 0 ? rate : 1;
    this.events = [...animation.events].sort((a, b) => a.t - b.t);
  }

  /** The step for a display frame at `nowMs` (requestAnimationFrame's timestamp). */
  advance(nowMs: number): PlaybackStep {
    if (this.startMs === null) this.startMs = nowMs;
    const duration = Math.max(0, this.animation.duration);
    const elapsed = Math.max(0, (nowMs - this.startMs) / 1000);
    const t = Math.min(duration, elapsed * this.rate);
    const dt = t - this.lastT;
    this.lastT = t;
    const events: AnimationEvent[] = [];
    while (this.nextEvent < this.events.length) {
      const event = this.events[this.nextEvent];
      if (event === undefined || event.t > t) break;
      events.push(event);
      this.nextEvent++;
    }
    return { t, dt, balls: this.animation.sample(t), events, done: t >= duration };
  }

  /** The last frame, for skip(): no events are reported (a burst of sounds would be wrong). */
  end(): readonly BallFrame[] {
    this.lastT = this.animation.duration;
    this.nextEvent = this.events.length;
    return this.animation.sample(Math.max(0, this.animation.duration));
  }
}
