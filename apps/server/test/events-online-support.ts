/** Helpers of the tests of events' matches played on online tables (issue 27). */
import type { ClubEvent, MatchView } from '@pyramid/events';
import { type OnlineClient, PROTOCOL_VERSION } from '@pyramid/online';
import { legalActions } from '@pyramid/rules';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { api, until } from './support.js';

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

/** A drawn single-elimination event of Anna, Boris (accounts) and two players by name; race 1, a 0.1 s shot clock. */
export async function drawnEvent(base: string, director: string, anna: string, boris: string) {
  const created = await call(base, 'POST', '/api/events', director, {
    name: 'Online cup',
    dates: { start: '2026-12-05' },
    variant: 'free',
    tableSize: '10ft',
    settings: { shotClock: { seconds: 0.1, extensionsPerFrame: 0 } },
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

/** Nobody strikes: every shot's clock runs out (slow play, п.26) and the penalty ball is taken, until the match ends. */
export async function throwMatch(players: readonly [OnlineClient, OnlineClient]): Promise<void> {
  for (let step = 0; step < 200; step++) {
    await until(
      () => players[0].seq === players[1].seq && players[0].lastState !== null,
      10_000,
      'agreement',
    );
    const state = players[0].lastState!;
    const turn = state.turn;
    if (turn.kind === 'match-over') return;
    if (turn.kind === 'shot') {
      const seq = players[0].seq;
      await until(() => players[0].seq > seq, 10_000, 'the clock');
      continue;
    }
    const seat = turn.kind === 'lag' ? players[0].lag!.winner : turn.decision.player;
    const action =
      turn.kind === 'lag'
        ? { type: 'lag' as const, winner: seat, first: seat }
        : (legalActions(state)[0] as Parameters<OnlineClient['decision']>[0]);
    const done = await players[seat].decision(action);
    if (!done.ok && done.error.code !== 'state/stale') throw new Error(done.error.message);
  }
  throw new Error('the match did not end');
}

/** A socket following the event: every message. */
export async function follower(base: string, token: string, eventId: string) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  sockets.push(ws);
  const got: {
    type: string;
    match?: string;
    live?: { frames: number[]; points: number[]; seq: number; source: unknown };
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
