/**
 * The page's layout on a phone and a desktop: the toolbar keeps to one row (the secondary actions
 * in a menu on the phone; a column at the left on a phone on its side), the table gets the room,
 * and screenshots of both cameras are written to /tmp/game2-*.png for a person to look at. The table
 * is drawn at the player's 'low' quality (the layout is the subject, not the picture).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { distinctColours, drawnAfter, startGame, still } from './game-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function box(page: Page, testid: string): Promise<{ width: number; height: number }> {
  const b = await page.locator(`[data-testid="${testid}"]`).boundingBox();
  if (b === null) throw new Error(`${testid} is not shown`);
  return b;
}

async function shots(page: Page, name: string, tap: boolean): Promise<void> {
  const top = await page.screenshot({ path: `/tmp/game2-top-${name}.png` });
  expect(await distinctColours(page, top)).toBeGreaterThan(50);
  // On the phone the camera button is in the bottom sheet: open it first.
  if (tap) {
    await page.locator('[data-testid="sheet-toggle"]').tap();
    await drawnAfter(page, () => page.locator('[data-testid="camera"]').tap());
    await page.locator('[data-testid="sheet-toggle"]').tap();
    await still(page);
  } else await drawnAfter(page, () => page.click('[data-testid="camera"]'));
  const threeD = await page.screenshot({ path: `/tmp/game2-3d-${name}.png` });
  expect(await distinctColours(page, threeD)).toBeGreaterThan(50);
}

describe('the layout', () => {
  it('on a 390×844 phone: one toolbar row, the secondary actions in the menu', async () => {
    const { context, page, errors } = await open(browser, '', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      quality: 'low',
    });
    await startGame(page, { variant: 'free' });
    const toolbar = await box(page, 'toolbar');
    expect(toolbar.height).toBeLessThan(48);
    expect(await page.locator('[data-testid="open-record"]').isVisible()).toBe(false);
    await page.locator('[data-testid="menu"]').tap();
    for (const id of ['open-record', 'download-record', 'help'])
      expect(await page.locator(`[data-testid="${id}"]`).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/game2-menu-phone.png' });
    await page.locator('[data-testid="help"]').tap();
    await page.waitForSelector('[data-testid="help-overlay"]');
    expect(await page.locator('[data-testid="open-record"]').isVisible()).toBe(false);
    await page.locator('[data-testid="help-close"]').tap();
    const table = await box(page, 'table');
    expect(table.width).toBeGreaterThanOrEqual(389);
    // On its side the toolbar is a column at the left and the table has the whole height.
    await page.setViewportSize({ width: 844, height: 390 });
    const column = await box(page, 'toolbar');
    expect(column.width).toBeLessThan(48);
    expect(column.height).toBe(390);
    expect((await box(page, 'table')).height).toBe(390);
    expect(await page.locator('[data-testid="open-record"]').isVisible()).toBe(false);
    await page.locator('[data-testid="menu"]').tap();
    expect(await page.locator('[data-testid="open-record"]').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/game2-menu-landscape-phone.png' });
    await page.locator('[data-testid="menu"]').tap();
    await page.setViewportSize({ width: 390, height: 844 });
    await shots(page, 'phone', true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 1280×800 desktop: every action in the one toolbar row, no menu button', async () => {
    const { context, page, errors } = await open(browser, '', { quality: 'low' });
    await startGame(page, { variant: 'free' });
    expect((await box(page, 'toolbar')).height).toBeLessThan(48);
    expect(await page.locator('[data-testid="menu"]').isVisible()).toBe(false);
    for (const id of ['new-game', 'open-record', 'download-record', 'lang-toggle', 'help'])
      expect(await page.locator(`[data-testid="${id}"]`).isVisible()).toBe(true);
    await shots(page, 'desktop', false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
