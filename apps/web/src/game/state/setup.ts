/** The set-up options: what a new match is made of, with the documented rule defaults. */
import { rackedMatch } from '@pyramid/match';
import { DEFAULT_SETTINGS, type MatchState, VARIANTS, type Variant } from '@pyramid/rules';
import type { Lang } from '../../common/lang.js';
import type { GameState, Setup } from './types.js';

/**
 * A match to 3 frames won, not the referee's default of one: against the computer a single frame can
 * end in the computer's first visit (a master clears the table from its break), before the person
 * plays again. To 3 the person breaks at least twice (breaks alternate), and the match stays short
 * enough for one sitting (3 to 5 frames).
 */
const FRAMES_AGAINST_THE_COMPUTER = 3;

export const DEFAULT_SETUP: Setup = {
  variant: 'free',
  players: [
    { name: '', kind: 'person', level: 'amateur' },
    { name: '', kind: 'computer', level: 'amateur' },
  ],
  tableSize: '12ft',
  settings: { ...DEFAULT_SETTINGS, framesToWin: FRAMES_AGAINST_THE_COMPUTER },
  seed: 1,
  computerSpeed: 'normal',
  breaker: 0,
};

/** The names shown for the players: the given name, or "Player 1" / "Computer (level)". */
export function playerNames(setup: Setup, lang: Lang): [string, string] {
  const name = (i: 0 | 1): string => {
    const p = setup.players[i];
    const given = p.name.trim();
    if (given !== '') return given.slice(0, 80);
    if (p.kind === 'computer') return lang === 'ru' ? `Компьютер ${i + 1}` : `Computer ${i + 1}`;
    return lang === 'ru' ? `Игрок ${i + 1}` : `Player ${i + 1}`;
  };
  const names: [string, string] = [name(0), name(1)];
  // The referee wants two names; two equal ones would be confusing in the log.
  if (names[0] === names[1]) names[1] = `${names[1]} (2)`;
  return names;
}

/**
 * The players' names as the page shows them: the match's own, except that the default names of a
 * game played here ("Player 1", «Компьютер 2») follow the page's language when it is switched
 * mid-match, so that no name on a Russian page is English. The record keeps the names it began with.
 */
export function shownPlayers(game: GameState): readonly [string, string] {
  const players = game.match.players;
  if (game.mode !== 'play' && game.mode !== 'practice') return players;
  const other = playerNames(game.setup, game.lang === 'ru' ? 'en' : 'ru');
  return players[0] === other[0] && players[1] === other[1] ? playerNames(game.setup, game.lang) : players;
}

export function isVariantName(value: string): value is Variant {
  return (VARIANTS as readonly string[]).includes(value);
}

/** The match at the rack with the break due, as the set-up describes it. */
export function matchOf(setup: Setup, lang: Lang): MatchState {
  return rackedMatch(setup.variant, {
    breaker: setup.breaker,
    settings: setup.settings,
    players: playerNames(setup, lang),
    tableSize: setup.tableSize,
  });
}

/** A fresh random seed (shown at set-up; any 32-bit number). */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 0xffffffff) >>> 0;
}
