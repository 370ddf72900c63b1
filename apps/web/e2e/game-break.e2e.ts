import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutCitations } from '../src/game/ui/citations.js';
import { launch, type OpenedPage, open } from './browser.js';
import {
  distinctColours,
  drawnAfter,
  pullBackAndRelease,
  skipAnimation,
  startGame,
  summary,
} from './game-helpers.js';

let browser: Browser;
// One page for the four variants: each test starts a new match through the set-up screen, as a
// player does between matches (a page load costs more CPU than the break). The table is drawn at the
// player's 'low' quality: these tests are about the rulings and the scoreboard, not the picture.
let opened: OpenedPage;
beforeAll(async () => {
  browser = await launch();
  opened = await open(browser, '', { quality: 'low' });
});
afterAll(async () => {
  await browser?.close();
});

describe('the break through the real UI, in every variant', () => {
  // Free last: it turns the camera to 3D for its screenshots, the others break in the top view.
  for (const variant of ['combined', 'dynamic', 'classic', 'free'] as const) {
    it(`${variant}: the scoreboard, the turn and the log follow the referee's ruling`, async () => {
      const { page, errors } = opened;
      await startGame(page, { variant });
      const before = await summary(page);
      expect(before.turn.kind).toBe('shot');
      expect(before.logLength).toBe(0);
      await pullBackAndRelease(page);
      await skipAnimation(page, 1);
      const after = await summary(page);
      expect(after.lastExplanation).not.toBeNull();
      expect(await page.textContent('[data-testid="score-0"]')).toBe(String(after.scores[0]));
      expect(await page.textContent('[data-testid="score-1"]')).toBe(String(after.scores[1]));
      expect(await page.locator('[data-testid="log-explanation"]').first().textContent()).toBe(
        withoutCitations(after.lastExplanation!.en),
      );
      const turnPlayer = await page.getAttribute('[data-testid="turn"]', 'data-player');
      const expected =
        after.turn.kind === 'shot'
          ? after.turn.player
          : after.turn.kind === 'decision'
            ? after.turn.decision!.player
            : null;
      if (expected !== null && expected !== undefined) expect(turnPlayer).toBe(String(expected));
      const entry = page.locator('[data-testid="log-entry"]').first();
      expect(await entry.getAttribute('data-verdict')).toBe(after.lastVerdict);
      if (variant === 'free') {
        const top = await page.screenshot({ path: '/tmp/game-top-desktop.png' });
        expect(await distinctColours(page, top)).toBeGreaterThan(50);
        await drawnAfter(page, () => page.click('[data-testid="camera"]'));
        const threeD = await page.screenshot({ path: '/tmp/game-3d-desktop.png' });
        expect(await distinctColours(page, threeD)).toBeGreaterThan(50);
      }
      // (The errors of every variant so far: the page is shared.)
      expect(errors).toEqual([]);
    });
  }
});
