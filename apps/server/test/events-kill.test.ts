/**
 * A server process killed while it finishes a match of an event: before the commit nothing is
 * stored and the result can be sent again; after the commit the advancement is stored once and a
 * second sending is refused. Real child processes (SIGKILL at a fault point), on both stores.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type ClubEvent, viewEvent } from '@pyramid/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, kinds, newEvent } from './events-support.js';
import { ROOT } from './support.js';

/** Runs the action in a child process with the fault point; its exit signal and output. */
function inChild(place: string, action: unknown, id: string, fault: string) {
  const run = spawnSync(
    process.execPath,
    [
      '--conditions=@pyramid/source',
      '--import',
      'tsx',
      join(ROOT, 'apps', 'server', 'test', 'event-child.ts'),
      place,
      JSON.stringify(action),
      id,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PYRAMID_TEST_FAULT: fault }, timeout: 60_000 },
  );
  return { signal: run.signal, out: run.stdout, err: run.stderr };
}

for (const kind of kinds) {
  describe(`a process killed mid-advancement: ${kind.name}`, () => {
    beforeAll(() => kind.setUp(), 120_000);
    afterAll(() => kind.tearDown());

    it('loses no advancement and doubles none', async () => {
      const place = await kind.place();
      const { events, rows, close } = await kind.open(place);
      await events.create('k1', newEvent(8), 1_000);
      await events.act('k1', act('draw', { seed: 2 }), 2_000);
      const result = act('result', { match: 'W1-1', frames: [3, 2] }, 3_000);

      // Killed with everything written but not committed: nothing of it is stored.
      const killed = inChild(place, result, 'k1', 'event-before-commit:1:KILL');
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.out).toBe('');
      expect((await events.get('k1'))?.version).toBe(2);
      const [w11] = await rows(
        'SELECT state FROM event_matches WHERE event_id = ? AND match_id = ?',
        'k1',
        'W1-1',
      );
      expect(w11?.state).toBe('ready');
      expect(
        await rows("SELECT seq FROM event_audit WHERE event_id = ? AND action = 'result'", 'k1'),
      ).toEqual([]);

      // Sent again (by this process): stored once, the winner moves on once.
      expect((await events.act('k1', result, 3_100))?.ok).toBe(true);

      // Killed just after the commit, before answering: the result is stored; sending it again is refused.
      const second = act('result', { match: 'W1-2', frames: [0, 3] }, 4_000);
      const late = inChild(place, second, 'k1', 'event-after-commit:1:KILL');
      expect(late.signal).toBe('SIGKILL');
      const retry = await events.act('k1', second, 4_100);
      expect(retry).toMatchObject({ ok: false, error: { code: 'state', field: '/match' } });
      const stored = (await events.get('k1'))?.event as ClubEvent;
      const view = viewEvent(stored);
      expect(view.byId.get('W2-1')).toMatchObject({
        a: 'e1',
        b: view.byId.get('W1-2')?.winner,
        state: 'ready',
      });
      const results = await rows(
        "SELECT match_id FROM event_audit WHERE event_id = ? AND action = 'result' ORDER BY seq",
        'k1',
      );
      expect(results.map((r) => r.match_id)).toEqual(['W1-1', 'W1-2']);
      await close();
    });
  });
}
