/**
 * The Redis bus between two "processes" (two buses, each with its own connections) on a real
 * redis-server on loopback: a publication reaches the subscribers of both, in the publisher's
 * order; unsubscribed topics are left; a bus cut off from Redis says so and recovers when it returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableTopic } from '../src/bus/bus.js';
import { RedisBus } from '../src/bus/redis.js';
import { type LocalRedis, startRedis } from '../test-support/services.js';
import { Link } from './cluster-support.js';

let redis: LocalRedis;
const buses: RedisBus[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const bus of buses.splice(0)) await bus.close();
  await redis.stop();
});

async function open(onHealth?: (healthy: boolean) => void, url = redis.url): Promise<RedisBus> {
  const bus = await RedisBus.open(url, onHealth === undefined ? {} : { onHealth });
  buses.push(bus);
  return bus;
}

/** Resolves when `list` has `n` entries (each delivery is an event: no polling interval to wait). */
function untilCount(list: unknown[], n: number, timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (list.length >= n) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error(`${list.length} of ${n} arrived`));
      else setTimeout(tick, 2);
    };
    tick();
  });
}

describe('the Redis bus', () => {
  it('fans a table out to both processes in the order it was published', async () => {
    const a = await open();
    const b = await open();
    const atA: string[] = [];
    const atB: string[] = [];
    const other: string[] = [];
    a.subscribe(tableTopic('t1'), (p) => atA.push(p));
    b.subscribe(tableTopic('t1'), (p) => atB.push(p));
    b.subscribe(tableTopic('t2'), (p) => other.push(p));
    await Promise.all([a.ready(), b.ready()]);
    expect(a.subscribers(tableTopic('t1'))).toBe(1);
    expect(b.subscribers(tableTopic('t1'))).toBe(1);
    expect(a.subscribers(tableTopic('t2'))).toBe(0);
    const sent = Array.from({ length: 200 }, (_, i) => JSON.stringify({ type: 'stroke', seq: i + 1 }));
    for (const payload of sent) a.publish(tableTopic('t1'), payload);
    await untilCount(atB, 200);
    await untilCount(atA, 200);
    expect(atB).toEqual(sent);
    expect(atA).toEqual(sent);
    expect(other).toEqual([]);
  });

  it('stops delivering a topic nobody here subscribes to any more', async () => {
    const a = await open();
    const b = await open();
    const got: string[] = [];
    const stop = b.subscribe(tableTopic('t3'), (p) => got.push(p));
    const marker: string[] = [];
    b.subscribe(tableTopic('t4'), (p) => marker.push(p));
    await b.ready();
    a.publish(tableTopic('t3'), 'one');
    await untilCount(got, 1);
    stop();
    expect(b.subscribers(tableTopic('t3'))).toBe(0);
    await b.ready();
    a.publish(tableTopic('t3'), 'two');
    // Published after 'two' on the same connection: when it has arrived, 'two' would have too.
    a.publish(tableTopic('t4'), 'after');
    await untilCount(marker, 1);
    expect(got).toEqual(['one']);
  });

  it('says when it is cut off from Redis and when it is back, then delivers again', async () => {
    const health: boolean[] = [];
    // Both buses reach Redis through a loopback link the test cuts and restores. Restarting
    // redis-server on its old port instead raced the other test files, which start their own
    // services on free loopback ports and could take the freed one.
    const link = await new Link([redis.port]).listen();
    const viaLink = `redis://127.0.0.1:${link.port}`;
    const a = await open((h) => health.push(h), viaLink);
    const b = await open(undefined, viaLink);
    expect(a.healthy).toBe(true);
    const got: string[] = [];
    a.subscribe(tableTopic('t5'), (p) => got.push(p));
    await a.ready();
    link.cut();
    await untilCount(health, 2);
    expect(health).toEqual([true, false]);
    expect(a.healthy).toBe(false);
    link.restore();
    await untilCount(health, 3, 10_000);
    expect(health).toEqual([true, false, true]);
    // b reconnects on its own too; a has subscribed t5 again by itself.
    await new Promise<void>((resolve) =>
      b.healthy ? resolve() : b.publisher.once('ready', () => resolve()),
    );
    await a.ready();
    b.publish(tableTopic('t5'), 'back');
    await untilCount(got, 1);
    expect(got).toEqual(['back']);
    await link.close();
  });
});
