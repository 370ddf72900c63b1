/**
 * Keyboard and screen-reader access, in Russian and in English: the game (set-up, table, panel),
 * the online lobby and table, and the scorer (start, lag, shot form) are walked through their
 * accessibility tree as Chromium computes it (Playwright's aria snapshot); every interactive element
 * must have a name, and no name may be in the other language; every text shown must contrast with
 * what lies behind it as WCAG 2 asks (4.5:1, 3:1 for large text; disabled controls exempt). The
 * spin widget is worked by keys. The contrast is the page's text against its CSS backgrounds, not
 * the drawn table: the game page has the low rendering quality chosen in the display panel.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseQuality, launch, watch } from './browser.js';
import { startGame, summary } from './game-helpers.js';
import { byId, lag, shot, startMatch } from './scorer-ui.js';

const WAIT = { timeout: 30_000 };

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pyramid-a11y-e2e-'));
  server = await startServer({ port: 0, dataDir });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Roles a person operates: each needs a name. */
const INTERACTIVE = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
  'menuitem',
  'tab',
]);
/** Roles whose names are read out as labels: the interactive ones, their options and groups. */
const LABELLED = new Set([...INTERACTIVE, 'option', 'group', 'img']);

/** Names neutral in both languages: the language switch itself, the camera's "3D", ball numbers. */
const NEUTRAL = /^(?:EN|RU|3D|[0-9 .,:+\-−–—●◀▶⏮⏭☰%°]*)$/;

/**
 * Whether a name is in the other language: Cyrillic on an English page, a Latin word of three
 * letters or more on a Russian one. The rules' own citations (`п.20`, «МКП») read the same in both,
 * and a language picker names each language in itself.
 */
function inOtherLanguage(name: string, lang: 'ru' | 'en'): boolean {
  if (name === 'Русский' || name === 'English') return false;
  const text = name.replace(/п\.\s?\d/g, '').replace(/МКП/g, '');
  return lang === 'en' ? /[\u0400-\u04FF]/.test(text) : /[A-Za-z]{3,}/.test(text);
}

interface Finding {
  readonly where: string;
  readonly line: string;
}

/**
 * The problems on the page now: interactive elements without a name, and names in the other
 * language (Cyrillic on an English page; a Latin word of three letters or more on a Russian one).
 */
async function audit(page: Page, where: string, lang: 'ru' | 'en'): Promise<Finding[]> {
  const tree = await page.locator('body').ariaSnapshot();
  const found: Finding[] = [];
  for (const line of tree.split('\n')) {
    const m = /^\s*- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(line);
    if (m === null) continue;
    const [, role, name] = m as unknown as [string, string, string | undefined];
    if (INTERACTIVE.has(role) && (name === undefined || name.trim() === '')) {
      found.push({ where, line: `unnamed: ${line.trim()}` });
      continue;
    }
    if (!LABELLED.has(role) || name === undefined || NEUTRAL.test(name)) continue;
    if (inOtherLanguage(name, lang)) found.push({ where, line: `other language: ${line.trim()}` });
  }
  // The table's canvas takes the pointer (aim, pull back and release): it is named as well.
  for (const label of await page.$$eval('canvas', (all) =>
    all.filter((c) => c.getBoundingClientRect().width > 0).map((c) => c.getAttribute('aria-label') ?? ''),
  )) {
    if (label === '') found.push({ where, line: 'unnamed: canvas' });
    else if (inOtherLanguage(label, lang)) found.push({ where, line: `other language: canvas "${label}"` });
  }
  for (const low of await lowContrast(page)) found.push({ where, line: `contrast ${low}` });
  return found;
}

/**
 * Every shown text whose colour contrasts less than WCAG 2's minimum (1.4.3) with the background
 * behind it: the backgrounds of its ancestors laid over each other (images and gradients aside).
 * Text of symbols only (●, ✕) and disabled controls are left out, as WCAG leaves them.
 */
function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgba = (css: string): [number, number, number, number] | null => {
      const m = /^rgba?\(([^)]*)\)$/.exec(css.trim());
      if (m === null) return null;
      const parts = m[1]!
        .split(/[\s,/]+/)
        .filter((x) => x !== '')
        .map(Number);
      if (parts.length < 3 || parts.some((x) => !Number.isFinite(x))) return null;
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: number[], under: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!)).concat(1);
    const luminance = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const text = [...element.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!/[\p{L}\p{N}]/u.test(text)) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility !== 'visible') continue;
      if (element.closest(':disabled, option, [aria-disabled="true"]') !== null) continue;
      const chain: HTMLElement[] = [];
      for (let e: HTMLElement | null = element; e !== null; e = e.parentElement) chain.unshift(e);
      let behind = [255, 255, 255, 1];
      for (const e of chain) {
        const bg = rgba(getComputedStyle(e).backgroundColor);
        if (bg !== null && bg[3] > 0) behind = over(bg, behind);
      }
      const colour = rgba(style.color);
      if (colour === null) continue;
      const fore = over(colour, behind);
      const [a, b] = [luminance(fore), luminance(behind)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5))
        found.push(
          `${ratio.toFixed(2)}:1 ${element.tagName.toLowerCase()}.${element.className} "${text.slice(0, 40)}"`,
        );
    }
    return found;
  });
}

async function open(
  path: string,
  locale: string,
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  await chooseQuality(context, 'low');
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(new URL(path, server.url).href);
  return { page, errors, close: () => context.close() };
}

const attr = (page: Page, id: string, name: string) => page.getAttribute(byId(id), name);

describe('every control named, in the language of the page', () => {
  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['ru', 'ru-RU'],
  ] as const) {
    it(`the game, the online lobby and table, and the scorer (${lang})`, async () => {
      const findings: Finding[] = [];
      const game = await open('/', locale);
      const { page } = game;
      await page.waitForSelector(byId('setup'));
      await page.click(`${byId('setup')} details summary`);
      findings.push(...(await audit(page, 'game set-up', lang)));
      await startGame(page, { variant: 'free' });
      findings.push(...(await audit(page, 'game table and panel', lang)));

      // The spin widget by keys: arrows move the tip, PageUp a bigger step, Home the centre.
      const before = (await summary(page)).aim;
      await page.focus(byId('spin-side'));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowUp');
      let aim = (await summary(page)).aim;
      expect([aim.side, aim.height]).toEqual([0.1, 0.05]);
      // The page's own arrow keys (aim and power) did not move.
      expect([aim.angleDeg, aim.power]).toEqual([before.angleDeg, before.power]);
      expect(await attr(page, 'spin-side', 'aria-valuenow')).toBe('0.1');
      expect(await attr(page, 'spin-side', 'aria-valuetext')).toBe(
        lang === 'ru' ? '0,1 радиуса вправо' : '0.1 radius right',
      );
      expect(await attr(page, 'spin-height', 'aria-valuetext')).toBe(
        lang === 'ru' ? '0,05 радиуса вверх' : '0.05 radius up',
      );
      expect(await attr(page, 'spin-side', 'aria-valuemax')).toBe('0.45');
      await page.keyboard.press('PageDown');
      expect((await summary(page)).aim.side).toBeCloseTo(-0.05, 9);
      await page.keyboard.press('Home');
      aim = (await summary(page)).aim;
      expect([aim.side, aim.height]).toEqual([0, 0]);
      expect(await attr(page, 'spin-height', 'aria-valuetext')).toBe(lang === 'ru' ? 'по центру' : 'centre');

      // The online lobby, signed in, and a table of one's own.
      await page.click(byId('new-game'));
      await page.click(byId('setup-online'));
      await page.waitForSelector(byId('online-lobby'), WAIT);
      findings.push(...(await audit(page, 'online lobby', lang)));
      await page.fill(byId('online-name'), 'X1');
      await page.click(byId('online-guest'));
      await page.waitForSelector(byId('online-me'), WAIT);
      findings.push(...(await audit(page, 'online lobby, signed in', lang)));
      await page.click(byId('online-create'));
      await page.waitForSelector(`${byId('online-banner')}[data-state="waiting"]`, {
        state: 'attached',
        ...WAIT,
      });
      findings.push(...(await audit(page, 'online table', lang)));
      expect(game.errors).toEqual([]);
      await game.close();

      // The scorer: start screen with its settings, the lag, the shot form.
      const scorer = await open('/scorer.html', locale);
      await scorer.page.waitForSelector(byId('start-screen'));
      await scorer.page.locator(`${byId('settings-box')} > summary`).click();
      findings.push(...(await audit(scorer.page, 'scorer start', lang)));
      await startMatch(scorer.page, 'free', ['X1', 'Y2']);
      findings.push(...(await audit(scorer.page, 'scorer lag', lang)));
      await lag(scorer.page, 0, 0);
      findings.push(...(await audit(scorer.page, 'scorer shot form', lang)));
      // A foul on the break: the ruling, the penalty-ball choice, the tools and the log.
      await shot(scorer.page, { breakCushions: 2, strokeFouls: ['double-hit'] });
      await scorer.page.waitForSelector(byId('penalty-ball-panel'));
      findings.push(...(await audit(scorer.page, 'scorer ruling', lang)));
      expect(scorer.errors).toEqual([]);
      await scorer.close();

      expect(findings).toEqual([]);
    });
  }
});
