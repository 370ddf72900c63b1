/**
 * The rules in the game's flow through the real UI: choosing the cue ball, calling, placing a ball
 * in hand, the choices after a foul, the language, resuming and refusing a damaged save; and the
 * break by touch on a phone. The desktop tests share one page (each starts its own game, as a
 * player does with "New game"), so the file opens two pages, not nine; none is about
 * rendering, so the table draws at the player's low quality.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutCitations } from '../src/game/ui/citations.js';
import { launch, type OpenedPage, open } from './browser.js';
import { project, pullBackAndRelease, skipAnimation, startGame, summary } from './game-helpers.js';

const RECORDS = new URL('./records/', import.meta.url).pathname;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function breakAndWait(page: Page): Promise<void> {
  await pullBackAndRelease(page);
  await skipAnimation(page, 1);
}

async function openRecord(page: Page, name: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.click('[data-testid="open-record"]'),
  ]);
  await chooser.setFiles(`${RECORDS}${name}`);
  await page.waitForSelector('[data-testid="watch-status"]');
}

/** Opens a prepared record, goes to its end and takes it over: the choice it ends with is pending. */
async function takeOver(page: Page, name: string): Promise<void> {
  await openRecord(page, name);
  await page.click('[data-testid="watch-end"]');
  await page.click('[data-testid="watch-play"]');
}

describe('the rules in the flow', () => {
  let shared: OpenedPage;
  beforeAll(async () => {
    shared = await open(browser, '', { quality: 'low' });
  });
  afterAll(async () => {
    await shared?.context.close();
  });

  it('Free: the cue ball is chosen by tapping a ball the template allows', async () => {
    const { page, errors } = shared;
    await startGame(page, { variant: 'free' });
    await breakAndWait(page);
    const s = await summary(page);
    expect(s.turn.kind).toBe('shot');
    expect(s.selection.cueBall).toBeNull();
    const ball = s.table.find((b) => b !== 0)!;
    const at = await project(page, s.positions![ball]!);
    await page.mouse.click(at.x, at.y);
    expect((await summary(page)).selection.cueBall).toBe(ball);
    expect(await page.getAttribute(`[data-testid="cue-ball-${ball}"]`, 'class')).toContain('selected');
    expect(errors).toEqual([]);
  });

  it('Classic: a ball and a pocket are called', async () => {
    const { page, errors } = shared;
    await startGame(page, { variant: 'classic' });
    await breakAndWait(page);
    const s = await summary(page);
    expect(s.turn.kind).toBe('shot');
    expect(s.turn.terms?.callRequired).toBe(true);
    const ball = s.table.find((b) => b !== 0)!;
    const at = await project(page, s.positions![ball]!);
    await page.mouse.click(at.x, at.y);
    expect((await summary(page)).selection.callBall).toBe(ball);
    await page.click('[data-testid="call-pocket-BL"]');
    expect((await summary(page)).selection.call).toEqual({ ball, pocket: 'BL' });
    expect(await page.textContent('[data-testid="call-status"]')).toContain(`ball ${ball}`);
    expect(errors).toEqual([]);
  });

  it('a ball in hand placed outside the house is refused and nothing changes', async () => {
    const { page, errors } = shared;
    await startGame(page, { variant: 'combined' });
    const before = await summary(page);
    const outside = await project(page, { x: 1400, y: 600 });
    await page.mouse.click(outside.x, outside.y);
    const after = await summary(page);
    expect(after.notice?.kind).toBe('refused');
    expect(await page.getAttribute('[data-testid="notice"]', 'data-kind')).toBe('refused');
    expect(await page.textContent('[data-testid="notice"]')).toContain('house');
    expect(after.selection.placement).toEqual(before.selection.placement);
    const inside = await project(page, { x: 450, y: 700 });
    await page.mouse.click(inside.x, inside.y);
    const placed = (await summary(page)).selection.placement!;
    expect(Math.abs(placed.x - 450)).toBeLessThan(15);
    expect(errors).toEqual([]);
  });

  it('after a foul the opponent chooses the penalty ball (Free)', async () => {
    const { page, errors } = shared;
    await startGame(page);
    await takeOver(page, 'free-foul.json');
    const s = await summary(page);
    expect(s.turn.kind).toBe('decision');
    expect(s.turn.decision?.kind).toBe('penalty-ball');
    expect(await page.locator('[data-testid^="choice-ball-"]').count()).toBe(s.table.length);
    const at = await project(page, s.positions!['7']!);
    await page.mouse.click(at.x, at.y);
    const after = await summary(page);
    expect(after.turn.kind).toBe('shot');
    expect(after.table).not.toContain(7);
    expect(after.logLength).toBe(s.logLength + 1);
    expect(await page.locator('[data-testid="shelf-1"] [data-ball="7"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('after a foul in Dynamic the opponent chooses option (2), a penalty shot from hand', async () => {
    const { page, errors } = shared;
    await startGame(page);
    await takeOver(page, 'dynamic-foul.json');
    expect((await summary(page)).turn.decision?.kind).toBe('dynamic-option');
    await page.click('[data-testid="choice-option-2"]');
    const after = await summary(page);
    expect(after.turn.kind).toBe('shot');
    expect(after.turn.terms?.kind).toBe('penalty');
    expect(withoutCitations(after.lastExplanation?.en ?? '')).toBe(
      await page.locator('[data-testid="log-explanation"]').first().textContent(),
    );
    expect(errors).toEqual([]);
  });

  it('switches the language: panels and the log’s explanations', async () => {
    const { page, errors } = shared;
    await startGame(page, { variant: 'dynamic' });
    await breakAndWait(page);
    expect(await page.textContent('[data-testid="strike"]')).toBe('Strike');
    const s = await summary(page);
    await page.click('[data-testid="lang-toggle"]');
    expect(await page.textContent('[data-testid="strike"]')).toBe('Удар');
    expect(await page.locator('[data-testid="log-explanation"]').first().textContent()).toBe(
      withoutCitations(s.lastExplanation!.ru),
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    // Back to English for the tests that follow on this page.
    await page.click('[data-testid="lang-toggle"]');
    expect(await page.textContent('[data-testid="strike"]')).toBe('Strike');
    expect(errors).toEqual([]);
  });

  it('a reload resumes the match: same scores, turn and log', async () => {
    const { page, errors } = shared;
    await startGame(page, { variant: 'classic' });
    await breakAndWait(page);
    const before = await summary(page);
    await page.reload();
    await page.waitForFunction(
      () => 'summary' in ((window as unknown as { __pyramid?: object }).__pyramid ?? {}),
    );
    const after = await summary(page);
    expect(after.mode).toBe('play');
    expect(after.scores).toEqual(before.scores);
    expect(after.turn).toEqual(before.turn);
    expect(after.logLength).toBe(before.logLength);
    expect(after.positions).toEqual(before.positions);
    expect(await page.locator('[data-testid="log-entry"]').count()).toBe(before.logLength);
    expect(errors).toEqual([]);
  });

  it('a damaged saved game and a broken record are refused with a reason, changing nothing', async () => {
    const { page, errors } = shared;
    await page.evaluate(() =>
      localStorage.setItem('pyramid:game', '{"format":"pyramid-web-game","version":1,"mode":"play"'),
    );
    await page.reload();
    await page.waitForSelector('[data-testid="setup"]');
    expect(await page.getAttribute('[data-testid="notice"]', 'data-kind')).toBe('error');
    await startGame(page, { variant: 'free' });
    const before = await summary(page);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.click('[data-testid="open-record"]'),
    ]);
    await chooser.setFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"pyramid-match-record","version":1,"variant":"pool"}'),
    });
    await page.waitForSelector('[data-testid="notice"][data-kind="error"]');
    expect(await page.textContent('[data-testid="notice"]')).toContain('variant');
    const after = await summary(page);
    expect(after.mode).toBe('play');
    expect(after.turn).toEqual(before.turn);
    expect(errors).toEqual([]);
  });
});

describe('on a phone', () => {
  it('plays the break by touch on a 390×844 screen', async () => {
    const { context, page, errors } = await open(browser, '', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      quality: 'low',
    });
    await startGame(page, { variant: 'free' });
    // A tap in the house places the ball in hand there; the aim stays on the pyramid's apex line.
    const spot = await project(page, { x: 600, y: 887.5 });
    await page.touchscreen.tap(spot.x, spot.y);
    const placed = (await summary(page)).selection.placement!;
    expect(Math.abs(placed.x - 600)).toBeLessThan(20);
    expect((await summary(page)).notice).toBeNull();
    await page.screenshot({ path: '/tmp/game-top-phone.png' });
    // The strike button is in the bottom sheet; the sheet closes by itself when the shot starts.
    await page.locator('[data-testid="sheet-toggle"]').tap();
    await page.locator('[data-testid="strike"]').tap();
    // A tap on the table while the balls run skips to where they stop.
    await page.waitForFunction(() =>
      (window as unknown as { __pyramid: { animating(): boolean } }).__pyramid.animating(),
    );
    await page.touchscreen.tap(spot.x, spot.y);
    const after = await page.evaluate(() => {
      const hooks = (
        window as unknown as { __pyramid: { animating(): boolean; summary(): { logLength: number } } }
      ).__pyramid;
      return { animating: hooks.animating(), logLength: hooks.summary().logLength };
    });
    expect(after).toEqual({ animating: false, logLength: 1 });
    await page.locator('[data-testid="sheet-toggle"]').tap();
    await page.locator('[data-testid="camera"]').tap();
    await page.locator('[data-testid="sheet-toggle"]').tap();
    // The sheet closes with a short transition: the screenshot waits until it has run.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: '/tmp/game-3d-phone.png' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
