/**
 * Cushion models are pluggable by name. The mirror model is the frictionless reflection of the
 * research notes' V22: the normal speed reversed times e_c, the tangential speed kept, so
 * tan(out) = tan(in)/e_c measured from the normal. Han 2005 and Mathavan 2010 (the default) differ:
 * they apply friction at the nose (and Mathavan on the cloth too), so the same shot leaves at
 * another angle.
 */
import { describe, expect, it } from 'vitest';
import type { CushionModel } from '../src/cushion-models.js';
import { simulate } from '../src/simulate.js';
import { P, TABLE } from './helpers.js';

// A stun ball at 45° into the back cushion, far from the pockets: v = (1, 1)/√2 m/s from (3.0, 0.6).
const balls = [{ id: 0, x: 3.0, y: 0.6, v: [Math.SQRT1_2, Math.SQRT1_2, 0] as const, w: [0, 0, 0] as const }];

function outgoing(model: CushionModel) {
  const result = simulate(balls, null, TABLE, { ...P, muSlide: 1e-9, muRoll: 1e-9 }, { cushionModel: model });
  if (!result.ok) throw new Error(result.error.message);
  const hit = result.value.events.find((e) => e.type === 'cushion');
  expect(hit).toMatchObject({ cushion: 'back' });
  const after = result.value.trajectory.sample((hit?.t ?? 0) + 1e-6)[0]!;
  return after.v;
}

describe('cushion models', () => {
  it('mirror: normal speed ×e_c, tangential unchanged, 49.6355° from the normal (V22)', () => {
    const v = outgoing('mirror');
    expect(v[0]).toBeCloseTo(-0.85 * Math.SQRT1_2, 6);
    expect(v[1]).toBeCloseTo(Math.SQRT1_2, 6);
    const angle = (Math.atan2(v[1], -v[0]) * 180) / Math.PI;
    expect(angle).toBeCloseTo(49.6355, 3);
  });

  it('han-2005 and mathavan-2010 (the default) are different models: friction changes the rebound', () => {
    const mirror = outgoing('mirror');
    const han = outgoing('han-2005');
    const mathavan = outgoing('mathavan-2010');
    const apart = (a: readonly number[], b: readonly number[]) =>
      Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!);
    expect(apart(han, mirror)).toBeGreaterThan(1e-3);
    expect(apart(mathavan, mirror)).toBeGreaterThan(1e-3);
    expect(apart(mathavan, han)).toBeGreaterThan(1e-3);
    const slow = { ...P, muSlide: 1e-9, muRoll: 1e-9 };
    const byDefault = simulate(balls, null, TABLE, slow);
    const named = simulate(balls, null, TABLE, slow, { cushionModel: 'mathavan-2010' });
    if (!byDefault.ok || !named.ok) throw new Error('simulation failed');
    expect(byDefault.value.hash).toBe(named.value.hash);
  });
});
