/**
 * Input checks: what the simulator refuses names the field; a ball the simulator itself left
 * hanging in a pocket's mouth (centre past the cushion nose) is a position it must accept again.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/simulate.js';
import { P, TABLE } from './helpers.js';

const refusal = (balls: Parameters<typeof simulate>[0], strike: Parameters<typeof simulate>[1]) => {
  const result = simulate(balls, strike, TABLE, P);
  return result.ok
    ? null
    : { code: result.error.code, field: 'field' in result.error ? result.error.field : '' };
};

describe('shot input', () => {
  it('accepts a ball the simulator left hanging in a corner pocket mouth', () => {
    const first = simulate(
      [{ id: 1, x: 3.2, y: 0.034 }],
      // Rolling slowly along the right cushion's nose line into the back-right pocket's mouth, where it
      // stops hanging (at 0.3 m/s it would reach the jaw and come back out).
      { ball: 1, speed: 0.25, angleDeg: 0, height: 0.4 },
      TABLE,
      P,
    );
    if (!first.ok) throw new Error(first.error.message);
    const rest = first.value.final[0]!;
    expect(rest.state).toBe('stationary');
    // Its centre lies past the right cushion's nose line (y < R), beside the back-right pocket.
    expect(rest.r[1]).toBeLessThan(P.R);
    const again = simulate(
      [
        { id: 1, x: rest.r[0], y: rest.r[1] },
        { id: 0, x: 2.5, y: 0.3 },
      ],
      { ball: 0, speed: 1, angleDeg: 0 },
      TABLE,
      P,
    );
    expect(again.ok).toBe(true);
  });

  it('refuses a ball past a cushion away from any pocket, overlaps, duplicates and a missing cue ball', () => {
    expect(refusal([{ id: 1, x: 1.0, y: -0.01 }], null)).toEqual({
      code: 'invalid-input',
      field: '/balls/0',
    });
    expect(
      refusal(
        [
          { id: 1, x: 1.0, y: 0.5 },
          { id: 2, x: 1.05, y: 0.5 },
        ],
        null,
      ),
    ).toEqual({ code: 'invalid-input', field: '/balls/1' });
    expect(
      refusal(
        [
          { id: 1, x: 1.0, y: 0.5 },
          { id: 1, x: 2.0, y: 0.5 },
        ],
        null,
      ),
    ).toEqual({ code: 'invalid-input', field: '/balls/1/id' });
    expect(refusal([{ id: 1, x: 1.0, y: 0.5 }], { ball: 0, speed: 1, angleDeg: 0 })).toEqual({
      code: 'invalid-input',
      field: '/strike/ball',
    });
    expect(refusal([{ id: 0, x: 1.0, y: 0.5 }], { ball: 0, speed: 13, angleDeg: 0 })).toEqual({
      code: 'invalid-input',
      field: '/strike/speed',
    });
  });
});
