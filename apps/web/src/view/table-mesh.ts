/**
 * The table's meshes: slate with cloth, cushions, wooden rails with the pocket cuts, the dark pit the
 * pockets open into, the markings and the rail sights. The cloth and the cushions are extruded from the
 * exact outline of packages/table (outline.ts), so the jaws on screen are the jaws the physics uses.
 */
import type { Point, TableGeometry } from '@pyramid/table';
import { markings } from '@pyramid/table';
import {
  BufferGeometry,
  CanvasTexture,
  CircleGeometry,
  DoubleSide,
  ExtrudeGeometry,
  Float32BufferAttribute,
  Group,
  type Material,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  MeshPhongMaterial,
  MeshStandardMaterial,
  PlaneGeometry,
  RepeatWrapping,
  Shape,
  SRGBColorSpace,
  Vector2,
} from 'three';
import {
  bedOutline,
  type Circle,
  cushionOutlines,
  planDimensions,
  pocketCuts,
  type Rect,
  railInnerContour,
  rectCorners,
  sightPositions,
  type TableDimensionsInPlan,
  tableRects,
} from './outline.js';

/** The table as drawn, with the sizes the rest of the view needs. */
export interface TableMesh {
  readonly group: Group;
  readonly dims: TableDimensionsInPlan;
  /** The rail line (back of the cushions) and the outer edge of the table, mm. */
  readonly railRect: Rect;
  readonly outerRect: Rect;
  /** How deep the pockets' dark floor lies below the bed, mm. */
  readonly pitDepth: number;
  readonly cuts: ReadonlyMap<string, Circle>;
}

export const CLOTH_COLOUR = 0x1d7a45;
const CUSHION_COLOUR = 0x1b7442;

function shapeOf(points: readonly Point[]): Shape {
  return new Shape(points.map((p) => new Vector2(p.x, p.y)));
}

/** A prism from `bottom` to `top` over a plan shape. */
function prism(shape: Shape, bottom: number, top: number): ExtrudeGeometry {
  const geometry = new ExtrudeGeometry(shape, { depth: top - bottom, bevelEnabled: false, curveSegments: 1 });
  geometry.translate(0, 0, bottom);
  return geometry;
}

/** A vertical wall along a polyline from z0 to z1 (both faces drawn). */
function wall(points: readonly Point[], z0: number, z1: number): BufferGeometry {
  const positions: number[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    if (a === undefined || b === undefined) continue;
    positions.push(a.x, a.y, z0, b.x, b.y, z0, b.x, b.y, z1, a.x, a.y, z0, b.x, b.y, z1, a.x, a.y, z1);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}

/** A flat band of `width` on the left of a polyline (the playing-area side of a cushion face). */
function band(points: readonly Point[], width: number, z: number): BufferGeometry {
  const positions: number[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    if (a === undefined || b === undefined) continue;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const nx = (-(b.y - a.y) / len) * width;
    const ny = ((b.x - a.x) / len) * width;
    positions.push(
      a.x,
      a.y,
      z,
      b.x,
      b.y,
      z,
      b.x + nx,
      b.y + ny,
      z,
      a.x,
      a.y,
      z,
      b.x + nx,
      b.y + ny,
      z,
      a.x + nx,
      a.y + ny,
      z,
    );
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}

function scaleAbout(p: Point, circle: Circle, k: number): Point {
  return {
    x: circle.centre.x + (p.x - circle.centre.x) * k,
    y: circle.centre.y + (p.y - circle.centre.y) * k,
  };
}

/** A flat ring sector outside a circle's arc, `width` wide, at height z. */
function rim(arc: readonly Point[], circle: Circle, width: number, z: number): BufferGeometry {
  const positions: number[] = [];
  const outer = (p: Point): [number, number] => {
    const k = (circle.radius + width) / circle.radius;
    return [circle.centre.x + (p.x - circle.centre.x) * k, circle.centre.y + (p.y - circle.centre.y) * k];
  };
  for (let i = 0; i + 1 < arc.length; i++) {
    const a = arc[i];
    const b = arc[i + 1];
    if (a === undefined || b === undefined) continue;
    const [ax, ay] = outer(a);
    const [bx, by] = outer(b);
    // Counter-clockwise seen from above (the arc runs counter-clockwise round the circle).
    positions.push(a.x, a.y, z, bx, by, z, b.x, b.y, z, a.x, a.y, z, ax, ay, z, bx, by, z);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}

/**
 * A faint felt grain for the cloth and a streaked grain for the wood, drawn once on small canvases:
 * flat colour reads as plastic, and a texture costs nothing per frame.
 */
function noiseTexture(
  size: number,
  draw: (ctx: CanvasRenderingContext2D, size: number) => void,
): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (ctx !== null) draw(ctx, size);
  const texture = new CanvasTexture(canvas);
  texture.wrapS = RepeatWrapping;
  texture.wrapT = RepeatWrapping;
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/** Deterministic noise, so that the table looks the same on every load. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function clothTexture(): CanvasTexture {
  return noiseTexture(128, (ctx, size) => {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size, size);
    const random = lcg(7);
    for (let i = 0; i < 2400; i++) {
      const v = 228 + Math.floor(random() * 27);
      ctx.fillStyle = `rgb(${v},${v},${v})`;
      ctx.fillRect(Math.floor(random() * size), Math.floor(random() * size), 1, 1);
    }
  });
}

function woodTexture(): CanvasTexture {
  return noiseTexture(256, (ctx, size) => {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size, size);
    const random = lcg(11);
    for (let i = 0; i < 70; i++) {
      const y = random() * size;
      const v = 170 + Math.floor(random() * 70);
      ctx.strokeStyle = `rgba(${v},${Math.floor(v * 0.85)},${Math.floor(v * 0.75)},0.55)`;
      ctx.lineWidth = 0.5 + random() * 2.5;
      ctx.beginPath();
      ctx.moveTo(0, y);
      for (let x = 0; x <= size; x += 16) ctx.lineTo(x, y + Math.sin(x / 40 + i) * 3 * random());
      ctx.stroke();
    }
  });
}

export function buildTableMesh(geometry: TableGeometry): TableMesh {
  const dims = planDimensions(geometry);
  const { rail: railRect, outer: outerRect } = tableRects(geometry, dims);
  const d = geometry.spec.ballDiameter;
  const pitDepth = 1.6 * d;
  const group = new Group();
  group.name = 'table';

  const clothMap = clothTexture();
  // World units are millimetres; UVs of an extruded shape are plan coordinates, so repeat per 40 cm.
  clothMap.repeat.set(1 / 400, 1 / 400);
  // Lambert for the cloth: it covers most of the screen, and in software WebGL (and on phones) the
  // physically based shader over a million pixels is what makes a frame slow; felt has no gloss anyway.
  const cloth = new MeshLambertMaterial({ color: CLOTH_COLOUR, map: clothMap });
  const cushionCloth = new MeshLambertMaterial({ color: CUSHION_COLOUR, map: clothMap });
  const woodMap = woodTexture();
  woodMap.repeat.set(1 / 900, 1 / 300);
  // Varnished wood: a little specular sheen under the lamp.
  const wood = new MeshPhongMaterial({ color: 0x6b3519, shininess: 40, specular: 0x332218, map: woodMap });
  const pit = new MeshBasicMaterial({ color: 0x070605 });
  const liner = new MeshLambertMaterial({ color: 0x0d0b09, side: DoubleSide });
  const trim = new MeshPhongMaterial({ color: 0x7a5a30, shininess: 70, specular: 0x8a7458 });
  const noseShadow = new MeshBasicMaterial({
    color: 0x000000,
    transparent: true,
    opacity: 0.28,
    depthWrite: false,
    polygonOffset: true,
    polygonOffsetFactor: -1,
    polygonOffsetUnits: -1,
  });
  const chalk = new MeshBasicMaterial({
    color: 0xf2f2ea,
    transparent: true,
    opacity: 0.85,
    polygonOffset: true,
    polygonOffsetFactor: -2,
    polygonOffsetUnits: -2,
  });
  const pearl = new MeshStandardMaterial({ color: 0xf1ead8, roughness: 0.3, metalness: 0.1 });

  const add = (g: BufferGeometry, material: Material, name: string): Mesh => {
    const mesh = new Mesh(g, material);
    mesh.name = name;
    group.add(mesh);
    return mesh;
  };

  // The slate with its cloth: the exact nose outline, so the cloth edge is the cushion nose.
  add(prism(shapeOf(bedOutline(geometry)), -pitDepth, 0), cloth, 'bed');

  // Cushions from the pit floor up to their top, so the pocket channels have walls all the way down.
  const cushions = cushionOutlines(geometry, dims.cushionWidth);
  for (const cushion of cushions) {
    add(prism(shapeOf(cushion.polygon), -pitDepth, dims.cushionTop), cushionCloth, `cushion ${cushion.id}`);
    // The shade under the overhanging nose: from above it is what shows where cushion meets bed, and
    // so the shape of the jaws.
    add(band(cushion.face, 0.09 * d, 0.15), noseShadow, `nose shade ${cushion.id}`).renderOrder = 1;
  }

  // Rails: the outer rectangle less the rail line with the pocket cuts.
  const cuts = pocketCuts(geometry, cushions, dims.pocketCutRadius);
  const inner = railInnerContour(railRect, [...cuts.values()]);
  const railShape = shapeOf(rectCorners(outerRect));
  railShape.holes.push(shapeOf(inner.contour));
  const skirt = pitDepth + 0.6 * d;
  add(prism(railShape, -skirt, dims.railTop), wood, 'rails');
  for (const { circle, points } of inner.arcs) {
    // Dark pocket walls a hair inside the cut (not on the rail's own wall, which would flicker), so the
    // holes read as holes rather than wooden wells; a bronze trim round each cut on the rail top.
    const inset = points.map((p) => scaleAbout(p, circle, (circle.radius - 0.8) / circle.radius));
    add(wall(inset, -pitDepth, dims.railTop + 0.2), liner, 'pocket wall');
    add(rim(points, circle, 0.12 * d, dims.railTop + 0.4), trim, 'pocket trim');
  }

  // The floor of the pockets: everything inside the rails that is not slate or cushion is seen as dark.
  // Under the whole table: the pocket cuts reach past the rail line into the rails.
  const floor = new PlaneGeometry(outerRect.maxX - outerRect.minX, outerRect.maxY - outerRect.minY);
  floor.translate(
    (outerRect.minX + outerRect.maxX) / 2,
    (outerRect.minY + outerRect.maxY) / 2,
    -pitDepth + 0.5,
  );
  add(floor, pit, 'pit');

  // Markings (п.2): the house line and the three spots, chalk-white on the cloth.
  const m = markings(geometry.spec);
  const lineWidth = 0.06 * d;
  const houseLine = new PlaneGeometry(lineWidth, geometry.spec.width);
  houseLine.translate(m.houseLineX, geometry.spec.width / 2, 0.3);
  add(houseLine, chalk, 'house line');
  const spotRadius = 0.1 * d;
  for (const [name, spot] of [
    ['front spot', m.frontSpot],
    ['centre spot', m.centreSpot],
    ['back spot', m.backSpot],
  ] as const) {
    const disc = new CircleGeometry(spotRadius, 20);
    disc.translate(spot.x, spot.y, 0.3);
    add(disc, chalk, name);
  }

  for (const sight of sightPositions(geometry, dims)) {
    const disc = new CircleGeometry(0.09 * d, 4);
    disc.translate(sight.x, sight.y, dims.railTop + 0.3);
    add(disc, pearl, 'sight');
  }

  return { group, dims, railRect, outerRect, pitDepth, cuts };
}
