/**
 * The players' pages' news (players/sources.ts), one module alone: a table's actions stored one
 * after the other are published in that order, even when making the first waits longer for a
 * store than making the next (the event's name, read once). The pages keep the highest seq, so
 * news out of order would lose the earlier action. The event store is a stand-in whose first read
 * is the slow one; the bus is the real one of a single process.
 */
import type { TableOptions } from '@pyramid/online';
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../src/bus/local.js';
import type { EventStore, StoredEvent } from '../src/events/store.js';
import { PlayerLiveIndex, type PlayerLiveNews } from '../src/players/live-index.js';
import { PlayerLiveSources } from '../src/players/sources.js';
import { PLAYERS_LIVE_TOPIC } from '../src/players/watchers.js';
import type { Seat, StoredRoom } from '../src/room/types.js';

const seat = (id: string, name: string): Seat => ({
  player: { id, name, account: true },
  member: null,
  presence: 'present',
  awayUntil: null,
  graceTimer: null,
});

describe("the players' pages' news", () => {
  it("publishes a table's actions in the order they were stored, though the first waits longest", async () => {
    const bus = new MemoryBus();
    const published: number[] = [];
    bus.subscribe(PLAYERS_LIVE_TOPIC, (payload) =>
      published.push((JSON.parse(payload) as PlayerLiveNews).seq),
    );
    let reads = 0;
    const events = {
      get: (id: string) =>
        new Promise<StoredEvent>((resolve) => {
          const delay = reads++ === 0 ? 60 : 0;
          setTimeout(
            () => resolve({ id, version: 1, event: { spec: { name: 'Cup', public: true } } } as StoredEvent),
            delay,
          );
        }),
    } as unknown as EventStore;
    const sources = new PlayerLiveSources({
      bus,
      store: { unfinishedTables: async () => [], players: async () => [] },
      events,
      live: null,
      liveNow: null,
      index: new PlayerLiveIndex(),
      log: (line) => {
        throw new Error(line);
      },
    });
    const options = {
      variant: 'free',
      tableSize: '12ft',
      settings: { framesToWin: 2 },
      rated: false,
      public: true,
      event: { eventId: 'ev', match: 'W1-1' },
    } as unknown as TableOptions;
    const room = (seq: number): StoredRoom => ({
      id: 't1',
      options,
      status: 'playing',
      updatedAt: seq,
      seats: [seat('anna', 'Anna'), seat('boris', 'Boris')],
      state: null,
      seq,
      log: [],
      lag: null,
      winner: null,
    });
    for (const seq of [1, 2, 3]) sources.tableStored(room(seq));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(published).toEqual([1, 2, 3]);
  });
});
