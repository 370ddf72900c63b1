/**
 * The header of an event's live match follows the event (a real server, SQLite, loopback, real `ws`
 * clients): the director re-calls the match to another table, then corrects an earlier result so
 * that another player reaches it — each time `GET /api/live/:id`, the followers' `live` push, the
 * event's `event-live` and `GET /api/events/:id/live` carry the new table and players, and the
 * entries scored before stay as they were. Plus `eventHeader` on its own: the race follows too, and
 * nothing changes when the event says what the header says.
 */
import { applyEventAction, type ClubEvent, createEvent, type MatchView, viewEvent } from '@pyramid/events';
import type { LiveHeader, LiveShown, MatchLive } from '@pyramid/online';
import { replayRecord } from '@pyramid/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHeader } from '../src/live/headers.js';
import {
  actionEntry,
  freeMatchActions,
  type Got,
  post,
  scorer,
  scoringLink,
  socket,
} from './live-support.js';
import { guest, type RunningServer, removeTempDirs, testServer, until } from './support.js';

let server: RunningServer;
let director: string;
let referee: string;
let spectator: string;

beforeAll(async () => {
  server = await testServer({ httpLimits: null });
  director = (await guest(server.url, 'Director')).session.token;
  referee = (await guest(server.url, 'Referee')).session.token;
  spectator = (await guest(server.url, 'Watcher')).session.token;
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});

const url = () => server.url;
const liveOf = async (liveId: string) =>
  (await post(url(), `/api/live/${liveId}`, null, undefined, 'GET')).body as unknown as LiveShown;
const lives = (got: Got[]) => got.filter((m) => m.type === 'live');

describe('the header of an event’s live match', () => {
  it('follows a re-call to another table and a correction that changes who plays', async () => {
    const created = await post(url(), '/api/events', director, {
      name: 'Header cup',
      dates: { start: '2026-12-05' },
      variant: 'free',
      races: { default: 1 },
      format: { kind: 'single', thirdPlace: false },
      seeding: 'order',
      tables: ['1', '2'],
    });
    expect(created.status).toBe(201);
    const eventId = created.body.id as string;
    const act = async (body: object) => {
      const done = await post(url(), `/api/events/${eventId}/actions`, director, body);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return done.body as { event: { entries: { id: string; name: string }[] }; matches: MatchView[] };
    };
    await act({
      type: 'add-entries',
      entries: [{ name: 'Ivanov' }, { name: 'Petrov' }, { name: 'Sidorov' }, { name: 'Orlov' }],
    });
    const drawn = await act({ type: 'draw', seed: 1 });
    const names = new Map(drawn.event.entries.map((e) => [e.id, e.name]));
    const semis = drawn.matches.filter((m) => m.state === 'ready');
    expect(semis).toHaveLength(2);
    const [s1, s2] = semis as [MatchView, MatchView];
    await act({ type: 'result', match: s1.id, frames: [1, 0] });
    const afterSemis = await act({ type: 'result', match: s2.id, frames: [1, 0] });
    const final = afterSemis.matches.find((m) => m.state === 'ready') as MatchView;
    expect([final.a, final.b]).toEqual([s1.a, s2.a]);
    await act({ type: 'call', match: final.id, table: '1' });
    const link = await scoringLink(url(), director, eventId, final.id);
    const firstPlayers = [names.get(s1.a as string), names.get(s2.a as string)];
    expect(link.header).toMatchObject({ players: firstPlayers, table: '1', framesToWin: 1 });

    const follower = await socket(url(), spectator);
    follower.send({ type: 'live-watch', liveId: link.liveId });
    const page = await socket(url(), spectator);
    page.send({ type: 'event-watch', eventId });
    await until(() => lives(follower.got).length === 1, 10_000, 'the first live');

    // Two entries scored at table 1.
    const phone = await scorer(url, referee, link, 'phone-header-0123456789');
    await phone.connect();
    await until(() => phone.sync.status === 'writing', 10_000, 'the lease');
    const actions = freeMatchActions();
    for (const action of actions.slice(0, 2)) await phone.sync.record(actionEntry(action));
    await until(() => phone.sync.pending.length === 0, 10_000, 'two entries acknowledged');
    await until(() => lives(follower.got).length === 3, 10_000, 'two live pushes');

    // ── Re-called to table 2: the answer comes once the header is stored.
    await act({ type: 'uncall', match: final.id });
    await act({ type: 'call', match: final.id, table: '2' });
    let shown = await liveOf(link.liveId);
    expect(shown.header).toMatchObject({ players: firstPlayers, table: '2', framesToWin: 1 });
    expect(shown.live).toMatchObject({ seq: 2, source: { kind: 'scorer', table: '2' } });
    expect(shown.entries.map((e) => e.entry)).toEqual(actions.slice(0, 2).map(actionEntry));
    expect(shown.record.meta).toMatchObject({ table: '2' });
    await until(() => lives(follower.got).length === 4, 10_000, 'the re-call pushed');
    expect(lives(follower.got)[3]).toMatchObject({
      header: { table: '2', players: firstPlayers },
      entries: [],
      live: { seq: 2, source: { table: '2' } },
    });
    // The event's page hears the running score at the new table (the score itself unchanged).
    const lastEventLive = () => page.of('event-live').at(-1)?.live as MatchLive | undefined;
    await until(() => JSON.stringify(lastEventLive()?.source).includes('"2"'), 10_000, 'event-live');
    expect(lastEventLive()).toMatchObject({ seq: 2, source: { kind: 'scorer', table: '2' } });
    const listed = await post(url(), `/api/events/${eventId}/live`, null, undefined, 'GET');
    expect(listed.body.matches).toEqual([
      { match: final.id, liveId: link.liveId, table: '2', finished: false },
    ]);
    // An action that changes nothing of the header pushes nothing.
    await act({ type: 'add-director', account: 'co-director' });
    await follower.settled();
    expect(lives(follower.got)).toHaveLength(4);

    // ── The first semi-final corrected: its other player reaches the final (whose call goes).
    await act({ type: 'correct', match: s1.id, frames: [0, 1], why: 'the score sheet was misread' });
    const newPlayers = [names.get(s1.b as string), names.get(s2.a as string)];
    shown = await liveOf(link.liveId);
    expect(shown.header).toMatchObject({ players: newPlayers, table: '2' });
    expect(shown.record.players).toEqual(newPlayers);
    await until(() => lives(follower.got).length === 5, 10_000, 'the correction pushed');
    expect(lives(follower.got)[4]).toMatchObject({ header: { players: newPlayers }, entries: [] });

    // Scoring goes on: the next entry is pushed with the new header, and the record replays.
    await phone.sync.record(actionEntry(actions[2]));
    await until(() => phone.sync.pending.length === 0, 10_000, 'the third entry acknowledged');
    await until(() => lives(follower.got).length === 6, 10_000, 'the third entry pushed');
    expect(lives(follower.got)[5]).toMatchObject({
      header: { players: newPlayers, table: '2' },
      entries: [{ seq: 3 }],
    });
    shown = await liveOf(link.liveId);
    expect(shown.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(replayRecord(shown.record).ok).toBe(true);
    for (const s of [follower, page, phone.socket]) s?.ws.terminate();
  });
});

describe('eventHeader', () => {
  const at = Date.UTC(2026, 11, 5);
  const made = createEvent(
    {
      name: 'Pure cup',
      dates: { start: '2026-12-05' },
      variant: 'free',
      races: { default: 2 },
      format: { kind: 'single', thirdPlace: false },
      seeding: 'order',
      tables: ['A', 'B'],
    },
    'director',
    at,
  );
  if (!made.ok) throw new Error(made.error.message);
  const step = (event: ClubEvent, action: object): ClubEvent => {
    const done = applyEventAction(event, { by: 'director', at, ...action } as never);
    if (!done.ok) throw new Error(done.error.message);
    return done.value;
  };
  let event = step(made.value, { type: 'add-entries', entries: [{ name: 'Anna' }, { name: 'Boris' }] });
  event = step(event, { type: 'draw', seed: 1 });
  const header = (over: Partial<LiveHeader>, match: string): LiveHeader => ({
    variant: 'free',
    tableSize: '12ft',
    settings: {},
    framesToWin: 2,
    players: ['Anna', 'Boris'],
    breaker: null,
    table: 'A',
    event: { eventId: 'e', match },
    ...over,
  });

  it('is null when the event says what the header says, and takes its table, players and race', () => {
    const only = viewEvent(event).matches.find((m) => m.state === 'ready') as MatchView;
    const called = step(event, { type: 'call', match: only.id, table: 'A' });
    expect(eventHeader(header({}, only.id), called)).toBeNull();
    expect(eventHeader(header({ table: 'B' }, only.id), called)).toMatchObject({ table: 'A' });
    expect(eventHeader(header({ framesToWin: 5 }, only.id), called)).toMatchObject({ framesToWin: 2 });
    expect(eventHeader(header({ players: ['X', 'Y'] }, only.id), called)).toMatchObject({
      players: ['Anna', 'Boris'],
      table: 'A',
    });
    // Uncalled, the match keeps the table it was scored at.
    const uncalled = step(called, { type: 'uncall', match: only.id });
    expect(eventHeader(header({}, only.id), uncalled)).toBeNull();
    // A friendly match, or a match the event has not, has nothing to follow.
    expect(eventHeader({ ...header({}, only.id), event: null }, called)).toBeNull();
    expect(eventHeader(header({ table: 'B' }, 'no-such-match'), called)).toBeNull();
  });
});
