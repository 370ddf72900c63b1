/**
 * What is drawn over the table while a shot is prepared (types.ts `Overlay`): the cue stick, the
 * ghost ball and the object ball's line, the cue ball's path, the placement region with the ball in
 * hand, rings under highlighted and selected balls and at the called pocket. Rebuilt on every
 * setOverlay (a handful of meshes); the rings follow the balls when they move.
 */
import { type BallId, markings, type Point, type TableGeometry } from '@pyramid/table';
import {
  BufferGeometry,
  Color,
  CylinderGeometry,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  type Material,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  PlaneGeometry,
  RingGeometry,
  SphereGeometry,
  Vector3,
} from 'three';
import type { Circle } from './outline.js';
import type { Overlay } from './types.js';

/** How far back the cue is at full pull, mm. */
export const MAX_PULL_MM = 300;
/** Gap between the cue tip and the ball at zero pull, mm. */
const TIP_GAP = 8;
const CUE_LENGTH = 1450;

/** Where the cue's tip is and which way its axis runs from the tip toward the butt. */
export function cuePlacement(
  from: Point,
  angleDeg: number,
  pull: number,
  elevationDeg: number,
  radius: number,
): { readonly tip: Vector3; readonly axis: Vector3 } {
  const a = (angleDeg * Math.PI) / 180;
  const e = (Math.max(0, Math.min(89, elevationDeg)) * Math.PI) / 180;
  const axis = new Vector3(-Math.cos(a) * Math.cos(e), -Math.sin(a) * Math.cos(e), Math.sin(e));
  const back = radius + TIP_GAP + Math.max(0, Math.min(1, pull)) * MAX_PULL_MM;
  const tip = new Vector3(from.x, from.y, radius).addScaledVector(axis, back);
  return { tip, axis };
}

/**
 * The stretch of the bed (along x) a ball in hand may be placed in: the house from the front cushion
 * to the house line; the temporary house (п.21) from the line through the back spot to the back
 * cushion, as packages/table `isInTemporaryHouse` has it; or the whole bed.
 */
export function placementSpan(
  region: 'house' | 'temporary-house' | 'anywhere',
  houseLineX: number,
  temporaryHouseLineX: number,
  length: number,
): readonly [number, number] {
  const clamp = (x: number): number => Math.max(0, Math.min(length, x));
  switch (region) {
    case 'house':
      return [0, clamp(houseLineX)];
    case 'temporary-house':
      return [clamp(temporaryHouseLineX), length];
    case 'anywhere':
      return [0, length];
  }
}

/** A flat strip of `width` along a polyline, just above the cloth. */
function ribbon(points: readonly Point[], width: number, z: number): BufferGeometry {
  const positions: number[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    if (a === undefined || b === undefined) continue;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const nx = (-(b.y - a.y) / len) * (width / 2);
    const ny = ((b.x - a.x) / len) * (width / 2);
    positions.push(
      a.x + nx,
      a.y + ny,
      z,
      a.x - nx,
      a.y - ny,
      z,
      b.x - nx,
      b.y - ny,
      z,
      a.x + nx,
      a.y + ny,
      z,
      b.x - nx,
      b.y - ny,
      z,
      b.x + nx,
      b.y + ny,
      z,
    );
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return geometry;
}

function translucent(color: number, opacity: number): MeshBasicMaterial {
  return new MeshBasicMaterial({ color, transparent: true, opacity, depthWrite: false, side: DoubleSide });
}

export class OverlayLayer {
  readonly group = new Group();
  private readonly rings = new Map<BallId, Mesh>();
  private readonly radius: number;
  private readonly sphere: SphereGeometry;

  constructor(
    private readonly geometry: TableGeometry,
    private readonly cuts: ReadonlyMap<string, Circle>,
    private readonly railTop: number,
  ) {
    this.group.name = 'overlay';
    this.radius = geometry.ballRadius;
    this.sphere = new SphereGeometry(this.radius, 24, 16);
  }

  private add(object: Object3D, order = 2): void {
    object.renderOrder = order;
    this.group.add(object);
  }

  /** Frees what the previous overlay made (the shared ball sphere stays). */
  private clear(): void {
    for (const child of [...this.group.children]) {
      child.traverse((o) => {
        if (o instanceof Mesh) {
          if (o.geometry !== this.sphere) (o.geometry as BufferGeometry).dispose();
          (o.material as Material).dispose();
        }
      });
      this.group.remove(child);
    }
    this.rings.clear();
  }

  set(overlay: Overlay, positions: ReadonlyMap<BallId, { x: number; y: number; z: number }>): void {
    this.clear();
    const R = this.radius;
    const { length, width } = this.geometry.spec;

    if (overlay.placement !== undefined) {
      const p = overlay.placement;
      const [minX, maxX] = placementSpan(
        p.region,
        p.houseLineX,
        markings(this.geometry.spec).temporaryHouseLineX,
        length,
      );
      const area = new PlaneGeometry(maxX - minX, width);
      area.translate((minX + maxX) / 2, width / 2, 0.4);
      this.add(new Mesh(area, translucent(0xffffff, 0.1)), 1);
      // The line the ball must stay behind (none for the whole bed).
      if (p.region !== 'anywhere') {
        const lineX = p.region === 'house' ? maxX : minX;
        const edge = ribbon(
          [
            { x: lineX, y: 0 },
            { x: lineX, y: width },
          ],
          0.08 * 2 * R,
          0.5,
        );
        this.add(new Mesh(edge, translucent(0xfff3b0, 0.75)), 1);
      }
      if (p.at !== null) {
        const ball = new Mesh(this.sphere, translucent(p.allowed ? 0x4dd26b : 0xe0403a, 0.55));
        ball.position.set(p.at.x, p.at.y, R);
        this.add(ball, 3);
      }
    }

    if (overlay.path !== undefined && overlay.path.length >= 2) {
      this.add(new Mesh(ribbon(overlay.path, 0.07 * 2 * R, 0.6), translucent(0xffffff, 0.65)));
    }

    if (overlay.ghost !== undefined) {
      const { at, objectLine } = overlay.ghost;
      const ghost = new Mesh(this.sphere, translucent(0xffffff, 0.22));
      ghost.position.set(at.x, at.y, R);
      this.add(ghost, 3);
      const outline = new RingGeometry(R - 1.5, R + 0.5, 48);
      outline.translate(at.x, at.y, R);
      this.add(new Mesh(outline, translucent(0xffffff, 0.9)), 3);
      if (objectLine !== undefined) {
        const line = ribbon([objectLine.from, objectLine.to], 0.07 * 2 * R, 0.6);
        this.add(new Mesh(line, translucent(0xffe27a, 0.8)));
      }
    }

    for (const id of overlay.highlight ?? []) this.ring(id, false);
    if (overlay.selected !== undefined && overlay.selected !== null) this.ring(overlay.selected, true);
    this.follow(positions);

    if (overlay.pocket !== undefined && overlay.pocket !== null) {
      const cut = this.cuts.get(overlay.pocket);
      if (cut !== undefined) {
        const ring = new RingGeometry(cut.radius + 0.1 * R, cut.radius + 0.4 * R, 48);
        ring.translate(cut.centre.x, cut.centre.y, this.railTop + 1);
        this.add(new Mesh(ring, translucent(0xffd23f, 0.95)), 3);
      }
    }

    if (overlay.aim !== undefined) this.add(this.cue(overlay.aim), 4);
  }

  private ring(id: BallId, selected: boolean): void {
    const R = this.radius;
    const existing = this.rings.get(id);
    if (existing !== undefined) {
      if (!selected) return;
      this.group.remove(existing);
      existing.geometry.dispose();
      (existing.material as Material).dispose();
    }
    const geometry = selected
      ? new RingGeometry(R * 1.12, R * 1.5, 40)
      : new RingGeometry(R * 1.15, R * 1.32, 40);
    const mesh = new Mesh(geometry, translucent(selected ? 0xffd23f : 0xfff1a8, selected ? 0.95 : 0.7));
    this.rings.set(id, mesh);
    this.add(mesh, 1);
  }

  /** Moves the rings under their balls; a ring whose ball is not drawn is hidden. */
  follow(positions: ReadonlyMap<BallId, { x: number; y: number; z: number }>): void {
    for (const [id, ring] of this.rings) {
      const at = positions.get(id);
      ring.visible = at !== undefined;
      if (at !== undefined) ring.position.set(at.x, at.y, 0.5);
    }
  }

  private cue(aim: NonNullable<Overlay['aim']>): Group {
    const { tip, axis } = cuePlacement(aim.from, aim.angleDeg, aim.pull, aim.elevationDeg, this.radius);
    const cue = new Group();
    cue.name = 'cue';
    // Built along +y from the tip (y = 0) to the butt, then turned onto the axis.
    const part = (
      r0: number,
      r1: number,
      from: number,
      to: number,
      color: number,
      roughness: number,
    ): void => {
      const g = new CylinderGeometry(r1, r0, to - from, 20, 1);
      g.translate(0, (from + to) / 2, 0);
      cue.add(new Mesh(g, new MeshStandardMaterial({ color: new Color(color), roughness, metalness: 0 })));
    };
    part(6.2, 6.3, 0, 9, 0x2f5f9e, 0.9); // chalked leather tip
    part(6.3, 6.6, 9, 30, 0xf4f1e8, 0.4); // ferrule
    part(6.6, 10.5, 30, 760, 0xe3c58f, 0.5); // maple shaft
    part(10.5, 13, 760, 800, 0xd8d4c8, 0.3); // joint
    part(13, 15, 800, CUE_LENGTH - 60, 0x3a1a0c, 0.35); // butt
    part(15, 15.5, CUE_LENGTH - 60, CUE_LENGTH, 0x111111, 0.6); // bumper
    cue.position.copy(tip);
    cue.quaternion.setFromUnitVectors(new Vector3(0, 1, 0), axis);
    return cue;
  }

  dispose(): void {
    this.clear();
    this.sphere.dispose();
  }
}
