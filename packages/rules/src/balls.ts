/**
 * Balls in the referee's own words. Ball 0 is the coloured (yellow) ball; 1–15 are the white
 * (ivory) balls. In Combined, Dynamic and Classic the coloured ball is the only cue ball; in Free
 * any ball may be the cue ball (Free 2).
 */
import type { BallId } from '@pyramid/table';

export type { BallId };

export const COLOURED: BallId = 0;
export const ALL_BALLS: readonly BallId[] = Object.freeze([
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
]);
export const WHITE_BALLS: readonly BallId[] = Object.freeze(ALL_BALLS.slice(1));

export function isBallId(value: unknown): value is BallId {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 15;
}

/** Classic 5.1: a ball scores its number, the ace (ball 1) scores 11. */
export function classicValue(ball: BallId): number {
  return ball === 1 ? 11 : ball;
}

export function ballName(ball: BallId, lang: 'ru' | 'en'): string {
  if (ball === COLOURED) return lang === 'ru' ? 'цветной шар' : 'the coloured ball';
  return lang === 'ru' ? `шар ${ball}` : `ball ${ball}`;
}

// Both sort a copy made by `slice`, which is sized exactly (a spread copy reserves room to grow,
// and the sorted lists end up in the states the referee returns).

/** Sorted ascending, as the referee keeps every set of balls (and re-spots them, п.25 setting). */
export function sortBalls(balls: readonly BallId[]): BallId[] {
  return balls.slice().sort((a, b) => a - b);
}

/** п.25 product default: re-spot in ascending number order, the coloured ball last. */
export function respotOrder(balls: readonly BallId[]): BallId[] {
  return balls.slice().sort((a, b) => (a === COLOURED ? 16 : a) - (b === COLOURED ? 16 : b));
}
