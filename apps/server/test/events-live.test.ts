/**
 * Club events followed live over the WebSocket on a real server (SQLite, loopback, real `ws`
 * clients): `event-watch` answers with the event as stored, every committed action is pushed to
 * the watchers, a refused one is not; private events are for their directors; the bounds hold.
 */
import {
  applyEventAction,
  type ClubEvent,
  type EventAction,
  type MatchView,
  viewEvent,
} from '@pyramid/events';
import { MAX_WATCHED_EVENTS, PROTOCOL_VERSION } from '@pyramid/online';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../src/server.js';
import { guest, removeTempDirs, testServer, until } from './support.js';

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

let server: RunningServer;
let director: string;
let spectator: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await testServer({ httpLimits: null });
  director = (await guest(server.url, 'Director')).session.token;
  spectator = (await guest(server.url, 'Watcher')).session.token;
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await server.close();
  removeTempDirs();
});

interface Received {
  readonly type: string;
  readonly eventId?: string;
  readonly code?: string;
  readonly ref?: string;
  readonly version?: number;
  readonly action?: Record<string, unknown>;
  readonly shown?: {
    version: number;
    matches: MatchView[];
    event: ClubEvent;
    suggestions: { table: string; match: string }[];
  };
}

/** A signed-in socket and everything it receives. */
async function watcher(token: string): Promise<{ ws: WebSocket; got: Received[]; send(m: object): void }> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`);
  sockets.push(ws);
  const got: Received[] = [];
  ws.on('message', (data) => got.push(JSON.parse(String(data)) as Received));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const send = (m: object) => ws.send(JSON.stringify(m));
  send({ type: 'hello', protocol: PROTOCOL_VERSION, token });
  await until(() => got.some((m) => m.type === 'welcome'), 5_000, 'welcome');
  return { ws, got, send };
}

/** The round trip of a ping: everything the server sent before its pong has arrived. */
async function settled(w: { got: Received[]; send(m: object): void }): Promise<void> {
  const t = Math.random();
  w.send({ type: 'ping', t });
  await until(() => w.got.some((m) => m.type === 'pong' && (m as { t?: number }).t === t), 5_000, 'pong');
}

async function post(path: string, token: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id: string; version: number } };
}

async function drawnEvent(extra: object = {}): Promise<string> {
  const created = await post('/api/events', director, {
    name: 'Live cup',
    dates: { start: '2026-12-05' },
    variant: 'dynamic',
    races: { default: 3 },
    format: { kind: 'single', thirdPlace: false },
    seeding: 'order',
    tables: ['1', '2'],
    ...extra,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  const act = (body: object) => post(`/api/events/${id}/actions`, director, body);
  expect(
    (await act({ type: 'add-entries', entries: ['A', 'B', 'C', 'D'].map((name) => ({ name })) })).status,
  ).toBe(200);
  expect((await act({ type: 'draw', seed: 1 })).status).toBe(200);
  return id;
}

const events = (w: { got: Received[] }) => w.got.filter((m) => m.type === 'event');
const actions = (w: { got: Received[] }) => w.got.filter((m) => m.type === 'event-action');

describe('club events live over the WebSocket', () => {
  it('sends the event on watch, then each stored action as a delta, never a refused one, none after unwatch', async () => {
    const id = await drawnEvent();
    const w = await watcher(spectator);
    w.send({ type: 'event-watch', eventId: id });
    await until(() => events(w).length === 1, 5_000, 'the first event');
    const first = events(w)[0]?.shown;
    expect(events(w)[0]?.eventId).toBe(id);
    const ready = first?.matches.find((m) => m.state === 'ready') as MatchView;
    expect(ready).toBeDefined();
    // The server's suggestion: the two ready first-round matches to the two free tables.
    expect(first?.suggestions.map((c) => c.table)).toEqual(['1', '2']);
    expect(first?.suggestions[0]?.match).toBe(ready.id);

    const act = (body: object) => post(`/api/events/${id}/actions`, director, body);
    // 5:2 in a race to 3 is refused: nothing stored, nothing pushed.
    expect((await act({ type: 'result', match: ready.id, frames: [5, 2] })).status).toBe(400);
    await settled(w);
    expect(events(w)).toHaveLength(1);

    const called = await act({ type: 'call', match: ready.id, table: '1', junk: 'x'.repeat(1000) });
    expect(called.status).toBe(200);
    const result = await act({ type: 'result', match: ready.id, frames: [3, 1] });
    expect(result.status).toBe(200);
    await until(() => actions(w).length === 2, 5_000, 'two pushes');
    // Each push is the action as stored (the server's by and at, none of the client's extra fields)
    // and the version after it; no snapshot is pushed.
    expect(events(w)).toHaveLength(1);
    const [call, res] = actions(w);
    expect(call).toMatchObject({ eventId: id, version: called.body.version });
    expect(call?.action).toEqual({
      type: 'call',
      match: ready.id,
      table: '1',
      by: expect.any(String),
      at: expect.any(Number),
    });
    expect(JSON.stringify(res).length).toBeLessThan(300);
    expect(res?.version).toBe(result.body.version);
    // Applied in order to the snapshot, they give the event the server stored.
    let copy = first?.event as ClubEvent;
    for (const m of actions(w)) copy = must(applyEventAction(copy, m.action as EventAction));
    const stored = (await (await fetch(`${server.url}/api/events/${id}`)).json()) as { event: ClubEvent };
    expect(JSON.parse(JSON.stringify(copy))).toEqual(stored.event);
    expect(viewEvent(copy).byId.get(ready.id)?.result?.frames).toEqual([3, 1]);
    // A client that missed one asks again: a new snapshot at the latest version.
    w.send({ type: 'event-watch', eventId: id });
    await until(() => events(w).length === 2, 5_000, 'the second snapshot');
    expect(events(w)[1]?.shown?.version).toBe(result.body.version);

    w.send({ type: 'event-unwatch', eventId: id });
    await settled(w);
    const other = viewEvent(copy).matches.find((m) => m.state === 'ready') as MatchView;
    expect((await act({ type: 'result', match: other.id, frames: [3, 0] })).status).toBe(200);
    await settled(w);
    expect(actions(w)).toHaveLength(2);
  });

  it('shows a private event to its directors only', async () => {
    const id = await drawnEvent({ public: false });
    const stranger = await watcher(spectator);
    stranger.send({ type: 'event-watch', eventId: id, ref: 'w1' });
    await until(() => stranger.got.some((m) => m.type === 'error'), 5_000, 'a refusal');
    expect(stranger.got.find((m) => m.type === 'error')).toMatchObject({
      code: 'event/not-found',
      ref: 'w1',
    });
    const own = await watcher(director);
    own.send({ type: 'event-watch', eventId: id });
    await until(() => events(own).length === 1, 5_000, 'the event for its director');
    const ready = events(own)[0]?.shown?.matches.find((m) => m.state === 'ready') as MatchView;
    expect(
      (await post(`/api/events/${id}/actions`, director, { type: 'result', match: ready.id, frames: [3, 2] }))
        .status,
    ).toBe(200);
    await until(() => actions(own).length === 1, 5_000, 'the push to the director');
    await settled(stranger);
    expect(events(stranger)).toHaveLength(0);
    expect(actions(stranger)).toHaveLength(0);
  });

  it('bounds the events one connection follows', async () => {
    const ids: string[] = [];
    for (let i = 0; i <= MAX_WATCHED_EVENTS; i++) {
      const created = await post('/api/events', director, {
        name: `Bound ${i}`,
        dates: { start: '2026-12-05' },
        variant: 'free',
        races: { default: 2 },
        format: { kind: 'single', thirdPlace: false },
      });
      ids.push(created.body.id);
    }
    const w = await watcher(spectator);
    for (const [i, id] of ids.entries()) w.send({ type: 'event-watch', eventId: id, ref: `r${i}` });
    await until(
      () => events(w).length + w.got.filter((m) => m.type === 'error').length > MAX_WATCHED_EVENTS,
      5_000,
      'answers',
    );
    expect(events(w)).toHaveLength(MAX_WATCHED_EVENTS);
    expect(w.got.find((m) => m.type === 'error')).toMatchObject({
      code: 'event/too-many',
      ref: `r${MAX_WATCHED_EVENTS}`,
    });
    // One unwatched makes room for another.
    w.send({ type: 'event-unwatch', eventId: ids[0] });
    w.send({ type: 'event-watch', eventId: ids[MAX_WATCHED_EVENTS] });
    await until(() => events(w).length === MAX_WATCHED_EVENTS + 1, 5_000, 'the watch after an unwatch');
    expect(events(w).at(-1)?.eventId).toBe(ids[MAX_WATCHED_EVENTS]);
  });
});
