/**
 * The browser the e2e tests drive: Debian's chromium through playwright-core (no browser download),
 * with a fresh profile per context. Every page records console errors and uncaught exceptions so
 * that a test can assert there were none.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export { CHROMIUM_PATH, launch } from './chromium.js';

/** The URL of the built app, e.g. `appUrl('scorer.html')`. */
export function appUrl(path = ''): string {
  return new URL(path, inject('baseUrl')).href;
}

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
}

export interface OpenOptions {
  readonly viewport?: { width: number; height: number };
  readonly locale?: string;
  readonly hasTouch?: boolean;
  readonly isMobile?: boolean;
  /** Installs playwright's fake clock before the page loads (timers, Date, performance.now). */
  readonly fakeClock?: boolean;
  /**
   * The game's rendering quality as a player sets it in the display panel (kept in localStorage),
   * set before the page loads. Tests that are not about rendering choose `low`, so that a software
   * renderer draws less; without it the page starts with the player's default (auto).
   */
  readonly quality?: 'auto' | 'high' | 'medium' | 'low' | 'flat';
}

/** Where the game keeps the player's display settings (`apps/web/src/game/display.ts`). */
const DISPLAY_KEY = 'pyramid:display';

/** A new context (fresh storage) with one page at `path`. */
export async function open(browser: Browser, path = '', options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
    acceptDownloads: true,
  });
  if (options.quality !== undefined) {
    // Only when none is saved: a setting the test itself changes in the display panel stays.
    await context.addInitScript(
      ({ key, quality }) => {
        try {
          if (localStorage.getItem(key) === null)
            localStorage.setItem(key, JSON.stringify({ quality, coloured: 'yellow' }));
        } catch {
          // A document without storage (about:blank): nothing to set.
        }
      },
      { key: DISPLAY_KEY, quality: options.quality },
    );
  }
  const page = await context.newPage();
  const errors = watch(page);
  if (options.fakeClock === true) await page.clock.install();
  await page.goto(appUrl(path));
  return { context, page, errors };
}

/** Collects console errors and page errors of `page` (harmless GPU readback warnings are not errors). */
export function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}
