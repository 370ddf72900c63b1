/**
 * The SQLite store's checkpoints run in a worker thread, not inside a commit: the server's
 * connection never checkpoints, and the worker moves every committed frame of the WAL into the
 * database file while the file stays open for writing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/store/sqlite.js';
import { removeTempDirs, tempDir } from './support.js';

afterAll(() => removeTempDirs());

describe('WAL checkpoints', () => {
  it('are off in the commits and done by the worker; what was committed is in the file', async () => {
    const dataDir = tempDir();
    const store = new SqliteStore(dataDir, { checkpointEveryMs: 3600_000 });
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const id = (i: number) => `player${String(i).padStart(16, '0')}`;
    for (let i = 0; i < 40; i++)
      await store.createPlayer({ id: id(i), name: `P${i}`, passwordHash: null, createdAt: i });
    const first = await store.checkpoint();
    expect(first?.log).toBeGreaterThan(0);
    expect(first?.checkpointed).toBe(first?.log);
    // Writing goes on after a checkpoint; a second store on the file (a restart) reads everything.
    await store.createPlayer({ id: id(40), name: 'after', passwordHash: null, createdAt: 40 });
    await store.close();
    const reopened = new SqliteStore(dataDir);
    const players = await reopened.players(Array.from({ length: 41 }, (_, i) => id(i)));
    expect(players.map((p) => p.name)).toEqual([...Array.from({ length: 40 }, (_, i) => `P${i}`), 'after']);
    await reopened.close();
  });
});
