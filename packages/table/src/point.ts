/**
 * A point on the bed in table millimetres. x runs along the long axis from the front cushion nose
 * (house end, x = 0) to the back cushion nose (x = length); y runs across, and +y is the LEFT side
 * as seen from the house looking toward the back cushion.
 */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Frozen, so a point handed out by the table can be shared without defensive copies. */
export function point(x: number, y: number): Point {
  return Object.freeze({ x, y });
}

export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}
