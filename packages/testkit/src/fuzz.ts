/**
 * One fuzzed input and what became of it, for the property tests and `npm run soak`: the input is
 * made by the adversarial generators, handed to the consumer (the referee, the simulator's check,
 * a shot-file reader), and the outcome is judged — a throw, a mutation of the input or the state,
 * an unclear error (see `unclearError`), a contradiction accepted, or fine (accepted, or refused
 * clearly).
 */
import { hashJson, type Random } from '@pyramid/core';
import { boundaryOf, DEFAULT_PARAMS, type Strike, validateShot } from '@pyramid/physics';
import { apply, type MatchState, newMatch, replayRecord, VARIANTS, type Variant } from '@pyramid/rules';
import { buildTableGeometry } from '@pyramid/table';
import {
  type anyRandomShot,
  consistentSituation,
  contradictorySituation,
  type InputKind,
  jsonText,
  mutate,
  recordOf,
  shotFileOf,
  snapshot,
  unclearError,
} from './adversarial.js';
import { randomMalformedAction } from './malformed.js';
import { randomAction } from './random-action.js';

export type Verdict = 'fine' | 'throw' | 'mutation' | 'unclear' | 'accepted-contradiction';

export interface Outcome {
  readonly kind: InputKind;
  readonly verdict: Verdict;
  /** What went wrong, for a verdict other than fine. */
  readonly detail?: string;
}

function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key]);
  }
  return value;
}

/** Frozen states to fuzz actions against: the rack, and a few moves into a random match of each variant. */
export function fuzzStates(random: Random, perVariant = 6): MatchState[] {
  const out: MatchState[] = [];
  for (const variant of VARIANTS) {
    let state = newMatch(variant, { breaker: 0 });
    out.push(deepFreeze(state));
    for (let k = 0; k < perVariant * 4 && state.turn.kind !== 'match-over'; k++) {
      const result = apply(state, randomAction(state, random));
      if (!result.ok) break;
      state = result.value.state;
      if (k % 4 === 3) out.push(deepFreeze(state));
    }
  }
  return out;
}

/** Short legal records (the rack and a few actions) to plant defects in. */
export function fuzzRecords(random: Random, count = 12): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const variant: Variant = VARIANTS[i % VARIANTS.length]!;
    let state = newMatch(variant, { breaker: 0 });
    const actions: unknown[] = [];
    for (let k = random.int(8); k > 0 && state.turn.kind !== 'match-over'; k--) {
      const action = randomAction(state, random);
      const result = apply(state, action);
      if (!result.ok) break;
      actions.push(action);
      state = result.value.state;
    }
    out.push(deepFreeze(recordOf(variant, { from: 'rack', breaker: 0 }, actions)));
  }
  return out;
}

function judge(kind: InputKind, run: () => Outcome): Outcome {
  try {
    return run();
  } catch (caught) {
    const error = caught as Error;
    return { kind, verdict: 'throw', detail: `${error.name}: ${String(error.message).slice(0, 200)}` };
  }
}

function refused(
  kind: InputKind,
  input: unknown,
  error: { code?: unknown; field?: unknown; message?: unknown },
): Outcome {
  const unclear = unclearError(input, error);
  return unclear === null ? { kind, verdict: 'fine' } : { kind, verdict: 'unclear', detail: unclear };
}

/** An action with a defect (or plain garbage), applied to a frozen state. */
export function fuzzAction(random: Random, states: readonly MatchState[]): Outcome {
  const state = random.pick(states);
  return judge('action', () => {
    const input =
      random.chance(0.3) || state.turn.kind === 'match-over'
        ? randomMalformedAction(random)
        : mutate(random, randomAction(state, random));
    const before = snapshot(input);
    const hash = hashJson(state);
    const result = apply(state, input);
    if (snapshot(input) !== before || hashJson(state) !== hash)
      return { kind: 'action', verdict: 'mutation' };
    return result.ok ? { kind: 'action', verdict: 'fine' } : refused('action', input, result.error);
  });
}

/** A short record with a defect planted anywhere in it (header or actions). */
export function fuzzRecord(random: Random, records: readonly Record<string, unknown>[]): Outcome {
  return judge('record', () => {
    const input = mutate(random, random.pick(records));
    const before = snapshot(input);
    const result = replayRecord(input);
    if (snapshot(input) !== before) return { kind: 'record', verdict: 'mutation' };
    if (result.ok) return { kind: 'record', verdict: 'fine' };
    const { index } = result.error;
    const actions =
      typeof input === 'object' && input !== null ? (input as { actions?: unknown }).actions : undefined;
    // An action's error points into that action; a header's into the record.
    const within = index === null ? input : Array.isArray(actions) ? actions[index] : undefined;
    return refused('record', within, result.error);
  });
}

/** A situation start: a contradictory one (must be refused), or a consistent one with a defect. */
export function fuzzSituation(random: Random): Outcome {
  return judge('situation', () => {
    const variant = random.pick(VARIANTS);
    if (random.chance(0.5)) {
      const planted = contradictorySituation(random, variant);
      const record = recordOf(planted.variant, planted.start);
      const result = replayRecord(record);
      if (result.ok) {
        const detail = `${planted.contradiction} in ${planted.variant}: ${jsonText(planted.start)}`;
        return { kind: 'situation', verdict: 'accepted-contradiction', detail };
      }
      return refused('situation', record, result.error);
    }
    const input = mutate(random, recordOf(variant, consistentSituation(random, variant)));
    const before = snapshot(input);
    const result = replayRecord(input);
    if (snapshot(input) !== before) return { kind: 'situation', verdict: 'mutation' };
    return result.ok ? { kind: 'situation', verdict: 'fine' } : refused('situation', input, result.error);
  });
}

const BOUNDARY = boundaryOf(buildTableGeometry());

/** A strike with a defect, checked by the simulator's own input check against a random layout. */
export function fuzzStrike(random: Random, shots: readonly ReturnType<typeof anyRandomShot>[]): Outcome {
  return judge('strike', () => {
    const shot = random.pick(shots);
    const strike = mutate(random, shot.strike) as Strike;
    const input = { balls: shot.balls, strike, params: DEFAULT_PARAMS };
    const before = snapshot(input);
    const error = validateShot(shot.balls, strike, BOUNDARY, DEFAULT_PARAMS);
    if (snapshot(input) !== before) return { kind: 'strike', verdict: 'mutation' };
    return error === null ? { kind: 'strike', verdict: 'fine' } : refused('strike', input, error);
  });
}

/** What a shot-file reader returns (the CLI's `parseShot`). */
export type ShotFileReader = (
  text: string,
) => { ok: true } | { ok: false; error: { field: string; message: string } };

/** A shot file with a defect, as text (sometimes not JSON at all), read by `read`. */
export function fuzzShotFile(
  random: Random,
  shots: readonly ReturnType<typeof anyRandomShot>[],
  read: ShotFileReader,
): Outcome {
  return judge('shot-file', () => {
    const value = mutate(random, shotFileOf(random.pick(shots)));
    const whole = jsonText(value);
    const text = random.chance(0.05) ? whole.slice(0, -1) : whole;
    const result = read(text);
    if (result.ok) return { kind: 'shot-file', verdict: 'fine' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return refused('shot-file', parsed, { code: 'invalid-shot', ...result.error });
  });
}
