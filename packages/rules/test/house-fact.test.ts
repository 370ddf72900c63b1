/**
 * п.21 without positions. The rules: "Если биток забит неправильно или выскочил за борт, то после
 * снятия штрафного шара вступающий в игру соперник производит штрафной удар с руки из дома в
 * соответствии с п. 21" (Combined 7), and п.21 as the federation's newer edition reads it: when all
 * object balls lie in the house, the shot from hand is taken from the temporary house, behind the
 * line through the back spot, aiming out of it; the product judges this after the penalty ball has
 * been taken. A scorer records no positions, so the shot says what the referee saw.
 */
import { apply, type MatchState, parseMatchStart, replayRecord } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';

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

/** Combined, 6:6, balls 13–15 left, no positions: player 0 is to play. */
const START = {
  variant: 'combined',
  start: {
    from: 'situation',
    scores: [6, 6],
    shelves: [
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12],
    ],
    table: [0, 13, 14, 15],
    turn: { kind: 'shot', player: 0 },
  },
};

/** Player 0 sends the coloured ball off the table (29.1(10)); player 1 takes ball 15 as the penalty ball. */
function afterPenaltyBall(): MatchState {
  const foul = applied(started(START), {
    type: 'shot',
    player: 0,
    facts: { firstContact: 13, offTable: [0], cushionsAfterContact: [0, 0] },
  });
  return applied(foul.state, { type: 'penalty-ball', player: 1, ball: 15 }).state;
}

/** A shot from hand straight at ball 13 lying in the house, the cue ball not leaving the house first. */
const AT_BALL_IN_HOUSE = {
  type: 'shot',
  player: 1,
  facts: { firstContact: 13, firstContactInHouse: true, cushionsAfterContact: [13, 0] },
};

describe('the temporary house without positions (п.21)', () => {
  it('is the house until the referee says every object ball lies in it', () => {
    const state = afterPenaltyBall();
    const turn = state.turn;
    expect(turn.kind === 'shot' && turn.terms.inHand).toBe('house');
    // From the house, striking a ball in the house directly is the п.21 foul.
    expect(applied(state, AT_BALL_IN_HOUSE).ruling.fouls).toEqual(['from-house']);
    expect(applied(state, { ...AT_BALL_IN_HOUSE, objectBallsInHouse: 'not-all' }).ruling.fouls).toEqual([
      'from-house',
    ]);
  });

  it("with 'all', the shot is from the temporary house: aiming out of it at a ball in the house is legal", () => {
    const state = afterPenaltyBall();
    const { ruling } = applied(state, { ...AT_BALL_IN_HOUSE, objectBallsInHouse: 'all' });
    expect(ruling.verdict).not.toBe('foul');
    expect(ruling.fouls).toEqual([]);
    const said = ruling.reasons.find((reason) => reason.en.includes('temporary house'));
    expect(said?.cite).toBe('п.21');
    expect(ruling.explanation.ru).toContain('временного дома');
  });

  it("with 'all', the cue ball must be placed behind the back spot line, not in the house", () => {
    const state = afterPenaltyBall();
    // 12 ft bed (3550 mm): the house line is at 887.5 mm, the temporary house line at 2662.5 mm.
    const placed = (x: number) =>
      apply(state, { ...AT_BALL_IN_HOUSE, objectBallsInHouse: 'all', placement: { x, y: 887.5 } });
    const inHouse = placed(400);
    expect(inHouse.ok).toBe(false);
    if (!inHouse.ok) {
      expect(inHouse.error.code).toBe('placement-invalid');
      expect(inHouse.error.field).toBe('/placement');
      expect(inHouse.error.message).toContain('temporary house');
    }
    expect(placed(3000).ok).toBe(true);
  });

  it('is refused on a shot not from hand, naming the field, and the state is untouched', () => {
    const state = started(START);
    const before = JSON.stringify(state);
    const result = apply(state, {
      type: 'shot',
      player: 0,
      objectBallsInHouse: 'all',
      facts: { firstContact: 13, cushionsAfterContact: [13, 0] },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('impossible-facts');
      expect(result.error.field).toBe('/objectBallsInHouse');
    }
    expect(JSON.stringify(state)).toBe(before);
  });

  it('takes only all or not-all', () => {
    const result = apply(afterPenaltyBall(), { ...AT_BALL_IN_HOUSE, objectBallsInHouse: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('malformed-action');
      expect(result.error.field).toBe('/objectBallsInHouse');
    }
  });

  it('must agree with measured positions', () => {
    // Ball 13 at 2000 mm lies outside the house: the positions contradict 'all'.
    const state = started({
      ...START,
      start: {
        ...START.start,
        positions: {
          0: { x: 1500, y: 800 },
          13: { x: 2000, y: 800 },
          14: { x: 300, y: 600 },
          15: { x: 400, y: 1100 },
        },
      },
    });
    const foul = applied(state, {
      type: 'shot',
      player: 0,
      facts: {
        firstContact: 13,
        offTable: [0],
        cushionsAfterContact: [0, 0],
        positions: { 13: { x: 2000, y: 800 }, 14: { x: 300, y: 600 }, 15: { x: 400, y: 1100 } },
      },
    });
    const taken = applied(foul.state, { type: 'penalty-ball', player: 1, ball: 15 }).state;
    const contradicted = apply(taken, { ...AT_BALL_IN_HOUSE, objectBallsInHouse: 'all' });
    expect(contradicted.ok).toBe(false);
    if (!contradicted.ok) expect(contradicted.error.field).toBe('/objectBallsInHouse');
    // Taking ball 13 instead leaves 14 and 15, both in the house: the positions give the temporary house, and 'all' agrees.
    const other = applied(foul.state, { type: 'penalty-ball', player: 1, ball: 13 }).state;
    expect(other.turn.kind === 'shot' && other.turn.terms.inHand).toBe('temporary-house');
    const agreed = apply(other, {
      ...AT_BALL_IN_HOUSE,
      facts: { ...AT_BALL_IN_HOUSE.facts, firstContact: 14, cushionsAfterContact: [14, 0] },
      objectBallsInHouse: 'all',
    });
    expect(agreed.ok ? 'ok' : agreed.error.message).toBe('ok');
    expect(apply(other, { ...AT_BALL_IN_HOUSE, objectBallsInHouse: 'not-all' }).ok).toBe(false);
  });

  it('is kept by a match record and replays to the same rulings', () => {
    const actions = [
      { type: 'shot', player: 0, facts: { firstContact: 13, offTable: [0], cushionsAfterContact: [0, 0] } },
      { type: 'penalty-ball', player: 1, ball: 15 },
      { ...AT_BALL_IN_HOUSE, objectBallsInHouse: 'all' },
    ];
    const replay = replayRecord({ format: 'pyramid-match-record', version: 1, ...START, actions });
    if (!replay.ok) throw new Error(`${replay.error.field}: ${replay.error.message}`);
    const last = replay.value.steps.at(-1)?.ruling;
    expect(last?.fouls).toEqual([]);
    expect(last?.reasons.some((reason) => reason.en.includes('temporary house'))).toBe(true);
  });
});
