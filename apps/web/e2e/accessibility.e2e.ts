/**
 * Keyboard and screen-reader access, in Russian and in English: the game (set-up, table, panel),
 * the online lobby and table, and the scorer (start, lag, shot form) are walked through their
 * accessibility tree as Chromium computes it (Playwright's aria snapshot); every interactive element
 * must have a name, and no name may be in the other language. The spin widget is worked by keys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, watch } from './browser.js';
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
  return found;
}

async function open(
  path: string,
  locale: string,
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
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
