import { Random } from '@pyramid/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEventAction,
  type ClubEvent,
  createEvent,
  deriveView,
  type EventAction,
  type Format,
  loadEvent,
  type MatchView,
  readyMatches,
  suggestCalls,
  TABLE_ACTOR,
  viewEvent,
} from '../src/index.js';
import { act, DIRECTOR, drawn, must, newEvent, playOut, playSome, randomResult } from './support.js';

const spec = {
  name: 'Cup',
  dates: { start: '2026-12-05' },
  variant: 'free',
  races: { default: 4 },
  format: { kind: 'single' },
};

/** The refusal of an action, checking that the event is untouched. */
function refused(event: ClubEvent, action: Record<string, unknown>) {
  const before = JSON.stringify(event);
  const result = applyEventAction(event, { by: DIRECTOR, at: 5_000, ...action } as unknown as EventAction);
  expect(JSON.stringify(event)).toBe(before);
  if (result.ok) throw new Error('accepted');
  return result.error;
}

const firstReady = (event: ClubEvent): MatchView => {
  const m = viewEvent(event).matches.find((x) => x.state === 'ready');
  if (m === undefined) throw new Error('nothing ready');
  return m;
};

describe('bad input is refused with the field named, nothing changed', () => {
  it('a field of fewer than 2 players', () => {
    let event = newEvent({ kind: 'single', thirdPlace: false });
    expect(refused(event, { type: 'draw', seed: 1 })).toMatchObject({
      action: 'draw',
      field: '/entries',
      code: 'too-few-players',
    });
    event = act(event, { type: 'add-entry', entry: { name: 'Only one' } });
    expect(refused(event, { type: 'draw', seed: 1 })).toMatchObject({
      field: '/entries',
      code: 'too-few-players',
    });
  });

  it('a final stage that is not a power of two, or larger than the field', () => {
    const bad = createEvent({ ...spec, format: { kind: 'double-to', finalStage: 12 } }, DIRECTOR, 1);
    expect(bad.ok ? null : bad.error).toMatchObject({
      action: 'create',
      field: '/spec/format/finalStage',
      code: 'final-stage',
    });
    const big = drawnOrError({ kind: 'double-to', finalStage: 16, thirdPlace: false }, 12);
    expect(big).toMatchObject({ action: 'draw', field: '/spec/format/finalStage', code: 'final-stage' });
  });

  it('duplicate entries, by name (ignoring case and spacing) or by account', () => {
    let event = newEvent({ kind: 'single', thirdPlace: false });
    event = act(event, { type: 'add-entry', entry: { name: 'Иван  Петров', account: 'u1' } });
    expect(refused(event, { type: 'add-entry', entry: { name: 'иван петров' } })).toMatchObject({
      field: '/entry/name',
      code: 'duplicate-entry',
    });
    expect(refused(event, { type: 'add-entry', entry: { name: 'Other', account: 'u1' } })).toMatchObject({
      field: '/entry/account',
      code: 'duplicate-entry',
    });
    expect(refused(event, { type: 'add-entries', entries: [{ name: 'A' }, { name: 'a' }] })).toMatchObject({
      field: '/entries/1/name',
      code: 'duplicate-entry',
    });
  });

  it('a race of 0, and referee settings that resolveSettings refuses', () => {
    const zero = createEvent({ ...spec, races: { default: 0 } }, DIRECTOR, 1);
    expect(zero.ok ? null : zero.error).toMatchObject({ field: '/spec/races/default', code: 'race' });
    const rule = createEvent(
      { ...spec, races: { default: 3, rules: [{ fromPlayersLeft: 8, race: 0 }] } },
      DIRECTOR,
      1,
    );
    expect(rule.ok ? null : rule.error).toMatchObject({ field: '/spec/races/rules/0/race', code: 'race' });
    const settings = createEvent({ ...spec, settings: { completionRule: 'none' } }, DIRECTOR, 1);
    expect(settings.ok ? null : settings.error).toMatchObject({
      field: '/spec/settings/completionRule',
      code: 'invalid',
    });
  });

  it('a result that contradicts the race (5:2 or 3:2 in a race to 4)', () => {
    const event = drawn({ kind: 'single', thirdPlace: false }, 4, 1, { races: { default: 4 } });
    const m = firstReady(event);
    expect(refused(event, { type: 'result', match: m.id, frames: [5, 2] })).toMatchObject({
      action: 'result',
      field: '/frames',
      code: 'score',
    });
    expect(refused(event, { type: 'result', match: m.id, frames: [3, 2] })).toMatchObject({
      field: '/frames',
      code: 'score',
    });
    expect(refused(event, { type: 'result', match: m.id, frames: [4, 4] })).toMatchObject({
      field: '/frames',
      code: 'score',
    });
    expect(refused(event, { type: 'result', match: m.id, frames: [4, 1], winner: 'b' })).toMatchObject({
      field: '/winner',
      code: 'score',
    });
    // A walkover says who goes through, and nobody reached the race.
    expect(refused(event, { type: 'result', match: m.id, frames: [0, 0], reason: 'walkover' })).toMatchObject(
      { field: '/winner' },
    );
    const walkover = act(event, {
      type: 'result',
      match: m.id,
      frames: [0, 0],
      reason: 'walkover',
      winner: 'b',
    });
    expect(viewEvent(walkover).byId.get(m.id)?.winner).toBe(m.b);
  });

  it('a result for a match whose players are not known yet, or for a bye', () => {
    const event = drawn({ kind: 'single', thirdPlace: false }, 5, 1);
    const later = viewEvent(event).matches.find((m) => m.state === 'waiting') as MatchView;
    expect(refused(event, { type: 'result', match: later.id, frames: [3, 0] })).toMatchObject({
      field: '/match',
      code: 'players-unknown',
    });
    const bye = viewEvent(event).matches.find((m) => m.state === 'bye') as MatchView;
    expect(refused(event, { type: 'result', match: bye.id, frames: [3, 0] })).toMatchObject({
      field: '/match',
      code: 'state',
    });
    expect(refused(event, { type: 'result', match: 'nope', frames: [3, 0] })).toMatchObject({
      field: '/match',
      code: 'not-found',
    });
  });

  it('a correction by someone who is not a director (the table may report, not correct)', () => {
    let event = drawn({ kind: 'single', thirdPlace: false }, 4, 1);
    const m = firstReady(event);
    event = act(event, { type: 'result', match: m.id, frames: [3, 1], by: TABLE_ACTOR });
    const correction = { type: 'correct', match: m.id, frames: [1, 3], why: 'score sheet' };
    expect(refused(event, { ...correction, by: 'someone' })).toMatchObject({
      action: 'correct',
      field: '/by',
      code: 'not-director',
    });
    expect(refused(event, { ...correction, by: TABLE_ACTOR })).toMatchObject({ code: 'not-director' });
    expect(refused(event, { ...correction, why: ' ' })).toMatchObject({ field: '/why' });
    const codirector = act(event, { type: 'add-director', account: 'co' });
    const corrected = act(codirector, { ...correction, by: 'co', at: 9_000 } as never);
    expect(corrected.audit.at(-1)).toMatchObject({
      by: 'co',
      at: 9_000,
      action: 'correct',
      why: 'score sheet',
      match: m.id,
    });
  });

  it('the time and the actor are the caller’s, checked', () => {
    const event = newEvent({ kind: 'single', thirdPlace: false });
    expect(refused(event, { type: 'add-entry', entry: { name: 'A' }, at: -1 })).toMatchObject({
      field: '/at',
    });
    expect(refused(event, { type: 'add-entry', entry: { name: 'A' }, by: '' })).toMatchObject({
      field: '/by',
    });
    expect(refused(event, { type: 'explode' })).toMatchObject({ field: '/type' });
  });
});

function drawnOrError(format: Format, n: number) {
  let event = newEvent(format);
  event = act(event, {
    type: 'add-entries',
    entries: Array.from({ length: n }, (_, i) => ({ name: `p${i}` })),
  });
  const r = applyEventAction(event, { type: 'draw', by: DIRECTOR, at: 1, seed: 1 });
  return r.ok ? null : r.error;
}

describe('corrections', () => {
  /** The matches that take a player, directly or through others, from match `id`. */
  function downstream(view: ReturnType<typeof viewEvent>, id: string): Set<string> {
    const out = new Set<string>([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const m of view.matches) {
        if (out.has(m.id)) continue;
        const feeds = m.from.some(
          (s) => s !== null && (('winner' in s && out.has(s.winner)) || ('loser' in s && out.has(s.loser))),
        );
        const reset = m.id === 'GF2' && out.has('GF1');
        const later =
          m.stage === 'swiss' &&
          [...out].some(
            (o) => view.byId.get(o)?.stage === 'swiss' && (view.byId.get(o)?.round ?? 0) < m.round,
          );
        const knockout = m.stage === 'knockout' && [...out].some((o) => view.byId.get(o)?.stage === 'group');
        if (feeds || reset || later || knockout) {
          out.add(m.id);
          grew = true;
        }
      }
    }
    return out;
  }

  const formats: Format[] = [
    { kind: 'single', thirdPlace: true },
    { kind: 'double', reset: true },
    { kind: 'double-to', finalStage: 8, thirdPlace: false },
    { kind: 'groups', groups: 2, advance: 2, thirdPlace: false },
    { kind: 'swiss', rounds: 4, tiebreak: 'buchholz' },
  ];

  it('re-derive everything after the corrected match and nothing before it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.integer({ min: 8, max: 40 }),
        fc.integer({ min: 0, max: 1e9 }),
        (format, n, s) => {
          const done = playOut(drawn(format, n, s), new Random(s));
          const before = viewEvent(done);
          const rng = new Random(s + 7);
          const target = rng.pick(before.matches.filter((m) => m.state === 'finished'));
          const [fa, fb] = target.result?.frames ?? [0, 0];
          const corrected = act(done, {
            type: 'correct',
            match: target.id,
            frames: [fb, fa],
            why: 'the sheet had the names swapped',
            at: 99_000,
          });
          const after = viewEvent(corrected);
          const later = downstream(before, target.id);
          const audit = corrected.audit.at(-1);
          expect(audit).toMatchObject({
            action: 'correct',
            match: target.id,
            by: DIRECTOR,
            at: 99_000,
            from: target.result,
          });
          for (const m of after.matches) {
            const old = before.byId.get(m.id);
            if (!later.has(m.id)) {
              // Nothing before (or beside) it changes.
              expect(m).toEqual(old);
            } else if (m.id !== target.id && old?.result != null && (old.a !== m.a || old.b !== m.b)) {
              // A later match with other players lost its result, and the audit says so.
              expect(m.result).toBeNull();
              expect(audit?.reset).toContain(m.id);
            }
          }
          expect(after.byId.get(target.id)?.winner).toBe(target.loser);
          expect(after.stale).toEqual([]);
          // The event goes on from there and ends with one champion.
          const finished = playOut(corrected, new Random(s + 9));
          expect(viewEvent(finished).finished).toBe(true);
          expect(JSON.stringify(viewEvent(finished).matches)).toBe(
            JSON.stringify(deriveView(finished).matches),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('calls to tables', () => {
  it('a called match is at its table; its players are busy; the suggestion is the longest-waiting ready match', () => {
    let event = drawn({ kind: 'double', reset: true }, 8, 1, { tables: ['T1', 'T2'] });
    const ready = readyMatches(event);
    expect(ready.map((m) => m.id)).toEqual(['W1-1', 'W1-2', 'W1-3', 'W1-4']);
    expect(suggestCalls(event)).toEqual([
      { table: 'T1', match: 'W1-1' },
      { table: 'T2', match: 'W1-2' },
    ]);
    event = act(event, { type: 'call', match: 'W1-1', table: 'T1', at: 3_000 });
    expect(refused(event, { type: 'call', match: 'W1-2', table: 'T1' })).toMatchObject({
      field: '/table',
      code: 'state',
    });
    expect(refused(event, { type: 'call', match: 'W1-2', table: 'T9' })).toMatchObject({
      field: '/table',
      code: 'not-found',
    });
    expect(refused(event, { type: 'call', match: 'W2-1', table: 'T2' })).toMatchObject({
      code: 'players-unknown',
    });
    expect(viewEvent(event).byId.get('W1-1')).toMatchObject({ state: 'called', table: 'T1' });
    expect(suggestCalls(event)).toEqual([{ table: 'T2', match: 'W1-2' }]);
    // W1-3 and W1-4 finish; W1-2 has waited since the draw, so it stays first; the two new matches
    // have waited since 5000, and tie in the order of the bracket (winners' before losers').
    event = act(event, { type: 'result', match: 'W1-3', frames: [3, 1], at: 4_000 });
    event = act(event, { type: 'result', match: 'W1-4', frames: [3, 2], at: 5_000 });
    expect(readyMatches(event).map((m) => m.id)).toEqual(['W1-2', 'W2-2', 'L1-2']);
    expect(viewEvent(event).byId.get('W2-2')?.readySince).toBe(5_000);
    event = act(event, { type: 'result', match: 'W1-1', frames: [3, 0], at: 6_000 });
    expect(viewEvent(event).byId.get('W1-1')?.table).toBeNull();
    expect(JSON.stringify(viewEvent(event).matches)).toBe(JSON.stringify(deriveView(event).matches));
  });

  it('no player is in two called matches at once (groups)', () => {
    let event = drawn({ kind: 'groups', groups: 1, advance: 2, thirdPlace: false }, 4, 1);
    const [first, ...others] = viewEvent(event).matches.filter((m) => m.state === 'ready');
    event = act(event, { type: 'call', match: (first as MatchView).id, table: 'A' });
    const clash = others.find((m) => [m.a, m.b].some((p) => p === first?.a || p === first?.b)) as MatchView;
    expect(refused(event, { type: 'call', match: clash.id, table: 'B' })).toMatchObject({
      field: '/match',
      code: 'state',
    });
    expect(readyMatches(event).every((m) => ![m.a, m.b].some((p) => p === first?.a || p === first?.b))).toBe(
      true,
    );
  });

  it('random calls and results keep the incremental view equal to a fresh derivation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), fc.integer({ min: 0, max: 1e9 }), (n, s) => {
        const rng = new Random(s);
        let event = drawn({ kind: 'double-to', finalStage: 2, thirdPlace: false }, n, s, {
          tables: ['1', '2', '3'],
        });
        for (let step = 0; step < 400; step++) {
          const view = viewEvent(event);
          const called = view.matches.filter((m) => m.state === 'called');
          const suggestion = suggestCalls(event)[0];
          if (suggestion !== undefined && (called.length === 0 || rng.chance(0.6)))
            event = act(event, { type: 'call', ...suggestion, at: 10_000 + step });
          else if (called.length > 0) {
            const m = rng.pick(called);
            event = act(event, { type: 'result', match: m.id, ...randomResult(m, rng), at: 10_000 + step });
          } else break;
          expect(JSON.stringify(viewEvent(event).matches)).toBe(JSON.stringify(deriveView(event).matches));
        }
        expect(viewEvent(event).finished).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});

describe('the event is plain JSON', () => {
  it('loads back from JSON through loadEvent, every result checked again', () => {
    for (const format of [
      { kind: 'double-to', finalStage: 4, thirdPlace: true },
      { kind: 'groups', groups: 2, advance: 2, thirdPlace: false },
      { kind: 'swiss', rounds: 3, tiebreak: 'median-buchholz' },
    ] as Format[]) {
      let event = drawn(format, 11, 2, { tables: ['A', 'B'] });
      event = playSome(event, new Random(2), 12);
      const call = suggestCalls(event)[0];
      if (call !== undefined) event = act(event, { type: 'call', ...call });
      const loaded = must(loadEvent(JSON.parse(JSON.stringify(event))));
      expect(JSON.stringify(loaded)).toBe(JSON.stringify(event));
      expect(JSON.stringify(viewEvent(loaded).matches)).toBe(JSON.stringify(viewEvent(event).matches));
    }
    const event = playOut(drawn({ kind: 'single', thirdPlace: false }, 6, 1), new Random(1));
    const json = JSON.parse(JSON.stringify(event));
    expect(
      loadEvent({ ...json, draw: { ...json.draw, order: [...json.draw.order].reverse() } }),
    ).toMatchObject({ ok: false, error: { field: '/draw' } });
    expect(loadEvent({ ...json, results: [{ ...json.results[0], a: 'e99' }] })).toMatchObject({
      ok: false,
      error: { field: '/results/0' },
    });
    expect(loadEvent({ ...json, spec: { ...json.spec, races: { default: 0 } } })).toMatchObject({
      ok: false,
      error: { field: '/spec/races/default', code: 'race' },
    });
  });

  it('survives a round trip through JSON with the same view', () => {
    const event = playOut(
      drawn({ kind: 'double-to', finalStage: 4, thirdPlace: true }, 13, 4),
      new Random(4),
    );
    const copy = JSON.parse(JSON.stringify(event)) as ClubEvent;
    expect(JSON.stringify(viewEvent(copy).matches)).toBe(JSON.stringify(viewEvent(event).matches));
    expect(must(createEvent(spec, 'x', 0)).audit).toEqual([{ by: 'x', at: 0, action: 'create' }]);
  });
});

describe('online calls (issue 27: a match played on an online table)', () => {
  /** 4 players with accounts a1…a4 and one (p5) without, single elimination by order. */
  function withAccounts(): ClubEvent {
    let event = newEvent({ kind: 'single', thirdPlace: false });
    const entries = [1, 2, 3, 4].map((i) => ({ name: `a${i}`, account: `acc${i}` }));
    event = act(event, { type: 'add-entries', entries });
    return act(event, { type: 'draw', seed: 1 });
  }

  it('names the server table; many matches are online at once; a result keeps the table', () => {
    let event = withAccounts();
    const [m1, m2] = viewEvent(event).matches.filter((m) => m.state === 'ready') as [MatchView, MatchView];
    event = act(event, { type: 'call', match: m1.id, table: 'online', tableId: 'tableOne' });
    event = act(event, { type: 'call', match: m2.id, table: 'online', tableId: 'tableTwo' });
    expect(event.calls[m1.id]).toEqual({ table: 'online', at: 2_000, tableId: 'tableOne' });
    expect(viewEvent(event).byId.get(m2.id)).toMatchObject({ state: 'called', table: 'online' });
    // The table reports: only the one the match is called to.
    const wrong = refused(event, {
      type: 'result',
      by: TABLE_ACTOR,
      match: m1.id,
      frames: [3, 0],
      tableId: 'x',
    });
    expect(wrong).toMatchObject({ action: 'result', field: '/tableId', code: 'state' });
    event = act(event, {
      type: 'result',
      by: TABLE_ACTOR,
      match: m1.id,
      frames: [3, 0],
      tableId: 'tableOne',
    });
    expect(event.results[0]).toMatchObject({ match: m1.id, tableId: 'tableOne', by: TABLE_ACTOR });
    expect(event.calls[m1.id]).toBeUndefined();
    // A repeated report changes nothing.
    expect(
      refused(event, { type: 'result', by: TABLE_ACTOR, match: m1.id, frames: [3, 0], tableId: 'tableOne' }),
    ).toMatchObject({ code: 'state', field: '/match' });
    // A correction keeps the table the match was played on.
    event = act(event, { type: 'correct', match: m1.id, frames: [0, 3], why: 'scored the wrong way' });
    expect(event.results.find((r) => r.match === m1.id)?.tableId).toBe('tableOne');
  });

  it('an entry without an account, a missing table id, or a table id for a venue table is refused', () => {
    let event = newEvent({ kind: 'single', thirdPlace: false });
    event = act(event, {
      type: 'add-entries',
      entries: [{ name: 'Anna', account: 'acc1' }, { name: 'Boris' }],
    });
    event = act(event, { type: 'draw', seed: 1 });
    const m = firstReady(event);
    expect(refused(event, { type: 'call', match: m.id, table: 'online', tableId: 't1' })).toMatchObject({
      action: 'call',
      field: '/table',
      code: 'no-account',
    });
    const ok = withAccounts();
    const r = firstReady(ok);
    expect(refused(ok, { type: 'call', match: r.id, table: 'online' })).toMatchObject({
      field: '/tableId',
      code: 'invalid',
    });
    expect(refused(ok, { type: 'call', match: r.id, table: 'T1', tableId: 't1' })).toMatchObject({
      field: '/tableId',
      code: 'invalid',
    });
  });
});
