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
  /** The player's rendering quality, chosen before the page loads (default: the app's own, auto). */
  readonly quality?: QualitySetting;
}

/** The display panel's quality choices (apps/web/src/view/quality.ts). */
export type QualitySetting = 'auto' | 'high' | 'medium' | 'low' | 'flat';

/**
 * Every page of `context` starts with the display setting `quality`, as a player who chose it in
 * the display panel (stored under `pyramid:display`, see game/display.ts) — unless the page's
 * storage already holds a choice, so a setting made during the test survives a reload. Tests that
 * are not about rendering draw less this way (a software-rendered table at `low` costs a fraction
 * of `high` with its multisampling), without any switch in the product for tests.
 */
export async function chooseQuality(context: BrowserContext, quality: QualitySetting): Promise<void> {
  await context.addInitScript((chosen) => {
    try {
      if (localStorage.getItem('pyramid:display') === null)
        localStorage.setItem('pyramid:display', JSON.stringify({ quality: chosen, coloured: 'yellow' }));
    } catch {
      // A page without storage (about:blank): nothing to choose.
    }
  }, quality);
}

/** A new context (fresh storage) with one page at `path`. */
export async function open(browser: Browser, path = '', options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
    acceptDownloads: true,
  });
  if (options.quality !== undefined) await chooseQuality(context, options.quality);
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
