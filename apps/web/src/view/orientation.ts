/**
 * Ball orientation as a unit quaternion [x, y, z, w], integrated from the simulator's angular velocity
 * (table axes, z up, rad/s). Plain numbers rather than three.js objects so the integration is tested
 * without a renderer and allocates nothing per frame but the result.
 */
export type Quat = readonly [number, number, number, number];

export const IDENTITY: Quat = [0, 0, 0, 1];

/** The rotation by `angle` radians about the unit axis (ax, ay, az). */
export function axisAngle(ax: number, ay: number, az: number, angle: number): Quat {
  const half = angle / 2;
  const s = Math.sin(half);
  return [ax * s, ay * s, az * s, Math.cos(half)];
}

/** a·b: first b, then a. */
export function multiply(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

export function normalize(q: Quat): Quat {
  const [x, y, z, w] = q;
  const n = Math.hypot(x, y, z, w);
  return n === 0 ? IDENTITY : [x / n, y / n, z / n, w / n];
}

/**
 * The orientation after spinning at ω = (wx, wy, wz) for dt seconds. ω is constant over the step (the
 * frames sample it), so the step is exactly the rotation by |ω|·dt about ω/|ω|, applied in table axes
 * (on the left). Renormalised so that thousands of frames do not drift off the unit sphere.
 */
export function integrate(q: Quat, wx: number, wy: number, wz: number, dt: number): Quat {
  const rate = Math.hypot(wx, wy, wz);
  if (!(rate > 0) || !(dt > 0)) return q;
  return normalize(multiply(axisAngle(wx / rate, wy / rate, wz / rate, rate * dt), q));
}

/** A body-fixed vector (x, y, z) as seen in table axes. */
export function rotate(q: Quat, x: number, y: number, z: number): [number, number, number] {
  const [qx, qy, qz, qw] = q;
  // v' = v + 2w(q×v) + 2q×(q×v)
  const tx = 2 * (qy * z - qz * y);
  const ty = 2 * (qz * x - qx * z);
  const tz = 2 * (qx * y - qy * x);
  return [
    x + qw * tx + (qy * tz - qz * ty),
    y + qw * ty + (qz * tx - qx * tz),
    z + qw * tz + (qx * ty - qy * tx),
  ];
}
