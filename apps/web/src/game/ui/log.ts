/** The log of rulings: newest first, each with its explanation in the chosen language and the paragraphs cited. */
import { citeIn, namePlayers, type Ruling } from '@pyramid/rules';
import { type Lang, translator } from '../../common/lang.js';
import { type GameState, shownPlayers } from '../state/index.js';
import { inlineCitations, withoutCitations } from './citations.js';
import { h } from './dom.js';
import { STRINGS } from './strings.js';

export { withoutCitations };

const VERDICT = {
  legal: { ru: 'верно', en: 'legal' },
  foul: { ru: 'фол', en: 'foul' },
  'no-penalty': { ru: 'без штрафа', en: 'no penalty' },
} as const;

/** A log entry's words: its head (number, player, verdict, score), explanation and citations. */
export interface EntryWords {
  readonly head: string;
  readonly explanation: string;
  readonly cites: string;
}

/**
 * A ruling in the log's words: the players' names in place of the referee's "Player A/B"
 * (`namePlayers`), the explanation without its inline citations, and the paragraphs cited listed
 * once (`citeIn`).
 */
export function entryWords(
  index: number,
  ruling: Ruling,
  players: readonly [string, string],
  lang: Lang,
): EntryWords {
  const who = ruling.player === null ? '' : `${players[ruling.player]} · `;
  return {
    head: `${index + 1}. ${who}${VERDICT[ruling.verdict][lang]} · ${ruling.scores[0]}:${ruling.scores[1]}`,
    explanation: withoutCitations(namePlayers(ruling.explanation[lang], players)),
    // The reasons' paragraphs, then any the text cited that no reason names (slow play's п.26).
    cites: [
      ...new Set([
        ...ruling.reasons.map((r) => citeIn(r.cite, lang)),
        ...inlineCitations(ruling.explanation[lang]),
      ]),
    ].join(', '),
  };
}

function entry(index: number, ruling: Ruling, players: readonly [string, string], lang: Lang): HTMLElement {
  const words = entryWords(index, ruling, players, lang);
  const item = h(
    'li',
    { className: `entry ${ruling.verdict}`, testid: 'log-entry' },
    h('span', { className: 'head' }, words.head),
    h('span', { className: 'explanation', testid: 'log-explanation' }, words.explanation),
    words.cites === '' ? null : h('span', { className: 'cites', testid: 'log-cites' }, words.cites),
  );
  item.dataset.verdict = ruling.verdict;
  return item;
}

export function logPanel(game: GameState): HTMLElement {
  const t = translator(STRINGS, game.lang);
  const upto = game.mode === 'watch' ? game.cursor + 1 : game.history.length;
  const items: HTMLElement[] = [];
  const players = shownPlayers(game);
  for (let i = upto - 1; i >= 0; i--) {
    const e = game.history[i];
    if (e !== undefined) items.push(entry(i, e.ruling, players, game.lang));
  }
  return h(
    'section',
    { className: 'log', testid: 'log' },
    h('h2', {}, t('log')),
    h('ol', { attrs: { reversed: '' } }, ...items),
  );
}

/**
 * The newest ruling shown over the table for a few seconds (issue 25: in the log alone it was easy
 * to miss): the verdict with the player and the score, then what the referee said happens next.
 */
export function rulingToast(index: number, ruling: Ruling, game: GameState): HTMLElement {
  const words = entryWords(index, ruling, shownPlayers(game), game.lang);
  const who = ruling.player === null ? '' : `${shownPlayers(game)[ruling.player]} · `;
  const element = h(
    'div',
    { className: `ruling ${ruling.verdict}` },
    h(
      'span',
      { className: 'ruling-head', testid: 'ruling-verdict' },
      `${who}${VERDICT[ruling.verdict][game.lang]} · ${ruling.scores[0]}:${ruling.scores[1]}`,
    ),
    h('span', { className: 'ruling-text', testid: 'ruling-text' }, words.explanation),
  );
  element.dataset.verdict = ruling.verdict;
  return element;
}
