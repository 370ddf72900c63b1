/**
 * The balls: one mesh per id, made on first sight and reused, each with a soft blob shadow on the
 * cloth (cheaper than shadow maps, and in software WebGL that matters). Orientation is kept per id
 * across setBalls, so a ball at rest after a shot keeps the face it rolled to.
 */
import type { BallId } from '@pyramid/table';
import {
  type Camera,
  CanvasTexture,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshPhysicalMaterial,
  PlaneGeometry,
  SphereGeometry,
  Sprite,
  SpriteMaterial,
  SRGBColorSpace,
  Vector3,
} from 'three';
import { BallTextures, type ColouredBall, LabelTextures } from './ball-textures.js';
import { IDENTITY, integrate, type Quat } from './orientation.js';
import type { QualityProfile } from './quality.js';
import type { BallFrame } from './types.js';

interface DrawnBall {
  readonly mesh: Mesh<SphereGeometry, MeshPhysicalMaterial>;
  readonly shadow: Mesh<PlaneGeometry, MeshBasicMaterial>;
  /** The number facing the camera (white balls only). */
  readonly label: Sprite | null;
  orientation: Quat;
}

/** A label's diameter as a fraction of the ball's: the number circle of a real ball, enlarged to read. */
const LABEL_FRACTION = 0.82;
/** The least a label is drawn across on screen, CSS px: a phone's ball is about 14 px. */
const LABEL_MIN_PX = 15;

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
  private readonly labels = new LabelTextures();
  private coloured: ColouredBall = 'yellow';
  private labelSize = 0;
  private clearcoat = 1;
  private sphere: SphereGeometry;
  private showShadows = true;
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
    this.labelSize = 2 * radius * LABEL_FRACTION;
    // The lamp is overhead and slightly spread: the shadow is a bit wider than the ball.
    this.shadowPlane = new PlaneGeometry(radius * 2.6, radius * 2.6);
  }

  /** The sphere's surface: its number is on the label, the dots show the spin. */
  private look(id: BallId) {
    return id === 0 ? this.coloured : ('plain' as const);
  }

  private ball(id: BallId): DrawnBall {
    let ball = this.drawn.get(id);
    if (ball === undefined) {
      const material = new MeshPhysicalMaterial({
        map: this.textures.get(this.look(id)),
        roughness: 0.22,
        metalness: 0,
        clearcoat: this.clearcoat,
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
      let label: Sprite | null = null;
      if (id !== 0) {
        label = new Sprite(new SpriteMaterial({ map: this.labels.get(id), transparent: true }));
        label.name = `label ${id}`;
        label.renderOrder = 3;
        label.visible = false;
        this.group.add(label);
      }
      ball = { mesh, shadow, label, orientation: this.initialOrientation() };
      this.drawn.set(id, ball);
    }
    return ball;
  }

  setNumbered(numbered: boolean): void {
    this.numbered = numbered;
    for (const ball of this.drawn.values())
      if (ball.label !== null) ball.label.visible = numbered && ball.mesh.visible;
  }

  /** Sphere detail, the clear coat and the shadow discs as the quality level says. */
  setProfile(profile: QualityProfile): void {
    const [around, poles] = profile.ballSegments;
    const p = this.sphere.parameters;
    if (p.widthSegments !== around || p.heightSegments !== poles) {
      const old = this.sphere;
      this.sphere = new SphereGeometry(this.radius, around, poles);
      for (const ball of this.drawn.values()) ball.mesh.geometry = this.sphere;
      old.dispose();
    }
    const coat = profile.clearcoat ? 1 : 0;
    for (const ball of this.drawn.values()) {
      if (ball.mesh.material.clearcoat !== coat) {
        ball.mesh.material.clearcoat = coat;
        ball.mesh.material.needsUpdate = true;
      }
    }
    this.clearcoat = coat;
    this.showShadows = profile.ballShadows;
    for (const ball of this.drawn.values()) ball.shadow.visible = ball.mesh.visible && this.showShadows;
  }

  setColoured(colour: ColouredBall): void {
    if (colour === this.coloured) return;
    this.coloured = colour;
    const ball = this.drawn.get(0);
    if (ball !== undefined) {
      ball.mesh.material.map = this.textures.get(colour);
      ball.mesh.material.needsUpdate = true;
    }
  }

  /**
   * Turns the labels to the camera: each sits just in front of its ball towards the viewer (other
   * balls in front still hide it) and is at least LABEL_MIN_PX across, `mmPerPx` being the size of a
   * screen pixel on the bed (top view) or at the table's centre (3D).
   */
  faceCamera(camera: Camera, mmPerPx: number): void {
    const toViewer = camera.getWorldDirection(new Vector3()).negate();
    const size = Math.max(this.labelSize, LABEL_MIN_PX * mmPerPx);
    for (const ball of this.drawn.values()) {
      const label = ball.label;
      if (label === null || !label.visible) continue;
      label.position.copy(ball.mesh.position).addScaledVector(toViewer, this.radius * 1.02);
      label.scale.set(size, size, 1);
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
      // Below the bed only while dropping into a pocket (the animation's last moments of a pocketed ball).
      const z = frame.z;
      ball.mesh.position.set(frame.x, frame.y, this.radius + z);
      const [qx, qy, qz, qw] = ball.orientation;
      ball.mesh.quaternion.set(qx, qy, qz, qw);
      // A jumping ball's shadow fades and spreads with its height.
      const lift = Math.min(1, Math.abs(z) / (4 * this.radius));
      ball.shadow.position.set(frame.x + 0.08 * this.radius, frame.y - 0.05 * this.radius, 0.2);
      ball.shadow.scale.setScalar(1 + lift * 0.8);
      ball.shadow.material.opacity = z < 0 ? 0 : 1 - lift * 0.7;
      this.positions.set(frame.id, { x: frame.x, y: frame.y, z });
    }
    for (const [id, ball] of this.drawn) {
      const visible = shown.has(id);
      ball.mesh.visible = visible;
      ball.shadow.visible = visible && this.showShadows;
      if (ball.label !== null) ball.label.visible = visible && this.numbered;
    }
  }

  dispose(): void {
    for (const ball of this.drawn.values()) {
      ball.mesh.material.dispose();
      ball.shadow.material.dispose();
      ball.label?.material.dispose();
    }
    this.drawn.clear();
    this.sphere.dispose();
    this.shadowPlane.dispose();
    this.shadowMap.dispose();
    this.textures.dispose();
    this.labels.dispose();
  }
}
