/**
 * Standings and places. An elimination place is shared by everyone who left at the same point:
 * 1, 2, 3–4, 5–8, … in single elimination; in double elimination by the losers' round of the
 * second loss: 3, 4, 5–6, 7–8, 9–12, … (byes make some ranges shorter). Groups and Swiss give
 * positions: a player's rank in his group (those below the cut share a range by that rank), or
 * his rank in the Swiss standings.
 */
import type { ClubEvent } from './model.js';
import { type EventView, type TableRow, viewEvent } from './view.js';

export interface StandingRow {
  readonly place: string | null;
  readonly entry: string;
  readonly name: string;
  readonly played: number;
  readonly won: number;
  readonly lost: number;
  readonly framesWon: number;
  readonly framesLost: number;
  /** Swiss only. */
  readonly score?: number;
  readonly buchholz?: number;
  readonly medianBuchholz?: number;
}

export interface Standings {
  readonly finished: boolean;
  readonly champion: string | null;
  readonly rows: readonly StandingRow[];
}

/** The place label of each tier: "p" or "p–q", counting the players who leave above it. */
export function placeLabels(view: EventView): Map<number, string> {
  const tiers = [...view.tierCounts.keys()].sort((x, y) => y - x);
  const labels = new Map<number, string>();
  let above = 0;
  for (const tier of tiers) {
    const count = view.tierCounts.get(tier) as number;
    if (count === 0) continue;
    const first = above + 1;
    const last = above + count;
    labels.set(tier, first === last ? `${first}` : `${first}–${last}`);
    above = last;
  }
  return labels;
}

export function standings(event: ClubEvent): Standings {
  const view = viewEvent(event);
  const labels = placeLabels(view);
  const names = new Map(event.entries.map((e) => [e.id, e.name]));
  const seed = new Map((event.draw?.order ?? event.entries.map((e) => e.id)).map((id, i) => [id, i]));
  const tally = new Map<string, { played: number; won: number; lost: number; fw: number; fl: number }>();
  for (const id of seed.keys()) tally.set(id, { played: 0, won: 0, lost: 0, fw: 0, fl: 0 });
  for (const m of view.matches) {
    if (m.state !== 'finished' || m.result === null) continue;
    const [fa, fb] = m.result.frames;
    const ta = tally.get(m.a as string);
    const tb = tally.get(m.b as string);
    if (ta === undefined || tb === undefined) continue;
    ta.played++;
    tb.played++;
    ta.fw += fa;
    ta.fl += fb;
    tb.fw += fb;
    tb.fl += fa;
    (m.result.winner === 'a' ? ta : tb).won++;
    (m.result.winner === 'a' ? tb : ta).lost++;
  }
  const swiss = new Map<string, { row: TableRow; rank: number }>(
    view.swiss.map((row, i) => [row.entry, { row, rank: i }]),
  );
  const ids = [...seed.keys()];
  // Still in first (in seed order), then by tier, best first; a Swiss field by its standings.
  const rank = (id: string): [number, number] => {
    const s = swiss.get(id);
    if (s !== undefined) return [0, s.rank];
    const tier = view.tiers.get(id);
    return [tier === undefined ? Number.NEGATIVE_INFINITY : -tier, seed.get(id) as number];
  };
  ids.sort((x, y) => {
    const [a0, a1] = rank(x);
    const [b0, b1] = rank(y);
    return a0 !== b0 ? a0 - b0 : a1 - b1;
  });
  const rows = ids.map((id): StandingRow => {
    const t = tally.get(id) as { played: number; won: number; lost: number; fw: number; fl: number };
    const tier = view.tiers.get(id);
    const s = swiss.get(id);
    return {
      place: tier === undefined ? null : (labels.get(tier) ?? null),
      entry: id,
      name: names.get(id) ?? id,
      played: t.played,
      won: t.won,
      lost: t.lost,
      framesWon: t.fw,
      framesLost: t.fl,
      ...(s !== undefined
        ? { score: s.row.score, buchholz: s.row.buchholz, medianBuchholz: s.row.medianBuchholz }
        : {}),
    };
  });
  return { finished: view.finished, champion: view.champion, rows };
}
