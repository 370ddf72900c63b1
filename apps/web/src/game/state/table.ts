/**
 * The table the match is played on, as the client state needs it. The referee, the simulator and
 * the bots all measure on the match's own table (`matchTable(match.tableSize)` in packages/rules),
 * so every check made here before a shot — placement region, overlap, aiming aid, picking — reads
 * the same table, never a fixed regulation one: a check that disagreed with the referee would
 * accept what he then refuses, or refuse what he allows.
 */
import { type MatchState, type MatchTable, matchTable, type TableSize } from '@pyramid/rules';
import { type Point, PRESETS } from '@pyramid/table';

/** The match's table: spec (playing area and ball), markings (house line, spots), geometry. */
export function tableOf(match: MatchState): MatchTable {
  return matchTable(match.tableSize);
}

/** The ball radius on the match's table, mm (the small tables play 60 mm balls). */
export function ballRadius(match: MatchState): number {
  return matchTable(match.tableSize).spec.ballDiameter / 2;
}

/** A size as the set-up screen names it, with its playing area: "12 ft (3550 × 1775)". */
export function tableSizeLabel(size: TableSize, lang: 'ru' | 'en'): string {
  const feet = size.replace('ft', '');
  const preset = PRESETS[size];
  const area = preset === undefined ? '' : ` (${preset.length} × ${preset.width})`;
  return `${feet} ${lang === 'ru' ? 'фт' : 'ft'}${area}`;
}

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
