/**
 * Helpers of the game's browser tests: set up a game through the set-up screen, break by pulling
 * the cue back on the canvas, read the client state through the read-only `window.__pyramid` hooks.
 * Tests act only through the real UI; the hooks only read.
 */
import type { Page } from 'playwright-core';

export interface Summary {
  mode: string;
  variant: string;
  tableSize: string;
  turn: {
    kind: string;
    player?: number;
    decision?: { kind: string; player: number };
    terms?: Record<string, unknown>;
    winner?: number;
  };
  scores: [number, number];
  framesWon: [number, number];
  logLength: number;
  lastVerdict: string | null;
  lastExplanation: { ru: string; en: string } | null;
  matchOver: boolean;
  winner: 0 | 1 | null;
  busy: boolean;
  selection: {
    cueBall: number | null;
    call: { ball: number; pocket: string } | null;
    placement: { x: number; y: number } | null;
    callBall: number | null;
  };
  notice: { kind: string; text: { ru: string; en: string } } | null;
  aim: { angleDeg: number; power: number; side: number; height: number; elevationDeg: number };
  positions: Record<string, { x: number; y: number }> | null;
  table: number[];
}

export const summary = (page: Page): Promise<Summary> =>
  page.evaluate(() => (window as unknown as { __pyramid: { summary(): Summary } }).__pyramid.summary());

export async function project(page: Page, at: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(
    (point) =>
      (
        window as unknown as { __pyramid: { project(p: unknown): { x: number; y: number } | null } }
      ).__pyramid.project(point),
    at,
  );
  if (p === null) throw new Error(`point ${JSON.stringify(at)} is off screen`);
  return p;
}

export async function cue(page: Page): Promise<{ x: number; y: number }> {
  const at = await page.evaluate(() =>
    (window as unknown as { __pyramid: { cue(): { x: number; y: number } | null } }).__pyramid.cue(),
  );
  if (at === null) throw new Error('no cue ball');
  return at;
}

/** Waits until no shot is animating and the computer is not thinking. */
export async function settled(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const hooks = (window as unknown as { __pyramid: { animating(): boolean } }).__pyramid;
      return !hooks.animating();
    },
    null,
    { timeout, polling: 100 },
  );
}

export interface GameOptions {
  variant?: 'free' | 'combined' | 'dynamic' | 'classic';
  kinds?: [string, string];
  speed?: 'normal' | 'fastest';
  seed?: number;
  /** A table preset key, e.g. '9ft' (default: whatever the set-up screen shows, 12 ft at first). */
  tableSize?: string;
  /** Turns the shot clock on (45 s) or off. */
  shotClock?: boolean;
  /** Frames to win the match (default: the set-up screen's, 3 at first). */
  frames?: number;
}

/** Opens the set-up screen when it is not shown, and fills it. */
async function fillSetup(page: Page, options: GameOptions): Promise<void> {
  if ((await page.locator('[data-testid="setup"]').count()) === 0)
    await page.click('[data-testid="new-game"]');
  await page.selectOption('[data-testid="setup-variant"]', options.variant ?? 'free');
  const kinds = options.kinds ?? ['person', 'person'];
  await page.selectOption('[data-testid="setup-kind-0"]', kinds[0]);
  await page.selectOption('[data-testid="setup-kind-1"]', kinds[1]);
  await page.selectOption('[data-testid="setup-speed"]', options.speed ?? 'normal');
  if (options.seed !== undefined) await page.fill('[data-testid="setup-seed"]', String(options.seed));
  if (options.tableSize !== undefined)
    await page.selectOption('[data-testid="setup-table"]', options.tableSize);
  if (options.frames !== undefined) await page.fill('[data-testid="setup-frames"]', String(options.frames));
  if (options.shotClock !== undefined)
    await page.selectOption('[data-testid="setup-clock"]', options.shotClock ? '45' : '0');
}

/** Fills the set-up screen and starts a practice table. */
export async function startPractice(page: Page, options: GameOptions = {}): Promise<void> {
  await fillSetup(page, options);
  await page.click('[data-testid="setup-practice"]');
  await page.waitForSelector('[data-testid="setup"]', { state: 'detached' });
}

/** Waits until the log holds `n` rulings. */
export async function logReaches(page: Page, n: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (count) =>
      (window as unknown as { __pyramid: { summary(): { logLength: number } } }).__pyramid.summary()
        .logLength === count,
    n,
    { timeout, polling: 50 },
  );
}

/** Fills the set-up screen and starts the match. */
export async function startGame(page: Page, options: GameOptions = {}): Promise<void> {
  await fillSetup(page, options);
  await page.click('[data-testid="setup-start"]');
  await page.waitForSelector('[data-testid="setup"]', { state: 'detached' });
}

/** The break through the canvas: press on the cue ball, pull straight back, release. */
export async function pullBackAndRelease(page: Page, pullMm = 500): Promise<void> {
  const from = await cue(page);
  const start = await project(page, from);
  const end = await project(page, { x: from.x - pullMm, y: from.y });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // Two steps: the first passes the tap threshold and starts the pull, the second sets its length
  // (each step is one software-rendered frame, so more of them only cost time).
  await page.mouse.move(end.x, end.y, { steps: 2 });
  await page.mouse.up();
}

/**
 * Skips the running shot animation as a player at the keyboard does (Escape), then waits until the
 * ruling is in the log and nothing moves. Tests that are not about the animation use it, so that a
 * software-rendered table does not set their pace (view.e2e and the replay test play it whole).
 */
export async function skipAnimation(page: Page, rulings: number): Promise<void> {
  await page.keyboard.press('Escape');
  await logReaches(page, rulings);
  await settled(page);
}

/**
 * Does `action` (a click that changes the picture, e.g. the camera button) and waits until the view
 * has drawn a frame after it: the view draws on demand, so one new frame is the new picture.
 */
export async function drawnAfter(page: Page, action: () => Promise<void>): Promise<void> {
  const before = await page.evaluate(() =>
    (window as unknown as { __pyramid: { frames(): number } }).__pyramid.frames(),
  );
  await action();
  await page.waitForFunction(
    (n) => (window as unknown as { __pyramid: { frames(): number } }).__pyramid.frames() > n,
    before,
    { polling: 'raf' },
  );
}

/**
 * Waits until no CSS transition or animation runs on the page (a sliding sheet has arrived) and a
 * frame has been painted since: what a fixed pause of a few hundred ms waited for, without the pause.
 */
export async function still(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
    polling: 'raf',
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Distinct colours in a PNG screenshot, counted in the page (no image library needed here). */
export async function distinctColours(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4 * 7)
      seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    return seen.size;
  }, png.toString('base64'));
}

/** The mean brightness (0–255) of a rectangle of a screenshot of the whole page, as a person sees it. */
export async function brightness(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const png = await page.screenshot();
  return page.evaluate(
    async ({ data, clip }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(clip.x, clip.y, clip.width, clip.height).data;
      let sum = 0;
      for (let i = 0; i < pixels.length; i += 4) sum += pixels[i]! + pixels[i + 1]! + pixels[i + 2]!;
      return sum / (pixels.length / 4) / 3;
    },
    { data: png.toString('base64'), clip },
  );
}
