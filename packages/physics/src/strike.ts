/**
 * The cue strike (Leckie & Greenspan eq. 1–3 in pooltool's cue frame; squirt after Alciatore TP
 * The tip offset is given perpendicular to the cue, in ball radii, so a cue aimed through
 * the centre gives no spin at any elevation. Angles come in degrees and are turned into unit
 * vectors once, here, with deterministic sin/cos: nothing transcendental runs in the event loop.
 */
import { sinCosDeg } from './math/det.js';
import type { PhysicsParams } from './params.js';

export interface Strike {
  /** The ball struck (its id). */
  readonly ball: number;
  /** Cue speed at impact, m/s. */
  readonly speed: number;
  /** Direction of the cue in the table plane, degrees counter-clockwise from +x (toward the back cushion). */
  readonly angleDeg?: number;
  /** Or the direction as a vector in the plane (any length > 0): exact, no angle conversion. */
  readonly direction?: { readonly x: number; readonly y: number };
  /** Tip offset to the right of the cue axis, in ball radii (right English). */
  readonly side?: number;
  /** Tip offset above the cue axis, in ball radii (follow > 0, draw < 0). */
  readonly height?: number;
  /** Cue elevation above the horizontal, degrees (0–80). */
  readonly elevationDeg?: number;
  /**
   * The cue's miscue limit: the largest tip offset (ball radii, in (0, 1]) this cue strikes
   * without slipping off the ball. Default `params.miscueLimit` (0.5 R, docs/physics.md). A cue
   * with a better-gripping tip, or another model's convention (some count 0.6 R as a valid
   * stroke), sets its own.
   */
  readonly miscueLimit?: number;
}

export interface StrikeResult {
  readonly v: [number, number, number];
  readonly w: [number, number, number];
  /** The tip offset exceeded the miscue limit (§29.1(4) for the referee); the offset was clamped. */
  readonly miscue: boolean;
  /** Squirt angle, radians (positive: deflected to the left of the cue line). */
  readonly squirt: number;
}

/** [sin, cos] of the cue's direction in the table plane: a direction vector wins over an angle. */
export function cueDirection(strike: Strike): [number, number] {
  const direction = strike.direction;
  if (direction !== undefined) {
    const length = Math.sqrt(direction.x * direction.x + direction.y * direction.y);
    return [direction.y / length, direction.x / length];
  }
  return sinCosDeg(strike.angleDeg ?? 0);
}

export function strikeBall(strike: Strike, p: PhysicsParams): StrikeResult {
  let a = strike.side ?? 0;
  let b = strike.height ?? 0;
  const offset = Math.sqrt(a * a + b * b);
  const limit = strike.miscueLimit ?? p.miscueLimit;
  const miscue = offset > limit;
  if (miscue) {
    a = (a / offset) * limit;
    b = (b / offset) * limit;
  }
  const R = p.R;
  const [sinPhi, cosPhi] = cueDirection(strike);
  const [sinTheta, cosTheta] = sinCosDeg(strike.elevationDeg ?? 0);
  // Cue frame: f forward (horizontal), s to the right, d along the cue (forward and down), u ⊥ d upward.
  const fx = cosPhi;
  const fy = sinPhi;
  const sx = fy;
  const sy = -fx;
  const d: [number, number, number] = [cosTheta * fx, cosTheta * fy, -sinTheta];
  const u: [number, number, number] = [sinTheta * fx, sinTheta * fy, cosTheta];
  const aR = a * R;
  const bR = b * R;
  // Ball speed from the cue–ball impulse with an elastic tip: the effective mass at the contact point.
  const speed = (2 * strike.speed) / (1 + p.m / p.cueMass + (5 / (2 * R * R)) * (aR * aR + bR * bR));
  // Contact point relative to the centre: Q = −c d + a s + b u; spin w = (5 v / 2R²) (Q × d).
  const c = Math.sqrt(R * R - aR * aR - bR * bR);
  const qx = -c * d[0] + aR * sx + bR * u[0];
  const qy = -c * d[1] + aR * sy + bR * u[1];
  const qz = -c * d[2] + bR * u[2];
  const k = (5 * speed) / (2 * R * R);
  const w: [number, number, number] = [
    k * (qy * d[2] - qz * d[1]),
    k * (qz * d[0] - qx * d[2]),
    k * (qx * d[1] - qy * d[0]),
  ];
  // Squirt: side English deflects the ball away from the side struck (right English → left).
  const sRatio = a;
  const tanSquirt =
    ((5 / 2) * sRatio * Math.sqrt(1 - sRatio * sRatio)) /
    (1 + p.m / p.cueEndMass + (5 / 2) * (1 - sRatio * sRatio));
  const norm = Math.sqrt(1 + tanSquirt * tanSquirt);
  const cosS = 1 / norm;
  const sinS = tanSquirt / norm;
  const hx = d[0] * cosS - d[1] * sinS;
  const hy = d[0] * sinS + d[1] * cosS;
  const v: [number, number, number] = [speed * hx, speed * hy, speed * d[2]];
  // atan of the small squirt angle by its series is not needed by the simulator; report tan's angle exactly enough.
  const t2 = tanSquirt * tanSquirt;
  const squirt = tanSquirt * (1 - t2 / 3 + (t2 * t2) / 5);
  return { v, w, miscue, squirt };
}
