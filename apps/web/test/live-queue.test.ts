/**
 * The live scorer's queue on the device (queue-store.ts): what is saved is loaded back, a damaged
 * or foreign value is not trusted, and saves land in the order they were made — the store under
 * it is a Map here (IndexedDB in the browser: apps/web/e2e/live.e2e.ts reloads a phone offline).
 */
import type { ScorerQueue } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import { type AsyncStore, decodeQueue, memoryAsyncStore, queueStore } from '../src/scorer/queue-store.js';

const LIVE = 'AbCdEfGhIjKlMnOpQrStUv';
const QUEUE: ScorerQueue = {
  liveId: LIVE,
  device: 'device-0123456789ab',
  header: {
    variant: 'combined',
    tableSize: '12ft',
    settings: {},
    framesToWin: 2,
    players: ['Anna', 'Boris'],
    breaker: 0,
    table: '3',
    event: { eventId: 'ev', match: 'W1-1' },
  },
  epoch: 2,
  stored: [{ kind: 'action', action: { type: 'foul', player: 0, foul: 'slow-play' } }],
  pending: [
    { seq: 2, entry: { kind: 'undo' } },
    { seq: 3, entry: { kind: 'action', action: { type: 'foul', player: 1, foul: 'slow-play' } } },
  ],
  sent: 2,
};

describe('the live queue store', () => {
  it('loads back what it saved, and nothing before the first save', async () => {
    const store = queueStore(memoryAsyncStore(), LIVE);
    expect(await store.load()).toBeNull();
    await store.save(QUEUE);
    expect(await store.load()).toEqual(QUEUE);
  });

  it('keeps each live match apart', async () => {
    const backing = memoryAsyncStore();
    await queueStore(backing, LIVE).save(QUEUE);
    expect(await queueStore(backing, 'ZZZZZZZZZZZZZZZZZZZZZZ').load()).toBeNull();
  });

  it('does not trust a damaged or foreign value', () => {
    expect(decodeQueue(QUEUE, LIVE)).toEqual(QUEUE);
    expect(decodeQueue(null, LIVE)).toBeNull();
    expect(decodeQueue('text', LIVE)).toBeNull();
    expect(decodeQueue({ ...QUEUE, liveId: 'other' }, LIVE)).toBeNull();
    expect(decodeQueue({ ...QUEUE, device: 'short' }, LIVE)).toBeNull();
    expect(decodeQueue({ ...QUEUE, epoch: -1 }, LIVE)).toBeNull();
    expect(decodeQueue({ ...QUEUE, stored: [{ kind: 'shot' }] }, LIVE)).toBeNull();
    // A hole between the log and the queue, or a queue out of order.
    expect(decodeQueue({ ...QUEUE, pending: [{ seq: 3, entry: { kind: 'undo' } }] }, LIVE)).toBeNull();
    expect(decodeQueue({ ...QUEUE, pending: [...QUEUE.pending].reverse() }, LIVE)).toBeNull();
    expect(
      decodeQueue({ ...QUEUE, header: null, epoch: null, stored: [], pending: [], sent: 0 }, LIVE),
    ).not.toBeNull();
    // A queue saved without the mark of what was sent: every entry in it may have been.
    const { sent: _sent, ...unmarked } = QUEUE;
    expect(decodeQueue(unmarked, LIVE)?.sent).toBe(3);
    expect(decodeQueue({ ...QUEUE, sent: -1 }, LIVE)?.sent).toBe(3);
  });

  it('writes saves in the order they were made, even when the store answers out of order', async () => {
    const writes: number[] = [];
    const map = new Map<string, unknown>();
    // A store whose first write is slow: a naive adapter would let the second land first and be overwritten.
    let first = true;
    const slow: AsyncStore = {
      get: async (key) => map.get(key),
      put: async (key, value) => {
        const delay = first ? 20 : 0;
        first = false;
        await new Promise((resolve) => setTimeout(resolve, delay));
        writes.push((value as ScorerQueue).pending.length);
        map.set(key, value);
      },
    };
    const store = queueStore(slow, LIVE);
    const one = store.save({ ...QUEUE, pending: QUEUE.pending.slice(0, 1) });
    const two = store.save(QUEUE);
    await Promise.all([one, two]);
    expect(writes).toEqual([1, 2]);
    expect(await store.load()).toEqual(QUEUE);
  });

  it('saves a copy: a later change to the object saved does not reach the store', async () => {
    const backing = memoryAsyncStore();
    const store = queueStore(backing, LIVE);
    const pending = [...QUEUE.pending];
    await store.save({ ...QUEUE, pending });
    pending.pop();
    expect(((await store.load()) as ScorerQueue).pending).toHaveLength(2);
  });

  it('a failed write does not stop the next one', async () => {
    const map = new Map<string, unknown>();
    let fail = true;
    const flaky: AsyncStore = {
      get: async (key) => map.get(key),
      put: async (key, value) => {
        if (fail) {
          fail = false;
          throw new Error('quota');
        }
        map.set(key, value);
      },
    };
    const store = queueStore(flaky, LIVE);
    await expect(store.save(QUEUE)).rejects.toThrow('quota');
    await store.save(QUEUE);
    expect(await store.load()).toEqual(QUEUE);
  });
});
