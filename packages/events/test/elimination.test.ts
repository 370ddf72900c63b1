import { Random } from '@pyramid/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BYE,
  bracketOrder,
  type ClubEvent,
  deriveView,
  type Format,
  placeLabels,
  standings,
  viewEvent,
} from '../src/index.js';
import { drawn, playOut } from './support.js';

/** Losses and played matches of each player in a finished event. */
function tally(event: ClubEvent) {
  const losses = new Map<string, number>();
  const lastLoss = new Map<string, string>();
  const played = new Map<string, number>();
  let count = 0;
  for (const m of viewEvent(event).matches) {
    if (m.state !== 'finished') continue;
    count++;
    losses.set(m.loser as string, (losses.get(m.loser as string) ?? 0) + 1);
    lastLoss.set(m.loser as string, m.stage);
    for (const p of [m.a, m.b] as string[]) played.set(p, (played.get(p) ?? 0) + 1);
  }
  return { losses, lastLoss, played, count };
}

/** What every finished elimination event must satisfy. */
function commonChecks(event: ClubEvent): void {
  const view = viewEvent(event);
  const ids = event.entries.map((e) => e.id);
  expect(view.finished).toBe(true);
  expect(view.champion).not.toBeNull();
  // Exactly one champion and everybody placed: every entry left at some tier, one alone at the top.
  expect([...view.tiers.keys()].sort()).toEqual([...ids].sort());
  const top = Math.max(...view.tiers.values());
  expect([...view.tiers].filter(([, t]) => t === top).map(([id]) => id)).toEqual([view.champion]);
  // The place ranges cover 1…n exactly, and each range holds as many players as it spans.
  const labels = placeLabels(view);
  const counts = new Map<number, number>();
  for (const t of view.tiers.values()) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const [tier, count] of counts) {
    const label = labels.get(tier) as string;
    const [first, last] = label.split('–').map(Number) as [number, number?];
    expect((last ?? first) - first + 1).toBe(count);
  }
  expect(standings(event).rows[0]?.place).toBe('1');
  // No played match has a bye in it, and no first-round match is bye against bye.
  for (const m of view.matches) {
    if (m.state === 'finished') expect(m.a !== BYE && m.b !== BYE).toBe(true);
    if (m.round === 1 && (m.stage === 'single' || m.stage === 'winners')) expect(m.state).not.toBe('void');
  }
  // The incremental view equals the view derived from scratch.
  expect(JSON.stringify(view.matches)).toBe(JSON.stringify(deriveView(event).matches));
  expect([...view.tiers].sort()).toEqual([...deriveView(event).tiers].sort());
}

/** Fields of 2–256 players, most of them small so that thousands of draws stay quick. */
const field = fc.oneof(
  { arbitrary: fc.integer({ min: 2, max: 40 }), weight: 4 },
  { arbitrary: fc.integer({ min: 2, max: 256 }), weight: 1 },
);
const small = fc.integer({ min: 2, max: 48 });
const seed = fc.integer({ min: 0, max: 0xffffffff });

describe('seeding and placement', () => {
  it('places seeds 1 and 2 in opposite halves and 1–4 in different quarters, byes to the top seeds', () => {
    fc.assert(
      fc.property(field, seed, (n, s) => {
        const event = drawn({ kind: 'single', thirdPlace: false }, n, s);
        const firstRound = viewEvent(event).matches.filter((m) => m.round === 1 && m.stage === 'single');
        const slots = firstRound.flatMap((m) => [m.a, m.b]);
        const size = slots.length;
        const order = event.draw?.order ?? [];
        const pos = (seedNo: number): number => slots.indexOf(order[seedNo - 1] as string);
        if (size >= 2) expect(Math.floor(pos(1) / (size / 2))).not.toBe(Math.floor(pos(2) / (size / 2)));
        if (size >= 4 && n >= 4) {
          const quarters = [1, 2, 3, 4].map((k) => Math.floor(pos(k) / (size / 4)));
          expect(new Set(quarters).size).toBe(4);
        }
        // Byes: exactly size − n, each against one of the top size − n seeds.
        const byes = firstRound.filter((m) => m.a === BYE || m.b === BYE);
        expect(byes.length).toBe(size - n);
        const topSeeds = new Set(order.slice(0, size - n));
        for (const m of byes) expect(topSeeds.has((m.a === BYE ? m.b : m.a) as string)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('bracketOrder is the standard placement', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
  });

  it('gives the same draw for the same seed, and another draw for another seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 160 }), seed, (n, s) => {
        const f: Format = { kind: 'double-to', finalStage: 8, thirdPlace: false };
        const one = drawn(f, n, s, { seeding: 'random' });
        const two = drawn(f, n, s, { seeding: 'random' });
        expect(one.draw).toEqual(two.draw);
        expect(JSON.stringify(viewEvent(one).matches)).toBe(JSON.stringify(viewEvent(two).matches));
        const other = drawn(f, n, (s + 1) >>> 0, { seeding: 'random' });
        expect(other.draw?.order).not.toEqual(one.draw?.order);
      }),
      { numRuns: 100 },
    );
  });

  it('seeds by rating, highest first, or by the director’s order', () => {
    const byRating = drawn({ kind: 'single', thirdPlace: false }, 5, 1, { seeding: 'rating' });
    // p1 has the highest rating (support.ts rates p_i at 3000 − i).
    expect(byRating.draw?.order).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
  });
});

describe('single elimination', () => {
  it('plays n − 1 matches (+1 for third place), every loser leaves after one loss, places 1, 2, 3–4, 5–8', () => {
    fc.assert(
      fc.property(field, seed, fc.boolean(), (n, s, third) => {
        const event = playOut(drawn({ kind: 'single', thirdPlace: third }, n, s), new Random(s));
        commonChecks(event);
        const { losses, count } = tally(event);
        const thirdPlayed = third && n >= 4;
        expect(count).toBe(n - 1 + (thirdPlayed ? 1 : 0));
        const view = viewEvent(event);
        for (const id of event.entries.map((e) => e.id)) {
          const l = losses.get(id) ?? 0;
          if (id === view.champion) expect(l).toBe(0);
          else expect(l).toBeGreaterThanOrEqual(1);
          // Only the third-place match gives a second loss.
          expect(l).toBeLessThanOrEqual(thirdPlayed ? 2 : 1);
        }
      }),
      { numRuns: 70 },
    );
  });

  it('labels the places of a 16-player bracket 1, 2, 3–4, 5–8, 9–16 (3 and 4 with a third-place match)', () => {
    const labels = (third: boolean) => [
      ...new Set(
        standings(playOut(drawn({ kind: 'single', thirdPlace: third }, 16, 3), new Random(3))).rows.map(
          (r) => r.place,
        ),
      ),
    ];
    expect(labels(false)).toEqual(['1', '2', '3–4', '5–8', '9–16']);
    expect(labels(true)).toEqual(['1', '2', '3', '4', '5–8', '9–16']);
  });
});

describe('double elimination', () => {
  it('plays 2n − 2 matches (2n − 1 with a reset); everyone but the champion leaves after exactly two losses', () => {
    fc.assert(
      fc.property(field, seed, (n, s) => {
        const event = playOut(drawn({ kind: 'double', reset: true }, n, s), new Random(s ^ 0x5a5a));
        commonChecks(event);
        const view = viewEvent(event);
        const { losses, count } = tally(event);
        const reset = view.matches.find((m) => m.id === 'GF2')?.state === 'finished';
        expect(count).toBe(reset ? 2 * n - 1 : 2 * n - 2);
        for (const id of event.entries.map((e) => e.id)) {
          if (id === view.champion) expect(losses.get(id) ?? 0).toBeLessThanOrEqual(1);
          else expect(losses.get(id)).toBe(2);
        }
      }),
      { numRuns: 70 },
    );
  });

  it('without a reset plays 2n − 2 matches and ends at the first grand final', () => {
    fc.assert(
      fc.property(small, seed, (n, s) => {
        const event = playOut(drawn({ kind: 'double', reset: false }, n, s), new Random(s));
        commonChecks(event);
        expect(tally(event).count).toBe(2 * n - 2);
      }),
      { numRuns: 120 },
    );
  });

  it('labels the places of 16 players 1, 2, 3, 4, 5–6, 7–8, 9–12, 13–16', () => {
    const event = playOut(drawn({ kind: 'double', reset: true }, 16, 5), new Random(5));
    expect([...new Set(standings(event).rows.map((r) => r.place))]).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5–6',
      '7–8',
      '9–12',
      '13–16',
    ]);
  });

  it('drops the losers of a winners’ round in crossing order (no losers’ rematch of the round just played)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 128 }), seed, (n, s) => {
        const event = playOut(drawn({ kind: 'double', reset: true }, n, s), new Random(s));
        const view = viewEvent(event);
        // A major round pairs a survivor with the loser of a winners' match; that loser never meets
        // the player he lost to there.
        for (const m of view.matches) {
          if (m.stage !== 'losers' || m.state !== 'finished') continue;
          const from = m.from[1];
          if (from === null || !('loser' in from)) continue;
          const dropped = view.matches.find((x) => x.id === from.loser);
          if (dropped?.state !== 'finished') continue;
          expect(m.a).not.toBe(dropped.winner);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('double elimination to a final stage of K', () => {
  const ks = [2, 4, 8, 16, 32];
  it('sends K/2 from each bracket to a single-elimination final stage; two losses out before it, one in it', () => {
    fc.assert(
      fc.property(field, seed, fc.constantFrom(...ks), fc.boolean(), (n, s, k0, third) => {
        const k = Math.min(k0, 2 ** Math.floor(Math.log2(n)));
        const event = playOut(
          drawn({ kind: 'double-to', finalStage: k, thirdPlace: third }, n, s),
          new Random(s + 1),
        );
        commonChecks(event);
        const view = viewEvent(event);
        const firstFinal = view.matches.filter((m) => m.stage === 'final-stage' && m.round === 1);
        expect(firstFinal.length).toBe(k / 2);
        const { losses, played } = tally(event);
        const before = new Map<string, number>();
        const inFinal = new Map<string, number>();
        for (const m of view.matches) {
          if (m.state !== 'finished') continue;
          const into = m.stage === 'final-stage' || m.stage === 'third-place' ? inFinal : before;
          into.set(m.loser as string, (into.get(m.loser as string) ?? 0) + 1);
        }
        const qualifiers = new Set(firstFinal.flatMap((m) => [m.a, m.b] as string[]));
        expect(qualifiers.size).toBe(k);
        // Winners' qualifiers (side a) have not lost; losers' qualifiers (side b) have lost once.
        for (const m of firstFinal) {
          expect(before.get(m.a as string) ?? 0).toBe(0);
          expect(before.get(m.b as string)).toBe(1);
        }
        const thirdPlayed = third && k >= 4;
        for (const id of event.entries.map((e) => e.id)) {
          if (!qualifiers.has(id)) expect(losses.get(id)).toBe(2);
          else if (id === view.champion) expect(inFinal.get(id) ?? 0).toBe(0);
          else expect(inFinal.get(id) ?? 0).toBeGreaterThanOrEqual(1);
          if (qualifiers.has(id)) expect(inFinal.get(id) ?? 0).toBeLessThanOrEqual(thirdPlayed ? 2 : 1);
          expect(played.get(id) ?? 0).toBeGreaterThanOrEqual(1);
        }
        // Matches: two losses for each of the n − K who leave before, one for each losers' qualifier.
        const beforeCount = view.matches.filter(
          (m) => m.state === 'finished' && !['final-stage', 'third-place'].includes(m.stage),
        ).length;
        expect(beforeCount).toBe(2 * (n - k) + k / 2);
      }),
      { numRuns: 90 },
    );
  });

  it('pairs each winners’ qualifier with a losers’ qualifier who did not just lose to him', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 160 }), seed, fc.constantFrom(4, 8, 16), (n, s, k0) => {
        const k = Math.min(k0, 2 ** Math.floor(Math.log2(n)));
        const event = playOut(
          drawn({ kind: 'double-to', finalStage: k, thirdPlace: false }, n, s),
          new Random(s),
        );
        const view = viewEvent(event);
        for (const m of view.matches.filter((x) => x.stage === 'final-stage' && x.round === 1)) {
          const lastWin = view.matches.find(
            (x) =>
              x.stage === 'winners' &&
              x.winner === m.a &&
              x.round === Math.max(...view.matches.filter((y) => y.stage === 'winners').map((y) => y.round)),
          );
          expect(lastWin?.loser).not.toBe(m.b);
        }
      }),
      { numRuns: 25 },
    );
  });
});
