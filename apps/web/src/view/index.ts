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
import { buildScene } from './scene.js';
import { buildTableMesh } from './table-mesh.js';
import type { AnimationEvent, CameraMode, ShotAnimation, TableView } from './types.js';

export type * from './types.js';

export interface TableViewOptions {
  readonly spec?: TableSpec;
  readonly geometry?: TableGeometry;
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

/** Pixel ratio cap: beyond 2 a phone spends its fill rate on pixels nobody sees. */
const MAX_PIXEL_RATIO = 2;

export function createTableView(canvas: HTMLCanvasElement, options: TableViewOptions = {}): TableView {
  const geometry = options.geometry ?? geometryFor(options.spec ?? REGULATION_12FT);
  const R = geometry.ballRadius;

  const renderer = new WebGLRenderer({ canvas, antialias: true, powerPreference: 'high-performance' });
  const scene = buildScene(geometry);
  const table = buildTableMesh(geometry);
  scene.add(table.group);

  const topCamera = makeTopCamera();
  const perspective = makePerspectiveCamera();
  const target = new Vector3(geometry.spec.length / 2, geometry.spec.width / 2, 0);
  const corners = boxCorners(table.outerRect, -0.6 * geometry.spec.ballDiameter, table.dims.railTop);
  let topFit: TopFit = fitTop(table.outerRect, 1, 1);

  // A new ball shows its number upright in the top view: body +y is screen up.
  const balls = new Balls(R, () => (topFit.tall ? axisAngle(0, 0, 1, -Math.PI / 2) : IDENTITY));
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
  let rafId: number | null = null;
  let disposed = false;
  let width = 0;
  let height = 0;
  let pixelRatio = 0;
  let framed3d = false;

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

  const resize = (): void => {
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    if (w === width && h === height && ratio === pixelRatio) return;
    width = w;
    height = h;
    pixelRatio = ratio;
    renderer.setPixelRatio(ratio);
    renderer.setSize(w, h, false);
    topFit = fitTop(table.outerRect, w, h);
    applyTopFit(topCamera, topFit);
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

  const frame = (now: number): void => {
    rafId = null;
    if (disposed) return;
    resize();
    const run = running;
    if (run !== null) {
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
        afterRender.push(run.resolve);
      }
    }
    if (width > 0 && height > 0) {
      renderer.render(scene, activeCamera());
      frames++;
    }
    const callbacks = afterRender;
    afterRender = [];
    for (const callback of callbacks) callback();
    if (running !== null) requestRender();
  };

  function requestRender(): void {
    if (rafId === null && !disposed) rafId = requestAnimationFrame(frame);
  }

  const observer = new ResizeObserver(() => resize());
  observer.observe(canvas.parentElement ?? canvas);
  const onChange = (): void => requestRender();
  controls.addEventListener('change', onChange);
  // A lost context comes back with nothing on screen: draw again.
  const onRestored = (): void => requestRender();
  canvas.addEventListener('webglcontextrestored', onRestored);

  const setMode = (next: CameraMode): void => {
    mode = next;
    controls.enabled = next === '3d';
    requestRender();
  };
  setMode('top');
  resize();

  const finishRunning = (): void => {
    const run = running;
    if (run === null) return;
    running = null;
    balls.update(run.playback.end(), 0);
    overlay.follow(balls.positions);
    if (!run.firstDrawn && run.onFirstFrame !== undefined) afterRender.push(run.onFirstFrame);
    run.resolve();
    requestRender();
  };

  const view: TableView = {
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
        running = {
          playback: new Playback(animation, opts.rate ?? 1),
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
