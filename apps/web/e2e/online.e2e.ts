/**
 * Online play through the real UI against the real server (in-process, loopback, a fresh SQLite
 * data folder): two players in two browser contexts create and join a table by its invite link and
 * play several shots while a third context watches; all three show the same scores and rulings.
 * Along the way: the spectator count, chat as plain text, the opponent away and the adjourned
 * match resumed, and a second tab of one player taking the seat. Clicks and pointer events only;
 * `window.__pyramid` only reads. Nothing here is about how the table is drawn, and three
 * software-rendered tables on two cores would set the pace: the players have chosen the flat table
 * in the display panel, the spectator the 3D table at low quality (so the server's strokes are also
 * shown in 3D, with the same positions).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseQuality, launch, type QualitySetting, watch } from './browser.js';
import { pullBackAndRelease, type Summary, summary } from './game-helpers.js';

const WAIT = { timeout: 30_000 };
/** Rulings played: the lag's choice, the break and three more shots. */
const SHOTS = 5;

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pyramid-online-e2e-'));
  // A short grace period so that the adjourned state is reached within the test (the away state
  // before it is seen at once: the server announces it when the socket closes).
  server = await startServer({ port: 0, dataDir, graceMs: 3000 });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Person {
  readonly context: BrowserContext;
  page: Page;
  readonly errors: string[];
}

async function person(path: string, quality: QualitySetting): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await chooseQuality(context, quality);
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(new URL(path, server.url).href);
  return { context, page, errors };
}

/**
 * Screenshots at the desktop size and at a phone's (390×844), back to the desktop after: for a
 * person to look at (nothing is asserted on them), so only with PYRAMID_SCREENSHOTS=1; each costs
 * two software-rendered frames and two resizes.
 */
async function shots(page: Page, name: string): Promise<void> {
  if (process.env.PYRAMID_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `/tmp/online-${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/online-${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(200);
}

async function signInAsGuest(page: Page, name: string): Promise<void> {
  await page.fill('[data-testid="online-name"]', name);
  await page.click('[data-testid="online-guest"]');
}

const bannerState = (page: Page) => page.getAttribute('[data-testid="online-banner"]', 'data-state');

async function waitBanner(page: Page, state: string): Promise<void> {
  // An empty banner is hidden: attached is what is waited for.
  await page.waitForSelector(`[data-testid="online-banner"][data-state="${state}"]`, {
    state: 'attached',
    ...WAIT,
  });
}

/**
 * Waits for `n` rulings on every page. Each page skips the animation with Escape once it starts (as
 * a person may), so that three software-rendered tables on two cores do not set the pace.
 */
async function allReach(people: readonly Person[], n: number): Promise<void> {
  await Promise.all(
    people.map(async (p) => {
      const animating = await p.page
        .waitForFunction(
          (count) => {
            const hooks = (window as unknown as { __pyramid: { summary(): Summary; animating(): boolean } })
              .__pyramid;
            return hooks.animating() || hooks.summary().logLength >= count;
          },
          n,
          { timeout: 30_000, polling: 50 },
        )
        .then(() => true);
      if (animating) await p.page.keyboard.press('Escape');
      await logReaches(p.page, n);
    }),
  );
}

async function logReaches(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) => {
      const hooks = (window as unknown as { __pyramid: { summary(): Summary; animating(): boolean } })
        .__pyramid;
      return hooks.summary().logLength === count && !hooks.animating();
    },
    n,
    { timeout: 60_000, polling: 100 },
  );
}

/** What a person sees: the scores, frames and every ruling's explanation in the log. */
async function seen(page: Page): Promise<{ scores: string[]; frames: string[]; rulings: string[] }> {
  return {
    scores: [
      (await page.textContent('[data-testid="score-0"]')) ?? '',
      (await page.textContent('[data-testid="score-1"]')) ?? '',
    ],
    frames: [
      (await page.textContent('[data-testid="frames-0"]')) ?? '',
      (await page.textContent('[data-testid="frames-1"]')) ?? '',
    ],
    rulings: await page.locator('[data-testid="log-entry"]').allTextContents(),
  };
}

/** The one of the two players whose turn it is (the panel says "Your turn"), once one of them is. */
async function toAct(players: readonly Person[]): Promise<Person> {
  const yourTurn = (p: Person) =>
    p.page
      .waitForFunction(
        () => document.querySelector('[data-testid="online-seat"]')?.textContent === 'Your turn',
        null,
        { timeout: 30_000, polling: 100 },
      )
      .then(() => p);
  try {
    return await Promise.any(players.map(yourTurn));
  } catch {
    const states = [];
    for (const p of players)
      states.push({
        seat: await p.page.textContent('[data-testid="online-seat"]'),
        banner: await bannerState(p.page),
        turn: (await summary(p.page)).turn,
        notice: (await summary(p.page)).notice,
      });
    throw new Error(`nobody is to act: ${JSON.stringify(states)}`);
  }
}

/** A turn through the panel: a decision's first offered choice, or a stroke at the aim shown. */
async function takeTurn(p: Person): Promise<void> {
  const s = await summary(p.page);
  if (s.turn.kind === 'decision' || s.turn.kind === 'lag') {
    await p.page.locator('[data-testid="choices"] button').first().click();
    return;
  }
  if (s.selection.cueBall === null) await p.page.locator('[data-testid^="cue-ball-"]').first().click();
  await p.page.fill('[data-testid="power"]', '70');
  await p.page.click('[data-testid="strike"]');
}

describe('online play through the real UI', () => {
  it('two players play several shots while a third watches; all three see the same', {
    timeout: 240_000,
  }, async () => {
    // Anna creates a table from the start screen.
    const anna = await person('/', 'flat');
    await anna.page.click('[data-testid="setup-online"]');
    await anna.page.waitForSelector('[data-testid="online-lobby"]', WAIT);
    await shots(anna.page, 'lobby');
    await signInAsGuest(anna.page, 'Anna');
    await anna.page.waitForSelector('[data-testid="online-me"]', WAIT);
    await anna.page.selectOption('[data-testid="online-variant"]', 'free');
    await anna.page.click('[data-testid="online-create"]');
    await waitBanner(anna.page, 'waiting');
    const invite = await anna.page.inputValue('[data-testid="online-invite"]');
    expect(invite).toMatch(/\?table=[A-Za-z0-9_-]{22}$/);
    await shots(anna.page, 'waiting');

    // Boris opens the invite link on his phone-sized screen, names himself and takes the seat.
    const boris = await person(new URL(invite).pathname + new URL(invite).search, 'flat');
    // The invitation names the table; one field for his name and "Join".
    await boris.page.waitForSelector('[data-testid="online-enter"]', WAIT);
    await boris.page.fill('[data-testid="online-name"]', 'Boris <i>');
    await boris.page.click('[data-testid="online-enter"]');
    await boris.page.waitForSelector('[data-testid="online-lobby"]', { state: 'detached', ...WAIT });
    await anna.page.waitForSelector('[data-testid="online-invite"]', { state: 'detached', ...WAIT });
    // The name is shown as the text it is, never as markup.
    expect(await anna.page.textContent('[data-testid="name-1"]')).toBe('Boris <i>');
    expect(await anna.page.locator('[data-testid="scoreboard"] i').count()).toBe(0);

    // Vera watches from the lobby's list of live tables.
    const vera = await person('/', 'low');
    await vera.page.click('[data-testid="setup-online"]');
    await signInAsGuest(vera.page, 'Vera');
    const tableId = new URL(invite).searchParams.get('table')!;
    await vera.page.click(`[data-testid="lobby-watch-${tableId}"]`, WAIT);
    await vera.page.waitForSelector('[data-testid="online-seat"]', WAIT);
    expect(await vera.page.textContent('[data-testid="online-seat"]')).toBe('Watching: Anna v Boris <i>');
    expect(await vera.page.isDisabled('[data-testid="strike"]')).toBe(true);
    await anna.page.waitForSelector('[data-testid="online-spectators"][data-count="1"]', WAIT);
    expect(await boris.page.textContent('[data-testid="online-spectators"]')).toBe('Spectators: 1');

    // The server drew lots (п.7): its winner chooses who breaks, in the panel.
    const players = [anna, boris];
    expect((await summary(anna.page)).turn.kind).toBe('lag');
    await takeTurn(await toAct(players));
    await allReach([anna, boris, vera], 1);
    // The break: the breaker pulls the cue back on the canvas. Then more shots, whoever is to act.
    const breaker = await toAct(players);
    expect((await summary(breaker.page)).turn.kind).toBe('shot');
    await pullBackAndRelease(breaker.page);
    await allReach([anna, boris, vera], 2);
    await shots(boris.page, 'playing');
    await shots(vera.page, 'spectator');
    for (let n = 3; n <= SHOTS; n++) {
      await takeTurn(await toAct(players));
      await allReach([anna, boris, vera], n);
    }
    const annaSees = await seen(anna.page);
    expect(annaSees.rulings).toHaveLength(SHOTS);
    expect(await seen(boris.page)).toEqual(annaSees);
    expect(await seen(vera.page)).toEqual(annaSees);
    const annaState = await summary(anna.page);
    expect((await summary(vera.page)).positions).toEqual(annaState.positions);
    expect(annaSees.scores).toEqual(annaState.scores.map(String));

    // Chat is plain text for everyone.
    await vera.page.fill('[data-testid="chat-input"]', '<b>good shot</b> & more');
    await vera.page.click('[data-testid="chat-send"]');
    await anna.page.waitForSelector('[data-testid="chat-line"]', WAIT);
    expect(await anna.page.locator('[data-testid="chat-line"]').last().textContent()).toBe(
      'Vera:<b>good shot</b> & more',
    );
    expect(await anna.page.locator('[data-testid="chat-list"] b').count()).toBe(0);

    // Boris drops: Anna sees him away, then the match adjourned; he comes back by the link and resumes.
    await boris.page.goto('about:blank');
    await waitBanner(anna.page, 'away');
    expect(await anna.page.textContent('[data-testid="online-banner"]')).toMatch(/opponent is away/);
    await shots(anna.page, 'away');
    await waitBanner(anna.page, 'adjourned');
    await shots(anna.page, 'adjourned');
    await boris.page.goto(invite);
    await boris.page.waitForSelector('[data-testid="online-seat"]', WAIT);
    await waitBanner(anna.page, 'none');
    await logReaches(boris.page, SHOTS);
    expect(await seen(boris.page)).toEqual(await seen(anna.page));

    // A second tab of Boris takes the seat; the first is told and only watches.
    const tab = await boris.context.newPage();
    const tabErrors = watch(tab);
    await tab.goto(invite);
    await tab.waitForSelector('[data-testid="online-seat"]', WAIT);
    await waitBanner(boris.page, 'replaced');
    expect(await bannerState(tab)).toBe('none');
    expect(await boris.page.isDisabled('[data-testid="strike"]')).toBe(true);
    boris.page = tab;

    // Anna's page, opened in another tab of hers, shows this match live with its watch link; the
    // next shot moves it on there without a reload.
    const annaPage = await anna.context.newPage();
    const annaPageErrors = watch(annaPage);
    await annaPage.goto(new URL('/', server.url).href);
    await annaPage.click('[data-testid="setup-online"]');
    await annaPage.waitForSelector('[data-testid="online-me"]', WAIT);
    await annaPage.click('[data-testid="online-my-matches"]');
    const playing = annaPage.locator(`[data-testid="player-live-match"][data-key="table:${tableId}"]`);
    await playing.waitFor(WAIT);
    const described = (await (await fetch(`${server.url}/api/tables/${tableId}`)).json()) as {
      table: { seq: number; seats: { player: { id: string } }[] };
    };
    const seqNow = described.table.seq;
    expect(await playing.getAttribute('data-seq')).toBe(String(seqNow));
    expect(await playing.locator('[data-testid="player-live-watch"]').getAttribute('href')).toBe(
      `/?watch=${tableId}`,
    );
    expect(await playing.textContent()).toContain('v Boris <i>');

    // Vera, in a tab of her own, opens Boris's public page by its link: the same match, live, from
    // his side.
    const borisId = described.table.seats[1]!.player.id;
    const borisPage = await vera.context.newPage();
    const borisPageErrors = watch(borisPage);
    await borisPage.goto(new URL(`/?player=${borisId}`, server.url).href);
    const borisPlaying = borisPage.locator(`[data-testid="player-live-match"][data-key="table:${tableId}"]`);
    await borisPlaying.waitFor(WAIT);
    expect(await borisPage.textContent('[data-testid="player-page-name"]')).toBe('Player: Boris <i>');
    expect(await borisPage.getAttribute('[data-testid="player-page-link"]', 'href')).toBe(
      new URL(`/?player=${borisId}`, server.url).href,
    );
    expect(await borisPlaying.textContent()).toContain('v Anna');
    expect(await borisPlaying.getAttribute('data-seq')).toBe(String(seqNow));

    // One more shot from the new tab's side or Anna's, seen by all.
    await takeTurn(await toAct(players));
    await allReach([anna, boris, vera], SHOTS + 1);
    await annaPage.waitForSelector(
      `[data-testid="player-live-match"][data-key="table:${tableId}"][data-seq="${seqNow + 1}"]`,
      WAIT,
    );
    await borisPage.waitForSelector(
      `[data-testid="player-live-match"][data-key="table:${tableId}"][data-seq="${seqNow + 1}"]`,
      WAIT,
    );
    await annaPage.close();
    await borisPage.close();
    const last = await seen(anna.page);
    expect(await seen(boris.page)).toEqual(last);
    expect(await seen(vera.page)).toEqual(last);

    // In Russian too: the online texts come from the same string tables.
    await vera.page.click('[data-testid="lang-toggle"]');
    expect(await vera.page.textContent('[data-testid="online-seat"]')).toBe('Вы смотрите: Anna — Boris <i>');
    // Vera and Boris's first tab, which only watches since the second took the seat.
    expect(await vera.page.textContent('[data-testid="online-spectators"]')).toBe('Зрителей: 2');

    // Anna leaves for the lobby: her matches list this one with its record, which the server serves.
    await anna.page.click('[data-testid="online-leave"]');
    await anna.page.waitForSelector('[data-testid="online-lobby"]', WAIT);
    await anna.page.click('[data-testid="online-my-matches"]');
    const record = anna.page.locator(`[data-testid="record-${tableId}"]`);
    await record.waitFor(WAIT);
    const downloaded = await anna.page.request.get((await record.getAttribute('href'))!);
    expect(downloaded.ok()).toBe(true);
    const json = (await downloaded.json()) as { format: string; actions: unknown[] };
    expect(json.format).toBe('pyramid-match-record');
    expect(json.actions).toHaveLength(SHOTS + 1);
    await shots(anna.page, 'lobby-signed-in');

    expect([
      ...anna.errors,
      ...boris.errors,
      ...tabErrors,
      ...vera.errors,
      ...annaPageErrors,
      ...borisPageErrors,
    ]).toEqual([]);
    for (const p of [anna, boris, vera]) await p.context.close();
  });
});
