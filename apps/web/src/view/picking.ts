/**
 * Client pixels ↔ table points. Both directions use the plane of the ball centres (z = R): a click on
 * a ball then gives its centre, and `project` of a ball's point lands on the middle of the ball as
 * drawn, in either camera. Takes the camera and the canvas's client rectangle, nothing else, so it is
 * tested in Node with real three.js cameras.
 */
import type { Point } from '@pyramid/table';
import { point } from '@pyramid/table';
import { type Camera, Plane, Ray, Vector2, Vector3 } from 'three';
import type { Rect } from './outline.js';

export interface ClientRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The table point under a client pixel on the plane z = height, or null outside `extent`. */
export function pickPoint(
  camera: Camera,
  rect: ClientRect,
  clientX: number,
  clientY: number,
  height: number,
  extent: Rect,
): Point | null {
  if (!(rect.width > 0 && rect.height > 0)) return null;
  const ndc = new Vector2(
    ((clientX - rect.left) / rect.width) * 2 - 1,
    -(((clientY - rect.top) / rect.height) * 2 - 1),
  );
  const ray = cameraRay(camera, ndc);
  const hit = ray.intersectPlane(new Plane(new Vector3(0, 0, 1), -height), new Vector3());
  if (hit === null) return null;
  if (hit.x < extent.minX || hit.x > extent.maxX || hit.y < extent.minY || hit.y > extent.maxY) return null;
  return point(hit.x, hit.y);
}

/** The ray through a point of normalised device coordinates (what Raycaster.setFromCamera does). */
function cameraRay(camera: Camera, ndc: Vector2): Ray {
  camera.updateMatrixWorld();
  const origin = new Vector3(ndc.x, ndc.y, -1).unproject(camera);
  const through = new Vector3(ndc.x, ndc.y, 1).unproject(camera);
  return new Ray(origin, through.sub(origin).normalize());
}

/** The client pixel of the table point `at` lifted to `height`, or null when it is off the canvas. */
export function projectPoint(
  camera: Camera,
  rect: ClientRect,
  at: Point,
  height: number,
): { readonly x: number; readonly y: number } | null {
  camera.updateMatrixWorld();
  const v = new Vector3(at.x, at.y, height).project(camera);
  if (!(v.z >= -1 && v.z <= 1) || Math.abs(v.x) > 1 || Math.abs(v.y) > 1) return null;
  return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
}
