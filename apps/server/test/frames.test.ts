/**
 * A whole frame of each variant played through the server by two bot clients (moves chosen by
 * `@pyramid/bots`, sent as intents through `@pyramid/online`), watched by a spectator; the stored
 * record then replays through the real `pyramid referee --json` to the same winner and scores.
 */
import { join } from 'node:path';
import { VARIANTS, type Variant } from '@pyramid/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  collect,
  guest,
  playOut,
  type RunningServer,
  refereeReplay,
  removeTempDirs,
  tempDir,
  testServer,
  until,
} from './support.js';

let server: RunningServer;

beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});

/** The seed of each variant's frame (any seed plays a whole frame; these keep the suite brisk). */
const SEEDS: Record<Variant, number> = { free: 3, combined: 9, dynamic: 5, classic: 2 };

describe('a whole frame of each variant through the server', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: two bot clients play it, a spectator sees every stroke in order, the record replays`, async () => {
      const anna = await guest(server.url, 'Anna');
      const boris = await guest(server.url, 'Boris');
      const vera = await guest(server.url, 'Vera');
      const made = await anna.api.createTable({
        variant,
        start: { from: 'rack', breaker: (SEEDS[variant] % 2) as 0 | 1 },
      });
      if (!made.ok) throw new Error(made.error.message);
      const id = made.value.table.id;
      const a = await client(server.url, anna.session.token);
      const b = await client(server.url, boris.session.token);
      const watcher = await client(server.url, vera.session.token);
      expect((await a.join(id, 'player')).ok).toBe(true);
      expect((await watcher.join(id, 'spectator')).ok).toBe(true);
      const seen = collect(watcher, 'stroke', 'ruling');
      expect((await b.join(id, 'player')).ok).toBe(true);
      await until(() => a.lastState !== null && b.lastState !== null && watcher.lastState !== null);
      const moves = await playOut([a, b], 'amateur', SEEDS[variant]);
      await until(
        () => watcher.seq === a.seq && b.seq === a.seq,
        10_000,
        'every client to have the last action',
      );
      const final = a.lastState!;
      expect(final.turn.kind).toBe('match-over');
      expect(moves).toBe(a.seq);
      // Every client re-simulated every stroke to the server's hash.
      expect(a.desyncs + b.desyncs + watcher.desyncs).toBe(0);
      expect(watcher.verifiedStrokes).toBeGreaterThan(0);
      // The spectator received every action, in order, and ends on the same state.
      expect(seen.map((m) => m.seq)).toEqual(Array.from({ length: a.seq }, (_, i) => i + 1));
      expect(watcher.lastHash).toBe(a.lastHash);
      expect(watcher.lastState?.scores).toEqual(final.scores);

      const record = await anna.api.matchRecord(id);
      if (!record.ok) throw new Error(record.error.message);
      expect((record.value.actions as unknown[]).length).toBe(a.seq);
      const replay = refereeReplay(record.value, join(tempDir(), `${variant}.json`));
      const winner = final.turn.kind === 'match-over' ? final.turn.winner : null;
      expect(replay.final.winner).toBe(winner);
      expect(replay.final.scores).toEqual([...final.scores]);
      expect(replay.final.framesWon).toEqual([...final.framesWon]);
      a.close();
      b.close();
      watcher.close();
    }, 90_000);
  }
});
