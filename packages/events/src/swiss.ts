/**
 * Swiss pairing. Round 1 by seeding: the top half against the bottom half. Later rounds rank the
 * players by score (then seed) and pair neighbours, searching (with backtracking) for a pairing in
 * which nobody meets an earlier opponent; only when none exists within the search bound are
 * rematches allowed. In an odd field the bye goes to the lowest-ranked player who has not had one.
 */

const pairKey = (x: string, y: string): string => (x < y ? `${x}|${y}` : `${y}|${x}`);

export interface Pairing {
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/** Pairs `ranked` (best first) with no repeat of `met`, or null when the search finds none. */
function pairWithout(
  ranked: readonly string[],
  met: ReadonlySet<string>,
  budget: { steps: number },
): [string, string][] | null {
  if (ranked.length === 0) return [];
  const [first, ...rest] = ranked as [string, ...string[]];
  for (let j = 0; j < rest.length; j++) {
    if (--budget.steps < 0) return null;
    const other = rest[j] as string;
    if (met.has(pairKey(first, other))) continue;
    const tail = pairWithout([...rest.slice(0, j), ...rest.slice(j + 1)], met, budget);
    if (tail !== null) return [[first, other], ...tail];
  }
  return null;
}

const SEARCH_STEPS = 200_000;

export function pairSwissRound(
  round: number,
  ranked: readonly string[],
  met: ReadonlySet<string>,
  hadBye: ReadonlySet<string>,
): Pairing {
  if (round === 1) {
    const even = ranked.length % 2 === 0 ? ranked : ranked.slice(0, -1);
    const half = even.length / 2;
    return {
      pairs: even.slice(0, half).map((x, i) => [x, even[half + i] as string] as const),
      bye: ranked.length % 2 === 0 ? null : (ranked[ranked.length - 1] as string),
    };
  }
  const budget = { steps: SEARCH_STEPS };
  const candidates = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter((p) => !hadBye.has(p));
  for (const bye of candidates) {
    const rest = bye === null ? ranked : ranked.filter((p) => p !== bye);
    const pairs = pairWithout(rest, met, budget);
    if (pairs !== null) return { pairs, bye };
    if (budget.steps < 0) break;
  }
  // No pairing without a rematch was found: pair neighbours, preferring new opponents.
  const bye = ranked.length % 2 === 0 ? null : (candidates[0] ?? (ranked[ranked.length - 1] as string));
  const left = ranked.filter((p) => p !== bye);
  const pairs: [string, string][] = [];
  while (left.length > 0) {
    const first = left.shift() as string;
    let j = left.findIndex((p) => !met.has(pairKey(first, p)));
    if (j < 0) j = 0;
    pairs.push([first, left.splice(j, 1)[0] as string]);
  }
  return { pairs, bye };
}

export { pairKey };
