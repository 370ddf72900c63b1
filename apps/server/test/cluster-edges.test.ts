/**
 * The cluster's edges (issue 23 §2): faults between "all well" and "a process died", on real
 * PostgreSQL and Redis on loopback. An owner frozen longer than a forwarded request waits but
 * shorter than its lease; a stale owner woken after its lease; Redis restarted with players relayed
 * through another process; Redis frozen; PostgreSQL stopped under a stroke. In each a client is told
 * only what is known, and nobody loses a seat to a fault.
 */
import { type OnlineClient, PROTOCOL_VERSION } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import {
  clusterServer,
  isStopped,
  Link,
  leaseOf,
  restartRedis,
  storedSeqs,
  TEST_LEASE_MS,
  useCluster,
} from './cluster-support.js';
import { RawSocket } from './raw-ws.js';
import { botMove, client, collect, guest, until } from './support.js';

// PostgreSQL of its own: the last test stops it.
const cluster = useCluster(1, { ownPostgres: true });
/** The standing process beside each test's owner. */
const other = () => cluster.servers[0]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A table made at `annaUrl` (the owner: the process it is made on) with Anna connected there and
 * Boris at `borisUrl`, both seated; Boris breaks (seat 1).
 */
async function table(annaUrl: string, borisUrl: string, options: { reconnect?: boolean } = {}) {
  const anna = await guest(annaUrl, 'Anna');
  const boris = await guest(borisUrl, 'Boris');
  const made = await anna.api.createTable({ variant: 'free', start: { from: 'rack', breaker: 1 } });
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  const a = await client(annaUrl, anna.session.token, options);
  const b = await client(borisUrl, boris.session.token, options);
  expect((await a.join(id, 'player')).ok).toBe(true);
  expect((await b.join(id, 'player')).ok).toBe(true);
  await until(() => a.lastState !== null && b.lastState !== null);
  return { id, anna, a, b, pair: [a, b] as [OnlineClient, OnlineClient] };
}

/** The table's lease once a token newer than `first`'s is taken (or the last read, after 15 s). */
async function leaseAfter(id: string, first: Awaited<ReturnType<typeof leaseOf>>) {
  let taken: Awaited<ReturnType<typeof leaseOf>> = null;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    taken = await leaseOf(cluster.services.db, id);
    if (taken !== null && taken.token > (first?.token ?? 0)) break;
    await sleep(50);
  }
  return taken;
}

/** The message of a bot move's refusal, or 'played'. */
const attempt = (pair: readonly [OnlineClient, OnlineClient], seed: number) =>
  botMove(pair, 'amateur', seed).then(
    () => 'played',
    (caught: Error) => caught.message,
  );

const seatsPresent = (c: OnlineClient) =>
  c.table?.seats[0]?.presence === 'present' && c.table?.seats[1]?.presence === 'present';

describe('the cluster at its edges', () => {
  it('an owner frozen longer than the forward wait (not its lease) stores a forwarded stroke: it is answered as played', async () => {
    // A long lease: the 2.3 s freeze stays well inside it whenever its last renewal was.
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url, {
      PYRAMID_TEST_FAULT: 'before-append:1:STOP',
      PYRAMID_LEASE_MS: '6000',
    });
    const { id, a, b, pair } = await table(owner.url, other().url);
    // Every refusal Boris gets, also one that comes after his client took the broadcast as the answer.
    const refusals = collect(b, 'error');
    // Boris breaks from the other process; the owner freezes itself at that stroke's append.
    const sentAt = Date.now();
    const played = attempt(pair, 3);
    await until(() => isStopped(owner.child.pid!), 20_000, 'the owner to freeze at its append');
    await sleep(2300);
    owner.child.kill('SIGCONT');
    expect(await played).toBe('played');
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1]);
    await until(() => a.seq === 1 && b.seq === 1, 10_000, 'both to hear the break');
    // However long the other process would wait (its request timeout, then two leases and 2 s),
    // it never says of the stored stroke that it was not played.
    await sleep(Math.max(0, sentAt + 2000 + TEST_LEASE_MS * 2 + 3000 - Date.now()));
    expect(refusals).toEqual([]);
    expect(await botMove(pair, 'amateur', 3)).toBe(true);
    a.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);

  it('a stale owner woken after its lease takes no seat, says no presence and broadcasts nothing for the table', async () => {
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url);
    // Anna's first connection never reconnects by itself: it stays open, frozen with the owner.
    const { id, anna, a, b } = await table(owner.url, other().url, { reconnect: false });
    const first = await leaseOf(cluster.services.db, id);
    owner.child.kill('SIGSTOP');
    // The other process takes the table for Boris; Anna comes back to it there, on a new connection.
    const taken = await leaseAfter(id, first);
    expect(taken?.owner).not.toBe(first?.owner);
    await until(() => b.table?.seats[1]?.presence === 'present' && b.seq === 0, 15_000, 'Boris moved');
    const a2 = await client(other().url, anna.session.token, { reconnect: false });
    const superseded = collect(a2, 'superseded');
    expect((await a2.join(id, 'player')).ok).toBe(true);
    await until(() => seatsPresent(b), 10_000, 'both seated at the new owner');
    const presences = collect(b, 'presence');
    owner.child.kill('SIGCONT');
    // The woken owner's rounds run (each a third of a lease) and find the lease gone.
    await sleep(TEST_LEASE_MS * 2);
    expect(superseded).toEqual([]);
    for (const p of presences) expect(p.seats[0]?.presence).toBe('present');
    expect(seatsPresent(b)).toBe(true);
    expect(seatsPresent(a2)).toBe(true);
    // Anna plays on from her new connection: the seat is hers there.
    const pair: [OnlineClient, OnlineClient] = [a2, b];
    expect(await attempt(pair, 5)).toBe('played');
    expect(await attempt(pair, 5)).toBe('played');
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1, 2]);
    a.close();
    a2.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);

  it('Redis restarted: a player and a spectator relayed by a process slower to come back keep their places', async () => {
    const relayLink = await new Link([cluster.services.redis.port]).listen();
    cluster.links.push(relayLink);
    const relay = await clusterServer(cluster.services.postgres.url, `redis://127.0.0.1:${relayLink.port}`);
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url);
    const { id, a, b, pair } = await table(owner.url, relay.url);
    const carl = await guest(relay.url, 'Carl');
    const c = await client(relay.url, carl.session.token);
    expect((await c.join(id, 'spectator')).ok).toBe(true);
    await until(() => a.table?.spectators === 1 && seatsPresent(a), 10_000, 'Carl watching');
    const toldA: boolean[] = [];
    const toldB: boolean[] = [];
    a.on('service', (m) => toldA.push(m.available));
    b.on('service', (m) => toldB.push(m.available));
    // Redis loses every key; the relay's way to it stays cut a while longer than the owner's.
    await restartRedis(cluster.services, async () => relayLink.cut());
    await until(() => toldA.length === 2, 15_000, 'the owner to reach Redis again');
    await sleep(TEST_LEASE_MS / 2);
    relayLink.restore();
    await until(() => toldB.length === 2, 15_000, 'the relay to reach Redis again');
    expect(toldA).toEqual([false, true]);
    expect(toldB).toEqual([false, true]);
    // Sweeps of the owner over two leases: nobody is dropped.
    await sleep(TEST_LEASE_MS * 2);
    expect(seatsPresent(a)).toBe(true);
    expect(a.table?.spectators).toBe(1);
    expect(await attempt(pair, 7)).toBe('played');
    await until(() => c.seq === 1, 10_000, 'Carl to see the break');
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1]);
    a.close();
    b.close();
    c.close();
    owner.child.kill('SIGKILL');
    relay.child.kill('SIGKILL');
  }, 90_000);

  it('Redis frozen 4 s: both processes notice the silent bus, say so, refuse intents, and recover', async () => {
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url);
    const { id, a, b, pair } = await table(owner.url, other().url);
    expect(await attempt(pair, 9)).toBe('played');
    const toldA: boolean[] = [];
    const toldB: boolean[] = [];
    a.on('service', (m) => toldA.push(m.available));
    b.on('service', (m) => toldB.push(m.available));
    const redis = cluster.services.redis.child;
    const frozenAt = Date.now();
    redis.kill('SIGSTOP');
    try {
      await until(() => toldA.length === 1 && toldB.length === 1, 3500, 'both to say the bus is silent');
      expect(toldA).toEqual([false]);
      expect(toldB).toEqual([false]);
      expect(await attempt(pair, 9)).toMatch(/refused: server\/unavailable/);
      await sleep(Math.max(0, frozenAt + 4000 - Date.now()));
    } finally {
      redis.kill('SIGCONT');
    }
    await until(() => toldA.length === 2 && toldB.length === 2, 10_000, 'both to say the bus is back');
    expect(toldA).toEqual([false, true]);
    expect(toldB).toEqual([false, true]);
    // Nothing was stored while the bus was silent; play resumes, heard by both.
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1]);
    expect(seatsPresent(a)).toBe(true);
    expect(await attempt(pair, 9)).toBe('played');
    await until(() => a.seq === 2 && b.seq === 2, 10_000, 'both to hear the move');
    a.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);

  // Last: PostgreSQL does not come back for the rest of the file.
  it('PostgreSQL stopped at once (-m immediate): the stroke sent then, a new hello and an HTTP read are refused server/unavailable', async () => {
    // A long lease: the owner's next renewal (which would notice) is far off; the stroke meets the stop first.
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url, {
      PYRAMID_LEASE_MS: '60000',
    });
    const { anna, a, b, pair } = await table(owner.url, owner.url);
    expect(await attempt(pair, 11)).toBe('played');
    cluster.services.postgres.stopNow();
    // The owner hears its idle database connections close.
    await sleep(300);
    expect(await attempt(pair, 11)).toMatch(/refused: server\/unavailable/);
    // Outside a commit too: a new connection's hello (the store is asked for the player) and an
    // HTTP read are told that the service is unavailable, not that the server failed.
    const late = await RawSocket.open(`${owner.url.replace(/^http/, 'ws')}/ws`);
    late.sendTogether({ type: 'hello', protocol: PROTOCOL_VERSION, token: anna.session.token });
    await until(() => late.of('error').length > 0, 10_000);
    expect(late.of('error')[0]).toMatchObject({ code: 'server/unavailable' });
    late.destroy();
    const board = await fetch(`${owner.url}/api/leaderboard?variant=free`);
    expect(board.status).toBe(503);
    expect(board.headers.get('retry-after')).toBe('1');
    expect(await board.json()).toMatchObject({ code: 'server/unavailable', field: '' });
    a.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);
});
