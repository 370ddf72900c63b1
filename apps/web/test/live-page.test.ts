/**
 * The live page's model (src/live/model.ts: its query, its addresses, the rulings log by frame) and
 * the follower it shares with the overlay (src/common/live-follow.ts), driven by the server's
 * messages through a fake socket: a table's page moves with a call, a re-call and a missed action;
 * a live match's page takes a header that changed at the same seq and asks again after a gap.
 */
import { readFileSync } from 'node:fs';
import { applyEventAction, type ClubEvent, createEvent, viewEvent } from '@pyramid/events';
import type { LiveEntry, LiveHeader, MatchLive, StoredLiveEntry } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import { type Following, type FollowNote, LiveFollower } from '../src/common/live-follow.js';
import { showEvent } from '../src/events/model.js';
import {
  corrections,
  frameLog,
  livePagePath,
  matchLog,
  overlayPath,
  parseLivePage,
} from '../src/live/model.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
const LIVE_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const free = JSON.parse(readFileSync(`${ROOT}examples/records/free.json`, 'utf8')) as { actions: unknown[] };
const entries = (actions: readonly unknown[]): LiveEntry[] =>
  actions.map((action) => ({ kind: 'action', action }));
const header = (patch: Partial<LiveHeader> = {}): LiveHeader => ({
  variant: 'free',
  tableSize: '12ft',
  settings: {},
  framesToWin: 2,
  players: ['Irina', 'Pavel'],
  breaker: null,
  table: '3',
  event: null,
  ...patch,
});
// Frame 2 opens with Pavel to break; a slow-play foul (п.26) is a ruling of frame 2.
const slowPlay: LiveEntry = { kind: 'action', action: { type: 'foul', player: 1, foul: 'slow-play' } };

describe('the live page query and addresses', () => {
  it('reads the overlay’s sources and language, and refuses what the overlay refuses', () => {
    expect(parseLivePage(`?match=${LIVE_ID}`, 'ru')).toEqual({
      ok: true,
      source: { kind: 'live', liveId: LIVE_ID },
      lang: 'ru',
    });
    expect(parseLivePage('?event=E1&table=3&lang=en', 'ru')).toEqual({
      ok: true,
      source: { kind: 'table', eventId: 'E1', table: '3' },
      lang: 'en',
    });
    expect(parseLivePage('?event=E1', 'ru')).toMatchObject({ ok: false, field: 'table' });
    expect(parseLivePage('?match=x&lang=de', 'ru')).toMatchObject({ ok: false, field: 'lang' });
    expect(parseLivePage('', 'en')).toMatchObject({ ok: false, field: 'match' });
  });

  it('links a table’s page and overlay by event and table, a match’s by its live id', () => {
    const table = { kind: 'table', eventId: 'E 1', table: 'Зал 2' } as const;
    expect(livePagePath(table)).toBe('/live.html?event=E%201&table=%D0%97%D0%B0%D0%BB%202');
    expect(overlayPath(table)).toBe('/overlay.html?event=E%201&table=%D0%97%D0%B0%D0%BB%202');
    expect(livePagePath({ kind: 'live', liveId: LIVE_ID })).toBe(`/live.html?match=${LIVE_ID}`);
    expect(parseLivePage(livePagePath(table).slice('/live.html'.length), 'ru')).toMatchObject({
      source: { kind: 'table', eventId: 'E 1', table: 'Зал 2' },
    });
  });
});

describe('the rulings log', () => {
  it('groups the rulings by the frame they were played in, newest first, with their paragraphs', () => {
    const all = [...entries(free.actions), slowPlay];
    const log = matchLog(header(), all, 'en');
    if (log === null) throw new Error('the log does not replay');
    expect(log.map((f) => f.frame)).toEqual([2, 1]);
    expect(log[0]?.rulings.map((r) => r.n)).toEqual([free.actions.length + 1]);
    expect(log[0]?.rulings[0]?.player).toBe(1);
    const first = log[1]?.rulings ?? [];
    expect(first.map((r) => r.n)).toEqual(free.actions.map((_, i) => free.actions.length - i));
    // The break (the second action): its paragraphs, cited, with the players' names.
    const brk = first.find((r) => r.n === 2);
    expect(brk?.view.reasons.map((r) => r.cite)).toContain('п.12.1');
    expect(brk?.verdict).toBe('legal');
    expect(brk?.view.reasons.map((r) => r.text).join(' ')).toContain('break');
    expect(first[0]?.view.score).toContain('Irina');
    expect(frameLog(header(), all, 'en')?.frame).toBe(2);
    // In Russian, the same rulings in Russian words.
    const ru = matchLog(header(), all, 'ru');
    expect(ru?.[1]?.rulings.find((r) => r.n === 2)?.view.reasons[0]?.text).toMatch(/[а-я]{4}/);
    expect(log[0]?.rulings[0]?.verdict).toBe('foul');
  });

  it('shows the frame just ended until the next one has a ruling; an undo withdraws one; bad logs give null', () => {
    expect(frameLog(header(), entries(free.actions), 'en')?.frame).toBe(1);
    expect(frameLog(header(), [], 'en')).toBeNull();
    const undone: LiveEntry[] = [...entries(free.actions.slice(0, 3)), { kind: 'undo' }];
    expect(frameLog(header(), undone, 'en')?.rulings.map((r) => r.n)).toEqual([2, 1]);
    expect(corrections(undone)).toBe(1);
    expect(corrections(entries(free.actions))).toBe(0);
    expect(matchLog(header(), [slowPlay, slowPlay], 'en')).toBeNull();
  });
});

// ── The follower, with a fake socket ─────────────────────────────────────────────────────────────

function fakeFollower(
  source: ConstructorParameters<typeof LiveFollower>[0]['source'],
  liveOf: () => string | null,
) {
  const sent: Record<string, unknown>[] = [];
  const seen: { shown: Following | null; note: FollowNote | null }[] = [];
  let welcome: ((send: (m: unknown) => void) => void) | null = null;
  const finds: string[] = [];
  const follower = new LiveFollower({
    source,
    open: (options) => {
      welcome = options.onWelcome;
      return {
        send: (m) => {
          sent.push(m as Record<string, unknown>);
          return true;
        },
      };
    },
    findLive: async (_eventId, match) => {
      finds.push(match);
      return liveOf();
    },
    onChange: (shown, note) => seen.push({ shown, note }),
  });
  const connect = () =>
    (welcome as unknown as (send: (m: unknown) => void) => void)((m) =>
      sent.push(m as Record<string, unknown>),
    );
  return { follower, sent, seen, connect, finds, last: () => seen.at(-1) };
}

const scoreAt = (seq: number, table: string, patch: Partial<MatchLive> = {}): MatchLive => ({
  source: { kind: 'scorer', table },
  frames: [0, 0],
  points: [seq, 0],
  race: 2,
  atTable: 'a',
  seq,
  lastRuling: `ruling ${seq}`,
  at: 1_000 + seq,
  ...patch,
});
const stored = (from: number, list: readonly LiveEntry[]): StoredLiveEntry[] =>
  list.map((entry, i) => ({ seq: from + i, entry, by: { id: 'p', name: 'Referee' }, at: 1_000 + from + i }));

describe('following a table of an event', () => {
  const at = Date.UTC(2026, 11, 5);
  const step = (event: ClubEvent, action: object): ClubEvent => {
    const done = applyEventAction(event, { by: 'director', at, ...action } as never);
    if (!done.ok) throw new Error(done.error.message);
    return done.value;
  };
  const made = createEvent(
    {
      name: 'Follow cup',
      dates: { start: '2026-12-05' },
      variant: 'free',
      races: { default: 2 },
      format: { kind: 'single', thirdPlace: false },
      seeding: 'order',
      tables: ['1', '2'],
    },
    'director',
    at,
  );
  if (!made.ok) throw new Error(made.error.message);
  const drawn = step(
    step(made.value, { type: 'add-entries', entries: [{ name: 'Irina' }, { name: 'Pavel' }] }),
    {
      type: 'draw',
      seed: 1,
    },
  );
  const matchId = viewEvent(drawn).matches.find((m) => m.state === 'ready')?.id as string;
  const atTable1 = step(drawn, { type: 'call', match: matchId, table: '1' });

  it('moves with a re-call applied from the event’s actions, follows the live match, and asks again after a gap', async () => {
    const f = fakeFollower({ kind: 'table', eventId: 'E1', table: '2' }, () => LIVE_ID);
    f.connect();
    expect(f.sent).toEqual([{ type: 'event-watch', eventId: 'E1' }]);
    f.follower.receive({ type: 'event', eventId: 'E1', shown: showEvent('E1', 5, atTable1) });
    expect(f.last()).toEqual({ shown: null, note: 'no-match' });
    // Re-called to table 2: two actions, each applied to the copy.
    const uncall = { type: 'uncall', by: 'director', at, match: matchId };
    f.follower.receive({ type: 'event-action', eventId: 'E1', version: 6, action: uncall });
    expect(f.last()?.note).toBe('no-match');
    const call = { type: 'call', by: 'director', at, match: matchId, table: '2' };
    f.follower.receive({ type: 'event-action', eventId: 'E1', version: 7, action: call });
    expect(f.last()?.shown).toMatchObject({
      players: ['Irina', 'Pavel'],
      table: '2',
      match: matchId,
      live: { seq: 0 },
    });
    // Its live match is found and followed: every entry, in order.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(f.finds).toEqual([matchId]);
    expect(f.sent.at(-1)).toEqual({ type: 'live-watch', liveId: LIVE_ID, after: 0 });
    const h = header({ table: '1', event: { eventId: 'E1', match: matchId } });
    const two = entries(free.actions.slice(0, 2));
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: h,
      live: scoreAt(2, '1'),
      entries: stored(1, two),
      finished: false,
    });
    expect(f.last()?.shown).toMatchObject({ liveId: LIVE_ID, table: '2', live: { seq: 2 } });
    expect(f.last()?.shown?.entries).toEqual(two);
    // The server's new header for the re-call (same seq, no entries): taken.
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: { ...h, table: '2' },
      live: scoreAt(2, '2'),
      entries: [],
      finished: false,
    });
    expect(f.last()?.shown).toMatchObject({ header: { table: '2' }, live: { source: { table: '2' } } });
    // Entry 4 before entry 3: the missing one is asked for, and nothing is shown out of order.
    const sentBefore = f.sent.length;
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: h,
      live: scoreAt(4, '2'),
      entries: stored(4, entries(free.actions.slice(3, 4))),
      finished: false,
    });
    expect(f.sent.slice(sentBefore)).toEqual([{ type: 'live-watch', liveId: LIVE_ID, after: 2 }]);
    expect(f.last()?.shown?.entries).toHaveLength(2);
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: h,
      live: scoreAt(4, '2'),
      entries: stored(3, entries(free.actions.slice(2, 4))),
      finished: false,
    });
    expect(f.last()?.shown?.entries).toEqual(entries(free.actions.slice(0, 4)));
    // A missed event action (version 9 after 7): the event is asked for again, nothing guessed.
    const beforeGap = f.sent.length;
    f.follower.receive({ type: 'event-action', eventId: 'E1', version: 9, action: uncall });
    expect(f.sent.slice(beforeGap)).toEqual([{ type: 'event-watch', eventId: 'E1' }]);
    expect(f.last()?.shown?.match).toBe(matchId);
    // The snapshot says the match left the table: the page says so and stops following it.
    f.follower.receive({
      type: 'event',
      eventId: 'E1',
      shown: showEvent('E1', 9, step(atTable1, { type: 'uncall', match: matchId })),
    });
    expect(f.last()).toEqual({ shown: null, note: 'no-match' });
    expect(f.sent.at(-1)).toEqual({ type: 'live-unwatch', liveId: LIVE_ID });
    // After a reconnect: the event watched again (the live match no longer).
    f.connect();
    expect(f.sent.at(-1)).toEqual({ type: 'event-watch', eventId: 'E1' });
  });
});

describe('following a live match by id', () => {
  it('watches it, says when it is not found, and after a reconnect asks only for what it lacks', () => {
    const f = fakeFollower({ kind: 'live', liveId: LIVE_ID }, () => null);
    f.connect();
    expect(f.sent).toEqual([{ type: 'live-watch', liveId: LIVE_ID, after: 0 }]);
    f.follower.receive({
      type: 'error',
      code: 'live/not-found',
      field: '/liveId',
      message: 'no such live match',
    });
    expect(f.last()).toEqual({ shown: null, note: 'not-found' });
    const three = entries(free.actions.slice(0, 3));
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: header(),
      live: scoreAt(3, '3'),
      entries: stored(1, three),
      finished: false,
    });
    expect(f.last()?.shown).toMatchObject({
      players: ['Irina', 'Pavel'],
      table: '3',
      live: { seq: 3 },
      finished: false,
    });
    // An older push arriving late changes nothing.
    const updates = f.seen.length;
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: header(),
      live: scoreAt(2, '3'),
      entries: [],
      finished: false,
    });
    expect(f.seen).toHaveLength(updates);
    f.connect();
    expect(f.sent.at(-1)).toEqual({ type: 'live-watch', liveId: LIVE_ID, after: 3 });
    // A correction of the players (same seq): the page names the new ones.
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: header({ players: ['Irina', 'Oleg'] }),
      live: scoreAt(3, '3'),
      entries: [],
      finished: false,
    });
    expect(f.last()?.shown?.players).toEqual(['Irina', 'Oleg']);
    f.follower.receive({
      type: 'live',
      liveId: LIVE_ID,
      header: header(),
      live: scoreAt(3, '3'),
      entries: [],
      finished: true,
    });
    expect(f.last()?.shown?.finished).toBe(true);
  });
});
