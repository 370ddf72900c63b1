/**
 * The table size of a match. The rules draw the house line through the front spot, a quarter of the
 * bed's length from the front cushion, the back spot three quarters along it and both on the long
 * axis (general rules п.2); the pyramid's apex is on the back spot (п.8.1) and a void ball goes back
 * there (п.25). The expected numbers below are worked out from the 9 ft preset's playing area
 * (2540 × 1270 mm, 68 mm balls) and checked against `markings` of `@pyramid/table`.
 */
import {
  apply,
  DEFAULT_TABLE_SIZE,
  isTableSize,
  type MatchState,
  newMatch,
  parseMatchStart,
  replayRecord,
  startTableSize,
  summarise,
  TABLE_SIZES,
} from '@pyramid/rules';
import { markings, PRESET_9FT, PRESETS, tableSpecOf } from '@pyramid/table';
import { describe, expect, it } from 'vitest';

const NINE = { length: 2540, width: 1270, ball: 68 };
const NINE_MARKS = markings(tableSpecOf(PRESET_9FT));

function started(input: unknown): MatchState {
  const result = parseMatchStart(input);
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  return result.value;
}

function applied(state: MatchState, action: unknown) {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`${result.error.code} ${result.error.field}: ${result.error.message}`);
  return result.value;
}

describe('table sizes', () => {
  it('are the preset keys of @pyramid/table, smallest first', () => {
    expect([...TABLE_SIZES]).toEqual(Object.keys(PRESETS));
    expect(TABLE_SIZES.every(isTableSize)).toBe(true);
    expect(isTableSize('13ft')).toBe(false);
    expect(isTableSize(12)).toBe(false);
  });

  it('default to the 12 ft tournament table, in a new match and in a record that names none', () => {
    expect(DEFAULT_TABLE_SIZE).toBe('12ft');
    expect(newMatch('free').tableSize).toBe('12ft');
    expect(started({ variant: 'classic', start: { from: 'rack', breaker: 0 } }).tableSize).toBe('12ft');
    expect(summarise(newMatch('dynamic', { tableSize: '8ft' })).tableSize).toBe('8ft');
  });

  it('refuse a size that is not a preset, naming start.tableSize and listing the sizes', () => {
    for (const bad of ['13ft', '12', 12, null, '']) {
      const result = parseMatchStart({ variant: 'free', start: { from: 'rack', tableSize: bad } });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.field).toBe('/start/tableSize');
      expect(result.error.code).toBe('invalid-setup');
      for (const size of TABLE_SIZES) expect(result.error.message).toContain(size);
    }
    const replay = replayRecord({
      format: 'pyramid-match-record',
      version: 1,
      variant: 'free',
      start: { from: 'situation', tableSize: '13ft', table: [0, 1], turn: { kind: 'shot', player: 0 } },
      actions: [],
    });
    expect(replay.ok).toBe(false);
    if (!replay.ok) expect(replay.error).toMatchObject({ index: null, field: '/start/tableSize' });
  });

  it('are written into a record only off the 12 ft default, and read back', () => {
    expect(startTableSize('12ft')).toEqual({});
    expect(startTableSize('10ft')).toEqual({ tableSize: '10ft' });
    const replay = replayRecord({
      format: 'pyramid-match-record',
      version: 1,
      variant: 'combined',
      start: { from: 'rack', breaker: 1, ...startTableSize('10ft') },
      actions: [{ type: 'shot', player: 1, facts: { firstContact: 1, breakCushionBalls: [2, 3] } }],
    });
    expect(replay.ok).toBe(true);
    if (replay.ok) expect(replay.value.final.tableSize).toBe('10ft');
  });
});

describe('a match on a 9 ft table', () => {
  it('racks the pyramid with its apex on the 9 ft back spot and the rows a ball diameter apart', () => {
    const state = newMatch('classic', { breaker: 0, tableSize: '9ft' });
    const backSpot = { x: (3 * NINE.length) / 4, y: NINE.width / 2 };
    expect(NINE_MARKS.backSpot).toEqual(backSpot);
    // Classic §3: ball 4 at the apex, then 5 and 6, rows √3/2 of a diameter apart toward the back cushion.
    expect(state.positions?.[4]).toEqual(backSpot);
    const row = (NINE.ball * Math.sqrt(3)) / 2;
    expect(state.positions?.[5]?.x).toBeCloseTo(backSpot.x + row, 9);
    expect(state.positions?.[5]?.y).toBeCloseTo(backSpot.y + NINE.ball / 2, 9);
    expect(state.positions?.[6]?.y).toBeCloseTo(backSpot.y - NINE.ball / 2, 9);
    // The base (row 5) still lies on the 9 ft bed, clear of the back cushion.
    for (const at of Object.values(state.positions ?? {})) {
      expect(at.x).toBeLessThan(NINE.length - NINE.ball / 2);
    }
  });

  it('takes the cue ball in hand inside the 9 ft house only: x = 700 is in the 12 ft house, not in this one', () => {
    const houseLine = NINE.length / 4;
    expect(NINE_MARKS.houseLineX).toBe(houseLine);
    const breakShot = (x: number) => ({
      type: 'shot',
      player: 0,
      placement: { x, y: NINE.width / 2 },
      facts: { firstContact: 1, breakCushionBalls: [2, 3] },
    });
    const twelve = newMatch('free', { breaker: 0 });
    const nine = newMatch('free', { breaker: 0, tableSize: '9ft' });
    expect(apply(twelve, breakShot(700)).ok).toBe(true);
    const refused = apply(nine, breakShot(700));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'placement-invalid', field: '/placement' });
    // п.2: the line itself is not in the house.
    expect(apply(nine, breakShot(houseLine)).ok).toBe(false);
    expect(apply(nine, breakShot(houseLine - 1)).ok).toBe(true);
  });

  it('judges a first contact in or out of the 9 ft house from the positions (п.21)', () => {
    // Combined, from hand from the house: ball 13 at x = 700 is outside the 9 ft house, so contacting it is legal.
    const start = (x: number) =>
      started({
        variant: 'combined',
        start: {
          from: 'situation',
          tableSize: '9ft',
          scores: [6, 6],
          shelves: [
            [1, 2, 3, 4, 5, 6],
            [7, 8, 9, 10, 11, 12],
          ],
          table: [13, 14, 15],
          positions: { 13: { x, y: 300 }, 14: { x: 1500, y: 1000 }, 15: { x: 2000, y: 400 } },
          turn: { kind: 'shot', player: 0, terms: { kind: 'penalty', inHand: 'house' } },
        },
      });
    const shot = {
      type: 'shot',
      player: 0,
      placement: { x: 300, y: 900 },
      facts: { firstContact: 13, cushionsAfterContact: [13, 0] },
    };
    expect(applied(start(700), shot).ruling.verdict).toBe('legal');
    const inside = applied(start(600), shot).ruling;
    expect(inside.verdict).toBe('foul');
    expect(inside.fouls).toContain('from-house');
  });

  it('plays from the 9 ft temporary house when every object ball lies in its house, behind its back spot', () => {
    // Combined: after a foul that sends the coloured ball off, the opponent plays from hand from the house,
    // which becomes the temporary house (п.21 reading) when the object balls all lie in the house.
    const state = started({
      variant: 'combined',
      start: {
        from: 'situation',
        tableSize: '9ft',
        scores: [6, 6],
        shelves: [
          [1, 2, 3, 4, 5, 6],
          [7, 8, 9, 10, 11, 12],
        ],
        table: [0, 13, 14, 15],
        positions: {
          0: { x: 1300, y: 600 },
          13: { x: 200, y: 300 },
          14: { x: 400, y: 900 },
          15: { x: 600, y: 1100 },
        },
        turn: { kind: 'shot', player: 0 },
      },
    });
    // Player 0 sends the coloured ball off the table (29.1(10)): player 1 takes a penalty ball, then has the
    // cue ball in hand from the house.
    const foul = applied(state, {
      type: 'shot',
      player: 0,
      facts: {
        firstContact: 13,
        offTable: [0],
        cushionsAfterContact: [0, 0],
        positions: { 13: { x: 200, y: 300 }, 14: { x: 400, y: 900 }, 15: { x: 600, y: 1100 } },
      },
    });
    const taken = applied(foul.state, { type: 'penalty-ball', player: 1, ball: 15 });
    const turn = taken.state.turn;
    expect(turn.kind === 'shot' && turn.terms.inHand).toBe('temporary-house');
    const place = (x: number) => ({
      type: 'shot',
      player: 1,
      placement: { x, y: 635 },
      facts: { firstContact: 13, cushionsAfterContact: [13, 0] },
    });
    // Behind the 9 ft back spot line (1905) is the temporary house; 12 ft's line (2662.5) is off this bed.
    expect(NINE_MARKS.temporaryHouseLineX).toBe(1905);
    expect(apply(taken.state, place(1800)).ok).toBe(false);
    expect(apply(taken.state, place(2000)).ok).toBe(true);
  });

  it('re-spots a void ball on the 9 ft back spot, and the next one along the line toward the back cushion (п.25)', () => {
    const state = started({
      variant: 'combined',
      start: {
        from: 'situation',
        tableSize: '9ft',
        scores: [6, 6],
        shelves: [
          [1, 2, 3, 4, 5, 6],
          [7, 8, 9, 10, 11, 12],
        ],
        table: [0, 13, 14, 15],
        positions: {
          0: { x: 1000, y: 500 },
          13: { x: 1300, y: 800 },
          14: { x: 1500, y: 300 },
          15: { x: 400, y: 1000 },
        },
        turn: { kind: 'shot', player: 0 },
      },
    });
    const ruling = applied(state, {
      type: 'shot',
      player: 0,
      facts: {
        firstContact: 13,
        offTable: [13, 14],
        cushionsAfterContact: [13, 0],
        positions: { 0: { x: 1050, y: 450 }, 15: { x: 400, y: 1000 } },
      },
    }).ruling;
    const spot = NINE_MARKS.backSpot;
    expect(spot).toEqual({ x: 1905, y: 635 });
    expect(ruling.respotted).toEqual([
      { ball: 13, at: spot },
      // Not frozen to ball 13: a diameter and the re-spot clearance (0.5 mm) further back.
      { ball: 14, at: { x: spot.x + NINE.ball + 0.5, y: spot.y } },
    ]);
  });
});
