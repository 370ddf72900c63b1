/**
 * Readability (issue 25): the flat table's ball numbers are big enough to read on a desktop, the
 * menu's icon stays upright in the column of a phone on its side, and the Help gives the rules of
 * the variant on the table in the page's language. (The contrast of every text is checked in the
 * accessibility walk.) Screenshots go to /tmp/readability-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { project, startGame, summary } from './game-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The height (px) of the dark ink (a number's #1c1814) in a square of `half` px about `at`. */
async function inkHeight(page: Page, at: { x: number; y: number }, half: number): Promise<number> {
  const png = await page.screenshot({
    clip: { x: at.x - half, y: at.y - half, width: 2 * half, height: 2 * half },
  });
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let top = Number.POSITIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i]! + pixels[i + 1]! + pixels[i + 2]! >= 200) continue;
      const y = Math.floor(i / 4 / image.width);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    return bottom >= top ? bottom - top + 1 : 0;
  }, png.toString('base64'));
}

describe('readability', () => {
  it('the flat table numbers its balls legibly on a desktop; the Help gives the rules of the variant', async () => {
    // From the player's 'low' quality to the flat view by the display panel.
    const { context, page, errors } = await open(browser, '', { quality: 'low' });
    await startGame(page, { variant: 'free' });
    await page.click('[data-testid="display"] summary');
    await page.selectOption('[data-testid="quality"]', 'flat');
    expect(
      await page.evaluate(
        () => (window as unknown as { __pyramid: { viewKind: string } }).__pyramid.viewKind,
      ),
    ).toBe('flat');
    // Ball 8 stands in the pyramid's middle with its neighbours touching: its own disc is read.
    const at = (await summary(page)).positions?.['8'];
    expect(at).toBeDefined();
    const centre = await project(page, at!);
    const edge = await project(page, { x: at!.x + 34, y: at!.y });
    const r = Math.hypot(edge.x - centre.x, edge.y - centre.y);
    await page.screenshot({ path: '/tmp/readability-flat-desktop.png' });
    // The digit stands at least the disc's radius tall (in a 10 px font it stood 8 px in a 17 px disc).
    const height = await inkHeight(page, centre, Math.floor(r * 0.8));
    expect(height).toBeGreaterThanOrEqual(r);

    // The Help: the rules of the variant on the table, in the page's language.
    await page.click('[data-testid="help"]');
    const rules = page.locator('[data-testid="help-rules"]');
    expect(await rules.locator('h2').textContent()).toBe('Rules: Free pyramid');
    expect(await rules.textContent()).toContain('8 points');
    await page.click('[data-testid="help-close"]');
    await page.click('[data-testid="lang-toggle"]');
    await page.click('[data-testid="help"]');
    expect(await rules.locator('h2').textContent()).toBe('Правила: Свободная пирамида');
    expect(await rules.textContent()).toContain('8 очков');
    expect(await rules.textContent()).not.toMatch(/[A-Za-z]{4,}/);
    await page.screenshot({ path: '/tmp/readability-help.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the menu icon stays upright on a phone on its side', async () => {
    const { context, page, errors } = await open(browser, '', {
      viewport: { width: 844, height: 390 },
      hasTouch: true,
      isMobile: true,
      // The player's flat view (no WebGL): the toolbar is the subject.
      quality: 'flat',
    });
    await startGame(page, { variant: 'free' });
    const menu = page.locator('[data-testid="menu"]');
    // Drawn bars, wider than tall; no character for the column to turn.
    expect((await menu.textContent())?.trim()).toBe('');
    const icon = await menu.locator('svg').boundingBox();
    expect(icon!.width).toBeGreaterThan(icon!.height);
    await page.screenshot({
      path: '/tmp/readability-menu-side.png',
      clip: { x: 0, y: 0, width: 120, height: 390 },
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
