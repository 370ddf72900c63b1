/**
 * Checks a shot before it is simulated: every number finite and in its physical range (ranges.ts),
 * ball ids 0–15 and distinct, every ball wholly on the bed and none overlapping another, the struck
 * ball present, the strike within the cue's range, the parameters in theirs. Expected failures are
 * results naming the field as a JSON Pointer (`/balls/3/x`, `/strike/direction/x`), never throws.
 */
import { describeValue } from '@pyramid/core';
import type { BallSetup } from './ball-setup.js';
import { type Boundary, CIRCLE_STRIDE, POCKET_STRIDE, SEGMENT_STRIDE } from './boundary.js';
import { PARAM_NAMES, type PhysicsParams } from './params.js';
import { INPUT_RANGES, inRange, isDirection, PARAM_RANGES, type Range, rangeText } from './ranges.js';
import type { Strike } from './strike.js';

export interface ShotInputError {
  readonly code: 'invalid-input';
  /** The field at fault, as a JSON Pointer (RFC 6901) into `{ balls, strike, params }`. */
  readonly field: string;
  readonly message: string;
}

/**
 * On the bed, or in a pocket's mouth clear of the jaws and facings with the centre not past the
 * fall edge (hanging over the hole):
 * `restsOnTable` of @pyramid/table (the rule the referee applies), here on the simulator's own
 * boundary in metres, which a test table without pockets or cushions also has.
 */
function restsOnTable(x: number, y: number, boundary: Boundary, R: number): boolean {
  const e = 1e-9;
  if (x >= R - e && x <= boundary.length - R + e && y >= R - e && y <= boundary.width - R + e) return true;
  if (x < -R || x > boundary.length + R || y < -R || y > boundary.width + R) return false;
  const pockets = boundary.pockets;
  let nearPocket = false;
  for (let k = 0; k < pockets.length; k += POCKET_STRIDE) {
    const ux = pockets[k + 2]!;
    const uy = pockets[k + 3]!;
    // Relative to the mouth centre M = F − fallDepth·u.
    const dx = x - (pockets[k]! - ux * pockets[k + 6]!);
    const dy = y - (pockets[k + 1]! - uy * pockets[k + 6]!);
    if (dx * dx + dy * dy >= (pockets[k + 7]! + 2 * R) ** 2) continue;
    const depth = dx * ux + dy * uy;
    const lateral = Math.abs(dx * uy - dy * ux);
    // Past the fall edge the ball falls; behind the mouth line it can only be in the channel.
    if (depth > pockets[k + 6]! + e) return false;
    if (depth > 0 && lateral > pockets[k + 4]!) return false;
    nearPocket = true;
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

class Refusal {
  constructor(readonly error: ShotInputError) {}
}

function refuse(field: string, message: string): never {
  throw new Refusal({ code: 'invalid-input', field, message });
}

function within(value: unknown, range: Range, field: string, unit: string): number {
  if (!inRange(value, range))
    refuse(field, `must be ${rangeText(range)}${unit === '' ? '' : ` ${unit}`}, got ${describeValue(value)}`);
  return value;
}

function vector(value: unknown, range: Range, field: string, unit: string): void {
  if (!Array.isArray(value) || value.length !== 3)
    refuse(field, `must be three finite numbers (${unit}), got ${describeValue(value)}`);
  for (let k = 0; k < 3; k++) within(value[k], range, `${field}/${k}`, unit);
}

export function validateShot(
  balls: readonly BallSetup[],
  strike: Strike | null,
  boundary: Boundary,
  p: PhysicsParams,
): ShotInputError | null {
  try {
    check(balls, strike, boundary, p);
    return null;
  } catch (caught) {
    if (caught instanceof Refusal) return caught.error;
    throw caught;
  }
}

function check(
  balls: readonly BallSetup[],
  strike: Strike | null,
  boundary: Boundary,
  p: PhysicsParams,
): void {
  for (const name of PARAM_NAMES) within(p[name], PARAM_RANGES[name], `/params/${name}`, '');
  const R = p.R;
  // Allow a nanometre of rounding at contact: touching (frozen) balls are legal.
  const touch = 2 * R - 1e-9;
  if (!Array.isArray(balls) || balls.length > 16) refuse('/balls', 'must be a list of at most 16 balls');
  for (let i = 0; i < balls.length; i++) {
    const b = balls[i]!;
    const at = `/balls/${i}`;
    if (typeof b !== 'object' || b === null)
      refuse(at, `must be a ball { id, x, y }, got ${describeValue(b)}`);
    if (!Number.isInteger(b.id) || b.id < 0 || b.id > 15)
      refuse(`${at}/id`, `must be a ball number 0–15, got ${describeValue(b.id)}`);
    if (balls.findIndex((other) => other.id === b.id) !== i)
      refuse(`${at}/id`, `ball ${b.id} is listed twice`);
    if (!finite(b.x)) refuse(`${at}/x`, `must be a finite number, got ${describeValue(b.x)}`);
    if (!finite(b.y)) refuse(`${at}/y`, `must be a finite number, got ${describeValue(b.y)}`);
    if (b.v !== undefined) vector(b.v, INPUT_RANGES.velocity, `${at}/v`, 'm/s');
    if (b.w !== undefined) vector(b.w, INPUT_RANGES.spin, `${at}/w`, 'rad/s');
    if (!restsOnTable(b.x, b.y, boundary, R)) refuse(at, `ball ${b.id} lies outside the bed`);
    for (let j = 0; j < i; j++) {
      const o = balls[j]!;
      // Both inside the table's few metres: these squares cannot overflow.
      if ((o.x - b.x) * (o.x - b.x) + (o.y - b.y) * (o.y - b.y) < touch * touch) {
        refuse(at, `ball ${b.id} overlaps ball ${o.id}`);
      }
    }
  }
  if (strike === null) return;
  if (!balls.some((b) => b.id === strike.ball))
    refuse('/strike/ball', `ball ${describeValue(strike.ball)} is not on the table`);
  if (!finite(strike.speed) || strike.speed <= 0 || strike.speed > p.maxCueSpeed) {
    refuse('/strike/speed', `must be a cue speed above 0 and at most ${p.maxCueSpeed} m/s`);
  }
  if (strike.direction !== undefined) {
    if (typeof strike.direction !== 'object' || strike.direction === null)
      refuse('/strike/direction', `must be a vector { x, y }, got ${describeValue(strike.direction)}`);
    const { x, y } = strike.direction;
    within(x, INPUT_RANGES.direction, '/strike/direction/x', '');
    within(y, INPUT_RANGES.direction, '/strike/direction/y', '');
    if (!isDirection(x, y)) refuse('/strike/direction', 'must be a non-zero vector');
  } else {
    within(strike.angleDeg, INPUT_RANGES.angleDeg, '/strike/angleDeg', 'degrees (or give `direction`)');
  }
  for (const key of ['side', 'height'] as const) {
    const value = strike[key];
    if (value !== undefined) within(value, INPUT_RANGES.tip, `/strike/${key}`, 'ball radii (a tip offset)');
  }
  const elevation = strike.elevationDeg;
  if (elevation !== undefined)
    within(elevation, INPUT_RANGES.elevationDeg, '/strike/elevationDeg', 'degrees');
  if (strike.miscueLimit !== undefined)
    within(strike.miscueLimit, PARAM_RANGES.miscueLimit, '/strike/miscueLimit', 'ball radii (a tip offset)');
}
