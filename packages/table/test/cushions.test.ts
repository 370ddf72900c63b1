import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BoundaryPiece,
  buildTableGeometry,
  type CushionSegment,
  type JawArc,
  makeTablePreset,
  POCKET_IDS,
  type PocketId,
  type PocketOpening,
  type Point,
  PRESET_12FT,
  PRESETS,
  pocketCentre,
  type TableGeometry,
  type TablePreset,
} from '../src/index.js';

const EPS = 1e-9;

// --- plane geometry, independent of the implementation ---
const v = (x: number, y: number): Point => ({ x, y });
const add = (p: Point, q: Point): Point => v(p.x + q.x, p.y + q.y);
const sub = (p: Point, q: Point): Point => v(p.x - q.x, p.y - q.y);
const scale = (p: Point, k: number): Point => v(p.x * k, p.y * k);
const dot = (p: Point, q: Point): number => p.x * q.x + p.y * q.y;
const cross = (p: Point, q: Point): number => p.x * q.y - p.y * q.x;
const len = (p: Point): number => Math.hypot(p.x, p.y);
const dist = (p: Point, q: Point): number => len(sub(p, q));
const left = (p: Point): Point => v(-p.y, p.x);
const rotate = (p: Point, angle: number): Point =>
  v(p.x * Math.cos(angle) - p.y * Math.sin(angle), p.x * Math.sin(angle) + p.y * Math.cos(angle));

function pointToSegment(p: Point, a: Point, b: Point): number {
  const ab = sub(b, a);
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / dot(ab, ab)));
  return dist(p, add(a, scale(ab, t)));
}

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(sub(b, a), sub(c, a));
  const d2 = cross(sub(b, a), sub(d, a));
  const d3 = cross(sub(d, c), sub(a, c));
  const d4 = cross(sub(d, c), sub(b, c));
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function segmentToSegment(a: Point, b: Point, c: Point, d: Point): number {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(
    pointToSegment(a, c, d),
    pointToSegment(b, c, d),
    pointToSegment(c, a, b),
    pointToSegment(d, a, b),
  );
}

/** Depth of p behind the pocket's mouth line, along its axis. */
const depth = (pocket: PocketOpening, p: Point): number => dot(sub(p, pocket.mouthCentre), pocket.axis);
/** Unit vector across the pocket axis. */
const across = (pocket: PocketOpening): Point => left(pocket.axis);

/** The outline as a polygon: arcs sampled finely, openings closed by their chords. */
function outlinePolygon(g: TableGeometry): Point[] {
  const polygon: Point[] = [];
  for (const piece of g.boundary) {
    if (piece.kind === 'jaw') {
      const { centre, radius, startAngle, sweep } = piece.jaw;
      for (let i = 0; i < 64; i++) {
        const angle = startAngle + (sweep * i) / 64;
        polygon.push(add(centre, v(radius * Math.cos(angle), radius * Math.sin(angle))));
      }
    } else {
      polygon.push(piece.from);
    }
  }
  return polygon;
}

function inside(polygon: readonly Point[], p: Point): boolean {
  let odd = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

/** Unit direction of travel at the start or the end of a piece. */
function tangent(piece: BoundaryPiece, at: 'from' | 'to'): Point {
  if (piece.kind === 'jaw') {
    const radial = sub(piece[at], piece.jaw.centre);
    // Clockwise travel about the centre.
    return scale(v(radial.y, -radial.x), 1 / len(radial));
  }
  const d = sub(piece.to, piece.from);
  return scale(d, 1 / len(d));
}

function jawsOf(g: TableGeometry, id: PocketId): readonly [JawArc, JawArc] {
  const jaws = g.jaws.filter((jaw) => jaw.pocket === id);
  expect(jaws).toHaveLength(2);
  return [jaws[0]!, jaws[1]!];
}

function facingsOf(g: TableGeometry, id: PocketId): readonly CushionSegment[] {
  return g.cushions.filter((segment) => segment.pocket === id);
}

function isValidBallCentre(g: TableGeometry, p: Point): boolean {
  const r = g.ballRadius;
  return (
    g.cushions.every((s) => pointToSegment(p, s.a, s.b) >= r - EPS) &&
    g.jaws.every((jaw) => dist(p, jaw.centre) >= r + jaw.radius - EPS)
  );
}

const NOSE_LINES: Readonly<Record<string, (g: TableGeometry) => { axis: 'x' | 'y'; at: number }>> = {
  front: () => ({ axis: 'x', at: 0 }),
  back: (g) => ({ axis: 'x', at: g.spec.length }),
  'right-front': () => ({ axis: 'y', at: 0 }),
  'right-back': () => ({ axis: 'y', at: 0 }),
  'left-front': (g) => ({ axis: 'y', at: g.spec.width }),
  'left-back': (g) => ({ axis: 'y', at: g.spec.width }),
};

/** Not a real table: checks that the construction also holds when the facings open out behind the mouth. */
const ANGLED: TablePreset = (() => {
  const { name: _name, sources, ...dimensions } = PRESET_12FT;
  return makeTablePreset(
    '12 ft, angled facings',
    { ...dimensions, cornerFacingAngle: 8, middleFacingAngle: 12 },
    sources,
  );
})();

describe.each([...Object.entries(PRESETS), ['angled facings', ANGLED] as const])(
  'table geometry, %s preset',
  (_key, preset: TablePreset) => {
    const g = buildTableGeometry(preset);
    const R = g.ballRadius;
    const L = preset.length;
    const W = preset.width;
    const tableCentre = v(L / 2, W / 2);
    const polygon = outlinePolygon(g);
    const mouthOf = (p: PocketOpening) => (p.kind === 'corner' ? preset.cornerMouth : preset.middleMouth);
    const corridorOf = (p: PocketOpening) =>
      p.kind === 'corner' ? preset.cornerCorridor : preset.middleCorridor;
    const fallDepthOf = (p: PocketOpening) =>
      p.kind === 'corner' ? preset.cornerFallDepth : preset.middleFallDepth;
    const facingAngleOf = (p: PocketOpening) =>
      ((p.kind === 'corner' ? preset.cornerFacingAngle : preset.middleFacingAngle) * Math.PI) / 180;
    const jawRadiusOf = (p: PocketOpening) =>
      p.kind === 'corner' ? preset.cornerJawRadius : preset.middleJawRadius;
    /** Signed distance across the axis (positive to the left of the axis as it points out). */
    const lateralOf = (pocket: PocketOpening, p: Point): number =>
      dot(sub(p, pocket.mouthCentre), across(pocket));
    /** Past the fall edge and between the walls: where a ball on the cloth falls. */
    const pastEdge = (pocket: PocketOpening, p: Point): boolean =>
      depth(pocket, p) > pocket.fallDepth && Math.abs(lateralOf(pocket, p)) <= pocket.throatWidth / 2;

    it('has six noses, two jaws per pocket, facings only where there is a corridor', () => {
      expect(g.cushions.filter((s) => s.kind === 'nose').map((s) => s.id)).toEqual([
        'right-front',
        'right-back',
        'back',
        'left-back',
        'left-front',
        'front',
      ]);
      expect(g.jaws).toHaveLength(12);
      expect(g.pockets.map((p) => p.id)).toEqual([...POCKET_IDS]);
      for (const pocket of g.pockets) {
        expect(facingsOf(g, pocket.id)).toHaveLength(corridorOf(pocket) > 0 ? 2 : 0);
      }
    });

    it('every normal is unit and points into the playing area', () => {
      for (const s of g.cushions) {
        expect(len(s.normal), s.id).toBeCloseTo(1, 12);
        // The playing area is on the left of the counter-clockwise walk.
        const direction = sub(s.b, s.a);
        expect(dot(s.normal, direction), s.id).toBeCloseTo(0, 9);
        expect(cross(direction, s.normal), s.id).toBeGreaterThan(0);
        // Noses face the table centre; a facing faces its pocket's channel (the centre of its mouth).
        const target =
          s.kind === 'nose' ? tableCentre : g.pockets.find((p) => p.id === s.pocket)!.mouthCentre;
        expect(dot(s.normal, sub(target, s.a)), s.id).toBeGreaterThan(0);
        // Just off the middle of the segment: inside on the normal side, outside (in the cushion) behind it.
        const mid = scale(add(s.a, s.b), 0.5);
        expect(inside(polygon, add(mid, scale(s.normal, 1e-3))), s.id).toBe(true);
        expect(inside(polygon, add(mid, scale(s.normal, -1e-3))), s.id).toBe(false);
      }
      for (const jaw of g.jaws) {
        const outward = rotate(v(1, 0), jaw.startAngle + jaw.sweep / 2);
        expect(inside(polygon, add(jaw.centre, scale(outward, jaw.radius + 1e-3))), jaw.id).toBe(true);
        expect(inside(polygon, add(jaw.centre, scale(outward, jaw.radius - 1e-3))), jaw.id).toBe(false);
      }
    });

    it('puts the long noses at y = 0 and y = W, the short ones at x = 0 and x = L', () => {
      for (const s of g.cushions.filter((c) => c.kind === 'nose')) {
        const line = NOSE_LINES[s.id]!(g);
        expect(s.a[line.axis], s.id).toBe(line.at);
        expect(s.b[line.axis], s.id).toBe(line.at);
        expect(s.rail).toBe(s.id.split('-')[0]);
      }
      // The long rails are split at the centre line by the middle pockets.
      const rightFront = g.cushions.find((s) => s.id === 'right-front')!;
      const rightBack = g.cushions.find((s) => s.id === 'right-back')!;
      expect(rightFront.b.x).toBeLessThan(L / 2);
      expect(rightBack.a.x).toBeGreaterThan(L / 2);
      expect(L / 2 - rightFront.b.x).toBeCloseTo(rightBack.a.x - L / 2, 9);
      // Jaws and facings are cushion: behind the nose lines, outside the playing rectangle.
      const behind = (p: Point) => p.x <= EPS || p.x >= L - EPS || p.y <= EPS || p.y >= W - EPS;
      for (const jaw of g.jaws) expect(behind(jaw.centre), jaw.id).toBe(true);
      for (const s of g.cushions.filter((c) => c.kind === 'facing')) {
        expect(behind(s.a) && behind(s.b), s.id).toBe(true);
      }
    });

    it('leaves exactly the preset mouth between the two jaw tips, symmetric about the pocket axis', () => {
      for (const pocket of g.pockets) {
        const [a, b] = jawsOf(g, pocket.id);
        const clear = dist(a.centre, b.centre) - a.radius - b.radius;
        expect(Math.abs(clear - mouthOf(pocket)), pocket.id).toBeLessThan(EPS);
        expect(pocket.mouthWidth).toBe(mouthOf(pocket));
        expect(a.radius).toBe(pocket.kind === 'corner' ? preset.cornerJawRadius : preset.middleJawRadius);
        // Both centres on the mouth line (depth 0), at equal distances either side of the axis.
        expect(Math.abs(depth(pocket, a.centre)), pocket.id).toBeLessThan(EPS);
        expect(Math.abs(depth(pocket, b.centre)), pocket.id).toBeLessThan(EPS);
        expect(
          Math.abs(
            dot(sub(a.centre, pocket.mouthCentre), across(pocket)) +
              dot(sub(b.centre, pocket.mouthCentre), across(pocket)),
          ),
        ).toBeLessThan(EPS);
        // The axis runs outward through where the noses meet (corners) or the centre line (middles).
        const p = pocketCentre(g.spec, pocket.id);
        expect(Math.abs(cross(pocket.axis, sub(pocket.mouthCentre, p))), pocket.id).toBeLessThan(EPS);
        expect(len(pocket.axis)).toBeCloseTo(1, 12);
        expect(dot(pocket.axis, sub(p, tableCentre)), pocket.id).toBeGreaterThan(0);
        // The facings: tangent to the tips, at the facing angle to the axis, ending `corridor` deeper.
        const alpha = facingAngleOf(pocket);
        for (const facing of facingsOf(g, pocket.id)) {
          const [shallow, deep] =
            depth(pocket, facing.a) < depth(pocket, facing.b) ? [facing.a, facing.b] : [facing.b, facing.a];
          const jaw = [a, b].find((j) => Math.abs(dist(shallow, j.centre) - j.radius) < EPS);
          expect(jaw, facing.id).toBeDefined();
          const wall = sub(deep, shallow);
          expect(Math.acos(Math.min(1, dot(wall, pocket.axis) / len(wall))), facing.id).toBeCloseTo(alpha, 9);
          expect(depth(pocket, shallow), facing.id).toBeCloseTo(jawRadiusOf(pocket) * Math.sin(alpha), 12);
          expect(depth(pocket, deep), facing.id).toBeCloseTo(corridorOf(pocket), 12);
          // Never closer to the axis than the tips: the mouth stays the narrowest gap.
          const halfGap = Math.abs(dot(sub(shallow, pocket.mouthCentre), across(pocket)));
          expect(halfGap, facing.id).toBeGreaterThanOrEqual(mouthOf(pocket) / 2 - EPS);
        }
        // The rounding wraps from the nose to the facing: 45° + α at a corner, 90° + α at a middle.
        for (const jaw of [a, b]) {
          expect(-jaw.sweep, jaw.id).toBeCloseTo(
            (pocket.kind === 'corner' ? Math.PI / 4 : Math.PI / 2) + alpha,
            12,
          );
        }
      }
    });

    it('lets a ball along the axis through with offset up to (mouth − D)/2, and not beyond', () => {
      for (const pocket of g.pockets) {
        const [a, b] = jawsOf(g, pocket.id);
        const maxOffset = (mouthOf(pocket) - 2 * R) / 2;
        const path = (offset: number) => {
          const start = add(add(pocket.mouthCentre, scale(pocket.axis, -300)), scale(across(pocket), offset));
          const end = add(
            add(pocket.mouthCentre, scale(pocket.axis, fallDepthOf(pocket) + 5)),
            scale(across(pocket), offset),
          );
          return { start, end };
        };
        for (const offset of [-maxOffset, -maxOffset / 2, 0, maxOffset / 2, maxOffset]) {
          const { start, end } = path(offset);
          for (const jaw of [a, b]) {
            expect(pointToSegment(jaw.centre, start, end), `${pocket.id} ${offset}`).toBeGreaterThanOrEqual(
              R + jaw.radius - EPS,
            );
          }
          for (const s of g.cushions) {
            expect(
              segmentToSegment(start, end, s.a, s.b),
              `${pocket.id} ${offset} ${s.id}`,
            ).toBeGreaterThanOrEqual(R - EPS);
          }
          // …and, having passed, its centre is past the fall edge, over the hole: it falls.
          expect(pastEdge(pocket, end), `${pocket.id} ${offset}`).toBe(true);
        }
        for (const offset of [-maxOffset - 0.01, maxOffset + 0.01, maxOffset + 5]) {
          const { start, end } = path(offset);
          const closest = Math.min(
            ...[a, b].map((jaw) => pointToSegment(jaw.centre, start, end) - R - jaw.radius),
          );
          expect(closest, `${pocket.id} ${offset}`).toBeLessThan(0);
        }
      }
    });

    it('puts every fall edge across the channel, wall to wall, symmetric, behind or on the mouth line', () => {
      for (const pocket of g.pockets) {
        const { from, to } = pocket.fallEdge;
        expect(pocket.fallDepth).toBe(fallDepthOf(pocket));
        expect(pocket.fallDepth).toBeGreaterThanOrEqual(0);
        expect(Math.abs(depth(pocket, from) - pocket.fallDepth), pocket.id).toBeLessThan(EPS);
        expect(Math.abs(depth(pocket, to) - pocket.fallDepth), pocket.id).toBeLessThan(EPS);
        // Left and right walls mirror each other about the axis.
        expect(Math.abs(lateralOf(pocket, from) + lateralOf(pocket, to)), pocket.id).toBeLessThan(EPS);
        expect(Math.abs(dist(from, to) - pocket.throatWidth), pocket.id).toBeLessThan(EPS);
        // Each end lies on a wall: on a facing or on a jaw's rounding.
        const pieces = [...facingsOf(g, pocket.id)];
        const jaws = jawsOf(g, pocket.id);
        for (const end of [from, to]) {
          const onFacing = pieces.some((f) => pointToSegment(end, f.a, f.b) < 1e-7);
          const onJaw = jaws.some((j) => Math.abs(dist(end, j.centre) - j.radius) < 1e-7);
          expect(onFacing || onJaw, `${pocket.id} edge end on a wall`).toBe(true);
        }
        // The facings open behind the mouth (α ≥ 0): the throat is never narrower than the mouth.
        expect(pocket.throatWidth).toBeGreaterThanOrEqual(mouthOf(pocket) - EPS);
        // With parallel facings (α = 0) the throat is the mouth.
        if (facingAngleOf(pocket) === 0) expect(pocket.throatWidth).toBeCloseTo(mouthOf(pocket), 9);
        // The facings reach the fall edge.
        for (const f of pieces) {
          expect(Math.max(depth(pocket, f.a), depth(pocket, f.b))).toBeGreaterThanOrEqual(
            pocket.fallDepth - EPS,
          );
        }
        expect(pocket.openingDepth).toBe(pocket.throatWidth);
        // Whole bed: a ball lying on the slate within the nose rectangle is never past a fall edge.
        for (const corner of [
          v(R, R),
          v(L - R, R),
          v(R, W - R),
          v(L - R, W - R),
          v(L / 2, R),
          v(L / 2, W - R),
        ]) {
          expect(pastEdge(pocket, corner), pocket.id).toBe(false);
        }
      }
    });

    it('never puts a valid ball position in front of a mouth past a fall edge (random positions near the pockets)', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...g.pockets),
          fc.double({ min: -200, max: 0, noNaN: true }),
          fc.double({ min: -200, max: 200, noNaN: true }),
          (pocket, along, side) => {
            const p = add(add(pocket.mouthCentre, scale(pocket.axis, along)), scale(across(pocket), side));
            fc.pre(inside(polygon, p) && isValidBallCentre(g, p));
            return g.pockets.every((other) => !pastEdge(other, p));
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('brings every straight path that passes between the jaws untouched over the fall edge, a radius inside the throat', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...g.pockets),
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ min: -80, max: 80, noNaN: true }),
          (pocket, offsetFraction, angleDeg) => {
            const maxOffset = (mouthOf(pocket) - 2 * R) / 2;
            const crossing = add(pocket.mouthCentre, scale(across(pocket), offsetFraction * maxOffset));
            const direction = rotate(pocket.axis, (angleDeg * Math.PI) / 180);
            const start = add(crossing, scale(direction, -400));
            const end = add(crossing, scale(direction, 400));
            const toEdge = pocket.fallDepth / Math.cos((angleDeg * Math.PI) / 180);
            const atEdge = add(crossing, scale(direction, toEdge));
            // Only paths that touch no cushion piece on their way to the fall edge.
            fc.pre(g.jaws.every((jaw) => pointToSegment(jaw.centre, start, end) >= R + jaw.radius));
            fc.pre(g.cushions.every((s) => segmentToSegment(start, atEdge, s.a, s.b) >= R));
            return Math.abs(lateralOf(pocket, atEdge)) <= pocket.throatWidth / 2 - R + 1e-9;
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('is a closed outline: pieces meet, turn smoothly, and open only behind the six mouths', () => {
      const n = g.boundary.length;
      let turning = 0;
      for (let i = 0; i < n; i++) {
        const piece = g.boundary[i]!;
        const next = g.boundary[(i + 1) % n]!;
        expect(dist(piece.to, next.from), `${i}`).toBeLessThan(EPS);
        if (piece.kind !== 'opening' && next.kind !== 'opening') {
          // Tangent continuity: a nose or facing leaves/enters its jaw rounding without a kink.
          expect(dist(tangent(piece, 'to'), tangent(next, 'from')), `${i}`).toBeLessThan(EPS);
        }
        if (piece.kind === 'jaw') {
          expect(Math.abs(dist(piece.from, piece.jaw.centre) - piece.jaw.radius)).toBeLessThan(EPS);
          expect(Math.abs(dist(piece.to, piece.jaw.centre) - piece.jaw.radius)).toBeLessThan(EPS);
          expect(piece.jaw.sweep).toBeLessThan(0);
          turning += piece.jaw.sweep;
        }
        const out = tangent(piece, 'to');
        const into = tangent(next, 'from');
        turning += Math.atan2(cross(out, into), dot(out, into));
      }
      // A simple closed counter-clockwise curve turns once.
      expect(turning).toBeCloseTo(2 * Math.PI, 9);

      const openings = g.boundary.filter((piece) => piece.kind === 'opening');
      expect(openings.map((o) => o.pocket).sort()).toEqual([...POCKET_IDS].sort());
      for (const opening of openings) {
        const pocket = g.pockets.find((p) => p.id === opening.pocket)!;
        expect(depth(pocket, opening.from)).toBeGreaterThanOrEqual(-EPS);
        expect(depth(pocket, opening.to)).toBeGreaterThanOrEqual(-EPS);
        // As wide as the mouth (parallel facings) or wider (facings opening out): the mouth is narrowest.
        const width = dist(opening.from, opening.to);
        if (facingAngleOf(pocket) === 0) expect(Math.abs(width - mouthOf(pocket))).toBeLessThan(EPS);
        else expect(width).toBeGreaterThan(mouthOf(pocket));
        // The neighbours of an opening are its own pocket's facings or jaws.
        const i = g.boundary.indexOf(opening);
        for (const neighbour of [g.boundary[(i + n - 1) % n]!, g.boundary[(i + 1) % n]!]) {
          const owner =
            neighbour.kind === 'jaw'
              ? neighbour.jaw.pocket
              : neighbour.kind === 'cushion'
                ? neighbour.segment.pocket
                : null;
          expect(owner).toBe(pocket.id);
        }
      }
    });

    it('does not cross itself', () => {
      const edges = polygon.map((p, i) => [p, polygon[(i + 1) % polygon.length]!] as const);
      const crossings: string[] = [];
      for (let i = 0; i < edges.length; i++) {
        for (let j = i + 2; j < edges.length; j++) {
          if (i === 0 && j === edges.length - 1) continue;
          const [a, b] = edges[i]!;
          const [c, d] = edges[j]!;
          if (segmentsCross(a, b, c, d)) crossings.push(`${i} × ${j}`);
        }
      }
      expect(crossings).toEqual([]);
    });

    it('is deeply frozen', () => {
      expect(Object.isFrozen(g)).toBe(true);
      for (const list of [g.cushions, g.jaws, g.pockets, g.boundary]) {
        expect(Object.isFrozen(list)).toBe(true);
        for (const item of list) expect(Object.isFrozen(item)).toBe(true);
      }
      for (const s of g.cushions) expect([s.a, s.b, s.normal].every(Object.isFrozen)).toBe(true);
      for (const p of g.pockets) {
        expect(
          [p.mouthCentre, p.axis, p.fallEdge, p.fallEdge.from, p.fallEdge.to].every(Object.isFrozen),
        ).toBe(true);
      }
    });
  },
);

describe('12 ft pockets, worked by hand', () => {
  const g = buildTableGeometry();
  const jaw = (id: string) => g.jaws.find((j) => j.id === id)!;
  const near = (p: Point, x: number, y: number) => {
    expect(p.x).toBeCloseTo(x, 9);
    expect(p.y).toBeCloseTo(y, 9);
  };

  it('defaults to the 12 ft preset', () => {
    expect(g.preset).toBe(PRESET_12FT);
    expect(g.ballRadius).toBe(34);
  });

  it('corner FR: jaw centres 5 behind the noses, √2·(72.5/2 + 5) across the diagonal', () => {
    const k = Math.SQRT2 * (72.5 / 2 + 5) - 5; // 53.336
    near(jaw('FR/front').centre, -5, k);
    near(jaw('FR/right-front').centre, k, -5);
    near(jaw('FR/front').from, 0, k);
    const mouth = g.pockets.find((p) => p.id === 'FR')!;
    near(mouth.mouthCentre, (k - 5) / 2, (k - 5) / 2);
    near(mouth.axis, -Math.SQRT1_2, -Math.SQRT1_2);
    // Fall edge 5.5 behind the mouth line, from facing end to facing end (E = (−5.35, 45.91) and its
    // mirror image): throat 72.5, the mouth, since the facings are parallel to the axis.
    const e = (k - 5) / 2 - 5.5 * Math.SQRT1_2;
    near(mouth.fallEdge.from, e + 36.25 * Math.SQRT1_2, e - 36.25 * Math.SQRT1_2);
    near(mouth.fallEdge.to, e - 36.25 * Math.SQRT1_2, e + 36.25 * Math.SQRT1_2);
    expect(mouth.throatWidth).toBeCloseTo(72.5, 9);
    const facing = g.cushions.find((s) => s.id === 'FR/front/facing')!;
    expect(dist(facing.a, facing.b)).toBeCloseTo(5.5, 12);
  });

  it('middle MR: jaw centres 11 behind the nose, 82.5/2 + 11 either side of the centre line', () => {
    near(jaw('MR/right-front').centre, 1775 - 52.25, -11);
    near(jaw('MR/right-back').centre, 1775 + 52.25, -11);
    const mouth = g.pockets.find((p) => p.id === 'MR')!;
    near(mouth.mouthCentre, 1775, -11);
    // No corridor: the slate is cut on the mouth line, from tip to tip (T2 … T2), throat 82.5.
    expect(mouth.fallDepth).toBe(0);
    near(mouth.fallEdge.from, 1775 - 41.25, -11);
    near(mouth.fallEdge.to, 1775 + 41.25, -11);
    expect(mouth.throatWidth).toBeCloseTo(82.5, 9);
  });

  it('rejects a table so small that neighbouring jaws overlap', () => {
    const { name: _name, sources, ...dimensions } = PRESET_12FT;
    const tiny = makeTablePreset('tiny', { ...dimensions, length: 200, width: 100 }, sources);
    expect(() => buildTableGeometry(tiny)).toThrow(RangeError);
  });
});
