/**
 * The two cameras. World units are table millimetres with z up, so a table point (x, y) is the world
 * point (x, y, height) and nothing converts between them.
 *
 * Top: an orthographic camera straight down. The table is laid along the canvas's longer side: on a
 * landscape canvas the house end is on the left (x to the right, +y up the screen); on a portrait
 * canvas the house end is at the bottom and the table stands tall (x up, +y to the left — exactly what
 * the player sees standing at the house end).
 *
 * 3D: a perspective camera above and behind the house end, looking at the centre spot.
 */
import { type Camera, OrthographicCamera, PerspectiveCamera, Vector3 } from 'three';
import type { Rect } from './outline.js';

/** How the top camera lays the table out on a canvas. */
export interface TopFit {
  /** True when the table's length runs up the screen (portrait). */
  readonly tall: boolean;
  /** Half the visible world width and height, mm (screen axes). */
  readonly halfWidth: number;
  readonly halfHeight: number;
  readonly centre: { readonly x: number; readonly y: number };
}

/** Empty space kept around the table, as a fraction of the table's size on screen. */
const TOP_MARGIN = 0.03;

/**
 * The largest view of `extent` on a width × height canvas: whichever of the two layouts shows the table
 * bigger, the visible area padded to the canvas's aspect ratio, `margin` of the table kept around it.
 */
function fitRect(extent: Rect, width: number, height: number, margin: number): TopFit {
  const length = extent.maxX - extent.minX;
  const across = extent.maxY - extent.minY;
  const aspect = width > 0 && height > 0 ? width / height : 1;
  const scaleWide = Math.min(width / length, height / across);
  const scaleTall = Math.min(width / across, height / length);
  const tall = scaleTall > scaleWide;
  const screenW = (tall ? across : length) * (1 + 2 * margin);
  const screenH = (tall ? length : across) * (1 + 2 * margin);
  const halfHeight = Math.max(screenH, screenW / aspect) / 2;
  return {
    tall,
    halfWidth: halfHeight * aspect,
    halfHeight,
    centre: { x: (extent.minX + extent.maxX) / 2, y: (extent.minY + extent.maxY) / 2 },
  };
}

/** Where the top view may crop the rails so that a ball stays readable on a small screen. */
export interface TopCrop {
  /** The least that is always shown (the cushions' outer edges). */
  readonly inner: Rect;
  readonly ballDiameter: number;
  /** A ball is drawn at least this many CSS pixels across, if showing `inner` whole allows it. */
  readonly minBallPx: number;
}

const lerpRect = (a: Rect, b: Rect, k: number): Rect => ({
  minX: a.minX + (b.minX - a.minX) * k,
  minY: a.minY + (b.minY - a.minY) * k,
  maxX: a.maxX + (b.maxX - a.maxX) * k,
  maxY: a.maxY + (b.maxY - a.maxY) * k,
});

/**
 * The top view of `extent` (the whole table). On a screen where the ball would then be drawn smaller
 * than `crop.minBallPx` (a 390 px phone), the outer rails and the margin are cropped, as little as
 * needed and never inside `crop.inner`: the playing area, the cushions and the pockets stay in view.
 */
export function fitTop(extent: Rect, width: number, height: number, crop?: TopCrop): TopFit {
  const full = fitRect(extent, width, height, TOP_MARGIN);
  if (crop === undefined || height <= 0) return full;
  const ballPx = (fit: TopFit) => (crop.ballDiameter * height) / (2 * fit.halfHeight);
  if (ballPx(full) >= crop.minBallPx) return full;
  // Bisection on how much of the rails is kept: the ball's size falls as more is shown.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (ballPx(fitRect(lerpRect(crop.inner, extent, mid), width, height, mid * TOP_MARGIN)) >= crop.minBallPx)
      lo = mid;
    else hi = mid;
  }
  return fitRect(lerpRect(crop.inner, extent, lo), width, height, lo * TOP_MARGIN);
}

/** Height of the top camera above the bed, mm (far above anything drawn). */
const TOP_HEIGHT = 5000;

export function makeTopCamera(): OrthographicCamera {
  return new OrthographicCamera(-1, 1, 1, -1, 1, TOP_HEIGHT * 2);
}

/** Points the top camera at the table as `fit` says. */
export function applyTopFit(camera: OrthographicCamera, fit: TopFit): void {
  camera.left = -fit.halfWidth;
  camera.right = fit.halfWidth;
  camera.top = fit.halfHeight;
  camera.bottom = -fit.halfHeight;
  // Screen up is +x on a tall layout (house at the bottom) and +y on a wide one (house on the left).
  if (fit.tall) camera.up.set(1, 0, 0);
  else camera.up.set(0, 1, 0);
  camera.position.set(fit.centre.x, fit.centre.y, TOP_HEIGHT);
  camera.lookAt(fit.centre.x, fit.centre.y, 0);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld(true);
}

export function makePerspectiveCamera(): PerspectiveCamera {
  const camera = new PerspectiveCamera(40, 1, 20, 60000);
  camera.up.set(0, 0, 1);
  return camera;
}

/** Whether every point projects inside the view, leaving `margin` of normalised device coordinates. */
export function allVisible(camera: Camera, points: readonly Vector3[], margin = 0): boolean {
  const limit = 1 - margin;
  const v = new Vector3();
  for (const p of points) {
    v.copy(p).project(camera);
    if (!(Math.abs(v.x) <= limit && Math.abs(v.y) <= limit && v.z >= -1 && v.z <= 1)) return false;
  }
  return true;
}

/** The corners of a table box: the outer rectangle from the floor of the pockets to the rail top. */
export function boxCorners(extent: Rect, bottom: number, top: number): Vector3[] {
  const corners: Vector3[] = [];
  for (const x of [extent.minX, extent.maxX])
    for (const y of [extent.minY, extent.maxY])
      for (const z of [bottom, top]) corners.push(new Vector3(x, y, z));
  return corners;
}

/**
 * Places the 3D camera behind the house end, `elevationDeg` above the bed, at the nearest distance
 * from which the whole box is in view (a bisection: the projection is monotonic in the distance).
 */
export function frame3d(
  camera: PerspectiveCamera,
  aspect: number,
  extent: Rect,
  corners: readonly Vector3[],
  target: Vector3,
  elevationDeg = 38,
): void {
  camera.aspect = aspect > 0 ? aspect : 1;
  camera.updateProjectionMatrix();
  const e = (elevationDeg * Math.PI) / 180;
  const direction = new Vector3(-Math.cos(e), 0, Math.sin(e));
  const size = Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY);
  const place = (distance: number): void => {
    camera.position.copy(target).addScaledVector(direction, distance);
    camera.lookAt(target);
    camera.updateMatrixWorld(true);
  };
  // Within the camera's far plane (60 m), so that "not in view" only ever means "too close".
  let near = size * 0.2;
  let far = size * 8;
  for (let i = 0; i < 40; i++) {
    const mid = (near + far) / 2;
    place(mid);
    if (allVisible(camera, corners, 0.04)) far = mid;
    else near = mid;
  }
  place(far);
}
