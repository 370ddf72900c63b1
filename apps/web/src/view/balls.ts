/**
 * The balls: one mesh per id, made on first sight and reused, each with a soft blob shadow on the
 * cloth (cheaper than shadow maps, and in software WebGL that matters). Orientation is kept per id
 * across setBalls, so a ball at rest after a shot keeps the face it rolled to.
 */
import type { BallId } from '@pyramid/table';
import {
  CanvasTexture,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshPhysicalMaterial,
  PlaneGeometry,
  SphereGeometry,
  SRGBColorSpace,
} from 'three';
import { BallTextures } from './ball-textures.js';
import { IDENTITY, integrate, type Quat } from './orientation.js';
import type { BallFrame } from './types.js';

interface DrawnBall {
  readonly mesh: Mesh<SphereGeometry, MeshPhysicalMaterial>;
  readonly shadow: Mesh<PlaneGeometry, MeshBasicMaterial>;
  orientation: Quat;
}

function shadowTexture(): CanvasTexture {
  const size = 64;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (ctx !== null) {
    const g = ctx.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
    g.addColorStop(0, 'rgba(0,0,0,0.75)');
    g.addColorStop(0.45, 'rgba(0,0,0,0.45)');
    g.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, size, size);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

export class Balls {
  readonly group = new Group();
  private readonly drawn = new Map<BallId, DrawnBall>();
  private readonly textures = new BallTextures();
  private readonly sphere: SphereGeometry;
  private readonly shadowPlane: PlaneGeometry;
  private readonly shadowMap = shadowTexture();
  private numbered = false;
  /** Positions of the balls currently shown (centre in plan), for rings that follow them. */
  readonly positions = new Map<BallId, { x: number; y: number; z: number }>();

  constructor(
    readonly radius: number,
    /** The orientation a ball starts with: its number facing up and upright on screen. */
    private readonly initialOrientation: () => Quat = () => IDENTITY,
  ) {
    this.group.name = 'balls';
    this.sphere = new SphereGeometry(radius, 36, 24);
    // The lamp is overhead and slightly spread: the shadow is a bit wider than the ball.
    this.shadowPlane = new PlaneGeometry(radius * 2.6, radius * 2.6);
  }

  private look(id: BallId) {
    if (id === 0) return 'coloured' as const;
    return this.numbered ? { number: id } : ('plain' as const);
  }

  private ball(id: BallId): DrawnBall {
    let ball = this.drawn.get(id);
    if (ball === undefined) {
      const material = new MeshPhysicalMaterial({
        map: this.textures.get(this.look(id)),
        roughness: 0.22,
        metalness: 0,
        clearcoat: 1,
        clearcoatRoughness: 0.06,
      });
      const mesh = new Mesh(this.sphere, material);
      mesh.name = `ball ${id}`;
      const shadow = new Mesh(
        this.shadowPlane,
        new MeshBasicMaterial({ map: this.shadowMap, transparent: true, depthWrite: false }),
      );
      shadow.name = `shadow ${id}`;
      // Above the cloth, below the markings' overlays and the balls.
      shadow.renderOrder = 1;
      this.group.add(shadow, mesh);
      ball = { mesh, shadow, orientation: this.initialOrientation() };
      this.drawn.set(id, ball);
    }
    return ball;
  }

  setNumbered(numbered: boolean): void {
    if (numbered === this.numbered) return;
    this.numbered = numbered;
    for (const [id, ball] of this.drawn) {
      ball.mesh.material.map = this.textures.get(this.look(id));
      ball.mesh.material.needsUpdate = true;
    }
  }

  /**
   * Draws exactly these balls (others are hidden). With `dt` > 0 each ball first turns by its angular
   * velocity over dt seconds (the animation's step); setBalls passes 0 and keeps orientations.
   */
  update(frames: readonly BallFrame[], dt: number): void {
    const shown = new Set<BallId>();
    this.positions.clear();
    for (const frame of frames) {
      const ball = this.ball(frame.id);
      if (dt > 0) ball.orientation = integrate(ball.orientation, frame.wx, frame.wy, frame.wz, dt);
      if (frame.gone) continue;
      shown.add(frame.id);
      const z = Math.max(0, frame.z);
      ball.mesh.position.set(frame.x, frame.y, this.radius + z);
      const [qx, qy, qz, qw] = ball.orientation;
      ball.mesh.quaternion.set(qx, qy, qz, qw);
      // A jumping ball's shadow fades and spreads with its height.
      const lift = Math.min(1, z / (4 * this.radius));
      ball.shadow.position.set(frame.x + 0.08 * this.radius, frame.y - 0.05 * this.radius, 0.2);
      ball.shadow.scale.setScalar(1 + lift * 0.8);
      ball.shadow.material.opacity = 1 - lift * 0.7;
      this.positions.set(frame.id, { x: frame.x, y: frame.y, z });
    }
    for (const [id, ball] of this.drawn) {
      const visible = shown.has(id);
      ball.mesh.visible = visible;
      ball.shadow.visible = visible;
    }
  }

  dispose(): void {
    for (const ball of this.drawn.values()) {
      ball.mesh.material.dispose();
      ball.shadow.material.dispose();
    }
    this.drawn.clear();
    this.sphere.dispose();
    this.shadowPlane.dispose();
    this.shadowMap.dispose();
    this.textures.dispose();
  }
}
