/**
 * @pyramid/table: the regulation geometry of a Russian pyramid table that the referee needs —
 * markings, house, pockets, the pyramid and re-spotting. Depends on nothing, so physics and the
 * rules can share one source of truth for where things are. For physics and drawing it also holds whole
 * table presets with their sources (presets.ts) and the cushion outline: nose segments, jaw tips and
 * pocket capture circles (cushions.ts, `buildTableGeometry`).
 *
 * @example
 * import { REGULATION_12FT, classicRack, respotPositions } from '@pyramid/table';
 * const rack = classicRack(REGULATION_12FT); // ball 4 on the back spot
 * const spotted = respotPositions(REGULATION_12FT, [3, 7], rack);
 */
export { type BallId, COLOURED_BALL, isBallId, type PlacedBall, WHITE_BALL_COUNT } from './ball.js';
export {
  type BoundaryPiece,
  buildTableGeometry,
  type CushionSegment,
  type JawArc,
  type PocketOpening,
  type Rail,
  restsOnTable,
  type TableGeometry,
} from './cushions.js';
export {
  describeTable,
  type TableDescription,
  type TableDescriptionError,
  tableFromDescription,
} from './description.js';
export { type Markings, markings } from './markings.js';
export { POCKET_IDS, POCKET_NAMES, type PocketId, pocketCentre } from './pockets.js';
export { distance, type Point, point } from './point.js';
export {
  DEFAULT_PRESET,
  makeTablePreset,
  PRESET_7FT,
  PRESET_8FT,
  PRESET_9FT,
  PRESET_10FT,
  PRESET_11FT,
  PRESET_12FT,
  PRESETS,
  TABLE_DIMENSIONS,
  type TableDimension,
  type TableDimensions,
  type TablePreset,
  tableSpecOf,
} from './presets.js';
export { CLASSIC_RACK_ORDER, classicRack, rackPositions, rackSlots } from './rack.js';
export { isInHouse, isInTemporaryHouse, isOnBed } from './regions.js';
export { RESPOT_CLEARANCE, respotPositions } from './respot.js';
export { makeTableSpec, REGULATION_12FT, type TableSpec } from './spec.js';
