/**
 * Players' pages, live (issue 28): a follower of a player (`player-watch`) is sent the matches he
 * plays now (`player-live`) and again after every stored action — on an online table he is seated
 * at, and in a match of a club event scored at a real table whose entry is his account — and the
 * match leaves the list when it ends, once its result is in the player's history or events. The
 * index is in memory and rebuilt from the stores when the server starts again. Real servers
 * (SQLite, loopback), real WebSocket clients.
 */
import type { PlayerLiveMatch } from '@pyramid/online';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { account, call, drawnEvent, playMatch, sockets } from './events-online-support.js';
import {
  actionEntry,
  calledMatch,
  freeMatchActions,
  type Socket,
  scorer,
  scoringLink,
  socket,
} from './live-support.js';
import { client, guest, removeTempDirs, testServer, until } from './support.js';

const servers: RunningServer[] = [];
const opened: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.terminate();
  for (const s of opened) s.ws.terminate();
  for (const s of servers) await s.close();
  removeTempDirs();
});

interface PlayerLive {
  type: 'player-live';
  playerId: string;
  matches: PlayerLiveMatch[];
}

/** A socket following `playerId`'s page, once its first `player-live` has come. */
async function follow(url: string, token: string, playerId: string): Promise<Socket> {
  const s = await socket(url, token);
  opened.push(s);
  s.send({ type: 'player-watch', playerId });
  await until(() => pages(s, playerId).length > 0, 10_000, 'the first player-live');
  return s;
}

const pages = (s: Socket, playerId: string): PlayerLive[] =>
  (s.of('player-live') as unknown as PlayerLive[]).filter((m) => m.playerId === playerId);

describe('a player page, live', () => {
  it('shows the online table he plays at after each action, and leaves it when the match ends, in his history', {
    timeout: 120_000,
  }, async () => {
    const server = await testServer({ httpLimits: null });
    servers.push(server);
    const director = (await guest(server.url, 'Director')).session.token;
    const anna = await account(server.url, 'anna');
    const boris = await account(server.url, 'boris');
    const { id, actions, online } = await drawnEvent(server.url, director, anna.id, boris.id);
    const called = await call(server.url, 'POST', actions, director, {
      type: 'call',
      match: online.id,
      table: 'online',
    });
    const tableId = called.body.event.calls[online.id]?.tableId as string;

    const vera = (await guest(server.url, 'Vera')).session.token;
    // Bad input is refused naming the field; an unknown player too.
    const bad = await socket(server.url, vera);
    opened.push(bad);
    bad.send({ type: 'player-watch', playerId: 'no such/id', ref: 'bad' });
    bad.send({ type: 'player-watch', playerId: 'unknownPlayer0123456789', ref: 'unknown' });
    await bad.settled();
    expect(bad.got.find((m) => m.ref === 'bad')).toMatchObject({
      code: 'protocol/schema',
      field: '/playerId',
    });
    expect(bad.got.find((m) => m.ref === 'unknown')).toMatchObject({
      code: 'player/not-found',
      field: '/playerId',
    });

    const watcher = await follow(server.url, vera, anna.id);
    // Not started yet: nobody is seated.
    expect(pages(watcher, anna.id)[0]?.matches).toEqual([]);
    // Another connection follows Boris, then Anna: one player at a time, the first watch ends.
    const switcher = await follow(server.url, vera, boris.id);
    switcher.send({ type: 'player-watch', playerId: anna.id });
    await until(() => pages(switcher, anna.id).length > 0, 10_000, 'the switch');

    const players = [await client(server.url, anna.token), await client(server.url, boris.token)] as const;
    expect((await players[0].join(tableId, 'player')).ok).toBe(true);
    expect((await players[1].join(tableId, 'player')).ok).toBe(true);
    await playMatch(players);
    const final = players[0].lastState;
    expect(final?.turn.kind).toBe('match-over');
    await until(
      () => pages(watcher, anna.id).at(-1)?.matches.length === 0 && pages(watcher, anna.id).length > 2,
      10_000,
      'the match gone from the page',
    );
    const shown = pages(watcher, anna.id).slice(1);
    const during = shown.slice(0, -1).map((m) => m.matches[0] as PlayerLiveMatch);
    // One push when the match starts, then one per stored action, in order, each with the table's
    // running score; the last action ends the match and its push has it no more.
    const tableSeq = (await (await fetch(`${server.url}/api/tables/${tableId}`)).json()) as {
      table: { seq: number };
    };
    expect(during.map((m) => m.seq)).toEqual(Array.from({ length: tableSeq.table.seq }, (_, i) => i));
    for (const m of during) {
      expect(m).toMatchObject({
        key: `table:${tableId}`,
        source: { kind: 'online', tableId },
        players: [
          { id: anna.id, name: 'anna' },
          { id: boris.id, name: 'boris' },
        ],
        race: 1,
        event: { eventId: id, match: online.id, name: 'Online cup' },
        watchUrl: `/?watch=${tableId}`,
        eventUrl: `/event.html?id=${id}`,
      });
      expect(m.frames).toEqual([0, 0]);
    }
    // Before the end somebody is at the table.
    expect(during.at(-1)?.atTable).not.toBeNull();
    // The switcher heard Anna's table too, and nothing of Boris after it switched.
    expect(pages(switcher, anna.id).length).toBe(pages(watcher, anna.id).length);
    expect(pages(switcher, boris.id)).toHaveLength(1);
    // The finished match is in Anna's history by then.
    const page = (await (await fetch(`${server.url}/api/players/${anna.id}`)).json()) as {
      matches: { id: string; status: string }[];
    };
    expect(page.matches.find((m) => m.id === tableId)?.status).toBe('finished');
    for (const p of players) p.close();
  });

  it('shows a scored match of an event whose entry is his account; rebuilt after a restart; gone at the end', {
    timeout: 60_000,
  }, async () => {
    const first = await testServer({ httpLimits: null });
    const dataDir = first.dataDir;
    const director = (await guest(first.url, 'Director')).session.token;
    const anna = await account(first.url, 'anna');
    const boris = await account(first.url, 'boris');
    const { eventId, match: ready } = await calledMatch(first.url, director, [
      { name: 'Anna', account: anna.id },
      { name: 'Boris', account: boris.id },
    ]);
    const link = await scoringLink(first.url, director, eventId, ready.id);

    const vera = (await guest(first.url, 'Vera')).session.token;
    const watcher = await follow(first.url, vera, anna.id);
    const script = freeMatchActions();
    const phone = await scorer(() => first.url, director, link, 'phone-of-the-referee-01');
    await phone.connect();
    await until(() => phone.sync.status === 'writing', 10_000, 'the lease');
    for (const action of script.slice(0, 4)) await phone.sync.record(actionEntry(action));
    await until(() => pages(watcher, anna.id).at(-1)?.matches[0]?.seq === 4, 10_000, 'four entries');
    const seqs = pages(watcher, anna.id).map((m) => m.matches[0]?.seq ?? 0);
    expect(seqs).toEqual([0, 1, 2, 3, 4]);
    const shown = pages(watcher, anna.id).at(-1)?.matches[0] as PlayerLiveMatch;
    const annaIs = ready.a === 'e1' ? 0 : 1;
    expect(shown).toMatchObject({
      key: `live:${link.liveId}`,
      source: { kind: 'scorer', liveId: link.liveId, table: '3' },
      race: 1,
      event: { eventId, match: ready.id, name: 'Live cup' },
      watchUrl: `/overlay.html?live=${link.liveId}`,
      eventUrl: `/event.html?id=${eventId}`,
    });
    expect(shown.players[annaIs]).toEqual({ id: anna.id, name: 'Anna' });
    expect(shown.players[1 - annaIs]).toEqual({ id: boris.id, name: 'Boris' });
    // The same as the live match's own score.
    const live = (await (await fetch(`${first.url}/api/live/${link.liveId}`)).json()) as {
      live: { frames: number[]; points: number[] };
    };
    expect(shown.points).toEqual(live.live.points);
    phone.disconnect();
    await first.close();

    // Started again on the same data: the index is rebuilt from the stores.
    const second = await testServer({ httpLimits: null, dataDir });
    servers.push(second);
    const again = await follow(second.url, vera, boris.id);
    expect(pages(again, boris.id)[0]?.matches).toMatchObject([{ key: `live:${link.liveId}`, seq: 4 }]);
    // The scorer goes on there and ends the match: the page has it no more, and his events list
    // has the event with the result stored.
    const phone2 = await scorer(() => second.url, director, link, 'phone-of-the-referee-01');
    await phone2.connect();
    await until(() => phone2.sync.status === 'writing', 10_000, 'the lease again');
    for (const action of script.slice(4)) await phone2.sync.record(actionEntry(action));
    await until(() => pages(again, boris.id).at(-1)?.matches.length === 0, 15_000, 'the end');
    const counts = pages(again, boris.id).map((m) => m.matches[0]?.seq ?? null);
    expect(counts).toEqual([4, ...Array.from({ length: script.length - 5 }, (_, i) => i + 5), null]);
    const event = (await (await fetch(`${second.url}/api/events/${eventId}`)).json()) as {
      event: { results: { match: string }[] };
    };
    expect(event.event.results.map((r) => r.match)).toEqual([ready.id]);
    const entered = (await (await fetch(`${second.url}/api/players/${boris.id}/events`)).json()) as {
      id: string;
    }[];
    expect(entered.map((e) => e.id)).toContain(eventId);
    phone2.disconnect();
  });

  it('drops a scored match whose result the director entered by hand', { timeout: 30_000 }, async () => {
    const server = await testServer({ httpLimits: null });
    servers.push(server);
    const director = (await guest(server.url, 'Director')).session.token;
    const anna = await account(server.url, 'anna');
    const { eventId, match } = await calledMatch(server.url, director, [
      { name: 'Anna', account: anna.id },
      { name: 'Carl' },
    ]);
    const link = await scoringLink(server.url, director, eventId, match.id);
    const watcher = await follow(server.url, (await guest(server.url, 'Vera')).session.token, anna.id);
    const phone = await scorer(() => server.url, director, link, 'phone-of-the-referee-02');
    await phone.connect();
    await until(() => phone.sync.status === 'writing', 10_000, 'the lease');
    for (const action of freeMatchActions().slice(0, 2)) await phone.sync.record(actionEntry(action));
    await until(() => pages(watcher, anna.id).at(-1)?.matches[0]?.seq === 2, 10_000, 'two entries');
    // Carl has no account: his side is a name alone.
    const shown = pages(watcher, anna.id).at(-1)?.matches[0] as PlayerLiveMatch;
    expect(shown.players.map((p) => p.id).sort()).toEqual([anna.id, null].sort());
    const done = await call(server.url, 'POST', `/api/events/${eventId}/actions`, director, {
      type: 'result',
      match: match.id,
      frames: [1, 0],
    });
    expect(done.status).toBe(200);
    await until(() => pages(watcher, anna.id).at(-1)?.matches.length === 0, 10_000, 'the match gone');
    expect(pages(watcher, anna.id).map((m) => m.matches[0]?.seq ?? null)).toEqual([null, 1, 2, null]);
    phone.disconnect();
  });
});
