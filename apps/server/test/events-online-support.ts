/** Helpers of the tests of events' matches played on online tables (issue 27). */
import type { ClubEvent, MatchView } from '@pyramid/events';
import { type OnlineClient, PROTOCOL_VERSION } from '@pyramid/online';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { api, guest, playOut, until } from './support.js';

/** Sockets the helpers opened (a test file terminates them after its tests). */
export const sockets: WebSocket[] = [];

export interface Shown {
  id: string;
  version: number;
  event: ClubEvent;
  matches: MatchView[];
}

export async function call(base: string, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Shown & { code?: string; field?: string },
  };
}

export async function account(base: string, name: string): Promise<{ id: string; token: string }> {
  const made = await api(base).register({ name, password: `${name}-secret-password` });
  if (!made.ok) throw new Error(made.error.message);
  return { id: made.value.player.id, token: made.value.token };
}

/** A drawn single-elimination event of Anna, Boris (accounts) and two players by name; race 1, with `clock` as its shot clock. */
export async function drawnEvent(
  base: string,
  director: string,
  anna: string,
  boris: string,
  clock: { seconds: number; extensionsPerFrame: number } | null = null,
) {
  const created = await call(base, 'POST', '/api/events', director, {
    name: 'Online cup',
    dates: { start: '2026-12-05' },
    variant: 'free',
    tableSize: '10ft',
    settings: clock === null ? {} : { shotClock: clock },
    races: { default: 1 },
    rated: true,
    format: { kind: 'single', thirdPlace: false },
    seeding: 'order',
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  const actions = `/api/events/${id}/actions`;
  // Seeds 1–4 by order: 1 v 4 and 2 v 3 — Anna (1) meets Boris (4).
  await call(base, 'POST', actions, director, {
    type: 'add-entries',
    entries: [
      { name: 'Anna', account: anna },
      { name: 'Carl' },
      { name: 'Dora' },
      { name: 'Boris', account: boris },
    ],
  });
  const drawn = await call(base, 'POST', actions, director, { type: 'draw', seed: 3 });
  expect(drawn.status).toBe(200);
  const online = drawn.body.matches.find((m) => m.state === 'ready' && [m.a, m.b].includes('e1'));
  const byName = drawn.body.matches.find(
    (m) => m.state === 'ready' && !([m.a, m.b] as unknown[]).includes('e1'),
  );
  if (online === undefined || byName === undefined) throw new Error('no ready matches');
  return { id, actions, online, byName };
}

/** A director (a guest), Anna and Boris (accounts named `anna`+suffix, `boris`+suffix) and their drawn event at `base`. */
export async function directedEvent(base: string, suffix = '') {
  const director = (await guest(base, 'Director')).session.token;
  const anna = await account(base, `anna${suffix}`);
  const boris = await account(base, `boris${suffix}`);
  return { director, anna, boris, ...(await drawnEvent(base, director, anna.id, boris.id)) };
}

/** The director calls `match` to an online table through `base`: the table's id. */
export async function callOnline(base: string, actions: string, director: string, match: string) {
  const called = await call(base, 'POST', actions, director, { type: 'call', match, table: 'online' });
  expect(called.status).toBe(200);
  return called.body.event.calls[match]?.tableId as string;
}

/** Plays the match to its end, seat by seat, with the bots' shots (as the cluster tests do). */
export async function playMatch(players: readonly [OnlineClient, OnlineClient], seed = 5): Promise<void> {
  await playOut(players, 'amateur', seed);
}

/** A socket following the event: every message. */
export async function follower(base: string, token: string, eventId: string) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  sockets.push(ws);
  const got: {
    type: string;
    match?: string;
    live?: { frames: number[]; points: number[]; seq: number; source: unknown };
    action?: { type: string; by: string; tableId?: string };
  }[] = [];
  ws.on('message', (data) => got.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
  await until(() => got.some((m) => m.type === 'welcome'), 5_000, 'welcome');
  ws.send(JSON.stringify({ type: 'event-watch', eventId }));
  await until(() => got.some((m) => m.type === 'event'), 5_000, 'the event');
  return got;
}
