import { describe, expect, it } from 'vitest';
import { axisAngle, IDENTITY, integrate, multiply, type Quat, rotate } from '../src/view/orientation.js';

const R = 34;

function expectVector(actual: readonly number[], expected: readonly number[], digits = 9): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => {
    expect(v).toBeCloseTo(expected[i] ?? Number.NaN, digits);
  });
}

/** Integrates a constant ω in `steps` frames of equal length. */
function spin(q: Quat, w: readonly [number, number, number], seconds: number, steps: number): Quat {
  let out = q;
  for (let i = 0; i < steps; i++) out = integrate(out, w[0], w[1], w[2], seconds / steps);
  return out;
}

describe('ball orientation', () => {
  it('turns a ball rolling a distance d without slipping by d/R', () => {
    // Rolling along +x at v: ω = ẑ × v / R = (0, v/R, 0).
    const v = 1200;
    const d = 0.5 * Math.PI * R; // a quarter turn
    const q = spin(IDENTITY, [0, v / R, 0], d / v, 37);
    // The point that touched the cloth has come round to the back (−x) at centre height.
    expectVector(rotate(q, 0, 0, -R), [-R, 0, 0]);
    // The top has come forward, in the direction of travel.
    expectVector(rotate(q, 0, 0, R), [R, 0, 0]);
    // A full circumference is a full turn.
    const full = spin(IDENTITY, [0, v / R, 0], (2 * Math.PI * R) / v, 90);
    expectVector(rotate(full, 0, 0, R), [0, 0, R]);
  });

  it('does not depend on how a constant spin is cut into frames', () => {
    const w: [number, number, number] = [3, -7, 11];
    const one = spin(IDENTITY, w, 0.4, 1);
    const many = spin(IDENTITY, w, 0.4, 250);
    expectVector(rotate(one, 1, 2, 3), rotate(many, 1, 2, 3));
  });

  it('applies each step in table axes, after the orientation so far', () => {
    // A quarter turn about z, then a quarter turn about x (table axes): body x goes to y, then to z.
    let q = integrate(IDENTITY, 0, 0, Math.PI / 2, 1);
    q = integrate(q, Math.PI / 2, 0, 0, 1);
    expectVector(rotate(q, 1, 0, 0), [0, 0, 1]);
    // Composing by hand gives the same rotation.
    const composed = multiply(axisAngle(1, 0, 0, Math.PI / 2), axisAngle(0, 0, 1, Math.PI / 2));
    expectVector(rotate(composed, 1, 0, 0), [0, 0, 1]);
    // The other order is a different rotation.
    const other = multiply(axisAngle(0, 0, 1, Math.PI / 2), axisAngle(1, 0, 0, Math.PI / 2));
    expect(rotate(other, 1, 0, 0)[2]).toBeCloseTo(0, 9);
  });

  it('leaves a ball at rest as it is and keeps the quaternion a unit one', () => {
    const q: Quat = axisAngle(0.6, 0, 0.8, 1.1);
    expect(integrate(q, 0, 0, 0, 0.5)).toBe(q);
    expect(integrate(q, 5, 5, 5, 0)).toBe(q);
    const long = spin(q, [40, -25, 90], 30, 3000);
    expect(Math.hypot(...long)).toBeCloseTo(1, 12);
  });
});
