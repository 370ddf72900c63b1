/**
 * The result of an event's match played on an online table, reported through `reportPlayedMatch`
 * (issue 27): three processes report the same finished table at once (this one and two child
 * processes, as after a crash and restart or with two server processes) — one result is stored,
 * the others are refused and change nothing; a report from a table the match is not called to is
 * refused. On SQLite and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { applyEventAction, type ClubEvent, TABLE_ACTOR, viewEvent } from '@pyramid/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPlayedMatch } from '../src/events/report.js';
import { act, kinds, newEvent } from './events-support.js';
import { ROOT } from './support.js';

/** The action applied by a child process (event-child.ts); its output: "true", "false" or "null". */
function inChild(place: string, action: unknown, id: string): Promise<string> {
  const child = spawn(
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
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', () => resolve(out.trim())));
}

/** An 8-player event of accounts, drawn, with W1-1 called to online table `tableId`. */
function calledOnline(tableId: string): ClubEvent {
  let event = newEvent(0);
  const step = (action: Record<string, unknown>) => {
    const done = applyEventAction(event, act(action.type as string, action));
    if (!done.ok) throw new Error(done.error.message);
    event = done.value;
  };
  step({
    type: 'add-entries',
    entries: Array.from({ length: 8 }, (_, i) => ({ name: `P${i + 1}`, account: `acc${i + 1}` })),
  });
  step({ type: 'draw', seed: 2 });
  step({ type: 'call', match: 'W1-1', table: 'online', tableId });
  return event;
}

for (const kind of kinds) {
  describe(`an online table reports its match once: ${kind.name}`, () => {
    beforeAll(() => kind.setUp(), 120_000);
    afterAll(() => kind.tearDown());

    it('three processes report at once: one result, one advancement', { timeout: 120_000 }, async () => {
      const place = await kind.place();
      const { events, rows, close } = await kind.open(place);
      const tableId = 'tableOfTheFirstMatch01';
      await events.create('o1', calledOnline(tableId), 1_000);
      const before = (await events.get('o1'))?.version as number;

      // A table the match is not called to is refused.
      const wrong = await reportPlayedMatch(
        { events, watchers: null },
        { eventId: 'o1', match: 'W1-1', frames: [1, 3], tableId: 'someOtherTableOfThe001' },
        2_000,
      );
      expect(wrong).toMatchObject({ ok: false, error: { code: 'state', field: '/tableId' } });

      const result = {
        type: 'result',
        by: TABLE_ACTOR,
        at: 3_000,
        match: 'W1-1',
        frames: [1, 3],
        reason: 'played',
        tableId,
      };
      const [here, ...children] = await Promise.all([
        reportPlayedMatch(
          { events, watchers: null },
          { eventId: 'o1', match: 'W1-1', frames: [1, 3], tableId },
          3_000,
        ),
        inChild(place, result, 'o1'),
        inChild(place, result, 'o1'),
      ]);
      const outcomes = [here?.ok === true ? 'true' : 'false', ...children];
      expect(outcomes.filter((o) => o === 'true')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'false')).toHaveLength(2);

      const stored = await events.get('o1');
      expect(stored?.version).toBe(before + 1);
      expect(stored?.event.results).toEqual([
        expect.objectContaining({ match: 'W1-1', frames: [1, 3], winner: 'b', tableId, by: TABLE_ACTOR }),
      ]);
      const view = viewEvent(stored?.event as ClubEvent);
      expect(view.byId.get('W1-1')?.state).toBe('finished');
      expect(
        await rows("SELECT match_id FROM event_audit WHERE event_id = ? AND action = 'result'", 'o1'),
      ).toEqual([{ match_id: 'W1-1' }]);
      const [row] = await rows(
        'SELECT state, frames_a, frames_b FROM event_matches WHERE event_id = ? AND match_id = ?',
        'o1',
        'W1-1',
      );
      expect(row).toMatchObject({ state: 'finished', frames_a: 1, frames_b: 3 });
      await close();
    });
  });
}
