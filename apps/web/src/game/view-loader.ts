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
import { createTableView } from '../view/index.js';
import type { CameraMode, Overlay, ShotAnimation, TableView } from '../view/types.js';
import { createFlatView } from './flat-view.js';

export type ViewKind = '3d' | 'flat';

function createView(canvas: HTMLCanvasElement, table: MatchTable): { view: TableView; kind: ViewKind } {
  try {
    return { view: createTableView(canvas, { spec: table.spec, geometry: table.geometry }), kind: '3d' };
  } catch {
    return { view: createFlatView(canvas, table), kind: 'flat' };
  }
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
  readonly tableSize: TableSize;
  readonly canvas: HTMLCanvasElement;
  readonly kind: ViewKind;
}

export class ViewHost implements GameView {
  canvas: HTMLCanvasElement;
  kind: ViewKind;
  tableSize: TableSize;
  private view: TableView;
  private readonly canvasListeners: ((canvas: HTMLCanvasElement) => void)[] = [];
  /** Frames drawn by the views already replaced, so that `frames` never goes back. */
  private earlierFrames = 0;

  /** The canvas goes into `parent` before the view is built on it (the view watches its parent's size). */
  constructor(parent: HTMLElement, size: TableSize) {
    this.canvas = newCanvas();
    parent.append(this.canvas);
    this.tableSize = size;
    const built = createView(this.canvas, matchTable(size));
    this.view = built.view;
    this.kind = built.kind;
  }

  /** Runs `listener` for the current canvas and every later one (input is attached per canvas). */
  onCanvas(listener: (canvas: HTMLCanvasElement) => void): void {
    this.canvasListeners.push(listener);
    listener(this.canvas);
  }

  useTable(size: TableSize): void {
    if (size === this.tableSize) return;
    const old = this.view;
    const oldCanvas = this.canvas;
    const camera = old.camera;
    this.earlierFrames += old.frames;
    old.dispose();
    this.canvas = newCanvas();
    oldCanvas.replaceWith(this.canvas);
    releaseContext(oldCanvas);
    const built = createView(this.canvas, matchTable(size));
    this.view = built.view;
    this.kind = built.kind;
    this.tableSize = size;
    this.view.setCamera(camera);
    for (const listener of this.canvasListeners) listener(this.canvas);
  }

  setBalls(balls: Parameters<TableView['setBalls']>[0]): void {
    this.view.setBalls(balls);
  }
  setNumbered(numbered: boolean): void {
    this.view.setNumbered(numbered);
  }
  setOverlay(overlay: Overlay): void {
    this.view.setOverlay(overlay);
  }
  setCamera(mode: CameraMode): void {
    this.view.setCamera(mode);
  }
  get camera(): CameraMode {
    return this.view.camera;
  }
  play(animation: ShotAnimation, options?: Parameters<TableView['play']>[1]): Promise<void> {
    return this.view.play(animation, options);
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
    this.view.dispose();
  }
}

/** Frees the replaced canvas's WebGL context now rather than at garbage collection (browsers cap them). */
function releaseContext(canvas: HTMLCanvasElement): void {
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
}
