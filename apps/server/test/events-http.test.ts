/**
 * The HTTP API of club events on a real server (SQLite store, loopback): a director creates an
 * event, enters players, draws, calls a match to a table, enters results and corrects one; others
 * may follow a public event and act on none.
 */
import type { ClubEvent, MatchView, Standings } from '@pyramid/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { guest, removeTempDirs, testServer } from './support.js';

let server: RunningServer;
let director: string;
let other: string;
let directorId: string;

beforeAll(async () => {
  server = await testServer({ httpLimits: null });
  const first = (await guest(server.url, 'Director')).session;
  director = first.token;
  directorId = first.player.id;
  other = (await guest(server.url, 'Spectator')).session.token;
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Reply };
}

/** An event as the API shows it, or a refusal, or (from the list) an array of summaries. */
interface Reply {
  readonly id?: string;
  readonly version?: number;
  readonly event?: ClubEvent;
  readonly matches?: MatchView[];
  readonly standings?: Standings;
  readonly code?: string;
  readonly field?: string;
  readonly map?: never;
}

const listed = async (token: string | null): Promise<string[]> => {
  const response = await fetch(
    `${server.url}/api/events`,
    token === null ? {} : { headers: { authorization: `Bearer ${token}` } },
  );
  return ((await response.json()) as { id: string }[]).map((e) => e.id);
};

const match = (reply: Reply, id: string) => reply.matches?.find((m) => m.id === id);

const spec = {
  name: 'Friday cup',
  venue: 'Club hall',
  dates: { start: '2026-12-05' },
  variant: 'dynamic',
  races: { default: 3, rules: [{ stage: 'grand-final', race: 4 }] },
  format: { kind: 'double', reset: true },
  seeding: 'order',
  tables: ['1', '2'],
};

describe('club events over HTTP', () => {
  it('runs an event: create, entries, draw, call, results, a correction with its audit entry', async () => {
    const created = await call('POST', '/api/events', director, spec);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const act = (body: unknown, token = director) => call('POST', `/api/events/${id}/actions`, token, body);

    // The director plays too: his entry names his account, so his player page lists the event.
    const entries = Array.from({ length: 8 }, (_, i) =>
      i === 0 ? { name: 'Director', account: directorId } : { name: `Player ${i + 1}` },
    );
    expect((await act({ type: 'add-entries', entries })).status).toBe(200);
    const drawn = await act({ type: 'draw', seed: 3 });
    expect(drawn.status).toBe(200);
    expect(drawn.body.matches?.[0]).toMatchObject({ id: 'W1-1', state: 'ready', a: 'e1', b: 'e8', race: 3 });

    const called = await act({ type: 'call', match: 'W1-1', table: '1' });
    expect(called.body.matches?.[0]).toMatchObject({ state: 'called', table: '1' });

    // The server sets who and when: a client's own "by" and "at" are ignored.
    const result = await act({ type: 'result', match: 'W1-1', frames: [3, 1], by: 'someone-else', at: 1 });
    expect(result.status).toBe(200);
    const audit = result.body.event?.audit.at(-1);
    expect(audit?.by).not.toBe('someone-else');
    expect(audit?.at).toBeGreaterThan(1_000_000_000_000);
    expect(match(result.body, 'W2-1')).toMatchObject({ a: 'e1' });

    // Bad input: refused with the field, nothing stored.
    const version = result.body.version;
    const contradicting = await act({ type: 'result', match: 'W1-2', frames: [5, 2] });
    expect(contradicting).toMatchObject({ status: 400, body: { code: 'event/score', field: '/frames' } });
    const unknown = await act({ type: 'result', match: 'W2-1', frames: [3, 0] });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'event/players-unknown', field: '/match' } });
    const stranger = await act({ type: 'correct', match: 'W1-1', frames: [1, 3], why: 'I say so' }, other);
    expect(stranger).toMatchObject({ status: 403, body: { code: 'event/not-director', field: '/by' } });
    expect((await call('POST', `/api/events/${id}/actions`, null, { type: 'draw', seed: 1 })).status).toBe(
      401,
    );
    expect((await call('GET', `/api/events/${id}`, null)).body.version).toBe(version);

    const corrected = await act({
      type: 'correct',
      match: 'W1-1',
      frames: [1, 3],
      why: 'the sheet had the names swapped',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.event?.audit.at(-1)).toMatchObject({
      action: 'correct',
      match: 'W1-1',
      why: 'the sheet had the names swapped',
    });
    expect(match(corrected.body, 'W2-1')).toMatchObject({ a: 'e8' });

    // Anyone may follow a public event, and it is listed.
    const followed = await call('GET', `/api/events/${id}`, null);
    expect(followed.status).toBe(200);
    expect(followed.body.standings?.rows).toHaveLength(8);
    expect(await listed(null)).toContain(id);
    expect(await listed(other)).toContain(id);

    // W1-1 went to e8 after the correction: the director (e1) lost once, and is still in.
    const page = await fetch(`${server.url}/api/players/${directorId}/events`);
    expect(await page.json()).toMatchObject([{ id, name: 'Friday cup', place: null, finished: false }]);
  });

  it('refuses a bad event, hides a private one from others, and 404s a missing one', async () => {
    const bad = await call('POST', '/api/events', director, {
      ...spec,
      format: { kind: 'double-to', finalStage: 6 },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 'event/final-stage', field: '/spec/format/finalStage' },
    });
    const zero = await call('POST', '/api/events', director, { ...spec, races: { default: 0 } });
    expect(zero).toMatchObject({ status: 400, body: { code: 'event/race', field: '/spec/races/default' } });
    expect((await call('POST', '/api/events', null, spec)).status).toBe(401);
    const hidden = await call('POST', '/api/events', director, { ...spec, public: false });
    const id = hidden.body.id as string;
    await call('POST', `/api/events/${id}/actions`, director, {
      type: 'add-entry',
      entry: { name: 'Director', account: directorId },
    });
    expect((await call('GET', `/api/events/${id}`, other)).status).toBe(404);
    expect((await call('GET', `/api/events/${id}`, null)).status).toBe(404);
    expect((await call('GET', `/api/events/${id}`, director)).status).toBe(200);
    expect(await listed(null)).not.toContain(id);
    expect((await call('GET', '/api/events/nope', null)).status).toBe(404);
    // A private event is not on the player page either; a finished public one shows the place.
    const duel = await call('POST', '/api/events', director, {
      ...spec,
      name: 'Duel',
      format: { kind: 'single' },
    });
    const duelId = duel.body.id as string;
    const duelAct = (body: unknown) => call('POST', `/api/events/${duelId}/actions`, director, body);
    await duelAct({
      type: 'add-entries',
      entries: [{ name: 'Director', account: directorId }, { name: 'Rival' }],
    });
    await duelAct({ type: 'draw', seed: 1 });
    const final = await duelAct({ type: 'result', match: 'E1-1', frames: [1, 3], reason: 'paper' });
    expect(final.body.standings?.finished).toBe(true);
    const page = (await (await fetch(`${server.url}/api/players/${directorId}/events`)).json()) as {
      id: string;
      place: string | null;
    }[];
    expect(page.find((e) => e.id === duelId)).toMatchObject({ place: '2', finished: true });
    expect(page.map((e) => e.id)).not.toContain(id);
    expect((await call('POST', '/api/events/nope/actions', director, { type: 'draw', seed: 1 })).status).toBe(
      404,
    );
  });

  it('lets signed-in players register themselves, check in and withdraw; the server names them', async () => {
    const created = await call('POST', '/api/events', director, {
      ...spec,
      name: 'Open cup',
      format: { kind: 'single', thirdPlace: false },
      registration: { limit: 3, guests: false },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const actions = `/api/events/${id}/actions`;
    // A guest may not register here; an account may, once, under his account's name.
    const visitor = await guest(server.url, 'Visitor');
    expect(await call('POST', actions, visitor.session.token, { type: 'register' })).toMatchObject({
      status: 403,
      body: { code: 'event/not-allowed', field: '/by' },
    });
    const account = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Registered Rita', password: 'correct horse battery' }),
    });
    expect(account.status).toBe(200);
    const rita = (await account.json()) as { token: string; player: { id: string } };
    const entered = await call('POST', actions, rita.token, {
      type: 'register',
      name: 'Somebody else',
      guest: true,
      rating: 9999,
    });
    expect(entered.status).toBe(200);
    expect(entered.body.event?.entries).toEqual([
      { id: 'e1', name: 'Registered Rita', account: rita.player.id },
    ]);
    expect(await call('POST', actions, rita.token, { type: 'register' })).toMatchObject({
      status: 400,
      body: { code: 'event/duplicate-entry', field: '/by' },
    });
    // The director's entries count towards the limit.
    await call('POST', actions, director, { type: 'add-entries', entries: [{ name: 'X' }, { name: 'Y' }] });
    const late = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late Lev', password: 'correct horse battery' }),
    });
    const lev = (await late.json()) as { token: string };
    expect(await call('POST', actions, lev.token, { type: 'register' })).toMatchObject({
      status: 409,
      body: { code: 'event/full', field: '/entries' },
    });
    // Check-in by himself, not by someone else; then the draw of the checked-in only.
    expect(await call('POST', actions, other, { type: 'check-in', entry: 'e1' })).toMatchObject({
      status: 403,
    });
    expect((await call('POST', actions, rita.token, { type: 'check-in', entry: 'e1' })).status).toBe(200);
    expect((await call('POST', actions, director, { type: 'check-in', entry: 'e2' })).status).toBe(200);
    const drawnReply = await call('POST', actions, director, { type: 'draw', seed: 2, checkedInOnly: true });
    expect(drawnReply.body.event?.entries.map((e) => e.id)).toEqual(['e1', 'e2']);
    // He withdraws from the final: a walkover for X.
    const gone = await call('POST', actions, rita.token, { type: 'withdraw', entry: 'e1' });
    expect(gone.status).toBe(200);
    expect(gone.body.matches?.[0]?.result).toMatchObject({ reason: 'walkover' });
    expect(gone.body.standings?.champion).toBe('e2');
    const mine = await fetch(`${server.url}/api/players/${rita.player.id}/events`);
    expect(await mine.json()).toMatchObject([{ id, place: '2' }]);
  });
});
