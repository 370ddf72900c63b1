/**
 * The table view of the match's table: the three.js view when WebGL works, else the flat 2D view
 * with the same contract, so the game plays on any browser.
 *
 * A view is built for one table (its cushions, pockets and markings are meshes), so `ViewHost`
 * builds a new one when a match on another size starts or a record on another size is opened. The
 * new view gets a new canvas: a WebGL context handed from one renderer to the next would keep the
 * old renderer's GL state, which the new one does not know about.
 */
import { type MatchTable, matchTable, type TableSize } from '@pyramid/rules';
import { createTableView, type ThreeTableView } from '../view/index.js';
import {
  createQualityController,
  QUALITY_PROFILES,
  type QualityController,
  type QualityLevel,
  SETTLE,
  WINDOW,
} from '../view/quality.js';
import type { BallFrame, CameraMode, Overlay, ShotAnimation, TableView } from '../view/types.js';
import type { ColouredBall, DisplaySettings } from './display.js';
import { createFlatView } from './flat-view.js';

export type ViewKind = '3d' | 'flat';

type Built = { view: TableView; three: ThreeTableView | null; kind: ViewKind; level: QualityLevel };

function createView(
  canvas: HTMLCanvasElement,
  table: MatchTable,
  level: QualityLevel,
  onFrameTime: (ms: number) => void,
): Built {
  if (level !== 'flat') {
    try {
      const three = createTableView(canvas, {
        spec: table.spec,
        geometry: table.geometry,
        quality: level,
        onFrameTime,
      });
      return { view: three, three, kind: '3d', level };
    } catch {
      // No WebGL here: the flat view plays the same game.
    }
  }
  return { view: createFlatView(canvas, table), three: null, kind: 'flat', level: 'flat' };
}

function newCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'table';
  canvas.dataset.testid = 'table';
  return canvas;
}

/** The game's view: the view of the current table, replaced when the table changes. */
export interface GameView extends TableView {
  /** Shows the table of `size` (a no-op when it is already shown). */
  useTable(size: TableSize): void;
  /** Times a few frames now to choose the level before the first animation (auto only). */
  probeQuality(): void;
  readonly tableSize: TableSize;
  readonly canvas: HTMLCanvasElement;
  readonly kind: ViewKind;
}

export class ViewHost implements GameView {
  canvas: HTMLCanvasElement;
  kind: ViewKind;
  tableSize: TableSize;
  private view: TableView;
  private three: ThreeTableView | null;
  private level: QualityLevel;
  private drawn: QualityLevel;
  private quality: QualityController;
  private readonly canvasListeners: ((canvas: HTMLCanvasElement) => void)[] = [];
  /** Frames drawn by the views already replaced, so that `frames` never goes back. */
  private earlierFrames = 0;
  /** What the current view was last given, so that a replacement view shows the same. */
  private balls: readonly BallFrame[] = [];
  private overlay: Overlay = {};
  private numbered = false;
  private coloured: ColouredBall;
  /** A level that needs a new canvas (antialiasing, the flat view), applied when no shot is running. */
  private rebuildPending = false;
  /** Level changes, for whoever shows the level (the display panel). */
  onQuality: ((level: QualityLevel) => void) | null = null;
  /** Auto is at its lowest 3D level and frames are still slow: offer the flat view (once). */
  onFlatOffer: (() => void) | null = null;
  private flatOffered = false;

  /**
   * The canvas goes into `parent` before the view is built on it (the view watches its size).
   * `forcedFrameMs` replaces every measured frame time (a debug hook: `?frameMs=`).
   */
  constructor(
    parent: HTMLElement,
    size: TableSize,
    display: DisplaySettings,
    private readonly forcedFrameMs: number | null = null,
  ) {
    this.canvas = newCanvas();
    parent.append(this.canvas);
    this.tableSize = size;
    this.coloured = display.coloured;
    this.quality = createQualityController(display.quality);
    const built = this.build(size, this.quality.level);
    this.view = built.view;
    this.three = built.three;
    this.kind = built.kind;
    this.level = built.level;
    this.drawn = built.level;
    this.view.setColoured(this.coloured);
    this.watchPointers();
  }

  private build(size: TableSize, level: QualityLevel): Built {
    return createView(this.canvas, matchTable(size), level, (ms) => this.frameTime(ms));
  }

  /** The level chosen (`flat` also where WebGL is missing): drawn now, or from the next shot on. */
  get qualityLevel(): QualityLevel {
    return this.level;
  }

  /** The level the canvas on the page draws at now (it differs while a new canvas is pending). */
  get drawnLevel(): QualityLevel {
    return this.drawn;
  }

  /** The player's quality setting: a level by hand is applied now; `auto` starts again from high. */
  setQualitySetting(setting: DisplaySettings['quality']): void {
    this.quality = createQualityController(setting);
    this.changeLevel(this.quality.level, true);
  }

  setColoured(colour: ColouredBall): void {
    this.coloured = colour;
    this.view.setColoured(colour);
  }

  private frameTime(ms: number): void {
    const next = this.quality.sample(this.forcedFrameMs ?? ms);
    // A new canvas is never made under the player's finger: a step measured in the middle of a pull
    // waits for the finger to lift (or for the shot it strikes to start).
    if (next !== null) this.changeLevel(next, this.pressed.size === 0);
    if (this.quality.offerFlat && !this.flatOffered) {
      this.flatOffered = true;
      this.onFlatOffer?.();
    }
  }

  /**
   * Times a few frames now, before any shot, on auto: a page that has drawn nothing since it opened
   * (a spectator's, the opponent's) would otherwise meet its first animation at the highest level.
   */
  probeQuality(): void {
    if (this.quality.adaptive) this.three?.probe(SETTLE + WINDOW);
  }

  /** Pointers pressed anywhere on the page: while one is, no new canvas is made (a pull, a drag). */
  private readonly pressed = new Set<number>();
  private readonly listening = new AbortController();
  private watchPointers(): void {
    const options = { capture: true, signal: this.listening.signal };
    addEventListener('pointerdown', (event) => this.pressed.add(event.pointerId), options);
    const up = (event: PointerEvent) => {
      this.pressed.delete(event.pointerId);
      // A new canvas waiting for the finger to lift is made now (a shot struck by it plays first).
      if (this.pressed.size === 0 && this.rebuildPending && !this.view.animating)
        setTimeout(() => {
          if (this.pressed.size === 0 && this.rebuildPending && !this.view.animating) this.rebuild();
        }, 0);
    };
    addEventListener('pointerup', up, options);
    addEventListener('pointercancel', up, options);
  }

  /** `now`: a level that needs a new canvas gets it at once when no shot is running (the setting). */
  private changeLevel(level: QualityLevel, now: boolean): void {
    if (level === this.level && !this.rebuildPending) return;
    const three = this.three;
    if (three !== null && level !== 'flat' && level === this.level) {
      this.rebuildPending = false;
      return;
    }
    // Pixel ratio, detail, clear coat and shadows change on the running view; antialiasing and the
    // flat view need a new canvas, made when the shot in progress has ended.
    if (three !== null && level !== 'flat' && levelAntialias(level) === three.antialias) {
      three.setQuality(level);
      this.level = level;
      this.drawn = level;
      this.rebuildPending = false;
      this.onQuality?.(level);
      return;
    }
    // The rest of a 3D level applies at once (the shot that measured it slow runs faster from the
    // next frame: waiting for its end kept a watcher's first break at the highest level throughout).
    if (three !== null && level !== 'flat') three.setQuality(level);
    this.level = level;
    this.rebuildPending = true;
    if (now && !this.view.animating) this.rebuild();
  }

  private rebuild(): void {
    this.rebuildPending = false;
    this.replaceView(this.tableSize, this.level);
    this.onQuality?.(this.level);
  }

  private replaceView(size: TableSize, level: QualityLevel): void {
    const old = this.view;
    const oldCanvas = this.canvas;
    const camera = old.camera;
    this.earlierFrames += old.frames;
    old.dispose();
    this.canvas = newCanvas();
    oldCanvas.replaceWith(this.canvas);
    releaseContext(oldCanvas);
    const built = this.build(size, level);
    this.view = built.view;
    this.three = built.three;
    this.kind = built.kind;
    this.level = built.level;
    this.drawn = built.level;
    this.tableSize = size;
    this.view.setColoured(this.coloured);
    this.view.setNumbered(this.numbered);
    this.view.setBalls(this.balls);
    this.view.setOverlay(this.overlay);
    this.view.setCamera(camera);
    for (const listener of this.canvasListeners) listener(this.canvas);
  }

  /** Runs `listener` for the current canvas and every later one (input is attached per canvas). */
  onCanvas(listener: (canvas: HTMLCanvasElement) => void): void {
    this.canvasListeners.push(listener);
    listener(this.canvas);
  }

  useTable(size: TableSize): void {
    if (size === this.tableSize) return;
    this.replaceView(size, this.level);
  }

  setBalls(balls: readonly BallFrame[]): void {
    this.balls = balls;
    this.view.setBalls(balls);
  }
  setNumbered(numbered: boolean): void {
    this.numbered = numbered;
    this.view.setNumbered(numbered);
  }
  setOverlay(overlay: Overlay): void {
    this.overlay = overlay;
    this.view.setOverlay(overlay);
  }
  setCamera(mode: CameraMode): void {
    this.view.setCamera(mode);
  }
  get camera(): CameraMode {
    return this.view.camera;
  }
  async play(animation: ShotAnimation, options?: Parameters<TableView['play']>[1]): Promise<void> {
    this.quality.reset();
    if (this.rebuildPending) this.rebuild();
    await this.view.play(animation, options);
    this.balls = animation.sample(animation.duration);
    this.view.setBalls(this.balls);
    if (this.rebuildPending) this.rebuild();
  }
  skip(): void {
    this.view.skip();
  }
  get animating(): boolean {
    return this.view.animating;
  }
  pick(clientX: number, clientY: number): ReturnType<TableView['pick']> {
    return this.view.pick(clientX, clientY);
  }
  project(at: Parameters<TableView['project']>[0]): ReturnType<TableView['project']> {
    return this.view.project(at);
  }
  get frames(): number {
    return this.earlierFrames + this.view.frames;
  }
  dispose(): void {
    this.listening.abort();
    this.view.dispose();
  }
}

function levelAntialias(level: Exclude<QualityLevel, 'flat'>): boolean {
  return QUALITY_PROFILES[level].antialias;
}

/** Frees the replaced canvas's WebGL context now rather than at garbage collection (browsers cap them). */
function releaseContext(canvas: HTMLCanvasElement): void {
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
}
