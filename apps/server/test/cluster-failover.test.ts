import { type LogEntry, OnlineClient, type WebSocketFactory } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import { clusterServer, Link, leaseOf, storedSeqs, useCluster } from './cluster-support.js';
import { botMove, client, expectRecordReplays, FRAME_SEEDS, guest, until, WS } from './support.js';

/**
 * A client as the web app's (the same OnlineClient) that never reconnects, over a WebSocket that
 * notes the type of every message it sends: what it did itself during a failover.
 */
async function watchedClient(url: string, token: string): Promise<{ client: OnlineClient; sent: string[] }> {
  const sent: string[] = [];
  const Base = WS as unknown as new (url: string) => { send(data: string): void };
  class Noting extends Base {
    override send(data: string): void {
      sent.push((JSON.parse(data) as { type: string }).type);
      super.send(data);
    }
  }
  const c = new OnlineClient({
    url: `${url.replace(/^http/, 'ws')}/ws`,
    token,
    WebSocket: Noting as unknown as WebSocketFactory,
    reconnect: false,
    minDelayMs: 50,
    maxDelayMs: 500,
    timeoutMs: 20_000,
  });
  const hello = await c.connect();
  if (!hello.ok) throw new Error(`connect: ${hello.error.message}`);
  return { client: c, sent };
}

const cluster = useCluster(1);
/** The standing process that survives each test's owner. */
const survivor = () => cluster.servers[0]!;

/** Plays the frame out, riding over the failover: a refused or dropped move is chosen again on the state the clients get next. */
async function playThrough(pair: readonly [OnlineClient, OnlineClient], seed: number): Promise<number> {
  let refusals = 0;
  for (let moves = 0; moves < 3000; ) {
    try {
      if (!(await botMove(pair, 'amateur', seed))) return refusals;
      moves++;
    } catch (caught) {
      refusals++;
      if (refusals > 8) throw caught;
      await until(
        () =>
          pair[0].status === 'open' &&
          pair[1].status === 'open' &&
          pair[0].seq === pair[1].seq &&
          pair[0].table?.seats[0]?.presence === 'present' &&
          pair[0].table?.seats[1]?.presence === 'present',
        20_000,
        'the clients back at the table',
      );
    }
  }
  throw new Error('the frame did not end');
}

/**
 * Where the owner dies, and the seed of a brisk frame: from the rack, 10 actions (support.ts
 * FRAME_SEEDS); from the lag, 14 (with the lag: whoever wins it, the frame is the same, mirrored).
 */
const POINTS = [
  { fault: 'before-append:4:KILL', lag: false, seed: FRAME_SEEDS.free },
  { fault: 'after-append:4:KILL', lag: false, seed: FRAME_SEEDS.free },
  { fault: 'decision:1:KILL', lag: true, seed: 27 },
] as const;

describe('the owner process dies mid-frame', () => {
  for (const { fault, lag, seed } of POINTS) {
    it(`killed at ${fault.split(':')[0]}: the other process takes over and the frame finishes`, async () => {
      const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url, {
        PYRAMID_TEST_FAULT: fault,
      });
      // Anna's connection goes through a balancer: to the owner while it lives, else to the survivor().
      const balancer = await new Link([owner.port, survivor().port]).listen();
      cluster.links.push(balancer);
      const anna = await guest(owner.url, 'Anna');
      const boris = await guest(survivor().url, 'Boris');
      const made = await anna.api.createTable({
        variant: 'free',
        start: lag ? { from: 'rack' } : { from: 'rack', breaker: (seed % 2) as 0 | 1 },
      });
      if (!made.ok) throw new Error(made.error.message);
      const id = made.value.table.id;
      const first = await leaseOf(cluster.services.db, id);
      const a = await client(balancer.url, anna.session.token);
      // Boris is on the surviving process: it keeps his seat through the failover (it joins the
      // table again for him where it is played now), so his client neither reconnects nor joins.
      const watched = await watchedClient(survivor().url, boris.session.token);
      const b = watched.client;
      const statuses: string[] = [];
      b.on('status', (m) => statuses.push(m.status));
      // What each client was told, as it was told (the acknowledgements).
      const told: LogEntry[] = [];
      for (const c of [a, b]) {
        c.on('stroke', (m) => told.push({ seq: m.seq, action: m.action, ruling: m.ruling }));
        c.on('ruling', (m) => told.push({ seq: m.seq, action: m.action, ruling: m.ruling }));
      }
      expect((await a.join(id, 'player')).ok).toBe(true);
      expect((await b.join(id, 'player')).ok).toBe(true);
      await until(() => a.lastState !== null && b.lastState !== null);

      // A move sent to the dying owner is refused (from Anna, whose connection it was) or carried to
      // the new owner by the surviving process (from Boris): either way nothing is lost or doubled.
      await playThrough([a, b], seed);
      await until(() => a.seq === b.seq, 10_000, 'both clients at the end');
      // The owner did die at its fault point, and the survivor holds the table now.
      expect(owner.child.signalCode).toBe('SIGKILL');
      const now = await leaseOf(cluster.services.db, id);
      expect(now?.owner).not.toBe(first?.owner);
      expect(now?.token).toBeGreaterThan(first?.token ?? 0);

      expect(watched.sent.filter((type) => type === 'join')).toEqual(['join']);
      expect(statuses).not.toContain('reconnecting');
      expect(b.status).toBe('open');

      const final = a.lastState!;
      expect(final.turn.kind).toBe('match-over');
      // Nothing applied twice, nothing missing: the stored seqs are 1..n, the clients' log is it.
      expect(await storedSeqs(cluster.services.db, id)).toEqual(
        Array.from({ length: a.seq }, (_, i) => i + 1),
      );
      expect(a.log.map((e) => e.seq)).toEqual(Array.from({ length: a.seq }, (_, i) => i + 1));
      expect(b.log).toEqual(a.log);
      // Every action a client was told of is in the final log, the same.
      for (const entry of told) expect(a.log[entry.seq - 1]).toEqual(entry);

      await expectRecordReplays(boris.api, id, final);
      a.close();
      b.close();
    }, 90_000);
  }
});

describe('the owner dies with both players on the surviving process', () => {
  it('a stroke sent as it dies is carried to the new owner: accepted, no reconnect, no join', async () => {
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url);
    const anna = await guest(owner.url, 'Anna');
    const boris = await guest(survivor().url, 'Boris');
    const made = await anna.api.createTable({ variant: 'free', start: { from: 'rack', breaker: 0 } });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const first = await leaseOf(cluster.services.db, id);
    const a = await watchedClient(survivor().url, anna.session.token);
    const b = await watchedClient(survivor().url, boris.session.token);
    expect((await a.client.join(id, 'player')).ok).toBe(true);
    expect((await b.client.join(id, 'player')).ok).toBe(true);
    await until(() => a.client.lastState?.turn.kind === 'shot' && b.client.lastState !== null);
    owner.child.kill('SIGKILL');
    // Anna breaks at once: the dead owner never answers, the surviving process waits for the
    // lease to expire, takes the table, seats both again and strikes for her there.
    expect(await botMove([a.client, b.client], 'amateur', 5)).toBe(true);
    await until(() => b.client.seq === 1, 10_000, 'Boris to hear the break');
    // Both seated at the one table the new owner loaded (the two came back at once), play goes on.
    expect(await botMove([a.client, b.client], 'amateur', 5)).toBe(true);
    expect(await botMove([a.client, b.client], 'amateur', 5)).toBe(true);
    const now = await leaseOf(cluster.services.db, id);
    expect(now?.owner).not.toBe(first?.owner);
    // Taken over once: one token more than the dead owner's.
    expect(now?.token).toBe((first?.token ?? 0) + 1);
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1, 2, 3]);
    for (const { client: c, sent } of [a, b]) {
      expect(sent.filter((type) => type === 'join')).toEqual(['join']);
      expect(c.status).toBe('open');
    }
    a.client.close();
    b.client.close();
  }, 60_000);
});
