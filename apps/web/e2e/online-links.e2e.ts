/**
 * First contact with an online table, through the real UI against the real server (in-process,
 * loopback, a fresh SQLite data folder): Anna's table waits for an opponent (it says so, offers the
 * invite link and no strike controls); Boris, with no name yet, opens the invite link and is told
 * whose table it is, its variant, its race and who waits, names himself and joins in one step; Vera
 * does the same with the watch link; then a second tab of Boris takes his seat: the first tab watches
 * (no "Your turn") and every page counts the spectators the server has. Clicks only. Nothing here
 * is about how the table is drawn: every visitor has chosen the flat table in the display panel, so
 * that a dozen pages do not each set up a software-rendered 3D table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseQuality, launch, watch } from './browser.js';

const WAIT = { timeout: 30_000 };

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pyramid-links-e2e-'));
  server = await startServer({ port: 0, dataDir });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
}

async function person(path: string): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await chooseQuality(context, 'flat');
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(new URL(path, server.url).href);
  return { context, page, errors };
}

const text = async (page: Page, testid: string) =>
  ((await page.textContent(`[data-testid="${testid}"]`)) ?? '').trim();

/** The text inputs a visitor sees in the lobby (the account's fields stay folded away). */
const visibleInputs = (page: Page) =>
  page
    .locator('[data-testid="online-lobby"] input:visible')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLElement).dataset.testid ?? ''));

/** What the invitation says, once the server has described the table. */
async function invitation(page: Page): Promise<{ title: string; what: string; who: string; go: string }> {
  await page.waitForSelector('[data-testid="invitation-title"]', WAIT);
  return {
    title: await text(page, 'invitation-title'),
    what: await text(page, 'invitation-what'),
    who: await text(page, 'invitation-who'),
    go: await text(page, 'online-enter'),
  };
}

async function spectatorsOn(page: Page, n: number): Promise<void> {
  await page.waitForSelector(`[data-testid="online-spectators"][data-count="${n}"]`, WAIT);
}

/** A guest named in the lobby, then at the page `path` (a link is then taken at once, with the name kept). */
async function named(name: string, path: string, into?: BrowserContext): Promise<Person> {
  const p = into === undefined ? await person('/') : await pageIn(into, '/');
  await p.page.click('[data-testid="setup-online"]');
  await p.page.fill('[data-testid="online-name"]', name);
  await p.page.click('[data-testid="online-guest"]');
  await p.page.waitForSelector('[data-testid="online-me"]', WAIT);
  if (path !== '/') {
    await p.page.goto(new URL(path, server.url).href);
    await p.page.waitForSelector('[data-testid="online-seat"]', WAIT);
  }
  return p;
}

/** A visitor with no name yet opens `link`, names himself in the invitation and enters (one page load). */
async function entering(name: string, link: string): Promise<Person> {
  const p = await person(link);
  await p.page.fill('[data-testid="online-name"]', name);
  await p.page.click('[data-testid="online-enter"]');
  await p.page.waitForSelector('[data-testid="online-seat"]', WAIT);
  return p;
}

async function pageIn(context: BrowserContext, path: string): Promise<Person> {
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(new URL(path, server.url).href);
  return { context, page, errors };
}

/** Anna's new table (Dynamic, three frames to win, her opponent to break): its invite link. */
async function annasTable(anna: Person): Promise<string> {
  await anna.page.click('[data-testid="setup-online"]');
  await anna.page.fill('[data-testid="online-name"]', 'Anna');
  await anna.page.click('[data-testid="online-guest"]');
  await anna.page.waitForSelector('[data-testid="online-me"]', WAIT);
  await anna.page.selectOption('[data-testid="online-variant"]', 'dynamic');
  await anna.page.fill('[data-testid="online-frames"]', '3');
  await anna.page.selectOption('[data-testid="online-breaker"]', '1');
  await anna.page.click('[data-testid="online-create"]');
  await anna.page.waitForSelector('[data-testid="online-banner"][data-state="waiting"]', {
    state: 'attached',
    ...WAIT,
  });
  const invite = await anna.page.inputValue('[data-testid="online-invite"]');
  expect(new URL(invite).searchParams.get('table')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return new URL(invite).pathname + new URL(invite).search;
}

const tableIdOf = (invite: string) => new URL(invite, server.url).searchParams.get('table') ?? '';

describe('online tables at first contact', () => {
  it('a table waiting for its opponent says so, offers its link and no strike controls', async () => {
    const anna = await person('/');
    const invite = await annasTable(anna);
    expect(await text(anna.page, 'turn')).toBe('Waiting for an opponent');
    expect(await anna.page.isVisible('[data-testid="online-invite"]')).toBe(true);
    expect(await anna.page.isVisible('[data-testid="online-copy"]')).toBe(true);
    expect(await anna.page.isVisible('[data-testid="strike"]')).toBe(false);
    expect(await anna.page.isVisible('[data-testid="power"]')).toBe(false);
    // Once the opponent sits down the match starts: the turn, and no longer the link.
    const boris = await named('Boris', invite);
    await anna.page.waitForSelector('[data-testid="online-invite"]', { state: 'detached', ...WAIT });
    expect(await text(anna.page, 'turn')).not.toBe('Waiting for an opponent');
    expect(await text(anna.page, 'online-seat')).toBe('Your opponent’s turn');
    expect(await text(boris.page, 'online-seat')).toBe('Your turn');
    expect(await boris.page.isVisible('[data-testid="strike"]')).toBe(true);
    expect([...anna.errors, ...boris.errors]).toEqual([]);
    for (const p of [anna, boris]) await p.context.close();
  });

  it('invite and watch links tell a visitor with no name whose table it is, and he enters in one step', async () => {
    const anna = await person('/');
    const invite = await annasTable(anna);
    const boris = await person(invite);
    expect(await invitation(boris.page)).toEqual({
      title: 'Anna’s table',
      what: 'Dynamic pyramid, match to 3 frames, 12 ft (3550 × 1775)',
      who: 'Anna is waiting for an opponent.',
      go: 'Join',
    });
    // One field for his name; the lobby's other forms are not in the way.
    expect(await visibleInputs(boris.page)).toEqual(['online-name']);
    expect(await boris.page.isVisible('[data-testid="online-create"]')).toBe(false);
    await boris.page.fill('[data-testid="online-name"]', 'Boris');
    await boris.page.click('[data-testid="online-enter"]');
    await boris.page.waitForSelector('[data-testid="online-lobby"]', { state: 'detached', ...WAIT });
    expect(await text(boris.page, 'online-seat')).toBe('Your turn');

    const vera = await person(`/?watch=${tableIdOf(invite)}`);
    expect(await invitation(vera.page)).toEqual({
      title: 'Anna v Boris',
      what: 'Dynamic pyramid, match to 3 frames, 12 ft (3550 × 1775)',
      who: 'The match is being played.',
      go: 'Watch',
    });
    await vera.page.fill('[data-testid="online-name"]', 'Vera');
    await vera.page.click('[data-testid="online-enter"]');
    await vera.page.waitForSelector('[data-testid="online-seat"]', WAIT);
    expect(await text(vera.page, 'online-seat')).toBe('Watching: Anna v Boris');
    await spectatorsOn(anna.page, 1);

    // The invite link of a table in play offers to watch it instead.
    const late = await person(invite);
    expect(await invitation(late.page)).toMatchObject({ title: 'Anna v Boris', go: 'Watch' });
    expect(late.errors).toEqual([]);
    // A link to no table says so (the same visitor opens it next; the 404 it meets is logged as a
    // console error, so its errors were checked before).
    await late.page.goto(new URL('/?table=AAAAAAAAAAAAAAAAAAAAAA', server.url).href);
    await late.page.waitForFunction(
      () => /no such table/.test(document.querySelector('[data-testid="online-error"]')?.textContent ?? ''),
      undefined,
      WAIT,
    );
    expect([...anna.errors, ...boris.errors, ...vera.errors]).toEqual([]);
    for (const p of [anna, boris, vera, late]) await p.context.close();
  });

  it('a second tab takes the seat: the first only watches, and every page counts the spectators', async () => {
    const anna = await person('/');
    const invite = await annasTable(anna);
    // Both enter through the invitation (the named way in is the first test's); the session it
    // keeps is what the second tab takes the seat with.
    const boris = await entering('Boris', invite);
    const vera = await entering('Vera', `/?watch=${tableIdOf(invite)}`);
    for (const page of [anna.page, boris.page, vera.page]) await spectatorsOn(page, 1);
    expect(await text(boris.page, 'online-seat')).toBe('Your turn');

    const tab = await pageIn(boris.context, invite);
    await tab.page.waitForSelector('[data-testid="online-seat"]', WAIT);
    await boris.page.waitForSelector('[data-testid="online-banner"][data-state="replaced"]', {
      state: 'attached',
      ...WAIT,
    });
    expect(await text(tab.page, 'online-seat')).toBe('Your turn');
    expect(await text(boris.page, 'online-seat')).toBe('Watching: Anna v Boris');
    expect(await boris.page.isVisible('[data-testid="strike"]')).toBe(false);
    // Two watch now (Vera and the first tab); every page says two.
    for (const page of [anna.page, tab.page, vera.page, boris.page]) await spectatorsOn(page, 2);

    // "Play here" takes the seat back: the second tab watches in its turn.
    await boris.page.click('[data-testid="online-take-back"]');
    await tab.page.waitForSelector('[data-testid="online-banner"][data-state="replaced"]', {
      state: 'attached',
      ...WAIT,
    });
    await boris.page.waitForFunction(
      () => document.querySelector('[data-testid="online-seat"]')?.textContent === 'Your turn',
      undefined,
      WAIT,
    );
    expect(await text(tab.page, 'online-seat')).toBe('Watching: Anna v Boris');
    for (const page of [anna.page, tab.page, vera.page, boris.page]) await spectatorsOn(page, 2);
    expect([...anna.errors, ...boris.errors, ...tab.errors, ...vera.errors]).toEqual([]);
    for (const p of [anna, boris, vera]) await p.context.close();
  });
});
