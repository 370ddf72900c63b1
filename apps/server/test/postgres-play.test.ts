import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPostgres } from '../test-support/services.js';
import { freshPostgres } from './shared-postgres.js';
import {
  client,
  expectRecordReplays,
  FRAME_SEEDS,
  guest,
  playOut,
  type RunningServer,
  removeTempDirs,
  testServer,
  until,
} from './support.js';

let postgres: LocalPostgres;
let server: RunningServer;
let db: pg.Pool;

beforeAll(async () => {
  postgres = await freshPostgres();
  server = await testServer({ databaseUrl: postgres.url });
  db = new pg.Pool({ connectionString: postgres.url, max: 1 });
  // A connection still closing when the database is dropped is told so (freshPostgres's stop).
  db.on('error', () => {});
}, 60_000);
afterAll(async () => {
  await server?.close();
  await db?.end();
  await postgres?.stop();
  removeTempDirs();
});

describe('one server on PostgreSQL', () => {
  it('plays a frame end to end; every broadcast action is stored; the record replays', async () => {
    const anna = await guest(server.url, 'Anna');
    const boris = await guest(server.url, 'Boris');
    const seed = FRAME_SEEDS.combined;
    const made = await anna.api.createTable({
      variant: 'combined',
      start: { from: 'rack', breaker: (seed % 2) as 0 | 1 },
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const a = await client(server.url, anna.session.token);
    const b = await client(server.url, boris.session.token);
    // At each broadcast the action is already in PostgreSQL.
    const storedAtBroadcast: Promise<boolean>[] = [];
    a.on('stroke', (m) => {
      storedAtBroadcast.push(
        db
          .query('SELECT 1 FROM actions WHERE table_id = $1 AND seq = $2', [id, m.seq])
          .then((r) => r.rowCount === 1),
      );
    });
    expect((await a.join(id, 'player')).ok).toBe(true);
    expect((await b.join(id, 'player')).ok).toBe(true);
    await until(() => a.lastState !== null && b.lastState !== null);
    const moves = await playOut([a, b], 'amateur', seed);
    await until(() => b.seq === a.seq);
    const final = a.lastState!;
    expect(final.turn.kind).toBe('match-over');
    expect(moves).toBe(a.seq);
    expect(storedAtBroadcast.length).toBeGreaterThan(0);
    expect(await Promise.all(storedAtBroadcast)).not.toContain(false);
    const { rows } = await db.query<{ status: string; seq: number }>(
      'SELECT status, seq FROM tables WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: 'finished', seq: a.seq });
    await expectRecordReplays(anna.api, id, final);
    a.close();
    b.close();
  }, 60_000);
});
