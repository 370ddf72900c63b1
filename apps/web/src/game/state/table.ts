/**
 * The table the match is played on, as the client state needs it: the spec for the regions and
 * the balls at rest. The referee judges on the regulation table (packages/rules `SPEC`), so the
 * placement checks here use the same one.
 */
import type { MatchState } from '@pyramid/rules';
import { markings, type Point, REGULATION_12FT, type TableSpec } from '@pyramid/table';

/** The table sizes offered at set-up (the referee and simulator know the regulation table). */
export const TABLE_SIZES: readonly string[] = ['12ft'];

export function specOf(_match: MatchState): TableSpec {
  return REGULATION_12FT;
}

export const SPEC = REGULATION_12FT;
export const MARKS = markings(REGULATION_12FT);
export const BALL_R = REGULATION_12FT.ballDiameter / 2;

/** The balls on the bed with their positions (mm); balls without a known position are left out. */
export function ballsAtRest(match: MatchState): { id: number; at: Point }[] {
  const out: { id: number; at: Point }[] = [];
  const positions = match.positions;
  if (positions === null) return out;
  for (const id of match.table) {
    const at = positions[id];
    if (at !== undefined) out.push({ id, at });
  }
  return out;
}
