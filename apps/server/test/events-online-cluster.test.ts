/**
 * An event's match on an online table in a cluster (PostgreSQL, Redis, server processes, real
 * WebSocket clients): the director calls it through one process, which makes and plays the table;
 * that process is killed once the match has ended and before it reports the result. Nothing is
 * lost: a process that starts reports it, once — another one starting reports it again and is
 * refused, and the event stays as it was.
 */
import { describe, expect, it } from 'vitest';
import { clusterServer, useCluster } from './cluster-support.js';
import { call, callOnline, directedEvent, playMatch, sockets } from './events-online-support.js';
import { api, client } from './support.js';

const cluster = useCluster(1);

describe('an event’s online match in a cluster', () => {
  it('the process that played it dies before the report: a process that starts reports it, once', {
    timeout: 120_000,
  }, async () => {
    const [standing] = cluster.servers;
    if (standing === undefined) throw new Error('one process expected');
    const { postgres, redis } = cluster.services;
    const doomed = await clusterServer(postgres.url, redis.url, {
      PYRAMID_TEST_FAULT: 'event-before-report:1:KILL',
    });
    const { director, anna, boris, id, actions, online } = await directedEvent(standing.url, '3');

    // Called through the doomed process: it makes the table and plays it.
    const called = await call(doomed.url, 'POST', actions, director, {
      type: 'call',
      match: online.id,
      table: 'online',
    });
    expect(called.status).toBe(200);
    const tableId = called.body.event.calls[online.id]?.tableId as string;
    // Called again through the other process: the same table, no second one.
    const again = await call(standing.url, 'POST', actions, director, {
      type: 'call',
      match: online.id,
      table: 'online',
    });
    expect(again.body.event.calls[online.id]?.tableId).toBe(tableId);
    expect(again.body.version).toBe(called.body.version);

    const players = [
      await client(doomed.url, anna.token, { reconnect: false }),
      await client(doomed.url, boris.token, { reconnect: false }),
    ] as const;
    expect((await players[0].join(tableId, 'player')).ok).toBe(true);
    expect((await players[1].join(tableId, 'player')).ok).toBe(true);
    const exited = new Promise((resolve) => doomed.child.once('exit', resolve));
    await playMatch(players).catch(() => {});
    await exited;
    for (const p of players) p.close();
    const event = async () => (await call(standing.url, 'GET', `/api/events/${id}`, null)).body;
    const stuck = await event();
    expect(stuck.event.results).toHaveLength(0);

    // A process starts: the finished table's result is reported.
    const fresh = await clusterServer(postgres.url, redis.url);
    const reported = await event();
    expect(reported.event.results).toEqual([
      expect.objectContaining({ match: online.id, tableId, by: '@table', reason: 'played' }),
    ]);
    expect(reported.version).toBe(stuck.version + 1);
    // Another starts and reports it again: refused, nothing changes.
    await clusterServer(postgres.url, redis.url);
    const after = await event();
    expect(after.version).toBe(reported.version);
    expect(after.event.results).toHaveLength(1);
    fresh.child.kill('SIGKILL');
    for (const s of sockets) s.terminate();
  });

  it('a match taken off its table through another process before it started: its owner seats nobody more and closes it', {
    timeout: 60_000,
  }, async () => {
    const [standing] = cluster.servers;
    if (standing === undefined) throw new Error('one process expected');
    const { postgres, redis } = cluster.services;
    const second = await clusterServer(postgres.url, redis.url);
    const { director, boris, actions, online } = await directedEvent(standing.url, '4');
    // Called through one process (which makes the table and plays it), uncalled through the other.
    const tableId = await callOnline(standing.url, actions, director, online.id);
    const uncalled = await call(second.url, 'POST', actions, director, { type: 'uncall', match: online.id });
    expect(uncalled.status).toBe(200);
    // Boris comes through the other process too: the owner refuses him the seat and closes the table.
    const b = await client(second.url, boris.token, { reconnect: false });
    expect(await b.join(tableId, 'player')).toMatchObject({
      ok: false,
      error: { code: 'table/not-found', field: '/tableId' },
    });
    // Closed in the store (the owner wrote it before it answered), read through the other process.
    const table = await api(second.url).table(tableId);
    if (!table.ok) throw new Error(table.error.message);
    expect(table.value.table.status).toBe('finished');
    b.close();
    second.child.kill('SIGKILL');
  });
});
