/**
 * The server as its own process, SIGKILLed mid-frame while a stroke is in flight, then started
 * again on the same data and port: every action a client was told of is still there, the clients
 * reconnect by themselves and get the full state, and the frame is finished; its record replays
 * through `pyramid referee` to the same result.
 */
import { join } from 'node:path';
import type { LogEntry } from '@pyramid/online';
import { afterAll, describe, expect, it } from 'vitest';
import {
  botMove,
  client,
  collect,
  expectRecordReplays,
  FRAME_SEEDS,
  guest,
  killChildren,
  playOut,
  removeTempDirs,
  spawnServer,
  tempDir,
  until,
} from './support.js';

afterAll(() => {
  killChildren();
  removeTempDirs();
});

describe('SIGKILL and restart', () => {
  it('loses no acknowledged action, restores the table and the frame finishes', async () => {
    const dataDir = tempDir();
    const first = await spawnServer(dataDir);
    const port = new URL(first.url).port;
    const anna = await guest(first.url, 'Anna');
    const boris = await guest(first.url, 'Boris');
    const vera = await guest(first.url, 'Vera');
    // A brisk frame: 10 actions, the fifth in flight at the kill.
    const seed = FRAME_SEEDS.free;
    const made = await anna.api.createTable({
      variant: 'free',
      start: { from: 'rack', breaker: (seed % 2) as 0 | 1 },
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const a = await client(first.url, anna.session.token);
    const b = await client(first.url, boris.session.token);
    const watcher = await client(first.url, vera.session.token);
    await a.join(id, 'player');
    await b.join(id, 'player');
    await watcher.join(id, 'spectator');
    const seen: LogEntry[] = [];
    watcher.on('stroke', (m) => seen.push({ seq: m.seq, action: m.action, ruling: m.ruling }));
    watcher.on('ruling', (m) => seen.push({ seq: m.seq, action: m.action, ruling: m.ruling }));
    await until(() => a.lastState !== null && b.lastState !== null);
    const pair = [a, b] as const;
    for (let i = 0; i < 4; i++) await botMove(pair, 'amateur', seed);
    await until(() => watcher.seq === a.seq);
    const statuses = collect(a, 'status');
    // The next move is sent, and the server is killed before (or while) it answers.
    const inFlight = botMove(pair, 'amateur', seed).catch(() => 'lost');
    await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await inFlight;
    const acknowledged = Math.max(a.seq, b.seq, watcher.seq);

    const second = await spawnServer(dataDir, { PORT: port });
    expect(second.url).toBe(first.url);
    // The clients come back by themselves and are given the restored table.
    await until(
      () => a.status === 'open' && b.status === 'open' && watcher.status === 'open',
      20_000,
      'the reconnects',
    );
    await until(
      () => a.table?.seats[1]?.presence === 'present' && a.table?.seats[0]?.presence === 'present',
      10_000,
      'both seats back',
    );
    expect(statuses.map((s) => s.status)).toContain('reconnecting');
    expect(a.seq).toBeGreaterThanOrEqual(acknowledged);
    expect(a.seq).toBeLessThanOrEqual(acknowledged + 1);
    expect(a.lastHash).toBe(b.lastHash);
    // Every action a client was told of is in the restored log, the same.
    const restored = a.log;
    for (const entry of seen) expect(restored[entry.seq - 1]).toEqual(entry);

    await playOut(pair, 'amateur', seed);
    await until(() => b.seq === a.seq && watcher.seq === a.seq);
    const final = a.lastState!;
    expect(final.turn.kind).toBe('match-over');
    await expectRecordReplays(anna.api, id, final, join(dataDir, 'record.json'));
    a.close();
    b.close();
    watcher.close();
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }, 120_000);
});
