/**
 * The set-up screen and the scoreboard around it: at a phone's 390×844 and a laptop's 1280×800 the
 * set-up fits (nothing wider than the screen, each name field inside its own player's box), shows only
 * the chosen variant's settings (the rulebook's list), one shot-clock control and a match to 3 frames
 * by default; the scoreboard says the match length, and a finished match says "match over" once,
 * with its result in frames.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open } from './browser.js';
import { startGame } from './game-helpers.js';

const RECORDS = new URL('../../../examples/records/', import.meta.url).pathname;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Everything inside the set-up that reaches past it or past the screen, and the page's own overflow. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const setup = document.querySelector('[data-testid="setup"]')!.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    for (const element of document.querySelectorAll('[data-testid="setup"] *')) {
      const r = element.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < setup.left - 0.5 || r.right > setup.right + 0.5 || r.right > width + 0.5)
        outside.push(
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(r.left)}–${Math.round(r.right)}`,
        );
    }
    return { scroll: document.documentElement.scrollWidth - width, setupRight: setup.right - width, outside };
  });
}

/** Each player's name field lies inside its own player box, clear of the other box. */
async function namesInTheirBoxes(page: Page) {
  return page.evaluate(() =>
    [0, 1].map((i) => {
      const input = document.querySelector(`[data-testid="setup-name-${i}"]`)!.getBoundingClientRect();
      const boxes = [...document.querySelectorAll('.setup fieldset.player')].map((b) =>
        b.getBoundingClientRect(),
      );
      const own = boxes[i]!;
      const other = boxes[1 - i]!;
      const inside = input.left >= own.left && input.right <= own.right;
      const overlapsOther =
        input.left < other.right &&
        input.right > other.left &&
        input.top < other.bottom &&
        input.bottom > other.top;
      return inside && !overlapsOther;
    }),
  );
}

async function visibleSettings(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="setup-rules"] [data-setting]', (rows) =>
    rows
      .filter((row) => (row as HTMLElement).offsetParent !== null)
      .map((row) => (row as HTMLElement).dataset.setting!),
  );
}

describe('the set-up screen', () => {
  for (const [name, viewport, touch] of [
    ['phone', { width: 390, height: 844 }, true],
    ['laptop', { width: 1280, height: 800 }, false],
  ] as const) {
    it(`fits ${viewport.width}×${viewport.height} and shows only the chosen variant's settings`, async () => {
      const { context, page, errors } = await open(browser, '', {
        viewport,
        hasTouch: touch,
        isMobile: touch,
        // The table behind the set-up screen in the player's flat view (no WebGL): the form is the
        // subject here.
        quality: 'flat',
      });
      await page.waitForSelector('[data-testid="setup"]');
      await page.click('[data-testid="setup"] details summary');
      await page.fill('[data-testid="setup-name-0"]', 'Анастасия Константиновна');
      await page.fill('[data-testid="setup-name-1"]', 'Maximilian Alexander');
      expect(await page.inputValue('[data-testid="setup-frames"]')).toBe('3');
      // One shot-clock control: the select; the rules' own copy is hidden.
      expect(await page.locator('[data-testid="setup-clock"]').count()).toBe(1);
      expect(await page.locator('[data-setting="shotClockSeconds"]').isVisible()).toBe(false);
      for (const variant of ['classic', 'dynamic', 'free', 'combined']) {
        await page.selectOption('[data-testid="setup-variant"]', variant);
        const shown = await visibleSettings(page);
        const own = shown.filter((s) => /^(classic|dynamic)/.test(s));
        expect(
          own.every((s) => s.startsWith(variant)),
          `${variant}: ${own}`,
        ).toBe(true);
        if (variant === 'classic') expect(own).toContain('classicWaiveP20');
        if (variant === 'dynamic') expect(own).toEqual(['dynamicOption2AwardsPoint']);
        expect(shown).toContain('completionRule');
        expect(shown).not.toContain('framesToWin');
        if (variant === 'classic' || variant === 'dynamic') {
          const result = await overflow(page);
          expect(result, variant).toEqual({ scroll: 0, setupRight: expect.any(Number), outside: [] });
          expect(result.setupRight).toBeLessThanOrEqual(0.5);
          expect(await namesInTheirBoxes(page)).toEqual([true, true]);
        }
      }
      await page.screenshot({ path: `/tmp/setup-${name}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the scoreboard', () => {
  it('says the frame, its target and the match length, in both languages, and "match over" once in frames', async () => {
    const { context, page, errors } = await open(browser, '', {
      viewport: { width: 1280, height: 800 },
      // The player's flat view (no WebGL): the scoreboard's words are the subject.
      quality: 'flat',
    });
    await startGame(page, { variant: 'free' });
    expect(await page.textContent('[data-testid="board-head"]')).toBe('Frame 1 · to 8 · match to 3 frames');
    await page.click('[data-testid="new-game"]');
    await page.selectOption('[data-testid="setup-lang"]', 'ru');
    await startGame(page, { variant: 'classic', frames: 1 });
    expect(await page.textContent('[data-testid="board-head"]')).toBe('Партия 1 · до 71 · матч до 1 партии');
    await page.click('[data-testid="new-game"]');
    await page.selectOption('[data-testid="setup-lang"]', 'en');
    await page.click('[data-testid="setup-close"]');
    // A finished match (a one-frame record): the end is said once, its result as frames.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.click('[data-testid="open-record"]'),
    ]);
    await chooser.setFiles(`${RECORDS}free.json`);
    await page.waitForSelector('[data-testid="watch-status"]');
    await page.click('[data-testid="watch-end"]');
    await page.waitForSelector('[data-testid="match-over"]');
    const board = (await page.textContent('[data-testid="scoreboard"]')) ?? '';
    expect(board.match(/match over/gi)).toHaveLength(1);
    expect(await page.textContent('[data-testid="match-over"]')).toMatch(
      /^Match over: .+ won, frames [01]:[01]$/,
    );
    expect(await page.textContent('[data-testid="board-head"]')).toContain('match to 1 frame');
    expect(errors).toEqual([]);
    await context.close();
  });
});
