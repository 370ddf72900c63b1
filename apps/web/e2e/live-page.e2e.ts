/**
 * The live page (live.html, issue 28) through the real UI against the real server (in-process,
 * loopback, a fresh SQLite data folder), on a phone (390×844), kept lean — one browser, one server,
 * three page loads: a referee shares a friendly match live from the scorer, whose notice offers the
 * live page's link and copies it; the page opened from it (a second tab) shows the match, and each of two actions
 * scored after appears on it (the points the scorer shows, the ruling on top of the frame's log
 * with its paragraph). Then a table's page of a club event (made over HTTP) says the table is free,
 * and follows the match the director re-calls there from another table, with its live match.
 * `window.__live` is only read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OnlineApi } from '@pyramid/online';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, watch } from './browser.js';
import { byId, lag, scores, shot, startMatch, tap, text } from './scorer-ui.js';

const WAIT = { timeout: 20_000 };
const SCREENSHOTS = process.env.PYRAMID_SCREENSHOTS === '1';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pyramid-live-page-e2e-'));
  server = await startServer({ port: 0, dataDir, log: () => {} });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const seqOf = (page: Page, seq: number) => page.waitForSelector(`${byId('live')}[data-seq="${seq}"]`, WAIT);
const points = async (page: Page) => [
  Number(await text(page, 'live-points-0')),
  Number(await text(page, 'live-points-1')),
];

/** The scorer has nothing unsent: the server acknowledged every entry. */
const sent = (page: Page) =>
  page.waitForSelector(`${byId('live-bar')}[data-pending="0"][data-status="writing"]`, WAIT);

describe('the live page', () => {
  it('follows a match shared live from the scorer, and a table of an event through a re-call', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const scorer = await context.newPage();
    const scorerErrors = watch(scorer);
    await scorer.goto(new URL('/scorer.html', server.url).href);
    await scorer.waitForSelector(byId('start-screen'), WAIT);
    await startMatch(scorer, 'free', ['Anna', 'Boris']);
    await lag(scorer, 0, 0);
    await shot(scorer, { fell: [[7, 'BL']], breakCushions: 2 });
    await tap(scorer, 'share-live');
    await sent(scorer);
    // The notice offers the live page (its link, and a copy of it on the clipboard).
    const pageLink = (await scorer.getAttribute(byId('shared-page-link'), 'href')) as string;
    expect(pageLink).toMatch(/\/live\.html\?match=[A-Za-z0-9_-]{22}$/);
    expect(await scorer.getAttribute(byId('shared-overlay-link'), 'href')).toMatch(/\/overlay\.html\?live=/);
    expect(await scorer.getAttribute(byId('live-page-link'), 'href')).toBe(
      `./live.html${new URL(pageLink).search}`,
    );
    await tap(scorer, 'copy-page-link');
    await scorer.waitForSelector(`${byId('copy-page-link')}:text("Link copied")`, WAIT);
    expect(await scorer.evaluate(() => navigator.clipboard.readText())).toBe(pageLink);

    // ── The live page, opened from the link in a second page of the phone.
    const viewer = await context.newPage();
    const viewerErrors = watch(viewer);
    await viewer.goto(pageLink);
    await seqOf(viewer, 2);
    expect(await viewer.getAttribute(byId('live-status'), 'data-status')).toBe('live');
    expect([await text(viewer, 'live-name-0'), await text(viewer, 'live-name-1')]).toEqual(['Anna', 'Boris']);
    expect(await text(viewer, 'live-meta')).toContain('race to 1');
    expect(await points(viewer)).toEqual(await scores(scorer));
    expect(await viewer.getAttribute(byId('live-overlay-link'), 'href')).toContain('/overlay.html?match=');

    // Two actions: each appears on the page once the server has it, on top of the frame's log.
    await shot(scorer, { cue: 1, fell: [[2, 'BL']] });
    await sent(scorer);
    await seqOf(viewer, 3);
    expect(await points(viewer)).toEqual(await scores(scorer));
    expect(await text(viewer, 'live-turn')).toContain('At the table: Anna');
    const top3 = viewer.locator(`${byId('live-frame-log')} > li`).first();
    expect(await top3.getAttribute('data-testid')).toBe('live-ruling-3');
    expect((await top3.locator('.cite').allTextContents()).length).toBeGreaterThan(0);

    await shot(scorer, { cue: 1, missed: true });
    await sent(scorer);
    await seqOf(viewer, 4);
    expect(await points(viewer)).toEqual(await scores(scorer));
    const top4 = viewer.locator(`${byId('live-frame-log')} > li`).first();
    expect(await top4.getAttribute('data-testid')).toBe('live-ruling-4');
    // The miss is a foul of 29.1(1), cited with its paragraph; the break is still in the log below.
    expect((await top4.locator('.cite').allTextContents()).join(' ')).toContain('29.1');
    expect(await viewer.locator(`${byId('live-frame-log')} > li`).count()).toBe(4);
    if (SCREENSHOTS) await viewer.screenshot({ path: '/tmp/live-page-match.png', fullPage: true });

    // ── A club event, made over HTTP: its match called to table 1 and given a scoring link.
    const api = new OnlineApi({ baseUrl: server.url, fetch: (input, init) => fetch(input, init) });
    const signed = await api.guest({ name: 'Director' });
    if (!signed.ok) throw new Error(signed.error.message);
    const token = signed.value.token;
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${path}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const created = await call('/api/events', {
      name: 'Table night',
      dates: { start: '2026-12-05' },
      variant: 'free',
      races: { default: 2 },
      format: { kind: 'single', thirdPlace: false },
      seeding: 'order',
      tables: ['1', '2'],
    });
    const eventId = created.id as string;
    const act = (action: object) => call(`/api/events/${eventId}/actions`, action);
    await act({ type: 'add-entries', entries: [{ name: 'Dmitry' }, { name: 'Olga' }] });
    const drawn = (await act({ type: 'draw', seed: 1 })) as { matches: { id: string; state: string }[] };
    const matchId = drawn.matches.find((m) => m.state === 'ready')?.id as string;
    await act({ type: 'call', match: matchId, table: '1' });
    const link = await call(`/api/events/${eventId}/matches/${matchId}/scoring`);
    expect(link.pageUrl).toBe(`/live.html?match=${link.liveId}`);

    // Table 2's page: free. The director re-calls the match there: the page follows it by itself.
    await viewer.goto(new URL(`/live.html?event=${eventId}&table=2`, server.url).href);
    await viewer.waitForSelector(`${byId('live-note')}:text("Table 2: no match now")`, WAIT);
    await act({ type: 'uncall', match: matchId });
    await act({ type: 'call', match: matchId, table: '2' });
    await viewer.waitForFunction(
      (id) => (window as unknown as { __live: { liveId: string | null } }).__live.liveId === id,
      link.liveId,
      WAIT,
    );
    expect([await text(viewer, 'live-name-0'), await text(viewer, 'live-name-1')]).toEqual([
      'Dmitry',
      'Olga',
    ]);
    expect(await text(viewer, 'live-meta')).toBe('race to 2 · table 2');
    expect(await viewer.getAttribute(byId('live'), 'data-seq')).toBe('0');
    if (SCREENSHOTS) await viewer.screenshot({ path: '/tmp/live-page-table.png', fullPage: true });
    // The live match's own header followed the re-call too.
    const shown = (await (await fetch(`${server.url}/api/live/${link.liveId}`)).json()) as {
      header: { table: string };
    };
    expect(shown.header.table).toBe('2');
    expect(scorerErrors).toEqual([]);
    expect(viewerErrors).toEqual([]);
    await context.close();
  });
});
