/**
 * The table view: the three.js view when WebGL works, else the flat 2D view with the same
 * contract, so the game plays on any browser.
 */
import { createTableView } from '../view/index.js';
import type { TableView } from '../view/types.js';
import { createFlatView } from './flat-view.js';

export function createView(canvas: HTMLCanvasElement): { view: TableView; kind: '3d' | 'flat' } {
  try {
    return { view: createTableView(canvas), kind: '3d' };
  } catch {
    return { view: createFlatView(canvas), kind: 'flat' };
  }
}
