/**
 * The practice table: any balls anywhere, as a situation start (like a chess FEN, see
 * packages/rules setup.ts) that the referee validates. The white balls not on the table go to the
 * shelves so that the scores agree with them; the shot is the first player's, from the position.
 */
import { rackedMatch } from '@pyramid/match';
import {
  type MatchState,
  matchTable,
  parseMatchStart,
  RULEBOOKS,
  type Settings,
  startTableSize,
  type TableSize,
  targetScore,
  type Variant,
} from '@pyramid/rules';
import type { Point } from '@pyramid/table';

export type PracticeBalls = Readonly<Record<string, Point>>;

/** The rack of the variant on the table of `size`, the coloured ball in the house on the long axis. */
export function practiceRack(variant: Variant, size: TableSize): PracticeBalls {
  const rack = rackedMatch(variant, { breaker: 0, tableSize: size });
  const { spec, markings } = matchTable(size);
  // Behind the house line by three ball diameters: inside the house on every size.
  const x = markings.houseLineX - 3 * spec.ballDiameter;
  return { ...(rack.positions ?? {}), 0: { x, y: spec.width / 2 } };
}

/** The situation start for balls at `balls` (ball id → position) on the table of `size`. */
export function practiceStart(
  variant: Variant,
  size: TableSize,
  balls: PracticeBalls,
): Record<string, unknown> {
  const table = Object.keys(balls)
    .map(Number)
    .sort((a, b) => a - b);
  const off: number[] = [];
  for (let b = 1; b <= 15; b++) if (!table.includes(b)) off.push(b);
  // Scores follow the shelves where every ball scores one point; a shelf holds less than the target.
  // Where balls score their values (Classic 3) the score is the points, unrelated to the shelf.
  const cap = targetScore(variant) - 1;
  const shelves: [number[], number[]] = [off.slice(0, cap), off.slice(cap)];
  const scores = RULEBOOKS[variant].scoresByValue ? [0, 0] : [shelves[0].length, shelves[1].length];
  return {
    from: 'situation',
    ...startTableSize(size),
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
  size: TableSize,
  settings: Settings,
  balls: PracticeBalls,
  players: readonly [string, string],
): { ok: true; start: Record<string, unknown>; match: MatchState } | { ok: false; message: string } {
  const start = practiceStart(variant, size, balls);
  const parsed = parseMatchStart({ variant, settings, players, start });
  if (!parsed.ok) return { ok: false, message: `${parsed.error.field}: ${parsed.error.message}` };
  return { ok: true, start, match: parsed.value };
}
