/**
 * The scoreboard: the frame, its target and the match length ("Frame 2 · to 8 · match to 3
 * frames"), each player's score, frames and shelf of balls, whose turn and how (the referee's
 * `describeTurn` with the players' names), the shot clock when it is on, and once the match is won
 * one line saying so (not the turn line as well).
 */
import { describeTurn, type MatchState, targetScore } from '@pyramid/rules';
import { type Lang, translator } from '../../common/lang.js';
import { actor, type GameState, shownPlayers } from '../state/index.js';
import { ballChip, h } from './dom.js';
import { matchLength, matchOverText } from './match-words.js';
import { STRINGS } from './strings.js';

/** The referee's one-line description of the turn, with the players' own names. */
export function turnText(match: MatchState, lang: Lang, players = match.players): string {
  return describeTurn(match.turn, lang, players);
}

export function scoreboard(game: GameState, clockSeconds: number | null): HTMLElement {
  const t = translator(STRINGS, game.lang);
  const { match } = game;
  // Numbered in every variant, as the balls on the table are.
  const numbered = true;
  // Nobody is to act at an online table still waiting for its second player.
  const who = game.online?.waiting === true ? null : actor(game);
  const players = shownPlayers(game);
  const rows = ([0, 1] as const).map((p) =>
    h(
      'div',
      {
        className: `side${who === p && match.turn.kind !== 'match-over' ? ' active' : ''}`,
        testid: `side-${p}`,
      },
      h('span', { className: 'name', testid: `name-${p}` }, players[p]),
      h('span', { className: 'score', testid: `score-${p}` }, String(match.scores[p])),
      h('span', { className: 'frames', testid: `frames-${p}` }, t('framesWon', { n: match.framesWon[p] })),
      h(
        'div',
        { className: 'shelf', testid: `shelf-${p}` },
        ...match.shelves[p].map((b) => ballChip(b, numbered)),
      ),
    ),
  );
  const isOver = match.turn.kind === 'match-over';
  const turn = isOver
    ? null
    : h(
        'p',
        { className: 'turn', testid: 'turn' },
        // An online table waiting for its second player has no turn yet, only the wait.
        game.online?.waiting === true ? t('waitingForOpponent') : turnText(match, game.lang, players),
      );
  if (turn !== null && who !== null) turn.dataset.player = String(who);
  const head = h(
    'div',
    { className: 'board-head', testid: 'board-head' },
    h('span', { testid: 'frame' }, t('frame', { n: match.frame })),
    ' · ',
    h('span', { testid: 'target' }, t('target', { n: targetScore(match.variant) })),
    ' · ',
    h('span', { testid: 'match-length' }, matchLength(match.settings.framesToWin, game.lang)),
  );
  const clock =
    clockSeconds === null
      ? null
      : h(
          'p',
          { className: `clock${clockSeconds <= 10 ? ' low' : ''}`, testid: 'clock' },
          t('clock', { s: clockSeconds }),
        );
  let over: HTMLElement | null = null;
  if (match.turn.kind === 'match-over') {
    const w = match.turn.winner;
    over = h(
      'p',
      { className: 'over', testid: 'match-over' },
      matchOverText(players[w], match.framesWon, game.lang),
    );
    over.dataset.winner = String(w);
  }
  return h('section', { className: 'scoreboard', testid: 'scoreboard' }, head, ...rows, turn, clock, over);
}

/**
 * The compact scoreboard that stays in sight over the table whatever the panel does (the closed
 * sheet's strip on a phone, a box over the table's top rail on a phone on its side): both names
 * with their scores and frames, the side to act marked, the shot clock when it runs.
 */
export function miniBoard(game: GameState, clockSeconds: number | null): HTMLElement {
  const t = translator(STRINGS, game.lang);
  const { match } = game;
  const who = match.turn.kind === 'match-over' ? null : actor(game);
  const players = shownPlayers(game);
  const side = (p: 0 | 1) => {
    const element = h(
      'span',
      { className: `mini-side${who === p ? ' active' : ''}`, testid: `mini-side-${p}` },
      h('span', { className: 'mini-name' }, players[p]),
      h('b', { className: 'mini-score', testid: `mini-score-${p}` }, String(match.scores[p])),
      h(
        'span',
        { className: 'mini-frames', attrs: { title: t('framesWon', { n: match.framesWon[p] }) } },
        `(${match.framesWon[p]})`,
      ),
    );
    if (who === p) element.setAttribute('aria-current', 'true');
    return element;
  };
  const clock =
    clockSeconds === null
      ? null
      : h(
          'span',
          { className: `mini-clock${clockSeconds <= 10 ? ' low' : ''}`, testid: 'mini-clock' },
          t('clock', { s: clockSeconds }),
        );
  return h(
    'div',
    { className: 'mini-board', testid: 'mini-board' },
    side(0),
    clock ?? h('span', { className: 'mini-sep' }, ':'),
    side(1),
  );
}
