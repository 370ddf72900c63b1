/**
 * The table in plan, as polygons for the meshes: the cloth (the exact nose outline of packages/table,
 * jaw arcs sampled), one cushion body per nose, the inner edge of the wooden rails with the pocket
 * cut-outs, and the rail sights. Pure 2D arithmetic in table millimetres, so the shapes can be tested
 * without WebGL; table-mesh.ts only extrudes them.
 */
import type { BoundaryPiece, JawArc, Point, TableGeometry } from '@pyramid/table';
import { type PocketId, point } from '@pyramid/table';

/** Sizes the table's geometry does not fix (the rail and cushion bodies), scaled with the ball. */
export interface TableDimensionsInPlan {
  /** Cushion body from the nose line back to the wooden rail, mm. */
  readonly cushionWidth: number;
  /** Wooden rail from the cushion's back to the table's outer edge, mm. */
  readonly railWidth: number;
  /** Top of the cushion above the bed, mm (the nose itself is lower: preset.cushionNoseHeight). */
  readonly cushionTop: number;
  /** Top of the wooden rail above the bed, mm. */
  readonly railTop: number;
  /** Radius of the round cut a pocket makes in the rail, mm. */
  readonly pocketCutRadius: number;
}

/** Proportions of a Russian 12 ft table (≈ 50 mm cushion, ≈ 130 mm rail for a 68 mm ball). */
export function planDimensions(geometry: TableGeometry): TableDimensionsInPlan {
  const d = geometry.spec.ballDiameter;
  const cushionTop = geometry.preset.cushionNoseHeight + 0.12 * d;
  return {
    cushionWidth: 0.75 * d,
    railWidth: 1.9 * d,
    cushionTop,
    railTop: cushionTop + 0.04 * d,
    pocketCutRadius: 0.78 * d,
  };
}

/** Points of a jaw arc from `from` to `to` inclusive, at most `step` radians apart. */
export function sampleArc(jaw: JawArc, step = Math.PI / 24): Point[] {
  const n = Math.max(2, Math.ceil(Math.abs(jaw.sweep) / step));
  const points: Point[] = [];
  for (let i = 0; i <= n; i++) {
    // The ends are the geometry's own points, not recomputed ones, so pieces join exactly.
    if (i === 0) points.push(jaw.from);
    else if (i === n) points.push(jaw.to);
    else {
      const angle = jaw.startAngle + (jaw.sweep * i) / n;
      points.push(
        point(jaw.centre.x + jaw.radius * Math.cos(angle), jaw.centre.y + jaw.radius * Math.sin(angle)),
      );
    }
  }
  return points;
}

/** The points of a boundary piece, `from` first, `to` last. */
function piecePoints(piece: BoundaryPiece): Point[] {
  return piece.kind === 'jaw' ? sampleArc(piece.jaw) : [piece.from, piece.to];
}

/**
 * The cloth: the nose outline walked counter-clockwise, each opening closed by the straight slate
 * edge between the two facing ends (the ball drops beyond it). Not repeated at the end.
 */
export function bedOutline(geometry: TableGeometry): Point[] {
  const outline: Point[] = [];
  for (const piece of geometry.boundary) {
    const points = piecePoints(piece);
    outline.push(...points.slice(0, -1));
  }
  return outline;
}

/** One cushion: the ball side from pocket to pocket and the body behind it up to the rail. */
export interface CushionOutline {
  /** The nose segment's id ('right-front', 'back', …). */
  readonly id: string;
  /** Counter-clockwise around the table: the ball side as the geometry walks it. */
  readonly face: readonly Point[];
  /** The closed body polygon: face, then the end into the second pocket, the rail line, the first end. */
  readonly polygon: readonly Point[];
  /** Where the body meets the rail line at the first and the second pocket. */
  readonly railStart: Point;
  readonly railEnd: Point;
  readonly startPocket: PocketId;
  readonly endPocket: PocketId;
}

function unit(p: Point): Point {
  const length = Math.hypot(p.x, p.y);
  return point(p.x / length, p.y / length);
}

/** The walk direction of a piece at its start or its end. */
function tangent(piece: BoundaryPiece, atEnd: boolean): Point {
  if (piece.kind === 'jaw') {
    const { jaw } = piece;
    const angle = jaw.startAngle + (atEnd ? jaw.sweep : 0);
    // The arc turns clockwise, so the walk runs along (sin, −cos) of the radius angle.
    return point(Math.sin(angle), -Math.cos(angle));
  }
  return unit(point(piece.to.x - piece.from.x, piece.to.y - piece.from.y));
}

/**
 * The six cushions. The boundary alternates chains of cushion pieces and openings; each chain becomes a
 * body whose ends continue the jaw facings (or the tip's tangent where there is no facing) straight
 * into the pocket until they reach the rail line, `cushionWidth` behind the nose.
 */
export function cushionOutlines(geometry: TableGeometry, cushionWidth: number): CushionOutline[] {
  const pieces = geometry.boundary;
  const firstOpening = pieces.findIndex((p) => p.kind === 'opening');
  if (firstOpening < 0) throw new Error('the table outline has no pockets');
  const result: CushionOutline[] = [];
  let chain: BoundaryPiece[] = [];
  for (let k = 1; k <= pieces.length; k++) {
    const piece = pieces[(firstOpening + k) % pieces.length];
    if (piece === undefined) throw new Error('boundary index out of range');
    if (piece.kind !== 'opening') {
      chain.push(piece);
      continue;
    }
    result.push(cushionFromChain(chain, cushionWidth));
    chain = [];
  }
  return result;
}

function cushionFromChain(chain: readonly BoundaryPiece[], cushionWidth: number): CushionOutline {
  const first = chain[0];
  const last = chain[chain.length - 1];
  const nose = chain.find((p) => p.kind === 'cushion' && p.segment.kind === 'nose');
  if (first === undefined || last === undefined || nose === undefined || nose.kind !== 'cushion') {
    throw new Error('a cushion chain without a nose');
  }
  const face: Point[] = [];
  for (const piece of chain) face.push(...piecePoints(piece).slice(0, -1));
  face.push(last.to);
  const n = nose.segment.normal;
  // The rail line: n·p = n·a − cushionWidth (n points into the playing area).
  const railLevel = n.x * nose.segment.a.x + n.y * nose.segment.a.y - cushionWidth;
  const toRail = (from: Point, direction: Point): Point => {
    const along = n.x * direction.x + n.y * direction.y;
    if (!(along < 0))
      throw new Error(`cushion ${nose.segment.id}: a pocket end does not lead away from the bed`);
    const s = (railLevel - (n.x * from.x + n.y * from.y)) / along;
    return point(from.x + s * direction.x, from.y + s * direction.y);
  };
  const endDirection = tangent(last, true);
  const startInto = tangent(first, false);
  const railEnd = toRail(last.to, endDirection);
  const railStart = toRail(first.from, point(-startInto.x, -startInto.y));
  const pocketOf = (piece: BoundaryPiece): PocketId => {
    if (piece.kind === 'jaw') return piece.jaw.pocket;
    if (piece.kind === 'cushion' && piece.segment.pocket !== null) return piece.segment.pocket;
    throw new Error(`cushion ${nose.segment.id} does not end in a pocket`);
  };
  return {
    id: nose.segment.id,
    face,
    polygon: [...face, railEnd, railStart],
    railStart,
    railEnd,
    startPocket: pocketOf(first),
    endPocket: pocketOf(last),
  };
}

/** A circle in plan. */
export interface Circle {
  readonly centre: Point;
  readonly radius: number;
}

/**
 * The round cut a pocket makes in the rail: a circle of `radius` through the two points where the
 * pocket's cushion ends meet the rail line, centred away from the bed, so the channel between the
 * jaws opens into it without a step.
 */
export function pocketCuts(
  geometry: TableGeometry,
  cushions: readonly CushionOutline[],
  radius: number,
): Map<PocketId, Circle> {
  const cuts = new Map<PocketId, Circle>();
  for (const capture of geometry.pockets) {
    const before = cushions.find((c) => c.endPocket === capture.id);
    const after = cushions.find((c) => c.startPocket === capture.id);
    if (before === undefined || after === undefined) throw new Error(`pocket ${capture.id} has no cushions`);
    const a = before.railEnd;
    const b = after.railStart;
    const mid = point((a.x + b.x) / 2, (a.y + b.y) / 2);
    const half = Math.hypot(b.x - a.x, b.y - a.y) / 2;
    const r = Math.max(radius, half + 1);
    const out = Math.sqrt(r * r - half * half);
    cuts.set(capture.id, {
      centre: point(mid.x + capture.axis.x * out, mid.y + capture.axis.y * out),
      radius: r,
    });
  }
  return cuts;
}

/** An axis-aligned rectangle in plan. */
export interface Rect {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The rectangle the cushions' backs form (the rail line) and the table's outer edge. */
export function tableRects(
  geometry: TableGeometry,
  dims: TableDimensionsInPlan,
): { readonly rail: Rect; readonly outer: Rect } {
  const { length, width } = geometry.spec;
  const c = dims.cushionWidth;
  const o = c + dims.railWidth;
  return {
    rail: { minX: -c, minY: -c, maxX: length + c, maxY: width + c },
    outer: { minX: -o, minY: -o, maxX: length + o, maxY: width + o },
  };
}

/** A rectangle's corners counter-clockwise from (minX, minY). */
export function rectCorners(r: Rect): Point[] {
  return [point(r.minX, r.minY), point(r.maxX, r.minY), point(r.maxX, r.maxY), point(r.minX, r.maxY)];
}

/**
 * The inner edge of the wooden rail: the rail-line rectangle united with the pocket cuts, walked
 * counter-clockwise. Each circle must cross the rectangle's perimeter exactly twice (it sits on an edge
 * or over a corner), which the cuts built by `pocketCuts` do; the walk starts in the middle of the
 * front edge, where there is no pocket. `arcs` are the parts of the circles on the contour (the
 * pocket walls in the rail), each counter-clockwise.
 */
export function railInnerContour(
  rect: Rect,
  circles: readonly Circle[],
  step = Math.PI / 36,
): { readonly contour: Point[]; readonly arcs: { readonly circle: Circle; readonly points: Point[] }[] } {
  const { minX, minY, maxX, maxY } = rect;
  const w = maxX - minX;
  const h = maxY - minY;
  // Perimeter from the middle of the front edge (x = minX), going toward −y, i.e. counter-clockwise.
  const corners: { s: number; p: Point }[] = [
    { s: h / 2, p: point(minX, minY) },
    { s: h / 2 + w, p: point(maxX, minY) },
    { s: (3 * h) / 2 + w, p: point(maxX, maxY) },
    { s: (3 * h) / 2 + 2 * w, p: point(minX, maxY) },
  ];
  const total = 2 * (w + h);
  const edges: { from: Point; to: Point; s0: number }[] = [
    { from: point(minX, minY + h / 2), to: point(minX, minY), s0: 0 },
    { from: point(minX, minY), to: point(maxX, minY), s0: h / 2 },
    { from: point(maxX, minY), to: point(maxX, maxY), s0: h / 2 + w },
    { from: point(maxX, maxY), to: point(minX, maxY), s0: (3 * h) / 2 + w },
    { from: point(minX, maxY), to: point(minX, minY + h / 2), s0: (3 * h) / 2 + 2 * w },
  ];
  const spans = circles.map((circle) => {
    const hits: { s: number; p: Point }[] = [];
    for (const edge of edges) {
      for (const t of segmentCircle(edge.from, edge.to, circle)) {
        const len = Math.hypot(edge.to.x - edge.from.x, edge.to.y - edge.from.y);
        hits.push({
          s: edge.s0 + t * len,
          p: point(edge.from.x + t * (edge.to.x - edge.from.x), edge.from.y + t * (edge.to.y - edge.from.y)),
        });
      }
    }
    hits.sort((a, b) => a.s - b.s);
    const entry = hits[0];
    const exit = hits[hits.length - 1];
    if (hits.length !== 2 || entry === undefined || exit === undefined) {
      throw new Error(`a pocket cut crosses the rail line ${hits.length} times`);
    }
    return { circle, entry, exit };
  });
  spans.sort((a, b) => a.entry.s - b.entry.s);
  const contour: Point[] = [point(minX, minY + h / 2)];
  const arcs: { circle: Circle; points: Point[] }[] = [];
  let s = 0;
  for (const span of spans) {
    for (const corner of corners) if (corner.s > s && corner.s < span.entry.s) contour.push(corner.p);
    const arc: Point[] = [span.entry.p];
    // Around the circle counter-clockwise, like the walk: the outside of the rectangle.
    const { centre, radius } = span.circle;
    const a0 = Math.atan2(span.entry.p.y - centre.y, span.entry.p.x - centre.x);
    let a1 = Math.atan2(span.exit.p.y - centre.y, span.exit.p.x - centre.x);
    while (a1 <= a0) a1 += 2 * Math.PI;
    const n = Math.max(2, Math.ceil((a1 - a0) / step));
    for (let i = 1; i < n; i++) {
      const angle = a0 + ((a1 - a0) * i) / n;
      arc.push(point(centre.x + radius * Math.cos(angle), centre.y + radius * Math.sin(angle)));
    }
    arc.push(span.exit.p);
    contour.push(...arc);
    arcs.push({ circle: span.circle, points: arc });
    s = span.exit.s;
  }
  for (const corner of corners) if (corner.s > s && corner.s < total) contour.push(corner.p);
  return { contour, arcs };
}

/** Parameters t ∈ [0, 1] where the segment a→b crosses the circle. */
function segmentCircle(a: Point, b: Point, circle: Circle): number[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const fx = a.x - circle.centre.x;
  const fy = a.y - circle.centre.y;
  const A = dx * dx + dy * dy;
  const B = 2 * (fx * dx + fy * dy);
  const C = fx * fx + fy * fy - circle.radius * circle.radius;
  const disc = B * B - 4 * A * C;
  if (disc <= 0) return [];
  const root = Math.sqrt(disc);
  return [(-B - root) / (2 * A), (-B + root) / (2 * A)].filter((t) => t >= 0 && t < 1);
}

/**
 * Sights on the rail tops, as on a Russian table: between the pockets every eighth of the length on
 * the long rails and every quarter of the width on the short ones, halfway across the rail.
 */
export function sightPositions(geometry: TableGeometry, dims: TableDimensionsInPlan): Point[] {
  const { length, width } = geometry.spec;
  const mid = dims.cushionWidth + dims.railWidth / 2;
  const sights: Point[] = [];
  for (let k = 1; k < 8; k++) {
    if (k === 4) continue;
    sights.push(point((length * k) / 8, -mid), point((length * k) / 8, width + mid));
  }
  for (let k = 1; k < 4; k++) sights.push(point(-mid, (width * k) / 4), point(length + mid, (width * k) / 4));
  return sights;
}

/** Signed area (positive counter-clockwise). */
export function signedArea(polygon: readonly Point[]): number {
  let area = 0;
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i];
    const q = polygon[(i + 1) % polygon.length];
    if (p === undefined || q === undefined) continue;
    area += p.x * q.y - q.x * p.y;
  }
  return area / 2;
}
