/**
 * docs/variants.md proven: a variant added the way the guide says — one rulebook of facts and
 * hooks — is refereed by the general rules without a change to them. The toy is "Short free
 * pyramid": Free pyramid won at 6 points, where a foul costs the offender's opponent one point and
 * no penalty ball (he plays on from the position). The vocabulary of variants is closed, so the test
 * files the toy under Free's name, in place of Free's own rulebook.
 */

import type { RecordAction } from '@pyramid/testkit';
import { describe, expect, it, vi } from 'vitest';
import { reasons } from '../src/explain.js';
import { replayRecord } from '../src/index.js';
import { pointWithheld, resolveShot } from '../src/penalty.js';
import { cited } from '../src/rulebook-facts.js';
import { other, type ShotTurn } from '../src/state.js';
import type { Rulebook } from '../src/variants/rulebook.js';

vi.mock('../src/variants/free.js', async (importOriginal) => {
  const { free } = await importOriginal<typeof import('../src/variants/free.js')>();
  // Built from docs/variants.md: start from the closest variant's rulebook, change its facts, and
  // replace the hooks whose paragraphs differ.
  const shortFree: Rulebook & { readonly variant: 'free' } = {
    ...free,
    // Short free 1: the frame is won at 6 points.
    targetScore: 6,
    // Short free 6: no penalty ball is ever taken.
    penaltyBalls: false,
    cites: { ...free.cites, penaltyPoint: 'Free 6', penaltyBall: null },
    /** Short free 6: a foul gives the opponent one point, and he plays on from the position. */
    penalise(draft, offender, terms) {
      const beneficiary = other(offender);
      const then: ShotTurn = { kind: 'shot', player: beneficiary, terms: terms.base };
      if (!pointWithheld(draft, beneficiary)) {
        draft.addPoints(beneficiary, 1);
        draft.say(reasons.penaltyPoint(cited(draft.rules, 'penaltyPoint'), beneficiary));
        if (draft.scores[beneficiary] >= draft.target()) {
          draft.winFrame(beneficiary);
          return;
        }
      }
      draft.turn = resolveShot(draft, then);
    },
  };
  return { free: shortFree };
});

/** A legal pot: `cue` strikes `ball` into the far right pocket. */
const pot = (player: 0 | 1, cue: number, ball: number): RecordAction => ({
  type: 'shot',
  player,
  cueBall: cue,
  facts: { firstContact: ball, pocketed: [{ ball, pocket: 'FR' }] },
});
/** A foul: the chosen cue ball touches no ball (п.29.1(1)). */
const miss = (player: 0 | 1, cue: number): RecordAction => ({
  type: 'shot',
  player,
  cueBall: cue,
  facts: {},
});

function replay(actions: readonly RecordAction[]) {
  const result = replayRecord({
    format: 'pyramid-match-record',
    version: 1,
    variant: 'free',
    players: ['A', 'B'],
    start: { from: 'rack', breaker: 0 },
    actions,
  });
  if (!result.ok) throw new Error(`${result.error.index}: ${result.error.field}: ${result.error.message}`);
  return result.value;
}

const BREAK: RecordAction = {
  type: 'shot',
  player: 0,
  cueBall: 0,
  facts: { firstContact: 1, pocketed: [{ ball: 1, pocket: 'BL' }] },
};

describe('a toy variant built from docs/variants.md (Free pyramid to 6 points, no penalty ball)', () => {
  it('plays a frame to 6 points: fouls cost a point each and no penalty ball', () => {
    const { steps, final } = replay([
      BREAK,
      pot(0, 0, 2),
      miss(0, 10), // 2:1 — and player 1 plays on, no ball to choose
      miss(1, 11), // 3:1
      pot(0, 12, 3),
      pot(0, 13, 4),
      pot(0, 14, 5), // the sixth point wins the frame, and the match of one frame
    ]);
    expect(steps.map((step) => step.ruling.scores)).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
    const foul = steps[2]!.ruling;
    expect(foul.verdict).toBe('foul');
    expect(foul.next).toMatchObject({
      kind: 'shot',
      player: 1,
      terms: { kind: 'ordinary', cueBall: 'choose' },
    });
    expect(steps[3]!.ruling.next).toMatchObject({ kind: 'shot', player: 0 });
    expect(final.turn.kind).toBe('match-over');
    expect(final.framesWon).toEqual([1, 0]);
    expect(final.shelves[0]).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses what the toy has not: a shot after the frame is won, and a start with a penalty ball due', () => {
    const won = replayRecord({
      format: 'pyramid-match-record',
      version: 1,
      variant: 'free',
      players: ['A', 'B'],
      start: { from: 'rack', breaker: 0 },
      actions: [
        BREAK,
        pot(0, 0, 2),
        pot(0, 10, 3),
        pot(0, 11, 4),
        pot(0, 12, 5),
        pot(0, 13, 6),
        pot(0, 14, 7),
      ],
    });
    expect(won.ok).toBe(false);
    if (!won.ok) expect(won.error.index).toBe(6);
    const due = replayRecord({
      format: 'pyramid-match-record',
      version: 1,
      variant: 'free',
      players: ['A', 'B'],
      start: {
        from: 'situation',
        scores: [0, 1],
        shelves: [[], []],
        table: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        turn: {
          kind: 'decision',
          decision: { kind: 'penalty-ball', player: 1, after: { kind: 'shot', player: 1 } },
        },
      },
      actions: [],
    });
    expect(due.ok).toBe(false);
    if (!due.ok) {
      expect(due.error.field).toBe('/start/turn/decision/kind');
      expect(due.error.message).toBe('Free pyramid has no penalty ball');
    }
  });
});
