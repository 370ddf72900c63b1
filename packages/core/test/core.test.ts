import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertNever,
  detExp,
  err,
  invariant,
  nextUint32,
  ok,
  Random,
  seedRandom,
  sinCosDeg,
} from '../src/index.js';

describe('Random (xoshiro128**)', () => {
  it('follows the reference algorithm from the state [1, 2, 3, 4]', () => {
    // By hand from Blackman & Vigna's xoshiro128**: result = rotl(s1 × 5, 7) × 9, then the state update.
    const outputs: number[] = [];
    let state: readonly [number, number, number, number] = [1, 2, 3, 4];
    for (let k = 0; k < 3; k++) {
      const [value, next] = nextUint32(state);
      outputs.push(value);
      state = next;
    }
    expect(outputs).toEqual([11520, 0, 5927040]);
  });

  it('replays a seed exactly and never touches the state it is given', () => {
    const state = seedRandom(42);
    const copy = [...state];
    nextUint32(state);
    expect([...state]).toEqual(copy);
    const a = new Random(42);
    const b = new Random(42);
    const drawn = Array.from({ length: 50 }, () => a.uint32());
    expect(Array.from({ length: 50 }, () => b.uint32())).toEqual(drawn);
    expect(new Random(43).uint32()).not.toBe(drawn[0]);
  });

  it('keeps float in [0, 1) and int in [0, n)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const random = new Random(seed);
        for (let k = 0; k < 20; k++) {
          const f = random.float();
          const i = random.int(n);
          if (!(f >= 0 && f < 1 && Number.isInteger(i) && i >= 0 && i < n)) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
    expect(() => new Random(1).pick([])).toThrow('empty');
  });
});

describe('deterministic maths', () => {
  it('detExp is within a few ulps of e^x and exact at 0', () => {
    expect(detExp(0)).toBe(1);
    for (const x of [-700, -20, -1, -1e-9, 1e-9, 0.5, 1, Math.LN10, 50, 700]) {
      expect(Math.abs(detExp(x) - Math.exp(x)) / Math.exp(x)).toBeLessThan(4e-16);
    }
    expect(detExp(800)).toBe(Number.POSITIVE_INFINITY);
    expect(detExp(-800)).toBe(0);
    expect(detExp(Number.NaN)).toBeNaN();
  });

  it('sinCosDeg is exact at multiples of 90°, mirror-exact, and on the unit circle', () => {
    // (+0 turns a −0 into 0: the sign of a zero is not part of "exact" here.)
    const at = (deg: number) => sinCosDeg(deg).map((v) => v + 0);
    expect(at(0)).toEqual([0, 1]);
    expect(at(90)).toEqual([1, 0]);
    expect(at(180)).toEqual([0, -1]);
    expect(at(270)).toEqual([-1, 0]);
    fc.assert(
      fc.property(fc.double({ min: -720, max: 720, noNaN: true }), (deg) => {
        const [s, c] = sinCosDeg(deg);
        const [ms, mc] = sinCosDeg(-deg);
        const rad = (deg * Math.PI) / 180;
        return (
          ms === -s && mc === c && Math.abs(s * s + c * c - 1) < 1e-15 && Math.abs(s - Math.sin(rad)) < 1e-13
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('Result and assertions', () => {
  it('ok and err carry their value', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(err('bad')).toEqual({ ok: false, error: 'bad' });
  });

  it('invariant and assertNever throw with their message', () => {
    expect(() => invariant(false, 'the rack is full')).toThrow('the rack is full');
    expect(() => invariant(true, 'never')).not.toThrow();
    expect(() => assertNever('x' as never, 'variant')).toThrow('variant');
  });
});
