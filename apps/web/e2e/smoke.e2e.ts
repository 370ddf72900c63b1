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
});
