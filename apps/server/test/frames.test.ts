/**
 * A whole frame of each variant played through the server by two bot clients (moves chosen by
 * `@pyramid/bots`, sent as intents through `@pyramid/online`), watched by a spectator; the stored
 * record then replays through the real `pyramid referee --json` to the same winner and scores.
 * A rated frame between two accounts moves both ratings, shown on the player page (and not yet on
 * the leaderboard: one match is a provisional rating).
 */
import { join } from 'node:path';
import { VARIANTS } from '@pyramid/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  client,
  collect,
  FRAME_SEEDS,
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

describe('a whole frame of each variant through the server', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: two bot clients play it, a spectator sees every stroke in order, the record replays`, async () => {
      const anna = await guest(server.url, 'Anna');
      const boris = await guest(server.url, 'Boris');
      const vera = await guest(server.url, 'Vera');
      const made = await anna.api.createTable({
        variant,
        start: { from: 'rack', breaker: (FRAME_SEEDS[variant] % 2) as 0 | 1 },
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
      const moves = await playOut([a, b], 'amateur', FRAME_SEEDS[variant]);
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

describe('a rated frame', () => {
  it('a rated match between two accounts moves both Glicko-2 ratings; the player page shows it, the leaderboard not yet', async () => {
    const register = async (name: string) => {
      const a = api(server.url);
      const made = await a.register({ name, password: 'a long password' });
      if (!made.ok) throw new Error(made.error.message);
      return { api: a, session: made.value };
    };
    const anna = await register('Rated Anna');
    const boris = await register('Rated Boris');
    const made = await anna.api.createTable({
      variant: 'dynamic',
      rated: true,
      start: { from: 'rack', breaker: (FRAME_SEEDS.dynamic % 2) as 0 | 1 },
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const a = await client(server.url, anna.session.token, { verify: false });
    const b = await client(server.url, boris.session.token, { verify: false });
    const finished = collect(a, 'finished');
    await a.join(id, 'player');
    await b.join(id, 'player');
    await until(() => a.lastState !== null && b.lastState !== null);
    // Bots play the frame out (the dynamic frame of the tests above: a short one).
    await playOut([a, b], 'amateur', FRAME_SEEDS.dynamic);
    await until(() => finished.length === 1, 20_000, 'the end of the match');
    const result = finished[0]!;
    expect(result.ratings).not.toBeNull();
    const [r0, r1] = result.ratings!;
    const winner = result.winner;
    expect((winner === 0 ? r0 : r1).after.rating).toBeGreaterThan(1500);
    expect((winner === 0 ? r1 : r0).after.rating).toBeLessThan(1500);
    expect(r0.after.games).toBe(1);
    // One rated match is a provisional rating: not on the leaderboard (ratings/eligibility.ts).
    const board = await anna.api.leaderboard('dynamic');
    if (!board.ok) throw new Error(board.error.message);
    expect(board.value.entries).toEqual([]);
    const page = await anna.api.player(anna.session.player.id);
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value.ratings.dynamic?.games).toBe(1);
    expect(page.value.ratings.dynamic?.rating).toBeCloseTo(r0.after.rating, 6);
    expect(page.value.matches[0]).toMatchObject({
      id,
      variant: 'dynamic',
      rated: true,
      status: 'finished',
      result: winner === 0 ? 'won' : 'lost',
    });
    expect(page.value.matches[0]?.opponent).toMatchObject({ name: 'Rated Boris', account: true });
    const record = await anna.api.matchRecord(id);
    expect(record.ok && (record.value.actions as unknown[]).length).toBe(a.seq);
    const badBoard = await anna.api.leaderboard('snooker' as never);
    expect(!badBoard.ok && badBoard.error.field).toBe('/variant');
    a.close();
    b.close();
  });
});
