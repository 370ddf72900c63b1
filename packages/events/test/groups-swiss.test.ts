import { Random } from '@pyramid/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bergerRounds,
  type ClubEvent,
  deriveView,
  pairSwissRound,
  standings,
  viewEvent,
} from '../src/index.js';
import { act, drawn, playOut } from './support.js';

const seed = fc.integer({ min: 0, max: 0xffffffff });
const key = (x: string, y: string): string => (x < y ? `${x}|${y}` : `${y}|${x}`);

describe('round robin (Berger)', () => {
  it('pairs everyone once in n − 1 rounds (n for an odd field), nobody twice in a round', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), (n) => {
        const players = Array.from({ length: n }, (_, i) => `p${i}`);
        const rounds = bergerRounds(players);
        expect(rounds.length).toBe(n % 2 === 0 ? n - 1 : n);
        const pairs = new Set<string>();
        for (const round of rounds) {
          const seen = new Set<string>();
          for (const [x, y] of round) {
            expect(seen.has(x) || seen.has(y)).toBe(false);
            seen.add(x).add(y);
            pairs.add(key(x, y));
          }
        }
        expect(pairs.size).toBe((n * (n - 1)) / 2);
        // Breaks are shared: nobody is first-listed more than half the rounds, rounded up, plus one.
        const first = new Map<string, number>();
        for (const round of rounds) for (const [x] of round) first.set(x, (first.get(x) ?? 0) + 1);
        for (const count of first.values()) expect(count).toBeLessThanOrEqual(Math.ceil((n - 1) / 2) + 1);
      }),
      { numRuns: 200 },
    );
  });
});

describe('groups then a knockout', () => {
  it('plays every group pair once, sends the top N of each group on, and crowns one champion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 64 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 4 }),
        seed,
        (n, g0, adv0, s) => {
          // Club groups hold 3–8 players; the field decides how many groups there must be.
          const groups = Math.max(Math.ceil(n / 8), Math.min(g0, Math.floor(n / 3)));
          const smallest = Math.floor(n / groups);
          const advance = Math.max(groups === 1 ? 2 : 1, Math.min(adv0, smallest));
          const event = playOut(
            drawn({ kind: 'groups', groups, advance, thirdPlace: false }, n, s),
            new Random(s),
          );
          const view = viewEvent(event);
          expect(view.finished).toBe(true);
          expect(view.champion).not.toBeNull();
          for (const table of view.groups) {
            expect(table.complete).toBe(true);
            const m = table.rows.length;
            const played = view.matches.filter(
              (x) => x.group === table.group && x.state === 'finished',
            ).length;
            expect(played).toBe((m * (m - 1)) / 2);
            // The qualifiers are the top `advance` rows of the group table.
            const knockoutPlayers = new Set(
              view.matches.filter((x) => x.stage === 'knockout').flatMap((x) => [x.a, x.b]),
            );
            table.rows.forEach((row, i) => {
              expect(knockoutPlayers.has(row.entry)).toBe(i < advance);
            });
            // Rows are in order of matches won.
            for (let i = 1; i < m; i++)
              expect((table.rows[i - 1]?.won ?? 0) >= (table.rows[i]?.won ?? 0)).toBe(true);
          }
          const knockoutPlayed = view.matches.filter(
            (x) => x.stage === 'knockout' && x.state === 'finished',
          ).length;
          expect(knockoutPlayed).toBe(groups * advance - 1);
          expect(standings(event).rows.every((r) => r.place !== null)).toBe(true);
          expect(JSON.stringify(view.matches)).toBe(JSON.stringify(deriveView(event).matches));
        },
      ),
      { numRuns: 60 },
    );
  });

  /** A one-group event of `n` with the given results (winner, loser, winner's frames, loser's frames). */
  function group(n: number, games: [string, string, number, number][]): ClubEvent {
    let event = drawn({ kind: 'groups', groups: 1, advance: 2, thirdPlace: false }, n, 1);
    for (const [winner, loser, wf, lf] of games) {
      const m = viewEvent(event).matches.find(
        (x) => x.stage === 'group' && [x.a, x.b].includes(winner) && [x.a, x.b].includes(loser),
      );
      if (m === undefined) throw new Error('no such match');
      event = act(event, { type: 'result', match: m.id, frames: m.a === winner ? [wf, lf] : [lf, wf] });
    }
    return event;
  }

  it('ranks level players by head to head before frame difference', () => {
    // e1 and e2 both win twice; e1 beat e2 although e2's frame difference (+5) beats e1's (−1).
    // e3 and e4 both win once; e3 beat e4.
    const event = group(4, [
      ['e1', 'e2', 3, 2],
      ['e1', 'e3', 3, 2],
      ['e4', 'e1', 3, 0],
      ['e2', 'e3', 3, 0],
      ['e2', 'e4', 3, 0],
      ['e3', 'e4', 3, 0],
    ]);
    expect(viewEvent(event).groups[0]?.rows.map((r) => r.entry)).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('then by frame difference when head to head is level, then frames won', () => {
    // Each of three wins once and beats one of the others: level on wins and head to head.
    // Frame differences: e1 +3 − 1 = +2, e3 −1 + 1 = 0, e2 −3 + 1 = −2.
    const event = group(3, [
      ['e1', 'e2', 3, 0],
      ['e2', 'e3', 3, 2],
      ['e3', 'e1', 3, 2],
    ]);
    expect(viewEvent(event).groups[0]?.rows.map((r) => r.entry)).toEqual(['e1', 'e3', 'e2']);
    // All level on everything: the seeded lot decides, and the lot is recorded in the draw.
    const level = group(3, [
      ['e1', 'e2', 3, 0],
      ['e2', 'e3', 3, 0],
      ['e3', 'e1', 3, 0],
    ]);
    expect(viewEvent(level).groups[0]?.rows.map((r) => r.entry)).toEqual(
      level.draw?.lot.filter((id) => ['e1', 'e2', 'e3'].includes(id)),
    );
  });
});

describe('Swiss', () => {
  /** Whether `players` can be paired avoiding every pair in `met` (with one bye for an odd field, to someone without one). */
  function avoidable(players: string[], met: Set<string>, hadBye: Set<string>): boolean {
    const go = (left: string[]): boolean => {
      if (left.length === 0) return true;
      const [first, ...rest] = left as [string, ...string[]];
      return rest.some((o, j) => !met.has(key(first, o)) && go(rest.filter((_, k) => k !== j)));
    };
    if (players.length % 2 === 0) return go(players);
    return players.some((p) => !hadBye.has(p) && go(players.filter((q) => q !== p)));
  }

  function history(event: ClubEvent) {
    const view = viewEvent(event);
    const rounds = new Map<number, [string, string][]>();
    for (const m of view.matches)
      rounds.set(m.round, [...(rounds.get(m.round) ?? []), [m.a as string, m.b as string]]);
    return rounds;
  }

  it('plays R rounds with no avoidable rematch and at most one bye each, the bye to the lowest-ranked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: 11 }), seed, (n, r0, s) => {
        const rounds = Math.min(r0, n - 1);
        const event = playOut(drawn({ kind: 'swiss', rounds, tiebreak: 'buchholz' }, n, s), new Random(s));
        const view = viewEvent(event);
        expect(view.finished).toBe(true);
        expect(view.matches.length).toBe(Math.floor(n / 2) * rounds);
        const met = new Set<string>();
        const hadBye = new Set<string>();
        const all = event.entries.map((e) => e.id);
        for (const [, pairs] of [...history(event)].sort(([x], [y]) => x - y)) {
          const repeats = pairs.filter(([x, y]) => met.has(key(x, y)));
          if (repeats.length > 0) expect(avoidable(all, met, hadBye)).toBe(false);
          const inRound = new Set(pairs.flat());
          expect(inRound.size).toBe(pairs.length * 2);
          const bye = all.filter((p) => !inRound.has(p));
          expect(bye.length).toBe(n % 2);
          for (const p of bye) {
            expect(hadBye.has(p)).toBe(false);
            hadBye.add(p);
          }
          for (const [x, y] of pairs) met.add(key(x, y));
        }
        expect(standings(event).rows.map((r) => r.place)).toEqual(all.map((_, i) => `${i + 1}`));
      }),
      { numRuns: 150 },
    );
  });

  it('never repeats a pairing in big fields while fewer than n/2 rounds are played', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 40 }), seed, (n, s) => {
        const rounds = Math.min(6, Math.floor(n / 2));
        const event = playOut(
          drawn({ kind: 'swiss', rounds, tiebreak: 'median-buchholz' }, n, s),
          new Random(s),
        );
        const pairs = viewEvent(event).matches.map((m) => key(m.a as string, m.b as string));
        expect(new Set(pairs).size).toBe(pairs.length);
      }),
      { numRuns: 25 },
    );
  });

  it('round 1 pairs the top half against the bottom half; Buchholz sums the opponents’ scores', () => {
    const pairing = pairSwissRound(1, ['a', 'b', 'c', 'd', 'e'], new Set(), new Set());
    expect(pairing).toEqual({
      pairs: [
        ['a', 'c'],
        ['b', 'd'],
      ],
      bye: 'e',
    });
    const event = playOut(drawn({ kind: 'swiss', rounds: 3, tiebreak: 'buchholz' }, 6, 9), new Random(9));
    const view = viewEvent(event);
    const score = new Map(view.swiss.map((r) => [r.entry, r.score]));
    for (const row of view.swiss) {
      const opponents = view.matches
        .filter((m) => m.a === row.entry || m.b === row.entry)
        .map((m) => (m.a === row.entry ? m.b : m.a) as string);
      expect(row.buchholz).toBe(opponents.reduce((sum, o) => sum + (score.get(o) ?? 0), 0));
      const sorted = opponents.map((o) => score.get(o) ?? 0).sort((x, y) => x - y);
      expect(row.medianBuchholz).toBe(sorted.slice(1, -1).reduce((x, y) => x + y, 0));
    }
    for (let i = 1; i < view.swiss.length; i++)
      expect((view.swiss[i - 1]?.score ?? 0) >= (view.swiss[i]?.score ?? 0)).toBe(true);
  });
});
