import type { Random } from '@pyramid/core';
import {
  applyEventAction,
  type ClubEvent,
  createEvent,
  type EventAction,
  type Format,
  type MatchView,
  viewEvent,
} from '../src/index.js';

export const DIRECTOR = 'dir';

/** Unwraps a result, failing the test with the error when it is one. */
export function must<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  return result.value;
}

export function newEvent(format: Format, extra: Record<string, unknown> = {}): ClubEvent {
  return must(
    createEvent(
      {
        name: 'Test cup',
        dates: { start: '2026-12-05' },
        variant: 'free',
        races: { default: 3 },
        format,
        seeding: 'order',
        ...extra,
      },
      DIRECTOR,
      1_000,
    ),
  );
}

/** An action with `by` and `at` optional (the director, at 2000 ms). */
type Loosen<A> = A extends EventAction ? Omit<A, 'by' | 'at'> & { by?: string; at?: number } : never;
export type LooseAction = Loosen<EventAction>;

export function act(event: ClubEvent, action: LooseAction): ClubEvent {
  return must(applyEventAction(event, { by: DIRECTOR, at: 2_000, ...action } as EventAction));
}

/** An event with players p1…pn entered (p1 rated highest) and drawn with `seed`. */
export function drawn(format: Format, n: number, seed = 1, extra: Record<string, unknown> = {}): ClubEvent {
  let event = newEvent(format, extra);
  const entries = Array.from({ length: n }, (_, i) => ({ name: `p${i + 1}`, rating: 3000 - (i + 1) }));
  event = act(event, { type: 'add-entries', entries });
  return act(event, { type: 'draw', seed });
}

/** A random finished score for a race: the winner reaches the race, the loser fewer. */
export function randomResult(m: MatchView, rng: Random): { frames: [number, number]; winner: 'a' | 'b' } {
  const winner = rng.chance(0.5) ? 'a' : 'b';
  const other = rng.int(m.race);
  return { frames: winner === 'a' ? [m.race, other] : [other, m.race], winner };
}

/** Plays up to `steps` ready matches in a random order with random results. */
export function playSome(event: ClubEvent, rng: Random, steps: number): ClubEvent {
  let e = event;
  let clock = 10_000;
  for (let step = 0; step < steps; step++) {
    const ready = viewEvent(e).matches.filter((m) => m.state === 'ready');
    if (ready.length === 0) return e;
    const m = rng.pick(ready);
    const { frames } = randomResult(m, rng);
    e = act(e, { type: 'result', match: m.id, frames, at: clock++ });
  }
  return e;
}

/** Plays ready matches in a random order with random results until none is left. */
export function playOut(event: ClubEvent, rng: Random): ClubEvent {
  const e = playSome(event, rng, 100_000);
  if (viewEvent(e).matches.some((m) => m.state === 'ready')) throw new Error('the event did not finish');
  return e;
}

/**
 * Plays ready matches in a random order with random results until none is left, and before each
 * step withdraws, with probability `p`, a random player who is still in (never the last one
 * still in who has not withdrawn). Returns the event and the withdrawn entries in order.
 */
export function playOutWithdrawing(
  event: ClubEvent,
  rng: Random,
  p: number,
): { event: ClubEvent; withdrawn: string[] } {
  let e = event;
  let clock = 10_000;
  const withdrawn: string[] = [];
  for (let step = 0; step < 100_000; step++) {
    const view = viewEvent(e);
    if (rng.chance(p)) {
      const inPlay = e.entries.filter((x) => x.withdrawn !== true && !view.tiers.has(x.id));
      if (inPlay.length > 1 && !view.finished) {
        const who = rng.pick(inPlay).id;
        e = act(e, { type: 'withdraw', entry: who, at: clock++ });
        withdrawn.push(who);
        continue;
      }
    }
    const ready = viewEvent(e).matches.filter((m) => m.state === 'ready');
    if (ready.length === 0) break;
    const m = rng.pick(ready);
    const { frames } = randomResult(m, rng);
    e = act(e, { type: 'result', match: m.id, frames, at: clock++ });
  }
  if (viewEvent(e).matches.some((m) => m.state === 'ready')) throw new Error('the event did not finish');
  return { event: e, withdrawn };
}
