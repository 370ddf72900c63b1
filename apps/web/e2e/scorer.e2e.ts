/**
 * The scorer in a browser, entered as a referee would: one frame of each variant designed from the
 * МКП text (fouls, penalty choices, a свояк, Classic calls and the 70:70 play-off), each ending
 * with the right winner; the exported record replays through `pyramid referee` to the same result.
 * Then undo, reload, offline reload, a refused damaged import, and the phone viewport.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { replayRecordText } from '@pyramid/rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type OpenedPage, open } from './browser.js';
import { byId, choose, lag, scores, shot, startMatch, tap, text } from './scorer-ui.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function scorer(locale = 'en-US'): Promise<OpenedPage> {
  const opened = await open(browser, 'scorer.html', { ...PHONE, locale });
  await opened.page.waitForSelector(byId('start-screen'));
  return opened;
}

/** Exports the record through the UI and checks that `pyramid referee` agrees with the screen. */
async function exportAndReplay(page: Page, name: string, winner: string, final: [number, number]) {
  const download = page.waitForEvent('download');
  await tap(page, 'export');
  const file = await download;
  const path = `/tmp/scorer-${name}.json`;
  await file.saveAs(path);
  const recordText = readFileSync(path, 'utf8');
  const replay = replayRecordText(recordText);
  if (!replay.ok) throw new Error(`${replay.error.index}: ${replay.error.field}: ${replay.error.message}`);
  const state = replay.value.final;
  expect(state.turn.kind).toBe('match-over');
  expect(state.turn.kind === 'match-over' && state.players[state.turn.winner]).toBe(winner);
  expect(state.scores).toEqual(final);
  const cli = JSON.parse(
    execFileSync('node', [`${ROOT}apps/cli/bin/pyramid.js`, 'referee', path, '--json'], { encoding: 'utf8' }),
  );
  expect(cli.final.winner).toBe(state.players.indexOf(winner));
  expect(cli.final.scores).toEqual(final);
  return recordText;
}

/** The settings rows shown on the start screen (the others are another variant's). */
function visibleSettings(page: Page): Promise<string[]> {
  return page.$$eval(`${byId('settings')} [data-setting]`, (rows) =>
    rows
      .filter((row) => (row as HTMLElement).offsetParent !== null)
      .map((row) => (row as HTMLElement).dataset.setting!),
  );
}

async function expectWinner(page: Page, name: string, final: [number, number]) {
  expect(await text(page, 'winner')).toContain(name);
  expect(await scores(page)).toEqual(final);
}

describe('one frame of each variant, entered as a referee would', () => {
  it('Free: a chosen cue ball, a foul seen in the stroke, the penalty ball, a свояк, a win at 8', async () => {
    const { context, page, errors } = await scorer();
    await startMatch(page, 'free', ['Irina', 'Pavel']);
    await lag(page, 0, 0);
    await shot(page, { breakCushions: 2 }); // correct break, nothing falls: the turn passes (Free 5.3)
    expect(await text(page, 'turn')).toContain('Pavel');
    await shot(page, { cue: 5, fell: [[7, 'BL']] }); // Pavel 1, continues choosing again (Free 5.2)
    // A double hit (29.1(7)): ball 12 does not count and goes back on the back spot; Irina +1 and a penalty ball.
    await shot(page, { cue: 5, fell: [[12, 'MR']], strokeFouls: ['double-hit'] });
    expect(await text(page, 'ruling-fouls')).toContain('29.1(7)');
    expect(await text(page, 'ruling-respots')).toContain('ball 12 — on the back spot (п.25)');
    expect(await text(page, 'ruling-next')).toContain('Irina: choose the penalty ball');
    await choose(page, 'penalty-ball-3');
    expect(await scores(page)).toEqual([1, 1]);
    // A свояк in Free: the cue ball 1 falls off ball 2, both count (Free 5.4).
    await shot(page, {
      cue: 1,
      fell: [
        [2, 'ML'],
        [1, 'FL'],
      ],
    });
    expect(await scores(page)).toEqual([3, 1]);
    // An incomplete shot (п.20, 29.1(9)) by Irina, then Pavel's jumped ball (29.1(10)).
    await shot(page, { cue: 4, cushions: 1 });
    expect(await text(page, 'ruling-fouls')).toContain('29.1(9)');
    await choose(page, 'penalty-ball-15');
    await shot(page, { cue: 6, jumped: [13], cushions: 2 });
    await choose(page, 'penalty-ball-14');
    expect(await scores(page)).toEqual([4, 2]);
    for (const ball of [8, 9, 10]) await shot(page, { cue: 4, fell: [[ball, 'BR']] });
    await shot(page, { cue: 4, fell: [[11, 'BR']] });
    await expectWinner(page, 'Irina', [8, 2]);
    await exportAndReplay(page, 'free', 'Irina', [8, 2]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Combined: a свояк with the exchange ball and premium shot, a п.20 foul, a jumped cue ball and the penalty shot from the house', async () => {
    const { context, page, errors } = await scorer();
    await startMatch(page, 'combined', ['Dmitry', 'Olga']);
    await lag(page, 1, 0); // Olga wins the lag and lets Dmitry break
    await shot(page, { fell: [[11, 'BL']], breakCushions: 3 });
    await shot(page, { fell: [[0, 'BR']] }); // свояк (Combined 5.1–5.2)
    expect(await text(page, 'ruling-next')).toContain(
      'Dmitry: choose an object ball in exchange for the cue ball',
    );
    await choose(page, 'exchange-ball-9');
    expect(await text(page, 'turn')).toContain('a premium shot, from hand from the house');
    await shot(page, { fell: [[10, 'MR']] });
    await shot(page, { cushions: 1 }); // п.20 not met: 29.1(9)
    await choose(page, 'penalty-ball-5');
    expect(await scores(page)).toEqual([3, 1]);
    await shot(page, { jumped: [0], cushions: 2 }); // Olga's cue ball jumps: 29.1(10)
    await choose(page, 'penalty-ball-6');
    expect(await text(page, 'turn')).toContain('Dmitry: a penalty shot, from hand from the house');
    for (const ball of [1, 2, 3, 4]) await shot(page, { fell: [[ball, 'FL']] });
    await expectWinner(page, 'Dmitry', [8, 1]);
    await exportAndReplay(page, 'combined', 'Dmitry', [8, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Dynamic: a push and option (2), a свояк and premium shot, a miss and option (1), slow play', async () => {
    const { context, page, errors } = await scorer();
    await startMatch(page, 'dynamic', ['Anna', 'Boris']);
    await lag(page, 0, 0);
    await shot(page, { breakCushions: 2 });
    await shot(page, { cushions: 2, strokeFouls: ['push'] }); // Boris pushes: 29.1(8)
    expect(await text(page, 'ruling-next')).toContain('Anna: choose option (1) or (2)');
    await choose(page, 'dynamic-option-2');
    expect(await text(page, 'turn')).toContain('Anna: a penalty shot, from hand anywhere on the table');
    await shot(page, { fell: [[3, 'BL']] });
    await shot(page, { fell: [[0, 'ML']] }); // свояк (Dynamic 5.2)
    await choose(page, 'exchange-ball-7');
    expect(await text(page, 'turn')).toContain('object balls only');
    await shot(page, { fell: [[4, 'BR']] });
    expect(await scores(page)).toEqual([4, 0]);
    await shot(page, { missed: true }); // 29.1(1)
    await choose(page, 'dynamic-option-1');
    await choose(page, 'penalty-ball-15');
    // Boris is slow (п.26, 29.1(11)): a foul outside a shot.
    await page.locator(`${byId('outside')} > summary`).click();
    await choose(page, 'event-slow-play-1');
    await choose(page, 'dynamic-option-1');
    await choose(page, 'penalty-ball-14');
    expect(await scores(page)).toEqual([5, 1]);
    for (const ball of [5, 6, 8]) await shot(page, { fell: [[ball, 'FR']] });
    await expectWinner(page, 'Anna', [8, 1]);
    await exportAndReplay(page, 'dynamic', 'Anna', [8, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Classic: calls, an unordered ball, the cue ball in a pocket, a legal safety, 70:70 and the play-off', async () => {
    const { context, page, errors } = await scorer();
    await startMatch(page, 'classic', ['Sergey', 'Maria']);
    await lag(page, 0, 0);
    await shot(page, { breakCushions: 2 });
    const pot = (ball: number, pocket: 'FL' | 'FR' | 'ML' | 'MR' | 'BL' | 'BR') =>
      shot(page, { call: [ball, pocket], callMade: true });
    await pot(1, 'BL'); // the ace scores 11 (Classic 5.1)
    for (const ball of [15, 14, 13, 12]) await pot(ball, 'MR');
    expect(await scores(page)).toEqual([0, 65]);
    // Ball 2 called in BR falls in BL: unordered, re-spotted, no points, the turn passes (Classic 5.4).
    await shot(page, { call: [2, 'BR'], fell: [[2, 'BL']] });
    expect(await text(page, 'ruling-respots')).toContain('ball 2');
    for (const ball of [11, 10, 9, 8, 7, 6]) await pot(ball, 'FL');
    expect(await scores(page)).toEqual([51, 65]);
    // Ball 5 falls as called but so does the cue ball: Classic 5.5, −5/+5, penalty shot from the house.
    await shot(page, {
      call: [5, 'ML'],
      fell: [
        [5, 'ML'],
        [0, 'ML'],
      ],
    });
    expect(await text(page, 'ruling-fouls')).toContain('Classic 5.5');
    expect(await scores(page)).toEqual([46, 70]);
    expect(await text(page, 'turn')).toContain('Maria: a penalty shot, from hand from the house');
    await shot(page, { call: [3, 'FL'], cushions: 2 }); // a legal safety: no foul, the turn passes
    expect(await text(page, 'ruling-verdict')).toBe('Legal');
    for (const ball of [2, 3, 4]) await pot(ball, 'FR');
    await pot(5, 'BR'); // the last ball: 5 + 10 → 70:70 (Classic 5.7)
    expect(await scores(page)).toEqual([70, 70]);
    expect(await text(page, 'ruling-respots')).toContain('ball 5 — on the back spot (Classic 5.7)');
    expect(await text(page, 'lag-panel')).toContain('70:70');
    await lag(page, 1, 1); // Maria wins the lag and plays from the house with a call
    await shot(page, { call: [5, 'BL'], cushions: 2 }); // a legal miss passes the turn
    expect(await text(page, 'turn')).toContain('Sergey');
    await pot(5, 'BR'); // the first called ball pocketed wins
    const final = await scores(page);
    expect(await text(page, 'winner')).toContain('Sergey');
    await exportAndReplay(page, 'classic', 'Sergey', final);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keeping the match safe', () => {
  it('undo, reload, offline reload and a refused damaged import', async () => {
    const { context, page, errors } = await scorer();
    await startMatch(page, 'free', ['Ann', 'Bob']);
    await lag(page, 0, 0);
    await shot(page, { fell: [[7, 'BL']], breakCushions: 2 });
    // An entry the rules make impossible is refused with the referee's reason, and nothing changes.
    await tap(page, 'cushions-2');
    await tap(page, 'submit-shot');
    expect(await text(page, 'refusal')).toContain('cueBall: Free 5.1: name the cue ball');
    expect(await scores(page)).toEqual([1, 0]);
    await shot(page, { cue: 1, fell: [[2, 'BL']] });
    await shot(page, { cue: 1, cushions: 0 });
    await choose(page, 'penalty-ball-9');
    expect(await scores(page)).toEqual([2, 1]);
    // Undo two steps: the penalty ball, then the foul.
    await tap(page, 'undo');
    expect(await page.locator(byId('penalty-ball-panel')).count()).toBe(1);
    await tap(page, 'undo');
    expect(await scores(page)).toEqual([2, 0]);
    await tap(page, 'toggle-log');
    expect(await page.locator(byId('log-entry')).count()).toBe(3);
    // Reload: the match is still there.
    await page.reload();
    await page.waitForSelector(byId('match-screen'));
    expect(await scores(page)).toEqual([2, 0]);
    // Offline: once the service worker controls the page, a reload works without the network.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if ((await page.evaluate(() => navigator.serviceWorker.controller)) === null) {
      await page.reload();
      await page.waitForSelector(byId('match-screen'));
    }
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector(byId('match-screen'));
    expect(await scores(page)).toEqual([2, 0]);
    await shot(page, { cue: 1, fell: [[3, 'BR']] });
    expect(await scores(page)).toEqual([3, 0]);
    await context.setOffline(false);
    // A damaged record is refused with the reason; the current match is untouched.
    const damaged = JSON.parse(readFileSync(`${ROOT}examples/records/free.json`, 'utf8'));
    damaged.actions[3].facts.pocketed = [{ ball: 99, pocket: 'BL' }];
    const chooser = page.waitForEvent('filechooser');
    await tap(page, 'import');
    await (await chooser).setFiles({
      name: 'damaged.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(damaged)),
    });
    await page.waitForSelector(byId('refusal'));
    expect(await text(page, 'refusal')).toContain('action 4: /facts/pocketed/0/ball');
    expect(await scores(page)).toEqual([3, 0]);
    expect(await text(page, 'side-0')).toContain('Ann');
    // The list of matches holds this one match only, and it opens again.
    await tap(page, 'matches');
    expect(await page.locator(byId('match-item')).count()).toBe(1);
    await tap(page, 'open-match');
    expect(await scores(page)).toEqual([3, 0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a good record imports as a new match; summaries share as text', async () => {
    const { context, page, errors } = await scorer();
    writeFileSync('/tmp/scorer-import.json', readFileSync(`${ROOT}examples/records/classic.json`));
    const chooser = page.waitForEvent('filechooser');
    await tap(page, 'import');
    await (await chooser).setFiles('/tmp/scorer-import.json');
    await page.waitForSelector(byId('winner'));
    await page.evaluate(() => {
      // No share sheet in headless Chromium: the clipboard path is taken and the text shown.
      Object.defineProperty(navigator, 'share', { value: undefined });
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => {} } });
    });
    await tap(page, 'share');
    expect(await text(page, 'notice')).toContain('Match summary: Classic pyramid');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('on a phone', () => {
  it('Russian for a Russian browser, one column at 390 px, tap targets of 44 px', async () => {
    const { context, page, errors } = await scorer('ru-RU');
    expect(await page.locator('h1').textContent()).toBe('Счёт матча');
    expect(await page.locator(byId('to-game')).getAttribute('href')).toBe('./');
    await page.screenshot({ path: '/tmp/scorer-start.png', fullPage: true });
    // The start screen shows only the chosen variant's settings; a change of variant changes them.
    await page.locator(`${byId('settings-box')} > summary`).tap();
    for (const [variant, own] of [
      ['dynamic', ['winningPointByPenalty', 'dynamicOption2AwardsPoint']],
      ['classic', ['classicWaiveP20', 'classicAllowNegative']],
      ['free', ['winningPointByPenalty']],
    ] as const) {
      await page.locator(byId(`variant-${variant}`)).tap();
      const shown = await visibleSettings(page);
      for (const setting of own) expect(shown, variant).toContain(setting);
      const others = shown.filter((s) => /^(classic|dynamic)/.test(s) && !s.startsWith(variant));
      expect(others, variant).toEqual([]);
      if (variant === 'classic') expect(shown).not.toContain('winningPointByPenalty');
      expect(shown).toContain('completionRule');
    }
    await startMatch(page, 'classic', ['Сергей', 'Мария']);
    await page.locator(byId('lag-0-0')).tap();
    await shot(page, { breakCushions: 2 });
    await page.locator(byId('call-ball-4')).tap();
    await page.locator(byId('call-pocket-BR')).tap();
    await page.locator(byId('ball-4')).tap();
    await page.screenshot({ path: '/tmp/scorer-shot.png', fullPage: true });
    await page.locator(byId('pocket-BR')).tap();
    await page.locator(byId('submit-shot')).tap();
    expect(await scores(page)).toEqual([0, 4]);
    await page.screenshot({ path: '/tmp/scorer-ruling.png' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const small = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('button, summary')]
          .filter((el) => el.offsetParent !== null)
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.height < 44 || r.width < 44).length,
    );
    expect(small).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
