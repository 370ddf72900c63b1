/**
 * The table's boundary as the simulator sees it: the cushion nose segments, jaw tips and pocket
 * openings (fall edge and hole) of `@pyramid/table`, converted once from millimetres to metres and
 * laid out in flat arrays for the event loop.
 */
import type { TableGeometry } from '@pyramid/table';

export interface Boundary {
  readonly length: number;
  readonly width: number;
  readonly segmentIds: readonly string[];
  /** Per segment: ax, ay, bx, by, nx, ny (normal into the table), length. */
  readonly segments: Float64Array;
  readonly jawIds: readonly string[];
  readonly jawPockets: readonly string[];
  /** Per jaw: cx, cy, radius. */
  readonly jaws: Float64Array;
  readonly pocketIds: readonly string[];
  /**
   * Per pocket (POCKET_STRIDE): fx, fy (the middle of the fall edge), ux, uy (the axis, into the
   * pocket), half the throat, the opening's depth behind the edge, the fall depth behind the mouth line,
   * half the mouth.
   */
  readonly pockets: Float64Array;
}

export const SEGMENT_STRIDE = 7;
export const CIRCLE_STRIDE = 3;
export const POCKET_STRIDE = 8;

export function boundaryOf(geometry: TableGeometry): Boundary {
  const mm = 0.001;
  const segments = new Float64Array(geometry.cushions.length * SEGMENT_STRIDE);
  geometry.cushions.forEach((c, k) => {
    const o = k * SEGMENT_STRIDE;
    segments[o] = c.a.x * mm;
    segments[o + 1] = c.a.y * mm;
    segments[o + 2] = c.b.x * mm;
    segments[o + 3] = c.b.y * mm;
    segments[o + 4] = c.normal.x;
    segments[o + 5] = c.normal.y;
    segments[o + 6] = Math.sqrt((c.b.x - c.a.x) * (c.b.x - c.a.x) + (c.b.y - c.a.y) * (c.b.y - c.a.y)) * mm;
  });
  const jaws = new Float64Array(geometry.jaws.length * CIRCLE_STRIDE);
  geometry.jaws.forEach((j, k) => {
    jaws[k * 3] = j.centre.x * mm;
    jaws[k * 3 + 1] = j.centre.y * mm;
    jaws[k * 3 + 2] = j.radius * mm;
  });
  const pockets = new Float64Array(geometry.pockets.length * POCKET_STRIDE);
  geometry.pockets.forEach((p, k) => {
    const o = k * POCKET_STRIDE;
    pockets[o] = (p.mouthCentre.x + p.axis.x * p.fallDepth) * mm;
    pockets[o + 1] = (p.mouthCentre.y + p.axis.y * p.fallDepth) * mm;
    pockets[o + 2] = p.axis.x;
    pockets[o + 3] = p.axis.y;
    pockets[o + 4] = (p.throatWidth / 2) * mm;
    pockets[o + 5] = p.openingDepth * mm;
    pockets[o + 6] = p.fallDepth * mm;
    pockets[o + 7] = (p.mouthWidth / 2) * mm;
  });
  return {
    length: geometry.spec.length * mm,
    width: geometry.spec.width * mm,
    segmentIds: geometry.cushions.map((c) => c.id),
    segments,
    jawIds: geometry.jaws.map((j) => j.id),
    jawPockets: geometry.jaws.map((j) => j.pocket),
    jaws,
    pocketIds: geometry.pockets.map((p) => p.id),
    pockets,
  };
}
