/**
 * Two server processes on one PostgreSQL and one Redis: two bot clients, each connected to a
 * different process, play a frame of each variant; every intent of the client on the other
 * process is forwarded to the table's owner and its broadcasts come back through Redis. The record
 * stored in PostgreSQL replays through the real `pyramid referee` to the same result. The lobby and
 * the quick-match queue are the same seen from either process.
 */
import { join } from 'node:path';
import { OnlineApi } from '@pyramid/online';
import { VARIANTS } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import { leaseOf, storedSeqs, useCluster } from './cluster-support.js';
import {
  client,
  collect,
  expectRecordReplays,
  FRAME_SEEDS,
  guest,
  playOut,
  tempDir,
  until,
} from './support.js';

const cluster = useCluster(2);
/** The two standing processes. */
const one = () => cluster.servers[0]!;
const two = () => cluster.servers[1]!;

describe('two server processes, one table', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: players on different processes play a frame; the stored record replays`, async () => {
      const anna = await guest(one().url, 'Anna');
      const boris = await guest(two().url, 'Boris');
      const made = await anna.api.createTable({
        variant,
        start: { from: 'rack', breaker: (FRAME_SEEDS[variant] % 2) as 0 | 1 },
      });
      if (!made.ok) throw new Error(made.error.message);
      const id = made.value.table.id;
      const a = await client(one().url, anna.session.token);
      const b = await client(two().url, boris.session.token);
      expect((await a.join(id, 'player')).ok).toBe(true);
      const seenByB = collect(b, 'stroke', 'ruling');
      expect((await b.join(id, 'player')).ok).toBe(true);
      await until(() => a.lastState !== null && b.lastState !== null);
      // The table is played by the process it was made on; the other forwards to it.
      const lease = await leaseOf(cluster.services.db, id);
      expect(lease?.token).toBe(1);
      const moves = await playOut([a, b], 'amateur', FRAME_SEEDS[variant]);
      await until(() => b.seq === a.seq, 10_000, 'both clients to have the last action');
      const final = a.lastState!;
      expect(final.turn.kind).toBe('match-over');
      expect(moves).toBe(a.seq);
      expect(a.desyncs + b.desyncs).toBe(0);
      expect(b.lastHash).toBe(a.lastHash);
      // The client on the other process heard every action once, in order.
      expect(seenByB.map((m) => m.seq)).toEqual(Array.from({ length: a.seq }, (_, i) => i + 1));
      expect(await storedSeqs(cluster.services.db, id)).toEqual(
        Array.from({ length: a.seq }, (_, i) => i + 1),
      );

      // The record as the other process reads it from PostgreSQL.
      await expectRecordReplays(boris.api, id, final, join(tempDir(), `${variant}.json`));
      a.close();
      b.close();
    }, 60_000);
  }
});

/** The same player's HTTP API on another process (the session token is good on every process). */
const on = (url: string, token: string | null) => new OnlineApi({ baseUrl: url, fetch, token });

describe('the lobby and the quick-match queue, shared by the processes', () => {
  it('a table made on one process is in the lobby of the other, open and then live', async () => {
    const anna = await guest(one().url, 'Anna');
    const boris = await guest(two().url, 'Boris');
    const made = await anna.api.createTable({ variant: 'dynamic', start: { from: 'rack', breaker: 0 } });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const a = await client(one().url, anna.session.token);
    expect((await a.join(id, 'player')).ok).toBe(true);
    // Boris, on the other process, finds Anna's open table; so does anyone on either process.
    const ids = (list: readonly { id: string }[]) => list.map((t) => t.id);
    for (const api of [boris.api, on(one().url, null), on(two().url, null)]) {
      const lobby = await api.lobby();
      if (!lobby.ok) throw new Error(lobby.error.message);
      expect(ids(lobby.value.open)).toContain(id);
      expect(ids(lobby.value.live)).not.toContain(id);
    }
    const b = await client(two().url, boris.session.token);
    expect((await b.join(id, 'player')).ok).toBe(true);
    await until(() => a.table?.status === 'playing' && b.table?.status === 'playing');
    for (const url of [one().url, two().url]) {
      const lobby = await on(url, anna.session.token).lobby();
      if (!lobby.ok) throw new Error(lobby.error.message);
      expect(ids(lobby.value.open)).not.toContain(id);
      expect(ids(lobby.value.live)).toContain(id);
      const mine = lobby.value.mine.find((t) => t.id === id);
      expect(mine?.seats.map((s) => s?.player.name)).toEqual(['Anna', 'Boris']);
      expect(mine?.seats.map((s) => s?.presence)).toEqual(['present', 'present']);
    }
    a.close();
    b.close();
  }, 30_000);

  it('two players queueing on different processes are matched, once, at one table', async () => {
    const cara = await guest(one().url, 'Cara');
    const dan = await guest(two().url, 'Dan');
    const c = await client(one().url, cara.session.token);
    const told = collect(c, 'matched');
    const waiting = await cara.api.quickMatch({ variant: 'classic' });
    expect(waiting.ok && waiting.value.status).toBe('waiting');
    // Dan, on the other process, completes the pair at once.
    const matched = await dan.api.quickMatch({ variant: 'classic' });
    if (!matched.ok || matched.value.status !== 'matched') throw new Error('Dan was not matched');
    const tableId = matched.value.tableId;
    // Cara hears it over her connection to her own process, and her poll there says the same once.
    await until(() => told.length === 1, 10_000, 'Cara to be told of the match');
    expect(told[0]?.tableId).toBe(tableId);
    const polled = await cara.api.quickMatchStatus();
    expect(polled.ok && polled.value).toEqual({ status: 'matched', tableId });
    const after = await cara.api.quickMatchStatus();
    expect(after.ok && after.value.status).toBe('idle');
    const table = await on(one().url, null).table(tableId);
    expect(table.ok && table.value.table.seats.map((s) => s?.player.name)).toEqual(['Cara', 'Dan']);
    c.close();
  }, 30_000);

  it('players queueing all at once on both processes are paired exactly once each', async () => {
    const players = await Promise.all(
      Array.from({ length: 6 }, (_, i) => guest((i % 2 === 0 ? one() : two()).url, `Q${i}`)),
    );
    const answers = await Promise.all(players.map((p) => p.api.quickMatch({ variant: 'combined' })));
    const tableOf = new Map<string, string>();
    for (const [i, answer] of answers.entries()) {
      if (!answer.ok) throw new Error(answer.error.message);
      if (answer.value.status === 'matched') tableOf.set(players[i]!.session.player.id, answer.value.tableId);
    }
    // Those who waited learn of their match on their next poll.
    for (const [i, answer] of answers.entries()) {
      if (answer.ok && answer.value.status === 'waiting') {
        const polled = await players[i]!.api.quickMatchStatus();
        if (!polled.ok || polled.value.status !== 'matched') throw new Error(`Q${i} was not matched`);
        tableOf.set(players[i]!.session.player.id, polled.value.tableId);
      }
    }
    expect(tableOf.size).toBe(6);
    // Three tables, two players each, each seated at the table he was told of.
    const tables = new Set(tableOf.values());
    expect(tables.size).toBe(3);
    for (const tableId of tables) {
      const table = await on(two().url, null).table(tableId);
      if (!table.ok) throw new Error(table.error.message);
      const seated = table.value.table.seats.map((s) => s?.player.id);
      expect(seated.every((id) => id !== undefined && tableOf.get(id) === tableId)).toBe(true);
    }
  }, 30_000);
});
