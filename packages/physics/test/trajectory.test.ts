/**
 * The trajectory: sample(t) at an event time gives the state the event left (checked against what the
 * event means geometrically: centres 2R apart at a ball–ball event, R from the nose at a cushion, a
 * rolling ball has no slip, …), sampling is continuous across events, sample(duration) is the final
 * state, and series(step) covers [0, duration].
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEGMENT_STRIDE } from '../src/boundary.js';
import type { Simulation } from '../src/simulate.js';
import { strikeBall } from '../src/strike.js';
import { arbShot, RUNS, SEED } from './arbitraries.js';
import { BREAK_STRIKE, breakBalls, D, expectClose, hypot2, P, R, run, TABLE } from './helpers.js';

/** Distance from a ball centre to the nose line of segment `id`. */
function noseDistance(id: string, x: number, y: number): number {
  const k = TABLE.segmentIds.indexOf(id);
  const q = k * SEGMENT_STRIDE;
  return (
    TABLE.segments[q + 4]! * (x - TABLE.segments[q]!) + TABLE.segments[q + 5]! * (y - TABLE.segments[q + 1]!)
  );
}

function checkEventStates(sim: Simulation): void {
  for (const e of sim.events) {
    const balls = sim.trajectory.sample(e.t);
    const ball = (id: number) => balls.find((b) => b.id === id)!;
    switch (e.type) {
      case 'strike': {
        const b = ball(e.ball);
        if (b.state !== 'airborne') expect(b.v[2]).toBe(0);
        break;
      }
      case 'ball-ball': {
        const [a, b] = [ball(e.balls[0]), ball(e.balls[1])];
        expectClose(
          Math.hypot(a.r[0] - b.r[0], a.r[1] - b.r[1], a.r[2] - b.r[2]),
          D,
          0,
          1e-9,
          'centres at contact',
        );
        break;
      }
      case 'cushion':
        expectClose(
          noseDistance(e.cushion, ball(e.ball).r[0], ball(e.ball).r[1]),
          R,
          0,
          1e-9,
          `${e.cushion} contact`,
        );
        break;
      case 'pocket':
        expect(ball(e.ball).state).toBe('pocketed');
        expect(ball(e.ball).v).toEqual([0, 0, 0]);
        break;
      case 'off-table':
        expect(ball(e.ball).state).toBe('off-table');
        break;
      case 'transition': {
        const b = ball(e.ball);
        expect(b.state).toBe(e.to);
        if (e.to === 'rolling') {
          expect(hypot2(b.v[0] - R * b.w[1], b.v[1] + R * b.w[0])).toBeLessThan(1e-12);
        }
        if (e.to === 'stationary') {
          expect(b.v).toEqual([0, 0, 0]);
          expect(b.w).toEqual([0, 0, 0]);
        }
        break;
      }
      case 'bounce':
        expectClose(ball(e.ball).r[2], R, 0, 1e-12);
        expect(ball(e.ball).state).toBe(e.airborne ? 'airborne' : ball(e.ball).state);
        break;
      case 'jaw':
        break;
    }
  }
}

function checkContinuity(sim: Simulation): void {
  const delta = 1e-11; // s: a ball moves at most ~1e-10 m in that time
  for (const t of new Set(sim.events.map((e) => e.t))) {
    const at = sim.trajectory.sample(t);
    for (const when of [Math.max(0, t - delta), t + delta]) {
      sim.trajectory.sample(when).forEach((b, k) => {
        const a = at[k]!;
        const d = Math.hypot(a.r[0] - b.r[0], a.r[1] - b.r[1], a.r[2] - b.r[2]);
        if (!(d <= 1e-9))
          expect.fail(`ball ${a.id} jumps ${d} m across the event at ${t} (sampled at ${when})`);
      });
    }
  }
}

describe('sample(t)', () => {
  it('at t = 0 after a strike: the strike velocity and spin (closed form of strikeBall)', () => {
    const strike = { ball: 0, speed: 4, angleDeg: 33, side: 0.2, height: -0.3 };
    const sim = run([{ id: 0, x: 1, y: 0.7 }], strike);
    const expected = strikeBall(strike, P);
    const at = sim.trajectory.sample(0)[0]!;
    expect(at.v).toEqual([expected.v[0], expected.v[1], 0]);
    expect(at.w).toEqual(expected.w);
    expect(at.r).toEqual([1, 0.7, R]);
  });

  it('at every event time gives the state the event produced; sample(duration) is the final state', () => {
    fc.assert(
      fc.property(arbShot(5, true), ({ balls, strike }) => {
        const sim = run(balls, strike);
        checkEventStates(sim);
        const end = sim.trajectory.sample(sim.duration);
        sim.final.forEach((f, k) => {
          const b = end[k]!;
          expect(b.state).toBe(f.state);
          expect(b.r).toEqual(f.r);
          expect(b.v).toEqual(f.v);
          expect(b.w).toEqual(f.w);
        });
        expect(sim.trajectory.sample(sim.duration + 10)).toEqual(end);
        expect(sim.trajectory.sample(-1)).toEqual(sim.trajectory.sample(0));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('is continuous across events (positions within 1e-9 m either side)', () => {
    fc.assert(
      fc.property(arbShot(5, true), ({ balls, strike }) => checkContinuity(run(balls, strike))),
      { numRuns: RUNS, seed: SEED },
    );
    const sim = run(breakBalls(), BREAK_STRIKE);
    checkEventStates(sim);
    checkContinuity(sim);
  });
});

describe('series(step)', () => {
  for (const step of [0.1, 0.013, 1]) {
    it(`step ${step}: from 0 to the duration, evenly spaced, every ball every time`, () => {
      const sim = run(breakBalls(), BREAK_STRIKE);
      const series = sim.trajectory.series(step);
      expect(series[0]!.t).toBe(0);
      expect(series.at(-1)!.t).toBe(sim.duration);
      expect(series.length).toBe(Math.ceil(sim.duration / step) + 1);
      series.forEach((entry, k) => {
        expect(entry.balls.map((b) => b.id)).toEqual(sim.final.map((b) => b.id));
        if (k > 0) {
          const gap = entry.t - series[k - 1]!.t;
          expect(gap).toBeGreaterThan(0);
          expect(gap).toBeLessThanOrEqual(step * (1 + 1e-12));
        }
        expect(entry.balls).toEqual(sim.trajectory.sample(entry.t));
      });
    });
  }

  it('a still table: one sample at t = 0', () => {
    const sim = run([{ id: 0, x: 1, y: 1 }], null);
    expect(sim.trajectory.series(0.1)).toEqual([{ t: 0, balls: sim.trajectory.sample(0) }]);
  });
});
