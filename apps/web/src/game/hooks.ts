/**
 * `window.__pyramid`: read-only hooks for the browser tests. They read a summary of the client
 * state and the view; tests act only through the real UI (pointer events, buttons). The UI never
 * uses them.
 */
import type { Point } from '@pyramid/table';
import type { Controller } from './controller.js';
import { cuePosition, type GameSummary, summaryOf } from './state/index.js';
import type { ViewHost } from './view-loader.js';

export interface PyramidHooks {
  summary(): GameSummary;
  /** The cue ball's position (its placement when in hand), mm. */
  cue(): Point | null;
  /** Client pixel of a table point. */
  project(at: Point): { x: number; y: number } | null;
  frames(): number;
  animating(): boolean;
  readonly viewKind: '3d' | 'flat';
  /** The rendering quality drawn now (high, medium, low or flat). */
  quality(): string;
  /** The table size the view draws (it follows the match's). */
  viewTable(): string;
}

export function installHooks(controller: Controller, view: ViewHost): void {
  const hooks: PyramidHooks = {
    summary: () => JSON.parse(JSON.stringify(summaryOf(controller.state))) as GameSummary,
    cue: () => cuePosition(controller.state),
    project: (at) => view.project(at),
    frames: () => view.frames,
    animating: () => view.animating || controller.state.busy,
    get viewKind() {
      return view.kind;
    },
    quality: () => view.qualityLevel,
    viewTable: () => view.tableSize,
  };
  (window as unknown as { __pyramid: PyramidHooks }).__pyramid = hooks;
}
