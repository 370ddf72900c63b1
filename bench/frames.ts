/**
 * Recorded frames for the load benchmarks (server, cluster): self-play frames (a bot level against
 * itself) played here first and their moves kept (the planned stroke with its error, or the
 * decision). Replayed through a server they give the same states, since the server's physics is
 * deterministic, so the load generator chooses nothing while it measures: a bot's choice takes
 * tens of milliseconds of the generator's own event loop, and every broadcast arriving meanwhile
 * would wait for it.
 */
import { chooseAction, type DecisionAction, LEVELS, mixSeed, withNoise } from '@pyramid/bots';
import { Random } from '@pyramid/core';
import { playShot } from '@pyramid/match';
import type { StrokeIntent } from '@pyramid/online';
import { applyAction, newMatch, recordAction, type Variant } from '@pyramid/rules';

export type Move =
  | { readonly kind: 'stroke'; readonly stroke: StrokeIntent }
  | { readonly kind: 'decision'; readonly action: DecisionAction };
export interface Frame {
  readonly variant: Variant;
  readonly moves: readonly Move[];
  readonly actions: readonly unknown[];
}

/**
 * Self-play frames from the rack (breaker 0), `perVariant` of each variant, every move kept as the
 * client would send it.
 */
export function recordFrames(
  variants: readonly Variant[],
  perVariant: number,
  level: 'novice' | 'amateur' = 'amateur',
): Frame[] {
  const frames: Frame[] = [];
  for (const variant of variants) {
    for (let seed = 1; frames.filter((f) => f.variant === variant).length < perVariant && seed < 30; seed++) {
      let state = newMatch(variant, { breaker: 0, players: ['A', 'B'] });
      const moves: Move[] = [];
      const actions: unknown[] = [];
      let failed = false;
      while (state.turn.kind !== 'match-over' && moves.length < 400) {
        const chosen = chooseAction(state, level, mixSeed(seed, moves.length));
        if (chosen === null) break;
        if (chosen.type === 'decision') {
          const applied = applyAction(state, chosen.action);
          if (!applied.ok) throw new Error(applied.error.message);
          moves.push({ kind: 'decision', action: chosen.action });
          actions.push(recordAction(chosen.action));
          state = applied.value.state;
          continue;
        }
        let done = false;
        for (let attempt = 0; attempt < 5 && !done; attempt++) {
          const strike = withNoise(
            chosen.shot.strike,
            LEVELS[level].noise,
            new Random(mixSeed(seed * 7919 + moves.length, attempt)),
          );
          const stroke: StrokeIntent = { ...chosen.shot, strike };
          const played = playShot(state, stroke);
          if (!played.ok) continue;
          moves.push({ kind: 'stroke', stroke });
          actions.push(recordAction(played.value.action));
          state = played.value.state;
          done = true;
        }
        if (!done) {
          failed = true;
          break;
        }
      }
      // Long frames only, so that no room runs out of moves within the run.
      if (!failed && moves.length >= 40) frames.push({ variant, moves, actions });
    }
  }
  return frames;
}
