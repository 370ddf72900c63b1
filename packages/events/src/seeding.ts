/**
 * Seeding and the standard placement of seeds in a bracket.
 *
 * Standard placement: seed s meets seed size + 1 − s in the first round, recursively, so seeds 1
 * and 2 are in opposite halves (they can meet only in the final) and seeds 1–4 in four different
 * quarters (they can meet only from the semi-finals). Byes are the seeds above the field, so they
 * fall to the top seeds and never meet each other (fewer than half the slots are byes).
 */
import { nextUint32, type RandomState, seedRandom } from '@pyramid/core';
import type { Entry, Seeding } from './model.js';

/** The seeds (1-based) in bracket slot order for a bracket of `size` = 2^k slots. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((s) => [s, next - s]);
  }
  return order;
}

/** The smallest power of two at least n (n ≥ 1). */
export function bracketSize(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

export function isPowerOfTwo(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 1 && ((n as number) & ((n as number) - 1)) === 0;
}

/** A uniform integer in [0, n) by rejection, so that the draw has no modulo bias. */
function below(state: RandomState, n: number): [number, RandomState] {
  const limit = Math.floor(4294967296 / n) * n;
  let s = state;
  for (;;) {
    const [x, next] = nextUint32(s);
    s = next;
    if (x < limit) return [x % n, s];
  }
}

/** A Fisher–Yates shuffle with the core PRNG: the same seed gives the same order everywhere. */
export function shuffle<T>(items: readonly T[], state: RandomState): [T[], RandomState] {
  const out = [...items];
  let s = state;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = below(s, i + 1);
    s = next;
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return [out, s];
}

/**
 * The entries in seed order and the lot (the last tiebreak), both from `seed`. By rating: highest
 * first, players without a rating after those with one, equal ratings in the order of entry. By
 * order: the entries as the director ordered them. Random: a seeded shuffle. The lot is drawn
 * after the seeding from the same generator, so it too is fixed by the seed.
 */
export function seedEntries(
  entries: readonly Entry[],
  seeding: Seeding,
  seed: number,
): { order: string[]; lot: string[] } {
  let state = seedRandom(seed);
  let order: Entry[];
  if (seeding === 'rating') {
    order = entries
      .map((entry, index) => ({ entry, index }))
      .sort((x, y) => {
        const rx = x.entry.rating ?? Number.NEGATIVE_INFINITY;
        const ry = y.entry.rating ?? Number.NEGATIVE_INFINITY;
        return rx !== ry ? ry - rx : x.index - y.index;
      })
      .map((x) => x.entry);
  } else if (seeding === 'order') {
    order = [...entries];
  } else {
    [order, state] = shuffle(entries, state);
  }
  const [lot] = shuffle(
    entries.map((e) => e.id),
    state,
  );
  return { order: order.map((e) => e.id), lot };
}
