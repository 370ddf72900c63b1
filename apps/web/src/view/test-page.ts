/**
 * A page for the view's browser test (view-test.html): a table with the pyramid racked and the
 * coloured ball on the front spot, numbered as in Classic. `?table=7ft` (any key of PRESETS) draws
 * another preset. The test drives the view through `window.__view` and reads the drawn balls from
 * `window.__viewBalls`.
 */
import {
  buildTableGeometry,
  CLASSIC_RACK_ORDER,
  markings,
  PRESET_12FT,
  PRESETS,
  rackPositions,
  tableSpecOf,
} from '@pyramid/table';
import { createTableView } from './index.js';
import type { BallFrame, TableView } from './types.js';

declare global {
  interface Window {
    __view?: TableView;
    __viewBalls?: readonly BallFrame[];
  }
}

const canvas = document.querySelector<HTMLCanvasElement>('#table');
if (canvas === null) throw new Error('view-test.html has no #table canvas');
const preset = PRESETS[new URLSearchParams(location.search).get('table') ?? '12ft'] ?? PRESET_12FT;
const spec = tableSpecOf(preset);
const view = createTableView(canvas, { spec, geometry: buildTableGeometry(preset) });
const spot = markings(spec).frontSpot;
const rest = (id: number, x: number, y: number): BallFrame => ({
  id,
  x,
  y,
  z: 0,
  wx: 0,
  wy: 0,
  wz: 0,
  gone: false,
});
const balls: BallFrame[] = [
  rest(0, spot.x, spot.y),
  ...rackPositions(spec, CLASSIC_RACK_ORDER.flat()).map((p) => rest(p.ball, p.at.x, p.at.y)),
];
view.setNumbered(true);
view.setBalls(balls);
window.__view = view;
window.__viewBalls = balls;
