import { buildTableGeometry, PRESET_7FT, PRESET_12FT } from '@pyramid/table';
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  allVisible,
  applyTopFit,
  boxCorners,
  fitTop,
  frame3d,
  makePerspectiveCamera,
  makeTopCamera,
} from '../src/view/cameras.js';
import { planDimensions, tableRects } from '../src/view/outline.js';
import { pickPoint, projectPoint } from '../src/view/picking.js';

const geometry = buildTableGeometry(PRESET_12FT);
const dims = planDimensions(geometry);
const { outer } = tableRects(geometry, dims);
const R = geometry.ballRadius;

const SCREENS = [
  { name: 'desktop landscape', width: 1280, height: 800 },
  { name: 'wide', width: 2400, height: 700 },
  { name: 'phone portrait', width: 390, height: 844 },
  { name: 'square', width: 600, height: 600 },
] as const;

describe('the top camera', () => {
  for (const screen of SCREENS) {
    it(`shows the whole table, big, on a ${screen.name} canvas`, () => {
      const fit = fitTop(outer, screen.width, screen.height);
      const camera = makeTopCamera();
      applyTopFit(camera, fit);
      const corners = boxCorners(outer, -50, dims.railTop);
      expect(allVisible(camera, corners)).toBe(true);
      // No more than the margin wasted on the limiting side: some corner is near the edge of the view.
      const edges = corners.map((c) => {
        const v = c.clone().project(camera);
        return Math.max(Math.abs(v.x), Math.abs(v.y));
      });
      expect(Math.max(...edges)).toBeGreaterThan(0.9);
      // World pixels are square: the frustum has the canvas's aspect ratio.
      expect(fit.halfWidth / fit.halfHeight).toBeCloseTo(screen.width / screen.height, 9);
    });
  }

  it('lays the table along the longer side: house end left on landscape, at the bottom on portrait', () => {
    const wide = makeTopCamera();
    applyTopFit(wide, fitTop(outer, 1280, 800));
    const houseWide = new Vector3(0, geometry.spec.width / 2, 0).project(wide);
    const backWide = new Vector3(geometry.spec.length, geometry.spec.width / 2, 0).project(wide);
    expect(houseWide.x).toBeLessThan(backWide.x);
    expect(houseWide.y).toBeCloseTo(backWide.y, 9);

    const tall = makeTopCamera();
    const tallFit = fitTop(outer, 390, 844);
    expect(tallFit.tall).toBe(true);
    applyTopFit(tall, tallFit);
    const house = new Vector3(0, geometry.spec.width / 2, 0).project(tall);
    const back = new Vector3(geometry.spec.length, geometry.spec.width / 2, 0).project(tall);
    expect(house.y).toBeLessThan(back.y);
    // Seen from the house end, +y is the player's left: left on screen.
    const left = new Vector3(geometry.spec.length / 2, geometry.spec.width, 0).project(tall);
    const right = new Vector3(geometry.spec.length / 2, 0, 0).project(tall);
    expect(left.x).toBeLessThan(right.x);
  });
});

describe('the 3D camera', () => {
  for (const screen of SCREENS) {
    it(`frames the whole table from behind the house end on a ${screen.name} canvas`, () => {
      const camera = makePerspectiveCamera();
      const corners = boxCorners(outer, -40, dims.railTop);
      const target = new Vector3(geometry.spec.length / 2, geometry.spec.width / 2, 0);
      frame3d(camera, screen.width / screen.height, outer, corners, target);
      expect(allVisible(camera, corners, 0.04)).toBe(true);
      // As close as it can be: a little nearer and a corner leaves the view.
      const nearer = camera.position.clone().lerp(target, 0.05);
      camera.position.copy(nearer);
      camera.updateMatrixWorld(true);
      expect(allVisible(camera, corners, 0.04)).toBe(false);
      // Behind the house end (x < 0 side of the centre) and above the bed.
      expect(camera.position.x).toBeLessThan(target.x);
      expect(camera.position.z).toBeGreaterThan(0);
    });
  }
});

describe('pick and project', () => {
  const rect = { left: 20, top: 50, width: 1000, height: 700 };
  const cameras = () => {
    const top = makeTopCamera();
    applyTopFit(top, fitTop(outer, rect.width, rect.height));
    const perspective = makePerspectiveCamera();
    const corners = boxCorners(outer, -40, dims.railTop);
    frame3d(perspective, rect.width / rect.height, outer, corners, new Vector3(1775, 887.5, 0));
    return { top, perspective };
  };

  it('round-trips table points through client pixels in both cameras', () => {
    for (const camera of Object.values(cameras())) {
      for (const at of [
        { x: 887.5, y: 887.5 },
        { x: 2662.5, y: 887.5 },
        { x: 40, y: 1730 },
        { x: 3510, y: 34 },
      ]) {
        const pixel = projectPoint(camera, rect, at, R);
        expect(pixel).not.toBeNull();
        if (pixel === null) continue;
        expect(pixel.x).toBeGreaterThanOrEqual(rect.left);
        expect(pixel.y).toBeGreaterThanOrEqual(rect.top);
        const back = pickPoint(camera, rect, pixel.x, pixel.y, R, outer);
        expect(back).not.toBeNull();
        expect(Math.hypot((back?.x ?? 0) - at.x, (back?.y ?? 0) - at.y)).toBeLessThan(0.01);
      }
    }
  });

  it('picks on the plane of the ball centres, not on the bed', () => {
    const { perspective } = cameras();
    const at = { x: 1775, y: 887.5 };
    // The pixel of the bed point under a ball's centre is not the pixel of its centre in perspective.
    const bedPixel = new Vector3(at.x, at.y, 0).project(perspective);
    const client = {
      x: rect.left + ((bedPixel.x + 1) / 2) * rect.width,
      y: rect.top + ((1 - bedPixel.y) / 2) * rect.height,
    };
    const picked = pickPoint(perspective, rect, client.x, client.y, R, outer);
    expect(picked).not.toBeNull();
    // The ray from the camera behind the house end meets the z = R plane before the bed: nearer the house.
    expect(picked?.x ?? 0).toBeLessThan(at.x - 5);
  });

  it('gives null off the table and off the canvas', () => {
    const { top } = cameras();
    expect(pickPoint(top, rect, rect.left + 1, rect.top + 1, R, outer)).toBeNull();
    expect(projectPoint(top, rect, { x: -5000, y: 0 }, R)).toBeNull();
    expect(pickPoint(top, { ...rect, width: 0 }, 100, 100, R, outer)).toBeNull();
  });

  it('fits a 7 ft table too', () => {
    const small = buildTableGeometry(PRESET_7FT);
    const smallOuter = tableRects(small, planDimensions(small)).outer;
    const camera = makeTopCamera();
    applyTopFit(camera, fitTop(smallOuter, 800, 600));
    expect(allVisible(camera, boxCorners(smallOuter, -40, 50))).toBe(true);
    const pixel = projectPoint(camera, rect, { x: 990, y: 495 }, small.ballRadius);
    // The centre of the 7 ft table is the centre of the canvas.
    expect(pixel?.x).toBeCloseTo(rect.left + rect.width / 2, 6);
    expect(pixel?.y).toBeCloseTo(rect.top + rect.height / 2, 6);
  });
});

describe('the top camera on a small screen', () => {
  const c = dims.cushionWidth;
  const inner = { minX: -c, minY: -c, maxX: geometry.spec.length + c, maxY: geometry.spec.width + c };
  const crop = { inner, ballDiameter: geometry.spec.ballDiameter, minBallPx: 14 };
  const ballPx = (fit: { halfHeight: number }, height: number) =>
    (geometry.spec.ballDiameter * height) / (2 * fit.halfHeight);

  it('crops the outer rails of a 12 ft table on a 390 px phone so that a ball is 14 px, cushions in view', () => {
    expect(ballPx(fitTop(outer, 390, 760), 760)).toBeLessThan(14);
    const fit = fitTop(outer, 390, 760, crop);
    expect(ballPx(fit, 760)).toBeGreaterThanOrEqual(14 - 1e-6);
    const camera = makeTopCamera();
    applyTopFit(camera, fit);
    expect(allVisible(camera, boxCorners(inner, 0, 0))).toBe(true);
  });

  it('keeps the whole table where a ball is already 14 px (a desktop)', () => {
    expect(fitTop(outer, 940, 758, crop)).toEqual(fitTop(outer, 940, 758));
  });
});
