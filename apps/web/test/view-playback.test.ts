import { isInTemporaryHouse, markings, REGULATION_12FT } from '@pyramid/table';
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { cuePlacement, MAX_PULL_MM, placementSpan } from '../src/view/overlay.js';
import { Playback } from '../src/view/playback.js';
import type { AnimationEvent, BallFrame, ShotAnimation } from '../src/view/types.js';

function animation(duration: number, events: AnimationEvent[]): ShotAnimation & { sampled: number[] } {
  const sampled: number[] = [];
  return {
    duration,
    events,
    sampled,
    sample(t: number): BallFrame[] {
      sampled.push(t);
      return [{ id: 0, x: 100 + 1000 * t, y: 500, z: 0, wx: 0, wy: 1000 / 34, wz: 0, gone: false }];
    },
  };
}

describe('the playback clock', () => {
  it('samples at elapsed time × rate from the first frame and reports each passed event once', () => {
    const events: AnimationEvent[] = [
      { t: 0.3, kind: 'cushion', speed: 1 },
      { t: 0.1, kind: 'ball', speed: 2 },
      { t: 0.1, kind: 'pocket', speed: 0.5 },
    ];
    const shot = animation(1, events);
    const playback = new Playback(shot, 0.5);
    const first = playback.advance(5000);
    expect(first.t).toBe(0);
    expect(first.dt).toBe(0);
    expect(first.events).toEqual([]);
    expect(first.done).toBe(false);
    const second = playback.advance(5400); // 0.4 s of wall clock at half speed
    expect(second.t).toBeCloseTo(0.2, 12);
    expect(second.dt).toBeCloseTo(0.2, 12);
    expect(second.events.map((e) => e.kind)).toEqual(['ball', 'pocket']);
    expect(second.balls[0]?.x).toBeCloseTo(300, 9);
    const third = playback.advance(5700);
    expect(third.events.map((e) => e.kind)).toEqual(['cushion']);
    const last = playback.advance(9000);
    expect(last.t).toBe(1);
    expect(last.done).toBe(true);
    expect(last.events).toEqual([]);
  });

  it('ends at the duration on skip without reporting the events left', () => {
    const shot = animation(2, [{ t: 1.5, kind: 'ball', speed: 1 }]);
    const playback = new Playback(shot);
    playback.advance(0);
    const end = playback.end();
    expect(shot.sampled[shot.sampled.length - 1]).toBe(2);
    expect(end[0]?.x).toBeCloseTo(2100, 9);
    expect(playback.advance(100).events).toEqual([]);
  });

  it('treats a non-positive rate as real time and a zero-length shot as done at once', () => {
    expect(new Playback(animation(1, []), 0).rate).toBe(1);
    expect(new Playback(animation(1, []), Number.NaN).rate).toBe(1);
    expect(new Playback(animation(0, []), 1).advance(123).done).toBe(true);
  });
});

describe('the cue stick', () => {
  it('lies behind the cue ball against the stroke, pulled back by pull × 300 mm, tilted by the elevation', () => {
    const R = 34;
    const from = { x: 1000, y: 800 };
    const rest = cuePlacement(from, 90, 0, 0, R);
    // Stroke toward +y: the cue is on the −y side, level, at centre height.
    expect(rest.axis.x).toBeCloseTo(0, 12);
    expect(rest.axis.y).toBeCloseTo(-1, 12);
    expect(rest.tip.y).toBeLessThan(from.y - R);
    expect(rest.tip.z).toBeCloseTo(R, 9);
    const pulled = cuePlacement(from, 90, 1, 0, R);
    expect(rest.tip.y - pulled.tip.y).toBeCloseTo(MAX_PULL_MM, 9);
    const raised = cuePlacement(from, 0, 0.5, 30, R);
    expect(raised.axis.z).toBeCloseTo(0.5, 12);
    expect(raised.axis.x).toBeLessThan(0);
    expect(raised.tip.z).toBeGreaterThan(R);
    // The tip stays on the line through the ball's centre.
    const toTip = raised.tip.clone().sub(new Vector3(from.x, from.y, R));
    expect(toTip.clone().normalize().dot(raised.axis)).toBeCloseTo(1, 12);
  });
});

describe('the placement region', () => {
  it('is the house at the front, the temporary house at the back, or the whole bed', () => {
    const { houseLineX, temporaryHouseLineX } = markings(REGULATION_12FT);
    const length = REGULATION_12FT.length;
    expect(placementSpan('house', houseLineX, temporaryHouseLineX, length)).toEqual([0, 887.5]);
    expect(placementSpan('temporary-house', houseLineX, temporaryHouseLineX, length)).toEqual([2662.5, 3550]);
    expect(placementSpan('anywhere', houseLineX, temporaryHouseLineX, length)).toEqual([0, 3550]);
    // Every point the table calls "in the temporary house" lies in the drawn span.
    const [from, to] = placementSpan('temporary-house', houseLineX, temporaryHouseLineX, length);
    for (const x of [2663, 3000, 3549]) {
      expect(isInTemporaryHouse(REGULATION_12FT, { x, y: 500 })).toBe(true);
      expect(x > from && x < to).toBe(true);
    }
  });
});
