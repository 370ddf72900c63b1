import { describe, expect, it } from 'vitest';
import {
  AUTO_FLOOR,
  createQualityController,
  FRAME_BUDGET_MS,
  QUALITY_LEVELS,
  QUALITY_PROFILES,
  SETTLE,
  WINDOW,
} from '../src/view/quality.js';

/** Feeds `n` frames of `ms` and returns the levels stepped to. */
function feed(controller: ReturnType<typeof createQualityController>, ms: number, n: number): string[] {
  const steps: string[] = [];
  for (let i = 0; i < n; i++) {
    const next = controller.sample(ms);
    if (next !== null) steps.push(next);
  }
  return steps;
}

describe('the quality controller', () => {
  it('starts high on auto and stays up while frames are within 20 ms (50 fps)', () => {
    const q = createQualityController('auto');
    expect(q.level).toBe('high');
    expect(feed(q, FRAME_BUDGET_MS, 200)).toEqual([]);
    expect(feed(q, 8, 200)).toEqual([]);
    expect(q.level).toBe('high');
  });

  it('steps down one level per window of slow frames, after the frames it lets settle, inside the 3D view', () => {
    const q = createQualityController('auto');
    // 25 ms: slow, but not far over the budget.
    expect(feed(q, 25, SETTLE + WINDOW - 1)).toEqual([]);
    expect(q.sample(25)).toBe('medium');
    expect(feed(q, 25, SETTLE + WINDOW)).toEqual(['low']);
    expect(q.offerFlat).toBe(false);
    // Never to the flat view by itself: it is offered instead.
    expect(feed(q, 25, 100)).toEqual([]);
    expect(q.level).toBe(AUTO_FLOOR);
    expect(q.offerFlat).toBe(true);
  });

  it('skips a level when frames are far over budget (software rendering at 2 fps), down to the floor', () => {
    const q = createQualityController('auto');
    expect(feed(q, 500, SETTLE + WINDOW)).toEqual(['low']);
    expect(feed(q, 500, SETTLE + WINDOW)).toEqual([]);
    expect(q.level).toBe('low');
    expect(q.offerFlat).toBe(true);
  });

  it('offers nothing while frames at the floor are within budget', () => {
    const q = createQualityController('auto');
    feed(q, 500, SETTLE + WINDOW);
    expect(feed(q, 10, 100)).toEqual([]);
    expect(q.offerFlat).toBe(false);
  });

  it('decides by the median: one late frame in a window does not step down', () => {
    const q = createQualityController('auto');
    feed(q, 5, SETTLE);
    expect(feed(q, 5, WINDOW - 1)).toEqual([]);
    expect(q.sample(300)).toBeNull();
    expect(q.level).toBe('high');
  });

  it('forgets a partial window on reset (a new animation starts afresh)', () => {
    const q = createQualityController('auto');
    feed(q, 30, SETTLE + WINDOW - 1);
    q.reset();
    expect(feed(q, 30, SETTLE + WINDOW - 1)).toEqual([]);
    expect(q.level).toBe('high');
  });

  it('keeps a level chosen by hand whatever the frame times', () => {
    for (const level of QUALITY_LEVELS) {
      const q = createQualityController(level);
      expect(q.adaptive).toBe(false);
      expect(feed(q, 1000, 50)).toEqual([]);
      expect(q.level).toBe(level);
    }
  });

  it('ignores frame times that are not times', () => {
    const q = createQualityController('auto');
    expect(feed(q, Number.NaN, 50)).toEqual([]);
    expect(feed(q, -1, 50)).toEqual([]);
    expect(q.level).toBe('high');
  });

  it('costs less at each level down: fewer pixels, no antialiasing below high', () => {
    expect(QUALITY_PROFILES.high.maxPixelRatio).toBeGreaterThan(QUALITY_PROFILES.medium.maxPixelRatio);
    expect(QUALITY_PROFILES.medium.maxPixelRatio).toBeGreaterThan(QUALITY_PROFILES.low.maxPixelRatio);
    expect(QUALITY_PROFILES.high.antialias).toBe(true);
    expect(QUALITY_PROFILES.medium.antialias || QUALITY_PROFILES.low.antialias).toBe(false);
    expect(QUALITY_PROFILES.low.ballSegments[0]).toBeLessThan(QUALITY_PROFILES.high.ballSegments[0]);
  });
});
