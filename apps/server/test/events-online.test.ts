/**
 * A match of a club event played on an online table (issue 27), on a real server (SQLite, loopback,
 * real WebSocket clients): the director calls it to "online", the table opens for the two players'
 * accounts with the event's settings and the match's race; each stored action is pushed to the
 * event's watchers as the live score; the end is the match's result (frames by account, rated);
 * a repeat changes nothing; a crash between the call and the table, or after the end and before
 * the report, is repaired when the server starts again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { reportPlayedMatch } from '../src/events/report.js';
import { SqliteEventStore } from '../src/events/store.js';
import type { RunningServer } from '../src/server.js';
import { SqliteStore } from '../src/store/sqlite.js';
import {
  call,
  callOnline,
  directedEvent,
  drawnEvent,
  follower,
  playMatch,
  sockets,
} from './events-online-support.js';
import {
  api,
  client,
  guest,
  killChildren,
  removeTempDirs,
  spawnServer,
  testServer,
  until,
} from './support.js';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of sockets) s.terminate();
  for (const s of servers) await s.close();
  killChildren();
  removeTempDirs();
});

describe('a match of an event on an online table', () => {
  it('opens one table for the two accounts with the event’s settings; live score; the result by account, rated, once', {
    timeout: 60_000,
  }, async () => {
    const server = await testServer({ httpLimits: null });
    servers.push(server);
    const { director, anna, boris, id, actions, online, byName } = await directedEvent(server.url);

    // An online table's clock keeps the bounds of every online table.
    const quick = await drawnEvent(server.url, director, anna.id, boris.id, {
      seconds: 1,
      extensionsPerFrame: 0,
    });
    const tooQuick = await call(server.url, 'POST', quick.actions, director, {
      type: 'call',
      match: quick.online.id,
      table: 'online',
    });
    expect(tooQuick).toMatchObject({
      status: 400,
      body: { code: 'event/invalid', field: '/spec/settings/shotClock' },
    });
    // Players by name alone cannot be seated online: the field is named, nothing stored.
    const noAccount = await call(server.url, 'POST', actions, director, {
      type: 'call',
      match: byName.id,
      table: 'online',
    });
    expect(noAccount).toMatchObject({ status: 400, body: { code: 'event/no-account', field: '/table' } });
    // Only a director calls; a table id from the client is never taken.
    const notDirector = await call(server.url, 'POST', actions, anna.token, {
      type: 'call',
      match: online.id,
      table: 'online',
    });
    expect(notDirector.status).toBe(403);
    const called = await call(server.url, 'POST', actions, director, {
      type: 'call',
      match: online.id,
      table: 'online',
      tableId: 'chosen-by-the-client',
    });
    expect(called.status).toBe(200);
    const tableId = called.body.event.calls[online.id]?.tableId as string;
    expect(tableId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A second call opens no second table.
    const again = await call(server.url, 'POST', actions, director, {
      type: 'call',
      match: online.id,
      table: 'online',
    });
    expect(again.status).toBe(200);
    expect(again.body.event.calls[online.id]?.tableId).toBe(tableId);
    expect(again.body.version).toBe(called.body.version);

    const table = await api(server.url).table(tableId);
    if (!table.ok) throw new Error(table.error.message);
    expect(table.value.table.options).toMatchObject({
      variant: 'free',
      tableSize: '10ft',
      rated: true,
      event: { eventId: id, match: online.id },
      settings: { framesToWin: 1, shotClock: null },
    });
    expect(table.value.table.seats.map((s) => s?.player.id)).toEqual([anna.id, boris.id]);
    // Anna's own lobby lists it.
    const lobby = await fetch(`${server.url}/api/lobby`, {
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(((await lobby.json()) as { mine: { id: string }[] }).mine.map((t) => t.id)).toContain(tableId);

    // A stranger cannot take a seat.
    const stranger = await client(server.url, (await guest(server.url, 'Stranger')).session.token);
    expect(await stranger.join(tableId, 'player')).toMatchObject({
      ok: false,
      error: { code: 'table/full' },
    });
    stranger.close();

    const got = await follower(server.url, director, id);
    const players = [await client(server.url, boris.token), await client(server.url, anna.token)] as const;
    // Boris joins first: the seats stay the accounts' (Anna seat 0, Boris seat 1).
    expect((await players[0].join(tableId, 'player')).ok).toBe(true);
    expect((await players[1].join(tableId, 'player')).ok).toBe(true);
    // Being played, it is not taken off its table.
    const uncalled = await call(server.url, 'POST', actions, director, { type: 'uncall', match: online.id });
    expect(uncalled).toMatchObject({ status: 400, body: { code: 'event/state', field: '/match' } });
    await playMatch([players[1], players[0]]);
    const state = players[1].lastState!;
    expect(state.turn.kind).toBe('match-over');
    const winnerSeat = state.framesWon[0] === 1 ? 0 : 1;

    const event = async () => (await call(server.url, 'GET', `/api/events/${id}`, null)).body;
    // The result is pushed as the action stored, naming the table (the watchers apply it to their copies).
    await until(
      () => got.some((m) => m.type === 'event-action' && m.action?.type === 'result'),
      10_000,
      'the result pushed',
    );
    expect(got.find((m) => m.action?.type === 'result')?.action).toMatchObject({ by: '@table', tableId });
    let shown = await event();
    for (let i = 0; i < 50 && shown.event.results.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      shown = await event();
    }
    const result = shown.event.results[0];
    // The event's a/b are the draw's: frames are mapped by account.
    const annaIsA = shown.matches.find((m) => m.id === online.id)?.a === 'e1';
    const annaFrames = state.framesWon[0];
    expect(result).toMatchObject({
      match: online.id,
      tableId,
      reason: 'played',
      by: '@table',
      frames: annaIsA ? [annaFrames, 1 - annaFrames] : [1 - annaFrames, annaFrames],
    });
    expect(shown.event.calls[online.id]).toBeUndefined();
    // Live: one push per stored action, with the table and the running frames and points by side.
    const lives = got.filter((m) => m.type === 'event-live' && m.match === online.id);
    expect(lives.length).toBe(players[1].seq);
    expect(
      lives.every((m) => JSON.stringify(m.live?.source) === JSON.stringify({ kind: 'online', tableId })),
    ).toBe(true);
    const lastLive = lives.reduce((a, b) => ((a.live?.seq ?? 0) > (b.live?.seq ?? 0) ? a : b));
    expect(lastLive.live?.frames).toEqual(result?.frames);
    // Rated, as online tables between accounts are (Glicko-2 per variant).
    const rating = async (player: string) =>
      (
        (await (await fetch(`${server.url}/api/players/${player}`)).json()) as {
          ratings: { free?: { rating: number; games: number } };
        }
      ).ratings.free;
    const [winner, loser] = winnerSeat === 0 ? [anna.id, boris.id] : [boris.id, anna.id];
    expect((await rating(winner))?.games).toBe(1);
    expect((await rating(winner))?.rating).toBeGreaterThan(1500);
    expect((await rating(loser))?.rating).toBeLessThan(1500);

    // A repeated report (a crash and restart, a second process) is refused and changes nothing.
    const version = shown.version;
    await new Promise((r) => setTimeout(r, 100));
    const final = await event();
    expect(final.version).toBe(version);
    expect(final.event.results).toHaveLength(1);
    for (const p of players) p.close();
  });

  it('a match taken off its online table before it started: the table seats nobody more and is closed; called again, it gets a new table', {
    timeout: 60_000,
  }, async () => {
    const server = await testServer({ httpLimits: null });
    servers.push(server);
    const { director, anna, boris, actions, online } = await directedEvent(server.url);
    const tableId = await callOnline(server.url, actions, director, online.id);
    // Anna sits down; the director takes the match off the table before Boris comes. The table is
    // closed at once (finished with no match): Anna, who sat at it, is told.
    const a = await client(server.url, anna.token);
    expect((await a.join(tableId, 'player')).ok).toBe(true);
    const uncalled = await call(server.url, 'POST', actions, director, { type: 'uncall', match: online.id });
    expect(uncalled.status).toBe(200);
    await until(() => a.table?.status === 'finished', 5000, 'Anna to see the table closed');
    // Boris, who comes later, is refused his seat with the reason.
    const b = await client(server.url, boris.token);
    expect(await b.join(tableId, 'player')).toMatchObject({
      ok: false,
      error: { code: 'table/not-found', field: '/tableId' },
    });
    const closed = await api(server.url).table(tableId);
    if (!closed.ok) throw new Error(closed.error.message);
    expect(closed.value.table.status).toBe('finished');
    expect(closed.value.table.seq).toBe(0);
    // Called again: a new table, at which both sit down and the match starts.
    const newTableId = await callOnline(server.url, actions, director, online.id);
    expect(newTableId).not.toBe(tableId);
    expect((await a.join(newTableId, 'player')).ok).toBe(true);
    expect((await b.join(newTableId, 'player')).ok).toBe(true);
    await until(() => a.lastState !== null && b.lastState !== null, 10_000, 'the match to start');
    a.close();
    b.close();
  });

  it('a crash between the call and the table, or after the end and before the report, is repaired at start', {
    timeout: 120_000,
  }, async () => {
    const first = await testServer({ httpLimits: null });
    const dataDir = first.dataDir;
    const { anna, boris, id, online } = await directedEvent(first.url, '2');
    await first.close();

    // The call is stored, the process dies before it makes the table.
    const sqlite = new SqliteStore(dataDir);
    const events = new SqliteEventStore(sqlite);
    const stored = await events.get(id);
    const directorId = stored!.event.spec.directors[0] as string;
    const calledByHand = await events.act(
      id,
      {
        type: 'call',
        by: directorId,
        at: 5_000,
        match: online.id,
        table: 'online',
        tableId: 'orphanTableOfTheEvent1',
      },
      5_000,
    );
    expect(calledByHand?.ok).toBe(true);
    expect(await sqlite.table('orphanTableOfTheEvent1')).toBeNull();
    await sqlite.close();

    // A process that starts makes it, and dies once the match has ended, before the report.
    const child = await spawnServer(dataDir, { PYRAMID_TEST_FAULT: 'event-before-report:1:KILL' });
    const players = [
      await client(child.url, anna.token, { reconnect: false }),
      await client(child.url, boris.token, { reconnect: false }),
    ] as const;
    const joined = await players[0].join('orphanTableOfTheEvent1', 'player');
    expect(joined.ok ? null : joined.error).toBeNull();
    expect((await players[1].join('orphanTableOfTheEvent1', 'player')).ok).toBe(true);
    const exited = new Promise((resolve) => child.child.once('exit', resolve));
    await playMatch(players).catch(() => {});
    await exited;
    for (const p of players) p.close();

    const check = new SqliteStore(dataDir);
    expect((await check.table('orphanTableOfTheEvent1'))?.status).toBe('finished');
    expect((await new SqliteEventStore(check).get(id))?.event.results).toHaveLength(0);
    await check.close();

    // Started again: the finished table's result is reported.
    const again = await testServer({ httpLimits: null, dataDir });
    servers.push(again);
    const shown = (await call(again.url, 'GET', `/api/events/${id}`, null)).body;
    expect(shown.event.results).toHaveLength(1);
    expect(shown.event.results[0]).toMatchObject({
      match: online.id,
      tableId: 'orphanTableOfTheEvent1',
      by: '@table',
    });
    // Reported again (a second start, another process): refused, nothing changes.
    await again.close();
    servers.pop();
    const last = new SqliteStore(dataDir);
    const lastEvents = new SqliteEventStore(last);
    const before = await lastEvents.get(id);
    const repeat = await reportPlayedMatch(
      { events: lastEvents, watchers: null },
      {
        eventId: id,
        match: online.id,
        frames: shown.event.results[0]!.frames,
        tableId: 'orphanTableOfTheEvent1',
      },
      9_000,
    );
    expect(repeat).toMatchObject({ ok: false, error: { code: 'state' } });
    expect((await lastEvents.get(id))?.version).toBe(before?.version);
    await last.close();
  });
});
