/**
 * Faults of a cluster short of a death: a stale owner frozen (SIGSTOP, by its own test-only fault
 * point just before an append) past its lease cannot append after SIGCONT (fencing); a process cut
 * off from Redis or from PostgreSQL (its loopback link cut) takes no intent and says so, and play
 * resumes when the link returns; the shot clock runs on from the stored deadline after a takeover.
 */
import { describe, expect, it } from 'vitest';
import { clusterServer, Link, leaseOf, storedSeqs, useCluster } from './cluster-support.js';
import { botMove, client, collect, guest, until } from './support.js';

const cluster = useCluster(1);
/** The standing process beside each test's owner. */
const other = () => cluster.servers[0]!;

/** A table made on `owner` with Anna at `ownerUrl` (her connection) and Boris on the other process, both seated. */
async function table(ownerUrl: string, connectUrl: string, extra: Record<string, unknown> = {}) {
  const anna = await guest(ownerUrl, 'Anna');
  const boris = await guest(other().url, 'Boris');
  const made = await anna.api.createTable({ variant: 'free', start: { from: 'rack', breaker: 1 }, ...extra });
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  const a = await client(connectUrl, anna.session.token);
  const b = await client(other().url, boris.session.token);
  expect((await a.join(id, 'player')).ok).toBe(true);
  expect((await b.join(id, 'player')).ok).toBe(true);
  await until(() => a.lastState !== null && b.lastState !== null);
  return { id, a, b, pair: [a, b] as const };
}

const link = async (port: number) => {
  const l = await new Link([port]).listen();
  cluster.links.push(l);
  return l;
};

/** The table's lease once a token newer than `first`'s is taken (or the last read, after 15 s). */
async function leaseAfter(id: string, first: Awaited<ReturnType<typeof leaseOf>>) {
  let taken: Awaited<ReturnType<typeof leaseOf>> = null;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    taken = await leaseOf(cluster.services.db, id);
    if (taken !== null && taken.token > (first?.token ?? 0)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return taken;
}

describe('a cluster under faults', () => {
  it('a stale owner frozen past its lease cannot append after it resumes (fencing)', async () => {
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url, {
      PYRAMID_TEST_FAULT: 'before-append:3:STOP',
    });
    const { id, a, b, pair } = await table(owner.url, owner.url);
    const first = await leaseOf(cluster.services.db, id);
    await botMove(pair, 'amateur', 3);
    await botMove(pair, 'amateur', 3);
    // The third move reaches the owner's append, where it freezes itself.
    const frozen = botMove(pair, 'amateur', 3).catch((caught: Error) => caught.message);
    await until(() => owner.child.exitCode === null && b.seq === 2, 10_000, 'two moves played');
    // The other process takes the expired lease (Boris's table moves to it).
    const taken = await leaseAfter(id, first);
    expect(taken?.owner).not.toBe(first?.owner);
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1, 2]);
    // Resumed, the stale owner carries on with its append: the store refuses it.
    owner.child.kill('SIGCONT');
    await until(() => owner.stderr().includes('is no longer held'), 10_000, 'the fenced append');
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1, 2]);
    await frozen;
    // Play goes on at the new owner, both clients included.
    await until(
      () =>
        a.seq === 2 &&
        b.seq === 2 &&
        a.table?.seats[0]?.presence === 'present' &&
        a.table?.seats[1]?.presence === 'present',
      15_000,
      'both back at the table',
    );
    expect(await botMove(pair, 'amateur', 3)).toBe(true);
    expect(await storedSeqs(cluster.services.db, id)).toEqual([1, 2, 3]);
    a.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);

  it('a stale owner frozen past its lease stores and says no chat line after it resumes (fencing)', async () => {
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url, {
      PYRAMID_TEST_FAULT: 'before-chat:2:STOP',
    });
    const { id, a, b } = await table(owner.url, owner.url);
    const heard = collect(b, 'chat');
    expect((await a.chat('good luck')).ok).toBe(true);
    const first = await leaseOf(cluster.services.db, id);
    // The second line reaches the owner's store call, where it freezes itself.
    const late = a.chat('too late');
    const taken = await leaseAfter(id, first);
    expect(taken?.owner).not.toBe(first?.owner);
    owner.child.kill('SIGCONT');
    await until(() => owner.stderr().includes('chat not stored'), 10_000, 'the fenced chat line');
    const refused = await late;
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe('server/unavailable');
    const { rows } = await cluster.services.db.query<{ text: string }>(
      'SELECT text FROM chat WHERE table_id = $1 ORDER BY id',
      [id],
    );
    expect(rows.map((r) => r.text)).toEqual(['good luck']);
    expect(heard.map((m) => m.line.text)).toEqual(['good luck']);
    a.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);

  it('cut off from Redis: no intent is taken, the clients are told, play resumes when it returns', async () => {
    const redisLink = await link(cluster.services.redis.port);
    const owner = await clusterServer(cluster.services.postgres.url, `redis://127.0.0.1:${redisLink.port}`);
    const { id, a, b, pair } = await table(owner.url, owner.url);
    // Vera watches from the other process: her intents are forwarded to the owner over Redis.
    const vera = await guest(other().url, 'Vera');
    const v = await client(other().url, vera.session.token);
    expect((await v.join(id, 'spectator')).ok).toBe(true);
    await botMove(pair, 'amateur', 5);
    // The link is cut once both have heard the move (a broadcast lost in the cut is another question).
    await until(() => a.seq === 1 && b.seq === 1, 10_000, 'both to hear the first move');
    const told: boolean[] = [];
    a.on('service', (m) => told.push(m.available));
    redisLink.cut();
    await until(() => !a.serviceAvailable, 10_000, 'the owner to say it is cut off');
    const refused = await a.extension();
    expect(refused.ok ? null : refused.error.code).toBe('server/unavailable');
    expect(await b.ping()).toMatchObject({ ok: true });
    // A ping right behind an intent that waits on the owner's stalled bus is still answered.
    const stalled = v.chat('anyone there?');
    expect(await v.ping()).toMatchObject({ ok: true });
    v.close();
    expect(await stalled).toMatchObject({ ok: false });
    redisLink.restore();
    await until(() => a.serviceAvailable, 15_000, 'the owner to say it is back');
    expect(told).toEqual([false, true]);
    const at = a.seq;
    expect(await botMove(pair, 'amateur', 5)).toBe(true);
    // The broadcast reaches both processes' clients again.
    await until(() => a.seq === at + 1 && b.seq === at + 1, 10_000, 'both to hear the move');
    a.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);

  it('cut off from PostgreSQL: no intent is taken, the table moves on, play resumes when it returns', async () => {
    const pgLink = await link(cluster.services.postgres.port);
    const owner = await clusterServer(
      cluster.services.postgres.url.replace(`:${cluster.services.postgres.port}/`, `:${pgLink.port}/`),
      cluster.services.redis.url,
    );
    const { id, a, b, pair } = await table(owner.url, owner.url);
    const first = await leaseOf(cluster.services.db, id);
    await botMove(pair, 'amateur', 7);
    pgLink.cut();
    await until(() => !a.serviceAvailable, 10_000, 'the owner to say it is cut off');
    const refused = await a.extension();
    expect(refused.ok ? null : refused.error.code).toBe('server/unavailable');
    // The other process takes the table once the lease expires; Anna's process is back later.
    await until(() => b.table?.seats[1]?.presence === 'present', 15_000, 'Boris moved');
    let moved = await leaseOf(cluster.services.db, id);
    const deadline = Date.now() + 15_000;
    while ((moved?.owner ?? first?.owner) === first?.owner && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      moved = await leaseOf(cluster.services.db, id);
    }
    expect(moved?.owner).not.toBe(first?.owner);
    // Back in touch, Anna's process finds (in its next round) that the table is played elsewhere
    // and joins her there again: the `joined` it sends her says her intents have a route again.
    // (Her state from before the cut already showed her present and in step with Boris.)
    const rejoined = collect(a, 'joined');
    pgLink.restore();
    await until(() => a.serviceAvailable, 15_000, 'the owner to say it is back');
    await until(() => rejoined.length > 0, 15_000, 'Anna joined again where the table is played');
    await until(
      () => a.table?.seats[0]?.presence === 'present' && a.seq === b.seq,
      15_000,
      'Anna back at the table',
    );
    expect(await botMove(pair, 'amateur', 7)).toBe(true);
    expect(await storedSeqs(cluster.services.db, id)).toEqual(Array.from({ length: a.seq }, (_, i) => i + 1));
    a.close();
    b.close();
    owner.child.kill('SIGKILL');
  }, 60_000);

  it('after a takeover the shot clock runs on from the stored deadline', async () => {
    const owner = await clusterServer(cluster.services.postgres.url, cluster.services.redis.url);
    const { id, a, b } = await table(owner.url, owner.url, {
      shotClock: { seconds: 60, extensionsPerFrame: 0 },
    });
    const first = await leaseOf(cluster.services.db, id);
    const before = b.clock;
    expect(before?.paused).toBe(false);
    const stored = await cluster.services.db.query<{ clock: string }>(
      'SELECT clock FROM tables WHERE id = $1',
      [id],
    );
    const deadline = (JSON.parse(stored.rows[0]!.clock) as { deadline: number }).deadline;
    expect(before?.deadline).toBe(deadline);
    const rejoined = collect(b, 'joined');
    owner.child.kill('SIGKILL');
    // Boris's process takes the table and gives him it again: the same deadline, still running.
    await until(() => rejoined.length > 0, 15_000, 'the takeover');
    expect((await leaseOf(cluster.services.db, id))?.owner).not.toBe(first?.owner);
    expect(rejoined[0]?.clock?.deadline).toBe(deadline);
    expect(rejoined[0]?.clock?.paused).toBe(false);
    expect(b.clock?.deadline).toBe(deadline);
    a.close();
    b.close();
  }, 60_000);
});
