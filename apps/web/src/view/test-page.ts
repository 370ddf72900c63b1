/**
 * A page for the view's browser test (view-test.html): the regulation table with the pyramid racked
 * and the coloured ball on the front spot, numbered as in Classic. The test drives the view through
 * `window.__view` and reads the drawn balls from `window.__viewBalls`.
 */
import { CLASSIC_RACK_ORDER, markings, REGULATION_12FT, rackPositions } from '@pyramid/table';
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
const view = createTableView(canvas);
const spot = markings(REGULATION_12FT).frontSpot;
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
  ...rackPositions(REGULATION_12FT, CLASSIC_RACK_ORDER.flat()).map((p) => rest(p.ball, p.at.x, p.at.y)),
];
view.setNumbered(true);
view.setBalls(balls);
window.__view = view;
window.__viewBalls = balls;
