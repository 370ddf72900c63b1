/**
 * The practice table: any balls anywhere, as a situation start (like a chess FEN, see
 * packages/rules setup.ts) that the referee validates. The white balls not on the table go to the
 * shelves so that the scores agree with them; the shot is the first player's, from the position.
 */
import { rackedMatch } from '@pyramid/match';
import { type MatchState, parseMatchStart, type Settings, targetScore, type Variant } from '@pyramid/rules';
import type { Point } from '@pyramid/table';
import { MARKS, SPEC } from './table.js';

export type PracticeBalls = Readonly<Record<string, Point>>;

/** The rack of the variant with the coloured ball on the house side of the front spot. */
export function practiceRack(variant: Variant): PracticeBalls {
  const rack = rackedMatch(variant, { breaker: 0 });
  return { ...(rack.positions ?? {}), 0: { x: MARKS.houseLineX - 200, y: SPEC.width / 2 } };
}

/** The situation start for balls at `balls` (ball id → position). */
export function practiceStart(variant: Variant, balls: PracticeBalls): Record<string, unknown> {
  const table = Object.keys(balls)
    .map(Number)
    .sort((a, b) => a - b);
  const off: number[] = [];
  for (let b = 1; b <= 15; b++) if (!table.includes(b)) off.push(b);
  // Scores follow the shelves in Free, Combined and Dynamic; a shelf holds less than the target.
  const cap = targetScore(variant) - 1;
  const shelves: [number[], number[]] = [off.slice(0, cap), off.slice(cap)];
  const scores = variant === 'classic' ? [0, 0] : [shelves[0].length, shelves[1].length];
  return {
    from: 'situation',
    scores,
    shelves,
    table,
    positions: balls,
    turn: { kind: 'shot', player: 0, terms: { kind: 'ordinary', inHand: null } },
  };
}

/** The practice match for `balls`, or the referee's reason why the position cannot be played. */
export function practiceMatch(
  variant: Variant,
  settings: Settings,
  balls: PracticeBalls,
  players: readonly [string, string],
): { ok: true; start: Record<string, unknown>; match: MatchState } | { ok: false; message: string } {
  const start = practiceStart(variant, balls);
  const parsed = parseMatchStart({ variant, settings, players, start });
  if (!parsed.ok) return { ok: false, message: `${parsed.error.field}: ${parsed.error.message}` };
  return { ok: true, start, match: parsed.value };
}
