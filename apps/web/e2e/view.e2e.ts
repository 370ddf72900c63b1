/**
 * The table view in a real browser (software WebGL): it draws a green table with balls, project and
 * pick agree with what is drawn in both cameras, play() animates and resolves, and a portrait window
 * stands the table up. Screenshots go to /tmp/view-top.png, /tmp/view-3d.png and
 * /tmp/view-portrait.png for a person to look at.
 */
import { writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BallFrame, TableView } from '../src/view/types.js';
import { launch, type OpenedPage, open } from './browser.js';

declare global {
  interface Window {
    __view?: TableView;
    __viewBalls?: readonly BallFrame[];
  }
}

let browser: Browser;
// The test page at 1280×800, shared by the tests that need nothing else (a page load is a new WebGL
// context, its shaders compiled again in software); the portrait window and the 7 ft table open
// their own.
let shared: OpenedPage;
beforeAll(async () => {
  browser = await launch();
  shared = await open(browser, 'view-test.html', { viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
});

interface PixelStats {
  readonly total: number;
  readonly distinct: number;
  readonly cloth: number;
  readonly ivory: number;
  readonly yellow: number;
}

/** Classifies the screenshot's pixels in the page (the browser decodes the PNG). */
async function pixelStats(page: Page, png: Buffer): Promise<PixelStats> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('no 2d context');
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(0, 0, image.width, image.height).data;
    const colours = new Set<number>();
    let cloth = 0;
    let ivory = 0;
    let yellow = 0;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i] ?? 0;
      const g = data[i + 1] ?? 0;
      const b = data[i + 2] ?? 0;
      colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
      if (g > 60 && g > r * 1.4 && g > b * 1.15) cloth++;
      if (r > 190 && g > 175 && b > 130 && r >= b) ivory++;
      if (r > 120 && g > 80 && b < 70 && r > g) yellow++; // the coloured ball (yellow, п.3)
    }
    return { total: data.length / 4, distinct: colours.size, cloth, ivory, yellow };
  }, png.toString('base64'));
}

/** The colours of some pixels of a screenshot (the PNG decoded once, in the page). */
async function pixelsAt(
  page: Page,
  png: Buffer,
  points: readonly (readonly [number, number])[],
): Promise<[number, number, number][]> {
  return page.evaluate(
    async ([base64, at]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d');
      if (ctx === null) throw new Error('no 2d context');
      ctx.drawImage(image, 0, 0);
      return at.map(([px, py]) => {
        const d = ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data;
        return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0] as [number, number, number];
      });
    },
    [png.toString('base64'), points] as const,
  );
}

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.__view?.frames ?? 0) > 0);
}

/** Waits until the view has drawn at least one more frame than now. */
async function nextFrames(page: Page, count = 2): Promise<void> {
  const start = await page.evaluate(() => window.__view?.frames ?? 0);
  // Setting the camera it already has asks for a frame without changing anything drawn.
  await page.evaluate(() => window.__view?.setCamera(window.__view.camera));
  await page.waitForFunction((n) => (window.__view?.frames ?? 0) >= n, start + 1);
  for (let i = 1; i < count; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
}

/** project() then pick() of every ball: the largest miss, mm. */
async function roundTripError(page: Page): Promise<number> {
  return page.evaluate(() => {
    const view = window.__view;
    const balls = window.__viewBalls;
    if (view === undefined || balls === undefined) throw new Error('test page not ready');
    let worst = 0;
    for (const ball of balls) {
      const pixel = view.project(ball);
      if (pixel === null) return Number.POSITIVE_INFINITY;
      const back = view.pick(pixel.x, pixel.y);
      if (back === null) return Number.POSITIVE_INFINITY;
      worst = Math.max(worst, Math.hypot(back.x - ball.x, back.y - ball.y));
    }
    return worst;
  });
}

async function yellowAtCueBall(page: Page, png: Buffer): Promise<boolean> {
  const pixel = await page.evaluate(() => {
    const cue = window.__viewBalls?.find((b) => b.id === 0);
    return cue === undefined ? null : (window.__view?.project(cue) ?? null);
  });
  if (pixel === null) return false;
  // The ball's centre may carry a white marking; look at a small cross around it.
  const cross = (
    [
      [0, 0],
      [4, 0],
      [-4, 0],
      [0, 4],
      [0, -4],
    ] as const
  ).map(([dx, dy]) => [pixel.x + dx, pixel.y + dy] as const);
  return (await pixelsAt(page, png, cross)).some(([r, g, b]) => r > 120 && g > 80 && b < 70 && r > g);
}

describe('the table view', () => {
  it('draws the table and the balls, and project/pick agree with the drawing in both cameras', async () => {
    const { page, errors } = shared;
    await ready(page);
    await nextFrames(page);

    const top = await page.screenshot();
    await writeFile('/tmp/view-top.png', top);
    const stats = await pixelStats(page, top);
    expect(stats.distinct).toBeGreaterThan(200);
    // The cloth dominates a top view; sixteen balls are a few thousand pixels.
    expect(stats.cloth / stats.total).toBeGreaterThan(0.4);
    expect(stats.ivory).toBeGreaterThan(1500);
    expect(stats.yellow).toBeGreaterThan(100);
    expect(await yellowAtCueBall(page, top)).toBe(true);
    expect(await roundTripError(page)).toBeLessThan(5);

    // Top view, landscape: the house end (front spot) is on the left of the back spot.
    const layout = await page.evaluate(() => {
      const view = window.__view;
      return [view?.project({ x: 887.5, y: 887.5 }), view?.project({ x: 2662.5, y: 887.5 })];
    });
    expect(layout[0]?.x).toBeLessThan(layout[1]?.x ?? 0);

    await page.evaluate(() => window.__view?.setCamera('3d'));
    await nextFrames(page);
    expect(await page.evaluate(() => window.__view?.camera)).toBe('3d');
    const threeD = await page.screenshot();
    await writeFile('/tmp/view-3d.png', threeD);
    const stats3d = await pixelStats(page, threeD);
    expect(stats3d.distinct).toBeGreaterThan(200);
    expect(stats3d.cloth / stats3d.total).toBeGreaterThan(0.2);
    expect(stats3d.ivory).toBeGreaterThan(300);
    expect(await yellowAtCueBall(page, threeD)).toBe(true);
    expect(await roundTripError(page)).toBeLessThan(5);
    // Off the table there is nothing to pick.
    expect(await page.evaluate(() => window.__view?.pick(2, 2))).toBeNull();

    expect(errors).toEqual([]);
  });

  it('plays an animation: first frame, events, frames, the final positions, skip', async () => {
    const { page, errors } = shared;
    await ready(page);
    // In the top view, as the page opens (the test before turned the camera).
    await page.evaluate(() => window.__view?.setCamera('top'));
    await nextFrames(page);
    const result = await page.evaluate(async () => {
      const view = window.__view;
      const balls = window.__viewBalls;
      if (view === undefined || balls === undefined) throw new Error('test page not ready');
      const R = 34;
      const cue = balls.find((b) => b.id === 0);
      if (cue === undefined) throw new Error('no cue ball');
      const speed = 1000; // mm/s
      const duration = 0.4;
      // The coloured ball rolls along +x (ω = ẑ × v / R) and ball 1 drops into a pocket at t = 0.2.
      const sample = (t: number) =>
        balls.map((b) => {
          if (b.id === 0) return { ...b, x: cue.x + speed * t, wy: speed / R / 1 };
          if (b.id === 1) return { ...b, gone: t >= 0.2 };
          return b;
        });
      const events = [
        { t: 0.1, kind: 'ball' as const, speed: 1 },
        { t: 0.3, kind: 'cushion' as const, speed: 0.5 },
      ];
      const framesBefore = view.frames;
      let firstFrame = 0;
      const seen: number[] = [];
      const playing = view.play(
        { duration, sample, events },
        {
          rate: 1,
          onFirstFrame: () => {
            firstFrame++;
          },
          onEvent: (e) => seen.push(e.t),
        },
      );
      const animatingDuring = view.animating;
      await playing;
      const end = view.project({ x: cue.x + speed * duration, y: cue.y });
      const back = end === null ? null : view.pick(end.x, end.y);

      // A long animation skipped after its first frame resolves at once.
      let skippedFirst = 0;
      const long = view.play(
        { duration: 60, sample, events: [] },
        {
          onFirstFrame: () => {
            skippedFirst++;
            view.skip();
          },
        },
      );
      const started = performance.now();
      await long;
      return {
        framesAdvanced: view.frames - framesBefore,
        firstFrame,
        seen,
        animatingDuring,
        animatingAfter: view.animating,
        back,
        expected: { x: cue.x + speed * duration, y: cue.y },
        skippedFirst,
        skipMs: performance.now() - started,
      };
    });
    expect(result.animatingDuring).toBe(true);
    expect(result.animatingAfter).toBe(false);
    expect(result.firstFrame).toBe(1);
    expect(result.seen).toEqual([0.1, 0.3]);
    // At 60 Hz a 0.4 s shot is ~24 frames; software WebGL on a busy machine draws far fewer, but the
    // first frame and the last are always drawn.
    expect(result.framesAdvanced).toBeGreaterThanOrEqual(2);
    expect(result.back).not.toBeNull();
    expect(
      Math.hypot((result.back?.x ?? 0) - result.expected.x, (result.back?.y ?? 0) - result.expected.y),
    ).toBeLessThan(5);
    expect(result.skippedFirst).toBe(1);
    expect(result.skipMs).toBeLessThan(5000);
    expect(errors).toEqual([]);
  });

  it('stands the table up in a portrait window, with the house end at the bottom', async () => {
    const { context, page, errors } = await open(browser, 'view-test.html', {
      viewport: { width: 420, height: 860 },
    });
    await ready(page);
    await page.evaluate(() =>
      window.__view?.setOverlay({
        aim: { cueBall: 0, from: { x: 887.5, y: 887.5 }, angleDeg: 0, pull: 0.4, elevationDeg: 6 },
        ghost: {
          at: { x: 2594, y: 887.5 },
          objectLine: { from: { x: 2662.5, y: 887.5 }, to: { x: 3200, y: 887.5 } },
        },
        path: [
          { x: 887.5, y: 887.5 },
          { x: 2594, y: 887.5 },
        ],
        placement: { region: 'house', houseLineX: 887.5, at: { x: 500, y: 600 }, allowed: true },
        highlight: [4, 2],
        selected: 4,
        pocket: 'BL',
      }),
    );
    await nextFrames(page);
    const png = await page.screenshot();
    await writeFile('/tmp/view-portrait.png', png);
    const layout = await page.evaluate(() => {
      const view = window.__view;
      return {
        front: view?.project({ x: 887.5, y: 887.5 }) ?? null,
        back: view?.project({ x: 2662.5, y: 887.5 }) ?? null,
        left: view?.project({ x: 1775, y: 1700 }) ?? null,
        right: view?.project({ x: 1775, y: 75 }) ?? null,
      };
    });
    // House at the bottom; +y (the player's left) on the left of the screen.
    expect(layout.front?.y ?? 0).toBeGreaterThan(layout.back?.y ?? 0);
    expect(layout.left?.x ?? 0).toBeLessThan(layout.right?.x ?? 0);
    expect(await roundTripError(page)).toBeLessThan(5);
    const stats = await pixelStats(page, png);
    expect(stats.cloth / stats.total).toBeGreaterThan(0.35);

    // Resizing to landscape lays the table down again.
    await page.setViewportSize({ width: 1000, height: 600 });
    await page.waitForFunction(() => {
      const view = window.__view;
      const a = view?.project({ x: 887.5, y: 887.5 });
      const b = view?.project({ x: 2662.5, y: 887.5 });
      return a != null && b != null && a.x < b.x;
    });
    expect(await roundTripError(page)).toBeLessThan(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws a smaller preset (7 ft) with its own geometry', async () => {
    const { context, page, errors } = await open(browser, 'view-test.html?table=7ft');
    await ready(page);
    await nextFrames(page);
    const png = await page.screenshot();
    await writeFile('/tmp/view-7ft.png', png);
    const stats = await pixelStats(page, png);
    expect(stats.cloth / stats.total).toBeGreaterThan(0.4);
    expect(stats.ivory).toBeGreaterThan(800);
    expect(await yellowAtCueBall(page, png)).toBe(true);
    expect(await roundTripError(page)).toBeLessThan(5);
    // The 7 ft bed is 1980 mm long: its back cushion is where the 12 ft table's would not be.
    const ends = await page.evaluate(() => {
      const view = window.__view;
      return [view?.pick(...xy(view?.project({ x: 1980, y: 495 }))), view?.project({ x: 3550, y: 495 })];
      function xy(p: { x: number; y: number } | null | undefined): [number, number] {
        return [p?.x ?? -1, p?.y ?? -1];
      }
    });
    expect(ends[0]?.x).toBeCloseTo(1980, 0);
    expect(ends[1]).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('3D controls: the left button is left to the game, the right button turns, the wheel zooms above the bed', async () => {
    const { page, errors } = shared;
    await ready(page);
    await page.evaluate(() => window.__view?.setCamera('3d'));
    await nextFrames(page);
    const where = () => page.evaluate(() => window.__view?.project({ x: 2662.5, y: 887.5 }) ?? null);
    const before = await where();
    // A left drag (the game's aiming gesture) does not move the camera.
    await page.mouse.move(500, 500);
    await page.mouse.down({ button: 'left' });
    await page.mouse.move(700, 450, { steps: 5 });
    await page.mouse.up({ button: 'left' });
    expect(await where()).toEqual(before);
    // A right drag turns the view.
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(520, 380, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    const turned = await where();
    expect(turned).not.toEqual(before);
    // Zooming all the way in keeps the camera above the bed, looking at the table.
    await page.mouse.move(640, 400);
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -1500);
    await page.waitForFunction(() => window.__view?.pick(640, 400) != null);
    // Close in, pick and project still agree (the balls may be out of the picture now).
    const back = await page.evaluate(() => {
      const view = window.__view;
      const at = view?.pick(640, 400);
      return at == null ? null : (view?.project(at) ?? null);
    });
    expect(Math.hypot((back?.x ?? 0) - 640, (back?.y ?? 0) - 400)).toBeLessThan(1);
    expect(errors).toEqual([]);
  });
});
