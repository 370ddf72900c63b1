/**
 * A club event through the real UI against the real server (in-process, loopback, a fresh SQLite
 * data folder): a director signs in, creates a 16-player double-elimination event, enters the
 * players, draws, calls a match to a table (the suggested one) and enters every result; a
 * spectator's event page in a second browser context follows it all over the WebSocket without a
 * reload; at the end the places it shows are the API's standings. Then registration: two signed-in
 * players register through the event's link and check in, the director reorders and checks in,
 * closes registration and draws the checked-in only, a player withdraws (a walkover); the
 * spectator's copy, built from one snapshot and `event-action` deltas, equals the server's event;
 * the player's lobby page lists the event with his place. Then (issue 27) two matches of another
 * such event are played on online tables by their players, each in a browser context of his own,
 * found by "Play" on the event page; the spectator sees their live scores and results, with each
 * one's record and replay. Clicks and typing only; `window.__event` is only read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@pyramid/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, watch } from './browser.js';
import { summary } from './game-helpers.js';

const WAIT = { timeout: 30_000 };
const PLAYERS = Array.from({ length: 16 }, (_, i) => `Игрок ${i + 1}`);

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pyramid-event-e2e-'));
  // A player who leaves an online table is away for 1 s, and the adjourned match is forfeited
  // after 1 s more (the online matches of the second test end so).
  server = await startServer({ port: 0, dataDir, log: () => {}, graceMs: 1000, forfeitMs: 1000 });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Probe {
  shown: {
    id: string;
    version: number;
    matches: { id: string; state: string; a: string | null; b: string | null; table: string | null }[];
    standings: {
      finished: boolean;
      champion: string | null;
      rows: { entry: string; place: string | null }[];
    };
  } | null;
  updates: number;
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __event: Probe }).__event);
const version = async (page: Page) => (await probe(page)).shown?.version ?? 0;

async function person(path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(new URL(path, server.url).href);
  return { context, page, errors };
}

/** Clicks `testid` on the director's page and waits for the stored event's next version. */
async function act(page: Page, testid: string): Promise<void> {
  const before = await version(page);
  await page.click(`[data-testid="${testid}"]`);
  await page.waitForFunction(
    (v) => ((window as unknown as { __event: Probe }).__event.shown?.version ?? 0) > v,
    before,
    WAIT,
  );
}

describe('a club event in the browser', () => {
  it('a director runs a 16-player double elimination and a spectator follows it live', async () => {
    const director = await person('/event.html');
    const page = director.page;
    await page.fill('[data-testid="sign-in-name"]', 'Director');
    await page.click('[data-testid="sign-in"]');
    await page.waitForSelector('[data-testid="create-form"]', WAIT);
    await page.fill('[data-testid="new-name"]', 'Friday cup');
    await page.fill('[data-testid="new-venue"]', 'Club hall');
    await page.selectOption('[data-testid="new-format"]', 'double');
    await page.fill('[data-testid="new-race"]', '2');
    await page.fill('[data-testid="new-tables"]', '1, 2');
    await Promise.all([page.waitForURL(/event\.html\?id=/, WAIT), page.click('[data-testid="create"]')]);
    await page.waitForSelector('[data-testid="director"]', WAIT);
    const id = new URL(page.url()).searchParams.get('id') as string;

    // The spectator opens the page before the draw, and never reloads it.
    const spectator = await person(`/event.html?id=${id}`);
    const view = spectator.page;
    await view.waitForFunction(
      () => (window as unknown as { __event: { status: string } }).__event.status === 'live',
      undefined,
      WAIT,
    );
    await view.evaluate(() => {
      (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
    });

    await page.fill('[data-testid="entries"]', PLAYERS.join('\n'));
    await act(page, 'add-entries');
    await page.fill('[data-testid="seed"]', '7');
    await act(page, 'draw');
    await view.waitForSelector('[data-testid="section-winners"] [data-testid="match-W1-1"]', WAIT);
    expect(await view.locator('[data-testid="section-losers"] svg').count()).toBe(1);

    // A call: the suggestion names a ready match and a table; the spectator sees it called.
    const suggestion = await page.textContent('[data-testid="suggestion"]');
    expect(suggestion).toMatch(/W1-\d+ → table 1/);
    const suggested = /(W1-\d+) → table 1/.exec(suggestion ?? '')?.[1] as string;
    await act(page, 'call');
    await view.waitForSelector(`[data-testid="match-${suggested}"][data-state="called"]`, WAIT);
    expect(await view.textContent(`[data-testid="match-${suggested}"]`)).toContain('table 1');

    // A score that contradicts the race is refused and shown; nothing changes.
    const stuck = await version(page);
    await page.selectOption('[data-testid="result-match"]', suggested);
    await page.fill('[data-testid="frames-a"]', '5');
    await page.fill('[data-testid="frames-b"]', '0');
    await page.click('[data-testid="enter-result"]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="director-error"]')?.textContent ?? '') !== '',
      undefined,
      WAIT,
    );
    expect(await version(page)).toBe(stuck);

    // Every result, each side winning in turn, until the event is over.
    let played = 0;
    for (;;) {
      const shown = (await probe(page)).shown;
      if (shown === null || shown.standings.finished) break;
      const next =
        shown.matches.find((m) => m.state === 'called') ?? shown.matches.find((m) => m.state === 'ready');
      if (next === undefined) throw new Error('no match to enter, but the event is not finished');
      await page.selectOption('[data-testid="result-match"]', next.id);
      if (played === 0) {
        // A walkover: the reason and its winner, the frames as they stood.
        await page.fill('[data-testid="frames-a"]', '0');
        await page.fill('[data-testid="frames-b"]', '0');
        await page.selectOption('[data-testid="reason"]', 'walkover');
        await page.selectOption('[data-testid="winner"]', 'b');
        await act(page, 'enter-result');
        await page.selectOption('[data-testid="reason"]', 'played');
        await page.selectOption('[data-testid="winner"]', '');
        const walkover = await view.waitForSelector(
          `[data-testid="match-${next.id}"][data-state="finished"]`,
          WAIT,
        );
        expect(await walkover.textContent()).toContain('finished');
        const stored = (await probe(page)).shown?.matches.find((m) => m.id === next.id) as unknown as {
          result: { reason: string; winner: string };
        };
        expect(stored.result).toMatchObject({ reason: 'walkover', winner: 'b' });
        played++;
        continue;
      }
      const aWins = played % 3 !== 1;
      await page.fill('[data-testid="frames-a"]', aWins ? '2' : '1');
      await page.fill('[data-testid="frames-b"]', aWins ? '0' : '2');
      await act(page, 'enter-result');
      played++;
      if (played === 5) {
        // Mid-way the spectator has the same version without a reload.
        const v = await version(page);
        await view.waitForFunction(
          (want) => ((window as unknown as { __event: Probe }).__event.shown?.version ?? 0) >= want,
          v,
          WAIT,
        );
        await view.waitForSelector(`[data-testid="match-${next.id}"][data-state="finished"]`, WAIT);
        // A correction with why: the same winner, another score; the spectator's page shows it.
        const finishedScore = aWins ? ['2', '1'] : ['1', '2'];
        await page.selectOption('[data-testid="result-match"]', next.id);
        await page.fill('[data-testid="frames-a"]', finishedScore[0] as string);
        await page.fill('[data-testid="frames-b"]', finishedScore[1] as string);
        await page.fill('[data-testid="why"]', 'score sheet misread');
        await act(page, 'correct-result');
        await view.waitForFunction(
          ([match, score]) =>
            (
              window as unknown as {
                __event: { shown: { matches: { id: string; result: { frames: number[] } | null }[] } };
              }
            ).__event.shown.matches
              .find((m) => m.id === match)
              ?.result?.frames.join(':') === score,
          [next.id, finishedScore.join(':')] as const,
          WAIT,
        );
        expect(
          await view.$$eval(`[data-testid="match-${next.id}"] text.score`, (t) =>
            t.map((e) => e.textContent),
          ),
        ).toEqual(finishedScore);
      }
    }
    // 2n − 2 matches, or 2n − 1 with the reset of the grand final.
    expect([30, 31]).toContain(played);

    const final = await version(page);
    await view.waitForFunction(
      (want) => ((window as unknown as { __event: Probe }).__event.shown?.version ?? 0) >= want,
      final,
      WAIT,
    );
    await view.waitForSelector('[data-testid="champion"]', WAIT);
    expect(await view.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect((await probe(view)).updates).toBeGreaterThan(played);

    const api = (await (await fetch(`${server.url}/api/events/${id}`)).json()) as NonNullable<Probe['shown']>;
    expect(api.standings.finished).toBe(true);
    const shownPlaces = await view.$$eval('[data-testid^="standing-"]', (rows) =>
      rows.map((r) => [
        r.getAttribute('data-testid')?.slice('standing-'.length),
        r.getAttribute('data-place'),
      ]),
    );
    expect(shownPlaces).toEqual(api.standings.rows.map((r) => [r.entry, r.place]));
    expect(new Set(shownPlaces.map(([, place]) => place))).toEqual(
      new Set(['1', '2', '3', '4', '5–6', '7–8', '9–12', '13–16']),
    );
    if (process.env.PYRAMID_SCREENSHOTS === '1')
      await view.screenshot({ path: '/tmp/event-page.png', fullPage: true });
    // The browser logs the refused 5:0 (an HTTP 400) and nothing else.
    expect(director.errors).toEqual([expect.stringContaining('400 (Bad Request)')]);
    expect(spectator.errors).toEqual([]);
  });

  it('players register themselves and check in; the director draws the checked-in; the spectator follows by deltas', async () => {
    const director = await person('/event.html');
    const page = director.page;
    await page.fill('[data-testid="sign-in-name"]', 'Director two');
    await page.click('[data-testid="sign-in"]');
    await page.waitForSelector('[data-testid="create-form"]', WAIT);
    await page.fill('[data-testid="new-name"]', 'Open cup');
    await page.selectOption('[data-testid="new-format"]', 'single');
    await page.fill('[data-testid="new-race"]', '2');
    // The director's choices the form offers beyond the defaults: a longer race from the
    // semi-finals, seeding by lot, rated.
    await page.fill('[data-testid="new-late-race"]', '3');
    await page.selectOption('[data-testid="new-late-from"]', '4');
    await page.selectOption('[data-testid="new-seeding"]', 'random');
    await page.check('[data-testid="new-rated"]');
    await Promise.all([page.waitForURL(/event\.html\?id=/, WAIT), page.click('[data-testid="create"]')]);
    await page.waitForSelector('[data-testid="registration-state"]', WAIT);
    const id = new URL(page.url()).searchParams.get('id') as string;
    const created = await (await fetch(`${server.url}/api/events/${id}`)).json();
    expect(created.event.spec).toMatchObject({
      rated: true,
      public: true,
      seeding: 'random',
      races: { default: 2, rules: [{ fromPlayersLeft: 4, race: 3 }] },
    });

    const spectator = await person(`/event.html?id=${id}`);
    const view = spectator.page;
    await view.waitForFunction(
      () => (window as unknown as { __event: { status: string } }).__event.status === 'live',
      undefined,
      WAIT,
    );
    // Not signed in: following only, no Register button.
    expect(await view.locator('[data-testid="register"]').count()).toBe(0);

    // Two players sign in (the lobby's guest sign-in) and register through the event's link.
    const players = [];
    for (const name of ['Анна', 'Борис']) {
      const p = await person('/event.html');
      await p.page.fill('[data-testid="sign-in-name"]', name);
      await p.page.click('[data-testid="sign-in"]');
      await p.page.waitForSelector('[data-testid="create-form"]', WAIT);
      await p.page.goto(new URL(`/event.html?id=${id}`, server.url).href);
      await p.page.click('[data-testid="register"]', WAIT);
      await p.page.waitForSelector('[data-testid="my-entry"]', WAIT);
      players.push(p);
    }
    const [anna, boris] = players as [(typeof players)[0], (typeof players)[0]];
    await anna.page.click('[data-testid="my-check-in"]');
    await anna.page.waitForFunction(
      () => document.querySelector('[data-testid="my-entry"]')?.textContent?.includes('checked in') === true,
      undefined,
      WAIT,
    );
    // The director adds two walk-ins, moves the last one up, checks Boris in, closes registration.
    await page.fill('[data-testid="entries"]', 'Вера\nГлеб');
    await act(page, 'add-entries');
    await act(page, 'up-e4');
    expect(
      await page.$$eval('[data-testid="entry-list"] > li', (li) =>
        li.map((x) => x.getAttribute('data-testid')),
      ),
    ).toEqual(['entry-e1', 'entry-e2', 'entry-e4', 'entry-e3']);
    await act(page, 'check-in-e2');
    await act(page, 'check-in-e4');
    await act(page, 'close-registration');
    await page.check('[data-testid="checked-in-only"]');
    await act(page, 'draw');
    const drawn = (await probe(page)).shown as NonNullable<Probe['shown']>;
    expect(drawn.matches.map((m) => [m.a, m.b].sort())).toContainEqual(expect.arrayContaining(['e1']));
    // Вера (e3) did not check in: she left at the draw.
    await view.waitForFunction(
      (v) => ((window as unknown as { __event: Probe }).__event.shown?.version ?? 0) >= v,
      drawn.version,
      WAIT,
    );
    // Boris withdraws from his match: a walkover for his opponent, on every page at once.
    const his = drawn.matches.find((m) => m.a === 'e2' || m.b === 'e2') as { id: string };
    await boris.page.click('[data-testid="my-withdraw"]');
    await view.waitForSelector(`[data-testid="match-${his.id}"][data-state="finished"]`, WAIT);
    await page.waitForSelector(`[data-testid="audit"] li[data-action="walkover"]`, {
      ...WAIT,
      state: 'attached',
    });

    // The spectator's copy came from one snapshot and then deltas only, and equals the server's.
    const seen = await view.evaluate(() => {
      const e = (window as unknown as { __event: { snapshots: number; actions: number; shown: unknown } })
        .__event;
      return { snapshots: e.snapshots, actions: e.actions, shown: e.shown };
    });
    expect(seen.snapshots).toBe(1);
    expect(seen.actions).toBeGreaterThanOrEqual(10);
    const api = await (await fetch(`${server.url}/api/events/${id}`)).json();
    expect(JSON.parse(JSON.stringify(seen.shown))).toEqual(api);
    // Boris's page in the online lobby lists the event with his place; the lobby links to the events.
    await boris.page.goto(new URL('/', server.url).href);
    await boris.page.click('[data-testid="setup-online"]');
    await boris.page.waitForSelector('[data-testid="online-me"]', WAIT);
    expect(await boris.page.getAttribute('[data-testid="online-events-link"]', 'href')).toBe('./event.html');
    await boris.page.click('[data-testid="online-my-matches"]');
    const mine = await boris.page.waitForSelector(`[data-testid="my-event-${id}"]`, WAIT);
    const bId = await boris.page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('pyramid:online-session') ?? '{}') as { player: { id: string } })
          .player.id,
    );
    const listed = (await (await fetch(`${server.url}/api/players/${bId}/events`)).json()) as {
      place: string;
    }[];
    expect(listed[0]?.place).toMatch(/^\d/);
    expect(await mine.getAttribute('data-place')).toBe(listed[0]?.place);
    expect(spectator.errors).toEqual([]);
    for (const p of [anna, boris, director]) expect(p.errors).toEqual([]);
  });
});

/** An account made through the API; its session is the one the lobby's sign-in keeps. */
async function account(name: string): Promise<{ id: string; session: unknown; token: string }> {
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `${name}-password-1` }),
  });
  const session = (await response.json()) as { token: string; player: { id: string } };
  return { id: session.player.id, session, token: session.token };
}

/** A browser context signed in as `session` (as the lobby's sign-in leaves it), on `path`. */
async function signedIn(session: unknown, path: string) {
  // A small window and the flat table: four game pages share two cores.
  const context = await browser.newContext({ viewport: { width: 800, height: 600 }, locale: 'en-US' });
  await context.addInitScript((kept) => {
    localStorage.setItem('pyramid:online-session', kept);
    localStorage.setItem('pyramid:display', JSON.stringify({ quality: 'flat', coloured: 'yellow' }));
  }, JSON.stringify(session));
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(new URL(path, server.url).href);
  return { context, page, errors };
}

async function apiAct(token: string, id: string, action: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/events/${id}/actions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(action),
  });
  if (!response.ok) throw new Error(`${action.type}: ${await response.text()}`);
  return (await response.json()) as NonNullable<Probe['shown']> & { event: { results: unknown[] } };
}

/**
 * Plays an online match to its end the quickest legitimate way the table offers (it has no
 * concession): the lag's winner makes his choice in the panel, then the other player leaves the
 * table and does not come back — after the grace period the match is adjourned, and after the
 * forfeit time (both short on this test server) it is forfeited to the player who stayed.
 */
async function playThenLeave(stays: Person, leaves: Person, whilePlayed: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const chooser = await Promise.all(
      [stays, leaves].map(async (p) =>
        (await summary(p.page)).turn.kind === 'lag' &&
        (await p.page.textContent('[data-testid="online-seat"]')) === 'Your turn'
          ? p
          : null,
      ),
    ).then((found) => found.find((p) => p !== null));
    if (chooser != null) {
      await chooser.page.locator('[data-testid="choices"] button').first().click();
      break;
    }
    if (attempt > 300) throw new Error('nobody chose at the lag');
    await stays.page.waitForTimeout(100);
  }
  await whilePlayed();
  await leaves.context.close();
}

type Person = Awaited<ReturnType<typeof signedIn>>;

describe('matches of an event played on online tables', () => {
  it('two matches are played online, live on a spectator’s page; results; the places at the end', {
    timeout: 300_000,
  }, async () => {
    const players = await Promise.all(['anna', 'boris', 'vera', 'gleb'].map((n) => account(n)));
    const [anna, boris, vera, gleb] = players as [
      Awaited<ReturnType<typeof account>>,
      Awaited<ReturnType<typeof account>>,
      Awaited<ReturnType<typeof account>>,
      Awaited<ReturnType<typeof account>>,
    ];
    // The director signs in and creates the event on the page: double elimination, races of 1.
    const director = await person('/event.html');
    const page = director.page;
    await page.fill('[data-testid="sign-in-name"]', 'Director');
    await page.click('[data-testid="sign-in"]');
    await page.waitForSelector('[data-testid="create-form"]', WAIT);
    await page.fill('[data-testid="new-name"]', 'Online Friday');
    await page.selectOption('[data-testid="new-format"]', 'double');
    await page.fill('[data-testid="new-race"]', '1');
    await Promise.all([page.waitForURL(/event\.html\?id=/, WAIT), page.click('[data-testid="create"]')]);
    await page.waitForSelector('[data-testid="director"]', WAIT);
    const id = new URL(page.url()).searchParams.get('id') as string;
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('pyramid:online-session') ?? '{}') as { token: string }).token,
    );
    // Seeds 1 and 16, 2 and 15 meet in the first round: the four accounts (entered through the
    // API: the page's list takes names alone).
    const names = Array.from({ length: 16 }, (_, i) => ({ name: `Игрок ${i + 1}` })) as {
      name: string;
      account?: string;
    }[];
    names[0] = { name: 'Anna', account: anna.id };
    names[15] = { name: 'Boris', account: boris.id };
    names[1] = { name: 'Vera', account: vera.id };
    names[14] = { name: 'Gleb', account: gleb.id };
    await apiAct(token, id, { type: 'add-entries', entries: names });
    await page.reload();
    await page.waitForSelector('[data-testid="director"]', WAIT);
    await page.fill('[data-testid="seed"]', '7');
    await act(page, 'draw');

    const spectator = await person(`/event.html?id=${id}`);
    const view = spectator.page;
    await view.waitForFunction(
      () => (window as unknown as { __event: { status: string } }).__event.status === 'live',
      undefined,
      WAIT,
    );
    await view.evaluate(() => {
      (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
    });
    const shown = (await probe(page)).shown as NonNullable<Probe['shown']>;
    const entryOf = new Map([
      [anna.id, 'e1'],
      [boris.id, 'e16'],
      [vera.id, 'e2'],
      [gleb.id, 'e15'],
    ]);
    const matchOf = (a: string, b: string) =>
      shown.matches.find((m) => [m.a, m.b].sort().join() === [entryOf.get(a), entryOf.get(b)].sort().join())
        ?.id as string;
    const first = matchOf(anna.id, boris.id);
    const second = matchOf(vera.id, gleb.id);
    expect(first).toMatch(/^W1-/);
    expect(second).toMatch(/^W1-/);

    // The director calls both to online tables; the spectator sees a Watch link, no Play link.
    for (const match of [first, second]) {
      await page.selectOption('[data-testid="call-match"]', match);
      await act(page, 'call-online');
      await view.waitForSelector(`[data-testid="watch-${match}"]`, { state: 'attached', ...WAIT });
    }
    expect(await view.locator('[data-testid^="play-"]').count()).toBe(0);

    // Each player finds "Play" on the event page and takes his seat.
    const seats = await Promise.all(
      [
        [anna, first],
        [boris, first],
        [vera, second],
        [gleb, second],
      ].map(async ([p, match]) => {
        const who = p as typeof anna;
        const person = await signedIn(who.session, `/event.html?id=${id}`);
        await person.page.click(`[data-testid="play-${match}"]`, WAIT);
        await person.page.waitForSelector('[data-testid="online-seat"]', { state: 'attached', ...WAIT });
        return person;
      }),
    );
    const [pa, pb, pv, pg] = seats as [
      (typeof seats)[0],
      (typeof seats)[0],
      (typeof seats)[0],
      (typeof seats)[0],
    ];

    // Both matches at once; the spectator's page shows each one's live score while it is played.
    const liveSeen = async (match: string) => {
      await view.waitForSelector(`[data-testid="live-${match}"]`, { state: 'attached', ...WAIT });
      await view.waitForSelector(`[data-testid="match-${match}"][data-live]`, { state: 'attached', ...WAIT });
      expect(await view.textContent(`[data-testid="live-${match}"]`)).toContain('live 0:0 · 0:0');
    };
    await Promise.all([
      playThenLeave(pa, pb, () => liveSeen(first)),
      playThenLeave(pv, pg, () => liveSeen(second)),
    ]);

    // The results come back to the event: the spectator sees them without a reload, with links.
    for (const match of [first, second]) {
      await view.waitForSelector(`[data-testid="match-${match}"][data-state="finished"]`, WAIT);
      await view.waitForSelector(`[data-testid="record-${match}"]`, { state: 'attached', ...WAIT });
      const record = await view.getAttribute(`[data-testid="record-${match}"]`, 'href');
      const body = (await (await fetch(new URL(record as string, server.url))).json()) as {
        format: string;
        meta: { status: string };
      };
      expect(body).toMatchObject({ format: 'pyramid-match-record', meta: { status: 'finished' } });
      expect(await view.getAttribute(`[data-testid="replay-${match}"]`, 'href')).toMatch(/^\.\/\?watch=/);
    }
    // Forfeited to the players who stayed: a retirement, Anna and Vera through.
    const stored = (await probe(view)).shown as NonNullable<Probe['shown']>;
    for (const [match, winner] of [
      [first, 'e1'],
      [second, 'e2'],
    ] as const) {
      const m = stored.matches.find((x) => x.id === match) as unknown as {
        winner: string;
        result: { reason: string; by: string };
      };
      expect(m.winner).toBe(winner);
      expect(m.result).toMatchObject({ reason: 'retirement', by: '@table' });
    }

    // The director enters three results on the page.
    for (let n = 0; n < 3; n++) {
      const now = (await probe(page)).shown as NonNullable<Probe['shown']>;
      const next = now.matches.find((m) => m.state === 'ready') as { id: string };
      await page.selectOption('[data-testid="result-match"]', next.id);
      await page.fill('[data-testid="frames-a"]', '1');
      await page.fill('[data-testid="frames-b"]', '0');
      await act(page, 'enter-result');
    }
    // The rest through the API, to finish quickly.
    for (;;) {
      const now = (await (await fetch(`${server.url}/api/events/${id}`)).json()) as NonNullable<
        Probe['shown']
      >;
      if (now.standings.finished) break;
      const next = now.matches.find((m) => m.state === 'ready' || m.state === 'called');
      if (next === undefined) throw new Error('nothing to play, and not finished');
      await apiAct(token, id, { type: 'result', match: next.id, frames: [0, 1] });
    }
    const final = (await (await fetch(`${server.url}/api/events/${id}`)).json()) as NonNullable<
      Probe['shown']
    >;
    await view.waitForFunction(
      (want) => ((window as unknown as { __event: Probe }).__event.shown?.version ?? 0) >= want,
      final.version,
      WAIT,
    );
    await view.waitForSelector('[data-testid="champion"]', WAIT);
    expect(await view.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    const shownPlaces = await view.$$eval('[data-testid^="standing-"]', (rows) =>
      rows.map((r) => [
        r.getAttribute('data-testid')?.slice('standing-'.length),
        r.getAttribute('data-place'),
      ]),
    );
    expect(shownPlaces).toEqual(final.standings.rows.map((r) => [r.entry, r.place]));
    expect(new Set(shownPlaces.map(([, place]) => place))).toEqual(
      new Set(['1', '2', '3', '4', '5–6', '7–8', '9–12', '13–16']),
    );
    // The loser of the first online match is in the losers' bracket's places, the places add up.
    expect(shownPlaces).toHaveLength(16);
    expect(spectator.errors).toEqual([]);
    for (const p of seats) await p.context.close();
  });
});
