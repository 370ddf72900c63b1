/**
 * A small seeded PRNG (xoshiro128**), so that every random choice in the product takes an explicit
 * seed and replays bit for bit. The state is four 32-bit words, JSON-serialisable.
 */
export type RandomState = readonly [number, number, number, number];

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function seedRandom(seed: number): RandomState {
  const next = splitmix32(seed);
  return [next(), next(), next(), next()];
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

/** Returns the next 32-bit unsigned integer and the advanced state; the input state is untouched. */
export function nextUint32(state: RandomState): [number, RandomState] {
  const [s0, s1, s2, s3] = state;
  const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
  const t = (s1 << 9) >>> 0;
  let n2 = (s2 ^ s0) >>> 0;
  let n3 = (s3 ^ s1) >>> 0;
  const n1 = (s1 ^ n2) >>> 0;
  const n0 = (s0 ^ n3) >>> 0;
  n2 = (n2 ^ t) >>> 0;
  n3 = rotl(n3, 11);
  return [result, [n0, n1, n2, n3]];
}

/** A mutable generator for loops that draw many numbers (tests, self-play, benchmarks). */
export class Random {
  private state: RandomState;

  constructor(seed: number) {
    this.state = seedRandom(seed);
  }

  uint32(): number {
    const [value, state] = nextUint32(this.state);
    this.state = state;
    return value;
  }

  /** A float in [0, 1) with 32 bits of randomness. */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  snapshot(): RandomState {
    return this.state;
  }
}
