/**
 * Counted points and players' names in the referee's texts. The Russian forms are those of the
 * language (1 очко, 2 очка, 5 очков, 11 очков, 21 очко, 0 очков), checked on real rulings; the
 * sentences that name a player need no grammatical gender, so any name can stand in them.
 */
import { describe, expect, it } from 'vitest';
import { namePlayers, pointsText, pointsUpTo, replayRecord } from '../src/index.js';

type Pocketed = { ball: number; pocket: string }[];

/** A one-action record: the break by side 1 (Marina), pocketing `pocketed`. */
function breakRecord(
  variant: 'classic' | 'free',
  pocketed: Pocketed,
  cushions: number[] = [],
  settings: Record<string, unknown> = {},
) {
  return {
    format: 'pyramid-match-record',
    version: 1,
    variant,
    settings,
    players: ['Oleg', 'Marina'],
    start: { from: 'rack', breaker: 1 },
    actions: [{ type: 'shot', player: 1, facts: { firstContact: 4, breakCushionBalls: cushions, pocketed } }],
  };
}

function rulingOf(record: ReturnType<typeof breakRecord>) {
  const replay = replayRecord(record);
  if (!replay.ok) throw new Error(replay.error.message);
  const step = replay.value.steps[0];
  if (step === undefined) throw new Error('no ruling');
  return { ruling: step.ruling, players: replay.value.final.players };
}

describe('points in Russian and English', () => {
  it.each([
    [0, '0 очков', '0 points'],
    [1, '1 очко', '1 point'],
    [2, '2 очка', '2 points'],
    [5, '5 очков', '5 points'],
    [11, '11 очков', '11 points'],
    [21, '21 очко', '21 points'],
    [22, '22 очка', '22 points'],
    [111, '111 очков', '111 points'],
  ])('%i', (n, ru, en) => {
    expect(pointsText(n, 'ru')).toBe(ru);
    expect(pointsText(n, 'en')).toBe(en);
  });

  it('after «до» takes the genitive', () => {
    expect([1, 8, 21, 71].map((n) => pointsUpTo(n, 'ru'))).toEqual([
      'до 1 очка',
      'до 8 очков',
      'до 21 очка',
      'до 71 очка',
    ]);
    expect(pointsUpTo(8, 'en')).toBe('to 8 points');
  });
});

describe('rulings count points in the right form', () => {
  // Classic: the ace scores 11, every other ball its number (Classic 5.1); Free: one point a ball.
  it.each([
    ['free', [{ ball: 3, pocket: 'BL' }], 'получает 1 очко.', 'scores 1 point.'],
    ['classic', [{ ball: 2, pocket: 'BL' }], 'получает 2 очка.', 'scores 2 points.'],
    ['classic', [{ ball: 5, pocket: 'BL' }], 'получает 5 очков.', 'scores 5 points.'],
    ['classic', [{ ball: 1, pocket: 'BL' }], 'получает 11 очков.', 'scores 11 points.'],
    [
      'classic',
      [
        { ball: 1, pocket: 'BL' },
        { ball: 10, pocket: 'BR' },
      ],
      'получает 21 очко.',
      'scores 21 points.',
    ],
  ] as const)('%s, pocketing %j', (variant, pocketed, ru, en) => {
    const { ruling, players } = rulingOf(breakRecord(variant, [...pocketed], [2, 3]));
    expect(ruling.verdict).toBe('legal');
    expect(namePlayers(ruling.explanation.ru, players)).toContain(`Marina ${ru}`);
    expect(namePlayers(ruling.explanation.en, players)).toContain(`Marina ${en}`);
    expect(ruling.explanation.ru).not.toContain('очк.');
  });

  it('0 points: an incorrect Classic break at 0, scores kept from going negative, costs the breaker nothing', () => {
    const { ruling, players } = rulingOf(breakRecord('classic', [], [], { classicAllowNegative: false }));
    expect(ruling.fouls).toContain('29.1(2)');
    const ru = namePlayers(ruling.explanation.ru, players);
    expect(ru).toContain('Со счёта нарушителя (Marina) списывается 0 очков');
    expect(namePlayers(ruling.explanation.en, players)).toContain('The offender (Marina) loses 0 points');
  });
});

describe('names', () => {
  it('replaces the labels in both languages, once, and keeps them for a record without names', () => {
    expect(namePlayers('Игрок A: удар; Player B breaks', ['Анна', 'Player A'])).toBe(
      'Анна: удар; Player A breaks',
    );
    expect(namePlayers('Player A breaks', ['A', 'B'])).toBe('Player A breaks');
    expect(namePlayers('Player AB, Игрок Bx', ['X', 'Y'])).toBe('Player AB, Игрок Bx');
  });

  it('the lag names the winner without a gendered verb', () => {
    const replay = replayRecord({
      format: 'pyramid-match-record',
      version: 1,
      variant: 'free',
      players: ['Marina', 'Oleg'],
      start: { from: 'rack' },
      actions: [{ type: 'lag', winner: 0, first: 1 }],
    });
    if (!replay.ok) throw new Error(replay.error.message);
    const ru = namePlayers(replay.value.steps[0]?.ruling.explanation.ru ?? '', replay.value.final.players);
    expect(ru).toContain('побеждает Marina; первым играет Oleg');
    expect(ru).not.toMatch(/выиграл|победил/);
  });
});

describe('the penalty ball says "after re-spotting" only when this ruling re-spotted a ball', () => {
  /** A Free break by Marina with a double hit (29.1(7)), pocketing `pocketed`. */
  const foulBreak = (pocketed: Pocketed) => ({
    ...breakRecord('free', pocketed, [2, 3]),
    actions: [
      {
        type: 'shot',
        player: 1,
        facts: { firstContact: 4, breakCushionBalls: [2, 3], pocketed, strokeFouls: ['double-hit'] },
      },
    ],
  });

  it('a ball fell on the fouled break: it is re-spotted first (п.25), and the reason says so', () => {
    const { ruling } = rulingOf(foulBreak([{ ball: 5, pocket: 'BL' }]));
    expect(ruling.verdict).toBe('foul');
    expect(ruling.reasons.map((r) => r.cite)).toContain('п.25');
    expect(ruling.explanation.en).toContain(
      'chooses a penalty ball to take from the table (after re-spotting)',
    );
    expect(ruling.explanation.ru).toContain('штрафной шар по своему выбору (после выставления шаров)');
  });

  it('nothing fell: no re-spotting, and the reason does not mention it', () => {
    const { ruling } = rulingOf(foulBreak([]));
    expect(ruling.verdict).toBe('foul');
    expect(ruling.reasons.map((r) => r.cite)).not.toContain('п.25');
    expect(ruling.explanation.en).toContain('chooses a penalty ball to take from the table.');
    expect(ruling.explanation.en).not.toContain('re-spotting');
    expect(ruling.explanation.ru).not.toContain('после выставления');
  });
});
