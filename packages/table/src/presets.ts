/**
 * Whole-table presets: everything physics and drawing need to know about a table, each number with
 * the place it comes from. The 12-ft preset is the МКП/ЕКП tournament table; the smaller ones are the
 * usual trade sizes (general-rules.md §5), with the pockets scaled to the ball as that section proposes.
 *
 * Units: millimetres, grams, degrees.
 */
import { makeTableSpec, type TableSpec } from './spec.js';

/** The numeric part of a preset; every field has an entry in `TablePreset.sources`. */
export interface TableDimensions {
  /** Nominal size as the trade calls it, ft. */
  readonly sizeFeet: number;
  /** Playing length between the front and back cushion noses, mm. */
  readonly length: number;
  /** Playing width between the long cushion noses, mm. */
  readonly width: number;
  /** mm. */
  readonly ballDiameter: number;
  /** g. */
  readonly ballMass: number;
  /**
   * Clear opening of a corner pocket, mm: the shortest distance between the two rounded jaw tips, i.e.
   * the gap a ball must pass (створ).
   */
  readonly cornerMouth: number;
  /** Clear opening of a middle pocket, mm, measured like `cornerMouth`. */
  readonly middleMouth: number;
  /** Rounding radius of the cushion rubber at a corner pocket jaw (R1), mm. */
  readonly cornerJawRadius: number;
  /** Rounding radius at a middle pocket jaw (R2), mm. */
  readonly middleJawRadius: number;
  /**
   * Length of the corner pocket "corridor", mm: how far the jaw facings run on, measured along the pocket
   * axis from the mouth line, before the slate is cut away and the ball drops.
   */
  readonly cornerCorridor: number;
  /** The same for a middle pocket, mm (0: the drop starts at the mouth). */
  readonly middleCorridor: number;
  /**
   * Angle between each jaw facing and the pocket axis, degrees. 0 = the two facings are parallel (a
   * corridor of constant width); a positive angle opens the pocket behind the mouth. Negative angles
   * (a throat narrower than the mouth) are not allowed: the mouth is by definition the narrowest gap.
   */
  readonly cornerFacingAngle: number;
  /** The same for a middle pocket, degrees. */
  readonly middleFacingAngle: number;
  /** Height of the cushion nose (the contact line) above the slate, mm. */
  readonly cushionNoseHeight: number;
  /**
   * Fall edge of a corner pocket, mm: how far behind the mouth line, along the pocket axis, the slate
   * is cut away. A ball falls once its centre passes this edge; a ball at rest with its centre on it or
   * in front of it hangs. At most the corridor: the facings must reach the edge (behind their ends no
   * wall would hold a ball beside the hole).
   */
  readonly cornerFallDepth: number;
  /** The same for a middle pocket, mm (0: the slate ends on the mouth line). */
  readonly middleFallDepth: number;
}

export type TableDimension = keyof TableDimensions;

/** Fields that may be 0: a corridor may be absent, facings parallel to the axis, the slate cut on the mouth line. */
export const MAY_BE_ZERO: ReadonlySet<TableDimension> = new Set<TableDimension>([
  'cornerCorridor',
  'middleCorridor',
  'cornerFacingAngle',
  'middleFacingAngle',
  'cornerFallDepth',
  'middleFallDepth',
]);

export interface TablePreset extends TableDimensions {
  /** For people; equals the TableSpec name (`tableSpecOf`). */
  readonly name: string;
  /**
   * Where each number comes from: a source (МКП/ЕКП requirements as quoted in general-rules.md §5, or a
   * derivation from one), or a text that begins with `assumption:` and gives the reason.
   */
  readonly sources: Readonly<Record<TableDimension, string>>;
}

/** Keyed by every numeric field, so that the compiler checks the list below is complete. */
const DIMENSION_KEYS: { readonly [K in TableDimension]: true } = {
  sizeFeet: true,
  length: true,
  width: true,
  ballDiameter: true,
  ballMass: true,
  cornerMouth: true,
  middleMouth: true,
  cornerJawRadius: true,
  middleJawRadius: true,
  cornerCorridor: true,
  middleCorridor: true,
  cornerFacingAngle: true,
  middleFacingAngle: true,
  cushionNoseHeight: true,
  cornerFallDepth: true,
  middleFallDepth: true,
};

/** Every numeric field of a preset, in declaration order (for tests and documentation). */
export const TABLE_DIMENSIONS: readonly TableDimension[] = Object.freeze(
  Object.keys(DIMENSION_KEYS) as TableDimension[],
);

const MKP =
  'МКП/ЕКП «Основные требования к турнирным столам» (general-rules.md §5; physics-research.md §3.2)';

/** Tournament ball and the mass used by the physics parameter set. */
const BALL_68 = 68;
const MASS_68 = 280;
/** Small-table ball. */
const BALL_60 = 60.3;
/** МКП nose height for the 68 mm ball. */
const NOSE_68 = 42;
/** Corner and middle mouth margins over the ball: 72.5 − 68 and 82.5 − 68 on the tournament table. */
const CORNER_MARGIN = 4.5;
const MIDDLE_MARGIN = 14.5;
const CORNER_CORRIDOR = 5.5;
const MIDDLE_CORRIDOR = 0;
const SOURCES_COMMON = {
  cornerJawRadius: `${MKP}: corner jaw rounding R1 = 5 mm`,
  middleJawRadius: `${MKP}: middle jaw rounding R2 = 11 ± 1 mm (nominal 11)`,
  cornerCorridor: `${MKP}: corner corridor 5–6 mm, mid-range 5.5`,
  middleCorridor: `${MKP}: middle corridor 0 mm`,
  cornerFacingAngle:
    'assumption: the requirements give no facing angle; a 5–6 mm corridor of constant width means facings ' +
    'parallel to the pocket axis (0°), as pooltool’s snooker preset (physics-research.md §3.2)',
  middleFacingAngle:
    'assumption: no source; 0° like the corner. With a 0 mm corridor the facing has no length, so the ' +
    'angle only decides how far the jaw rounding wraps, not where a ball can go',
  cornerFallDepth:
    `${MKP}: the corner corridor (5–6 mm, mid-range 5.5) is the stretch the facings run behind the mouth ` +
    'before the slate is cut, so the fall edge lies at its end',
  middleFallDepth: `${MKP}: middle corridor 0 mm: the slate is cut on the mouth line`,
} as const;

/** Mouths follow from the ball, fall edges from the corridor; one place computes them. */
function pocketDimensions(ballDiameter: number) {
  const cornerMouth = ballDiameter + CORNER_MARGIN;
  const middleMouth = ballDiameter + MIDDLE_MARGIN;
  return {
    cornerMouth,
    middleMouth,
    cornerJawRadius: 5,
    middleJawRadius: 11,
    cornerCorridor: CORNER_CORRIDOR,
    middleCorridor: MIDDLE_CORRIDOR,
    cornerFacingAngle: 0,
    middleFacingAngle: 0,
    cornerFallDepth: CORNER_CORRIDOR,
    middleFallDepth: MIDDLE_CORRIDOR,
  };
}

/**
 * Freezes a preset after checking what the geometry relies on. Throws RangeError: a bad preset is a
 * programming error. Exported so that a custom table can be validated the same way.
 */
export function makeTablePreset(
  name: string,
  dimensions: TableDimensions,
  sources: Readonly<Record<TableDimension, string>>,
): TablePreset {
  for (const key of TABLE_DIMENSIONS) {
    const value = dimensions[key];
    if (!Number.isFinite(value))
      throw new RangeError(`${name}: ${key} must be a finite number, got ${value}`);
    const mayBeZero = MAY_BE_ZERO.has(key);
    if (value < 0 || (value === 0 && !mayBeZero)) {
      throw new RangeError(`${name}: ${key} must be ${mayBeZero ? '≥ 0' : 'positive'}, got ${value}`);
    }
    const source = sources[key];
    if (typeof source !== 'string' || source.trim() === '')
      throw new RangeError(`${name}: no source for ${key}`);
  }
  const d = dimensions;
  if (d.cornerMouth <= d.ballDiameter || d.middleMouth <= d.ballDiameter) {
    throw new RangeError(`${name}: a pocket mouth must be wider than the ball`);
  }
  if (d.cornerFacingAngle >= 45 || d.middleFacingAngle >= 45) {
    throw new RangeError(`${name}: jaw facing angles must be below 45°`);
  }
  if (d.cornerFallDepth > d.cornerCorridor || d.middleFallDepth > d.middleCorridor) {
    throw new RangeError(`${name}: a fall edge must not lie behind the end of the facings (the corridor)`);
  }
  // Validates length, width and ball diameter the same way the referee's spec does.
  makeTableSpec(d.length, d.width, d.ballDiameter, name);
  // Copy only the known fields, so that a caller's extra properties or later mutation cannot leak in.
  const own = {} as Record<TableDimension, number>;
  const ownSources = {} as Record<TableDimension, string>;
  for (const key of TABLE_DIMENSIONS) {
    own[key] = d[key];
    ownSources[key] = sources[key];
  }
  return Object.freeze({ name, ...own, sources: Object.freeze(ownSources) });
}

/** МКП/ЕКП tournament table, 12 ft: the default. */
export const PRESET_12FT: TablePreset = makeTablePreset(
  '12 ft (МКП regulation)',
  {
    sizeFeet: 12,
    length: 3550,
    width: 1775,
    ballDiameter: BALL_68,
    ballMass: MASS_68,
    ...pocketDimensions(BALL_68),
    cushionNoseHeight: NOSE_68,
  },
  {
    sizeFeet: `${MKP}: the tournament table is 12 ft`,
    length: `${MKP}: playing area 3550 × 1775 mm between the cushion noses`,
    width: `${MKP}: playing area 3550 × 1775 mm between the cushion noses`,
    ballDiameter: `${MKP}: ball 68–68.5 mm (nominal 68)`,
    ballMass:
      'general-rules.md §5 (ru.wikipedia ≈ 285 g, dzen 284 g; not in the МКП requirements); ' +
      '280 g as in the physics parameter set P-RU (physics-research.md §3.3)',
    cornerMouth: `${MKP}: corner mouth 72–73 mm, mid-range 72.5 (= ball + 4.5)`,
    middleMouth: `${MKP}: middle mouth 82–83 mm, mid-range 82.5 (= ball + 14.5)`,
    cushionNoseHeight: `${MKP}: cushion rubber nose 42 mm above the slate`,
    ...SOURCES_COMMON,
  },
);

interface TradeSize {
  readonly feet: number;
  readonly length: number;
  readonly width: number;
  readonly sizeSource: string;
}

const KEPT = 'assumption: the МКП tournament value, kept on smaller tables (no other source)';
const TRADE = 'general-rules.md §5, typical trade size (not in the МКП requirements; M)';
const UNVERIFIED = `${TRADE}; no standard found, unverified (physics-research.md §3.2)`;

/**
 * A smaller table: 60.3 mm balls up to 8 ft, 68 mm from 9 ft (general-rules.md §5), pockets scaled with
 * the ball (ball + 4.5 corner, ball + 14.5 middle), the МКП jaw profile kept.
 */
function tradePreset(size: TradeSize): TablePreset {
  const small = size.feet <= 8;
  const ballDiameter = small ? BALL_60 : BALL_68;
  const ballMass = small
    ? Math.round(MASS_68 * (BALL_60 / BALL_68) * (BALL_60 / BALL_68) * (BALL_60 / BALL_68))
    : MASS_68;
  const cushionNoseHeight = small ? (NOSE_68 * BALL_60) / BALL_68 : NOSE_68;
  const scaled =
    'assumption: not standardised for small tables; general-rules.md §5 (L) scales mouths with the ball';
  return makeTablePreset(
    `${size.feet} ft`,
    {
      sizeFeet: size.feet,
      length: size.length,
      width: size.width,
      ballDiameter,
      ballMass,
      ...pocketDimensions(ballDiameter),
      cushionNoseHeight,
    },
    {
      sizeFeet: TRADE,
      length: size.sizeSource,
      width: size.sizeSource,
      ballDiameter: small
        ? 'general-rules.md §5: 60.3 mm balls are common on tables up to 8–9 ft (we use them up to 8 ft)'
        : 'general-rules.md §5: 68 mm balls on 9–12 ft tables',
      ballMass: small
        ? `assumption: no source found; same resin density as the 68 mm / ${MASS_68} g ball, ` +
          `scaled by volume: ${MASS_68} × (60.3 / 68)³ ≈ ${ballMass} g`
        : 'as the 12 ft preset: general-rules.md §5 (≈ 280–285 g), ' +
          '280 g as in P-RU (physics-research.md §3.3)',
      cornerMouth: `${scaled}: ball + 4.5 mm`,
      middleMouth: `${scaled}: ball + 14.5 mm`,
      cushionNoseHeight: small
        ? 'assumption: the МКП 42 mm for a 68 mm ball scaled to the 60.3 mm ball ' +
          '(42 × 60.3 / 68 ≈ 37.24), keeping the nose at 0.618 D and so the same cushion contact angle'
        : 'assumption: the МКП 42 mm (same 68 mm ball, same cushion profile as the tournament table)',
      ...SOURCES_COMMON,
      cornerJawRadius: `${KEPT} (5 mm); ${SOURCES_COMMON.cornerJawRadius}`,
      middleJawRadius: `${KEPT} (11 mm); ${SOURCES_COMMON.middleJawRadius}`,
      cornerCorridor: `${KEPT}; ${SOURCES_COMMON.cornerCorridor}`,
      middleCorridor: `${KEPT}; ${SOURCES_COMMON.middleCorridor}`,
    },
  );
}

export const PRESET_7FT: TablePreset = tradePreset({
  feet: 7,
  length: 1980,
  width: 990,
  sizeSource: `${TRADE}: 1980 × 990 mm`,
});
export const PRESET_8FT: TablePreset = tradePreset({
  feet: 8,
  length: 2240,
  width: 1120,
  sizeSource: `${TRADE}: 2240 × 1120 mm`,
});
export const PRESET_9FT: TablePreset = tradePreset({
  feet: 9,
  length: 2540,
  width: 1270,
  sizeSource: `${TRADE}: 2540 × 1270 mm`,
});
export const PRESET_10FT: TablePreset = tradePreset({
  feet: 10,
  length: 2800,
  width: 1400,
  sizeSource: `${UNVERIFIED}: 2800 × 1400 mm (en.wikipedia gives 2950 × 1470)`,
});
export const PRESET_11FT: TablePreset = tradePreset({
  feet: 11,
  length: 3200,
  width: 1600,
  sizeSource: `${UNVERIFIED}: 3200 × 1600 mm`,
});

/** The default table. */
export const DEFAULT_PRESET: TablePreset = PRESET_12FT;

/** All presets by key, smallest first. */
export const PRESETS: Readonly<Record<string, TablePreset>> = Object.freeze({
  '7ft': PRESET_7FT,
  '8ft': PRESET_8FT,
  '9ft': PRESET_9FT,
  '10ft': PRESET_10FT,
  '11ft': PRESET_11FT,
  '12ft': PRESET_12FT,
});

/** The referee's view of a preset: only the playing area and the ball. */
export function tableSpecOf(preset: TablePreset): TableSpec {
  return makeTableSpec(preset.length, preset.width, preset.ballDiameter, preset.name);
}
