/**
 * Table presets. Everything else derives its geometry from a TableSpec, so a smaller table is one
 * more preset, never a code change.
 */

export interface TableSpec {
  /** For people only; the geometry never looks at it. */
  readonly name: string;
  /** Playing length between the front and back cushion noses, mm. */
  readonly length: number;
  /** Playing width between the long cushion noses, mm. */
  readonly width: number;
  readonly ballDiameter: number;
}

/**
 * Validates here, once, so that geometry code can divide by and subtract these numbers without
 * guarding every call. Throws RangeError: a bad preset is a programming error, not user input.
 */
export function makeTableSpec(length: number, width: number, ballDiameter: number, name: string): TableSpec {
  const dimensions = { length, width, ballDiameter };
  for (const [what, value] of Object.entries(dimensions)) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`table ${what} must be a positive number, got ${value}`);
    }
  }
  // Re-spotting puts balls on the long axis, which is only possible if a ball fits across the bed.
  if (ballDiameter >= width) {
    throw new RangeError(`ball diameter ${ballDiameter} does not fit width ${width}`);
  }
  if (width > length) throw new RangeError(`table width ${width} exceeds its length ${length}`);
  return Object.freeze({ name, length, width, ballDiameter });
}

/** МКП tournament table: 12-ft playing area 3550 × 1775 mm, 68 mm balls (general rules §5). */
export const REGULATION_12FT: TableSpec = makeTableSpec(3550, 1775, 68, '12 ft (МКП regulation)');
