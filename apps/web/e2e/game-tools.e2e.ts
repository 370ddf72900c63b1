/**
 * The game's tools through the real UI: the practice table (move a ball, shoot, take back, try
 * again), the replay at normal and slow speed, the master's hint played as it says, and the shot
 * clock running out. The practice table, the replay and the hint share one page (each starts its own
 * game, as a player does with "New game"); the shot clock needs a page of its own, with a fake clock
 * from its first script. None is about rendering, so the table draws at the player's low quality
 * (the shot clock, which never touches the table, on the player's flat table: no WebGL at all).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutCitations } from '../src/game/ui/citations.js';
import { launch, type OpenedPage, open } from './browser.js';
import {
  logReaches,
  project,
  pullBackAndRelease,
  settled,
  skipAnimation,
  startGame,
  startPractice,
  summary,
} from './game-helpers.js';

let browser: Browser;
let shared: OpenedPage;
beforeAll(async () => {
  browser = await launch();
  shared = await open(browser, '', { quality: 'low' });
});
afterAll(async () => {
  await shared?.context.close();
  await browser?.close();
});

const frames = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __pyramid: { frames(): number } }).__pyramid.frames());

const animating = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { __pyramid: { animating(): boolean } }).__pyramid.animating());

/** Clicks a replay button and times its animation (ms, from the click until the balls stop). */
/** Clicks `testid` (a replay button) and waits for the animation to start: when, and the frames drawn before. */
async function startReplay(page: Page, testid: string): Promise<{ started: number; frames0: number }> {
  const frames0 = await frames(page);
  const started = Date.now();
  await page.click(`[data-testid="${testid}"]`);
  await page.waitForFunction(
    () => (window as unknown as { __pyramid: { animating(): boolean } }).__pyramid.animating(),
    null,
    { polling: 10 },
  );
  return { started, frames0 };
}

async function timedReplay(page: Page, testid: string): Promise<{ ms: number; frames: number }> {
  const { started, frames0 } = await startReplay(page, testid);
  await settled(page, 110_000);
  return { ms: Date.now() - started, frames: (await frames(page)) - frames0 };
}

describe('the practice table', () => {
  it('moves a ball by dragging, shoots, shows the ruling, takes the shot back and tries again', async () => {
    const { page, errors } = shared;
    // Combined: the coloured ball is the cue ball, so the practice shot needs no choice first.
    await startPractice(page, { variant: 'combined' });
    expect((await summary(page)).mode).toBe('practice');
    await page.click('[data-testid="edit-balls"]');
    const rack = await summary(page);
    const apex = rack.positions!['1']!;
    const to = { x: apex.x - 150, y: apex.y + 120 };
    const a = await project(page, apex);
    const b = await project(page, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 6 });
    await page.mouse.up();
    const moved = await summary(page);
    expect(Math.hypot(moved.positions!['1']!.x - to.x, moved.positions!['1']!.y - to.y)).toBeLessThan(15);
    await page.click('[data-testid="edit-balls"]');

    const before = await summary(page);
    await pullBackAndRelease(page, 450);
    await skipAnimation(page, 1);
    const shot = await summary(page);
    expect(shot.lastExplanation).not.toBeNull();
    expect(await page.locator('[data-testid="log-explanation"]').first().textContent()).toBe(
      withoutCitations(shot.lastExplanation!.en),
    );
    expect(shot.positions).not.toEqual(before.positions);

    await page.click('[data-testid="undo"]');
    const back = await summary(page);
    expect(back.logLength).toBe(0);
    expect(back.positions).toEqual(before.positions);
    expect(back.table).toEqual(before.table);
    expect(back.scores).toEqual(before.scores);

    await pullBackAndRelease(page, 300);
    await skipAnimation(page, 1);
    expect((await summary(page)).lastExplanation).not.toBeNull();
    expect(errors).toEqual([]);
  });
});

describe('the replay of the last shot', () => {
  it('runs the animation again at normal and slow speed, and skips the replay; the match does not change', async () => {
    const { page, errors } = shared;
    await startGame(page, { variant: 'combined' });
    // The softest stroke (power 0, set from the keyboard; Space strikes) keeps the replays short;
    // the stroke itself is skipped.
    for (let press = 0; press < 6; press++) await page.keyboard.press('Shift+ArrowDown');
    expect((await summary(page)).aim.power).toBe(0);
    await page.keyboard.press('Space');
    await skipAnimation(page, 1);
    const before = await summary(page);
    const normal = await timedReplay(page, 'replay');
    expect(normal.frames).toBeGreaterThan(5);
    // Slow motion is a quarter of real time: twice the normal replay's time after its start (the
    // clicks and the polling around each allowed for) it is still running, having drawn more frames
    // than the whole normal replay. Then Escape skips it to its end, as a player does. (Waiting for
    // the rest of it, another 2× the normal replay, would only keep the software renderer busy.)
    const { started, frames0 } = await startReplay(page, 'replay-slow');
    await page.waitForTimeout(Math.max(0, started + 2 * normal.ms - Date.now()));
    expect(await animating(page)).toBe(true);
    expect((await frames(page)) - frames0).toBeGreaterThan(normal.frames);
    await page.keyboard.press('Escape');
    await settled(page);
    expect(await animating(page)).toBe(false);
    const after = await summary(page);
    expect(after.scores).toEqual(before.scores);
    expect(after.turn).toEqual(before.turn);
    expect(after.logLength).toBe(before.logLength);
    expect(after.positions).toEqual(before.positions);
    expect(after.table).toEqual(before.table);
    expect(errors).toEqual([]);
  });
});

describe('the hint', () => {
  interface Shot {
    cueBall: number;
    call: unknown;
    placement: unknown;
    strike: { speed: number; direction: { x: number; y: number }; side: number; height: number };
  }
  interface HintHooks {
    hint(): { shot: Shot; intent: { kind: string; ball: number; pocket: string }; chance: number } | null;
    lastStep(): {
      action: { type: string; outcome: { facts?: { pocketed: { ball: number; pocket: string }[] } } };
      shot: Shot | null;
    } | null;
  }
  const shownHint = (page: Page) =>
    page.evaluate(() => (window as unknown as { __pyramid: HintHooks }).__pyramid.hint());
  const lastStep = (page: Page) =>
    page.evaluate(() => (window as unknown as { __pyramid: HintHooks }).__pyramid.lastStep());

  it('states the whole shot in words with its chance, and "play it" strikes exactly that shot, which does what it said', async () => {
    const { page, errors } = shared;
    // A fixed seed: the hint (and the chance it states) is the same on every run.
    await startGame(page, { variant: 'combined', seed: 7 });
    // Ball 7 a little off the line from the coloured ball to the right middle pocket.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.click('[data-testid="open-record"]'),
    ]);
    await chooser.setFiles(new URL('./records/hint-pot.json', import.meta.url).pathname);
    await page.click('[data-testid="watch-play"]');
    await page.click('[data-testid="hint"]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="hint-text"]')?.textContent ?? '') !== '',
      null,
      { timeout: 60_000 },
    );
    const hint = (await shownHint(page))!;
    expect(hint.intent).toMatchObject({ kind: 'pot', ball: 7, pocket: 'MR' });
    const percent = Math.round(hint.chance * 100);
    expect(percent).toBeGreaterThan(70);
    expect(percent).toBeLessThan(100);
    const en = (await page.textContent('[data-testid="hint-text"]')) ?? '';
    expect(en).toBe(`Hint: pot 7 in the right middle pocket, ${percent} % · medium, follow`);
    expect(await page.textContent('[data-testid="play-hint"]')).toBe('Play it');
    // The controls show the strike: its power and its tip offset (follow: above the centre).
    const aim = (await summary(page)).aim;
    expect(aim.height).toBe(hint.shot.strike.height);
    expect(aim.side).toBe(hint.shot.strike.side);
    expect(0.3 + aim.power * 6.7).toBeCloseTo(hint.shot.strike.speed, 9);
    await page.click('[data-testid="lang-toggle"]');
    expect(await page.textContent('[data-testid="hint-text"]')).toBe(
      `Подсказка: забить 7 в правую среднюю лузу, ${percent} % · средний удар, накат`,
    );
    expect(await page.textContent('[data-testid="play-hint"]')).toBe('Сыграть так');

    await page.click('[data-testid="play-hint"]');
    await skipAnimation(page, 1);
    const step = (await lastStep(page))!;
    // Bit for bit: the numbers cross to the test as JSON, which writes every double exactly.
    expect(step.shot).toEqual(hint.shot);
    expect(step.action.type).toBe('shot');
    // The record's shot, as the referee took it: ball 7 fell in the right middle pocket.
    expect(step.action.outcome.facts?.pocketed).toContainEqual({ ball: 7, pocket: 'MR' });
    expect((await summary(page)).lastVerdict).toBe('legal');
    expect(errors).toEqual([]);
  });
});

describe('the shot clock', () => {
  it('counts down; at zero the referee rules slow play (п.26)', async () => {
    const { context, page, errors } = await open(browser, '', { fakeClock: true, quality: 'flat' });
    await startGame(page, { variant: 'free', shotClock: true });
    const shown = async (): Promise<number> =>
      Number(/\d+/.exec((await page.textContent('[data-testid="clock"]')) ?? '')?.[0]);
    await expect(page.locator('[data-testid="clock"]').isVisible()).resolves.toBe(true);
    const first = await shown();
    expect(first).toBeGreaterThan(40);
    await page.clock.runFor(5_000);
    const later = await shown();
    expect(later).toBeLessThanOrEqual(first - 4);
    expect(later).toBeGreaterThanOrEqual(first - 6);
    await page.clock.runFor(45_000);
    await logReaches(page, 1);
    const ruled = await summary(page);
    expect(ruled.lastVerdict).toBe('foul');
    // Slow play is a foul of §29.1 item 11; its reason names the shot-clock paragraph, п.26.
    expect(await page.locator('[data-testid="log-cites"]').first().textContent()).toContain('29.1(11)');
    expect(await page.locator('[data-testid="log-explanation"]').first().textContent()).toMatch(
      /^Slow play: foul/,
    );
    expect(await page.locator('[data-testid="log-cites"]').first().textContent()).toContain('п.26');
    expect(errors).toEqual([]);
    await context.close();
  });
});
