/**
 * The match in a few lines, to share or print: variant, players, frames and their scores, the
 * winner. Derived from the session's rulings only.
 */
import { type Player, VARIANT_NAMES } from '@pyramid/rules';
import type { Lang } from '../common/lang.js';
import { currentState, type Session } from './session.js';
import { text } from './words.js';

export interface FrameResult {
  readonly frame: number;
  readonly scores: readonly [number, number];
  /** Null while the frame is being played. */
  readonly winner: Player | null;
}

/** Every frame so far: the finished ones with their winners, then the one in play (if any). */
export function frameResults(session: Session): FrameResult[] {
  const results: FrameResult[] = [];
  let frame = session.initial.frame;
  for (const step of session.steps) {
    if (step.ruling.frameWinner !== null) {
      results.push({ frame, scores: step.ruling.scores, winner: step.ruling.frameWinner });
      frame += 1;
    }
  }
  const state = currentState(session);
  if (state.turn.kind !== 'match-over')
    results.push({ frame: state.frame, scores: state.scores, winner: null });
  return results;
}

export function summaryText(session: Session, lang: Lang, date: Date = new Date()): string {
  const state = currentState(session);
  const [a, b] = state.players;
  const lines = [
    `${text('summaryTitle', lang)}: ${VARIANT_NAMES[state.variant][lang]}`,
    `${a} — ${b}`,
    `${text('frames', lang)}: ${state.framesWon[0]}:${state.framesWon[1]}`,
  ];
  for (const result of frameResults(session)) {
    const who = result.winner === null ? '…' : state.players[result.winner];
    lines.push(
      `${text('frame', lang, { n: result.frame })}: ${result.scores[0]}:${result.scores[1]} — ${who}`,
    );
  }
  if (state.turn.kind === 'match-over')
    lines.push(text('winner', lang, { name: state.players[state.turn.winner] }));
  lines.push(date.toISOString().slice(0, 10));
  return lines.join('\n');
}
