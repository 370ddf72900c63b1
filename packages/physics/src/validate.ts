/**
 * Checks a shot before it is simulated: every number finite, ball ids 0–15 and distinct, every ball
 * wholly on the bed and none overlapping another, the struck ball present, the strike within the
 * cue's range. Expected failures are results naming the field, never throws.
 */
import { type Boundary, CIRCLE_STRIDE, SEGMENT_STRIDE } from './boundary.js';
import type { PhysicsParams } from './params.js';
import type { BallSetup } from './simulate.js';
import type { Strike } from './strike.js';

export interface ShotInputError {
  readonly code: 'invalid-input';
  readonly field: string;
  readonly message: string;
}

/**
 * On the bed, hanging over a pocket, or in a pocket's mouth clear of the jaws and facings:
 * `restsOnTable` of @pyramid/table (the rule the referee applies), here on the simulator's own
 * boundary in metres, which a test table without pockets or cushions also has.
 */
function restsOnTable(x: number, y: number, boundary: Boundary, R: number): boolean {
  const e = 1e-9;
  if (x >= R - e && x <= boundary.length - R + e && y >= R - e && y <= boundary.width - R + e) return true;
  if (x < -R || x > boundary.length + R || y < -R || y > boundary.width + R) return false;
  const pockets = boundary.pockets;
  let nearPocket = false;
  for (let k = 0; k < pockets.length; k += CIRCLE_STRIDE) {
    const d2 = (x - pockets[k]!) ** 2 + (y - pockets[k + 1]!) ** 2;
    if (d2 < (pockets[k + 2]! + R) ** 2) return true;
    if (d2 < (pockets[k + 2]! + 2 * R) ** 2) nearPocket = true;
  }
  if (!nearPocket) return false;
  const s = boundary.segments;
  for (let k = 0; k < s.length; k += SEGMENT_STRIDE) {
    const abx = s[k + 2]! - s[k]!;
    const aby = s[k + 3]! - s[k + 1]!;
    const t = Math.max(0, Math.min(1, ((x - s[k]!) * abx + (y - s[k + 1]!) * aby) / (abx * abx + aby * aby)));
    if ((x - s[k]! - t * abx) ** 2 + (y - s[k + 1]! - t * aby) ** 2 < (R - e) ** 2) return false;
  }
  const jaws = boundary.jaws;
  for (let k = 0; k < jaws.length; k += CIRCLE_STRIDE) {
    if ((x - jaws[k]!) ** 2 + (y - jaws[k + 1]!) ** 2 < (jaws[k + 2]! + R - e) ** 2) return false;
  }
  return true;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function validateShot(
  balls: readonly BallSetup[],
  strike: Strike | null,
  boundary: Boundary,
  p: PhysicsParams,
): ShotInputError | null {
  const fail = (field: string, message: string): ShotInputError => ({
    code: 'invalid-input',
    field,
    message,
  });
  const R = p.R;
  // Allow a nanometre of rounding at contact: touching (frozen) balls are legal.
  const touch = 2 * R - 1e-9;
  for (let i = 0; i < balls.length; i++) {
    const b = balls[i]!;
    if (!Number.isInteger(b.id) || b.id < 0 || b.id > 15)
      return fail(`balls[${i}].id`, 'must be a ball number 0–15');
    if (balls.findIndex((other) => other.id === b.id) !== i)
      return fail(`balls[${i}].id`, `ball ${b.id} is listed twice`);
    if (!finite(b.x)) return fail(`balls[${i}].x`, 'must be a finite number');
    if (!finite(b.y)) return fail(`balls[${i}].y`, 'must be a finite number');
    for (const key of ['v', 'w'] as const) {
      const vector = b[key];
      if (vector !== undefined && !(vector.length === 3 && vector.every(finite))) {
        return fail(`balls[${i}].${key}`, 'must be three finite numbers');
      }
    }
    if (!restsOnTable(b.x, b.y, boundary, R)) return fail(`balls[${i}]`, `ball ${b.id} lies outside the bed`);
    for (let j = 0; j < i; j++) {
      const o = balls[j]!;
      if ((o.x - b.x) * (o.x - b.x) + (o.y - b.y) * (o.y - b.y) < touch * touch) {
        return fail(`balls[${i}]`, `ball ${b.id} overlaps ball ${o.id}`);
      }
    }
  }
  if (strike === null) return null;
  if (!balls.some((b) => b.id === strike.ball))
    return fail('strike.ball', `ball ${strike.ball} is not on the table`);
  if (!finite(strike.speed) || strike.speed <= 0 || strike.speed > p.maxCueSpeed) {
    return fail('strike.speed', `must be a cue speed above 0 and at most ${p.maxCueSpeed} m/s`);
  }
  if (strike.direction !== undefined) {
    const { x, y } = strike.direction;
    if (!finite(x) || !finite(y) || x * x + y * y === 0)
      return fail('strike.direction', 'must be a non-zero vector');
  } else if (!finite(strike.angleDeg)) {
    return fail('strike.angleDeg', 'give the direction in degrees (or `direction` as a vector)');
  }
  for (const key of ['side', 'height'] as const) {
    const value = strike[key];
    if (value !== undefined && (!finite(value) || Math.abs(value) >= 1)) {
      return fail(`strike.${key}`, 'must be a tip offset in ball radii, between −1 and 1');
    }
  }
  const elevation = strike.elevationDeg;
  if (elevation !== undefined && (!finite(elevation) || elevation < 0 || elevation > 80)) {
    return fail('strike.elevationDeg', 'must be from 0 to 80 degrees');
  }
  return null;
}
