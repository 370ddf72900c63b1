/**
 * The table on screen at a phone's 390×844 and a desktop's 1280×800: nothing overflows sideways
 * (the game, its open panel, its set-up dialog), the table's canvas takes at least 55 % of the
 * viewport, a ball is at least 14 px across on the phone (upright and on its side), the canvas's drawing buffer is its CSS size
 * times the pixel ratio after every panel action, and the ball under a Free chip is the ball the chip
 * names. Screenshots go to /tmp/screen-*.png for a person to look at. The layout tests draw at the
 * player's low quality (a level by hand: the buffer's ratio is that level's, and no step down on a
 * slow renderer makes a new canvas midway); the quality test keeps auto, its subject, and loads its
 * two forced frame times on one page (storage cleared, as in a new context), in a small desktop
 * window (720×520): the controller reads the forced frame time, not the measured one, and the frames
 * it waits for come sooner from the software renderer when the picture is smaller (17 CPU-s against
 * 31 at 1280×800).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUALITY_PROFILES, type QualityLevel, SETTLE, WINDOW } from '../src/view/quality.js';
import { appUrl, launch, open } from './browser.js';
import { project, pullBackAndRelease, skipAnimation, startGame, summary } from './game-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Measure {
  overflow: number;
  canvasArea: number;
  viewportArea: number;
  buffer: { width: number; height: number };
  css: { width: number; height: number };
  dpr: number;
  /** The quality level the canvas draws at (auto steps down on a slow renderer, also between animations). */
  level: QualityLevel;
}

/** The page's horizontal overflow (px past the viewport), the canvas's area and its drawing buffer. */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(async () => {
    // The ResizeObserver runs before the next paint: two frames later every resize has been handled.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="table"]')!;
    const box = canvas.getBoundingClientRect();
    let overflow = document.documentElement.scrollWidth - window.innerWidth;
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const r = element.getBoundingClientRect();
      if (r.width === 0 || element.closest('.toolbar .more') !== null) continue;
      // Inside a scrolling box only the box itself counts (its content scrolls, it does not overflow).
      overflow = Math.max(overflow, r.right - window.innerWidth, -r.left);
    }
    return {
      overflow,
      canvasArea: box.width * box.height,
      viewportArea: window.innerWidth * window.innerHeight,
      buffer: { width: canvas.width, height: canvas.height },
      css: { width: box.width, height: box.height },
      dpr: window.devicePixelRatio,
      level: (window as unknown as { __pyramid: { qualityDrawn(): QualityLevel } }).__pyramid.qualityDrawn(),
    };
  });
}

/** The pixel ratio the level draws at, at most (the flat view draws at the device's). */
const ratioCap = (level: QualityLevel): number =>
  level === 'flat' ? Number.POSITIVE_INFINITY : QUALITY_PROFILES[level].maxPixelRatio;

/** The drawing buffer is the CSS size times the pixel ratio (capped by the quality level drawn). */
function expectSharp(m: Measure): void {
  const ratio = Math.min(m.dpr, ratioCap(m.level));
  expect(Math.abs(m.buffer.width - m.css.width * ratio)).toBeLessThanOrEqual(1);
  expect(Math.abs(m.buffer.height - m.css.height * ratio)).toBeLessThanOrEqual(1);
}

/** A ball's diameter on screen, px (68 mm apart on the bed, in the top view). */
async function ballPx(page: Page): Promise<number> {
  const a = await project(page, { x: 1000, y: 800 });
  const b = await project(page, { x: 1068, y: 800 });
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Taps (or clicks) the Free cue-ball chip of `ball` and checks that the ball under it is the one picked. */
async function chipNamesItsBall(page: Page, ball: number, touch: boolean): Promise<void> {
  const chip = page.locator(`[data-testid="cue-ball-${ball}"]`);
  expect((await chip.textContent())?.trim()).toBe(ball === 0 ? '●' : String(ball));
  if (touch) await chip.tap();
  else await chip.click();
  const s = await summary(page);
  expect(s.selection.cueBall).toBe(ball);
  // The view's cue ball (its aim starts from it) is the ball at the position the chip names.
  const at = await page.evaluate(() =>
    (window as unknown as { __pyramid: { cue(): { x: number; y: number } | null } }).__pyramid.cue(),
  );
  expect(at).toEqual(s.positions?.[String(ball)]);
}

describe('the game screen', () => {
  it('on a 390×844 phone: the table fills the screen, balls 14 px, the sheet over it', async () => {
    const { context, page, errors } = await open(browser, '', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      quality: 'low',
    });
    await page.screenshot({ path: '/tmp/screen-setup-phone.png' });
    await startGame(page, { variant: 'free' });
    const first = await measure(page);
    expect(first.overflow).toBeLessThanOrEqual(0);
    expect(first.canvasArea / first.viewportArea).toBeGreaterThanOrEqual(0.55);
    expectSharp(first);
    expect(await ballPx(page)).toBeGreaterThanOrEqual(14);
    await page.screenshot({ path: '/tmp/screen-table-phone.png' });
    // The sheet opens over the table: the canvas keeps its size and its buffer.
    await page.locator('[data-testid="sheet-toggle"]').tap();
    const opened = await measure(page);
    expect(opened.overflow).toBeLessThanOrEqual(0);
    expect(opened.css).toEqual(first.css);
    expectSharp(opened);
    await page.screenshot({ path: '/tmp/screen-sheet-phone.png' });
    await page.locator('[data-testid="menu"]').tap();
    await page.locator('[data-testid="help"]').tap();
    await page.waitForSelector('[data-testid="help-overlay"]');
    expect((await measure(page)).overflow).toBeLessThanOrEqual(0);
    await page.locator('[data-testid="help-close"]').tap();
    await page.locator('[data-testid="sheet-toggle"]').tap();
    expectSharp(await measure(page));
    // A rotation to landscape resizes the canvas through the same observer; the table takes the
    // whole height there, so a ball stays 14 px across.
    await page.setViewportSize({ width: 844, height: 390 });
    const turned = await measure(page);
    expect(turned.overflow).toBeLessThanOrEqual(0);
    expect(turned.canvasArea / turned.viewportArea).toBeGreaterThanOrEqual(0.55);
    expectSharp(turned);
    expect(await ballPx(page)).toBeGreaterThanOrEqual(14);
    await page.screenshot({ path: '/tmp/screen-landscape-phone.png' });
    // The panel opens from the toolbar as a column at the right, the screen's full height; the table
    // takes the rest (the canvas ends where the panel begins) and its buffer follows.
    await page.locator('[data-testid="panel-toggle"]').tap();
    await page.waitForSelector('[data-testid="panel"].open [data-testid="scoreboard"]');
    const side = await measure(page);
    expect(side.overflow).toBeLessThanOrEqual(0);
    const panel = (await page.locator('[data-testid="panel"]').boundingBox())!;
    expect([panel.y, panel.y + panel.height, panel.x + panel.width]).toEqual([0, 390, 844]);
    const canvasBox = (await page.locator('[data-testid="table"]').boundingBox())!;
    expect(Math.round(canvasBox.x + canvasBox.width)).toBe(Math.round(panel.x));
    expect(side.css.height).toBe(turned.css.height);
    expectSharp(side);
    await page.screenshot({ path: '/tmp/screen-landscape-panel-phone.png' });
    await page.locator('[data-testid="panel-toggle"]').tap();
    expect(await page.locator('[data-testid="scoreboard"]').isVisible()).toBe(false);
    expectSharp(await measure(page));
    await page.setViewportSize({ width: 390, height: 844 });
    expectSharp(await measure(page));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 1280×800 desktop: the table takes most of the window; the chips name the balls', async () => {
    const { context, page, errors } = await open(browser, '', { quality: 'low' });
    await startGame(page, { variant: 'free' });
    const first = await measure(page);
    expect(first.overflow).toBeLessThanOrEqual(0);
    expect(first.canvasArea / first.viewportArea).toBeGreaterThanOrEqual(0.55);
    expectSharp(first);
    expect(await ballPx(page)).toBeGreaterThanOrEqual(14);
    // After the break in Free the next player picks a cue ball from chips; the chip of each is its ball.
    await pullBackAndRelease(page);
    await skipAnimation(page, 1);
    const onTable = Object.keys((await summary(page)).positions ?? {}).map(Number);
    const chips = await page.locator('[data-testid^="cue-ball-"]').count();
    expect(chips).toBeGreaterThan(1);
    for (const ball of [onTable[0]!, onTable[Math.floor(onTable.length / 2)]!, onTable.at(-1)!]) {
      await chipNamesItsBall(page, ball, false);
      expectSharp(await measure(page));
    }
    await page.screenshot({ path: '/tmp/screen-table-desktop.png' });
    // The camera button cycles top → 3D → the player's eye → top; the canvas stays sharp.
    for (const name of ['3d', 'eye', 'top']) {
      await page.click('[data-testid="camera"]');
      const m = await measure(page);
      expectSharp(m);
      if (name !== 'top') await page.screenshot({ path: `/tmp/screen-${name}-desktop.png` });
    }
    // The help dialog over the game does not overflow either (the set-up screen's own layout is
    // checked with the set-up screen).
    await page.click('[data-testid="help"]');
    await page.waitForSelector('[data-testid="help-overlay"]');
    expect((await measure(page)).overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('steps the rendering down when frames are slow (forced 40 ms), still or moving, and stays high when they are fast', async () => {
    const quality = (page: Page) =>
      page.evaluate(() => (window as unknown as { __pyramid: { quality(): string } }).__pyramid.quality());
    /** Turns the aim by one key press and waits for the frame it draws and the next (which times it). */
    const turnAim = (page: Page) =>
      page.keyboard
        .press('ArrowLeft')
        .then(() =>
          page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
        );
    // The game's own quality setting (auto): no display setting is saved in this context.
    const { context, page, errors } = await open(browser, '?frameMs=40', {
      viewport: { width: 720, height: 520 },
    });
    for (const [frameMs, expectHigh] of [
      [40, false],
      [5, true],
    ] as const) {
      if (frameMs !== 40) {
        // A fresh start, as in a new context: no saved game, the quality controller starts high and
        // reads the forced frame time.
        await page.evaluate(() => localStorage.clear());
        await page.goto(appUrl(`?frameMs=${frameMs}`));
      }
      await startGame(page, { variant: 'free' });
      // Frames drawn while nothing moves are timed too: aiming with slow frames steps down one level
      // (40 ms is twice the budget) before any shot; with fast frames it stays high.
      for (let n = 0; n < SETTLE + 2 * WINDOW && (await quality(page)) === 'high'; n++) await turnAim(page);
      const still = await quality(page);
      expect(still).toBe(expectHigh ? 'high' : 'medium');
      expect((await summary(page)).logLength).toBe(0);
      // Every drawn frame of the break is fed to the controller as frameMs: three of its decisions
      // (each after the frames that settle and the window it measures) are watched, then the rest
      // of the break is skipped.
      const before = await page.evaluate(() =>
        (window as unknown as { __pyramid: { frames(): number } }).__pyramid.frames(),
      );
      await pullBackAndRelease(page);
      await page.waitForFunction(
        (enough) => {
          const hooks = (window as unknown as { __pyramid: { frames(): number; animating(): boolean } })
            .__pyramid;
          return hooks.frames() >= enough || !hooks.animating();
        },
        before + 3 * (SETTLE + WINDOW),
        { timeout: 60_000, polling: 50 },
      );
      await skipAnimation(page, 1);
      // The break's frames step it further down inside the 3D view, never to the flat table by
      // itself (or keep it high).
      const level = await quality(page);
      expect(level).toBe(expectHigh ? 'high' : 'low');
      const kind = () =>
        page.evaluate(() => (window as unknown as { __pyramid: { viewKind: string } }).__pyramid.viewKind);
      expect(await kind()).toBe('3d');
      const m = await measure(page);
      expect(m.level).toBe(level);
      expectSharp(m);
      await page.screenshot({ path: `/tmp/screen-quality-${level}.png` });
      const offer = page.locator('[data-testid="quality-offer"]');
      if (expectHigh) expect(await offer.textContent()).toBe('');
      else {
        // Still slow at its lowest 3D level: the flat table is offered, and there is a way back.
        await page.waitForSelector('[data-testid="quality-offer"][data-kind="slow"]');
        await page.click('[data-testid="quality-flat"]');
        expect(await kind()).toBe('flat');
        await page.screenshot({ path: '/tmp/screen-quality-offer-flat.png' });
        await page.click('[data-testid="quality-back"]');
        expect(await kind()).toBe('3d');
        expect(await offer.textContent()).toBe('');
      }
      expect(errors).toEqual([]);
    }
    await context.close();
  });
});
