/**
 * Which area of the bed a ball is in. A ball's area is judged by its centre (older rules, M), and a
 * ball whose centre is exactly on a line belongs to neither side's restricted area: the house line is
 * not part of the house (п.2), which keeps "on the line" playable from the house.
 */
import { markings } from './markings.js';
import type { Point } from './point.js';
import type { TableSpec } from './spec.js';

/** Tolerance for "touching the cushion" so that a ball placed by arithmetic at x = R counts as on the bed. */
const ON_BED_TOLERANCE = 1e-9;

function isOverTable(spec: TableSpec, p: Point): boolean {
  return p.y >= 0 && p.y <= spec.width;
}

/** Strictly between the front cushion and the house line. */
export function isInHouse(spec: TableSpec, p: Point): boolean {
  return isOverTable(spec, p) && p.x > 0 && p.x < markings(spec).houseLineX;
}

/** Strictly between the line through the back spot and the back cushion (п.21). */
export function isInTemporaryHouse(spec: TableSpec, p: Point): boolean {
  return isOverTable(spec, p) && p.x > markings(spec).temporaryHouseLineX && p.x < spec.length;
}

/** The whole ball, not just its centre, lies within the cushion noses. */
export function isOnBed(spec: TableSpec, p: Point): boolean {
  const r = spec.ballDiameter / 2 - ON_BED_TOLERANCE;
  return p.x >= r && p.x <= spec.length - r && p.y >= r && p.y <= spec.width - r;
}
