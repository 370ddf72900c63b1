/** The hint in words, both languages, for every kind of shot the computer plans. */
import type { Hint, PlanKind } from '@pyramid/bots';
import { rackedMatch } from '@pyramid/match';
import { type MatchState, parseMatchStart } from '@pyramid/rules';
import type { PocketId } from '@pyramid/table';
import { describe, expect, it } from 'vitest';
import { hintWords } from '../src/game/ui/hint-words.js';

/** Free after the break: the striker chooses the cue ball (Free 2), which the words then name. */
function freeChoosing(): MatchState {
  const result = parseMatchStart({
    variant: 'free',
    start: {
      from: 'situation',
      table: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      shelves: [
        [9, 10, 11],
        [12, 13, 14, 15],
      ],
      scores: [3, 4],
      turn: { kind: 'shot', player: 0, terms: {} },
    },
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

interface Shape {
  kind: PlanKind;
  ball?: number | null;
  pocket?: PocketId | null;
  first?: number | null;
  chance?: number;
  speed?: number;
  side?: number;
  height?: number;
  cueBall?: number;
  placement?: { x: number; y: number } | null;
}

function hintOf(shape: Shape): Hint {
  return {
    player: 0,
    shot: {
      cueBall: shape.cueBall ?? 0,
      call: null,
      placement: shape.placement ?? null,
      strike: {
        speed: shape.speed ?? 2.46,
        direction: { x: 1, y: 0 },
        side: shape.side ?? 0,
        height: shape.height ?? 0,
        elevationDeg: 0,
      },
    },
    intent: {
      kind: shape.kind,
      ball: shape.ball ?? null,
      pocket: shape.pocket ?? null,
      first: shape.first ?? null,
      chance: 1,
      value: 0,
      foulRate: 0,
      samples: 10,
    },
    chance: shape.chance ?? 0.64,
    samples: 32,
  };
}

const ordinary = rackedMatch('combined', { breaker: 0 });
const KINDS: Shape[] = [
  { kind: 'pot', ball: 7, pocket: 'MR', first: 7 },
  { kind: 'pot', ball: 0, pocket: 'FL', first: 0, cueBall: 3 },
  { kind: 'bank', ball: 5, pocket: 'ML', first: 5 },
  { kind: 'svoyak', ball: 0, pocket: 'BR', first: 9 },
  { kind: 'safety', first: 4 },
  { kind: 'safety', first: null },
  { kind: 'break', first: 1, placement: { x: 700, y: 887.5 }, speed: 6.5, height: 0.2 },
];

describe('the hint in words', () => {
  it('says the pot with its pocket and chance, and how it is struck', () => {
    const h = hintOf({ kind: 'pot', ball: 7, pocket: 'MR', first: 7, chance: 0.64, height: -0.3 });
    expect(hintWords(h, ordinary, 'en')).toBe('pot 7 in the right middle pocket, 64 % · medium, draw');
    expect(hintWords(h, ordinary, 'ru')).toBe('забить 7 в правую среднюю лузу, 64 % · средний удар, оттяжка');
  });

  it('names the coloured ball, the cue ball chosen (Free), the ball in hand and the side', () => {
    const h = hintOf({
      kind: 'pot',
      ball: 0,
      pocket: 'FL',
      cueBall: 3,
      placement: { x: 500, y: 900 },
      speed: 0.6,
      side: 0.25,
    });
    expect(hintWords(h, freeChoosing(), 'en')).toBe(
      'pot the coloured ball in the front left corner pocket, 64 % · cue ball 3 · from hand · soft, right side',
    );
    expect(hintWords(h, freeChoosing(), 'ru')).toBe(
      'забить цветной в левую угловую лузу у дома, 64 % · биток — 3 · с руки · мягкий удар, правый винт',
    );
  });

  it('calls the break a break and states the chance of a legal one', () => {
    const h = hintOf({
      kind: 'break',
      first: 1,
      placement: { x: 700, y: 887.5 },
      speed: 6.5,
      height: 0.2,
      chance: 0.97,
    });
    expect(hintWords(h, ordinary, 'en')).toBe('break, no foul 97 % · from hand · hard, follow');
    expect(hintWords(h, ordinary, 'ru')).toBe('разбой, без штрафа 97 % · с руки · очень сильный удар, накат');
  });

  it('has words for every kind of shot in both languages, Russian without English left in it', () => {
    for (const shape of KINDS) {
      for (const match of [ordinary, freeChoosing()]) {
        const h = hintOf(shape);
        const ru = hintWords(h, match, 'ru');
        const en = hintWords(h, match, 'en');
        expect(ru, JSON.stringify(shape)).not.toMatch(/[A-Za-z]/);
        expect(en, JSON.stringify(shape)).not.toMatch(/[А-Яа-яЁё]/);
        expect(en).not.toBe(ru);
        expect(en).toContain('64 %');
        // Only a shot meant to pocket a ball is described as a pot.
        const pots = shape.kind === 'pot' || shape.kind === 'bank' || shape.kind === 'svoyak';
        expect(/\bpot\b/.test(en) || /\bbank\b/.test(en)).toBe(pots);
        expect(en.includes('no foul')).toBe(!pots);
      }
    }
  });
});
