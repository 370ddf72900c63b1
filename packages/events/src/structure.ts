/**
 * The fixed part of a draw: every match of the elimination formats and of the group stage, with
 * where its two players come from. Built from the seed order alone, so it is rebuilt (and cached)
 * from the event rather than stored.
 *
 * Places come from "tiers": a match names the tier at which its loser (and, for a final or a
 * third-place match, its winner) leaves the event; a higher tier is a better place.
 */
import type { Format, Stage } from './model.js';
import { bracketOrder, bracketSize } from './seeding.js';

export type Source =
  | { readonly player: string }
  | { readonly bye: true }
  | { readonly winner: string }
  | { readonly loser: string }
  | { readonly group: number; readonly place: number };

export interface MatchDef {
  readonly id: string;
  readonly stage: Stage;
  /** The round within its stage (groups: within the group), from 1. */
  readonly round: number;
  /** The match's position within its round, from 1. */
  readonly index: number;
  /** Players in this round of the bracket (8 for a quarter-final); the group's or field's size otherwise. */
  readonly roundSize: number;
  /** The group (from 0) of a group match. */
  readonly group?: number;
  readonly a: Source;
  readonly b: Source;
  readonly loserOut: number | null;
  readonly winnerOut: number | null;
  /** The winner is the champion (for a first grand final with a reset: only when side a wins). */
  readonly champion: boolean;
  /** First grand final: if side b (the losers' champion) wins, this match is played again. */
  readonly resetBy?: string;
  /** Second grand final: played only when the first one's side b won; same players. */
  readonly resetOf?: string;
}

export interface Structure {
  readonly defs: readonly MatchDef[];
  /** Group members (entry ids in seed order), for the group formats. */
  readonly groups: readonly (readonly string[])[];
  /** Players who leave at each tier, known from the draw alone (byes never play). */
  readonly tierCounts: ReadonlyMap<number, number>;
  /** Each match's position in `defs`. */
  readonly index: ReadonlyMap<string, number>;
  /** The positions of the matches that take a player from a match (by id) or from a group ("group:g"). */
  readonly dependents: ReadonlyMap<string, readonly number[]>;
}

const seedSources = (order: readonly string[], size: number): Source[] =>
  bracketOrder(size).map((s) => (s <= order.length ? { player: order[s - 1] as string } : { bye: true }));

/**
 * A single-elimination bracket over `slots` (a power of two, in bracket order). Losers of round r
 * leave at tier base + r; the champion at base + R + 1. With a third-place match, the semi-final
 * losers leave from it instead (its winner half a tier above its loser).
 */
function knockout(
  slots: readonly Source[],
  stage: Stage,
  prefix: string,
  base: number,
  thirdPlace: boolean,
  defs: MatchDef[],
): void {
  const rounds = Math.log2(slots.length);
  let current = slots;
  let semis: string[] = [];
  for (let r = 1; r <= rounds; r++) {
    const next: Source[] = [];
    const final = r === rounds;
    const semi = r === rounds - 1;
    if (final && thirdPlace && semis.length === 2) {
      defs.push({
        id: `${prefix}-3rd`,
        stage: 'third-place',
        round: r,
        index: 1,
        roundSize: 2,
        a: { loser: semis[0] as string },
        b: { loser: semis[1] as string },
        loserOut: base + rounds - 1,
        winnerOut: base + rounds - 0.5,
        champion: false,
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < current.length / 2; i++) {
      const id = `${prefix}${r}-${i + 1}`;
      ids.push(id);
      defs.push({
        id,
        stage,
        round: r,
        index: i + 1,
        roundSize: current.length,
        a: current[2 * i] as Source,
        b: current[2 * i + 1] as Source,
        loserOut: semi && thirdPlace ? null : base + r,
        winnerOut: final ? base + rounds + 1 : null,
        champion: final,
      });
      next.push({ winner: id });
    }
    if (semi) semis = ids;
    current = next;
  }
}

/**
 * Double elimination, in full or to a final stage of `finalStage` players.
 *
 * The losers' bracket starts with a "minor" round among the first round's losers; then each
 * later winners' round r drops its losers into a "major" round against the losers' bracket's
 * survivors, followed by another minor round, until the last major round. To keep players who
 * met (or would soon meet) apart, the drop-in order crosses the bracket: reversed after even
 * winners' rounds, halves swapped after odd ones.
 *
 * To a final stage of K: the winners' bracket stops when K/2 players are unbeaten, which is
 * exactly when the losers' bracket has K/2 survivors; each winners' qualifier then meets a losers'
 * qualifier whose last drop-in came from the other half of that winners' round.
 */
function doubleElimination(order: readonly string[], format: Format, defs: MatchDef[]): void {
  const size = bracketSize(order.length);
  const toFinal = format.kind === 'double-to' ? format.finalStage : null;
  const winnersRounds = toFinal === null ? Math.log2(size) : Math.log2((2 * size) / toFinal);
  const wb: string[][] = [];
  let current: Source[] = seedSources(order, size);
  for (let r = 1; r <= winnersRounds; r++) {
    const ids: string[] = [];
    const next: Source[] = [];
    for (let i = 0; i < current.length / 2; i++) {
      const id = `W${r}-${i + 1}`;
      ids.push(id);
      defs.push({
        id,
        stage: 'winners',
        round: r,
        index: i + 1,
        roundSize: current.length,
        a: current[2 * i] as Source,
        b: current[2 * i + 1] as Source,
        loserOut: null,
        winnerOut: null,
        champion: false,
      });
      next.push({ winner: id });
    }
    wb.push(ids);
    current = next;
  }
  const wbLast = wb[wb.length - 1] as string[];
  let lbRound = 0;
  let slots: Source[] = (wb[0] as string[]).map((id) => ({ loser: id }));
  let lastDrop = slots.map((_, j) => j);
  const lbMatch = (a: Source, b: Source, i: number, count: number): Source => {
    const id = `L${lbRound}-${i + 1}`;
    defs.push({
      id,
      stage: 'losers',
      round: lbRound,
      index: i + 1,
      roundSize: 2 * count,
      a,
      b,
      loserOut: lbRound,
      winnerOut: null,
      champion: false,
    });
    return { winner: id };
  };
  const minor = (): void => {
    lbRound++;
    const count = slots.length / 2;
    slots = Array.from({ length: count }, (_, i) =>
      lbMatch(slots[2 * i] as Source, slots[2 * i + 1] as Source, i, count),
    );
  };
  if (winnersRounds >= 2) minor();
  for (let r = 2; r <= winnersRounds; r++) {
    lbRound++;
    const m = slots.length;
    const ids = wb[r - 1] as string[];
    const drop = (j: number): number => (m === 1 ? 0 : r % 2 === 0 ? m - 1 - j : (j + m / 2) % m);
    lastDrop = slots.map((_, j) => drop(j));
    slots = slots.map((slot, j) => lbMatch(slot, { loser: ids[drop(j)] as string }, j, m));
    if (r < winnersRounds) minor();
  }
  const lbRounds = lbRound;
  if (toFinal === null) {
    const a: Source = { winner: wbLast[0] as string };
    const b = slots[0] as Source;
    const reset = format.kind === 'double' && format.reset;
    defs.push({
      id: 'GF1',
      stage: 'grand-final',
      round: 1,
      index: 1,
      roundSize: 2,
      a,
      b,
      loserOut: lbRounds + 1,
      winnerOut: lbRounds + 2,
      champion: true,
      ...(reset ? { resetBy: 'GF2' } : {}),
    });
    if (reset) {
      defs.push({
        id: 'GF2',
        stage: 'grand-final',
        round: 2,
        index: 1,
        roundSize: 2,
        a,
        b,
        loserOut: lbRounds + 1,
        winnerOut: lbRounds + 2,
        champion: true,
        resetOf: 'GF1',
      });
    }
    return;
  }
  const half = toFinal / 2;
  const finalSlots: Source[] = [];
  for (let m = 0; m < half; m++) {
    const from = half === 1 ? 0 : (m + half / 2) % half;
    const j = lastDrop.indexOf(from);
    finalSlots.push({ winner: wbLast[m] as string }, slots[j] as Source);
  }
  knockout(finalSlots, 'final-stage', 'F', lbRounds, format.kind === 'double-to' && format.thirdPlace, defs);
}

/** Seeds dealt to groups like a snake (1→A, 2→B, …, then back), so each group gets a fair share. */
export function dealGroups(order: readonly string[], count: number): string[][] {
  const groups: string[][] = Array.from({ length: count }, () => []);
  order.forEach((id, i) => {
    const lap = Math.floor(i / count);
    const pos = i % count;
    (groups[lap % 2 === 0 ? pos : count - 1 - pos] as string[]).push(id);
  });
  return groups;
}

/**
 * The circle (Berger) method: one player stays, the rest rotate, n − 1 rounds for n even (a bye
 * added for n odd). The first-listed player breaks first; the fixed player alternates sides by
 * round and the others by table, so that breaks are shared out.
 */
export function bergerRounds(players: readonly string[]): [string, string][][] {
  const list: (string | null)[] = [...players];
  if (list.length % 2 === 1) list.push(null);
  const n = list.length;
  const rounds: [string, string][][] = [];
  let ring = list.map((_, i) => i);
  for (let r = 0; r < n - 1; r++) {
    const pairs: [string, string][] = [];
    for (let i = 0; i < n / 2; i++) {
      const x = list[ring[i] as number];
      const y = list[ring[n - 1 - i] as number];
      if (x === null || x === undefined || y === null || y === undefined) continue;
      const swap = i === 0 ? r % 2 === 1 : i % 2 === 1;
      pairs.push(swap ? [y, x] : [x, y]);
    }
    rounds.push(pairs);
    ring = [ring[0] as number, ring[n - 1] as number, ...ring.slice(1, n - 1)];
  }
  return rounds;
}

function groupsAndKnockout(
  order: readonly string[],
  format: Extract<Format, { kind: 'groups' }>,
  defs: MatchDef[],
): string[][] {
  const groups = dealGroups(order, format.groups);
  groups.forEach((members, g) => {
    bergerRounds(members).forEach((pairs, r) => {
      pairs.forEach(([a, b], i) => {
        defs.push({
          id: `G${g + 1}-${r + 1}-${i + 1}`,
          stage: 'group',
          round: r + 1,
          index: i + 1,
          roundSize: members.length,
          group: g,
          a: { player: a },
          b: { player: b },
          loserOut: null,
          winnerOut: null,
          champion: false,
        });
      });
    });
  });
  // Knockout seeds: the group winners first (A, B, …), then the runners-up in reverse group order,
  // and so on, so that standard placement keeps a group's winner and runner-up apart.
  const qualifiers: Source[] = [];
  for (let place = 1; place <= format.advance; place++) {
    for (let k = 0; k < format.groups; k++) {
      qualifiers.push({ group: place % 2 === 1 ? k : format.groups - 1 - k, place });
    }
  }
  const size = bracketSize(qualifiers.length);
  const slots = bracketOrder(size).map(
    (s): Source => (s <= qualifiers.length ? (qualifiers[s - 1] as Source) : { bye: true }),
  );
  knockout(slots, 'knockout', 'K', 0, format.thirdPlace, defs);
  return groups;
}

/** Whether each side of each match will hold a player (rather than a bye), known from the draw. */
function realSides(defs: readonly MatchDef[]): Map<string, readonly [boolean, boolean]> {
  const real = new Map<string, readonly [boolean, boolean]>();
  const of = (source: Source): boolean => {
    if ('player' in source || 'group' in source) return true;
    if ('bye' in source) return false;
    const [x, y] = real.get('winner' in source ? source.winner : source.loser) ?? [false, false];
    return 'winner' in source ? x || y : x && y;
  };
  for (const def of defs) real.set(def.id, [of(def.a), of(def.b)]);
  return real;
}

export function buildStructure(order: readonly string[], format: Format): Structure {
  const defs: MatchDef[] = [];
  let groups: string[][] = [];
  if (format.kind === 'single')
    knockout(seedSources(order, bracketSize(order.length)), 'single', 'E', 0, format.thirdPlace, defs);
  else if (format.kind === 'double' || format.kind === 'double-to') doubleElimination(order, format, defs);
  else if (format.kind === 'groups') groups = groupsAndKnockout(order, format, defs);
  const tierCounts = new Map<number, number>();
  const add = (tier: number | null): void => {
    if (tier !== null) tierCounts.set(tier, (tierCounts.get(tier) ?? 0) + 1);
  };
  const real = realSides(defs);
  for (const def of defs) {
    if (def.resetOf !== undefined) continue;
    const [x, y] = real.get(def.id) as readonly [boolean, boolean];
    if (x && y) add(def.loserOut);
    if (x || y) add(def.winnerOut);
  }
  if (format.kind === 'groups') {
    const longest = Math.max(...groups.map((g) => g.length));
    for (let place = format.advance + 1; place <= longest; place++) {
      tierCounts.set(-place, groups.filter((g) => g.length >= place).length);
    }
  }
  const index = new Map(defs.map((d, i) => [d.id, i]));
  const dependents = new Map<string, number[]>();
  const depend = (key: string, i: number): void => {
    const list = dependents.get(key);
    if (list === undefined) dependents.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  defs.forEach((def, i) => {
    for (const source of [def.a, def.b]) {
      if ('winner' in source) depend(source.winner, i);
      else if ('loser' in source) depend(source.loser, i);
      else if ('group' in source) depend(`group:${source.group}`, i);
    }
    if (def.resetOf !== undefined) depend(def.resetOf, i);
  });
  return { defs, groups, tierCounts, index, dependents };
}
