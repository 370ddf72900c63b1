/**
 * What the referee allows now, read from `legalActions`: the shot template, the decisions on offer,
 * and who is to act. The client never decides legality itself; it only reads these.
 */
import {
  type LegalAction,
  legalActions,
  type MatchState,
  type Player,
  type ShotTemplate,
} from '@pyramid/rules';
import type { GameState } from './types.js';

/** The decisions the game offers as choices (fouls outside a shot and §27 are a scorer's business). */
export type Choice = Extract<
  LegalAction,
  { type: 'penalty-ball' | 'exchange-ball' | 'dynamic-option' | 'lag' }
>;

export function shotTemplate(match: MatchState): ShotTemplate | null {
  for (const action of legalActions(match)) if (action.type === 'shot') return action;
  return null;
}

export function choices(match: MatchState): Choice[] {
  const out: Choice[] = [];
  for (const action of legalActions(match)) {
    if (
      action.type === 'penalty-ball' ||
      action.type === 'exchange-ball' ||
      action.type === 'dynamic-option' ||
      action.type === 'lag'
    )
      out.push(action);
  }
  return out;
}

/**
 * The player to act, or null when the match is over. A lag names no player: it is settled by the
 * first person at the table (or the computer when nobody is).
 */
export function actor(game: GameState): Player | null {
  if (game.mode === 'online') return onlineActor(game);
  const turn = game.match.turn;
  switch (turn.kind) {
    case 'shot':
      return turn.player;
    case 'decision':
      return turn.decision.player;
    case 'lag':
      return game.setup.players[0].kind === 'person' || game.setup.players[1].kind !== 'person' ? 0 : 1;
    case 'match-over':
      return null;
  }
}

/** In practice every shot and choice is the person's; in a match, only on a person's turn. */
export function personToAct(game: GameState): boolean {
  if (game.mode === 'practice') return true;
  // Online, the person here acts only from the seat held; the server names who is to act.
  if (game.mode === 'online') {
    const online = game.online;
    if (online === null || !online.live) return false;
    return online.seat !== null && onlineActor(game) === online.seat;
  }
  if (game.mode !== 'play') return false;
  const who = actor(game);
  return who !== null && game.setup.players[who].kind === 'person';
}

export function computerToAct(game: GameState): boolean {
  if (game.mode !== 'play') return false;
  const who = actor(game);
  return who !== null && game.setup.players[who].kind === 'computer';
}

/** The player to act at an online table (a lag is settled by the winner of the server's draw). */
function onlineActor(game: GameState): Player | null {
  const turn = game.match.turn;
  if (turn.kind === 'shot') return turn.player;
  if (turn.kind === 'decision') return turn.decision.player;
  if (turn.kind === 'lag') return game.online?.lagWinner ?? null;
  return null;
}

/**
 * The choices this client offers: the referee's list; online, a lag's choices are the drawn
 * winner's (who plays first) only.
 */
export function offeredChoices(game: GameState): Choice[] {
  const all = choices(game.match);
  if (game.mode !== 'online') return all;
  const winner = game.online?.lagWinner ?? null;
  return all.filter((c) => c.type !== 'lag' || c.winner === winner);
}

/** Two legal actions are the same choice (a decision carries only scalars). */
export function sameChoice(a: Choice, b: unknown): boolean {
  if (typeof b !== 'object' || b === null) return false;
  const other = b as Record<string, unknown>;
  const mine = a as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(mine), ...Object.keys(other)]);
  for (const key of keys) if (mine[key] !== other[key]) return false;
  return true;
}
