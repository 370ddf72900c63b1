/**
 * Real roots of polynomials of degree ≤ 4 on a closed time interval: the event-time core of the
 * simulator. Every candidate event (ball–ball, jaw, pocket capture, landing) is the first time a
 * "distance" polynomial p(t) of degree ≤ 4 drops from positive to non-positive (research notes 1.6–1.7).
 *
 * Why no closed-form cubic/quartic (Cardano, Ferrari): they need cbrt, acos and cos, which ECMAScript
 * leaves "implementation-approximated", so two engines could order two events differently and the
 * referee would rule differently on the same shot (notes 1.9). They also lose accuracy exactly where
 * it matters: near double roots, i.e. grazing contacts. So:
 *
 * Determinism policy. These functions use only + − × ÷ (and % on integers), comparisons, Math.abs,
 * Math.sqrt, Math.min and Math.max, plus reading a double's bit pattern through a Float64Array /
 * Uint32Array pair (word order detected at load). ECMAScript fixes all of these exactly: IEEE-754
 * double rounding, sqrt correctly rounded, no fused multiply-add contraction. The control flow
 * depends only on those bits, so every engine returns the same bits. Powers of two are built by
 * repeated doubling, never with `**` or Math.pow.
 *
 * Method (root isolation, no closed forms beyond the quadratic):
 * 1. Trim. A leading term is dropped when its largest magnitude on the interval, |c_n|·T^n with
 *    T = max(|lo|, |hi|), is below 2^-56 of Σ_{j<n} |c_j|·T^j. The ratio of that term to the others
 *    grows with |t|, so below that threshold the term is under the rounding noise of evaluating p
 *    at every t in the interval: dropping it changes no decision we could make in doubles, and it
 *    turns "quartic with a tiny leading coefficient" into the honest lower-degree problem. An exact
 *    zero is trimmed the same way. Coefficients are then rescaled by a power of two (exact) if
 *    their magnitudes would overflow or underflow.
 * 2. Split. Between consecutive critical points (roots of p′) p is monotone, so each piece holds at
 *    most one crossing and the sign test at its ends is decisive. The critical points come from the
 *    same algorithm applied to p′ (quartic → cubic p′); the cubic's critical points are the roots of
 *    a quadratic, found in closed form with a cancellation-safe formula and an exactly-evaluated
 *    discriminant (Dekker products, + − × only).
 * 3. Snap. At an interior critical point, |p| within 8·ε·Σ|c_j||t|^j (about twice Horner's error
 *    bound) is set to exactly 0: we cannot tell the sign there, and treating it as a touch gives the
 *    double (or triple) root at the critical point itself — accurate to a few ulps — instead of a
 *    coin flip between "miss" and two roots ~√ε apart. Consequence (documented behaviour): a graze
 *    counts as contact iff p reaches ≤ 0 up to that rounding band; two roots whose dip between them
 *    is shallower than the band merge into one touch at the critical point.
 * 4. Refine. A crossing inside a piece is bracketed and located by safeguarded Newton–bisection.
 *    Newton steps are accepted inside the bracket while each is at most half the previous move;
 *    otherwise the bracket is bisected in the order of doubles (the mean of the bit patterns, which
 *    acts like a geometric mean across orders of magnitude, so any bracket collapses in ≤ 64
 *    halvings, where arithmetic halving can need ~1000 near 0). Once Newton has converged (to a few
 *    ulps, or into the rounding band where its steps are noise) the answer is that point if p < 0
 *    there, else the first probe just past the root (overshoot doubling) with p ≤ 0. A bracket that
 *    shrinks to adjacent doubles also ends the search (and an iteration cap of 100, never reached in
 *    testing). The result is always a double where Horner's p ≤ 0, within the rounding band of the
 *    root: within that band the evaluated sign may flicker, and which double is returned is fixed by
 *    the arithmetic, so it is deterministic.
 *
 * Hot-path notes: the public functions take coefficients as plain numbers (the *Quartic variants) or
 * an array, allocate nothing, and use fixed module-level scratch arrays (one slot range per degree, so
 * the recursion p → p′ never overwrites its caller's data). Not reentrant across threads — JS has none.
 */

const EPS = Number.EPSILON; // 2^-52
/** A term below this fraction of the others (at the interval's largest |t|) is dropped. */
const DROP = EPS / 16; // 2^-56
/** Interior critical values within SNAP·Σ|c_j||t|^j of zero are treated as exactly zero. */
const SNAP = 8 * EPS;
/** Margin of the cheap whole-interval sign test (see sideOf). */
const EARLY = 4 * SNAP;
/** Unit of the convergence tests, relative to |t| (about 2 ulps): Newton has converged below 4 units. */
const REL_TOL = 2 * EPS;
const MIN_NORMAL = 2.2250738585072014e-308;
const MAX_ITER = 100;
/** Veltkamp splitter 2^27 + 1, for exact products without FMA. */
const SPLITTER = 134217729;

function powerOfTwo(e: number): number {
  let x = 1;
  for (let i = 0; i < e; i++) x *= 2;
  return x;
}
/** Polynomial scales Σ|c_j|T^j outside [2^-512, 2^512] are rescaled by exact powers of two. */
const SCALE_MAX = powerOfTwo(512);
const SCALE_MIN = 1 / SCALE_MAX;
const STEP_UP = powerOfTwo(256);
const STEP_DOWN = 1 / STEP_UP;

// Scratch per degree level d (0..4): points at [8d, 8d + 5], values at the same indices.
const PTS = new Float64Array(40);
const VALS = new Float64Array(40);

/** Horner evaluation of c4 t⁴ + c3 t³ + c2 t² + c1 t + c0 (zero leading terms cost nothing numerically). */
export function evalQuartic(c4: number, c3: number, c2: number, c1: number, c0: number, t: number): number {
  return (((c4 * t + c3) * t + c2) * t + c1) * t + c0;
}

/** Horner evaluation of a polynomial given highest-degree coefficient first (any degree). */
export function evalPoly(coeffs: ArrayLike<number>, t: number): number {
  let s = 0;
  for (let i = 0; i < coeffs.length; i++) s = s * t + coeffs[i]!;
  return s;
}

/**
 * The exact-as-possible discriminant b² − 4ac (Kahan): when b² and 4ac nearly cancel, the rounding
 * errors of both products are recovered exactly with Dekker's product and added back.
 */
export function discriminant(a: number, b: number, c: number): number {
  const p = b * b;
  const a4 = 4 * a;
  const q = a4 * c;
  const d = p - q;
  if (3 * Math.abs(d) >= p + Math.abs(q)) return d;
  // Dekker two-product errors: b*b = p + ep, a4*c = q + eq exactly.
  let s = SPLITTER * b;
  const bh = s - (s - b);
  const bl = b - bh;
  const ep = bh * bh - p + 2 * bh * bl + bl * bl;
  s = SPLITTER * a4;
  const ah = s - (s - a4);
  const al = a4 - ah;
  s = SPLITTER * c;
  const ch = s - (s - c);
  const cl = c - ch;
  const eq = ah * ch - q + ah * cl + al * ch + al * cl;
  return d + (ep - eq);
}

/**
 * Real roots of a t² + b t + c in closed form, written ascending into out[0..]; returns the count.
 *
 * Distinct roots only: a double root (discriminant exactly 0 after the exact-cancellation
 * correction) is written once, because the simulator wants distinct crossing times. Two roots that
 * round to the same double are also written once. The larger-magnitude root is q/a with
 * q = −½(b + sign(b)√disc) and the other is c/q, so neither suffers cancellation. a = 0 falls back to
 * the linear root −c/b; a = b = 0 gives no roots (also when c = 0: every t is a root, none is a crossing).
 * Unlike the interval solvers below, no rounding band is applied: the sign of the discriminant decides.
 * `out` needs length ≥ 2.
 */
export function solveQuadratic(a: number, b: number, c: number, out: Float64Array): number {
  if (a === 0) {
    if (b === 0) return 0;
    out[0] = -c / b;
    return 1;
  }
  const disc = discriminant(a, b, c);
  if (!(disc >= 0)) return 0; // negative or NaN
  if (disc === 0) {
    out[0] = -b / (2 * a);
    return 1;
  }
  const sq = Math.sqrt(disc);
  const q = b >= 0 ? -0.5 * (b + sq) : -0.5 * (b - sq);
  const r1 = q / a;
  const r2 = c / q;
  if (r1 === r2) {
    out[0] = r1;
    return 1;
  }
  out[0] = Math.min(r1, r2);
  out[1] = Math.max(r1, r2);
  return 2;
}

/** Σ|c_j||t|^j, the scale of Horner's rounding error at t. */
function absScale(c4: number, c3: number, c2: number, c1: number, c0: number, t: number): number {
  const u = Math.abs(t);
  return (((Math.abs(c4) * u + Math.abs(c3)) * u + Math.abs(c2)) * u + Math.abs(c1)) * u + Math.abs(c0);
}

// Bit views of one double, for bisecting in the ordering of doubles rather than of reals.
const BITS_F = new Float64Array(1);
const BITS_U = new Uint32Array(BITS_F.buffer);
BITS_F[0] = 1; // 0x3ff00000_00000000: find which word holds the sign and exponent on this platform
const HI = BITS_U[1] === 0x3ff00000 ? 1 : 0;
const LO = 1 - HI;
const TWO_32 = 4294967296;
const TWO_M30 = 1 / (1024 * 1024 * 1024);

/**
 * The double halfway between 0 < a < b in the order of doubles (the mean of their bit patterns as
 * 64-bit integers): the arithmetic mean when a and b share an exponent, roughly the geometric mean
 * when they are orders of magnitude apart. Any bracket shrinks to adjacent doubles in ≤ 64 halvings.
 */
function bitMid(a: number, b: number): number {
  BITS_F[0] = a;
  const ah = BITS_U[HI]!;
  const al = BITS_U[LO]!;
  BITS_F[0] = b;
  let sh = ah + BITS_U[HI]!;
  let sl = al + BITS_U[LO]!;
  if (sh % 2 === 1) {
    sh -= 1;
    sl += TWO_32;
  }
  sh /= 2;
  let ml = (sl - (sl % 2)) / 2;
  if (ml >= TWO_32) {
    ml -= TWO_32;
    sh += 1;
  }
  BITS_U[HI] = sh;
  BITS_U[LO] = ml;
  return BITS_F[0]!;
}

/**
 * The bisection point of [left, right]: the arithmetic midpoint when the ends are within a factor 4
 * of each other (the common case, and cheaper), bitMid when they are further apart, 0 when the
 * bracket straddles 0, and 2^-30 of the far end when an end is 0. Every rule commutes with scaling
 * by a power of two, so results stay bit-for-bit invariant under exact rescaling of time.
 */
function split(left: number, right: number): number {
  if (left > 0) return right > 4 * left ? bitMid(left, right) : left + 0.5 * (right - left);
  if (right < 0) return left < 4 * right ? -bitMid(-right, -left) : left + 0.5 * (right - left);
  if (left === 0) return right * TWO_M30;
  if (right === 0) return left * TWO_M30;
  return 0;
}

/**
 * Locates the crossing of p inside a monotone bracket: p(pos) > 0 ≥ p(neg), p(neg) ≠ 0 (pos may lie on
 * either side of neg). Returns the end of the final bracket where p ≤ 0.
 */
function refine(
  c4: number,
  c3: number,
  c2: number,
  c1: number,
  c0: number,
  pos: number,
  neg: number,
  fpos: number,
  fneg: number,
): number {
  const d3 = 4 * c4;
  const d2 = 3 * c3;
  const d1 = 2 * c2;
  // Start at the secant (regula falsi) point: exact for lines, good for the nearly linear pieces
  // that dominate in practice; the loop below bisects if it falls outside.
  let x = pos + (neg - pos) * (fpos / (fpos - fneg));
  let prev = Number.NaN; // the previous evaluation point
  let reach = 0; // overshoot of the last probe across the root, 0 when not probing
  let bisect = false;
  for (let it = 0; it < MAX_ITER; it++) {
    const left = Math.min(pos, neg);
    const right = Math.max(pos, neg);
    if (bisect || !(x > left && x < right)) {
      x = split(left, right);
      if (!(x > left && x < right)) break; // adjacent doubles: done
    }
    const f = (((c4 * x + c3) * x + c2) * x + c1) * x + c0;
    if (f > 0) {
      pos = x;
    } else {
      if (f === 0) return x;
      neg = x;
    }
    const moved = Math.abs(x - prev); // NaN on the first pass, which accepts Newton below
    prev = x;
    const width = pos < neg ? neg - pos : pos - neg;
    const tolx = Math.abs(x) * REL_TOL + MIN_NORMAL;
    if (width <= 4 * tolx) {
      bisect = true; // a few ulps wide: finish by bisection
      continue;
    }
    const df = ((d3 * x + d2) * x + d1) * x + c1;
    const step = f / df;
    const size = Math.abs(step);
    if (!(size < Number.POSITIVE_INFINITY)) {
      bisect = true; // df = 0
      continue;
    }
    bisect = false;
    if (size > 4 * tolx) {
      // Accept Newton while it converges faster than bisection: each step at most half the
      // previous move. Slower means linear convergence (a t³-like flank, which Newton descends at
      // 2/3 per step) — bisect — or steps that are rounding noise, handled as converged below.
      if (!(size > 0.5 * moved)) {
        x -= step;
        reach = 0;
        continue;
      }
      if (!(Math.abs(f) <= SNAP * absScale(c4, c3, c2, c1, c0, x))) {
        bisect = true;
        continue;
      }
    }
    // Converged, to a few ulps or into the rounding band, usually from one side with the far end of
    // the bracket left where it was. On the p ≤ 0 side that is the answer; otherwise probe just past
    // the root, doubling the overshoot while probes fall short.
    if (f < 0) return x;
    reach = reach === 0 ? size + tolx : 2 * reach;
    x = neg > x ? x + reach : x - reach;
  }
  return neg;
}

/**
 * Critical points of a quadratic-derivative level: roots of a t² + b t + c (a ≠ 0) strictly inside
 * (lo, hi), ascending, appended at PTS[at]; returns the new end index. When the discriminant is
 * negative but the vertex value is within the rounding band, the vertex is kept (a touch of p′, i.e.
 * a saddle of p: splitting there lets p's triple root be found exactly).
 */
function quadraticSplit(a: number, b: number, c: number, lo: number, hi: number, at: number): number {
  const disc = discriminant(a, b, c);
  if (disc > 0) {
    const sq = Math.sqrt(disc);
    const q = b >= 0 ? -0.5 * (b + sq) : -0.5 * (b - sq);
    const r1 = q / a;
    const r2 = c / q;
    const first = Math.min(r1, r2);
    const second = Math.max(r1, r2);
    if (first > lo && first < hi) PTS[at++] = first;
    if (second > lo && second < hi && second !== first) PTS[at++] = second;
    return at;
  }
  const v = -b / (2 * a);
  if (!(v > lo && v < hi)) return at;
  if (disc === 0) {
    PTS[at++] = v;
    return at;
  }
  const value = (a * v + b) * v + c;
  const scale = (Math.abs(a) * Math.abs(v) + Math.abs(b)) * Math.abs(v) + Math.abs(c);
  if (Math.abs(value) <= SNAP * scale) PTS[at++] = v;
  return at;
}

/**
 * Fills PTS/VALS at level `deg` with lo, the critical points strictly inside (lo, hi) ascending, and
 * hi, with p's values (interior values snapped to 0 inside the rounding band). Requires lo < hi and
 * c_deg ≠ 0 (leading coefficients above deg must be 0). Returns the number of points.
 */
function collect(
  c4: number,
  c3: number,
  c2: number,
  c1: number,
  c0: number,
  deg: number,
  lo: number,
  hi: number,
): number {
  const base = deg * 8;
  PTS[base] = lo;
  let end = base + 1;
  if (deg === 2) {
    const v = -c1 / (2 * c2);
    if (v > lo && v < hi) PTS[end++] = v;
  } else if (deg === 3) {
    end = quadraticSplit(3 * c3, 2 * c2, c1, lo, hi, end);
  } else if (deg === 4) {
    // Roots of the cubic p′ (its scratch lives at level 3), copied in as split points.
    const n = rootsCore(0, 4 * c4, 3 * c3, 2 * c2, c1, 3, lo, hi, PTS, base + 1, 3);
    let last = lo;
    for (let i = 0; i < n; i++) {
      const t = PTS[base + 1 + i]!;
      if (t > last && t < hi) {
        PTS[end++] = t;
        last = t;
      }
    }
  }
  PTS[end++] = hi;
  VALS[base] = (((c4 * lo + c3) * lo + c2) * lo + c1) * lo + c0;
  for (let i = base + 1; i < end; i++) {
    const t = PTS[i]!;
    const v = (((c4 * t + c3) * t + c2) * t + c1) * t + c0;
    VALS[i] = i < end - 1 && Math.abs(v) <= SNAP * absScale(c4, c3, c2, c1, c0, t) ? 0 : v;
  }
  return end - base;
}

/**
 * Every root of p (degree deg, c_deg ≠ 0) in [lo, hi], lo < hi, ascending, written at out[off..]
 * (at most `cap`); returns the count. See realRootsInInterval for what counts as a root.
 */
function rootsCore(
  c4: number,
  c3: number,
  c2: number,
  c1: number,
  c0: number,
  deg: number,
  lo: number,
  hi: number,
  out: Float64Array,
  off: number,
  cap: number,
): number {
  const np = collect(c4, c3, c2, c1, c0, deg, lo, hi);
  const base = deg * 8;
  let n = 0;
  let last = Number.NaN;
  let prevT = PTS[base]!;
  let prevP = VALS[base]!;
  if (prevP === 0 && cap > 0) {
    out[off + n++] = prevT;
    last = prevT;
  }
  for (let i = 1; i < np; i++) {
    const t = PTS[base + i]!;
    const v = VALS[base + i]!;
    if (prevP !== 0 && v !== 0 && prevP > 0 !== v > 0 && n < cap) {
      const r =
        prevP > 0
          ? refine(c4, c3, c2, c1, c0, prevT, t, prevP, v)
          : refine(c4, c3, c2, c1, c0, t, prevT, v, prevP);
      if (r !== last) {
        out[off + n++] = r;
        last = r;
      }
    }
    if (v === 0 && t !== last && n < cap) {
      out[off + n++] = t;
      last = t;
    }
    prevT = t;
    prevP = v;
  }
  return n;
}

/**
 * First contact time for p of degree deg (c_deg ≠ 0) on [lo, hi], lo < hi. See firstRootInInterval.
 */
function firstCore(
  c4: number,
  c3: number,
  c2: number,
  c1: number,
  c0: number,
  deg: number,
  lo: number,
  hi: number,
): number {
  const np = collect(c4, c3, c2, c1, c0, deg, lo, hi);
  const base = deg * 8;
  let prevT = PTS[base]!;
  let prevP = VALS[base]!;
  for (let i = 1; i < np; i++) {
    const t = PTS[base + i]!;
    const v = VALS[base + i]!;
    if (prevP <= 0) {
      // Already in contact at prevT: report it only if p decreases from there (closing).
      if (v < prevP) return prevT;
    } else if (v <= 0) {
      return v === 0 ? t : refine(c4, c3, c2, c1, c0, prevT, t, prevP, v);
    }
    prevT = t;
    prevP = v;
  }
  return Number.POSITIVE_INFINITY;
}

// Normalised coefficients of the current call (module scratch, so prepare() allocates nothing).
let n4 = 0;
let n3 = 0;
let n2 = 0;
let n1 = 0;
let n0 = 0;

/**
 * Trims negligible leading terms and rescales by a power of two into n4..n0; returns the degree,
 * or −1 when the input is unusable (non-finite coefficients or bounds, or an overflowing scale).
 */
function prepare(c4: number, c3: number, c2: number, c1: number, c0: number, lo: number, hi: number): number {
  const T = Math.max(Math.abs(lo), Math.abs(hi));
  const m0 = Math.abs(c0);
  const m1 = Math.abs(c1) * T;
  const m2 = Math.abs(c2) * T * T;
  const m3 = Math.abs(c3) * T * T * T;
  const m4 = Math.abs(c4) * T * T * T * T;
  const s1 = m0;
  const s2 = s1 + m1;
  const s3 = s2 + m2;
  const s4 = s3 + m3;
  let deg = 4;
  let scale = s4 + m4;
  if (c4 === 0 || m4 < DROP * s4) {
    c4 = 0;
    deg = 3;
    scale = s4;
    if (c3 === 0 || m3 < DROP * s3) {
      c3 = 0;
      deg = 2;
      scale = s3;
      if (c2 === 0 || m2 < DROP * s2) {
        c2 = 0;
        deg = 1;
        scale = s2;
        if (c1 === 0 || m1 < DROP * s1) {
          c1 = 0;
          deg = 0;
          scale = s1;
        }
      }
    }
  }
  if (!(scale < Number.POSITIVE_INFINITY) || !(T < Number.POSITIVE_INFINITY)) return -1;
  let f = 1;
  if (scale > SCALE_MAX) {
    while (scale * f > SCALE_MAX) f *= STEP_DOWN;
  } else if (scale > 0 && scale < SCALE_MIN) {
    while (scale * f < SCALE_MIN) f *= STEP_UP;
  }
  n4 = c4 * f;
  n3 = c3 * f;
  n2 = c2 * f;
  n1 = c1 * f;
  n0 = c0 * f;
  if (
    !(Math.abs(n4) + Math.abs(n3) + Math.abs(n2) + Math.abs(n1) + Math.abs(n0) < Number.POSITIVE_INFINITY)
  ) {
    return -1;
  }
  return deg;
}

/**
 * Cheap exclusion test on the prepared coefficients for 0 ≤ lo < hi: +1 if p > 0 on the whole
 * interval by a margin far above the rounding band, −1 if p < 0 likewise, 0 if undecided. For t in
 * [0, hi] each term c_j t^j lies between 0 and c_j hi^j, so c0 plus the negative (positive) terms at
 * hi bounds p from below (above). The margin 32ε·Σ|c_j|hi^j covers the bound's own rounding and keeps
 * the answer identical to the full scan (whose snapping band is 8ε·Σ|c_j||t|^j). Most pairs of balls
 * are far apart or separating, and this settles them in a dozen flops.
 */
function sideOf(hi: number): number {
  const t1 = n1 * hi;
  const t2 = n2 * hi * hi;
  const t3 = n3 * hi * hi * hi;
  const t4 = n4 * hi * hi * hi * hi;
  const margin = EARLY * (Math.abs(n0) + Math.abs(t1) + Math.abs(t2) + Math.abs(t3) + Math.abs(t4));
  if (n0 + Math.min(t1, 0) + Math.min(t2, 0) + Math.min(t3, 0) + Math.min(t4, 0) > margin) return 1;
  if (n0 + Math.max(t1, 0) + Math.max(t2, 0) + Math.max(t3, 0) + Math.max(t4, 0) < -margin) return -1;
  return 0;
}

/**
 * The first time t in [lo, hi] at which p(t) = c4 t⁴ + c3 t³ + c2 t² + c1 t + c0 enters p ≤ 0 —
 * the distance function reaching contact while closing — or +Infinity if there is none.
 *
 * Precisely, scanning [lo, hi] split into monotone pieces:
 * - a piece where p goes from > 0 to ≤ 0 gives its root, as a double within the rounding band of the
 *   root at which Horner's p is ≤ 0 (evalQuartic(…, t) ≤ 0 holds for the returned t), or the critical
 *   point itself when p's value there is within the rounding band of 0 (a graze counts as contact
 *   exactly when p reaches ≤ 0 up to rounding; a miss by more than the band is a miss);
 * - p ≤ 0 at lo: lo is returned only if p decreases from lo (overlapping and closing); if p increases
 *   (separating) the scan continues and looks for the next entry;
 * - likewise, if p stays ≤ 0 up to a local maximum and then decreases again, that maximum is returned:
 *   a pair that is (numerically) overlapping and starts to close again must not pass through;
 * - a p that is constant on the interval (e.g. two touching balls at rest) never returns a time.
 * Tiny leading coefficients are dropped scale-aware (see the file comment), so a "quartic" whose t⁴
 * term is negligible on [lo, hi] behaves as the cubic/quadratic/line it is.
 *
 * Requires finite lo ≤ hi; returns +Infinity for lo > hi, NaN or infinite inputs (never NaN).
 * lo = hi returns lo iff p(lo) ≤ 0 and p′(lo) < 0.
 */
export function firstRootQuartic(
  c4: number,
  c3: number,
  c2: number,
  c1: number,
  c0: number,
  lo: number,
  hi: number,
): number {
  if (!(lo <= hi)) return Number.POSITIVE_INFINITY;
  const deg = prepare(c4, c3, c2, c1, c0, lo, hi);
  if (deg < 0) return Number.POSITIVE_INFINITY;
  if (lo === hi) {
    const p = (((n4 * lo + n3) * lo + n2) * lo + n1) * lo + n0;
    const dp = ((4 * n4 * lo + 3 * n3) * lo + 2 * n2) * lo + n1;
    return p <= 0 && dp < 0 ? lo : Number.POSITIVE_INFINITY;
  }
  if (deg === 0 || (lo >= 0 && sideOf(hi) > 0)) return Number.POSITIVE_INFINITY;
  return firstCore(n4, n3, n2, n1, n0, deg, lo, hi);
}

/**
 * Every real root of p(t) = c4 t⁴ + … + c0 in [lo, hi], ascending and distinct, written to out;
 * returns the count (at most min(4, out.length)).
 *
 * A root is: each crossing between p > 0 and p ≤ 0 inside a monotone piece (reported as a double on
 * the p ≤ 0 side, within the rounding band of the root; the same double firstRootQuartic returns for
 * an entering crossing); each interior critical point whose value is within
 * the rounding band of 0 (a double or triple root, reported once, from above or below); and lo or hi
 * when p is exactly 0 there. So a tangency that misses by more than rounding is not a root, and two
 * roots too close to separate in doubles come back as one. The identically-zero polynomial has no
 * reported roots. Requires finite lo ≤ hi; otherwise returns 0.
 */
export function realRootsQuartic(
  c4: number,
  c3: number,
  c2: number,
  c1: number,
  c0: number,
  lo: number,
  hi: number,
  out: Float64Array,
): number {
  if (!(lo <= hi)) return 0;
  const deg = prepare(c4, c3, c2, c1, c0, lo, hi);
  if (deg <= 0) return 0;
  const cap = Math.min(4, out.length);
  if (lo === hi) {
    if (cap > 0 && (((n4 * lo + n3) * lo + n2) * lo + n1) * lo + n0 === 0) {
      out[0] = lo;
      return 1;
    }
    return 0;
  }
  if (lo >= 0 && sideOf(hi) !== 0) return 0;
  return rootsCore(n4, n3, n2, n1, n0, deg, lo, hi, out, 0, cap);
}

function coefficient(coeffs: ArrayLike<number>, power: number): number {
  const i = coeffs.length - 1 - power;
  return i >= 0 ? coeffs[i]! : 0;
}

function checkDegree(coeffs: ArrayLike<number>): void {
  if (coeffs.length > 5) throw new RangeError(`degree ${coeffs.length - 1} > 4 is not supported`);
}

/**
 * firstRootQuartic for coefficients given highest degree first (length 0–5; shorter arrays are lower
 * degree). Throws RangeError for more than 5 coefficients.
 */
export function firstRootInInterval(coeffs: ArrayLike<number>, lo: number, hi: number): number {
  checkDegree(coeffs);
  return firstRootQuartic(
    coefficient(coeffs, 4),
    coefficient(coeffs, 3),
    coefficient(coeffs, 2),
    coefficient(coeffs, 1),
    coefficient(coeffs, 0),
    lo,
    hi,
  );
}

/**
 * realRootsQuartic for coefficients given highest degree first (length 0–5). Throws RangeError for
 * more than 5 coefficients.
 */
export function realRootsInInterval(
  coeffs: ArrayLike<number>,
  lo: number,
  hi: number,
  out: Float64Array,
): number {
  checkDegree(coeffs);
  return realRootsQuartic(
    coefficient(coeffs, 4),
    coefficient(coeffs, 3),
    coefficient(coeffs, 2),
    coefficient(coeffs, 1),
    coefficient(coeffs, 0),
    lo,
    hi,
    out,
  );
}
