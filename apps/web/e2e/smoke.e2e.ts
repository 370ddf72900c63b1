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
  it('serves the game page and the scorer page without console errors', async () => {
    for (const path of ['', 'scorer.html']) {
      const { context, page, errors } = await open(browser, path);
      await page.waitForSelector('#app');
      expect(await page.locator('#app').textContent()).not.toBe('');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('links the start screen of the game to the scorer, and the scorer back to the game', async () => {
    const { context, page, errors } = await open(browser, '');
    await page.click('[data-testid="setup-scorer"]');
    await page.waitForURL(/scorer\.html$/);
    await page.waitForSelector('[data-testid="to-game"]');
    await page.click('[data-testid="to-game"]');
    await page.waitForSelector('[data-testid="setup-scorer"]');
    expect(new URL(page.url()).pathname.endsWith('scorer.html')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
