/** The headless client state of the game (apps/web/src/game/state), without a browser. */
import { readFileSync } from 'node:fs';
import { playShot, rackedMatch } from '@pyramid/match';
import { checkShotIntent, legalActions, type MatchState, replayRecordText, summarise } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import {
  COARSE_STEP,
  checkCall,
  checkCueBall,
  checkPlacement,
  choices,
  DEFAULT_SETUP,
  FINE_STEP,
  type GameState,
  headerOf,
  initialGame,
  loadRecordText,
  MAX_ELEVATION,
  MAX_TIP,
  parseSavedGame,
  personToAct,
  recordText,
  reduce,
  type Setup,
  serializeGame,
  shotTemplate,
  shotToPlay,
  speedOf,
  tableOf,
  tableSizeLabel,
} from '../src/game/state/index.js';

const people: Setup = {
  ...DEFAULT_SETUP,
  players: [
    { name: 'Anna', kind: 'person', level: 'novice' },
    { name: 'Boris', kind: 'person', level: 'novice' },
  ],
};

function started(setup: Setup = people): GameState {
  return reduce(initialGame(setup, 'en'), { type: 'start-match', setup });
}

/** Plays the shot the person has prepared, as the controller does, and reports it. */
function strike(game: GameState): GameState {
  const planned = shotToPlay(game);
  if (!planned.ok) throw new Error(planned.reason.en);
  const played = playShot(game.match, planned.shot);
  if (!played.ok) throw new Error(JSON.stringify(played.error));
  return reduce(game, {
    type: 'applied',
    by: 'person',
    action: played.value.action,
    ruling: played.value.ruling,
    state: played.value.state,
    shot: planned.shot,
  });
}

function record(name: string): string {
  return readFileSync(new URL(`../e2e/records/${name}`, import.meta.url), 'utf8');
}

/** A game taken over from a prepared record at its last step. */
function fromRecord(name: string): GameState {
  const loaded = loadRecordText(record(name));
  if (!loaded.ok) throw new Error(loaded.error.message);
  const watching = reduce(started(), { type: 'watch', loaded: loaded.value, setup: people });
  const end = reduce(watching, { type: 'watch-step', cursor: loaded.value.history.length - 1 });
  return reduce(end, { type: 'play-from-watch' });
}

describe('the aim', () => {
  it('keeps power, tip offset and elevation within their limits', () => {
    let game = started();
    game = reduce(game, { type: 'power', power: 1.7 });
    expect(game.aim.power).toBe(1);
    game = reduce(game, { type: 'power', power: -3 });
    expect(game.aim.power).toBe(0);
    game = reduce(game, { type: 'power', power: Number.NaN });
    expect(game.aim.power).toBe(0);
    expect(speedOf(0)).toBeCloseTo(0.3);
    expect(speedOf(1)).toBeCloseTo(7);
    game = reduce(game, { type: 'tip', side: 1, height: 1 });
    expect(Math.hypot(game.aim.side, game.aim.height)).toBeCloseTo(MAX_TIP);
    expect(game.aim.side).toBeCloseTo(game.aim.height);
    game = reduce(game, { type: 'tip', side: 0.1, height: -0.2 });
    expect([game.aim.side, game.aim.height]).toEqual([0.1, -0.2]);
    game = reduce(game, { type: 'elevation', deg: 95 });
    expect(game.aim.elevationDeg).toBe(MAX_ELEVATION);
    game = reduce(game, { type: 'aim-angle', angleDeg: -90 });
    expect(game.aim.angleDeg).toBe(270);
  });

  it('turns in fine and coarse keyboard steps without drift', () => {
    let game = started();
    for (let i = 0; i < 5; i++) game = reduce(game, { type: 'nudge', steps: 1, coarse: false });
    expect(game.aim.angleDeg).toBeCloseTo(5 * FINE_STEP, 9);
    game = reduce(game, { type: 'nudge', steps: -1, coarse: true });
    expect(game.aim.angleDeg).toBeCloseTo(360 + 5 * FINE_STEP - COARSE_STEP, 9);
  });

  it('takes a whole stroke exactly (the hint), shows it, and drops it when the aim changes', () => {
    const game = started();
    const stroke = {
      speed: 2.46,
      direction: { x: 0.16475922309976213, y: -0.9863338169218183 },
      side: -0.15,
      height: 0.3,
      elevationDeg: 0,
    };
    const taken = reduce(game, { type: 'aim-stroke', stroke });
    // The controls show it: the angle of the direction, the power of the speed, the tip offset.
    expect(taken.aim.angleDeg).toBeCloseTo(279.48, 2);
    expect(speedOf(taken.aim.power)).toBeCloseTo(2.46, 9);
    expect([taken.aim.side, taken.aim.height]).toEqual([-0.15, 0.3]);
    const planned = shotToPlay(taken);
    expect(planned.ok && planned.shot.strike).toBe(stroke);
    const nudged = reduce(taken, { type: 'power', power: taken.aim.power });
    expect(nudged.aim.exact).toBeNull();
    const replanned = shotToPlay(nudged);
    expect(replanned.ok && replanned.shot.strike).toMatchObject({ angleDeg: taken.aim.angleDeg });
    // After the shot the stroke is no longer held: it was for that position.
    expect(strike(taken).aim.exact).toBeNull();
  });

  it('aims at a point from the cue ball', () => {
    const game = started();
    const cue = game.selection.placement!;
    const aimed = reduce(game, { type: 'aim-at', at: { x: cue.x, y: cue.y + 100 } });
    expect(aimed.aim.angleDeg).toBeCloseTo(90);
  });
});

describe('the selection', () => {
  it('refuses what the referee refuses: its checkShotIntent judges cue ball, call and placement', () => {
    const game = started();
    const template = shotTemplate(game.match)!;
    const { spec } = tableOf(game.match);
    // Every cue ball, and every place on a 25 mm grid of the bed for the ball in hand on the break.
    for (let ball = 0; ball < 16; ball++) {
      const referee = checkShotIntent(game.match, { cueBall: ball as 0, call: null, placement: null }).ok;
      expect(checkCueBall(game.match, ball).ok, `cue ball ${ball}`).toBe(referee);
    }
    let refused = 0;
    for (let x = 0; x <= spec.length; x += 25) {
      for (let y = 0; y <= spec.width; y += 25) {
        const at = { x, y };
        const referee = checkShotIntent(game.match, { cueBall: 0, call: null, placement: at }).ok;
        if (!referee) {
          refused++;
          expect(checkPlacement(game.match, template, 0, at).ok, `${x}, ${y}`).toBe(false);
        }
      }
    }
    expect(refused).toBeGreaterThan(1000);
    // The break takes no call: the referee says so, and the game with it.
    expect(checkCall(game.match, 0, { ball: 1, pocket: 'BL' })).toEqual({
      ok: false,
      reason: { ru: 'Заказ не нужен.', en: 'No call is taken on this shot.' },
    });
  });

  it('places the ball in hand only in the house, with the reason when refused', () => {
    const game = started();
    expect(game.selection.placement).not.toBeNull();
    const outside = reduce(game, {
      type: 'place',
      at: { x: tableOf(game.match).markings.houseLineX + 200, y: 900 },
    });
    expect(outside.selection).toBe(game.selection);
    expect(outside.notice?.kind).toBe('refused');
    expect(outside.notice?.text.en).toMatch(/house/);
    const inside = reduce(game, { type: 'place', at: { x: 400, y: 600 } });
    expect(inside.selection.placement).toEqual({ x: 400, y: 600 });
    expect(inside.notice).toBeNull();
    const template = shotTemplate(game.match)!;
    expect(checkPlacement(game.match, template, 0, { x: 10, y: 600 }).ok).toBe(false);
  });

  it('chooses the Free cue ball only among the template’s cue balls', () => {
    let game = started();
    game = strike(reduce(game, { type: 'power', power: 1 }));
    const template = shotTemplate(game.match);
    if (template === null) throw new Error('a shot should be due after the break');
    expect(template.cueBalls.length).toBeGreaterThan(1);
    expect(game.selection.cueBall).toBeNull();
    const missing = [...Array(16).keys()].find((b) => !template.cueBalls.includes(b));
    if (missing !== undefined) {
      const refused = reduce(game, { type: 'select-cue-ball', ball: missing });
      expect(refused.selection.cueBall).toBeNull();
      expect(refused.notice?.kind).toBe('refused');
    }
    const ball = template.cueBalls.at(-1)!;
    const chosen = reduce(game, { type: 'select-cue-ball', ball });
    expect(chosen.selection.cueBall).toBe(ball);
    expect(shotToPlay(game).ok).toBe(false);
    expect(shotToPlay(chosen).ok).toBe(true);
  });

  it('takes a Classic call only among the template’s calls', () => {
    let game = started({ ...people, variant: 'classic' });
    game = strike(reduce(game, { type: 'power', power: 1 }));
    if (game.match.turn.kind !== 'shot') throw new Error('a shot should be due');
    const template = shotTemplate(game.match)!;
    expect(template.calls).not.toBeNull();
    expect(reduce(game, { type: 'call-ball', ball: 0 }).notice?.kind).toBe('refused');
    const call = template.calls![0]!;
    game = reduce(game, { type: 'call-ball', ball: call.ball });
    expect(shotToPlay(game).ok).toBe(false);
    game = reduce(game, { type: 'call-pocket', pocket: call.pocket });
    expect(game.selection.call).toEqual(call);
    expect(shotToPlay(game).ok).toBe(true);
  });
});

describe('the table size', () => {
  const on = (tableSize: Setup['tableSize']): GameState => started({ ...people, tableSize });

  it('starts the match on the chosen table, and the record says so', () => {
    const game = on('9ft');
    expect(game.match.tableSize).toBe('9ft');
    expect(tableOf(game.match).spec.length).toBe(2540);
    const record = JSON.parse(recordText(headerOf(game), game.history));
    expect(record.start).toEqual({ from: 'rack', breaker: 0, tableSize: '9ft' });
    const replayed = replayRecordText(JSON.stringify(record));
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.final.tableSize).toBe('9ft');
    // The suggested placement is in the 9 ft house, which the referee accepts.
    const template = shotTemplate(game.match)!;
    expect(checkPlacement(game.match, template, 0, game.selection.placement!).ok).toBe(true);
  });

  it('refuses on 9 ft a placement that is legal on 12 ft, outside the 9 ft house, with the reason', () => {
    const twelve = on('12ft');
    const nine = on('9ft');
    const house12 = tableOf(twelve.match).markings.houseLineX;
    const house9 = tableOf(nine.match).markings.houseLineX;
    expect(house9).toBeLessThan(house12);
    const at = { x: (house9 + house12) / 2, y: tableOf(nine.match).spec.width / 2 };
    const legal = reduce(twelve, { type: 'place', at });
    expect(legal.selection.placement).toEqual(at);
    expect(legal.notice).toBeNull();
    const refused = reduce(nine, { type: 'place', at });
    expect(refused.selection).toBe(nine.selection);
    expect(refused.notice?.kind).toBe('refused');
    expect(refused.notice?.text.en).toBe('The cue ball must be placed in the house (behind the house line).');
    // The referee agrees: the same shot from there is refused on 9 ft.
    const shot = { cueBall: 0, call: null, placement: at, strike: { speed: 5, angleDeg: 0 } };
    expect(playShot(twelve.match, shot).ok).toBe(true);
    expect(playShot(nine.match, shot).ok).toBe(false);
  });

  it('practises on the chosen table, and a saved game resumes on it', () => {
    const setup = { ...people, tableSize: '7ft' as const };
    const practice = reduce(initialGame(setup, 'en'), { type: 'start-practice', setup });
    expect(practice.mode).toBe('practice');
    expect(practice.match.tableSize).toBe('7ft');
    expect(practice.start.tableSize).toBe('7ft');
    const moved = reduce(
      { ...practice, editing: true },
      { type: 'practice-move', ball: 0, at: { x: 2100, y: 500 } },
    );
    // 2100 mm is on a 12 ft bed but past the 7 ft bed's far cushion (1980 mm): no room.
    expect(moved.notice?.kind).toBe('refused');
    const resumed = parseSavedGame(serializeGame(practice));
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.game.match.tableSize).toBe('7ft');
    expect(resumed.game.setup.tableSize).toBe('7ft');
  });

  it('labels every size with its playing area', () => {
    expect(tableSizeLabel('12ft', 'en')).toBe('12 ft (3550 × 1775)');
    expect(tableSizeLabel('9ft', 'ru')).toBe('9 фт (2540 × 1270)');
  });
});

describe('decisions and turns', () => {
  it('offers the penalty ball exactly as legalActions lists it', () => {
    const game = fromRecord('free-foul.json');
    expect(game.match.turn.kind).toBe('decision');
    const offered = choices(game.match);
    const listed = legalActions(game.match).filter((a) => a.type === 'penalty-ball');
    expect(offered).toEqual(listed);
    const chosen = reduce(game, { type: 'choose', choice: offered[2]! });
    expect(chosen.history.length).toBe(game.history.length + 1);
    expect(chosen.match.shelves[1]).toContain(offered[2]!.type === 'penalty-ball' ? offered[2]!.ball : -1);
    const bogus = reduce(game, { type: 'choose', choice: { type: 'penalty-ball', player: 0, ball: 3 } });
    expect(bogus.match).toBe(game.match);
    expect(bogus.notice?.kind).toBe('refused');
  });

  it('offers the Dynamic option exactly as legalActions lists it', () => {
    const game = fromRecord('dynamic-foul.json');
    const offered = choices(game.match);
    expect(offered).toEqual(legalActions(game.match).filter((a) => a.type === 'dynamic-option'));
    const second = reduce(game, { type: 'choose', choice: offered[1]! });
    expect(second.match.turn.kind).toBe('shot');
    if (second.match.turn.kind === 'shot') expect(second.match.turn.terms.kind).toBe('penalty');
  });

  it('lets no person act on the computer’s turn', () => {
    const setup: Setup = {
      ...people,
      breaker: 1,
      players: [people.players[0], { name: 'CPU', kind: 'computer', level: 'novice' }],
    };
    const game = started(setup);
    expect(personToAct(game)).toBe(false);
    const placed = reduce(game, { type: 'place', at: { x: 400, y: 600 } });
    expect(placed.selection).toBe(game.selection);
    expect(placed.notice?.text.en).toMatch(/computer/);
    expect(shotToPlay(game).ok).toBe(false);
    const played = playShot(game.match, {
      cueBall: 0,
      call: null,
      placement: { x: 600, y: 887.5 },
      strike: { speed: 6, angleDeg: 0 },
    });
    if (!played.ok) throw new Error('the break should play');
    const byPerson = reduce(game, { type: 'applied', by: 'person', ...played.value, shot: null });
    expect(byPerson.history).toHaveLength(0);
    const byComputer = reduce(game, { type: 'applied', by: 'computer', ...played.value, shot: null });
    expect(byComputer.history).toHaveLength(1);
  });
});

describe('practice', () => {
  it('takes a shot back to the same position', () => {
    let game = reduce(initialGame(people, 'en'), { type: 'start-practice', setup: people });
    expect(game.mode).toBe('practice');
    const before = game.match;
    game = reduce(game, { type: 'select-cue-ball', ball: 0 });
    game = reduce(game, { type: 'aim-angle', angleDeg: 0 });
    game = strike(reduce(game, { type: 'power', power: 0.9 }));
    expect(game.history).toHaveLength(1);
    expect(game.history[0]!.ruling.explanation.en.length).toBeGreaterThan(0);
    const back = reduce(game, { type: 'undo' });
    expect(back.match).toBe(before);
    expect(back.history).toHaveLength(0);
  });

  it('moves and removes balls, refusing overlaps', () => {
    let game = reduce(initialGame(people, 'en'), { type: 'start-practice', setup: people });
    const p1 = game.match.positions![1]!;
    const overlap = reduce(game, { type: 'practice-move', ball: 0, at: p1 });
    expect(overlap.notice?.kind).toBe('refused');
    game = reduce(game, { type: 'practice-move', ball: 0, at: { x: 1500, y: 300 } });
    expect(game.match.positions![0]).toEqual({ x: 1500, y: 300 });
    game = reduce(game, { type: 'practice-remove', ball: 5 });
    expect(game.match.table).not.toContain(5);
    expect(game.match.shelves.flat()).toContain(5);
  });
});

describe('records and persistence', () => {
  it('saves and resumes the same match; a damaged save is refused', () => {
    let game = started();
    game = strike(reduce(game, { type: 'power', power: 1 }));
    const text = serializeGame(game);
    const resumed = parseSavedGame(text);
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.game.match).toEqual(game.match);
    expect(resumed.game.history.map((h) => h.ruling)).toEqual(game.history.map((h) => h.ruling));
    expect(resumed.game.setup).toEqual(game.setup);
    const damaged = text.replace('"actions":[{', '"actions":[{"bogus":1,');
    const refused = parseSavedGame(damaged);
    expect(refused.ok).toBe(false);
    expect(parseSavedGame('{not json').ok).toBe(false);
  });

  it('exports the record that the referee replays to the same result', () => {
    let game = started({ ...people, variant: 'dynamic' });
    game = strike(reduce(game, { type: 'power', power: 1 }));
    const text = recordText(headerOf(game), game.history);
    const replay = replayRecordText(text);
    if (!replay.ok) throw new Error(replay.error.message);
    expect(summarise(replay.value.final)).toEqual(summarise(game.match));
  });

  it('a match state survives structured cloning (it is sent to the bot worker)', () => {
    const state: MatchState = rackedMatch('classic', { breaker: 0 });
    expect(structuredClone(state)).toEqual(state);
  });

  it('the prepared browser-test records replay', () => {
    for (const name of ['free-foul.json', 'dynamic-foul.json']) {
      const replay = replayRecordText(record(name));
      expect(replay.ok).toBe(true);
      if (replay.ok) expect(replay.value.final.turn.kind).toBe('decision');
    }
  });

  it('a record that fails to load names its field and changes nothing', () => {
    const loaded = loadRecordText('{"format":"pyramid-match-record","version":2}');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.field).toBe('/version');
  });
});
