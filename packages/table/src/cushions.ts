/**
 * The cushion outline in plan: straight nose segments, rounded jaw tips and the pockets' fall edges,
 * built from a TablePreset. Everything is the line a ball's SURFACE touches (the nose line); a ball
 * touches a segment when its centre is R from it, and a jaw when its centre is R + r from the jaw centre.
 *
 * Construction of one pocket, from first principles. P is where the two nose lines meet (corner) or
 * where the centre line meets the long nose line (middle); u is the unit pocket axis, pointing out of
 * the table (the corner bisector, or the outward normal of the long rail). For each of the two jaws,
 * t is the unit vector across the axis toward that jaw's rail, n the rail's inward nose normal and r
 * the jaw rounding radius.
 *
 *   - Jaw centre q = P + a·u + b·t with b = mouth/2 + r, so that the two tip circles, at ±b across
 *     the axis, leave exactly `mouth` clear between them; a follows from the rounding being tangent to
 *     the nose: n·q = n·P − r (the centre is r behind the nose), so a = (−r − b·n·t) / (n·u).
 *     Both jaws share a, so the line through both centres (the MOUTH LINE) is perpendicular to u and
 *     the mouth centre is M = P + a·u. Depth below means distance behind the mouth line along u.
 *   - The nose segment stops at T1 = q + r·n, where the rounding leaves the nose line.
 *   - The facing (jaw wall) leaves the rounding at T2 = q + r·m, where m is its normal toward the
 *     axis; with facing angle α the wall runs along w = cos α·u + sin α·t (α = 0: parallel to the axis,
 *     and T2 is the tip point nearest the other jaw, on the mouth line). It runs on to E, `corridor`
 *     behind the mouth line; there the slate is cut and the ball drops. A corridor no deeper than T2
 *     (the middle pocket's 0 mm) has no facing segment.
 *   - The jaw arc runs from T1 to T2 (or back), always clockwise about q: it is the convex tip the
 *     ball sees from the table. Nose → arc → facing are tangent where they meet.
 *   - Between the two facing ends (E … E, or T2 … T2 with no corridor) the outline is open: that gap is
 *     the only way off the bed, and it lies behind the mouth.
 *   - Fall edge: the slate is cut on the line perpendicular to u at `fallDepth` (≤ corridor) behind the
 *     mouth line, F = M + fallDepth·u; the edge runs across the channel from one wall to the other
 *     (the facing, or the jaw rounding where the edge is shallower than the facing's start), and its
 *     length is the THROAT, the width of the hole at the edge. A ball falls once its centre passes the
 *     edge; with its centre on the edge or in front of it, it rests there, hanging over the hole.
 *     Behind the mouth line a ball centre can only be in the channel between the jaws, so a ball
 *     reaches the edge only by passing the mouth.
 *   - Opening: the hole in plan, from the fall edge back `openingDepth` (assumption: as deep as the
 *     throat is wide, a pocket cut about as long as it is wide) between the two walls' lines. A flying
 *     ball is pocketed only where it comes down inside it, or where it meets the pocket's back or side
 *     below the rail top; over the rail top it passes over the pocket and leaves the table.
 *
 * Corner pocket (FR, P = (0, 0)), drawn with the axis pointing down the page; each nose line meets the
 * axis at 45°. Numbers for the 12 ft preset (mouth 72.5, r1 = 5, corridor 5.5):
 *
 *                          playing area
 *      front nose, x = 0 ╲                    ╱ right nose, y = 0
 *                         ╲                  ╱
 *                       T1 ╲_              _╱ T1      T1 = (0, 53.34)    | (53.34, 0)
 *                          (q)            (q)         q  = (−5, 53.34)   | (53.34, −5)
 *        mouth line ······· T2 ·· M ····· T2 ·····    T2 = (−1.46, 49.80) | (49.80, −1.46)
 *                                                     M  = (24.17, 24.17)
 *                           │  ← 72.5 →   │           facings parallel to the axis
 *                           │             │           5.5 deep
 *                         E └ fall edge ┘ E         E  = (−5.35, 45.91) | (45.91, −5.35)
 *                           ┊  opening    ┊           fall edge E … E, 5.5 behind the mouth line,
 *                           ┊  72.5 deep  ┊           throat 72.5; opening 72.5 deep behind it
 *                           └┈┈┈┈┈┈┈┈┈┈┈┈┈┘
 *                                  ↓ u = (−1, −1)/√2
 *
 * Middle pocket (MR, P = (L/2, 0)), u = (0, −1); 12 ft preset (mouth 82.5, r2 = 11, corridor 0):
 *
 *     ─── right nose, y = 0 ─── T1             T1 ───    T1 = (1722.75, 0)   | (1827.25, 0)
 *                              (q) T2 · M · T2 (q)       q  = (1722.75, −11) | (1827.25, −11)
 *                                  ← 82.5  →             T2 = (1733.75, −11) | (1816.25, −11), on the
 *                                  ┊ opening ┊           mouth line y = −11; no facings: the fall edge
 *                                  └┈┈┈┈┈┈┈┈┈┘           is T2 … T2 (fall depth 0), throat 82.5
 *                                      ↓ u = (0, −1)
 *
 * The outline is walked counter-clockwise (x toward the back, y to the left is a right-handed plan), so
 * the playing area is on the LEFT of every piece and every segment normal is its left normal.
 */
import { sinCosDeg } from '@pyramid/core';
import { POCKET_IDS, type PocketId, pocketCentre } from './pockets.js';
import { type Point, point } from './point.js';
import { PRESET_12FT, type TablePreset, tableSpecOf } from './presets.js';
import type { TableSpec } from './spec.js';

export type Rail = 'front' | 'back' | 'left' | 'right';

/** A straight piece of the cushion nose line. */
export interface CushionSegment {
  /**
   * Noses: 'front', 'back', 'right-front', 'right-back', 'left-front', 'left-back'.
   * Facings: `${pocket}/${noseId}/facing`, e.g. 'FR/front/facing'.
   */
  readonly id: string;
  /** Ends in boundary order (counter-clockwise walk). */
  readonly a: Point;
  readonly b: Point;
  /** Unit normal pointing into the playing area (toward the ball side); the left normal of a → b. */
  readonly normal: Point;
  /** The cushion this segment belongs to (a facing belongs to the cushion whose end it is). */
  readonly rail: Rail;
  /** 'nose': the long straight cushion between pockets; 'facing': a jaw wall leading into a pocket. */
  readonly kind: 'nose' | 'facing';
  /** The pocket a facing leads into; null for nose segments. */
  readonly pocket: PocketId | null;
}

/** A rounded jaw tip: a ball touches it when its centre is `radius` + R from `centre`. */
export interface JawArc {
  /** `${pocket}/${noseId}`, the nose segment it terminates, e.g. 'FR/front', 'MR/right-back'. */
  readonly id: string;
  readonly pocket: PocketId;
  readonly rail: Rail;
  readonly centre: Point;
  readonly radius: number;
  /** Ends of the part of the circle that is cushion surface, in boundary order. */
  readonly from: Point;
  readonly to: Point;
  /** Direction from the centre to `from`, radians (atan2). */
  readonly startAngle: number;
  /** Signed angle from `from` to `to` about the centre, radians; always negative (clockwise). */
  readonly sweep: number;
}

/** A pocket as an opening: its mouth, the slate's fall edge behind it and the hole in plan. */
export interface PocketOpening {
  readonly id: PocketId;
  readonly kind: 'corner' | 'middle';
  /** Midpoint of the two jaw centres: the middle of the mouth line. */
  readonly mouthCentre: Point;
  /** Unit pocket axis, pointing into the pocket (out of the table). */
  readonly axis: Point;
  /** Clear gap between the two jaw tips, mm (the preset's mouth). */
  readonly mouthWidth: number;
  /** Distance of the fall edge behind the mouth line along the axis, mm (the preset's fall depth). */
  readonly fallDepth: number;
  /** The fall edge, wall to wall, perpendicular to the axis; `from` is on the side of the walk's start. */
  readonly fallEdge: { readonly from: Point; readonly to: Point };
  /** Width of the hole at the fall edge (the edge's length), mm. */
  readonly throatWidth: number;
  /** How far the hole runs behind the fall edge, mm (assumption: equal to the throat width). */
  readonly openingDepth: number;
}

/** One piece of the closed outline; `from` of each piece is `to` of the previous one. */
export type BoundaryPiece =
  | { readonly kind: 'cushion'; readonly from: Point; readonly to: Point; readonly segment: CushionSegment }
  | { readonly kind: 'jaw'; readonly from: Point; readonly to: Point; readonly jaw: JawArc }
  /** The open end of a pocket, between the two facings (or tips), behind the mouth line. */
  | { readonly kind: 'opening'; readonly from: Point; readonly to: Point; readonly pocket: PocketId };

export interface TableGeometry {
  readonly preset: TablePreset;
  readonly spec: TableSpec;
  readonly ballRadius: number;
  /** In boundary order. */
  readonly cushions: readonly CushionSegment[];
  /** In boundary order, two per pocket. */
  readonly jaws: readonly JawArc[];
  /** In POCKET_IDS order. */
  readonly pockets: readonly PocketOpening[];
  /** The whole outline, counter-clockwise from the front-right pocket: closed, including six openings. */
  readonly boundary: readonly BoundaryPiece[];
}

interface NoseLayout {
  readonly id: string;
  readonly rail: Rail;
  /** Pocket at the start and at the end, in walk order. */
  readonly start: PocketId;
  readonly end: PocketId;
  /** Unit direction of the walk along this nose. */
  readonly direction: Point;
}

/** The six noses in counter-clockwise order, starting at the front-right corner. */
const NOSES: readonly NoseLayout[] = [
  { id: 'right-front', rail: 'right', start: 'FR', end: 'MR', direction: point(1, 0) },
  { id: 'right-back', rail: 'right', start: 'MR', end: 'BR', direction: point(1, 0) },
  { id: 'back', rail: 'back', start: 'BR', end: 'BL', direction: point(0, 1) },
  { id: 'left-back', rail: 'left', start: 'BL', end: 'ML', direction: point(-1, 0) },
  { id: 'left-front', rail: 'left', start: 'ML', end: 'FL', direction: point(-1, 0) },
  { id: 'front', rail: 'front', start: 'FL', end: 'FR', direction: point(0, -1) },
];

const S = Math.SQRT1_2;
const POCKET_AXES: Readonly<Record<PocketId, Point>> = {
  FL: point(-S, S),
  FR: point(-S, -S),
  ML: point(0, 1),
  MR: point(0, -1),
  BL: point(S, S),
  BR: point(S, -S),
};

/** One jaw of a pocket, on the side of the given nose. */
interface JawSide {
  readonly centre: Point;
  /** Where the rounding leaves the nose line. */
  readonly onNose: Point;
  /** Where the rounding meets the facing. */
  readonly onFacing: Point;
  /** Deep end of the facing (the same point as onFacing when the corridor is 0). */
  readonly facingEnd: Point;
}

/**
 * The frozen outline and pockets of a table. Pure and deterministic: the same preset always gives the
 * same numbers. Throws RangeError if the jaws of neighbouring pockets would overlap.
 */
export function buildTableGeometry(preset: TablePreset = PRESET_12FT): TableGeometry {
  const spec = tableSpecOf(preset);
  const sides = new Map<string, JawSide>();
  const jawSide = (pocket: PocketId, nose: NoseLayout, incoming: boolean): JawSide => {
    const key = `${pocket}/${nose.id}`;
    let side = sides.get(key);
    if (side === undefined) {
      side = constructJaw(
        preset,
        pocketCentre(spec, pocket),
        POCKET_AXES[pocket],
        nose.direction,
        incoming,
        pocket,
      );
      sides.set(key, side);
    }
    return side;
  };

  const boundary: BoundaryPiece[] = [];
  const cushions: CushionSegment[] = [];
  const jaws: JawArc[] = [];
  const pushSegment = (segment: CushionSegment): void => {
    cushions.push(segment);
    boundary.push(Object.freeze({ kind: 'cushion', from: segment.a, to: segment.b, segment }));
  };
  const pushJaw = (jaw: JawArc): void => {
    jaws.push(jaw);
    boundary.push(Object.freeze({ kind: 'jaw', from: jaw.from, to: jaw.to, jaw }));
  };

  NOSES.forEach((nose, index) => {
    const start = jawSide(nose.start, nose, false);
    const end = jawSide(nose.end, nose, true);
    const along = dot(sub(end.onNose, start.onNose), nose.direction);
    if (!(along > 0)) {
      throw new RangeError(
        `${preset.name}: the jaws of ${nose.start} and ${nose.end} overlap on the ${nose.id} nose`,
      );
    }
    pushSegment(segment(nose.id, start.onNose, end.onNose, nose.rail, 'nose', null));

    // The pocket at the end of this nose: jaw, facing, opening, facing, jaw, then the next nose.
    const pocket = nose.end;
    const next = NOSES[(index + 1) % NOSES.length];
    if (next === undefined || next.start !== pocket) throw new Error(`nose layout broken at ${pocket}`);
    const out = jawSide(pocket, next, false);
    const r = jawRadius(preset, pocket);
    pushJaw(arc(`${pocket}/${nose.id}`, pocket, nose.rail, end.centre, r, end.onNose, end.onFacing));
    if (!samePoint(end.onFacing, end.facingEnd)) {
      pushSegment(
        segment(`${pocket}/${nose.id}/facing`, end.onFacing, end.facingEnd, nose.rail, 'facing', pocket),
      );
    }
    boundary.push(Object.freeze({ kind: 'opening', from: end.facingEnd, to: out.facingEnd, pocket }));
    if (!samePoint(out.onFacing, out.facingEnd)) {
      pushSegment(
        segment(`${pocket}/${next.id}/facing`, out.facingEnd, out.onFacing, next.rail, 'facing', pocket),
      );
    }
    pushJaw(arc(`${pocket}/${next.id}`, pocket, next.rail, out.centre, r, out.onFacing, out.onNose));
  });

  const pockets = POCKET_IDS.map((id) => opening(preset, id, sides));
  return Object.freeze({
    preset,
    spec,
    ballRadius: preset.ballDiameter / 2,
    cushions: Object.freeze(cushions),
    jaws: Object.freeze(jaws),
    pockets: Object.freeze(pockets),
    boundary: Object.freeze(boundary),
  });
}

function isCorner(pocket: PocketId): boolean {
  return pocket[0] !== 'M';
}

function jawRadius(preset: TablePreset, pocket: PocketId): number {
  return isCorner(pocket) ? preset.cornerJawRadius : preset.middleJawRadius;
}

/** See the header: q = P + a·u + b·t with b = mouth/2 + r and n·q = n·P − r. */
function constructJaw(
  preset: TablePreset,
  p: Point,
  u: Point,
  noseDirection: Point,
  incoming: boolean,
  pocket: PocketId,
): JawSide {
  const corner = isCorner(pocket);
  const mouth = corner ? preset.cornerMouth : preset.middleMouth;
  const r = jawRadius(preset, pocket);
  // Deterministic sin/cos (@pyramid/core): the geometry must be the same bits in every engine.
  const [sinAlpha, cosAlpha] = sinCosDeg(corner ? preset.cornerFacingAngle : preset.middleFacingAngle);
  const corridor = corner ? preset.cornerCorridor : preset.middleCorridor;
  // The nose lies behind P (incoming walk) or ahead of it (outgoing); t points across the axis to it.
  const toNose = incoming ? scale(noseDirection, -1) : noseDirection;
  const t = unit(sub(toNose, scale(u, dot(toNose, u))));
  const n = leftNormal(noseDirection);
  const nu = dot(n, u);
  if (!(nu < 0)) throw new Error(`pocket ${pocket}: the axis must point out of the table`);
  const b = mouth / 2 + r;
  const a = (-r - b * dot(n, t)) / nu;
  const centre = add(p, add(scale(u, a), scale(t, b)));
  const w = add(scale(u, cosAlpha), scale(t, sinAlpha));
  // The facing's normal toward the axis (perpendicular to w); the rounding touches the facing there.
  const facingNormal = add(scale(u, sinAlpha), scale(t, -cosAlpha));
  const onFacing = add(centre, scale(facingNormal, r));
  const wallDepth = corridor - r * sinAlpha;
  return {
    centre,
    onNose: add(centre, scale(n, r)),
    onFacing,
    // The facing leaves the tip r·sin α behind the mouth line and runs to the corridor's end.
    facingEnd: wallDepth > 0 ? add(onFacing, scale(w, wallDepth / cosAlpha)) : onFacing,
  };
}

function opening(preset: TablePreset, id: PocketId, sides: ReadonlyMap<string, JawSide>): PocketOpening {
  const own = [...sides.entries()].filter(([key]) => key.startsWith(`${id}/`)).map(([, side]) => side);
  const [first, second] = own;
  if (own.length !== 2 || first === undefined || second === undefined) {
    throw new Error(`pocket ${id} has ${own.length} jaws`);
  }
  const corner = isCorner(id);
  const axis = POCKET_AXES[id];
  const mouthCentre = scale(add(first.centre, second.centre), 0.5);
  const fallDepth = corner ? preset.cornerFallDepth : preset.middleFallDepth;
  const r = jawRadius(preset, id);
  const wallPoint = (side: JawSide): Point => {
    // Across the axis toward this jaw, and the wall's surface at the fall depth: on the jaw rounding
    // while the edge is shallower than the facing's start (depth of onFacing), on the facing behind it.
    const t = unit(sub(side.centre, mouthCentre));
    const startDepth = dot(sub(side.onFacing, mouthCentre), axis);
    let lateral: number;
    if (fallDepth <= startDepth) {
      // The jaw centre lies on the mouth line (depth 0): the rounding's surface at depth d is
      // sqrt(r² − d²) nearer the axis than the centre.
      lateral = dot(sub(side.centre, mouthCentre), t) - Math.sqrt(r * r - fallDepth * fallDepth);
    } else {
      const along = sub(side.facingEnd, side.onFacing);
      const alongDepth = dot(along, axis);
      const k = alongDepth > 0 ? (fallDepth - startDepth) / alongDepth : 0;
      lateral = dot(sub(add(side.onFacing, scale(along, k)), mouthCentre), t);
    }
    return add(mouthCentre, add(scale(axis, fallDepth), scale(t, lateral)));
  };
  const from = wallPoint(first);
  const to = wallPoint(second);
  const throatWidth = Math.sqrt(dot(sub(to, from), sub(to, from)));
  return Object.freeze({
    id,
    kind: corner ? 'corner' : 'middle',
    mouthCentre,
    axis,
    mouthWidth: corner ? preset.cornerMouth : preset.middleMouth,
    fallDepth,
    fallEdge: Object.freeze({ from, to }),
    throatWidth,
    openingDepth: throatWidth,
  });
}

function segment(
  id: string,
  a: Point,
  b: Point,
  rail: Rail,
  kind: 'nose' | 'facing',
  pocket: PocketId | null,
): CushionSegment {
  return Object.freeze({ id, a, b, normal: leftNormal(unit(sub(b, a))), rail, kind, pocket });
}

function arc(
  id: string,
  pocket: PocketId,
  rail: Rail,
  centre: Point,
  radius: number,
  from: Point,
  to: Point,
): JawArc {
  const start = sub(from, centre);
  const end = sub(to, centre);
  const sweep = Math.atan2(cross(start, end), dot(start, end));
  if (!(sweep < 0)) throw new Error(`jaw ${id}: the rounding must turn clockwise, got ${sweep}`);
  return Object.freeze({
    id,
    pocket,
    rail,
    centre,
    radius,
    from,
    to,
    startAngle: Math.atan2(start.y, start.x),
    sweep,
  });
}

function samePoint(p: Point, q: Point): boolean {
  return p.x === q.x && p.y === q.y;
}

function add(p: Point, q: Point): Point {
  return point(p.x + q.x, p.y + q.y);
}

function sub(p: Point, q: Point): Point {
  return point(p.x - q.x, p.y - q.y);
}

function scale(p: Point, k: number): Point {
  return point(p.x * k, p.y * k);
}

function dot(p: Point, q: Point): number {
  return p.x * q.x + p.y * q.y;
}

function cross(p: Point, q: Point): number {
  return p.x * q.y - p.y * q.x;
}

function unit(p: Point): Point {
  const length = Math.sqrt(p.x * p.x + p.y * p.y);
  return point(p.x / length, p.y / length);
}

/** Rotated 90° counter-clockwise: the left side of a walk along p. */
function leftNormal(p: Point): Point {
  return point(-p.y, p.x);
}

/**
 * Where a ball may come to rest (mm): wholly on the bed; or in a pocket's mouth off the bed, clear of
 * every cushion segment and every jaw by a radius, with its centre not past the pocket's fall edge
 * (the hanging ball of the rules: its centre over the slate, part of it over the hole; a centre on
 * the edge itself still hangs, one past it falls). The referee accepts exactly these positions and
 * the simulator (validate.ts, the same rule in metres) starts from them; a ball the simulator leaves
 * at rest is always in one of them, so a position one leaves the other always takes.
 */
export function restsOnTable(geometry: TableGeometry, at: Point): boolean {
  const { length, width } = geometry.spec;
  const r = geometry.ballRadius;
  const e = 1e-6;
  if (at.x >= r - e && at.x <= length - r + e && at.y >= r - e && at.y <= width - r + e) return true;
  if (at.x < -r || at.x > length + r || at.y < -r || at.y > width + r) return false;
  let nearPocket = false;
  for (const pocket of geometry.pockets) {
    const dx = at.x - pocket.mouthCentre.x;
    const dy = at.y - pocket.mouthCentre.y;
    if (dx * dx + dy * dy >= (pocket.mouthWidth / 2 + 2 * r) ** 2) continue;
    const depth = dx * pocket.axis.x + dy * pocket.axis.y;
    const lateral = Math.abs(dx * pocket.axis.y - dy * pocket.axis.x);
    // Past the fall edge the ball falls; behind the mouth line it can only be in the channel.
    if (depth > pocket.fallDepth + e) return false;
    if (depth > 0 && lateral > pocket.throatWidth / 2) return false;
    nearPocket = true;
  }
  if (!nearPocket) return false;
  for (const c of geometry.cushions) {
    if (distanceToSegmentSquared(at, c.a, c.b) < (r - e) ** 2) return false;
  }
  for (const jaw of geometry.jaws) {
    if ((at.x - jaw.centre.x) ** 2 + (at.y - jaw.centre.y) ** 2 < (jaw.radius + r - e) ** 2) return false;
  }
  return true;
}

function distanceToSegmentSquared(p: Point, a: Point, b: Point): number {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / (abx * abx + aby * aby)));
  return (p.x - a.x - t * abx) ** 2 + (p.y - a.y - t * aby) ** 2;
}
