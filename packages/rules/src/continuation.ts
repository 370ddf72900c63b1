/**
 * Chains of decisions. An offence while a decision is pending keeps that decision and puts what the
 * new penalty gives after it (п.28, п.22.3), and a §27 restart keeps it before the lag: so a decision
 * may be followed by further decisions, ending in a shot or a lag. These helpers walk such a chain.
 */
import type { Continuation, LagTurn, PendingDecision, ShotTurn } from './state.js';

/** What `decision` leads to when taken (option (1)'s continuation for the Dynamic option). */
export function nextOf(decision: PendingDecision): Continuation {
  return decision.kind === 'dynamic-option' ? decision.option1Then : decision.after;
}

/** The shot or lag the chain ends in. */
export function finalOf(continuation: Continuation): ShotTurn | LagTurn {
  let at: Continuation = continuation;
  while (at.kind === 'decision') at = nextOf(at.decision);
  return at;
}

/** The shot a chain ends in, or null when it ends in a lag. */
export function finalShotOf(continuation: Continuation): ShotTurn | null {
  const final = finalOf(continuation);
  return final.kind === 'shot' ? final : null;
}

/** `decision` with what it leads to replaced by `next`. */
export function withNext(decision: PendingDecision, next: Continuation): PendingDecision {
  return decision.kind === 'dynamic-option'
    ? { ...decision, option1Then: next }
    : { ...decision, after: next };
}

/**
 * The chain with every Dynamic option's `respotted` dropped: after a §27 re-rack the balls once
 * re-spotted around the cue ball are racked anew, so option (2) has nothing to re-spot again
 * (Dynamic 7(2), п.25) — and a state never names re-spotted balls while the cue ball is off the bed.
 */
export function withoutRespotted(continuation: Continuation): Continuation {
  if (continuation.kind !== 'decision') return continuation;
  const decision = continuation.decision;
  const next = withoutRespotted(nextOf(decision));
  if (decision.kind === 'dynamic-option') {
    const { respotted: _dropped, ...rest } = decision;
    return { kind: 'decision', decision: { ...rest, option1Then: next } };
  }
  return { kind: 'decision', decision: { ...decision, after: next } };
}

/** The chain with its final shot or lag replaced by `final` (every decision before it kept). */
export function withFinal(continuation: Continuation, final: Continuation): Continuation {
  if (continuation.kind !== 'decision') return final;
  const decision = continuation.decision;
  return { kind: 'decision', decision: withNext(decision, withFinal(nextOf(decision), final)) };
}

/** The decisions of a chain in the order they are taken. */
export function decisionsOf(continuation: Continuation): PendingDecision[] {
  const out: PendingDecision[] = [];
  let at: Continuation = continuation;
  while (at.kind === 'decision') {
    out.push(at.decision);
    at = nextOf(at.decision);
  }
  return out;
}
