/**
 * The scorer as a referee first meets it (issue 25): the match's length asked with the names (not
 * inside the collapsed rules), the names as placeholders to type over (not values to delete), no
 * repository path shown, and on a phone on its side (844×390) the entry form above the fold beside
 * the score. Screenshots go to /tmp/scorer-frictions-*.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { byId, lag, tap } from './scorer-ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the scorer at first contact', () => {
  it('asks the frames to win with the names, names as placeholders, no repository path', async () => {
    const { context, page, errors } = await open(browser, 'scorer.html', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.waitForSelector(byId('start-screen'));
    // The rules are collapsed, the frames to win in sight.
    expect(await page.locator(`${byId('settings-box')}[open]`).count()).toBe(0);
    expect(await page.locator('[name="framesToWin"]').isVisible()).toBe(true);
    for (const [i, name] of ['Player 1', 'Player 2'].entries()) {
      const input = page.locator(byId(`player-${i}-name`));
      expect(await input.inputValue()).toBe('');
      expect(await input.getAttribute('placeholder')).toBe(name);
    }
    await page.locator(`${byId('settings-box')} > summary`).tap();
    expect(await page.textContent(byId('start-screen'))).not.toMatch(/docs\/|\.md\b/);
    await page.screenshot({ path: '/tmp/scorer-frictions-start.png', fullPage: true });
    // A match of 2 frames with the names left empty: the placeholders name the players.
    await page.locator('[name="framesToWin"]').fill('2');
    await tap(page, 'variant-free');
    await tap(page, 'start-match');
    await page.waitForSelector(byId('match-screen'));
    expect(await page.textContent(byId('side-0'))).toContain('Player 1');
    expect(await page.textContent(byId('side-1'))).toContain('Player 2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone on its side: the entry form above the fold, beside the score and the ruling', async () => {
    const { context, page, errors } = await open(browser, 'scorer.html', {
      viewport: { width: 844, height: 390 },
      hasTouch: true,
      isMobile: true,
    });
    await page.waitForSelector(byId('start-screen'));
    await tap(page, 'variant-free');
    await tap(page, 'start-match');
    await page.waitForSelector(byId('match-screen'));
    await lag(page, 0, 0);
    await page.waitForSelector(byId('shot-form'));
    const form = (await page.locator(byId('shot-form')).boundingBox())!;
    const submit = (await page.locator(byId('submit-shot')).boundingBox())!;
    const board = (await page.locator(byId('scoreboard')).boundingBox())!;
    expect(form.y).toBeLessThan(390 / 2);
    expect(submit.y + submit.height).toBeLessThanOrEqual(390);
    // Beside the score, not under it.
    expect(form.x).toBeGreaterThanOrEqual(board.x + board.width);
    expect(await page.locator(byId('ruling')).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/scorer-frictions-side.png' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
