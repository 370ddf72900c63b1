/**
 * The server process SIGKILLed while a scorer sends a batch (a real child process, SQLite, a fault
 * point in the live store's append): before the commit of a batch, and after the commit but before
 * its acknowledgement. After the restart the scorer (ScorerSync, its queue kept) sends again what
 * was not acknowledged, and the stored entries are the scorer's, each once, in order.
 */
import type { ChildProcess } from 'node:child_process';
import type { LiveShown } from '@pyramid/online';
import { afterAll, describe, expect, it } from 'vitest';
import {
  actionEntry,
  calledMatch,
  freeMatchActions,
  MemoryQueue,
  post,
  scorer,
  scoringLink,
} from './live-support.js';
import { guest, killChildren, removeTempDirs, spawnServer, tempDir, until } from './support.js';

afterAll(() => {
  killChildren();
  removeTempDirs();
});

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    else child.once('exit', (_code, signal) => resolve(signal));
  });

for (const fault of ['live-before-commit:2:KILL', 'live-after-commit:1:KILL']) {
  describe(`a server killed while a scorer sends (${fault.split(':')[0]})`, () => {
    it('loses nothing acknowledged, and after the restart holds every entry of the scorer once', async () => {
      const dataDir = tempDir();
      let server = await spawnServer(dataDir, { PYRAMID_TEST_FAULT: fault });
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

      server = await spawnServer(dataDir);
      const before = (await post(server.url, `/api/live/${link.liveId}`, null, undefined, 'GET'))
        .body as unknown as LiveShown;
      // Nothing acknowledged was lost.
      expect(before.entries.length).toBeGreaterThanOrEqual(acknowledged);
      await phone.connect();
      await until(() => phone.sync.status === 'writing' && phone.sync.pending.length === 0, 20_000, 'resent');
      const after = (await post(server.url, `/api/live/${link.liveId}`, null, undefined, 'GET'))
        .body as unknown as LiveShown;
      expect(after.entries.map((e) => e.seq)).toEqual(actions.map((_, i) => i + 1));
      expect(after.entries.map((e) => e.entry)).toEqual(actions.map(actionEntry));
      expect(after.record.actions).toEqual(actions);
      expect(phone.sync.entries()).toEqual(actions.map(actionEntry));
      phone.disconnect();
      server.child.kill('SIGKILL');
      await exited(server.child);
    }, 120_000);
  });
}

describe('a server killed between the last entry of a match and its report to the event', () => {
  it('reports the result once after the restart', async () => {
    const dataDir = tempDir();
    // The whole match goes in two batches; the process dies right after committing the second
    // (the match's end), before the acknowledgement and before the event hears of it.
    let server = await spawnServer(dataDir, { PYRAMID_TEST_FAULT: 'live-after-commit:2:KILL' });
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

    server = await spawnServer(dataDir);
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
    expect(phone.sync.entries()).toEqual(actions.map(actionEntry));
    phone.disconnect();
    server.child.kill('SIGKILL');
    await exited(server.child);
  }, 120_000);
});
