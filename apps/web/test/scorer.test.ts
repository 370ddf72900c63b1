import { readFileSync } from 'node:fs';
import { legalActions, type MatchState, replayRecordText, type ShotTemplate } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import { App } from '../src/scorer/app.js';
import {
  addJumped,
  addPocketed,
  choiceAllowed,
  EMPTY_ENTRY,
  newEntry,
  offersAllInHouse,
  removeBall,
  type ShotEntry,
  shotAction,
  toggleStrokeFoul,
} from '../src/scorer/entry.js';
import {
  currentState,
  lastRuling,
  newRecord,
  openRecord,
  openRecordText,
  recordText,
  type Session,
  submit,
  undo,
} from '../src/scorer/session.js';
import { listMatches, loadMatch, memoryStore, saveMatch } from '../src/scorer/storage.js';
import { frameResults, summaryText } from '../src/scorer/summary.js';
import { respotLines, rulingView, withNames } from '../src/scorer/words.js';

function open(variant: 'free' | 'combined' | 'dynamic' | 'classic', breaker: 0 | 1 = 0): Session {
  const opened = openRecord(newRecord({ variant, players: ['Ann', 'Bob'], breaker }));
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

function template(state: MatchState): ShotTemplate {
  const first = legalActions(state)[0];
  if (first?.type !== 'shot' || !('cueBalls' in first)) throw new Error('no shot is due');
  return first;
}

/** Submits an action that must be accepted. */
function play(session: Session, action: unknown): Session {
  const result = submit(session, action);
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  return result.value;
}

/** Enters a shot through the entry helpers and submits it. */
function shot(session: Session, edit: (entry: ReturnType<typeof newEntry>) => ReturnType<typeof newEntry>) {
  const state = currentState(session);
  const t = template(state);
  return submit(session, shotAction(edit(newEntry(t)), state, t));
}

describe('entry → action JSON', () => {
  it('a break: the cushion count becomes that many distinct object balls; no cue ball named', () => {
    const s = open('free');
    const state = currentState(s);
    const action = shotAction({ ...newEntry(template(state)), breakCushionBalls: 3 }, state, template(state));
    expect(action).toEqual({
      type: 'shot',
      player: 0,
      facts: { firstContact: 1, breakCushionBalls: [1, 2, 3] },
    });
  });

  it('Free: the chosen cue ball, balls in the order they fell, a jumped ball, cushions, stroke fouls', () => {
    let s = open('free');
    const broke = shot(s, (e) => ({ ...e, breakCushionBalls: 2 }));
    if (!broke.ok) throw new Error(broke.error.message);
    s = broke.value;
    const state = currentState(s);
    const t = template(state);
    expect(t.cueBalls.length).toBeGreaterThan(1);
    let entry: ShotEntry = { ...newEntry(t), cueBall: 5 };
    entry = addPocketed(entry, 7, 'BL');
    entry = addPocketed(entry, 5, 'ML');
    entry = addJumped(entry, 9);
    entry = addPocketed(entry, 9, 'FR'); // re-entered: moves from jumped to fallen
    entry = removeBall(entry, 9);
    entry = addJumped(entry, 3);
    entry = toggleStrokeFoul(toggleStrokeFoul(entry, 'push'), 'double-hit');
    entry = toggleStrokeFoul(entry, 'push');
    entry = { ...entry, cushions: 2 };
    expect(shotAction(entry, state, t)).toEqual({
      type: 'shot',
      player: state.turn.kind === 'shot' ? state.turn.player : -1,
      cueBall: 5,
      facts: {
        firstContact: 7,
        pocketed: [
          { ball: 7, pocket: 'BL' },
          { ball: 5, pocket: 'ML' },
        ],
        offTable: [3],
        cushionsAfterContact: [7, 7],
        strokeFouls: ['double-hit'],
      },
    });
  });

  it('Free: a cue ball not chosen is left out, and the referee refuses the shot naming it', () => {
    let s = open('free');
    s = play(s, { type: 'shot', player: 0, facts: { firstContact: 1, breakCushionBalls: [1, 2] } });
    const result = shot(s, (e) => ({ ...e, cueBall: null, cushions: 2 }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.field).toBe('/cueBall');
  });

  it('Classic: the call, a miss (no contact) and the from-house fact', () => {
    let s = open('classic');
    s = play(s, { type: 'shot', player: 0, facts: { firstContact: 4, breakCushionBalls: [2, 3] } });
    const state = currentState(s);
    const t = template(state);
    expect(t.calls?.length).toBe(15 * 6);
    const entry = {
      ...newEntry(t),
      callBall: 5,
      callPocket: 'BR' as const,
      firstContact: 'none' as const,
      cushions: 2 as const,
    };
    expect(shotAction(entry, state, t)).toEqual({
      type: 'shot',
      player: 1,
      call: { ball: 5, pocket: 'BR' },
      facts: { firstContact: null },
    });
    const played = submit(s, shotAction(entry, state, t));
    expect(played.ok && lastRuling(played.value)?.fouls).toEqual(['29.1(1)']);
  });

  it('from hand from the house: "the first ball lay in the house" is a foul (п.21)', () => {
    let s = open('combined');
    s = play(s, { type: 'shot', player: 0, facts: { firstContact: 1, breakCushionBalls: [2, 3] } });
    // Player 1 pockets the cue ball off an object ball (свояк), takes ball 9 and plays the premium shot from the house.
    s = play(s, {
      type: 'shot',
      player: 1,
      facts: { firstContact: 4, pocketed: [{ ball: 0, pocket: 'BL' }] },
    });
    s = play(s, { type: 'exchange-ball', player: 1, ball: 9 });
    const state = currentState(s);
    const t = template(state);
    expect(t.inHand).toBe('house');
    const result = submit(s, shotAction({ ...newEntry(t), hitInHouse: true, cushions: 2 }, state, t));
    expect(result.ok && lastRuling(result.value)?.fouls).toEqual(['from-house']);
    // п.21: with every object ball in the house the shot is from the temporary house, where the
    // restriction does not apply; the entry records the observation, not a first contact in the house.
    const entry = { ...newEntry(t), hitInHouse: true, allInHouse: true, cushions: 2 as const };
    const action = shotAction(entry, state, t) as Record<string, unknown>;
    expect(action.objectBallsInHouse).toBe('all');
    expect((action.facts as Record<string, unknown>).firstContactInHouse).toBeUndefined();
    const temporary = submit(s, action);
    const ruling = temporary.ok ? lastRuling(temporary.value) : null;
    expect(ruling?.fouls).toEqual([]);
    expect(
      ruling?.reasons.some((reason) => reason.cite === 'п.21' && reason.en.includes('temporary house')),
    ).toBe(true);
  });

  it('offers "all object balls in the house" only on a shot from hand from the house, not on the break', () => {
    const s = open('combined');
    const breakTemplate = template(currentState(s));
    expect(offersAllInHouse(breakTemplate)).toBe(false);
    const action = shotAction(
      { ...newEntry(breakTemplate), allInHouse: true },
      currentState(s),
      breakTemplate,
    );
    expect((action as Record<string, unknown>).objectBallsInHouse).toBeUndefined();
  });

  it('the centre-line fact goes in only under its setting and with a first contact', () => {
    const s = open('dynamic');
    const state = currentState(s);
    const t = { ...template(state), kind: 'ordinary' as const };
    expect(shotAction({ ...EMPTY_ENTRY, centreLine: true }, state, t)).toEqual({
      type: 'shot',
      player: 0,
      facts: { firstContact: 1, centreLineCrossed: [1] },
    });
  });
});

describe('the session', () => {
  it('rules on each entry, refuses an impossible one without change, and undoes any number of steps', () => {
    let s = open('combined');
    s = play(s, { type: 'shot', player: 0, facts: { firstContact: 1, breakCushionBalls: [2, 3] } });
    const before = s;
    const refused = submit(s, {
      type: 'shot',
      player: 1,
      facts: { firstContact: 1, pocketed: [{ ball: 1, pocket: 'XX' }] },
    });
    expect(refused.ok).toBe(false);
    expect(s).toBe(before);
    s = play(s, {
      type: 'shot',
      player: 1,
      facts: { firstContact: 1, pocketed: [{ ball: 1, pocket: 'BL' }] },
    });
    s = play(s, { type: 'shot', player: 1, facts: { firstContact: 2 } }); // п.20 foul
    expect(currentState(s).turn).toMatchObject({
      kind: 'decision',
      decision: { kind: 'penalty-ball', player: 0 },
    });
    s = play(s, { type: 'penalty-ball', player: 0, ball: 5 });
    expect(currentState(s).scores).toEqual([1, 1]);
    const back2 = undo(s, 2);
    expect(back2.record.actions).toHaveLength(2);
    expect(currentState(back2).scores).toEqual([0, 1]);
    // Undo equals a replay of the shorter record.
    const replayed = replayRecordText(recordText(back2));
    expect(replayed.ok && replayed.value.final).toEqual(currentState(back2));
    expect(undo(undo(undo(back2)))).toMatchObject({ steps: [] });
  });

  it('events outside a shot: п.28, slow play, §27 restorable and not', () => {
    let s = open('dynamic');
    s = play(s, { type: 'shot', player: 0, facts: { firstContact: 1, breakCushionBalls: [2, 3] } });
    s = play(s, { type: 'foul', player: 0, foul: 'touch-during-opponent-visit' });
    expect(lastRuling(s)?.fouls).toEqual(['29.1(12)']);
    expect(currentState(s).turn).toMatchObject({
      kind: 'decision',
      decision: { kind: 'dynamic-option', player: 1 },
    });
    s = play(s, { type: 'dynamic-option', player: 1, option: 2 });
    s = play(s, { type: 'interference', restorable: true });
    expect(lastRuling(s)?.verdict).toBe('no-penalty');
    s = play(s, { type: 'foul', player: 1, foul: 'slow-play' });
    expect(lastRuling(s)?.fouls).toEqual(['29.1(11)']);
    s = play(s, { type: 'dynamic-option', player: 0, option: 1 });
    // Option (1): the penalty ball is then chosen (Dynamic 7(1)).
    s = play(s, { type: 'penalty-ball', player: 0, ball: 15 });
    s = play(s, { type: 'interference', restorable: false });
    expect(currentState(s).turn).toEqual({ kind: 'lag', reason: 'interference' });
  });
});

describe('storage', () => {
  it('round trip: a saved match replays to the same state; a damaged one is listed with the reason', () => {
    const store = memoryStore();
    let s = open('free');
    s = play(s, { type: 'shot', player: 0, facts: { firstContact: 1, breakCushionBalls: [1, 2] } });
    saveMatch(store, {
      id: 'm1',
      name: 'Ann — Bob',
      created: '2026-01-01',
      updated: '2026-01-01',
      record: s.record,
    });
    const bad = { ...s.record, actions: [...s.record.actions, { type: 'shot', player: 0, facts: {} }] };
    saveMatch(store, { id: 'm2', name: 'broken', created: '2026-01-02', updated: '2026-01-02', record: bad });
    store.setItem('pyramid-scorer:match:m3', '{not json');
    store.setItem('pyramid-scorer:index', JSON.stringify(['m3', 'm2', 'm1']));
    const list = listMatches(store);
    expect(list.map((m) => [m.id, m.status])).toEqual([
      ['m3', 'damaged'],
      ['m2', 'damaged'],
      ['m1', 'ok'],
    ]);
    const m2 = list[1];
    expect(m2?.status === 'damaged' && m2.reason).toMatch(/^action 2: /);
    const m1 = loadMatch(store, 'm1');
    expect(m1.status === 'ok' && currentState(m1.session)).toEqual(currentState(s));
  });
});

describe('the app controller (headless)', () => {
  it('refuses a damaged import with the reason and leaves the current match untouched', () => {
    const store = memoryStore();
    const app = new App(store, 'en', () => {});
    app.startMatch({ variant: 'combined', players: ['Ann', 'Bob'], settings: {} });
    app.submitAction({ type: 'lag', winner: 0, first: 0 });
    const before = app.state.match;
    const good = recordText(before!.session);
    app.importText(good.replace('"lag"', '"lagg"'));
    expect(app.state.notice).toMatchObject({ kind: 'refused' });
    expect(app.state.notice?.text).toContain('action 1: /type');
    expect(app.state.match).toBe(before);
    app.importText('{"format":');
    expect(app.state.notice?.text).toContain('not valid JSON');
    expect(app.state.match).toBe(before);
    expect(listMatches(store)).toHaveLength(1);
    // A refused shot shows the referee's field and message and keeps the entry.
    const entry = app.state.entry;
    expect(app.submitAction({ type: 'penalty-ball', player: 0, ball: 3 })).toBe(false);
    expect(app.state.notice?.text).toMatch(/^\/type: /);
    expect(app.state.entry).toBe(entry);
    // The stored match reopens after a "reload".
    const reloaded = new App(store, 'en', () => {});
    expect(reloaded.state.match?.session.record).toEqual(before?.session.record);
  });
});

describe('words and summary', () => {
  it('re-spots without positions in words (п.25, Classic 5.7) and names the players', () => {
    let s = open('free');
    s = play(s, { type: 'shot', player: 0, facts: { firstContact: 1, breakCushionBalls: [1, 2] } });
    s = play(s, {
      type: 'shot',
      player: 1,
      cueBall: 5,
      facts: {
        firstContact: 6,
        offTable: [5],
        pocketed: [{ ball: 7, pocket: 'FL' }],
        cushionsAfterContact: [6, 6],
      },
    });
    const ruling = lastRuling(s)!;
    expect(respotLines(ruling, 'en')).toEqual([
      'On the spotting line from the back spot toward the back cushion, in order: ball 5, ball 7 (п.25)',
    ]);
    const view = rulingView(ruling, ['Ann', 'Bob'], 'en');
    expect(view.fouls).toEqual(['29.1(10) a ball jumped off the table']);
    expect(view.next).toBe('Ann: choose the penalty ball');
    expect(view.score).toBe('Ann 1 (+1) : 0 Bob');
    expect(withNames('Игрок A и Игрок B', ['Аня', 'Боря'])).toBe('Аня и Боря');
  });

  it('a match of two frames: the frame list, then the next break by the other player', () => {
    const opened = openRecord(
      newRecord({ variant: 'free', players: ['Ann', 'Bob'], breaker: 0, settings: { framesToWin: 2 } }),
    );
    if (!opened.ok) throw new Error(opened.error.message);
    let s = play(opened.value, {
      type: 'shot',
      player: 0,
      facts: { firstContact: 1, pocketed: [{ ball: 1, pocket: 'BL' }] },
    });
    for (const ball of [2, 3, 4, 5, 6, 7, 8]) {
      s = play(s, {
        type: 'shot',
        player: 0,
        cueBall: 0,
        facts: { firstContact: ball, pocketed: [{ ball, pocket: 'FR' }] },
      });
    }
    expect(frameResults(s)).toEqual([
      { frame: 1, scores: [8, 0], winner: 0 },
      { frame: 2, scores: [0, 0], winner: null },
    ]);
    expect(currentState(s).turn).toMatchObject({ kind: 'shot', player: 1, terms: { kind: 'break' } });
    expect(summaryText(s, 'ru', new Date('2026-05-01T00:00:00Z'))).toBe(
      [
        'Итог матча: Свободная пирамида',
        'Ann — Bob',
        'Партии: 1:0',
        'Партия 1: 8:0 — Ann',
        'Партия 2: 0:0 — …',
        '2026-05-01',
      ].join('\n'),
    );
  });

  it('summarises frames and the winner', () => {
    const text = readFileSyncJson('examples/records/dynamic.json');
    const opened = openRecordText(text);
    if (!opened.ok) throw new Error(opened.error.message);
    const results = frameResults(opened.value);
    expect(results.at(-1)?.winner).not.toBeNull();
    const summary = summaryText(opened.value, 'en', new Date('2026-05-01T10:00:00Z'));
    const state = currentState(opened.value);
    expect(summary).toContain(`Match winner: ${state.players[(state.turn as { winner: 0 | 1 }).winner]}`);
    expect(summary.split('\n')[0]).toBe('Match summary: Dynamic pyramid');
    expect(summary.endsWith('2026-05-01')).toBe(true);
  });
});

function readFileSyncJson(path: string): string {
  return readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
}

describe('the shot form greys out what the referee refuses', () => {
  it('asks checkShotIntent: a call of a ball on the table in Classic, none on the break', () => {
    let session = open('classic');
    const rack = currentState(session);
    const breakTemplate = template(rack);
    // The break takes no call (Classic 5.2: every shot but the break).
    expect(
      choiceAllowed(rack, breakTemplate, newEntry(breakTemplate), { call: { ball: 1, pocket: 'BL' } }),
    ).toBe(false);
    session = play(
      session,
      shotAction({ ...newEntry(breakTemplate), breakCushionBalls: 3 }, rack, breakTemplate),
    );
    const state = currentState(session);
    const shot = template(state);
    const entry = newEntry(shot);
    expect(choiceAllowed(state, shot, entry, { call: { ball: 1, pocket: 'BL' } })).toBe(true);
    // The coloured ball is the cue ball, never an object ball to call.
    expect(choiceAllowed(state, shot, entry, { call: { ball: 0, pocket: 'BL' } })).toBe(false);
    expect(choiceAllowed(state, shot, entry, { cueBall: 3 })).toBe(false);
  });

  it('refuses that every object ball lies in the house where the known positions say otherwise (п.21)', () => {
    const state = currentState(open('combined'));
    const shot = template(state);
    const entry = newEntry(shot);
    // The new match knows the rack's positions, and the rack lies outside the house.
    expect(choiceAllowed(state, shot, entry, { objectBallsInHouse: 'all' })).toBe(false);
    expect(choiceAllowed(state, shot, entry, {})).toBe(true);
  });
});
