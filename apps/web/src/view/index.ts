/**
 * The three.js view of the table (contract: types.ts). It draws what it is given and turns pixels into
 * table points; it holds no game state. World units are table millimetres with z up, so table points
 * go to the GPU unconverted.
 *
 * Rendering is on demand: a frame is drawn when something changed, the camera moved or an animation
 * runs, which keeps an idle game from burning a phone's battery (or the CPU of software WebGL).
 */
import {
  buildTableGeometry,
  makeTablePreset,
  type Point,
  PRESET_12FT,
  PRESETS,
  REGULATION_12FT,
  TABLE_DIMENSIONS,
  type TableDimension,
  type TableDimensions,
  type TableGeometry,
  type TablePreset,
  type TableSpec,
} from '@pyramid/table';
import {
  type BufferGeometry,
  type Material,
  Mesh,
  MOUSE,
  type Object3D,
  Texture,
  TOUCH,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { ColouredBall } from './ball-textures.js';
import { Balls } from './balls.js';
import {
  applyTopFit,
  boxCorners,
  fitTop,
  frame3d,
  makePerspectiveCamera,
  makeTopCamera,
  type TopFit,
} from './cameras.js';
import { axisAngle, IDENTITY } from './orientation.js';
import { OverlayLayer } from './overlay.js';
import { pickPoint, projectPoint } from './picking.js';
import { Playback } from './playback.js';
import { QUALITY_PROFILES, type QualityLevel } from './quality.js';
import { buildScene } from './scene.js';
import { buildTableMesh } from './table-mesh.js';
import type { AnimationEvent, CameraMode, ShotAnimation, TableView } from './types.js';

export type { ColouredBall } from './ball-textures.js';
export type * from './types.js';

export interface TableViewOptions {
  readonly spec?: TableSpec;
  readonly geometry?: TableGeometry;
  /** The level to draw at (antialiasing is fixed for the canvas's life; the rest can change). */
  readonly quality?: Exclude<QualityLevel, 'flat'>;
  /**
   * Told the time between two drawn frames of an animation, and from a frame drawn while nothing
   * moves to the next frame, ms (the quality controller's input).
   */
  readonly onFrameTime?: (ms: number) => void;
}

/** The three.js view with what only it can do: change its quality and the coloured ball's colour live. */
export interface ThreeTableView extends TableView {
  setQuality(level: Exclude<QualityLevel, 'flat'>): void;
  /** Draws `frames` frames one after another, each timed like a still frame (`onFrameTime`). */
  probe(frames: number): void;
  readonly antialias: boolean;
}

/**
 * The geometry for a spec: the preset with the same playing area and ball, or else the regulation
 * preset's pockets and cushions (scaled margins kept) around this playing area.
 */
function geometryFor(spec: TableSpec): TableGeometry {
  const same = (p: TablePreset): boolean =>
    p.length === spec.length && p.width === spec.width && p.ballDiameter === spec.ballDiameter;
  const preset = Object.values(PRESETS).find(same);
  if (preset !== undefined) return buildTableGeometry(preset);
  const base = PRESET_12FT;
  const k = spec.ballDiameter / base.ballDiameter;
  const dims = {} as Record<TableDimension, number>;
  for (const key of TABLE_DIMENSIONS) dims[key] = base[key];
  Object.assign(dims, {
    length: spec.length,
    width: spec.width,
    ballDiameter: spec.ballDiameter,
    cornerMouth: spec.ballDiameter + (base.cornerMouth - base.ballDiameter),
    middleMouth: spec.ballDiameter + (base.middleMouth - base.ballDiameter),
    cushionNoseHeight: base.cushionNoseHeight * k,
  });
  return buildTableGeometry(makeTablePreset(spec.name, dims as TableDimensions, base.sources));
}

/** The least a ball is drawn across in the top view, CSS px (legible, and a finger can pick it). */
const MIN_BALL_PX = 14;

/** The longest a shot animates under `prefers-reduced-motion`, s of real time. */
const REDUCED_MOTION_S = 1;

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function createTableView(canvas: HTMLCanvasElement, options: TableViewOptions = {}): ThreeTableView {
  const geometry = options.geometry ?? geometryFor(options.spec ?? REGULATION_12FT);
  const R = geometry.ballRadius;
  let profile = QUALITY_PROFILES[options.quality ?? 'high'];
  const antialias = profile.antialias;

  const renderer = new WebGLRenderer({ canvas, antialias, powerPreference: 'high-performance' });
  const scene = buildScene(geometry);
  const table = buildTableMesh(geometry);
  scene.add(table.group);

  const topCamera = makeTopCamera();
  const perspective = makePerspectiveCamera();
  const target = new Vector3(geometry.spec.length / 2, geometry.spec.width / 2, 0);
  const corners = boxCorners(table.outerRect, -0.6 * geometry.spec.ballDiameter, table.dims.railTop);
  // The rail line (the cushions' outer edge) is always in the top view; the outer rails may be cropped
  // on a phone so that a ball stays 14 px across.
  const c = table.dims.cushionWidth;
  const crop = {
    inner: { minX: -c, minY: -c, maxX: geometry.spec.length + c, maxY: geometry.spec.width + c },
    ballDiameter: geometry.spec.ballDiameter,
    minBallPx: MIN_BALL_PX,
  };
  let topFit: TopFit = fitTop(table.outerRect, 1, 1);

  // A new ball shows its number upright in the top view: body +y is screen up.
  const balls = new Balls(R, () => (topFit.tall ? axisAngle(0, 0, 1, -Math.PI / 2) : IDENTITY));
  balls.setProfile(profile);
  scene.add(balls.group);
  const overlay = new OverlayLayer(geometry, table.cuts, table.dims.railTop);
  scene.add(overlay.group);

  const controls = new OrbitControls(perspective, canvas);
  // The left button and one finger belong to the game (aiming); the view turns on the right button and
  // two fingers, and zooms on the wheel, the middle button and a pinch.
  controls.mouseButtons = { LEFT: null, MIDDLE: MOUSE.DOLLY, RIGHT: MOUSE.ROTATE };
  controls.touches = { ONE: null, TWO: TOUCH.DOLLY_ROTATE };
  controls.enablePan = false;
  // Zoom goes toward the table's centre, not the pointer: three's zoom-to-cursor moves the camera down
  // the pointer ray past any distance limit and can take it through the bed.
  controls.target.copy(target);
  controls.minDistance = 6 * geometry.spec.ballDiameter;
  controls.maxDistance = 4 * geometry.spec.length;
  // Never under the bed.
  controls.maxPolarAngle = (85 * Math.PI) / 180;

  let mode: CameraMode = 'top';
  let frames = 0;
  /** Frames still to draw for `probe`. */
  let probing = 0;
  let rafId: number | null = null;
  let disposed = false;
  let width = 0;
  let height = 0;
  let pixelRatio = 0;
  let framed3d = false;
  /** When the last frame of an animation was drawn (performance.now), or null before its first. */
  let lastAnimationFrame: number | null = null;

  interface Running {
    readonly playback: Playback;
    readonly resolve: () => void;
    readonly onFirstFrame: (() => void) | undefined;
    readonly onEvent: ((event: AnimationEvent) => void) | undefined;
    firstDrawn: boolean;
  }
  let running: Running | null = null;
  /** Callbacks to run right after the next frame is drawn (first-frame notices, resolutions). */
  let afterRender: (() => void)[] = [];

  const activeCamera = () => (mode === 'top' ? topCamera : perspective);

  /**
   * The one place the canvas's size is read: the drawing buffer becomes the CSS size times the pixel
   * ratio (capped by the quality level), the cameras follow. The ResizeObserver on the canvas itself
   * calls it, so every cause (panel, rotation, window) takes this path; a change of the device's pixel
   * ratio (browser zoom, another screen) too.
   */
  const resize = (): void => {
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    const ratio = Math.min(window.devicePixelRatio || 1, profile.maxPixelRatio);
    if (w === width && h === height && ratio === pixelRatio) return;
    width = w;
    height = h;
    pixelRatio = ratio;
    renderer.setPixelRatio(ratio);
    renderer.setSize(w, h, false);
    topFit = fitTop(table.outerRect, w, h, crop);
    applyTopFit(topCamera, topFit);
    applyZoom();
    if (w > 0 && h > 0) {
      if (!framed3d) {
        frame3d(perspective, w / h, table.outerRect, corners, target);
        framed3d = true;
      } else {
        perspective.aspect = w / h;
        perspective.updateProjectionMatrix();
      }
    }
    requestRender();
  };

  /** The size of one screen pixel on the table, mm: labels keep a readable size with it. */
  const mmPerPx = (): number => {
    if (height <= 0) return 1;
    if (mode === 'top') return (topCamera.top - topCamera.bottom) / topCamera.zoom / height;
    const distance = perspective.position.distanceTo(target);
    return (2 * distance * Math.tan((perspective.fov * Math.PI) / 360)) / height;
  };

  const frame = (now: number): void => {
    rafId = null;
    if (disposed) return;
    resize();
    const run = running;
    if (run !== null) {
      if (lastAnimationFrame !== null) options.onFrameTime?.(now - lastAnimationFrame);
      lastAnimationFrame = now;
      const step = run.playback.advance(now);
      balls.update(step.balls, step.dt);
      overlay.follow(balls.positions);
      for (const event of step.events) run.onEvent?.(event);
      if (!run.firstDrawn) {
        run.firstDrawn = true;
        if (run.onFirstFrame !== undefined) afterRender.push(run.onFirstFrame);
      }
      if (step.done) {
        running = null;
        lastAnimationFrame = null;
        afterRender.push(run.resolve);
      }
    }
    const drawn = width > 0 && height > 0;
    if (drawn) {
      balls.faceCamera(activeCamera(), mmPerPx());
      renderer.render(scene, activeCamera());
      frames++;
    }
    const callbacks = afterRender;
    afterRender = [];
    for (const callback of callbacks) callback();
    if (running !== null) requestRender();
    else if (drawn && run === null) {
      measureStill(now);
      if (probing > 0) {
        probing--;
        requestRender();
      }
    }
  };

  /**
   * A frame drawn while nothing moves (a tap, an aim, a move of the computer's at the fastest speed)
   * is timed too: from its start to the start of the next frame, which a slow renderer delays (a
   * software renderer reads the picture back before the page can go on). So a device too slow for
   * the level steps down before the first animation, and every tap stays responsive. A hidden page
   * gets no frames: its gap says nothing.
   */
  let measuringStill = false;
  function measureStill(drawnAt: number): void {
    if (measuringStill || options.onFrameTime === undefined) return;
    measuringStill = true;
    requestAnimationFrame((next) => {
      measuringStill = false;
      if (!disposed && document.visibilityState === 'visible') options.onFrameTime?.(next - drawnAt);
    });
  }

  function requestRender(): void {
    if (rafId === null && !disposed) rafId = requestAnimationFrame(frame);
  }

  /**
   * Pinch-zoom and pan of the top view on touch (two fingers; one finger aims) and the wheel on a
   * desktop: a zoom of 1–4 about the fitted view, the pan kept so that the view stays on the table.
   */
  const touches = new Map<number, { x: number; y: number }>();
  let zoom = 1;
  let pan = { x: 0, y: 0 };
  let pinch: {
    distance: number;
    zoom: number;
    mid: { x: number; y: number };
    pan: { x: number; y: number };
  } | null = null;
  function applyZoom(): void {
    const limitX = topFit.halfWidth * (1 - 1 / zoom);
    const limitY = topFit.halfHeight * (1 - 1 / zoom);
    pan = { x: Math.max(-limitX, Math.min(limitX, pan.x)), y: Math.max(-limitY, Math.min(limitY, pan.y)) };
    topCamera.zoom = zoom;
    // Screen right and up in table axes: the tall layout turns the table (x up, +y to the left).
    const right = topFit.tall ? { x: 0, y: -1 } : { x: 1, y: 0 };
    const up = topFit.tall ? { x: 1, y: 0 } : { x: 0, y: 1 };
    const cx = topFit.centre.x + right.x * pan.x + up.x * pan.y;
    const cy = topFit.centre.y + right.y * pan.x + up.y * pan.y;
    topCamera.position.set(cx, cy, topCamera.position.z);
    topCamera.lookAt(cx, cy, 0);
    topCamera.updateProjectionMatrix();
    topCamera.updateMatrixWorld(true);
  }
  const spread = () => {
    const [a, b] = [...touches.values()];
    if (a === undefined || b === undefined) return null;
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };
  const onTouchDown = (event: PointerEvent): void => {
    if (event.pointerType !== 'touch') return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = spread();
    if (touches.size === 2 && now !== null) pinch = { distance: now.distance, zoom, mid: now.mid, pan };
  };
  const onTouchMove = (event: PointerEvent): void => {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = spread();
    if (pinch === null || now === null || mode !== 'top' || pinch.distance <= 0) return;
    zoom = Math.max(1, Math.min(4, (pinch.zoom * now.distance) / pinch.distance));
    // A CSS pixel is this many mm at the current zoom; the fingers' midpoint drags the table along.
    const mm = (2 * topFit.halfHeight) / zoom / Math.max(1, height);
    pan = {
      x: pinch.pan.x - (now.mid.x - pinch.mid.x) * mm,
      y: pinch.pan.y + (now.mid.y - pinch.mid.y) * mm,
    };
    applyZoom();
    requestRender();
  };
  const onTouchUp = (event: PointerEvent): void => {
    touches.delete(event.pointerId);
    if (touches.size < 2) pinch = null;
  };
  const onWheel = (event: WheelEvent): void => {
    if (mode !== 'top') return;
    event.preventDefault();
    zoom = Math.max(1, Math.min(4, zoom * Math.exp(-event.deltaY / 500)));
    applyZoom();
    requestRender();
  };
  canvas.addEventListener('pointerdown', onTouchDown);
  canvas.addEventListener('pointermove', onTouchMove);
  canvas.addEventListener('pointerup', onTouchUp);
  canvas.addEventListener('pointercancel', onTouchUp);
  canvas.addEventListener('wheel', onWheel, { passive: false });

  const observer = new ResizeObserver(() => resize());
  observer.observe(canvas);
  let ratioQuery: MediaQueryList | null = null;
  const onRatio = (): void => {
    watchRatio();
    resize();
  };
  function watchRatio(): void {
    ratioQuery?.removeEventListener('change', onRatio);
    if (typeof matchMedia !== 'function') return;
    ratioQuery = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    ratioQuery.addEventListener('change', onRatio);
  }
  watchRatio();
  const onChange = (): void => requestRender();
  controls.addEventListener('change', onChange);
  // A lost context comes back with nothing on screen: draw again.
  const onRestored = (): void => requestRender();
  canvas.addEventListener('webglcontextrestored', onRestored);

  /** The aim the eye camera follows (the last one shown: during a shot it stays where the cue was). */
  let eyeAim: { x: number; y: number; angleDeg: number } | null = null;
  const placeEye = (): void => {
    const aim = eyeAim ?? { x: geometry.spec.length * 0.2, y: geometry.spec.width / 2, angleDeg: 0 };
    const rad = (aim.angleDeg * Math.PI) / 180;
    const dx = Math.cos(rad);
    const dy = Math.sin(rad);
    // A player bent over the cue: the eye about 20 balls behind the cue ball and 8 above the bed.
    const D = geometry.spec.ballDiameter;
    perspective.position.set(aim.x - dx * 20 * D, aim.y - dy * 20 * D, 8 * D);
    perspective.lookAt(aim.x + dx * 14 * D, aim.y + dy * 14 * D, 0);
    perspective.updateMatrixWorld(true);
  };

  const setMode = (next: CameraMode): void => {
    const leavingEye = mode === 'eye' && next === '3d';
    mode = next;
    controls.enabled = next === '3d';
    if (next === 'eye') placeEye();
    if (leavingEye && width > 0 && height > 0) {
      frame3d(perspective, width / height, table.outerRect, corners, target);
      controls.target.copy(target);
      controls.update();
    }
    requestRender();
  };
  setMode('top');
  resize();

  const finishRunning = (): void => {
    const run = running;
    if (run === null) return;
    running = null;
    lastAnimationFrame = null;
    balls.update(run.playback.end(), 0);
    overlay.follow(balls.positions);
    if (!run.firstDrawn && run.onFirstFrame !== undefined) afterRender.push(run.onFirstFrame);
    run.resolve();
    requestRender();
  };

  const view: ThreeTableView = {
    antialias,
    setQuality(level) {
      profile = QUALITY_PROFILES[level];
      balls.setProfile(profile);
      resize();
      requestRender();
    },
    probe(count) {
      probing = Math.max(probing, count);
      requestRender();
    },
    setColoured(colour: ColouredBall) {
      balls.setColoured(colour);
      requestRender();
    },
    setBalls(list) {
      balls.update(list, 0);
      overlay.follow(balls.positions);
      requestRender();
    },
    setNumbered(numbered) {
      balls.setNumbered(numbered);
      requestRender();
    },
    setOverlay(next) {
      overlay.set(next, balls.positions);
      if (next.aim !== undefined) {
        eyeAim = { x: next.aim.from.x, y: next.aim.from.y, angleDeg: next.aim.angleDeg };
        if (mode === 'eye') placeEye();
      }
      requestRender();
    },
    setCamera(next) {
      setMode(next);
    },
    get camera() {
      return mode;
    },
    play(animation: ShotAnimation, opts = {}) {
      finishRunning();
      return new Promise<void>((resolve) => {
        if (disposed) {
          resolve();
          return;
        }
        // Reduced motion: the shot is shown, but in a second at most.
        const rate = opts.rate ?? 1;
        const shortest = reducedMotion() ? animation.duration / REDUCED_MOTION_S : 0;
        running = {
          playback: new Playback(animation, Math.max(rate, shortest)),
          resolve,
          onFirstFrame: opts.onFirstFrame,
          onEvent: opts.onEvent,
          firstDrawn: false,
        };
        requestRender();
      });
    },
    skip() {
      finishRunning();
    },
    get animating() {
      return running !== null;
    },
    pick(clientX: number, clientY: number): Point | null {
      resize();
      return pickPoint(activeCamera(), canvas.getBoundingClientRect(), clientX, clientY, R, table.outerRect);
    },
    project(at: Point) {
      resize();
      return projectPoint(activeCamera(), canvas.getBoundingClientRect(), at, R);
    },
    get frames() {
      return frames;
    },
    dispose() {
      if (disposed) return;
      finishRunning();
      disposed = true;
      if (rafId !== null) cancelAnimationFrame(rafId);
      rafId = null;
      observer.disconnect();
      canvas.removeEventListener('pointerdown', onTouchDown);
      canvas.removeEventListener('pointermove', onTouchMove);
      canvas.removeEventListener('pointerup', onTouchUp);
      canvas.removeEventListener('pointercancel', onTouchUp);
      canvas.removeEventListener('wheel', onWheel);
      ratioQuery?.removeEventListener('change', onRatio);
      controls.removeEventListener('change', onChange);
      canvas.removeEventListener('webglcontextrestored', onRestored);
      controls.dispose();
      overlay.dispose();
      balls.dispose();
      disposeTree(table.group);
      renderer.dispose();
    },
  };
  return view;
}

/** Frees the geometries, materials and textures of a subtree. */
function disposeTree(root: Object3D): void {
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    (object.geometry as BufferGeometry).dispose();
    const materials: Material[] = Array.isArray(object.material) ? object.material : [object.material];
    for (const material of materials) {
      for (const value of Object.values(material)) if (value instanceof Texture) value.dispose();
      material.dispose();
    }
  });
}
