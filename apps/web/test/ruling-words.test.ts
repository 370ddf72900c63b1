/**
 * The words around a ruling in the game's log, the scorer and the headings over a decision: the
 * players' names wherever the referee says "Player A/B", "(after re-spotting)" only when a ball
 * was re-spotted, and every citation in the form the ruling gives it (`citeIn`).
 */
import { CITES, citeIn, type Ruling, replayRecord } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import { BOOLEAN_SETTING_LABELS, COMPLETION_RULE_LABELS } from '../src/common/settings-form.js';
import { DEFAULT_SETUP, initialGame, reduce, type Setup, shownPlayers } from '../src/game/state/index.js';
import { decisionPrompt } from '../src/game/ui/choices.js';
import { inlineCitations } from '../src/game/ui/citations.js';
import { entryWords, withoutCitations } from '../src/game/ui/log.js';
import { STRINGS as GAME_STRINGS } from '../src/game/ui/strings.js';
import { ONLINE_STRINGS } from '../src/online/strings.js';
import {
  decisionHeading,
  EVENT_FOUL_NAMES,
  FOUL_NAMES,
  rulingView,
  STRINGS as SCORER_STRINGS,
  text,
} from '../src/scorer/words.js';

const PLAYERS = ['Аня', 'Боря'] as const;
const LANGS = ['ru', 'en'] as const;
const LABEL = /(?:Player|Игрок) [AB](?![\p{L}\p{N}])/u;

type Pocketed = { ball: number; pocket: string }[];

/** The ruling on a break by Аня with a double hit (29.1(7)) that pockets `pocketed`. */
function foulBreak(variant: 'free' | 'combined' | 'dynamic', pocketed: Pocketed = []): Ruling {
  const replay = replayRecord({
    format: 'pyramid-match-record',
    version: 1,
    variant,
    players: [...PLAYERS],
    start: { from: 'rack', breaker: 0 },
    actions: [
      {
        type: 'shot',
        player: 0,
        facts: { firstContact: 4, breakCushionBalls: [2, 3], pocketed, strokeFouls: ['double-hit'] },
      },
    ],
  });
  if (!replay.ok) throw new Error(replay.error.message);
  return replay.value.steps[0]!.ruling;
}

/** The citation of the reason that made the pending decision due (the ruling's last reason). */
function decisionReasonCite(ruling: Ruling): string {
  expect(ruling.next.kind).toBe('decision');
  return ruling.reasons.at(-1)!.cite;
}

describe("the players' names in every ruling", () => {
  it.each(LANGS)(
    'the game log (%s): the names, never "Player A/B", in the head and the explanation',
    (lang) => {
      const ruling = foulBreak('combined');
      const words = entryWords(0, ruling, PLAYERS, lang);
      expect(words.head).toContain('Аня');
      // The penalty point and the penalty ball go to Боря.
      expect(words.explanation.match(/Боря/g)?.length).toBe(2);
      expect(words.explanation).not.toMatch(LABEL);
      // Without names (a bare referee text) the labels are there: the test would see them.
      expect(ruling.explanation[lang]).toMatch(LABEL);
    },
  );

  it.each(LANGS)('the scorer (%s): every reason and the next turn name the players', (lang) => {
    const view = rulingView(foulBreak('dynamic'), PLAYERS, lang);
    const all = [...view.reasons.map((r) => r.text), view.next, view.score].join(' ');
    expect(all).toContain('Боря');
    expect(all).not.toMatch(LABEL);
  });
});

describe("the game's default names follow the page's language", () => {
  const defaults: Setup = {
    ...DEFAULT_SETUP,
    players: [
      { name: '', kind: 'person', level: 'novice' },
      { name: '', kind: 'computer', level: 'master' },
    ],
  };
  const started = (setup: Setup) => reduce(initialGame(setup, 'en'), { type: 'start-match', setup });

  it('"Player 1" and "Computer 2" read «Игрок 1» and «Компьютер 2» once the page is Russian', () => {
    const game = started(defaults);
    expect(shownPlayers(game)).toEqual(['Player 1', 'Computer 2']);
    const russian = reduce(game, { type: 'lang', lang: 'ru' });
    expect(shownPlayers(russian)).toEqual(['Игрок 1', 'Компьютер 2']);
    // The match (and so its record) keeps the names it began with.
    expect(russian.match.players).toEqual(['Player 1', 'Computer 2']);
  });

  it('a name a person typed stays as typed; the default beside it follows the language', () => {
    const named: Setup = {
      ...defaults,
      players: [
        { name: 'Anna', kind: 'person', level: 'novice' },
        { name: '', kind: 'computer', level: 'master' },
      ],
    };
    const russian = reduce(started(named), { type: 'lang', lang: 'ru' });
    expect(shownPlayers(russian)).toEqual(['Anna', 'Компьютер 2']);
  });
});

describe('"(after re-spotting)" only when the ruling re-spotted a ball', () => {
  it.each(LANGS)('%s', (lang) => {
    const words = { ru: 'после выставления', en: 'after re-spotting' }[lang];
    const respotted = foulBreak('combined', [{ ball: 5, pocket: 'BL' }]);
    expect(respotted.respotted.map((r) => r.ball)).toEqual([5]);
    expect(entryWords(0, respotted, PLAYERS, lang).explanation).toContain(words);
    const none = foulBreak('combined');
    expect(none.respotted).toEqual([]);
    expect(entryWords(0, none, PLAYERS, lang).explanation).not.toContain(words);
    expect(
      rulingView(none, PLAYERS, lang)
        .reasons.map((r) => r.text)
        .join(' '),
    ).not.toContain(words);
  });
});

describe('citations in the form the ruling gives them', () => {
  it.each(LANGS)(
    'the penalty ball and the Dynamic option (%s): the heading cites what the ruling does',
    (lang) => {
      for (const variant of ['free', 'combined'] as const) {
        const cite = `(${citeIn(decisionReasonCite(foulBreak(variant)), lang)})`;
        expect(decisionPrompt('penalty-ball', variant, lang)).toContain(cite);
        expect(decisionHeading('penalty-ball', 'Боря', variant, lang)).toContain(cite);
      }
      const dynamic = `(${citeIn(decisionReasonCite(foulBreak('dynamic')), lang)})`;
      expect(decisionPrompt('dynamic-option', 'dynamic', lang)).toContain(dynamic);
      expect(decisionHeading('dynamic-option', 'Боря', 'dynamic', lang)).toContain(dynamic);
      expect(decisionPrompt('penalty-ball', 'combined', lang)).not.toContain('§');
    },
  );

  it('the exchange ball is cited as the ruling that takes it', () => {
    // Combined: a свояк from the break (the cue ball off ball 4 into the corner), then the exchange.
    const replay = replayRecord({
      format: 'pyramid-match-record',
      version: 1,
      variant: 'combined',
      players: [...PLAYERS],
      start: { from: 'rack', breaker: 0 },
      actions: [
        {
          type: 'shot',
          player: 0,
          facts: { firstContact: 4, breakCushionBalls: [2, 3], pocketed: [{ ball: 0, pocket: 'BL' }] },
        },
      ],
    });
    if (!replay.ok) throw new Error(replay.error.message);
    const next = replay.value.steps[0]!.ruling.next;
    expect(next.kind === 'decision' && next.decision.kind).toBe('exchange-ball');
    for (const lang of LANGS) {
      const cite = `(${citeIn('Combined/Dynamic 5.2', lang)})`;
      expect(decisionHeading('exchange-ball', 'Аня', 'combined', lang)).toContain(cite);
      expect(decisionPrompt('exchange-ball', 'combined', lang)).toContain(cite);
    }
  });

  it("the explanation's citations are listed once, below it, in the list's one form", () => {
    const ruling = foulBreak('combined');
    expect(ruling.explanation.ru).toContain('[Комбинированная 7]');
    const words = entryWords(0, ruling, PLAYERS, 'ru');
    expect(words.cites).toContain('Комбинированная 7');
    expect(words.explanation).not.toContain('Комбинированная 7');
    expect(words.explanation).not.toMatch(/[[\]]|\(п\./);
    expect(words.explanation).not.toContain('Combined');
    expect(withoutCitations('Фол (п.5.3): штраф. [29.1(1)] Дальше.')).toBe('Фол: штраф. Дальше.');
    expect(withoutCitations('A foul (§27). [Free 5.3]')).toBe('A foul.');
    expect(inlineCitations('Slow play (п.26): foul. [29.1(11), Free 6]')).toEqual([
      '29.1(11)',
      'Free 6',
      'п.26',
    ]);
  });

  it('interference and the stroke fouls: the scorer cites §27 and 29.1 as the rulings do', () => {
    for (const lang of LANGS) {
      const cite = citeIn(CITES.interference, lang);
      expect(text('interferenceRestorable', lang, { cite })).toContain('(§27)');
      expect(text('lagInterference', lang, { cite })).toContain('(§27)');
      // Each stroke foul's ruling cites its item of 29.1: 29.1(7) for a double hit.
      expect(foulBreak('free').reasons[0]!.cite.startsWith(CITES.strokeFouls)).toBe(true);
      expect(text('strokeFouls', lang, { cite: CITES.strokeFouls })).toContain('(29.1)');
    }
  });

  it('no text of the web app cites a paragraph in a form no ruling uses, or in the other language', () => {
    const tables = [
      GAME_STRINGS,
      SCORER_STRINGS,
      ONLINE_STRINGS,
      BOOLEAN_SETTING_LABELS,
      COMPLETION_RULE_LABELS,
      FOUL_NAMES,
      EVENT_FOUL_NAMES,
    ];
    const texts = tables.flatMap((table) => Object.values(table) as { ru: string; en: string }[]);
    expect(texts.length).toBeGreaterThan(200);
    for (const { ru, en } of texts) {
      // "§7", "§29.1": the referee cites the variant's paragraph ("Combined 7") and 29.1's items.
      for (const t of [ru, en]) expect(t).not.toMatch(/§\s?(?!27\b)\d/);
      expect(ru).not.toMatch(/\b(?:Free|Combined|Dynamic|Classic) \d/);
      expect(en).not.toMatch(/(?:Свободная|Комбинированная|Динамичная|Классическая) \d/);
    }
  });
});
