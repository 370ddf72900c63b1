/**
 * Explanations say what happens, in order, without contradicting themselves: when a penalty ends the
 * frame nothing stays pending (reading 2), so the explanation never first says that play goes on (the
 * pending decision stands, the striker's visit continues, the opponent plays, the turn passes) and
 * then that the frame is won; and a re-break under the house rule is not "one penalty only [29.2]"
 * and then "no penalty". Checked on the fixture corpus, on records made for each case, and on random
 * play of all four variants.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { playRandomMatch } from '@pyramid/testkit';
import { describe, expect, it } from 'vitest';
import { type Ruling, replayRecord, VARIANTS } from '../src/index.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** What a ruling may say only when play goes on after it. */
const PLAY_GOES_ON = {
  en: [
    'stands and is taken first',
    'visit continues',
    'the opponent plays',
    'the opponent takes a penalty shot',
    'the turn passes',
  ],
  ru: [
    'сохраняется и принимается первым',
    'игровой подход соперника продолжается',
    'соперник играет',
    'соперник производит штрафной удар',
    'право удара переходит',
  ],
} as const;

/** The contradictions of a ruling's explanation, in either language. */
function contradictions(ruling: Ruling): string[] {
  const out: string[] = [];
  for (const lang of ['en', 'ru'] as const) {
    const text = ruling.explanation[lang];
    if (ruling.frameWinner !== null)
      for (const phrase of PLAY_GOES_ON[lang])
        if (text.includes(phrase)) out.push(`${lang}: «${phrase}» in «${text}»`);
  }
  if (
    /one penalty only/.test(ruling.explanation.en) &&
    /no penalty|not penalised/.test(ruling.explanation.en)
  )
    out.push(`29.2 and no penalty in «${ruling.explanation.en}»`);
  return out;
}

const rulingsOf = (record: unknown): Ruling[] => {
  const replay = replayRecord(record);
  if (!replay.ok) throw new Error(`${replay.error.field}: ${replay.error.message}`);
  return replay.value.steps.map((step) => step.ruling);
};

const situation = (variant: string, start: Record<string, unknown>, actions: unknown[], settings = {}) => ({
  format: 'pyramid-match-record',
  version: 1,
  variant,
  settings,
  players: ['A', 'B'],
  start: { from: 'situation', ...start },
  actions,
});

const WHITES = (from: number) => Array.from({ length: 16 - from }, (_, i) => from + i);

describe('explanations when a penalty ends the frame', () => {
  it('п.28 by the non-striker that gives the 8th point: no "the striker\'s visit continues"', () => {
    const rulings = rulingsOf(
      situation(
        'free',
        {
          scores: [2, 7],
          shelves: [
            [1, 2],
            [3, 4, 5, 6, 7, 8, 9],
          ],
          table: [0, ...WHITES(10)],
          turn: { kind: 'shot', player: 1 },
        },
        [{ type: 'foul', player: 0, foul: 'touch-during-opponent-visit' }],
      ),
    );
    expect(rulings[0]!.frameWinner).toBe(1);
    expect(rulings[0]!.explanation.en).toContain('The non-striker offended: the penalty is his.');
    expect(contradictions(rulings[0]!)).toEqual([]);
  });

  it('the decider touching a ball while his penalty ball is pending: no "the pending decision stands", no "the turn passes"', () => {
    const rulings = rulingsOf(
      situation(
        'free',
        {
          scores: [7, 3],
          shelves: [
            [1, 2, 3, 4, 5, 6, 7],
            [8, 9],
          ],
          table: [0, ...WHITES(10)],
          turn: {
            kind: 'decision',
            decision: { kind: 'penalty-ball', player: 1, after: { kind: 'shot', player: 1 } },
          },
        },
        [{ type: 'foul', player: 1, foul: 'touch-after-shot' }],
      ),
    );
    expect(rulings[0]!.frameWinner).toBe(0);
    expect(rulings[0]!.explanation.en).toContain(
      'A breach after the shot ended: the pocketed balls stand, the penalty applies. [п.22.3]',
    );
    expect(contradictions(rulings[0]!)).toEqual([]);
  });

  it('a jumped cue ball that gives the 8th point (Combined): no "the opponent takes a penalty shot from the house"', () => {
    const rulings = rulingsOf(
      situation(
        'combined',
        {
          scores: [3, 7],
          shelves: [
            [1, 2, 3],
            [4, 5, 6, 7, 8, 9, 10],
          ],
          table: [0, ...WHITES(11)],
          turn: { kind: 'shot', player: 0 },
        },
        [
          {
            type: 'shot',
            player: 0,
            facts: { firstContact: 12, cushionsAfterContact: [12, 0], offTable: [0] },
          },
        ],
      ),
    );
    expect(rulings[0]!.frameWinner).toBe(1);
    expect(contradictions(rulings[0]!)).toEqual([]);
  });

  it('the house re-break of an incorrect break that also breached п.19: no "one penalty only [29.2]"', () => {
    const rulings = rulingsOf({
      format: 'pyramid-match-record',
      version: 1,
      variant: 'classic',
      settings: { rebreakAfterIncorrectBreak: true },
      start: { from: 'rack', breaker: 0 },
      actions: [
        { type: 'shot', player: 0, facts: { firstContact: 4, breakCushionBalls: [], strokeFouls: ['push'] } },
      ],
    });
    expect(rulings[0]!.fouls).toEqual(['29.1(2)', '29.1(8)']);
    expect(rulings[0]!.explanation.en).not.toContain('[29.2]');
    expect(contradictions(rulings[0]!)).toEqual([]);
  });

  it('in every ruling of the fixture corpus and the example records', () => {
    const records = [
      ...jsonFiles(join(ROOT, 'fixtures', 'referee')).map(
        (file) => JSON.parse(readFileSync(file, 'utf8')).record,
      ),
      ...jsonFiles(join(ROOT, 'examples', 'records')).map((file) => JSON.parse(readFileSync(file, 'utf8'))),
    ];
    const offending = records.flatMap((record) => {
      const replay = replayRecord(record);
      return replay.ok ? replay.value.steps.flatMap((step) => contradictions(step.ruling)) : [];
    });
    expect(offending).toEqual([]);
  });

  it('in random play of every variant (seeded)', () => {
    const offending: string[] = [];
    for (const variant of VARIANTS) {
      for (let seed = 0; seed < 24; seed++) {
        const match = playRandomMatch(variant, seed, {
          cleanShotRate: seed % 2 === 0 ? 0 : 0.8,
          decisionEventRate: 0.12,
          settings: seed % 4 === 1 ? { rebreakAfterIncorrectBreak: true } : {},
          onRejected: 'record',
        });
        for (const ruling of match.rulings)
          offending.push(...contradictions(ruling).map((text) => `${variant} seed ${seed}: ${text}`));
      }
    }
    expect(offending).toEqual([]);
  });
});
