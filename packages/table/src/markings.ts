/**
 * The lines and spots drawn on the cloth (general rules п.2). The house line passes through the front
 * spot and the temporary house line (п.21, newer edition) through the back spot.
 */
import { type Point, point } from './point.js';
import type { TableSpec } from './spec.js';

export interface Markings {
  readonly centreSpot: Point;
  readonly frontSpot: Point;
  /** Apex of the pyramid and the first re-spotting point. */
  readonly backSpot: Point;
  readonly houseLineX: number;
  readonly centreLineX: number;
  readonly temporaryHouseLineX: number;
}

export function markings(spec: TableSpec): Markings {
  const { length, width } = spec;
  const axisY = width / 2;
  return Object.freeze({
    centreSpot: point(length / 2, axisY),
    frontSpot: point(length / 4, axisY),
    backSpot: point((3 * length) / 4, axisY),
    houseLineX: length / 4,
    centreLineX: length / 2,
    temporaryHouseLineX: (3 * length) / 4,
  });
}
