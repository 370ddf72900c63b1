import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the built app', () => {
  // One walk, game → scorer → game, instead of a fresh page for each (a page load of the game is
  // most of this file's CPU). The game's table at the player's 'low' quality: the pages are the
  // subject, not the picture.
  it('serves the game page and the scorer page without console errors, and links each to the other', async () => {
    const { context, page, errors } = await open(browser, '', { quality: 'low' });
    const rendered = async () => {
      await page.waitForSelector('#app');
      expect(await page.locator('#app').textContent()).not.toBe('');
    };
    await rendered();
    expect(errors).toEqual([]);
    await page.click('[data-testid="setup-scorer"]');
    await page.waitForURL(/scorer\.html$/);
    await rendered();
    await page.waitForSelector('[data-testid="to-game"]');
    expect(errors).toEqual([]);
    await page.click('[data-testid="to-game"]');
    await page.waitForSelector('[data-testid="setup-scorer"]');
    expect(new URL(page.url()).pathname.endsWith('scorer.html')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
