/**
 * Test helpers: polynomials with known roots whose coefficients are exact doubles (so the only error
 * left is the solver's), and the conditioning-based tolerance used where exactness is impossible.
 */

/** x = m / 2^e with m an integer (BigInt); exact for every finite double. */
function dyadic(x: number): { m: bigint; e: number } {
  if (!Number.isFinite(x)) throw new Error(`not finite: ${x}`);
  let e = 0;
  let y = x;
  while (!Number.isInteger(y)) {
    y *= 2;
    e++;
  }
  return { m: BigInt(y), e };
}

function exactNumber(n: bigint, e: number): number {
  const x = Number(n);
  if (BigInt(x) !== n) throw new Error(`coefficient numerator ${n} is not exact in a double`);
  const y = x / 2 ** e;
  if (y * 2 ** e !== x) throw new Error('coefficient underflows');
  return y;
}

/**
 * Coefficients (highest degree first, always length 5) of k·Π(t − r_i) for up to four roots, computed
 * exactly with BigInt; throws if a coefficient is not representable as a double (test design error).
 */
export function expandExact(k: number, roots: readonly number[]): number[] {
  if (roots.length > 4) throw new Error('degree > 4');
  const dk = dyadic(k);
  const dr = roots.map(dyadic);
  const e = Math.max(0, ...dr.map((d) => d.e));
  const m = dr.map((d) => d.m * 2n ** BigInt(e - d.e)); // root_i = m_i / 2^e
  // Π(t − m_i/2^e): coefficient of t^(n−j) is (−1)^j e_j(m) / 2^(e·j).
  let poly: bigint[] = [1n];
  for (const mi of m) {
    const next: bigint[] = new Array<bigint>(poly.length + 1).fill(0n);
    for (let i = 0; i < poly.length; i++) {
      next[i] = next[i]! + poly[i]!;
      next[i + 1] = next[i + 1]! - poly[i]! * mi;
    }
    poly = next;
  }
  const coeffs = poly.map((n, j) => exactNumber(dk.m * n, dk.e + e * j));
  while (coeffs.length < 5) coeffs.unshift(0);
  return coeffs;
}

/** Coefficients of k·Π(t − r_i) expanded in ordinary floating point (not exact). */
export function expandFloat(k: number, roots: readonly number[]): number[] {
  let c = [k];
  for (const r of roots) {
    const next = new Array<number>(c.length + 1).fill(0);
    for (let i = 0; i < c.length; i++) {
      next[i] = next[i]! + c[i]!;
      next[i + 1] = next[i + 1]! - c[i]! * r;
    }
    c = next;
  }
  while (c.length < 5) c.unshift(0);
  return c;
}

export function horner(c: readonly number[], t: number): number {
  let s = 0;
  for (const x of c) s = s * t + x;
  return s;
}

/** Σ|c_j||t|^j: the scale of Horner's rounding error at t. */
export function absScale(c: readonly number[], t: number): number {
  let s = 0;
  for (const x of c) s = s * Math.abs(t) + Math.abs(x);
  return s;
}

/**
 * The accuracy any double-precision method working from these coefficients can promise for the root
 * r of k·Π(t − r_i): rounding noise of evaluating p near r (16 ε Σ|c_j||r|^j, twice Horner's bound)
 * divided by the slope |p′(r)| (computed from the factored form), plus 1e-12·max(1, |r|).
 */
export function rootTolerance(c: readonly number[], k: number, roots: readonly number[], i: number): number {
  const r = roots[i]!;
  let slope = k;
  for (let j = 0; j < roots.length; j++) if (j !== i) slope *= r - roots[j]!;
  return 1e-12 * Math.max(1, Math.abs(r)) + (16 * Number.EPSILON * absScale(c, r)) / Math.abs(slope);
}

export type Vec2 = readonly [number, number];

/**
 * Ball–ball contact quartic (research notes 1.6) for r_i(t) = c_i + b_i t + a_i t², highest first:
 * |A|² t⁴ + 2 A·B t³ + (|B|² + 2 A·C) t² + 2 B·C t + |C|² − D².
 */
export function ballBallQuartic(
  a1: Vec2,
  b1: Vec2,
  c1: Vec2,
  a2: Vec2,
  b2: Vec2,
  c2: Vec2,
  D: number,
): [number, number, number, number, number] {
  const A = [a1[0] - a2[0], a1[1] - a2[1]] as const;
  const B = [b1[0] - b2[0], b1[1] - b2[1]] as const;
  const C = [c1[0] - c2[0], c1[1] - c2[1]] as const;
  const dot = (u: Vec2, v: Vec2) => u[0] * v[0] + u[1] * v[1];
  return [dot(A, A), 2 * dot(A, B), dot(B, B) + 2 * dot(A, C), 2 * dot(B, C), dot(C, C) - D * D];
}
