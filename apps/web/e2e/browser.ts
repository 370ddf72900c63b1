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
