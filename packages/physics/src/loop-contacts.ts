/**
 * What the event loop does at an event that changes a ball: a pocketing, a cushion or jaw contact,
 * the cluster guard of one instant. Plain functions over the loop's state struct.
 */
import { resolveFlightContact, settleFlightCluster } from './flight-contact.js';
import { B_NONE, type LoopState } from './loop-state.js';
import { settle } from './motion.js';
import { finishSlide, resolveCluster, settleCluster } from './resolve.js';
import { AIRBORNE, POCKETED, SLIDING, STRIDE, VX, VY, VZ, WX, WY, WZ } from './state.js';

export { resolveFlightContact };

/** Ball i drops into pocket k. */
export function pocketBall(st: LoopState, i: number, k: number): void {
  const o = i * STRIDE;
  const s = st.s;
  st.code[i] = POCKETED;
  st.where[i] = st.boundary.pocketIds[k]!;
  s[o + VX] = 0;
  s[o + VY] = 0;
  s[o + VZ] = 0;
  s[o + WX] = 0;
  s[o + WY] = 0;
  s[o + WZ] = 0;
  st.events.push({ type: 'pocket', t: st.now, ball: st.ids[i]!, pocket: st.boundary.pocketIds[k]! });
}

/** Records a graze of cushion or jaw k by ball i if the contact changed nothing (see grazedKind). */
export function graze(st: LoopState, i: number, kind: number, k: number, changed: boolean): void {
  st.grazedKind[i] = changed ? B_NONE : kind;
  st.grazedIndex[i] = changed ? -1 : k;
}

/** Notes that ball i, on the cloth, met a cushion or jaw with inward normal n at this instant. */
export function metWall(st: LoopState, i: number, nx: number, ny: number): void {
  if (st.code[i] === AIRBORNE) return;
  st.wallBalls.push(i);
  st.wallNormals.push(nx, ny);
}

/**
 * A ball meeting a cushion or jaw with inward normal n. A sliding ball can also be pressed into
 * it by its friction while moving along it: its slide finishes there (energy only falls), and only
 * then does it bounce if it is moving into the cushion. Returns whether anything changed (false:
 * a graze, see grazedKind).
 */
export function hitCushion(st: LoopState, i: number, nx: number, ny: number): boolean {
  const { s, code, p, R } = st;
  const airborne = code[i] === AIRBORNE;
  const o = i * STRIDE;
  const into = -(s[o + VX]! * nx + s[o + VY]! * ny);
  if (!airborne && into > 0 && into < p.plasticBelow) {
    // Pressed into the cushion by its own friction at a rounding-level speed: a bounce would part
    // it by as little and friction would press it back within a few ulps of time, without end.
    // The contact is plastic: the slide finishes, the speed into the cushion is dropped, and the
    // ball rolls on along it (energy only falls).
    finishSlide(s, i, p);
    const v = -(s[o + VX]! * nx + s[o + VY]! * ny);
    if (v > 0) {
      s[o + VX] = s[o + VX]! + v * nx;
      s[o + VY] = s[o + VY]! + v * ny;
    }
    s[o + WX] = -s[o + VY]! / R;
    s[o + WY] = s[o + VX]! / R;
    code[i] = settle(s, i, p);
    return true;
  }
  let changed = st.resolveCushion(s, i, nx, ny, p, airborne);
  if (!changed && !airborne) {
    const before = st.before;
    for (let f = 0; f < STRIDE; f++) before[f] = s[o + f]!;
    finishSlide(s, i, p);
    st.resolveCushion(s, i, nx, ny, p, false);
    for (let f = 0; f < STRIDE; f++) if (s[o + f] !== before[f]) changed = true;
  }
  if (!airborne) code[i] = settle(s, i, p);
  return changed;
}

/**
 * Resolves the balls of one instant that keep colliding as a cluster: on the cloth, the pairwise
 * collisions go on inside one call until none closes (`resolveCluster`: momentum kept, energy lost
 * only by restitution and friction), held off the cushions and jaws its members met at this
 * instant; with a ball in flight, the flight guard (`settleFlightCluster`).
 */
export function settleInstant(st: LoopState, members: readonly number[], round: number): void {
  const { s, code, p, R, wallBalls, wallNormals } = st;
  if (!members.some((k) => code[k] === AIRBORNE)) {
    const walls: number[] = [];
    for (let w = 0; w < wallBalls.length; w++) {
      if (members.includes(wallBalls[w]!))
        walls.push(wallBalls[w]!, wallNormals[2 * w]!, wallNormals[2 * w + 1]!);
    }
    const sorted = [...members].sort((a, b) => a - b);
    if (round === 0) resolveCluster(s, sorted, p, walls, st.resolveCushion);
    else settleCluster(s, sorted, p, walls, round > 2, round === 2);
  } else {
    const walls: number[] = [];
    for (let w = 0; w < wallBalls.length; w++) {
      if (members.includes(wallBalls[w]!) && code[wallBalls[w]!] !== AIRBORNE)
        walls.push(wallNormals[2 * w]!, wallNormals[2 * w + 1]!);
    }
    for (const k of members) if (code[k] === SLIDING) finishSlide(s, k, p);
    settleFlightCluster(s, members, (k) => code[k] === AIRBORNE, p, walls);
    for (const k of members) {
      if (code[k] === AIRBORNE) continue;
      const o = k * STRIDE;
      s[o + WX] = -s[o + VY]! / R;
      s[o + WY] = s[o + VX]! / R;
    }
  }
  for (const k of members) if (code[k] !== AIRBORNE) code[k] = settle(s, k, p);
}
