/**
 * Club events in the store, the same cases on SQLite (a file in a temporary folder) and on a real
 * PostgreSQL server on loopback (a database per case). Two store objects on one database stand for
 * two server processes.
 */
import { applyEventAction, type ClubEvent, type EventAction, viewEvent } from '@pyramid/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, DIRECTOR, kinds, newEvent } from './events-support.js';

for (const kind of kinds) {
  describe(`club events in the store: ${kind.name}`, () => {
    beforeAll(() => kind.setUp(), 120_000);
    afterAll(() => kind.tearDown());

    it('keeps an event, its entries, matches and audit as rows; a refused action stores nothing', async () => {
      const place = await kind.place();
      const { events, rows, close } = await kind.open(place);
      await events.create('ev1', newEvent(8), 1_000);
      const drawn = await events.act('ev1', act('draw', { seed: 5 }), 2_000);
      expect(drawn?.ok).toBe(true);
      expect((await rows('SELECT COUNT(*) AS n FROM event_entries WHERE event_id = ?', 'ev1'))[0]?.n).toBe(8);
      const matches = await rows(
        'SELECT match_id, state, player_a, player_b FROM event_matches WHERE event_id = ? ORDER BY position',
        'ev1',
      );
      expect(matches.length).toBe(viewEvent(drawn?.ok ? drawn.value.event : (null as never)).matches.length);
      expect(matches[0]).toMatchObject({ match_id: 'W1-1', state: 'ready', player_a: 'e1', player_b: 'e8' });

      const bad = await events.act('ev1', act('result', { match: 'W1-1', frames: [5, 2] }), 3_000);
      expect(bad).toMatchObject({ ok: false, error: { action: 'result', field: '/frames', code: 'score' } });
      const unknown = await events.act('ev1', act('result', { match: 'W2-1', frames: [3, 2] }), 3_000);
      expect(unknown).toMatchObject({ ok: false, error: { code: 'players-unknown' } });
      expect((await events.get('ev1'))?.version).toBe(2);
      expect(await events.act('nope', act('draw', { seed: 1 }), 3_000)).toBeNull();

      const done = await events.act('ev1', act('result', { match: 'W1-1', frames: [3, 1] }, 4_000), 4_000);
      expect(done?.ok).toBe(true);
      const [w11] = await rows(
        'SELECT state, frames_a, frames_b, winner FROM event_matches WHERE event_id = ? AND match_id = ?',
        'ev1',
        'W1-1',
      );
      expect(w11).toMatchObject({ state: 'finished', frames_a: 3, frames_b: 1, winner: 'e1' });
      const [w21] = await rows(
        'SELECT player_a, player_b FROM event_matches WHERE event_id = ? AND match_id = ?',
        'ev1',
        'W2-1',
      );
      expect(w21).toMatchObject({ player_a: 'e1', player_b: null });
      const audit = await rows(
        'SELECT seq, by_account, at, action, match_id FROM event_audit WHERE event_id = ? ORDER BY seq',
        'ev1',
      );
      expect(audit.map((a) => a.action)).toEqual(['create', 'add-entries', 'draw', 'result']);
      expect(audit[3]).toMatchObject({ by_account: DIRECTOR, at: 4_000, match_id: 'W1-1' });
      await close();
      // Reopened (a restarted process): the same event, from the rows.
      const again = await kind.open(place);
      const stored = await again.events.get('ev1');
      expect(stored?.version).toBe(3);
      expect(viewEvent(stored?.event as ClubEvent).byId.get('W2-1')?.a).toBe('e1');
      expect(await again.events.list({ limit: 10 })).toMatchObject([
        { id: 'ev1', name: 'Store cup', director: DIRECTOR, finished: false },
      ]);
      expect(await again.events.openBy(DIRECTOR)).toBe(1);
      await again.close();
    });

    it('advances each match exactly once when two processes finish matches of one event at once', async () => {
      const place = await kind.place();
      const one = await kind.open(place);
      const two = await kind.open(place);
      await one.events.create('ev2', newEvent(16), 1_000);
      await one.events.act('ev2', act('draw', { seed: 9 }), 2_000);
      // Both processes have read the event (and cached it).
      await two.events.get('ev2');
      const first = ['W1-1', 'W1-2', 'W1-3', 'W1-4', 'W1-5', 'W1-6', 'W1-7', 'W1-8'];
      // Each match's result is sent by both processes at once (a retry, or two scorers).
      const sent = first.flatMap((match, i) => {
        const result = act('result', { match, frames: i % 2 === 0 ? [3, 0] : [1, 3] }, 3_000 + i);
        return [one.events.act('ev2', result, 3_000 + i), two.events.act('ev2', result, 3_000 + i)];
      });
      const outcomes = await Promise.all(sent);
      expect(outcomes.filter((o) => o?.ok === true).length).toBe(first.length);
      for (const o of outcomes)
        if (o?.ok === false) expect(o.error).toMatchObject({ code: 'state', field: '/match' });
      const stored = (await two.events.get('ev2')) as { event: ClubEvent; version: number };
      // Created (1), drawn (2), then one version per result that was stored.
      expect(stored.version).toBe(2 + first.length);
      const view = viewEvent(stored.event);
      // Every winner is in exactly one second-round match, every loser in one losers' match.
      for (const match of first) {
        const m = view.byId.get(match);
        expect(
          view.matches.filter(
            (x) => x.stage === 'winners' && x.round === 2 && (x.a === m?.winner || x.b === m?.winner),
          ).length,
        ).toBe(1);
        expect(
          view.matches.filter((x) => x.stage === 'losers' && (x.a === m?.loser || x.b === m?.loser)).length,
        ).toBe(1);
      }
      const results = await one.rows(
        "SELECT COUNT(*) AS n FROM event_audit WHERE event_id = ? AND action = 'result'",
        'ev2',
      );
      expect(Number(results[0]?.n)).toBe(first.length);
      const rowsNow = await one.rows(
        "SELECT COUNT(*) AS n FROM event_matches WHERE event_id = ? AND state = 'ready'",
        'ev2',
      );
      expect(Number(rowsNow[0]?.n)).toBe(view.matches.filter((m) => m.state === 'ready').length);
      await one.close();
      await two.close();
    });

    it('lists the public events a player entered, with his place', async () => {
      const place = await kind.place();
      const { events, close } = await kind.open(place);
      const base = newEvent(0, { kind: 'single', thirdPlace: false });
      const withAccount = applyEventAction(base, {
        type: 'add-entries',
        by: DIRECTOR,
        at: 1_500,
        entries: [{ name: 'Anna', account: 'acc-1' }, { name: 'Boris' }, { name: 'Clara' }],
      });
      if (!withAccount.ok) throw new Error(withAccount.error.message);
      await events.create('p1', withAccount.value, 1_000);
      expect(await events.ofPlayer('acc-1', 10)).toMatchObject([{ id: 'p1', place: null, finished: false }]);
      await events.act('p1', act('draw', { seed: 1 }), 2_000);
      // Anna is seed 1 with a bye; she loses the final.
      const semi = await events.act('p1', act('result', { match: 'E1-2', frames: [3, 1] }), 3_000);
      expect(semi?.ok).toBe(true);
      await events.act('p1', act('result', { match: 'E2-1', frames: [2, 3] }), 4_000);
      expect(await events.ofPlayer('acc-1', 10)).toMatchObject([
        { id: 'p1', name: 'Store cup', place: '2', finished: true },
      ]);
      expect(await events.ofPlayer('nobody', 10)).toEqual([]);
      await close();
    });

    it('a correction resets what it invalidates, in the rows and the audit; a non-director cannot correct', async () => {
      const place = await kind.place();
      const { events, rows, close } = await kind.open(place);
      await events.create('ev3', newEvent(4, { kind: 'single', thirdPlace: false }), 1_000);
      await events.act('ev3', act('draw', { seed: 1 }), 2_000);
      await events.act('ev3', act('result', { match: 'E1-1', frames: [3, 0] }), 3_000);
      await events.act('ev3', act('result', { match: 'E1-2', frames: [3, 0] }), 3_001);
      await events.act('ev3', act('result', { match: 'E2-1', frames: [3, 2] }), 3_002);
      const [placeBefore] = await rows(
        'SELECT place FROM event_entries WHERE event_id = ? AND entry_id = ?',
        'ev3',
        'e1',
      );
      expect(placeBefore?.place).toBe('1');
      const stranger = await events.act(
        'ev3',
        { ...act('correct', { match: 'E1-1', frames: [0, 3], why: 'sheet' }), by: 'someone' } as EventAction,
        4_000,
      );
      expect(stranger).toMatchObject({ ok: false, error: { code: 'not-director', field: '/by' } });
      const corrected = await events.act(
        'ev3',
        act('correct', { match: 'E1-1', frames: [0, 3], why: 'the sheet had the names swapped' }, 5_000),
        5_000,
      );
      expect(corrected?.ok).toBe(true);
      const [final] = await rows(
        'SELECT state, player_a, player_b, winner FROM event_matches WHERE event_id = ? AND match_id = ?',
        'ev3',
        'E2-1',
      );
      expect(final).toMatchObject({ state: 'ready', player_a: 'e4', winner: null });
      const [entry] = await rows(
        'SELECT place FROM event_entries WHERE event_id = ? AND entry_id = ?',
        'ev3',
        'e1',
      );
      expect(entry?.place).toBe('3–4');
      const [audit] = await rows(
        "SELECT by_account, at, why, detail FROM event_audit WHERE event_id = ? AND action = 'correct'",
        'ev3',
      );
      expect(audit).toMatchObject({
        by_account: DIRECTOR,
        at: 5_000,
        why: 'the sheet had the names swapped',
      });
      expect(JSON.parse(audit?.detail as string).reset).toEqual(['E2-1']);
      await close();
    });
  });
}
