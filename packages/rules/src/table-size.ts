/**
 * The table a match is played on. The rules are the same on every size (general rules п.2 draws the
 * house, the spots and the lines in proportion to the bed); only the numbers change. A match names
 * one of the table presets by its key, and everything the referee measures — house, temporary
 * house, spots, re-spotting, the rack, where a ball may rest — comes from that preset.
 */
import {
  buildTableGeometry,
  type Markings,
  markings,
  PRESETS,
  type TableGeometry,
  type TablePreset,
  type TableSpec,
  tableSpecOf,
} from '@pyramid/table';

/** The preset keys of `@pyramid/table`, smallest first (a test keeps the two lists equal). */
export const TABLE_SIZES = ['7ft', '8ft', '9ft', '10ft', '11ft', '12ft'] as const;

export type TableSize = (typeof TABLE_SIZES)[number];

/** The МКП tournament table: what a record that names no size was played on. */
export const DEFAULT_TABLE_SIZE: TableSize = '12ft';

export function isTableSize(value: unknown): value is TableSize {
  return typeof value === 'string' && (TABLE_SIZES as readonly string[]).includes(value);
}

/** Everything derived from one table size, built once: the referee, the bridge and the bots share it. */
export interface MatchTable {
  readonly size: TableSize;
  readonly preset: TablePreset;
  /** The referee's view: playing area and ball. */
  readonly spec: TableSpec;
  /** The cushion outline, for where a ball may rest (and the simulator's boundary). */
  readonly geometry: TableGeometry;
  readonly markings: Markings;
}

// Filled on first use: most programs only ever play on one size, and a geometry takes a moment to build.
const BUILT: Partial<Record<TableSize, MatchTable>> = {};

/** The table of `size`, built on first use and shared afterwards (the same object every time). */
export function matchTable(size: TableSize): MatchTable {
  return BUILT[size] ?? build(size);
}

function build(size: TableSize): MatchTable {
  const preset = PRESETS[size];
  // A size listed here without a preset is a programming error, caught by the first test that plays it.
  if (preset === undefined) throw new Error(`no table preset for ${size}`);
  const spec = tableSpecOf(preset);
  const table: MatchTable = Object.freeze({
    size,
    preset,
    spec,
    geometry: buildTableGeometry(preset),
    markings: markings(spec),
  });
  BUILT[size] = table;
  return table;
}
