import {
  buildTableGeometry,
  type JawArc,
  type Point,
  PRESET_7FT,
  PRESET_12FT,
  type TableGeometry,
} from '@pyramid/table';
import { describe, expect, it } from 'vitest';
import {
  bedOutline,
  cushionOutlines,
  planDimensions,
  pocketCuts,
  railInnerContour,
  sampleArc,
  signedArea,
  tableRects,
} from '../src/view/outline.js';

const close = (p: Point, q: Point, eps = 1e-9): boolean => Math.hypot(p.x - q.x, p.y - q.y) <= eps;

/** Distance from p to the segment a–b. */
function toSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

for (const preset of [PRESET_12FT, PRESET_7FT]) {
  const geometry: TableGeometry = buildTableGeometry(preset);
  const dims = planDimensions(geometry);
  const { length, width } = geometry.spec;

  describe(`the table in plan (${preset.name})`, () => {
    it('samples each jaw arc on its circle, from its start to its end, turning clockwise', () => {
      for (const jaw of geometry.jaws) {
        const points = sampleArc(jaw);
        expect(points[0]).toBe(jaw.from);
        expect(points[points.length - 1]).toBe(jaw.to);
        for (const p of points) {
          expect(Math.hypot(p.x - jaw.centre.x, p.y - jaw.centre.y)).toBeCloseTo(jaw.radius, 9);
        }
        // Clockwise: the cross product of successive radii is negative.
        for (let i = 1; i < points.length; i++) {
          const a = points[i - 1] as Point;
          const b = points[i] as Point;
          const cross =
            (a.x - jaw.centre.x) * (b.y - jaw.centre.y) - (a.y - jaw.centre.y) * (b.x - jaw.centre.x);
          expect(cross).toBeLessThan(0);
        }
      }
    });

    it('outlines the cloth counter-clockwise through every nose end and jaw point of the geometry', () => {
      const outline = bedOutline(geometry);
      // Counter-clockwise, and the playing area within a fraction of a percent: the corners are cut by
      // the corner pockets' mouths and the middle mouths add a little.
      const area = signedArea(outline);
      expect(Math.abs(area / (length * width) - 1)).toBeLessThan(0.002);
      expect(area).not.toBeCloseTo(length * width, 0);
      for (const segment of geometry.cushions) {
        expect(outline.some((p) => close(p, segment.a))).toBe(true);
        expect(outline.some((p) => close(p, segment.b))).toBe(true);
      }
      for (const jaw of geometry.jaws) {
        const onArc = outline.filter(
          (p) => Math.abs(Math.hypot(p.x - jaw.centre.x, p.y - jaw.centre.y) - jaw.radius) < 1e-9,
        );
        expect(onArc.length).toBeGreaterThanOrEqual(3);
      }
    });

    it('builds six closed cushions whose faces are exactly the boundary between two openings', () => {
      const cushions = cushionOutlines(geometry, dims.cushionWidth);
      expect(cushions.map((c) => c.id).sort()).toEqual(
        ['back', 'front', 'left-back', 'left-front', 'right-back', 'right-front'].sort(),
      );
      const openings = geometry.boundary.filter((p) => p.kind === 'opening');
      for (const cushion of cushions) {
        const first = cushion.face[0] as Point;
        const last = cushion.face[cushion.face.length - 1] as Point;
        // It starts where an opening ends and ends where an opening starts: nothing is left out.
        expect(openings.some((o) => close(o.to, first))).toBe(true);
        expect(openings.some((o) => close(o.from, last))).toBe(true);
        // The body is on the right of the walk (the table on the left), so the polygon runs clockwise.
        expect(signedArea(cushion.polygon)).toBeLessThan(0);
        // Its back lies on the rail line, cushionWidth behind its nose.
        const nose = geometry.cushions.find((s) => s.id === cushion.id);
        if (nose === undefined) throw new Error(`no nose ${cushion.id}`);
        for (const p of [cushion.railStart, cushion.railEnd]) {
          const depth = nose.normal.x * (p.x - nose.a.x) + nose.normal.y * (p.y - nose.a.y);
          expect(depth).toBeCloseTo(-dims.cushionWidth, 9);
        }
        // Every jaw arc of the cushion's face is the geometry's own arc.
        const jaws: JawArc[] = geometry.jaws.filter((j) => j.id.endsWith(`/${cushion.id}`));
        expect(jaws).toHaveLength(2);
        for (const jaw of jaws) {
          expect(cushion.face.some((p) => close(p, jaw.from))).toBe(true);
          expect(cushion.face.some((p) => close(p, jaw.to))).toBe(true);
        }
      }
    });

    it('cuts the rail so that each pocket channel opens into its round cut', () => {
      const cushions = cushionOutlines(geometry, dims.cushionWidth);
      const cuts = pocketCuts(geometry, cushions, dims.pocketCutRadius);
      expect(cuts.size).toBe(6);
      for (const cushion of cushions) {
        const atEnd = cuts.get(cushion.endPocket);
        const atStart = cuts.get(cushion.startPocket);
        if (atEnd === undefined || atStart === undefined) throw new Error('missing cut');
        for (const [cut, p] of [
          [atEnd, cushion.railEnd],
          [atStart, cushion.railStart],
        ] as const) {
          expect(Math.hypot(p.x - cut.centre.x, p.y - cut.centre.y)).toBeCloseTo(cut.radius, 6);
        }
      }
      const { rail } = tableRects(geometry, dims);
      const { contour, arcs } = railInnerContour(rail, [...cuts.values()]);
      expect(arcs).toHaveLength(6);
      // Every contour point is on the rail rectangle's edge or on a cut circle, and outside the rectangle's
      // interior: the rail never covers the cushions.
      for (const p of contour) {
        const onEdge =
          (Math.abs(p.x - rail.minX) < 1e-6 || Math.abs(p.x - rail.maxX) < 1e-6) &&
          p.y >= rail.minY - 1e-6 &&
          p.y <= rail.maxY + 1e-6;
        const onEdgeY =
          (Math.abs(p.y - rail.minY) < 1e-6 || Math.abs(p.y - rail.maxY) < 1e-6) &&
          p.x >= rail.minX - 1e-6 &&
          p.x <= rail.maxX + 1e-6;
        const onCircle = [...cuts.values()].some(
          (c) => Math.abs(Math.hypot(p.x - c.centre.x, p.y - c.centre.y) - c.radius) < 1e-6,
        );
        expect(onEdge || onEdgeY || onCircle).toBe(true);
        const inside =
          p.x > rail.minX + 1e-6 &&
          p.x < rail.maxX - 1e-6 &&
          p.y > rail.minY + 1e-6 &&
          p.y < rail.maxY - 1e-6;
        expect(inside).toBe(false);
      }
      // Counter-clockwise and larger than the rectangle by the six cuts.
      const rectArea = (rail.maxX - rail.minX) * (rail.maxY - rail.minY);
      expect(signedArea(contour)).toBeGreaterThan(rectArea);
      // The rectangle's corners are inside the corner cuts, so they are not on the contour.
      for (const corner of [
        { x: rail.minX, y: rail.minY },
        { x: rail.maxX, y: rail.maxY },
      ]) {
        expect(contour.some((p) => close(p, corner, 1e-6))).toBe(false);
      }
    });

    it('keeps the nose segments on the cushion faces unchanged', () => {
      const cushions = cushionOutlines(geometry, dims.cushionWidth);
      for (const segment of geometry.cushions.filter((s) => s.kind === 'nose')) {
        const cushion = cushions.find((c) => c.id === segment.id);
        if (cushion === undefined) throw new Error(`no cushion ${segment.id}`);
        const i = cushion.face.findIndex((p) => close(p, segment.a));
        const next = cushion.face[i + 1];
        expect(i).toBeGreaterThanOrEqual(0);
        expect(next !== undefined && close(next, segment.b)).toBe(true);
        // Nothing of the face pokes into the playing area beyond the nose line.
        for (const p of cushion.face) {
          const depth = segment.normal.x * (p.x - segment.a.x) + segment.normal.y * (p.y - segment.a.y);
          expect(depth).toBeLessThanOrEqual(1e-9);
        }
        expect(toSegment(segment.a, segment.a, segment.b)).toBe(0);
      }
    });
  });
}
