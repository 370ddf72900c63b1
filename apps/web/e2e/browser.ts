/**
 * The browser the e2e tests drive: Debian's chromium through playwright-core (no browser download),
 * with a fresh profile per context. Every page records console errors and uncaught exceptions so
 * that a test can assert there were none.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEFAULT_DISPLAY } from '../src/game/display.js';
import type { QualitySetting } from '../src/view/quality.js';
import { launch as launchChromium } from './chromium.js';

export { CHROMIUM_PATH } from './chromium.js';
export type { QualitySetting };

/** The chromium of this Vitest worker: launched by its first file, kept for the next ones. */
let workerBrowser: Promise<Browser> | null = null;

/**
 * A browser for one test file. The files of a worker share one chromium (apps/web/e2e/vitest.config.ts
 * runs them with `isolate: false`, so this module's state outlives a file): a launch costs about a
 * second of CPU, and every file opens contexts of its own anyway, each a fresh profile. The file's
 * `close()` closes the contexts it opened, not the chromium, which ends with the worker; a chromium
 * that died is launched again.
 */
export async function launch(): Promise<Browser> {
  if (workerBrowser === null) workerBrowser = launchChromium();
  let browser = await workerBrowser;
  if (!browser.isConnected()) {
    workerBrowser = launchChromium();
    browser = await workerBrowser;
  }
  const real = browser;
  const before = new Set(real.contexts());
  const close = async (): Promise<void> => {
    await Promise.all(
      real
        .contexts()
        .filter((context) => !before.has(context))
        .map((context) => context.close()),
    );
  };
  return new Proxy(real, {
    get(target, key) {
      if (key === 'close') return close;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

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
   * The player's own rendering quality (the display panel's setting), in the browser's storage
   * before the first page loads, as a returning player's browser holds it. Tests that are not about
   * the picture choose 'low' (software WebGL draws the fewest pixels with the cheapest shaders) or,
   * when the 3D view plays no part, 'flat' (the 2D table: no WebGL at all, the cheapest page).
   * Default: nothing stored (the game starts at 'auto').
   */
  readonly quality?: QualitySetting;
}

/** Where the game keeps its display settings in `localStorage` (src/game/display.ts). */
const DISPLAY_KEY = 'pyramid:display';

/** A context's storage holding the display setting `quality` for the app at `origin`. */
export function displayStorage(origin: string, quality: QualitySetting) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [{ name: DISPLAY_KEY, value: JSON.stringify({ ...DEFAULT_DISPLAY, quality }) }],
      },
    ],
  };
}

/**
 * Every page of `context` starts with the display setting `quality`, as a player who chose it in
 * the display panel — unless the page's storage already holds a choice, so a setting made during
 * the test survives a reload. (For a context made elsewhere, e.g. against a test server's origin.)
 */
export async function chooseQuality(context: BrowserContext, quality: QualitySetting): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      } catch {
        // A page without storage (about:blank): nothing to choose.
      }
    },
    [DISPLAY_KEY, JSON.stringify({ ...DEFAULT_DISPLAY, quality })] as const,
  );
}

/** A new context (fresh storage) with one page at `path`. */
export async function open(browser: Browser, path = '', options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
    acceptDownloads: true,
    ...(options.quality === undefined
      ? {}
      : { storageState: displayStorage(new URL(appUrl()).origin, options.quality) }),
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
