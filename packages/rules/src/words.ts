/**
 * The words a ruling is built of that depend on a number or a person: counted points in Russian
 * and English (through `Intl.PluralRules`, so 1 очко, 2 очка, 5 очков, 21 очко), and the players'
 * names. The referee phrases every sentence without grammatical gender (present tense, nouns in
 * the nominative), so a name can stand wherever it says "Player A".
 */
import type { Player } from './state.js';

export type Lang = 'ru' | 'en';

const PLURAL = { ru: new Intl.PluralRules('ru'), en: new Intl.PluralRules('en') } as const;

/** The Russian forms of «очко» after a number, by plural category. */
const RU_POINTS: Readonly<Record<string, string>> = {
  one: 'очко',
  few: 'очка',
  many: 'очков',
  other: 'очка',
};
/** After «до» (genitive): до 1 очка, до 8 очков, до 21 очка. */
const RU_POINTS_GENITIVE: Readonly<Record<string, string>> = {
  one: 'очка',
  few: 'очков',
  many: 'очков',
  other: 'очка',
};

/** `n` points as a count: «1 очко», «5 очков»; "1 point", "5 points". */
export function pointsText(n: number, lang: Lang): string {
  const category = PLURAL[lang].select(n);
  if (lang === 'en') return `${n} ${category === 'one' ? 'point' : 'points'}`;
  return `${n} ${RU_POINTS[category] ?? 'очков'}`;
}

/** `n` points after «до» (up to): «до 8 очков», «до 21 очка»; "to 8 points". */
export function pointsUpTo(n: number, lang: Lang): string {
  if (lang === 'en') return `to ${pointsText(n, 'en')}`;
  return `до ${n} ${RU_POINTS_GENITIVE[PLURAL.ru.select(n)] ?? 'очков'}`;
}

/**
 * How the referee's texts name the players: "Player A" / "Игрок A" for the breaker of the first
 * frame's side 0, "Player B" / "Игрок B" for side 1 (a ruling is about sides; the names live in
 * the match). Programs show the names with `namePlayers`.
 */
export const PLAYER_LABELS = { ru: ['Игрок A', 'Игрок B'], en: ['Player A', 'Player B'] } as const;

export const playerLabel = (player: Player, lang: Lang): string => PLAYER_LABELS[lang][player];

const LABEL = /(?<![\p{L}\p{N}])(?:Player|Игрок) ([AB])(?![\p{L}\p{N}])/gu;

/**
 * A referee text with the players' names in place of "Player A" and "Player B" (in either
 * language). Names that are just "A" and "B" (a record without names) keep the labels. One pass:
 * a name that itself reads "Player B" is never replaced again.
 */
export function namePlayers(text: string, players: readonly [string, string]): string {
  if (players[0] === 'A' && players[1] === 'B') return text;
  return text.replace(LABEL, (_, letter: string) => (letter === 'A' ? players[0] : players[1]));
}
