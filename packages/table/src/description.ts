/**
 * A table description: the plain JSON form of a `TablePreset`, so that a user can model his club's
 * table in a file (`pyramid simulate --table FILE`) and the built-in presets are descriptions too
 * (`describeTable(PRESET_12FT)` reads back as the same preset).
 *
 * Shape: { "name"?, "base"?, <any numeric field of TableDimensions>, "sources"? }. A field not given
 * is taken from `base` (a PRESETS key, default "12ft") with its source; a given field without a
 * source is marked "given in the table description". Units as in presets.ts: mm, g, degrees.
 *
 * Expected failures are returned, never thrown: each names the field and what it must be.
 */
import { err, ok, type Result } from '@pyramid/core';
import {
  MAY_BE_ZERO,
  makeTablePreset,
  PRESETS,
  TABLE_DIMENSIONS,
  type TableDimension,
  type TableDimensions,
  type TablePreset,
} from './presets.js';

export interface TableDescription {
  readonly name?: string;
  readonly base?: string;
  readonly sources?: Partial<Readonly<Record<TableDimension, string>>>;
  readonly [field: string]: unknown;
}

/** Why a description was refused: the field (dotted, e.g. `cornerMouth`, `sources.width`) and why. */
export interface TableDescriptionError {
  readonly code: 'invalid-table';
  readonly field: string;
  readonly message: string;
}

const GIVEN = 'given in the table description';
const refuse = (field: string, message: string): Result<never, TableDescriptionError> =>
  err({ code: 'invalid-table', field, message });

/** The description of a preset: every field with its source (a complete, standalone description). */
export function describeTable(preset: TablePreset): TableDescription {
  const fields: Record<string, unknown> = { name: preset.name };
  for (const key of TABLE_DIMENSIONS) fields[key] = preset[key];
  fields.sources = { ...preset.sources };
  return fields;
}

/** Reads and checks a table description; the preset it gives is frozen and complete. */
export function tableFromDescription(value: unknown): Result<TablePreset, TableDescriptionError> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse('', 'must be an object of table fields');
  }
  const given = value as Record<string, unknown>;
  const allowed = new Set<string>(['name', 'base', 'sources', ...TABLE_DIMENSIONS]);
  for (const key of Object.keys(given)) {
    if (!allowed.has(key)) {
      return refuse(key, `is not a table field (known: name, base, sources, ${TABLE_DIMENSIONS.join(', ')})`);
    }
  }
  const baseKey = given.base ?? '12ft';
  if (typeof baseKey !== 'string' || !Object.hasOwn(PRESETS, baseKey)) {
    return refuse(
      'base',
      `unknown table ${JSON.stringify(baseKey)} (known: ${Object.keys(PRESETS).join(', ')})`,
    );
  }
  const base = PRESETS[baseKey]!;
  if (given.name !== undefined && (typeof given.name !== 'string' || given.name.trim() === '')) {
    return refuse('name', 'must be a non-empty string');
  }
  const sourcesGiven = given.sources ?? {};
  if (typeof sourcesGiven !== 'object' || sourcesGiven === null || Array.isArray(sourcesGiven)) {
    return refuse('sources', 'must be an object from field to source text');
  }
  for (const [key, text] of Object.entries(sourcesGiven)) {
    if (!(TABLE_DIMENSIONS as readonly string[]).includes(key))
      return refuse(`sources.${key}`, 'is not a table field');
    if (typeof text !== 'string' || text.trim() === '')
      return refuse(`sources.${key}`, 'must be a non-empty text');
  }
  const sourceOf = sourcesGiven as Partial<Record<TableDimension, string>>;

  const dimensions = {} as Record<TableDimension, number>;
  const sources = {} as Record<TableDimension, string>;
  for (const key of TABLE_DIMENSIONS) {
    const raw = given[key];
    if (raw === undefined) {
      dimensions[key] = base[key];
      sources[key] = sourceOf[key] ?? base.sources[key];
      continue;
    }
    if (typeof raw !== 'number' || !Number.isFinite(raw))
      return refuse(key, `must be a finite number, got ${JSON.stringify(raw)}`);
    if (MAY_BE_ZERO.has(key) ? raw < 0 : raw <= 0) {
      return refuse(key, `must be ${MAY_BE_ZERO.has(key) ? '≥ 0' : '> 0'}, got ${raw}`);
    }
    dimensions[key] = raw;
    sources[key] = sourceOf[key] ?? GIVEN;
  }
  const d = dimensions as TableDimensions;
  // What the geometry relies on, each refusal on the field that breaks it.
  if (d.width > d.length) return refuse('width', `${d.width} mm exceeds the length ${d.length} mm`);
  if (d.ballDiameter >= d.width)
    return refuse('ballDiameter', `${d.ballDiameter} mm does not fit the width ${d.width} mm`);
  if (d.cornerMouth <= d.ballDiameter)
    return refuse('cornerMouth', `${d.cornerMouth} mm must exceed the ball (${d.ballDiameter} mm)`);
  if (d.middleMouth <= d.ballDiameter)
    return refuse('middleMouth', `${d.middleMouth} mm must exceed the ball (${d.ballDiameter} mm)`);
  if (d.cornerFacingAngle >= 45)
    return refuse('cornerFacingAngle', `must be below 45°, got ${d.cornerFacingAngle}`);
  if (d.middleFacingAngle >= 45)
    return refuse('middleFacingAngle', `must be below 45°, got ${d.middleFacingAngle}`);
  // The facings hold a ball in the channel up to the fall edge; behind their ends there is no wall.
  if (d.cornerFallDepth > d.cornerCorridor) {
    return refuse(
      'cornerFallDepth',
      `${d.cornerFallDepth} mm lies behind the end of the facings (cornerCorridor ${d.cornerCorridor} mm)`,
    );
  }
  if (d.middleFallDepth > d.middleCorridor) {
    return refuse(
      'middleFallDepth',
      `${d.middleFallDepth} mm lies behind the end of the facings (middleCorridor ${d.middleCorridor} mm)`,
    );
  }
  // The nose must touch the ball above its centre and below its top (sin θ = (h − R)/R in (0, 1)).
  if (d.cushionNoseHeight <= d.ballDiameter / 2 || d.cushionNoseHeight >= d.ballDiameter) {
    return refuse(
      'cushionNoseHeight',
      `must lie between the ball's centre and its top (${d.ballDiameter / 2}–${d.ballDiameter} mm), got ${d.cushionNoseHeight}`,
    );
  }
  const name = typeof given.name === 'string' ? given.name : `custom table (based on ${baseKey})`;
  try {
    return ok(makeTablePreset(name, d, sources));
  } catch (caught) {
    // makeTablePreset checks no more than the above; reaching here is a bug in this module.
    throw new Error(`table description passed the checks but not makeTablePreset: ${String(caught)}`);
  }
}
