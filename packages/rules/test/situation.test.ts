/**
 * A situation start is checked as a whole: every ball in exactly one place (the bed, one shelf, or
 * in hand), the ball in hand on no shelf (a pocketed ball stays on the shelf, Free 6, Combined 6),
 * the scores consistent with the shelves, and the turn possible in the variant. Each contradiction
 * below is refused with the field at fault; random ones come from the testkit.
 */
import { Random } from '@pyramid/core';
import { replayRecord, VARIANTS } from '@pyramid/rules';
import { contradictorySituation, recordOf, unclearError } from '@pyramid/testkit';
import { describe, expect, it } from 'vitest';

const refusal = (variant: (typeof VARIANTS)[number], start: Record<string, unknown>) => {
  const result = replayRecord(recordOf(variant, start));
  return result.ok ? null : { code: result.error.code, field: result.error.field };
};
const shotTurn = { kind: 'shot', player: 0 };
const whites = (except: number[]) =>
  Array.from({ length: 15 }, (_, i) => i + 1).filter((b) => !except.includes(b));

describe('a situation start, checked as a whole', () => {
  it('refuses a cue ball in hand that is on a shelf (Free: a white and the coloured ball)', () => {
    const inHand = (cueBall: number) => ({ kind: 'shot', player: 1, terms: { cueBall, inHand: 'house' } });
    expect(
      refusal('free', {
        from: 'situation',
        scores: [1, 0],
        shelves: [[7], []],
        table: [0, ...whites([7])],
        turn: inHand(7),
      }),
    ).toEqual({ code: 'invalid-setup', field: '/start/turn/terms/cueBall' });
    expect(
      refusal('free', {
        from: 'situation',
        scores: [1, 0],
        shelves: [[0], []],
        table: whites([]),
        turn: inHand(0),
      }),
    ).toEqual({ code: 'invalid-setup', field: '/start/turn/terms/cueBall' });
  });

  it('takes a white cue ball in hand (Free) that is also listed on the bed, and off the bed', () => {
    const start = {
      from: 'situation',
      table: [0, ...whites([])],
      turn: { kind: 'shot', player: 0, terms: { cueBall: 9, inHand: 'house' } },
    };
    const result = replayRecord(recordOf('free', start));
    if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
    expect(result.value.initial.table).not.toContain(9);
    const missing = replayRecord(recordOf('free', { ...start, table: [0, ...whites([9])] }));
    expect(missing.ok).toBe(true);
  });

  it('refuses a ball in two places, a ball nowhere, scores off the shelves and a play-off lag outside Classic', () => {
    expect(
      refusal('combined', {
        from: 'situation',
        scores: [1, 0],
        shelves: [[3], []],
        table: [0, ...whites([])],
      }),
    ).toEqual({ code: 'ball-pocketed-twice', field: '/start/shelves/0/0' });
    expect(refusal('combined', { from: 'situation', table: [0, ...whites([5])], turn: shotTurn })).toEqual({
      code: 'invalid-setup',
      field: '/start/table',
    });
    expect(
      refusal('free', { from: 'situation', shelves: [[5], []], table: [0, ...whites([5])], turn: shotTurn }),
    ).toEqual({
      code: 'invalid-setup',
      field: '/start/scores',
    });
    expect(
      refusal('dynamic', {
        from: 'situation',
        table: [0, ...whites([])],
        turn: { kind: 'lag', reason: 'play-off' },
      }),
    ).toEqual({ code: 'invalid-setup', field: '/start/turn/reason' });
  });

  it('refuses every random contradiction, with a clear error (seeded)', () => {
    const random = new Random(15);
    for (let k = 0; k < 400; k++) {
      const planted = contradictorySituation(random, random.pick(VARIANTS));
      const record = recordOf(planted.variant, planted.start);
      const result = replayRecord(record);
      if (result.ok) expect.fail(`${planted.contradiction} in ${planted.variant} was accepted`);
      expect(unclearError(record, result.error), planted.contradiction).toBeNull();
    }
  });
});
