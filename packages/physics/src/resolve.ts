/**
 * Collision resolvers, each an instantaneous impulse in closed form:
 * - ball–ball: frictional inelastic (Alciatore TP; pooltool's default style);
 * - ball–cushion and ball–jaw: Han 2005, with the contact normal raised by the cushion nose height;
 * - ball–table bounce: frictional inelastic (TP A-14), for elevated strikes and jumps.
 * None can add energy (tested as a property).
 */
import { detExp } from './math/det.js';
import type { PhysicsParams } from './params.js';
import { STRIDE, VX, VY, VZ, WX, WY, WZ, X, Y, Z } from './state.js';

/** Ball–ball friction μ(v) = a + b·e^(−c·v) of the relative surface speed (Alciatore's fit). */
export function ballFriction(p: PhysicsParams, speed: number): number {
  return p.muBallA + p.muBallB * detExp(-p.muBallC * speed);
}

/**
 * Resolves a collision of balls i and j touching now. Equal masses. Works in the plane for balls
 * on the cloth; with an airborne ball the line of centres is 3D and only the normal impulse acts.
 * Returns false, changing nothing, when the balls are not closing along the line of centres.
 */
export function resolveBallBall(
  s: Float64Array,
  i: number,
  j: number,
  p: PhysicsParams,
  airborne: boolean,
): boolean {
  const a = i * STRIDE;
  const b = j * STRIDE;
  let nx = s[b + X]! - s[a + X]!;
  let ny = s[b + Y]! - s[a + Y]!;
  let nz = airborne ? s[b + Z]! - s[a + Z]! : 0;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx /= len;
  ny /= len;
  nz /= len;
  // Closing speed along the line of centres (positive when approaching).
  const vn = (s[a + VX]! - s[b + VX]!) * nx + (s[a + VY]! - s[b + VY]!) * ny + (s[a + VZ]! - s[b + VZ]!) * nz;
  if (vn <= 0) return false;
  // Slow contacts are plastic: balls pushed together settle instead of chattering (research §1.8).
  const e = vn < p.plasticBelow ? 0 : p.eBall;
  const dn = ((1 + e) / 2) * vn;
  s[a + VX] = s[a + VX]! - dn * nx;
  s[a + VY] = s[a + VY]! - dn * ny;
  s[a + VZ] = s[a + VZ]! - dn * nz;
  s[b + VX] = s[b + VX]! + dn * nx;
  s[b + VY] = s[b + VY]! + dn * ny;
  s[b + VZ] = s[b + VZ]! + dn * nz;
  if (airborne) return true;

  // Friction in the whole plane tangent to both balls at the contact (docs/physics.md, "Ball–ball").
  // Surface velocity of each ball at the contact point: v + w × (±R n). With n horizontal, the
  // tangent plane is vertical, so the slip has a horizontal part (cut, side spin) and a vertical
  // part (top and back spin); both feed the friction impulse and so every spin component changes.
  const R = p.R;
  // w × n for n = (nx, ny, 0) is (−wz·ny, wz·nx, wx·ny − wy·nx).
  const wax = s[a + WX]!;
  const way = s[a + WY]!;
  const waz = s[a + WZ]!;
  const wbx = s[b + WX]!;
  const wby = s[b + WY]!;
  const wbz = s[b + WZ]!;
  let rx = s[a + VX]! - s[b + VX]! - R * (waz + wbz) * ny;
  let ry = s[a + VY]! - s[b + VY]! + R * (waz + wbz) * nx;
  const rz = R * (wax + wbx) * ny - R * (way + wby) * nx;
  const along = rx * nx + ry * ny;
  rx -= along * nx;
  ry -= along * ny;
  const slip = Math.sqrt(rx * rx + ry * ry + rz * rz);
  if (slip === 0) return true;
  // μ of the relative surface speed at the contact, evaluated once at the start of the impact
  // (Alciatore's fit was measured that way). The friction impulse acts against the slip, whose
  // direction stays fixed during the impact: each unit of tangential Δv on ball a changes the
  // relative slip by 2 (linear, both balls) + 5 (spin, both balls) = 7 units. So the slip phase
  // either lasts the whole impact (impulse μ·Δv_n) or the slip reaches zero first and the no-slip
  // phase holds it there (impulse slip/7).
  const mu = ballFriction(p, slip);
  const dt = Math.min(mu * dn, slip / 7);
  const k = -dt / slip;
  const tx = rx * k;
  const ty = ry * k;
  const tz = rz * k;
  // Ball a gets (tx, ty, tz) per unit mass, ball b the opposite; the vertical part is dropped from
  // the velocities (the slate takes it) but not from the spins.
  s[a + VX] = s[a + VX]! + tx;
  s[a + VY] = s[a + VY]! + ty;
  s[b + VX] = s[b + VX]! - tx;
  s[b + VY] = s[b + VY]! - ty;
  // Both balls' spin changes by the same (5/2R)·(n × Δv): the lever arm and the impulse both flip.
  const c = 5 / (2 * R);
  const dwx = c * ny * tz;
  const dwy = -c * nx * tz;
  const dwz = c * (nx * ty - ny * tx);
  s[a + WX] = wax + dwx;
  s[a + WY] = way + dwy;
  s[a + WZ] = waz + dwz;
  s[b + WX] = wbx + dwx;
  s[b + WY] = wby + dwy;
  s[b + WZ] = wbz + dwz;
  return true;
}

/** Closing speed of balls i and j along their line of centres in the plane (positive: approaching). */
export function closingSpeed(s: Float64Array, i: number, j: number): number {
  const a = i * STRIDE;
  const b = j * STRIDE;
  const nx = s[b + X]! - s[a + X]!;
  const ny = s[b + Y]! - s[a + Y]!;
  const len = Math.sqrt(nx * nx + ny * ny);
  return ((s[a + VX]! - s[b + VX]!) * nx + (s[a + VY]! - s[b + VY]!) * ny) / len;
}

/**
 * A slow contact on the cloth: balls touching that barely close, or that are pressed together by
 * their accelerations (a sliding ball pushing another). The contact is plastic (e = 0 below
 * `plasticBelow`, as in `resolveBallBall`): the normal velocities merge, which keeps the momentum
 * and takes only the relative normal energy. If the balls would then still press together — their
 * paths close at once from the state they leave in: |Δv|² + 2 Δa·Δr < 0, a the half-accelerations
 * — the contact is a lasting one, which closed-form motion cannot follow and which, resolved one
 * impulse at a time, chatters without end: the two move on as one (`moveAsOne`: the same mean
 * velocity and spin, so the same path), which keeps the momentum. A pair sliding past each other
 * (a ball grazing a ball of the pack at speed) is not pressed and keeps its tangential velocities:
 * this once finished every sliding ball's slide at once (the cloth's friction of a whole slide in
 * no time, taking 2/7 of the slip's momentum) and sent the pair on with one velocity, which took
 * most of the energy of a struck rack of touching balls.
 */
export function resolveSlowContact(
  s: Float64Array,
  i: number,
  j: number,
  p: PhysicsParams,
  iSliding: boolean,
  jSliding: boolean,
): void {
  const a = i * STRIDE;
  const b = j * STRIDE;
  // Merged, and parted at PARTING, which outweighs the merge's rounding: a pair left closing by
  // an ulp would be met again an ulp of time later, without end.
  mergeNormal(s, a, b, PARTING);
  if (pressed(s, a, b, p, iSliding, jSliding)) moveAsOne(s, [i, j], []);
}

/**
 * Balls that must move on together (a lasting contact): each takes the group's mean velocity (held
 * off the walls it met, `holdOffWalls`) and mean spin, the same numbers for every member, so their
 * paths and accelerations are identical and they raise no event between them. The mean keeps the
 * momentum (less what a wall takes) and the angular momentum about each centre; the energy lost is
 * the members' motion relative to one another.
 */
function moveAsOne(s: Float64Array, balls: readonly number[], walls: readonly number[]): void {
  const mean = [0, 0, 0, 0, 0];
  const fields = [VX, VY, WX, WY, WZ];
  for (const k of balls) for (let f = 0; f < 5; f++) mean[f] = mean[f]! + s[k * STRIDE + fields[f]!]!;
  for (let f = 0; f < 5; f++) mean[f] = mean[f]! / balls.length;
  const [vx, vy] = holdOffWalls(mean[0]!, mean[1]!, walls);
  mean[0] = vx;
  mean[1] = vy;
  for (const k of balls) for (let f = 0; f < 5; f++) s[k * STRIDE + fields[f]!] = mean[f]!;
}

/**
 * The plastic normal impulse between the balls at offsets a and b (equal masses): their velocities
 * along the line of centres merge if they close, and part at `parting` each if given. Returns the
 * closing speed it removed (0 if none).
 */
function mergeNormal(s: Float64Array, a: number, b: number, parting = 0): number {
  let nx = s[b + X]! - s[a + X]!;
  let ny = s[b + Y]! - s[a + Y]!;
  const len = Math.sqrt(nx * nx + ny * ny);
  nx /= len;
  ny /= len;
  const vn = (s[a + VX]! - s[b + VX]!) * nx + (s[a + VY]! - s[b + VY]!) * ny;
  if (!(vn > 0)) return 0;
  const dn = vn / 2 + parting;
  s[a + VX] = s[a + VX]! - dn * nx;
  s[a + VY] = s[a + VY]! - dn * ny;
  s[b + VX] = s[b + VX]! + dn * nx;
  s[b + VY] = s[b + VY]! + dn * ny;
  return vn;
}

/**
 * Whether two touching balls on the cloth that do not close (Δr·Δv ≥ 0) are pressed together by
 * their accelerations: the squared distance |Δr + Δv t + Δa t²|² then falls at once when its
 * quadratic term |Δv|² + 2 Δa·Δr is negative (a the half-accelerations). Below PRESS_EPS its sign
 * is rounding (two balls moving alike to 1 µm/s, accelerations equal to 1e-11 m/s²), which the
 * root finder may read either way: it would meet the pair again an ulp of time later, without end.
 * Such a pair counts as pressed, and moves on as one.
 */
function pressed(
  s: Float64Array,
  a: number,
  b: number,
  p: PhysicsParams,
  aSliding: boolean,
  bSliding: boolean,
): boolean {
  const cx = s[a + X]! - s[b + X]!;
  const cy = s[a + Y]! - s[b + Y]!;
  const bx = s[a + VX]! - s[b + VX]!;
  const by = s[a + VY]! - s[b + VY]!;
  const ax = halfAccelerationX(s, a, p, aSliding) - halfAccelerationX(s, b, p, bSliding);
  const ay = halfAccelerationY(s, a, p, aSliding) - halfAccelerationY(s, b, p, bSliding);
  return bx * bx + by * by + 2 * (ax * cx + ay * cy) < PRESS_EPS;
}

/** Parting faster than this (m/s) from every member it touches, a ball leaves a settled cluster (see settleCluster). */
const LEAVING = 0.1;

/** See `pressed`: m²/s², |Δv| of 1 µm/s squared. */
const PRESS_EPS = 1e-12;

/** The half-acceleration of a ball on the cloth (sliding: −½ μs g û; else rolling: −½ μr g v̂). */
function halfAccelerationX(s: Float64Array, o: number, p: PhysicsParams, sliding: boolean): number {
  const [x, y, mu] = sliding
    ? [s[o + VX]! - p.R * s[o + WY]!, s[o + VY]! + p.R * s[o + WX]!, p.muSlide]
    : [s[o + VX]!, s[o + VY]!, p.muRoll];
  const len = Math.sqrt(x * x + y * y);
  return len > 0 ? (-0.5 * mu * p.g * x) / len : 0;
}
function halfAccelerationY(s: Float64Array, o: number, p: PhysicsParams, sliding: boolean): number {
  const [x, y, mu] = sliding
    ? [s[o + VX]! - p.R * s[o + WY]!, s[o + VY]! + p.R * s[o + WX]!, p.muSlide]
    : [s[o + VX]!, s[o + VY]!, p.muRoll];
  const len = Math.sqrt(x * x + y * y);
  return len > 0 ? (-0.5 * mu * p.g * y) / len : 0;
}

/** Sweeps over a touching cluster's contacts at one instant before its residue is parted (see resolveCluster). */
export const CLUSTER_SWEEPS = 64;
/** The parting speed given to a rounding-level residue after the sweeps, m/s (see resolveCluster). */
const PARTING = 1e-12;

/**
 * A cluster of touching balls on the cloth that keeps colliding at one instant (a pack pressed
 * together, a frozen line or rack struck): the collisions go on pair by pair, as the event loop
 * would take them, but inside one call — sweeps over every touching pair of the cluster in index
 * order, and every cushion or jaw a member met at this instant (`walls`: ball, then inward normal
 * (nx, ny), in triples), each contact that closes resolved by its own model (`resolveBallBall`:
 * restitution e, plastic below `plasticBelow`, friction in the tangent plane; the cushion by
 * `cushion`). Ball–ball impulses are equal and opposite, so the balls' momentum is kept (up to
 * rounding) but for what a cushion takes, and energy is lost only by restitution and friction.
 *
 * The sweeps end when no contact closes. Plastic contacts converge only geometrically, so after
 * CLUSTER_SWEEPS sweeps what still closes is a residue: each such pair's normal velocities merge
 * (plastic, momentum kept) and part at PARTING (1e-12 m/s, enough to outweigh the rounding of the
 * merge), and a member still moving into a wall it met loses that component. The event loop takes
 * any contact that still presses as a slow contact. Returns the number of sweeps (for the tests).
 */
export function resolveCluster(
  s: Float64Array,
  balls: readonly number[],
  p: PhysicsParams,
  walls: readonly number[],
  cushion: (
    s: Float64Array,
    i: number,
    nx: number,
    ny: number,
    p: PhysicsParams,
    keepVertical: boolean,
  ) => boolean,
): number {
  const n = balls.length;
  // The touching pairs, in index order (balls is sorted by the caller).
  const pairs: number[] = [];
  const reach = 2 * p.R + 1e-9;
  for (let x = 0; x < n; x++) {
    for (let y = x + 1; y < n; y++) {
      const a = balls[x]! * STRIDE;
      const b = balls[y]! * STRIDE;
      const dx = s[b + X]! - s[a + X]!;
      const dy = s[b + Y]! - s[a + Y]!;
      if (dx * dx + dy * dy <= reach * reach) pairs.push(balls[x]!, balls[y]!);
    }
  }
  const into = (k: number): number => {
    const o = walls[k]! * STRIDE;
    return s[o + VX]! * walls[k + 1]! + s[o + VY]! * walls[k + 2]!;
  };
  let sweep = 0;
  for (; sweep < CLUSTER_SWEEPS; sweep++) {
    let any = false;
    for (let k = 0; k < pairs.length; k += 2) {
      if (resolveBallBall(s, pairs[k]!, pairs[k + 1]!, p, false)) any = true;
    }
    for (let k = 0; k < walls.length; k += 3) {
      if (into(k) < 0 && cushion(s, walls[k]!, walls[k + 1]!, walls[k + 2]!, p, false)) any = true;
    }
    if (!any) return sweep;
  }
  for (let k = 0; k < pairs.length; k += 2) {
    const a = pairs[k]! * STRIDE;
    const b = pairs[k + 1]! * STRIDE;
    if (!(closing(s, a, b) > 0)) continue;
    mergeNormal(s, a, b, PARTING);
  }
  for (let k = 0; k < walls.length; k += 3) {
    const v = into(k);
    if (v < 0) {
      const o = walls[k]! * STRIDE;
      s[o + VX] = s[o + VX]! - v * walls[k + 1]!;
      s[o + VY] = s[o + VY]! - v * walls[k + 2]!;
    }
  }
  return sweep;
}

/** −(Δv · Δr) of balls at offsets a and b in the plane: positive while they close (the root finder's sign). */
function closing(s: Float64Array, a: number, b: number): number {
  return -(
    (s[a + VX]! - s[b + VX]!) * (s[a + X]! - s[b + X]!) +
    (s[a + VY]! - s[b + VY]!) * (s[a + Y]! - s[b + Y]!)
  );
}

/**
 * The last resort for a cluster of touching balls that still collides at one instant after
 * `resolveCluster`: the members joined by contacts that are not parting (closing, or parting slower
 * than `plasticBelow`) move on as one (`moveAsOne`), each group held off the cushions and jaws its
 * members met at this instant (`walls`: ball, then inward normal (nx, ny), in triples). Momentum is
 * kept but for what a wall takes, and energy only falls. With `leaving` (the guard's third round) all
 * the members move on as one but those that leave every member they touch faster than 0.1 m/s;
 * with `all` (its fourth) all of them, after which no two of them approach.
 */
export function settleCluster(
  s: Float64Array,
  balls: readonly number[],
  p: PhysicsParams,
  walls: readonly number[] = [],
  all = false,
  leaving = false,
): void {
  if (all) {
    const own: number[] = [];
    for (let k = 0; k < walls.length; k += 3) own.push(walls[k + 1]!, walls[k + 2]!);
    moveAsOne(s, balls, own);
    return;
  }
  if (leaving) {
    // The members that leave every member they touch faster than LEAVING keep their motion (the far
    // ball of a struck frozen line); the rest move on as one.
    const reach2 = (2 * p.R + 1e-9) ** 2;
    const rest = balls.filter((k) =>
      balls.some((m) => {
        if (m === k) return false;
        const dx = s[m * STRIDE + X]! - s[k * STRIDE + X]!;
        const dy = s[m * STRIDE + Y]! - s[k * STRIDE + Y]!;
        return dx * dx + dy * dy <= reach2 && closingSpeed(s, k, m) > -LEAVING;
      }),
    );
    const own: number[] = [];
    for (let k = 0; k < walls.length; k += 3)
      if (rest.includes(walls[k]!)) own.push(walls[k + 1]!, walls[k + 2]!);
    if (rest.length > 0) moveAsOne(s, rest, own);
    return;
  }
  const n = balls.length;
  const group = balls.map((_, x) => x);
  const find = (x: number): number => {
    let r = x;
    while (group[r] !== r) r = group[r]!;
    return r;
  };
  const reach = 2 * p.R + 1e-9;
  for (let x = 0; x < n; x++) {
    for (let y = x + 1; y < n; y++) {
      const a = balls[x]! * STRIDE;
      const b = balls[y]! * STRIDE;
      const dx = s[b + X]! - s[a + X]!;
      const dy = s[b + Y]! - s[a + Y]!;
      if (dx * dx + dy * dy > reach * reach) continue;
      if (closingSpeed(s, balls[x]!, balls[y]!) <= -p.plasticBelow) continue;
      const u = find(x);
      const v = find(y);
      if (u !== v) group[Math.max(u, v)] = Math.min(u, v);
    }
  }
  for (let root = 0; root < n; root++) {
    if (find(root) !== root) continue;
    const members = balls.filter((_, x) => find(x) === root);
    const own: number[] = [];
    for (let k = 0; k < walls.length; k += 3)
      if (members.includes(walls[k]!)) own.push(walls[k + 1]!, walls[k + 2]!);
    moveAsOne(s, members, own);
  }
}

/**
 * A cluster's common velocity (vx, vy) held off the walls (inward normals in pairs) that its members
 * touch: a ball pinched between a cushion and a ball, with the pair settled to its mean velocity
 * only, still moved into the cushion, bounced off it into the ball and was settled again, round after
 * round at one instant (the fault the soak found in 6 of 33,334 breaks: up to 95 collisions at one
 * time). The cushion is part of the pack: the velocity's component into each wall is removed
 * (a projection, so the speed only falls), and if it still moves into one of them (two walls at an
 * angle, a corner) the cluster stops.
 */
export function holdOffWalls(vx: number, vy: number, walls: readonly number[]): [number, number] {
  let x = vx;
  let y = vy;
  for (let k = 0; k + 1 < walls.length; k += 2) {
    const into = x * walls[k]! + y * walls[k + 1]!;
    if (into < 0) {
      x -= into * walls[k]!;
      y -= into * walls[k + 1]!;
    }
  }
  // A residue of rounding after a projection is not "into" (the plastic cushion contact takes it).
  for (let k = 0; k + 1 < walls.length; k += 2) if (x * walls[k]! + y * walls[k + 1]! < -1e-12) return [0, 0];
  return [x, y];
}

export function finishSlide(s: Float64Array, k: number, p: PhysicsParams): void {
  const o = k * STRIDE;
  const ux = s[o + VX]! - p.R * s[o + WY]!;
  const uy = s[o + VY]! + p.R * s[o + WX]!;
  s[o + VX] = s[o + VX]! - (2 / 7) * ux;
  s[o + VY] = s[o + VY]! - (2 / 7) * uy;
  s[o + WX] = -s[o + VY]! / p.R;
  s[o + WY] = s[o + VX]! / p.R;
}

/**
 * Han 2005 cushion impulse for a ball touching a cushion (or a jaw) whose inward normal in the
 * plane is (nx, ny). Returns false, changing nothing, when the ball is not moving into it. The contact is on the nose, sinθ = (h − R)/R above the ball's centre, so the
 * cushion also presses the ball into the slate; the vertical velocity this would create is dropped
 * for a ball on the cloth.
 */
export function resolveCushion(
  s: Float64Array,
  i: number,
  nx: number,
  ny: number,
  p: PhysicsParams,
  keepVertical: boolean,
): boolean {
  const o = i * STRIDE;
  const R = p.R;
  const m = p.m;
  const I = 0.4 * m * R * R;
  // The contact normal leans up toward the nose: sin θ = (h − z)/R, with z the centre's height
  // (R on the cloth; a flying ball meets the nose higher or lower on its surface).
  const sin = Math.max(-1, Math.min(1, (p.noseHeight - s[o + Z]!) / R));
  const cos = Math.sqrt(1 - sin * sin);
  // Cushion frame: x into the cushion (−n), y = ẑ × x, z up.
  const ex = -nx;
  const ey = -ny;
  const fx = -ey;
  const fy = ex;
  const vx = s[o + VX]! * ex + s[o + VY]! * ey;
  const vy = s[o + VX]! * fx + s[o + VY]! * fy;
  const vz = s[o + VZ]!;
  const wx = s[o + WX]! * ex + s[o + WY]! * ey;
  const wy = s[o + WX]! * fx + s[o + WY]! * fy;
  const wz = s[o + WZ]!;
  if (vx <= 0) return false; // not moving into the cushion
  // Approach speed along the contact normal.
  const c = vx * cos + vz * sin;
  if (c <= 0) {
    // A flying ball moving into the cushion but away from the contact normal (dropping past the
    // nose): Han's impulse does not apply; the cushion only turns back the horizontal approach.
    s[o + VX] = s[o + VX]! - (1 + p.eCushion) * vx * ex;
    s[o + VY] = s[o + VY]! - (1 + p.eCushion) * vx * ey;
    return true;
  }
  const sx = vx * sin - vz * cos + R * wy;
  const sy = -vy - R * wz * cos + R * wx * sin;
  const A = 7 / (2 * m);
  const B = 1 / m;
  const PzE = ((1 + p.eCushion) * c) / B;
  const slip = Math.sqrt(sx * sx + sy * sy);
  const PzS = slip / A;
  let Px: number;
  let Py: number;
  if (PzS <= p.muCushion * PzE) {
    Px = sx / A;
    Py = sy / A;
  } else {
    Px = (p.muCushion * PzE * sx) / slip;
    Py = (p.muCushion * PzE * sy) / slip;
  }
  const PX = -Px * sin - PzE * cos;
  const PY = Py;
  const PZ = Px * cos - PzE * sin;
  const nvx = vx + PX / m;
  const nvy = vy + PY / m;
  const nvz = vz + PZ / m;
  const nwx = wx - (R / I) * PY * sin;
  const nwy = wy + (R / I) * (PX * sin - PZ * cos);
  const nwz = wz + (R / I) * PY * cos;
  // Back to table axes.
  s[o + VX] = nvx * ex + nvy * fx;
  s[o + VY] = nvx * ey + nvy * fy;
  s[o + VZ] = keepVertical ? nvz : 0;
  s[o + WX] = nwx * ex + nwy * fx;
  s[o + WY] = nwx * ey + nwy * fy;
  s[o + WZ] = nwz;
  return true;
}

/**
 * A ball landing on the slate (TP A-14): the vertical speed reverses times e_t, and friction acts
 * against the slip with impulse μ(1 + e_t)|v_z|, capped where the slip would stop. Returns whether
 * the ball flies again (the bounce rises at least `minBounce`).
 */
export function resolveTableBounce(s: Float64Array, i: number, p: PhysicsParams): boolean {
  const o = i * STRIDE;
  const vz = s[o + VZ]!;
  const up = -p.eTable * vz;
  const ux = s[o + VX]! - p.R * s[o + WY]!;
  const uy = s[o + VY]! + p.R * s[o + WX]!;
  const slip = Math.sqrt(ux * ux + uy * uy);
  if (slip > 0) {
    const dv = Math.min(p.muTable * (1 + p.eTable) * Math.abs(vz), (2 / 7) * slip);
    const dx = (-ux / slip) * dv;
    const dy = (-uy / slip) * dv;
    s[o + VX] = s[o + VX]! + dx;
    s[o + VY] = s[o + VY]! + dy;
    // Friction at the bottom point: Δw = (5/2R)·(−ẑ × Δv)… i.e. (dy, −dx)·(−5/2R) sign worked out below.
    const k = 5 / (2 * p.R);
    s[o + WX] = s[o + WX]! + k * dy;
    s[o + WY] = s[o + WY]! - k * dx;
  }
  s[o + Z] = p.R;
  const height = (up * up) / (2 * p.g);
  if (up > 0 && height >= p.minBounce) {
    s[o + VZ] = up;
    return true;
  }
  s[o + VZ] = 0;
  return false;
}

/**
 * The simplest cushion: a frictionless reflection, the normal speed reversed times e_c, the
 * tangential speed and the spin unchanged (research §4.1 item 7, V22). For tests and comparison.
 */
export function resolveCushionMirror(
  s: Float64Array,
  i: number,
  nx: number,
  ny: number,
  p: PhysicsParams,
  _keepVertical: boolean,
): boolean {
  const o = i * STRIDE;
  const approach = -(s[o + VX]! * nx + s[o + VY]! * ny);
  if (approach <= 0) return false;
  s[o + VX] = s[o + VX]! + (1 + p.eCushion) * approach * nx;
  s[o + VY] = s[o + VY]! + (1 + p.eCushion) * approach * ny;
  return true;
}
