/**
 * The six pockets, named as the referee calls them in Classic (ball and pocket). Left and right are
 * as seen from the house looking toward the back cushion, so left is +y.
 */
import { type Point, point } from './point.js';
import type { TableSpec } from './spec.js';

export const POCKET_IDS = ['FL', 'FR', 'ML', 'MR', 'BL', 'BR'] as const;

export type PocketId = (typeof POCKET_IDS)[number];

export const POCKET_NAMES: Readonly<Record<PocketId, { readonly en: string; readonly ru: string }>> =
  Object.freeze({
    FL: Object.freeze({ en: 'front left corner', ru: 'левая угловая у дома' }),
    FR: Object.freeze({ en: 'front right corner', ru: 'правая угловая у дома' }),
    ML: Object.freeze({ en: 'left middle', ru: 'левая средняя' }),
    MR: Object.freeze({ en: 'right middle', ru: 'правая средняя' }),
    BL: Object.freeze({ en: 'back left corner', ru: 'левая угловая у заднего борта' }),
    BR: Object.freeze({ en: 'back right corner', ru: 'правая угловая у заднего борта' }),
  });

/**
 * Nominal position where the cushion lines meet (corners) or where the centre line meets a long
 * cushion (middles). Jaw geometry belongs to physics; the referee only needs to tell pockets apart.
 */
export function pocketCentre(spec: TableSpec, id: PocketId): Point {
  const { length: l, width: w } = spec;
  switch (id) {
    case 'FL':
      return point(0, w);
    case 'FR':
      return point(0, 0);
    case 'ML':
      return point(l / 2, w);
    case 'MR':
      return point(l / 2, 0);
    case 'BL':
      return point(l, w);
    case 'BR':
      return point(l, 0);
  }
}
