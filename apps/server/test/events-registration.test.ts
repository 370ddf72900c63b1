/**
 * Registration, check-in and withdrawal in the store, on SQLite and PostgreSQL: a withdrawal after
 * the draw writes its walkovers in the same transaction (match rows, audit), and a withdrawal racing
 * the result of the same match from another process leaves exactly one result for it.
 */
import { type ClubEvent, viewEvent, WALKOVER_ACTOR } from '@pyramid/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, DIRECTOR, kinds, newEvent } from './events-support.js';

for (const kind of kinds) {
  describe(`registration, check-in and withdrawal in the store: ${kind.name}`, () => {
    beforeAll(() => kind.setUp(), 120_000);
    afterAll(() => kind.tearDown());

    it('registers a player by his account, checks him in, draws the checked-in only', async () => {
      const opened = await kind.open(await kind.place());
      await opened.events.create('r1', newEvent(0, { kind: 'single', thirdPlace: false }), 1_000);
      for (const p of ['p1', 'p2', 'p3']) {
        const done = await opened.events.act(
          'r1',
          { type: 'register', by: p, at: 1_500, name: `Name ${p}`, guest: true },
          1_500,
        );
        expect(done?.ok).toBe(true);
      }
      const twice = await opened.events.act(
        'r1',
        { type: 'register', by: 'p1', at: 1_600, name: 'Again', guest: true },
        1_600,
      );
      expect(twice).toMatchObject({ ok: false, error: { field: '/by', code: 'duplicate-entry' } });
      expect((await opened.events.act('r1', act('check-in', { entry: 'e1', by: 'p1' }), 1_700))?.ok).toBe(
        true,
      );
      expect((await opened.events.act('r1', act('check-in', { entry: 'e3' }), 1_700))?.ok).toBe(true);
      const refused = await opened.events.act('r1', act('check-in', { entry: 'e2', by: 'p3' }), 1_700);
      expect(refused).toMatchObject({ ok: false, error: { code: 'not-director' } });
      expect((await opened.events.act('r1', act('draw', { seed: 1, checkedInOnly: true }), 2_000))?.ok).toBe(
        true,
      );
      const entries = await opened.rows(
        'SELECT entry_id, account FROM event_entries WHERE event_id = ? ORDER BY entry_id',
        'r1',
      );
      expect(entries).toEqual([
        { entry_id: 'e1', account: 'p1' },
        { entry_id: 'e3', account: 'p3' },
      ]);
      const audit = await opened.rows(
        'SELECT action, by_account FROM event_audit WHERE event_id = ? ORDER BY seq',
        'r1',
      );
      expect(audit.map((a) => a.action)).toEqual([
        'create',
        'add-entries',
        'register',
        'register',
        'register',
        'check-in',
        'check-in',
        'draw',
      ]);
      await opened.close();
    });

    it('a withdrawal after the draw stores the walkovers with it; racing a result, one result per match', async () => {
      const place = await kind.place();
      const one = await kind.open(place);
      const two = await kind.open(place);
      await one.events.create('w1', newEvent(8, { kind: 'double', reset: true }), 1_000);
      await one.events.act('w1', act('draw', { seed: 4 }), 2_000);
      await two.events.get('w1');
      const view = viewEvent(((await one.events.get('w1')) as { event: ClubEvent }).event);
      const first = view.matches.find((m) => m.state === 'ready');
      if (first === undefined) throw new Error('nothing ready');
      // One process withdraws side a while the other stores the result of his match.
      const [withdrawn, result] = await Promise.all([
        one.events.act('w1', act('withdraw', { entry: first.a }, 3_000), 3_000),
        two.events.act('w1', act('result', { match: first.id, frames: [3, 1] }, 3_000), 3_000),
      ]);
      expect(withdrawn?.ok).toBe(true);
      let stored = (await two.events.get('w1')) as { event: ClubEvent; version: number };
      expect(stored.event.results.filter((r) => r.match === first.id)).toHaveLength(1);
      const m = viewEvent(stored.event).byId.get(first.id);
      if (result?.ok === true) {
        // The result came first: a played 3:1. His next match is given away once it is ready: play
        // the other matches (none of his) until it is, and it is a walkover against him, once.
        expect(m?.result?.reason).toBe('played');
        const his = (e: ClubEvent) =>
          e.results.filter((r) => r.by === WALKOVER_ACTOR && (r.a === first.a || r.b === first.a));
        for (let i = 0; i < 8 && his(stored.event).length === 0; i++) {
          const ready = viewEvent(stored.event).matches.find(
            (x) => x.state === 'ready' && x.a !== first.a && x.b !== first.a,
          );
          if (ready === undefined) break;
          const played = await one.events.act(
            'w1',
            act('result', { match: ready.id, frames: [3, 0] }),
            4_000,
          );
          expect(played?.ok).toBe(true);
          stored = (await two.events.get('w1')) as { event: ClubEvent; version: number };
        }
        expect(his(stored.event)).toHaveLength(1);
      } else {
        expect(result).toMatchObject({ ok: false, error: { code: 'state', field: '/match' } });
        expect(m?.result).toMatchObject({ reason: 'walkover', winner: 'b', by: WALKOVER_ACTOR });
      }
      // The rows follow the event: every walkover match row is finished with reason walkover.
      const rows = await one.rows(
        "SELECT match_id, state FROM event_matches WHERE event_id = ? AND reason = 'walkover' ORDER BY match_id",
        'w1',
      );
      const walkovers = stored.event.results.filter((r) => r.reason === 'walkover').map((r) => r.match);
      expect(rows.map((r) => r.match_id)).toEqual([...walkovers].sort());
      expect(rows.every((r) => r.state === 'finished')).toBe(true);
      const audit = await one.rows(
        "SELECT COUNT(*) AS n FROM event_audit WHERE event_id = ? AND action = 'walkover' AND by_account = ?",
        'w1',
        WALKOVER_ACTOR,
      );
      expect(Number(audit[0]?.n)).toBe(walkovers.length);
      expect(stored.event.spec.directors).toEqual([DIRECTOR]);
      await one.close();
      await two.close();
    });
  });
}
