/**
 * The live store on both stores (SQLite in a temporary folder, PostgreSQL on loopback): one live
 * match per event match, capabilities by hash (invalid, revoked, expired, bounded), the lease (the
 * first device writes, a take-over bumps the epoch), appends checked against the lease and the
 * count in their transaction — two appends on one count never both pass —, a new header only at
 * the count it was replayed on, and the report marks.
 */
import type { LiveHeader } from '@pyramid/online';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLiveStore } from '../src/live/postgres-store.js';
import { SqliteLiveStore } from '../src/live/sqlite-store.js';
import type { EntryRow, LiveStore } from '../src/live/store.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { type LocalPostgres, startPostgres } from '../test-support/services.js';
import { freshDatabase, removeTempDirs, tempDir } from './support.js';

const header = (event: { eventId: string; match: string } | null): LiveHeader => ({
  variant: 'free',
  tableSize: '12ft',
  settings: {},
  framesToWin: 1,
  players: ['A', 'B'],
  breaker: 0,
  table: '3',
  event,
});

const row = (seq: number, epoch: number, by = 'p1'): EntryRow => ({
  seq,
  entry: { kind: 'action', action: { type: 'foul', player: 0, foul: 'slow-play', note: `${seq}` } },
  epoch,
  by: { id: by, name: by },
  at: 1_000 + seq,
});

let postgres: LocalPostgres | null = null;
let databases = 0;

const kinds: { name: string; open(): Promise<{ live: LiveStore; close(): Promise<void> }> }[] = [
  {
    name: 'SQLite',
    async open() {
      const store = new SqliteStore(tempDir());
      return { live: new SqliteLiveStore(store), close: () => store.close() };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const url = await freshDatabase(postgres as LocalPostgres, `live${++databases}`);
      const store = await PostgresStore.open(url, { poolSize: 4 });
      return { live: new PostgresLiveStore(store), close: () => store.close() };
    },
  },
];

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  removeTempDirs();
});

for (const kind of kinds) {
  describe(`the live store: ${kind.name}`, () => {
    it('keeps one live match per event match, capabilities by hash, revocable, expiring, bounded', async () => {
      const { live, close } = await kind.open();
      const event = { eventId: 'e1', match: 'W1-1' };
      const first = await live.create({ id: 'L'.repeat(22), owner: 'd1', header: header(event) }, 10);
      const second = await live.create({ id: 'M'.repeat(22), owner: 'd2', header: header(event) }, 20);
      expect(second.id).toBe(first.id);
      expect(first).toMatchObject({ count: 0, epoch: 0, writer: null, finished: false, reported: false });
      const friendly = await live.create({ id: 'F'.repeat(22), owner: 'p1', header: header(null) }, 30);
      expect(friendly.reported).toBe(true);
      expect(await live.openFriendly('p1')).toBe(1);
      expect((await live.ofEvent('e1')).map((r) => r.id)).toEqual([first.id]);

      expect(await live.addCapability(first.id, 'h1', 'd1', 100, 1_000, 2)).toBe(true);
      expect(await live.addCapability(first.id, 'h2', 'd1', 100, 1_000, 2)).toBe(true);
      expect(await live.addCapability(first.id, 'h3', 'd1', 100, 1_000, 2)).toBe(false);
      expect(await live.addCapability(friendly.id, 'hf', 'p1', 100, 1_000, 2)).toBe(true);
      expect(await live.checkCapability(first.id, 'h1', 200)).toBe('ok');
      expect(await live.checkCapability(first.id, 'nope', 200)).toBe('invalid');
      // A capability of another live match is invalid here.
      expect(await live.checkCapability(first.id, 'hf', 200)).toBe('invalid');
      expect(await live.checkCapability(first.id, 'h1', 1_000)).toBe('expired');
      expect(await live.revoke(first.id, 300)).toBe(2);
      expect(await live.checkCapability(first.id, 'h1', 400)).toBe('revoked');
      expect(await live.checkCapability(friendly.id, 'hf', 400)).toBe('ok');
      await close();
    });

    it('leases to one device, checks lease and count in every append, and stores each entry once', async () => {
      const { live, close } = await kind.open();
      const id = 'L'.repeat(22);
      await live.create({ id, owner: 'd1', header: header({ eventId: 'e1', match: 'W1-1' }) }, 10);
      await live.addCapability(id, 'cap', 'd1', 10, 1_000_000, 5);
      expect(await live.lease(id, 'forged', 'devA', false, 20)).toMatchObject({
        check: 'invalid',
        writer: false,
      });
      expect((await live.get(id))?.writer).toBeNull();
      expect(await live.lease(id, 'cap', 'devA', false, 20)).toEqual({
        check: 'ok',
        writer: true,
        epoch: 1,
        changed: true,
      });
      expect(await live.lease(id, 'cap', 'devB', false, 21)).toEqual({
        check: 'ok',
        writer: false,
        epoch: 1,
        changed: false,
      });
      expect(await live.lease(id, 'cap', 'devA', false, 22)).toEqual({
        check: 'ok',
        writer: true,
        epoch: 1,
        changed: false,
      });

      const a = { capability: 'cap', device: 'devA', epoch: 1 };
      expect(await live.append(id, { ...a, count: 0 }, [row(1, 1), row(2, 1)], false, 30)).toBe('ok');
      // Ruled on a stale count, or by the device that does not hold the lease: nothing is written.
      expect(await live.append(id, { ...a, count: 1 }, [row(2, 1)], false, 31)).toBe('moved');
      expect(
        await live.append(
          id,
          { capability: 'cap', device: 'devB', epoch: 1, count: 2 },
          [row(3, 1, 'p2')],
          false,
          32,
        ),
      ).toBe('not-writer');
      expect(await live.append(id, { ...a, count: 2 }, [row(3, 1)], false, 33)).toBe('ok');

      // Device B takes over: A's next append is refused.
      expect(await live.lease(id, 'cap', 'devB', true, 40)).toEqual({
        check: 'ok',
        writer: true,
        epoch: 2,
        changed: true,
      });
      expect(await live.append(id, { ...a, count: 3 }, [row(4, 1)], false, 41)).toBe('not-writer');
      const b = { capability: 'cap', device: 'devB', epoch: 2 };
      // Two appends ruled on the same count at once: exactly one is stored.
      const both = await Promise.all([
        live.append(id, { ...b, count: 3 }, [row(4, 2, 'p2')], false, 42),
        live.append(id, { ...b, count: 3 }, [row(4, 2, 'p2')], false, 42),
      ]);
      expect(both.sort()).toEqual(['moved', 'ok']);
      expect((await live.entries(id)).map((e) => [e.seq, e.epoch, e.by.id])).toEqual([
        [1, 1, 'p1'],
        [2, 1, 'p1'],
        [3, 1, 'p1'],
        [4, 2, 'p2'],
      ]);
      expect((await live.entries(id, 2)).map((e) => e.seq)).toEqual([3, 4]);
      expect((await live.entries(id))[0]?.entry).toEqual(row(1, 1).entry);

      // A new header (the event re-called the match) is written only at the count it was replayed on.
      const moved = { ...header({ eventId: 'e1', match: 'W1-1' }), table: '5', players: ['C', 'B'] as const };
      expect(await live.setHeader(id, moved, 3)).toBe(false);
      expect((await live.get(id))?.header.table).toBe('3');
      expect(await live.setHeader(id, moved, 4)).toBe(true);
      expect((await live.get(id))?.header).toEqual(moved);

      // The match ends: the capability expires; the report is owed until marked.
      expect(await live.append(id, { ...b, count: 4 }, [row(5, 2, 'p2')], true, 50)).toBe('ok');
      expect(await live.checkCapability(id, 'cap', 60)).toBe('expired');
      expect(await live.append(id, { ...b, count: 5 }, [row(6, 2, 'p2')], true, 61)).toBe('expired');
      expect((await live.unreported()).map((r) => r.id)).toEqual([id]);
      await live.markReported(id);
      expect(await live.unreported()).toEqual([]);
      expect(await live.get(id)).toMatchObject({
        count: 5,
        epoch: 2,
        writer: 'devB',
        finished: true,
        reported: true,
      });
      // A finished match keeps its header.
      expect(await live.setHeader(id, header({ eventId: 'e1', match: 'W1-1' }), 5)).toBe(false);
      expect((await live.get(id))?.header.table).toBe('5');
      await close();
    });
  });
}
