/**
 * The table as a player sees it, in the referee's millimetres: the pockets' mouths, clear paths,
 * ghost-ball aiming, and a quick estimate of the chance to pot a ball under a level's aim error —
 * pure arithmetic, no simulation, used to rank shots before any is simulated and to judge the
 * position a shot leaves. The table is the match's (`BotTable`, one per size).
 *
 * Pocket windows: where a rolling ball must cross a pocket's mouth line to drop, measured with the
 * simulator on the 12 ft table (a lone ball rolled at 1.5 m/s from 150 and 400 mm, approach angle α
 * to the pocket axis). A corner pocket takes ±4.5 mm about the mouth centre straight in, 5.5 mm of
 * width at 20° (centred 2.8 mm toward the far jaw) and next to nothing past 30°; a middle pocket
 * ±13 mm straight in, 13.5 mm at 30° and 4 mm at 40°. `WINDOWS` tabulates half-width and shift.
 * Every preset cuts its mouths the same margin wider than its ball, so the table serves them all.
 */
import { type BallId, matchTable, type TableSize } from '@pyramid/rules';
import { type Markings, type PocketId, type Point, PRESET_12FT } from '@pyramid/table';

export interface Pocket {
  readonly id: PocketId;
  readonly kind: 'corner' | 'middle';
  /** Middle of the mouth line, mm. */
  readonly mouth: Point;
  /** Unit axis pointing into the pocket. */
  readonly axis: Point;
}

/** The match's table in the terms the planning geometry uses, built once per size. */
export interface BotTable {
  readonly size: TableSize;
  /** Ball radius and diameter, mm. */
  readonly r: number;
  readonly d: number;
  /** The bed between the cushion noses, mm. */
  readonly length: number;
  readonly width: number;
  readonly marks: Markings;
  readonly pockets: readonly Pocket[];
  /**
   * This table's length over the 12 ft table's: the few spots the bots were tuned with on 12 ft (where
   * to break from, where the cue ball may end) are scaled by it, and by `widthScale` across. Exactly 1
   * on 12 ft.
   */
  readonly lengthScale: number;
  readonly widthScale: number;
}

const BOT_TABLES: Partial<Record<TableSize, BotTable>> = {};

export function botTable(size: TableSize): BotTable {
  const built = BOT_TABLES[size];
  if (built !== undefined) return built;
  const { spec, geometry, markings } = matchTable(size);
  const table: BotTable = Object.freeze({
    size,
    r: spec.ballDiameter / 2,
    d: spec.ballDiameter,
    length: spec.length,
    width: spec.width,
    marks: markings,
    pockets: geometry.pockets.map((p) => ({ id: p.id, kind: p.kind, mouth: p.mouthCentre, axis: p.axis })),
    lengthScale: spec.length / PRESET_12FT.length,
    widthScale: spec.width / PRESET_12FT.width,
  });
  BOT_TABLES[size] = table;
  return table;
}

/** A ball on the bed. */
export interface Ball {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

/** [approach angle °, half-width mm, shift mm toward the side the ball comes from] */
const WINDOWS: Readonly<Record<Pocket['kind'], readonly (readonly [number, number, number])[]>> = {
  corner: [
    [0, 4.5, 0],
    [10, 4, 1.5],
    [20, 2.75, 2.75],
    [30, 0.75, 4.25],
    [34, 0, 4.5],
  ],
  middle: [
    [0, 13, 0],
    [10, 11.5, 2],
    [20, 9, 3.5],
    [30, 6.75, 5.75],
    [40, 2, 8.5],
    [45, 0, 9],
  ],
};

/** Half-width and shift (mm) of a pocket's window for a ball approaching at `alphaDeg` (≥ 0). */
export function pocketWindow(kind: Pocket['kind'], alphaDeg: number): { half: number; shift: number } {
  const table = WINDOWS[kind];
  const a = Math.abs(alphaDeg);
  for (let i = 1; i < table.length; i++) {
    const [a1, h1, s1] = table[i]!;
    if (a <= a1) {
      const [a0, h0, s0] = table[i - 1]!;
      const t = (a - a0) / (a1 - a0);
      return { half: h0 + t * (h1 - h0), shift: s0 + t * (s1 - s0) };
    }
  }
  return { half: 0, shift: table[table.length - 1]![2] };
}

const DEG = 180 / Math.PI;

export function dist(a: Point, b: Point): number {
  return Math.sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
}

export function unit(from: Point, to: Point): Point {
  const d = dist(from, to);
  return d === 0 ? { x: 1, y: 0 } : { x: (to.x - from.x) / d, y: (to.y - from.y) / d };
}

/** Angle between two unit vectors, degrees (0–180), by acos of the clamped dot product. */
export function angleBetween(a: Point, b: Point): number {
  const c = Math.max(-1, Math.min(1, a.x * b.x + a.y * b.y));
  return Math.acos(c) * DEG;
}

/** Signed angle from unit vector a to b, degrees (counter-clockwise positive). */
export function signedAngle(a: Point, b: Point): number {
  return Math.atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y) * DEG;
}

/** Clearance (mm) a moving ball needs from another for `pathClear`: a diameter less a hair. */
export function clearanceOf(t: BotTable): number {
  return t.d - 0.5;
}

/** Whether a ball moving from `from` to `to` passes clear (`clearance`, mm) of every ball but those excluded. */
export function pathClear(
  from: Point,
  to: Point,
  balls: readonly Ball[],
  exclude1: BallId,
  exclude2: BallId,
  clearance: number,
): boolean {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len2 = dx * dx + dy * dy;
  const c2 = clearance * clearance;
  for (const b of balls) {
    if (b.id === exclude1 || b.id === exclude2) continue;
    const px = b.x - from.x;
    const py = b.y - from.y;
    let t = len2 === 0 ? 0 : (px * dx + py * dy) / len2;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const ex = px - t * dx;
    const ey = py - t * dy;
    if (ex * ex + ey * ey < c2) return false;
  }
  return true;
}

/** Geometry of a pot: the cue ball at `cue` sends `object` into `pocket` by the ghost ball. */
export interface PotGeometry {
  readonly cue: Ball;
  readonly object: Ball;
  readonly pocket: Pocket;
  /** The point on the mouth line the object ball is sent to (the window's centre). */
  readonly target: Point;
  /** Where the cue ball's centre is at contact. */
  readonly ghost: Point;
  /** Unit direction of the cue. */
  readonly aim: Point;
  /** Cut angle, degrees (0 = full ball). */
  readonly cutDeg: number;
  /** Cue ball to ghost and object ball to target, mm. */
  readonly d1: number;
  readonly d2: number;
  /** Approach angle to the pocket axis, degrees. */
  readonly approachDeg: number;
  /** Half-width of the pocket's window at that approach, mm. */
  readonly window: number;
  /** The table's ball diameter, mm. */
  readonly d: number;
}

/** Cuts sharper than this are not tried. */
export const MAX_CUT_DEG = 80;

/**
 * The ghost-ball pot of `object` into `pocket` with `cue`, or null when it cannot be played: the
 * approach is outside the pocket's window, the cut is too thin, or a ball is in the way.
 */
export function potGeometry(
  t: BotTable,
  cue: Ball,
  object: Ball,
  pocket: Pocket,
  balls: readonly Ball[],
): PotGeometry | null {
  const D = t.d;
  const toMouth = unit(object, pocket.mouth);
  const approach = signedAngle(pocket.axis, toMouth);
  const w = pocketWindow(pocket.kind, approach);
  if (w.half <= 0) return null;
  // The window is shifted toward the side the ball comes from: perpendicular to the axis.
  const side = approach >= 0 ? 1 : -1;
  const perp = { x: -pocket.axis.y * side, y: pocket.axis.x * side };
  const target = { x: pocket.mouth.x + perp.x * w.shift, y: pocket.mouth.y + perp.y * w.shift };
  const dir = unit(object, target);
  const ghost = { x: object.x - dir.x * D, y: object.y - dir.y * D };
  const d1 = dist(cue, ghost);
  if (d1 < 1) return null;
  const aim = unit(cue, ghost);
  const cutDeg = angleBetween(aim, dir);
  if (cutDeg > MAX_CUT_DEG) return null;
  const d2 = dist(object, target);
  const clearance = clearanceOf(t);
  if (!pathClear(cue, ghost, balls, cue.id, object.id, clearance)) return null;
  if (!pathClear(object, target, balls, object.id, cue.id, clearance)) return null;
  return {
    cue,
    object,
    pocket,
    target,
    ghost,
    aim,
    cutDeg,
    d1,
    d2,
    approachDeg: Math.abs(approach),
    window: w.half,
    d: D,
  };
}

/** P(|Z| < z) for a standard normal Z, i.e. erf(z/√2), by the rational Abramowitz & Stegun 7.1.27 (error < 5e-4). */
export function withinSigmas(z: number): number {
  if (z <= 0) return 0;
  const x = z / Math.SQRT2;
  const p = 1 + x * (0.278393 + x * (0.230389 + x * (0.000972 + x * 0.078108)));
  const p2 = p * p;
  return 1 - 1 / (p2 * p2);
}

/**
 * The chance that a stroke with aim error σ (degrees) pots the ball: the object ball's direction
 * must stay inside the window (half-width / d2), and a cue error δ turns the object ball by
 * δ·d1 / (2R cos cut). A long or thin shot also loses a little for speed and throw.
 */
export function potChance(g: PotGeometry, aimSigmaDeg: number): number {
  const cos = Math.cos(g.cutDeg / DEG);
  const objectTolerance = g.window / Math.max(g.d2, 30);
  const cueTolerance = (objectTolerance * g.d * Math.max(cos, 0.05)) / Math.max(g.d1, 30);
  const sigma = aimSigmaDeg / DEG;
  const p = withinSigmas(cueTolerance / sigma);
  const length = (g.d1 + g.d2) / 1000;
  return p * (1 / (1 + 0.04 * length * length)) * (g.cutDeg > 60 ? 0.8 : 1);
}

/** Cue speed (m/s) that leaves the object ball rolling into the pocket at about 0.3 m/s. */
export function leastSpeed(g: PotGeometry): number {
  const roll = 0.0981; // μr g, m/s²
  const d1 = g.d1 / 1000;
  const d2 = g.d2 / 1000;
  const cos = Math.max(Math.cos(g.cutDeg / DEG), 0.2);
  const objectSpeed = Math.sqrt(0.09 + 2 * roll * d2) * 1.4;
  const atContact = objectSpeed / cos;
  const rolling = Math.sqrt(atContact * atContact + 2 * roll * d1);
  return Math.min(8, Math.max(0.5, (rolling * 1.4) / 1.44));
}

export function inHouse(t: BotTable, p: Point): boolean {
  return p.x > 0 && p.x < t.marks.houseLineX;
}

/** Whether a ball centred at `p` lies on the bed and clear of every ball. */
export function freeSpot(
  t: BotTable,
  p: Point,
  balls: readonly Ball[],
  except: BallId | null = null,
  gap = 1,
): boolean {
  const { r: R, d: D } = t;
  if (p.x < R + 0.5 || p.x > t.length - R - 0.5 || p.y < R + 0.5 || p.y > t.width - R - 0.5) return false;
  const min = (D + gap) * (D + gap);
  for (const b of balls) {
    if (b.id === except) continue;
    const dx = b.x - p.x;
    const dy = b.y - p.y;
    if (dx * dx + dy * dy < min) return false;
  }
  return true;
}
