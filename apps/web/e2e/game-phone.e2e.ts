/**
 * The game on a phone, upright (390×844) and on its side (844×390), as issue 25 found it: the
 * bottom sheet never gets stuck closed (scrolled, then closed by a shot, it opens again by a tap,
 * a swipe or the wheel, at its top); the table keeps its brightness when the open sheet's content
 * overflows; a compact scoreboard (names, scores, frames, whose turn) is always in sight and no
 * closed panel covers a pocket; on its side the open panel leaves every ball of the table in sight.
 * Screenshots go to /tmp/phone-*.png for a person to look at.
 */
import { PRESET_12FT } from '@pyramid/table';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { brightness, logReaches, project, settled, startGame, still, summary } from './game-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, testid: string): Promise<Box> {
  const b = await page.locator(`[data-testid="${testid}"]`).boundingBox();
  if (b === null) throw new Error(`${testid} is not shown`);
  return b;
}

/** The six pockets' centres on the screen (the 12 ft table's playing area corners and middles). */
async function pockets(page: Page): Promise<{ x: number; y: number }[]> {
  const { length: L, width: W } = PRESET_12FT;
  const at = [
    { x: 0, y: 0 },
    { x: L / 2, y: 0 },
    { x: L, y: 0 },
    { x: 0, y: W },
    { x: L / 2, y: W },
    { x: L, y: W },
  ];
  return Promise.all(at.map((p) => project(page, p)));
}

/** This much around a pocket's centre (the playing area's corner or middle) stays clear. */
const POCKET_MARGIN_PX = 6;

function covers(b: Box, p: { x: number; y: number }, margin: number): boolean {
  return (
    p.x + margin > b.x && p.x - margin < b.x + b.width && p.y + margin > b.y && p.y - margin < b.y + b.height
  );
}

/** What the compact scoreboard says, and whether it is drawn (not hidden, not zero-sized). */
async function mini(page: Page): Promise<{ text: string; visible: boolean; active: number | null }> {
  const board = page.locator('[data-testid="mini-board"]');
  if ((await board.count()) === 0) return { text: '', visible: false, active: null };
  const active = await page
    .locator('[data-testid^="mini-side-"][aria-current="true"]')
    .getAttribute('data-testid', { timeout: 1000 });
  return {
    text: (await board.textContent()) ?? '',
    visible: await board.isVisible(),
    active: active === null ? null : Number(active.slice(-1)),
  };
}

describe('the game on a phone', () => {
  it('upright: the sheet opens again after a scrolled sheet was closed by a shot; the table keeps its light; the score stays in sight', async () => {
    const { context, page, errors } = await open(browser, '', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      quality: 'low',
    });
    await startGame(page, { variant: 'free', shotClock: true });

    // The compact scoreboard is in the closed strip: both names, both scores, the side to act.
    const closed = await mini(page);
    expect(closed.visible).toBe(true);
    expect(closed.text).toContain('Player 1');
    expect(closed.text).toContain('Player 2');
    expect(closed.active).toBe((await summary(page)).turn.player);
    expect(await page.locator('[data-testid="mini-clock"]').textContent()).toMatch(/\d+ s/);
    await page.screenshot({ path: '/tmp/phone-closed.png' });
    // No pocket lies under the closed strip.
    const strip = await box(page, 'panel');
    for (const pocket of await pockets(page)) expect(pocket.y + POCKET_MARGIN_PX).toBeLessThan(strip.y);

    // The open sheet's content overflows once the display settings are open; the table above the
    // sheet keeps its brightness (it went near-black).
    const toolbar = await box(page, 'toolbar');
    await page.touchscreen.tap(195, strip.y + 10);
    await page.waitForSelector('[data-testid="panel"].open');
    await page.click('[data-testid="display"] summary');
    await still(page);
    const sheet = await box(page, 'panel');
    const above = { x: 0, y: Math.ceil(toolbar.height) + 4, width: 390, height: Math.floor(sheet.y) - 60 };
    expect(above.height).toBeGreaterThan(100);
    const lit = await brightness(page, above);
    await page.screenshot({ path: '/tmp/phone-open.png' });
    await page.touchscreen.tap(195, sheet.y + 10);
    await page.waitForSelector('[data-testid="panel"]:not(.open)');
    await still(page);
    const dark = await brightness(page, above);
    expect(Math.abs(lit - dark) / dark).toBeLessThan(0.1);

    // Open, scroll the sheet to its end with the wheel, strike: the shot closes it.
    await page.touchscreen.tap(195, strip.y + 10);
    await page.waitForSelector('[data-testid="panel"].open');
    await still(page);
    const opened = await box(page, 'panel');
    await page.mouse.move(195, opened.y + opened.height / 2);
    await page.mouse.wheel(0, 2000);
    // The sheet's body has scrolled to its end.
    await page.waitForFunction(
      () => {
        const body = document.querySelector('[data-testid="panel"] .panel-body');
        return (
          body !== null && body.scrollTop > 0 && body.scrollTop + body.clientHeight >= body.scrollHeight - 1
        );
      },
      null,
      { polling: 'raf' },
    );
    await page.locator('[data-testid="strike"]').tap();
    await page.waitForSelector('[data-testid="panel"]:not(.open)');
    await page.keyboard.press('Escape');
    await logReaches(page, 1);
    await settled(page);
    await still(page);
    // The strip shows its handle and the compact scoreboard again, not a scrolled line of the log.
    const after = await box(page, 'panel');
    const atHandle = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="sheet-toggle"]') !== null,
      { x: 195, y: after.y + 8 },
    );
    expect(atHandle).toBe(true);
    expect((await mini(page)).visible).toBe(true);
    await page.screenshot({ path: '/tmp/phone-after-shot.png' });
    // A tap on the strip opens it, at its top (the scoreboard first).
    await page.touchscreen.tap(195, after.y + 8);
    await page.waitForSelector('[data-testid="panel"].open');
    expect(await page.locator('[data-testid="scoreboard"]').isVisible()).toBe(true);
    await still(page);
    await page.screenshot({ path: '/tmp/phone-reopened.png' });
    const board = await box(page, 'scoreboard');
    const reopened = await box(page, 'panel');
    expect(board.y).toBeLessThan(reopened.y + 80);
    await page.touchscreen.tap(195, reopened.y + 8);
    await page.waitForSelector('[data-testid="panel"]:not(.open)');
    // (The sheet slides for 0.2 s.)
    await still(page);
    // A swipe up on the strip opens it, one down closes it; the wheel up opens it too.
    const swipe = async (from: number, to: number) => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: from }] });
      for (let i = 1; i <= 4; i++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: 195, y: from + ((to - from) * i) / 4 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    };
    await swipe(after.y + 10, after.y - 150);
    await page.waitForSelector('[data-testid="panel"].open');
    await still(page);
    const swiped = await box(page, 'panel');
    await swipe(swiped.y + 10, swiped.y + 200);
    await page.waitForSelector('[data-testid="panel"]:not(.open)');
    await still(page);
    await page.mouse.move(195, after.y + 20);
    await page.mouse.wheel(0, -200);
    await page.waitForSelector('[data-testid="panel"].open');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on its side: the compact scoreboard over the table, clear of the pockets; the open panel leaves every ball in sight', async () => {
    const { context, page, errors } = await open(browser, '', {
      viewport: { width: 844, height: 390 },
      hasTouch: true,
      isMobile: true,
      quality: 'low',
    });
    await startGame(page, { variant: 'free' });
    const closed = await mini(page);
    expect(closed.visible).toBe(true);
    expect(closed.text).toMatch(/Player 1.*0.*Player 2|Player 1.*Player 2/);
    expect(closed.text).toContain('Player 2');
    expect(closed.active).toBe((await summary(page)).turn.player);
    const board = await box(page, 'mini-board');
    for (const pocket of await pockets(page)) expect(covers(board, pocket, POCKET_MARGIN_PX)).toBe(false);
    await page.screenshot({ path: '/tmp/phone-side-closed.png' });

    await page.locator('[data-testid="panel-toggle"]').tap();
    await page.waitForSelector('[data-testid="panel"].open');
    await still(page);
    const panel = await box(page, 'panel');
    const positions = (await summary(page)).positions ?? {};
    expect(Object.keys(positions).length).toBeGreaterThan(10);
    for (const at of Object.values(positions)) {
      const p = await project(page, at);
      expect(p.x).toBeLessThan(panel.x);
    }
    // The scoreboard is in sight in the open panel too.
    expect(await page.locator('[data-testid="scoreboard"]').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/phone-side-open.png' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
