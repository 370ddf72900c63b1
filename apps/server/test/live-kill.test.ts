/**
 * The server process SIGKILLed while a scorer sends a batch (a real child process, a fault point in
 * the live store's append): before the commit of a batch, and after the commit but before its
 * acknowledgement. After the restart the scorer (ScorerSync, its queue kept) sends again what was
 * not acknowledged, and the stored entries are the scorer's, each once, in order. The same
 * scenarios on both stores: SQLite (the data folder) and PostgreSQL (a fresh database on a local
 * server this file starts; each scenario's servers share its database).
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { LiveShown } from '@pyramid/online';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalPostgres, startPostgres } from '../test-support/services.js';
import {
  actionEntry,
  calledMatch,
  freeMatchActions,
  MemoryQueue,
  post,
  scorer,
  scoringLink,
} from './live-support.js';
import {
  freshDatabase,
  guest,
  killChildren,
  removeTempDirs,
  spawnServer,
  tempDir,
  until,
} from './support.js';

afterAll(() => {
  killChildren();
  removeTempDirs();
});

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    else child.once('exit', (_code, signal) => resolve(signal));
  });

/** Where the servers keep their data: the environment of a scenario's server processes. */
interface StoreKind {
  readonly name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** The environment of one scenario's servers (the killed one and the one restarted on its data). */
  env(): Promise<Record<string, string>>;
  /** The seqs of a live match's entries as this store holds them (read directly, not through a server). */
  storedSeqs(dataDir: string, env: Record<string, string>, liveId: string): Promise<number[]>;
}

let postgres: LocalPostgres | null = null;
let databases = 0;
const STORES: readonly StoreKind[] = [
  {
    name: 'SQLite',
    setUp: async () => {},
    tearDown: async () => {},
    env: async () => ({}),
    storedSeqs: async (dataDir, _env, liveId) => {
      const db = new Database(join(dataDir, 'pyramid.sqlite'), { readonly: true });
      try {
        const rows = db.prepare('SELECT seq FROM live_entries WHERE live_id = ? ORDER BY seq').all(liveId);
        return (rows as { seq: number }[]).map((r) => r.seq);
      } finally {
        db.close();
      }
    },
  },
  {
    name: 'PostgreSQL',
    setUp: async () => {
      postgres = await startPostgres();
    },
    tearDown: async () => {
      await postgres?.stop();
      postgres = null;
    },
    env: async () => ({
      DATABASE_URL: await freshDatabase(postgres as LocalPostgres, `live_kill_${++databases}`),
    }),
    storedSeqs: async (_dataDir, env, liveId) => {
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      try {
        const { rows } = await db.query<{ seq: number }>(
          'SELECT seq FROM live_entries WHERE live_id = $1 ORDER BY seq',
          [liveId],
        );
        return rows.map((r) => Number(r.seq));
      } finally {
        await db.end();
      }
    },
  },
];

for (const store of STORES) {
  describe(`on ${store.name}`, () => {
    beforeAll(() => store.setUp(), 60_000);
    afterAll(() => store.tearDown(), 30_000);
    killedWhileSending(store);
    killedBeforeTheReport(store);
  });
}

function killedWhileSending(store: StoreKind): void {
  for (const fault of ['live-before-commit:2:KILL', 'live-after-commit:1:KILL']) {
    describe(`a server killed while a scorer sends (${fault.split(':')[0]})`, () => {
      it('loses nothing acknowledged, and after the restart holds every entry of the scorer once', async () => {
        const dataDir = tempDir();
        const env = await store.env();
        let server = await spawnServer(dataDir, { ...env, PYRAMID_TEST_FAULT: fault });
        const director = (await guest(server.url, 'Director')).session.token;
        const referee = (await guest(server.url, 'Referee')).session.token;
        const { eventId, match } = await calledMatch(server.url, director);
        const link = await scoringLink(server.url, director, eventId, match.id);
        const queue = new MemoryQueue();
        const phone = await scorer(() => server.url, referee, link, 'phone-kill-0123456789', queue);
        // Fifteen actions scored offline (the match is not over), then sent as a batch: the server
        // dies in the middle of it.
        const actions = freeMatchActions().slice(0, 15);
        for (const action of actions) await phone.sync.record(actionEntry(action));
        const died = exited(server.child);
        await phone.connect();
        expect(await died).toBe('SIGKILL');
        await until(() => phone.sync.status === 'offline', 10_000, 'the scorer sees the drop');
        const acknowledged = phone.sync.snapshot.stored.length;
        expect(phone.sync.pending.length).toBeGreaterThan(0);

        server = await spawnServer(dataDir, env);
        const before = (await post(server.url, `/api/live/${link.liveId}`, null, undefined, 'GET'))
          .body as unknown as LiveShown;
        // Nothing acknowledged was lost.
        expect(before.entries.length).toBeGreaterThanOrEqual(acknowledged);
        await phone.connect();
        await until(
          () => phone.sync.status === 'writing' && phone.sync.pending.length === 0,
          20_000,
          'resent',
        );
        const after = (await post(server.url, `/api/live/${link.liveId}`, null, undefined, 'GET'))
          .body as unknown as LiveShown;
        expect(after.entries.map((e) => e.seq)).toEqual(actions.map((_, i) => i + 1));
        // In the store under test itself, each once.
        expect(await store.storedSeqs(dataDir, env, link.liveId)).toEqual(actions.map((_, i) => i + 1));
        expect(after.entries.map((e) => e.entry)).toEqual(actions.map(actionEntry));
        expect(after.record.actions).toEqual(actions);
        expect(phone.sync.entries()).toEqual(actions.map(actionEntry));
        phone.disconnect();
        server.child.kill('SIGKILL');
        await exited(server.child);
      }, 120_000);
    });
  }
}

function killedBeforeTheReport(store: StoreKind): void {
  describe('a server killed between the last entry of a match and its report to the event', () => {
    it('reports the result once after the restart', async () => {
      const dataDir = tempDir();
      const env = await store.env();
      // The whole match goes in two batches; the process dies right after committing the second
      // (the match's end), before the acknowledgement and before the event hears of it.
      let server = await spawnServer(dataDir, { ...env, PYRAMID_TEST_FAULT: 'live-after-commit:2:KILL' });
      const director = (await guest(server.url, 'Director')).session.token;
      const referee = (await guest(server.url, 'Referee')).session.token;
      const { eventId, match } = await calledMatch(server.url, director);
      const link = await scoringLink(server.url, director, eventId, match.id);
      const phone = await scorer(() => server.url, referee, link, 'phone-last-0123456789');
      const actions = freeMatchActions();
      for (const action of actions) await phone.sync.record(actionEntry(action));
      const died = exited(server.child);
      await phone.connect();
      expect(await died).toBe('SIGKILL');

      server = await spawnServer(dataDir, env);
      const event = (await post(server.url, `/api/events/${eventId}`, null, undefined, 'GET')).body as {
        matches: { id: string; state: string; result: { frames: number[]; reason: string } | null }[];
        event: { results: unknown[] };
      };
      expect(event.matches.find((m) => m.id === match.id)).toMatchObject({
        state: 'finished',
        result: { frames: [1, 0], reason: 'played' },
      });
      expect(event.event.results).toHaveLength(1);
      // The scorer comes back: the match has ended, its queue is the server's log, nothing doubled.
      await phone.connect();
      await until(() => phone.sync.status === 'finished', 20_000, 'the scorer sees the end');
      const shown = (await post(server.url, `/api/live/${link.liveId}`, null, undefined, 'GET'))
        .body as unknown as LiveShown;
      expect(shown.entries.map((e) => e.entry)).toEqual(actions.map(actionEntry));
      expect(await store.storedSeqs(dataDir, env, link.liveId)).toEqual(actions.map((_, i) => i + 1));
      expect(phone.sync.entries()).toEqual(actions.map(actionEntry));
      phone.disconnect();
      server.child.kill('SIGKILL');
      await exited(server.child);
    }, 120_000);
  });
}
