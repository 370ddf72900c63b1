/**
 * Contacts at one instant that involve a ball in flight: the impulse between a flying ball and a
 * ball on the cloth, and the settling of a cluster that keeps colliding at one instant.
 *
 * Why a flying ball needs its own impulse. A flying ball that lands on a ball on the cloth meets it
 * along a steep line of centres n, so an impulse along n would drive the lower ball into the slate.
 * The slate holds it: its vertical velocity stays 0 (it is on the cloth, and `settle` keeps it so).
 * Taking the free-ball impulse and then dropping that vertical velocity left the pair approaching
 * again at the same instant, with the closing speed only multiplied by n_z²·(1 + e)/2 − e each time:
 * the same two balls collided again and again at one instant until the event cap (the fault this
 * module removes). With the slate's reaction in the impulse the ball on the cloth moves only in the
 * plane, and the pair separates at once with −e times the closing speed, as Newton's law requires.
 */
import type { PhysicsParams } from './params.js';
import { holdOffWalls } from './resolve.js';
import { STRIDE, VX, VY, VZ, X, Y, Z } from './state.js';

/**
 * The normal impulse of a collision where `groundedI` / `groundedJ` says which ball lies on the
 * cloth. Ball–ball friction is not modelled for a flying contact (research §1.8: the contact lasts
 * too briefly to matter next to the normal impulse). Returns false, changing nothing, when the
 * balls are not approaching faster than the plastic threshold: a lasting contact.
 *
 * Derivation: with impulse J along n (from i to j, unit length) the velocity of a free ball changes
 * by ∓J·n/m, that of a ball on the cloth by ∓J·(n_x, n_y, 0)/m (the slate takes the vertical part).
 * The closing speed v_n = (v_i − v_j)·n then falls by (J/m)·(k_i + k_j), k = 1 for a free ball and
 * k = n_x² + n_y² for a ball on the cloth; Newton's restitution v_n' = −e·v_n gives
 * J/m = (1 + e)·v_n / (k_i + k_j). Two balls on the cloth have n_z = 0 and this is the usual (1 + e)/2.
 */
export function resolveFlightContact(
  s: Float64Array,
  i: number,
  j: number,
  p: PhysicsParams,
  groundedI: boolean,
  groundedJ: boolean,
): boolean {
  const a = i * STRIDE;
  const b = j * STRIDE;
  let nx = s[b + X]! - s[a + X]!;
  let ny = s[b + Y]! - s[a + Y]!;
  let nz = s[b + Z]! - s[a + Z]!;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(len > 0)) return false;
  nx /= len;
  ny /= len;
  nz /= len;
  const vn = (s[a + VX]! - s[b + VX]!) * nx + (s[a + VY]! - s[b + VY]!) * ny + (s[a + VZ]! - s[b + VZ]!) * nz;
  // Not approaching, or so slowly that the contact is plastic (research §1.8) and gravity presses
  // the pair together again at once: a lasting contact, which the caller settles.
  if (!(vn >= p.plasticBelow)) return false;
  const plan = nx * nx + ny * ny;
  const k = (groundedI ? plan : 1) + (groundedJ ? plan : 1);
  const dn = ((1 + p.eBall) * vn) / k;
  s[a + VX] = s[a + VX]! - dn * nx;
  s[a + VY] = s[a + VY]! - dn * ny;
  if (!groundedI) s[a + VZ] = s[a + VZ]! - dn * nz;
  s[b + VX] = s[b + VX]! + dn * nx;
  s[b + VY] = s[b + VY]! + dn * ny;
  if (!groundedJ) s[b + VZ] = s[b + VZ]! + dn * nz;
  return true;
}

/**
 * The last resort of one instant, for a cluster that still collides after several rounds per ball:
 * the members on the cloth move on with their mean velocity in the plane (held off the cushions and
 * jaws met at this instant, `holdOffWalls`), and the members in flight keep their own velocity. Then
 * no two members on the cloth approach, and each flying ball leaves every member it touches (below).
 *
 * Why the flying balls are not averaged in (they once were, with the pack's mean velocity and their
 * mean vertical velocity never downward): a ball perched on a rolling pack then lost at every hop
 * the velocity along the surface that gravity had given it, so it never rolled off; it hopped every
 * millisecond, each hop a full round of the pack, until the event cap (the soak's cluster shot
 * 51407 of seed 8). Kept, its velocity along the surface grows by g·sin α per unit time of contact,
 * as a real ball's rolling off a ball does, and it falls off within a few hops.
 *
 * Energy: a mean's kinetic energy is at most the mean of the energies and the wall projection only
 * slows, so only the roll-off below adds any (at most m·plasticBelow²/2 per ball). The members on
 * the cloth are settled (rolling) by the caller.
 */
export function settleFlightCluster(
  s: Float64Array,
  members: readonly number[],
  flying: (k: number) => boolean,
  p: PhysicsParams,
  walls: readonly number[] = [],
): void {
  let vx = 0;
  let vy = 0;
  let grounded = 0;
  for (const k of members) {
    if (flying(k)) continue;
    vx += s[k * STRIDE + VX]!;
    vy += s[k * STRIDE + VY]!;
    grounded += 1;
  }
  if (grounded > 0) {
    const v = holdOffWalls(vx / grounded, vy / grounded, walls);
    for (const k of members) {
      if (flying(k)) continue;
      s[k * STRIDE + VX] = v[0];
      s[k * STRIDE + VY] = v[1];
    }
  }
  // A flying ball left touching another at no relative speed would be pulled into it by gravity at
  // once, and collide again at the next instant without end (a ball perched on a ball is a lasting
  // contact, which an event model cannot hold). It rolls off: it leaves along the line of centres at
  // the plastic threshold, the slowest parting the model tells apart (energy added at most
  // m·plasticBelow²/2 per ball, 3.5 µJ with the defaults).
  const D = 2 * p.R;
  for (const k of members) {
    if (!flying(k)) continue;
    const a = k * STRIDE;
    for (const m of members) {
      if (m === k) continue;
      const b = m * STRIDE;
      const nx = s[b + X]! - s[a + X]!;
      const ny = s[b + Y]! - s[a + Y]!;
      const nz = s[b + Z]! - s[a + Z]!;
      const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (!(len > 0) || len > D + 1e-9) continue;
      const vn =
        ((s[a + VX]! - s[b + VX]!) * nx + (s[a + VY]! - s[b + VY]!) * ny + (s[a + VZ]! - s[b + VZ]!) * nz) /
        len;
      if (vn <= -p.plasticBelow) continue;
      const dv = (vn + p.plasticBelow) / len;
      s[a + VX] = s[a + VX]! - dv * nx;
      s[a + VY] = s[a + VY]! - dv * ny;
      s[a + VZ] = s[a + VZ]! - dv * nz;
    }
  }
}
