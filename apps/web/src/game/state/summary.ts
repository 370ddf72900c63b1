/** A read-only summary of the client state, for the test hooks (`window.__pyramid`) and the scoreboard. */
import type { GameState } from './types.js';

export interface GameSummary {
  readonly mode: GameState['mode'];
  readonly variant: string;
  readonly tableSize: string;
  readonly turn: GameState['match']['turn'];
  readonly scores: readonly [number, number];
  readonly framesWon: readonly [number, number];
  readonly frame: number;
  readonly logLength: number;
  readonly lastVerdict: string | null;
  readonly lastExplanation: { readonly ru: string; readonly en: string } | null;
  readonly matchOver: boolean;
  readonly winner: 0 | 1 | null;
  readonly busy: boolean;
  readonly selection: GameState['selection'];
  readonly aim: GameState['aim'];
  readonly notice: GameState['notice'];
  readonly lang: GameState['lang'];
  readonly positions: GameState['match']['positions'];
  readonly table: readonly number[];
  readonly cursor: number;
}

export function summaryOf(game: GameState): GameSummary {
  const last = game.mode === 'watch' ? game.history[game.cursor] : game.history.at(-1);
  const turn = game.match.turn;
  return {
    mode: game.mode,
    variant: game.match.variant,
    tableSize: game.match.tableSize,
    turn,
    scores: game.match.scores,
    framesWon: game.match.framesWon,
    frame: game.match.frame,
    logLength: game.mode === 'watch' ? game.cursor + 1 : game.history.length,
    lastVerdict: last?.ruling.verdict ?? null,
    lastExplanation: last?.ruling.explanation ?? null,
    matchOver: turn.kind === 'match-over',
    winner: turn.kind === 'match-over' ? turn.winner : null,
    busy: game.busy,
    selection: game.selection,
    aim: game.aim,
    notice: game.notice,
    lang: game.lang,
    positions: game.match.positions,
    table: game.match.table,
    cursor: game.cursor,
  };
}
