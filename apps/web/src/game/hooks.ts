/**
 * `window.__pyramid`: read-only hooks for the browser tests. They read a summary of the client
 * state and the view; tests act only through the real UI (pointer events, buttons). The UI never
 * uses them.
 */
import type { Hint } from '@pyramid/bots';
import type { PlannedShot } from '@pyramid/match';
import type { Action } from '@pyramid/rules';
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
  /** The rendering quality chosen (high, medium, low or flat): drawn now or from the next shot on. */
  quality(): string;
  /** The rendering quality the canvas on the page draws at now. */
  qualityDrawn(): string;
  /** The table size the view draws (it follows the match's). */
  viewTable(): string;
  /** The hint shown (its whole shot, intent and chance), or null. */
  hint(): Hint | null;
  /** The last step of the history: the action as the referee took it, with the shot as struck. */
  lastStep(): { action: Action; shot: PlannedShot | null } | null;
}

/** A plain copy: the tests read data, never the state itself. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

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
    qualityDrawn: () => view.drawnLevel,
    viewTable: () => view.tableSize,
    hint: () => copy(controller.hintShown),
    lastStep: () => {
      const last = controller.state.history.at(-1);
      return last === undefined ? null : copy({ action: last.action, shot: last.shot });
    },
  };
  (window as unknown as { __pyramid: PyramidHooks }).__pyramid = hooks;
}
