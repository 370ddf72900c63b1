/**
 * Rulings a player notices (issue 25): each new ruling shows over the table (the verdict with the
 * player and the score, and what happens next), the log keeps the newest first, and each paragraph
 * is cited once, in one form, below the explanation (not also inline in it). At 1280×800;
 * a screenshot goes to /tmp/rulings-desktop.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { pullBackAndRelease, skipAnimation, startGame, summary } from './game-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('rulings', () => {
  it('show over the table, newest first in the log, each paragraph cited once', async () => {
    // In the player's flat view (the 2D table, no WebGL): the rulings are the subject, not the picture.
    const { context, page, errors } = await open(browser, '', { quality: 'flat' });
    await startGame(page, { variant: 'free' });
    expect(await page.locator('[data-testid="ruling-toast"]').textContent()).toBe('');
    for (const n of [1, 2]) {
      if (n === 1) await pullBackAndRelease(page);
      else {
        if ((await summary(page)).selection.cueBall === null)
          await page.locator('[data-testid^="cue-ball-"]').first().click();
        await page.click('[data-testid="strike"]');
      }
      await skipAnimation(page, n);
      const s = await summary(page);
      // Over the table: the newest ruling's verdict and score, and its explanation.
      const toast = page.locator('[data-testid="ruling-toast"]');
      expect(await toast.isVisible()).toBe(true);
      const head = (await page.locator('[data-testid="ruling-verdict"]').textContent()) ?? '';
      expect(head).toContain(`${s.scores[0]}:${s.scores[1]}`);
      expect(head).toMatch(s.lastVerdict === 'foul' ? /foul/ : /legal|no penalty/);
      const shown = await toast.boundingBox();
      const table = await page.locator('[data-testid="table"]').boundingBox();
      expect(shown!.x).toBeGreaterThanOrEqual(table!.x);
      expect(shown!.x + shown!.width).toBeLessThanOrEqual(table!.x + table!.width);
      expect(shown!.y + shown!.height).toBeLessThanOrEqual(table!.y + table!.height);
      if (n === 1) await page.screenshot({ path: '/tmp/rulings-desktop.png' });
      // The log: the newest first.
      const entries = page.locator('[data-testid="log-entry"]');
      expect(await entries.count()).toBe(n);
      expect(await entries.first().locator('.head').textContent()).toMatch(new RegExp(`^${n}\\. `));
      expect(await page.locator('[data-testid="ruling-text"]').textContent()).toBe(
        await entries.first().locator('[data-testid="log-explanation"]').textContent(),
      );
      // Citations: not inline in the text, listed once below it.
      for (const explanation of await page.locator('[data-testid="log-explanation"]').allTextContents()) {
        expect(explanation).not.toMatch(/[[\]]|\((?:п\.|§)/);
      }
      for (const cites of await page.locator('[data-testid="log-cites"]').allTextContents()) {
        const list = cites.split(', ');
        expect(new Set(list).size).toBe(list.length);
      }
    }
    // A tap puts the ruling away.
    await page.click('[data-testid="ruling-toast"]');
    expect(await page.locator('[data-testid="ruling-toast"]').textContent()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
