/**
 * Deterministic elementary functions. ECMAScript leaves Math.exp, sin and cos
 * "implementation-approximated", so two engines may disagree in the last bit and a replay would
 * diverge. These use only + − × ÷ (exactly rounded by IEEE 754) and bit assembly, so every engine
 * computes the same bits. Accuracy is within a few ulps, which is all the physics needs.
 */

const LN2_HI = 0.6931471803691238; // upper bits of ln 2: k·LN2_HI is exact for |k| < 2^20
const LN2_LO = 1.9082149292705877e-10;
const INV_LN2 = Math.LOG2E;

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // little-endian: high word at 1

/** 2^k for an integer k in the normal range, assembled from its bits. */
function pow2(k: number): number {
  words[HIGH] = ((k + 1023) << 20) >>> 0;
  words[1 - HIGH] = 0;
  return bits[0]!;
}

/** e^x, deterministic. */
export function detExp(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x > 709) return Number.POSITIVE_INFINITY;
  if (x < -708) return 0;
  const k = Math.floor(x * INV_LN2 + 0.5);
  const r = x - k * LN2_HI - k * LN2_LO; // |r| ≤ ln2/2
  // Taylor series of e^r to degree 13: the remainder is below 2^-60 for |r| ≤ 0.35.
  let p = 1 / 6227020800;
  p = p * r + 1 / 479001600;
  p = p * r + 1 / 39916800;
  p = p * r + 1 / 3628800;
  p = p * r + 1 / 362880;
  p = p * r + 1 / 40320;
  p = p * r + 1 / 5040;
  p = p * r + 1 / 720;
  p = p * r + 1 / 120;
  p = p * r + 1 / 24;
  p = p * r + 1 / 6;
  p = p * r + 0.5;
  p = p * r + 1;
  p = p * r + 1;
  return p * pow2(k);
}

const DEG = Math.PI / 180;

/** sin and cos of x radians with |x| ≤ π/4, by Taylor series (error below 1e-17). */
function sinCosSmall(x: number): [number, number] {
  const x2 = x * x;
  let s = -1 / 1307674368000;
  s = s * x2 + 1 / 6227020800;
  s = s * x2 - 1 / 39916800;
  s = s * x2 + 1 / 362880;
  s = s * x2 - 1 / 5040;
  s = s * x2 + 1 / 120;
  s = s * x2 - 1 / 6;
  s = s * x2 * x + x;
  let c = 1 / 20922789888000;
  c = c * x2 - 1 / 87178291200;
  c = c * x2 + 1 / 479001600;
  c = c * x2 - 1 / 3628800;
  c = c * x2 + 1 / 40320;
  c = c * x2 - 1 / 720;
  c = c * x2 + 1 / 24;
  c = c * x2 - 0.5;
  c = c * x2 + 1;
  return [s, c];
}

/**
 * [sin, cos] of an angle in degrees, deterministic. Exact at multiples of 90°, so an aim of 0°, 90°,
 * 180° or 270° gives an exactly axis-aligned unit vector.
 */
export function sinCosDeg(degrees: number): [number, number] {
  // Mirror-exact: the angle −a gives exactly (−sin a, cos a), so mirrored shots stay mirrored.
  if (degrees < 0) {
    const [s, c] = sinCosDeg(-degrees);
    return [-s, c];
  }
  const d = degrees % 360;
  const octant = Math.floor(d / 45);
  // Reduce to [−45°, 45°] around the nearest multiple of 90°.
  const nearest = Math.floor((octant + 1) / 2);
  const rest = d - nearest * 90;
  const quadrant = nearest % 4;
  let s: number;
  let c: number;
  if (rest === 0) [s, c] = [0, 1];
  else if (rest === 45 || rest === -45) [s, c] = [rest > 0 ? Math.SQRT1_2 : -Math.SQRT1_2, Math.SQRT1_2];
  else [s, c] = sinCosSmall(rest * DEG);
  switch (quadrant) {
    case 0:
      return [s, c];
    case 1:
      return [c, -s];
    case 2:
      return [-s, -c];
    default:
      return [-c, s];
  }
}
