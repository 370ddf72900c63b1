/**
 * Live scoring from a real table (issue 28) through the real UI against the real server
 * (in-process, loopback, a fresh SQLite data folder), on phones (390×844): a director makes a
 * Combined event, calls its match to table 3 and makes its scoring link (with its QR code); a
 * phone in Russian opens it and holds the match, the director revokes the link, and the phone's
 * next action is refused — it says why in Russian, with the code and field, and writes no more; a
 * scorer opens the new link — the scorer opens on that match, nothing to type —, takes it over and
 * scores the frame with a свояк's exchange ball, a penalty ball and an undo; a second phone opens
 * the same link, watches, and takes over with "Score here" (the first is told and stops writing);
 * its undo of the first phone's action is refused by the server's referee (shown with its field,
 * the server's score kept); the new writer scores, is cut off (the browser context's offline mode),
 * undoes its acknowledged action (a correction queued), scores, undoes an action never sent (it
 * leaves the queue), reloads the page offline (the queue is in IndexedDB, the undo applied), comes
 * back and finishes the frame. The event page shows every entry once, in order; the table's overlay
 * shows the score after each; the record the scorer exports replays through `pyramid referee` to
 * the same result as the server's.
 * Clicks and taps only; `window.__event` and `window.__overlay` are only read, and the scorer's
 * `liveSaved()` only waited for (its queue is in IndexedDB before a reload).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayRecordText } from '@pyramid/rules';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, watch } from './browser.js';
import { byId, choose, lag, scores, shot, startMatch, tap, text } from './scorer-ui.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
const WAIT = { timeout: 20_000 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const SCREENSHOTS = process.env.PYRAMID_SCREENSHOTS === '1';

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pyramid-live-e2e-'));
  server = await startServer({ port: 0, dataDir, log: () => {} });
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

async function person(
  url: string,
  phone: boolean,
  viewport = { width: 1280, height: 900 },
  locale = 'en-US',
): Promise<Person> {
  const context = await browser.newContext({
    ...(phone ? PHONE : { viewport }),
    locale,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(new URL(url, server.url).href);
  return { context, page, errors };
}

interface EventProbe {
  shown: {
    id: string;
    version: number;
    matches: { id: string; state: string; a: string | null; b: string | null; table: string | null }[];
    standings: { champion: string | null };
  } | null;
  status: string;
  live: Record<string, { seq: number; points: [number, number]; frames: [number, number] }[]>;
  entries: Record<string, { seq: number; entry: { kind: string } }[]>;
}
const eventProbe = (page: Page) =>
  page.evaluate(() => (window as unknown as { __event: EventProbe }).__event);

async function eventVersion(page: Page): Promise<number> {
  return (await eventProbe(page)).shown?.version ?? 0;
}

/** Clicks `testid` on the director's page and waits for the stored event's next version. */
async function act(page: Page, testid: string): Promise<void> {
  const before = await eventVersion(page);
  await tap(page, testid);
  await page.waitForFunction(
    (v) => ((window as unknown as { __event: EventProbe }).__event.shown?.version ?? 0) > v,
    before,
    WAIT,
  );
}

const liveStatus = (page: Page) => page.getAttribute(byId('live-bar'), 'data-status');

async function waitStatus(page: Page, status: string): Promise<void> {
  await page.waitForSelector(`${byId('live-bar')}[data-status="${status}"]`, WAIT);
}

/** The scorer has nothing unsent: the server acknowledged every entry (the last one may end the match). */
async function waitSent(page: Page): Promise<void> {
  await page.waitForSelector(
    `${byId('live-bar')}[data-pending="0"]:is([data-status="writing"], [data-status="finished"])`,
    WAIT,
  );
}

describe('live scoring from a real table', () => {
  it('a director calls a match to table 3; phones score it through the server, offline too; the event page and the overlay follow', async () => {
    // ── The director: an event of Combined, two players, race to one frame, tables 1–3.
    const director = await person('/event.html', false);
    const dp = director.page;
    await dp.fill(byId('sign-in-name'), 'Director');
    await tap(dp, 'sign-in');
    await dp.waitForSelector(byId('create-form'), WAIT);
    await dp.fill(byId('new-name'), 'Club night');
    await dp.fill(byId('new-venue'), 'Club hall');
    await dp.selectOption(byId('new-variant'), 'combined');
    await dp.selectOption(byId('new-format'), 'single');
    await dp.fill(byId('new-race'), '1');
    await dp.fill(byId('new-tables'), '1, 2, 3');
    await Promise.all([dp.waitForURL(/event\.html\?id=/, WAIT), tap(dp, 'create')]);
    await dp.waitForSelector(byId('director'), WAIT);
    const eventId = new URL(dp.url()).searchParams.get('id') as string;
    await dp.fill(byId('entries'), 'Dmitry\nOlga');
    await act(dp, 'add-entries');
    await act(dp, 'draw');
    const ready = (await eventProbe(dp)).shown?.matches.find((m) => m.state === 'ready');
    if (ready === undefined) throw new Error('no ready match after the draw');
    const matchId = ready.id;
    await dp.selectOption(byId('call-match'), matchId);
    await dp.fill(byId('call-table'), '3');
    await act(dp, 'call');
    expect((await eventProbe(dp)).shown?.matches.find((m) => m.id === matchId)).toMatchObject({
      state: 'called',
      table: '3',
    });

    // Its scoring link, with a QR code, in table 3's block.
    await dp.waitForSelector(`${byId('scoring-table-3')} ${byId(`make-link-${matchId}`)}`, WAIT);
    await tap(dp, `make-link-${matchId}`);
    const linkSelector = `${byId('scoring-table-3')} ${byId(`scoring-link-${matchId}`)}`;
    await dp.waitForSelector(linkSelector, WAIT);
    const revokedLink = (await dp.getAttribute(linkSelector, 'href')) as string;
    // A phone in Russian opens it and holds the match; then the director revokes it while it scores.
    const stale = await person(revokedLink, true, undefined, 'ru-RU');
    const sp0 = stale.page;
    await waitStatus(sp0, 'writing');
    await tap(dp, `revoke-${matchId}`);
    await dp.waitForSelector(byId(`make-link-${matchId}`), WAIT);
    // Its next action is refused: it says why in words, with the code and the field, and writes no more.
    await tap(sp0, 'lag-1-0'); // its own referee takes the lag; the server refuses it
    await waitStatus(sp0, 'refused');
    const refusal = await text(sp0, 'refusal');
    expect(refusal).toContain('Директор отозвал эту ссылку');
    expect(refusal).toContain('auth/capability-revoked /capability');
    expect(await sp0.locator(byId('submit-shot')).count()).toBe(0);
    expect(await sp0.locator(byId('undo')).isDisabled()).toBe(true);
    // The refused action stays on the phone (to be exported), never sent; a reload is refused at once.
    expect(await sp0.getAttribute(byId('live-bar'), 'data-pending')).toBe('1');
    await sp0.reload();
    await waitStatus(sp0, 'refused');
    expect(await text(sp0, 'refusal')).toContain('auth/capability-revoked');
    expect(stale.errors).toEqual([]);
    await stale.context.close();
    // The block offers a new link.
    await tap(dp, `make-link-${matchId}`);
    await dp.waitForSelector(linkSelector, WAIT);
    const scorerLink = (await dp.getAttribute(linkSelector, 'href')) as string;
    expect(scorerLink).not.toBe(revokedLink);
    expect(scorerLink).toMatch(/\/scorer\.html#live=[A-Za-z0-9_-]{22}&cap=[A-Za-z0-9_-]{43}$/);
    const qrPath = await dp.getAttribute(`${byId(`scoring-qr-${matchId}`)} path`, 'd');
    expect((qrPath ?? '').length).toBeGreaterThan(1000);
    const liveId = /#live=([A-Za-z0-9_-]{22})/.exec(scorerLink)?.[1] as string;
    // Table 3's live page (it follows whatever match is called there) and the match's own.
    expect(await dp.getAttribute(byId('table-page-3'), 'href')).toBe(
      new URL(`/live.html?event=${eventId}&table=3`, server.url).href,
    );
    expect(await dp.getAttribute(byId(`match-page-${matchId}`), 'href')).toBe(
      new URL(`/live.html?match=${liveId}`, server.url).href,
    );
    if (SCREENSHOTS)
      await dp.locator(byId('scoring-panel')).screenshot({ path: '/tmp/live-director-qr.png' });

    // ── A spectator's event page and the table's stream overlay, open before the first action.
    const spectator = await person(`/event.html?id=${eventId}`, false);
    await spectator.page.waitForFunction(
      () => (window as unknown as { __event: EventProbe }).__event.status === 'live',
      undefined,
      WAIT,
    );
    const overlay = await person(
      `/overlay.html?event=${eventId}&table=3&lang=en&corner=tr&ruling=600`,
      false,
      {
        width: 1280,
        height: 720,
      },
    );
    const op = overlay.page;
    await op.waitForSelector(byId('overlay'), WAIT);
    expect(await op.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(await op.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );

    // ── Phone A opens the link: the match, its players and race from the server, nothing typed.
    const phoneA = await person(scorerLink, true);
    const a = phoneA.page;
    await a.waitForSelector(byId('match-screen'), WAIT);
    // The revoked phone still holds the lease: this one watches until it takes the match over.
    await waitStatus(a, 'watching');
    await tap(a, 'score-here');
    await waitStatus(a, 'writing');
    expect(await a.locator(byId('start-screen')).count()).toBe(0);
    const names = [await text(a, 'side-0'), await text(a, 'side-1')];
    expect(names[0]).toContain(await op.textContent(byId('overlay-name-0')));
    expect(names[1]).toContain(await op.textContent(byId('overlay-name-1')));
    const playerA = (await op.textContent(byId('overlay-name-0'))) as string;

    let seq = 0;
    /** After each entry the server holds: the overlay shows the scorer's score at that seq. */
    const followed = async (scorer: Page) => {
      seq++;
      await waitSent(scorer);
      await op.waitForSelector(`${byId('overlay')}[data-seq="${seq}"]`, WAIT);
      const shown = [
        Number(await op.textContent(byId('overlay-points-0'))),
        Number(await op.textContent(byId('overlay-points-1'))),
      ];
      expect(shown).toEqual(await scores(scorer));
    };

    await lag(a, 1, 0); // the second player wins the lag and lets the first break
    await followed(a);
    await shot(a, { fell: [[11, 'BL']], breakCushions: 3 });
    await followed(a);
    await shot(a, { fell: [[0, 'BR']] }); // a свояк (Combined 5.1–5.2): the exchange ball is chosen
    await followed(a);
    await choose(a, 'exchange-ball-9');
    await followed(a);
    await shot(a, { fell: [[10, 'ML']] }); // entered wrong: undone, then entered right
    await followed(a);
    await tap(a, 'undo');
    await followed(a);
    await shot(a, { fell: [[10, 'MR']] });
    await followed(a);
    await shot(a, { cushions: 1 }); // п.20 not met, 29.1(9): a penalty ball
    await followed(a);
    await choose(a, 'penalty-ball-5');
    await followed(a);
    expect(await scores(a)).toEqual([3, 1]);
    // The overlay shows the last ruling (kept for 600 s here).
    expect((await op.textContent(byId('overlay-ruling'))) ?? '').not.toBe('');

    // The event page shows the match's running score among the matches at the tables.
    await spectator.page.waitForSelector(`${byId(`live-${matchId}`)}[data-seq="${seq}"]`, WAIT);
    expect(await text(spectator.page, `live-score-${matchId}`)).toContain('points 3:1');
    await spectator.page.waitForSelector(`${byId(`live-log-${matchId}`)} li[data-seq="${seq}"]`, {
      ...WAIT,
      state: 'attached',
    });
    expect(
      await spectator.page.$$eval(`${byId(`live-log-${matchId}`)} li`, (items) =>
        items.map((li) => [Number(li.getAttribute('data-seq')), li.getAttribute('data-kind')]),
      ),
    ).toEqual(Array.from({ length: seq }, (_, i) => [i + 1, i === 5 ? 'undo' : 'action']));

    // ── Phone B opens the same link: it watches, then takes over.
    const phoneB = await person(scorerLink, true);
    const b = phoneB.page;
    await waitStatus(b, 'watching');
    expect(await scores(b)).toEqual([3, 1]);
    expect(await b.locator(byId('submit-shot')).count()).toBe(0);
    // Let the service worker control B's page, so that it can be reloaded offline later.
    await b.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if ((await b.evaluate(() => navigator.serviceWorker.controller)) === null) {
      await b.reload();
      await waitStatus(b, 'watching');
    }
    await tap(b, 'score-here');
    await waitStatus(b, 'writing');
    // A is told, and stops writing: no entry controls, undo disabled.
    await waitStatus(a, 'watching');
    expect(await text(a, 'notice')).toContain('Another device took over');
    expect(await a.locator(byId('submit-shot')).count()).toBe(0);
    expect(await a.locator(byId('undo')).isDisabled()).toBe(true);

    // ── B's undo of A's last action: B's referee allows it, the server's refuses it (only an action
    // written under B's lease may be undone). B says why, with the field, and keeps the server's score.
    await tap(b, 'undo');
    await b.waitForSelector(byId('refusal'), WAIT);
    const refusedUndo = await text(b, 'refusal');
    expect(refusedUndo).toContain('Only an action scored on this device');
    expect(refusedUndo).toContain('score/invalid /entries/0/kind');
    await waitSent(b);
    expect(await scores(b)).toEqual([3, 1]);
    expect(await op.getAttribute(byId('overlay'), 'data-seq')).toBe(String(seq));

    // ── B scores, is cut off, and undoes that acknowledged action: a correction waits in the queue.
    await shot(b, { jumped: [0], cushions: 2 }); // the cue ball jumps off, 29.1(10)
    await followed(b);
    await phoneB.context.setOffline(true);
    await waitStatus(b, 'offline');
    await tap(b, 'undo');
    expect(await b.getAttribute(byId('live-bar'), 'data-pending')).toBe('1');
    expect(await scores(b)).toEqual([3, 1]);
    // Scored again, and more, queued on the phone; an action entered wrong is undone before it was
    // ever sent: it leaves the queue. Then a reload, offline.
    await shot(b, { jumped: [0], cushions: 2 });
    await choose(b, 'penalty-ball-6');
    expect(await text(b, 'unsent')).toContain('3');
    expect(await b.locator(byId('ruling-unsent')).count()).toBe(1);
    await shot(b, { fell: [[1, 'FR']] });
    expect(await b.getAttribute(byId('live-bar'), 'data-pending')).toBe('4');
    await tap(b, 'undo');
    expect(await b.getAttribute(byId('live-bar'), 'data-pending')).toBe('3');
    // The queue as it is now is in IndexedDB before the reload (a wait, nothing changed).
    await b.evaluate(() =>
      (window as unknown as { __scorer: { app: { liveSaved(): Promise<void> } } }).__scorer.app.liveSaved(),
    );
    await b.reload();
    await b.waitForSelector(byId('match-screen'), WAIT);
    await waitStatus(b, 'offline');
    expect(await b.getAttribute(byId('live-bar'), 'data-pending')).toBe('3');
    expect(await scores(b)).toEqual([4, 1]);
    await shot(b, { fell: [[1, 'FL']] });
    await shot(b, { fell: [[2, 'FL']] });
    expect(await b.getAttribute(byId('live-bar'), 'data-pending')).toBe('5');
    expect(await text(b, 'ruling-unsent')).toContain('not yet sent');
    if (SCREENSHOTS) await b.screenshot({ path: '/tmp/live-scorer-offline-phone.png' });
    // Nothing reached the server meanwhile.
    expect(await op.getAttribute(byId('overlay'), 'data-seq')).toBe(String(seq));

    // ── Back online: the queue goes in order, once.
    await phoneB.context.setOffline(false);
    await waitSent(b);
    seq += 5;
    await op.waitForSelector(`${byId('overlay')}[data-seq="${seq}"]`, WAIT);
    expect([
      Number(await op.textContent(byId('overlay-points-0'))),
      Number(await op.textContent(byId('overlay-points-1'))),
    ]).toEqual(await scores(b));
    await shot(b, { fell: [[3, 'FL']] });
    await followed(b);
    await shot(b, { fell: [[4, 'FL']] });
    await followed(b);
    expect(await scores(b)).toEqual([8, 1]);
    await b.waitForSelector(byId('winner'), WAIT);
    if (SCREENSHOTS) await b.screenshot({ path: '/tmp/live-scorer-phone.png' });

    // ── The server holds every entry once, in order; the event page showed each; the bracket advanced.
    const stored = (await (await fetch(`${server.url}/api/live/${liveId}`)).json()) as {
      entries: { seq: number; entry: { kind: string } }[];
      record: unknown;
      finished: boolean;
    };
    expect(stored.entries.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    // Two undos stored (A's, and B's correction of its acknowledged action); the action B withdrew
    // before it was ever sent (ball 1 in FR) never reached the server.
    expect(stored.entries.filter((e) => e.entry.kind === 'undo').map((e) => e.seq)).toEqual([6, 11]);
    expect(JSON.stringify(stored.entries)).toContain('"FL"');
    expect(JSON.stringify(stored.entries)).not.toContain('"FR"');
    const sp = spectator.page;
    await sp.waitForFunction(
      (m) =>
        (window as unknown as { __event: EventProbe }).__event.shown?.standings.champion !== null &&
        (window as unknown as { __event: EventProbe }).__event.shown?.matches.find((x) => x.id === m)
          ?.state === 'finished',
      matchId,
      WAIT,
    );
    // The event page got the running score after each stored write, each once and in order: one a
    // seq while the scorer was online, one for the batch of five it sent on coming back.
    const probed = await eventProbe(sp);
    const seen = probed.live[matchId]?.map((l) => l.seq) ?? [];
    expect(seen).toEqual([...Array.from({ length: 10 }, (_, i) => i + 1), 15, 16, 17]);
    // And, following the live match itself, every entry once, in order: the server's log.
    expect(probed.entries[matchId]?.map((e) => [e.seq, e.entry.kind])).toEqual(
      stored.entries.map((e) => [e.seq, e.entry.kind]),
    );
    expect(await sp.locator(`${byId(`live-log-${matchId}`)} li`).count()).toBe(0); // the match has ended: no longer among the running
    // A, watching since the takeover, followed it all.
    await a.waitForSelector(byId('winner'), WAIT);
    expect(await scores(a)).toEqual([8, 1]);

    // ── The record B exports replays through `pyramid referee` to the server's result.
    const download = b.waitForEvent('download');
    await tap(b, 'export');
    const path = join(dataDir, 'live-record.json');
    await (await download).saveAs(path);
    const recordText = readFileSync(path, 'utf8');
    const replay = replayRecordText(recordText);
    if (!replay.ok) throw new Error(`${replay.error.index}: ${replay.error.field}: ${replay.error.message}`);
    expect(JSON.parse(recordText).actions).toEqual((stored.record as { actions: unknown[] }).actions);
    const cli = JSON.parse(
      execFileSync('node', [`${ROOT}apps/cli/bin/pyramid.js`, 'referee', path, '--json'], {
        encoding: 'utf8',
      }),
    );
    expect(cli.final.scores).toEqual([8, 1]);
    expect(cli.final.winner).toBe(0);
    expect(await op.textContent(byId('overlay-name-0'))).toBe(playerA);

    if (SCREENSHOTS) {
      for (const [name, colour] of [
        ['dark', '#101418'],
        ['light', '#f2f2ee'],
      ] as const) {
        // A backdrop behind the transparent page (through the CSSOM: the page's CSP allows no inline style).
        await op.evaluate((c) => {
          document.documentElement.style.background = c;
        }, colour);
        await op.screenshot({ path: `/tmp/live-overlay-${name}.png` });
        await op.evaluate(() => {
          document.documentElement.style.background = '';
        });
      }
    }
    for (const p of [director, spectator, overlay, phoneA, phoneB]) expect(p.errors).toEqual([]);
    expect(await liveStatus(b)).not.toBeNull();
  });
  it('a friendly match is shared live from the scorer: its actions so far reach the server, and its overlay follows it', async () => {
    const referee = await person('/scorer.html', true);
    const page = referee.page;
    await page.waitForSelector(byId('start-screen'), WAIT);
    await startMatch(page, 'free', ['Anna', 'Boris']);
    await lag(page, 0, 0);
    await shot(page, { fell: [[7, 'BL']], breakCushions: 2 });
    await tap(page, 'share-live');
    await waitStatus(page, 'writing');
    await waitSent(page);
    const liveId = /#live=([A-Za-z0-9_-]{22})&cap=/.exec(page.url())?.[1];
    if (liveId === undefined) throw new Error(`no live link in ${page.url()}`);
    expect(await scores(page)).toEqual([1, 0]);
    const watcher = await person(`/overlay.html?match=${liveId}&lang=ru&size=l&corner=bl`, false, {
      width: 1280,
      height: 720,
    });
    await watcher.page.waitForSelector(`${byId('overlay')}[data-seq="2"]`, WAIT);
    expect(await watcher.page.textContent(byId('overlay-name-0'))).toBe('Anna');
    expect(await watcher.page.textContent(byId('overlay-points-0'))).toBe('1');
    await shot(page, { cue: 1, fell: [[2, 'BL']] });
    await waitSent(page);
    await watcher.page.waitForSelector(`${byId('overlay')}[data-seq="3"]`, WAIT);
    expect(await watcher.page.textContent(byId('overlay-points-0'))).toBe('2');
    // The ruling in the overlay's language (the server words it in English): replayed by the overlay.
    expect(await watcher.page.textContent(byId('overlay-ruling'))).toMatch(/[а-я]{4}/);
    expect(await watcher.page.textContent(byId('overlay-meta'))).toContain('до 1 побед');
    if (SCREENSHOTS) await watcher.page.screenshot({ path: '/tmp/live-overlay-ru-large.png' });
    const stored = (await (await fetch(`${server.url}/api/live/${liveId}`)).json()) as {
      header: { players: string[]; event: unknown };
      entries: { seq: number }[];
    };
    expect(stored.header).toMatchObject({ players: ['Anna', 'Boris'], event: null });
    expect(stored.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(referee.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
  });
});
