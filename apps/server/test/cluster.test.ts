/**
 * Two server processes on one PostgreSQL and one Redis: two bot clients, each connected to a
 * different process, play a frame of each variant; every intent of the client on the other
 * process is forwarded to the table's owner and its broadcasts come back through Redis. The record
 * stored in PostgreSQL replays through the real `pyramid referee` to the same result.
 */
import { join } from 'node:path';
import { VARIANTS, type Variant } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import { leaseOf, storedSeqs, useCluster } from './cluster-support.js';
import { client, collect, expectRecordReplays, guest, playOut, tempDir, until } from './support.js';

const cluster = useCluster(2);
/** The two standing processes. */
const one = () => cluster.servers[0]!;
const two = () => cluster.servers[1]!;

/** Short frames: free and combined to 8 points... the defaults are kept; seeds picked for brisk frames. */
const SEEDS: Record<Variant, number> = { free: 3, combined: 9, dynamic: 5, classic: 2 };

describe('two server processes, one table', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: players on different processes play a frame; the stored record replays`, async () => {
      const anna = await guest(one().url, 'Anna');
      const boris = await guest(two().url, 'Boris');
      const made = await anna.api.createTable({
        variant,
        start: { from: 'rack', breaker: (SEEDS[variant] % 2) as 0 | 1 },
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
      const moves = await playOut([a, b], 'amateur', SEEDS[variant]);
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
