/**
 * `playRandomMatch(variant, seed)`: random legal play from the rack to the end of the match, with every
 * state, action and ruling kept, and `toRecord` to write it as a match record for `replayRecord`.
 */
import { Random } from '@pyramid/core';
import {
  apply,
  type MatchState,
  newMatch,
  type Player,
  RECORD_FORMAT,
  RECORD_VERSION,
  type RefereeError,
  type Ruling,
  type Settings,
  type Variant,
} from '@pyramid/rules';
import type { RecordAction } from './json.js';
import { type RandomActionOptions, randomAction } from './random-action.js';

export interface PlayOptions extends RandomActionOptions {
  /** Settings for the match (the product defaults where omitted). */
  readonly settings?: Partial<Settings>;
  /** Who breaks the first frame; when omitted the match starts with a lag (п.7). */
  readonly breaker?: Player;
  /** Hard cap on actions; exceeding it throws (random play that never ends is a bug). Default 2000 per frame to win. */
  readonly maxActions?: number;
  /**
   * What to do when the referee rejects a random action that legalActions allowed (a bug in one of
   * the two): 'throw' (the default), or 'record' it in `rejected` and draw another action, so that
   * one such bug does not hide the rest of the match from other checks.
   */
  readonly onRejected?: 'throw' | 'record';
}

/** A random legal action the referee refused. */
export interface Rejection {
  /** The index the action would have had in `actions`. */
  readonly index: number;
  readonly state: MatchState;
  readonly action: RecordAction;
  readonly error: RefereeError;
}

export interface RandomMatch {
  readonly variant: Variant;
  readonly seed: number;
  readonly settings: Settings;
  readonly breaker: Player | null;
  readonly initial: MatchState;
  readonly actions: readonly RecordAction[];
  /** `rulings[i]` is the ruling on `actions[i]`. */
  readonly rulings: readonly Ruling[];
  /** `states[i]` is the state before `actions[i]`, so `states[0]` is `initial`. */
  readonly states: readonly MatchState[];
  readonly final: MatchState;
  /** Legal actions the referee refused (only with `onRejected: 'record'`). */
  readonly rejected: readonly Rejection[];
}

/** Plays random legal actions until the match is over. Throws if the referee rejects one of them. */
export function playRandomMatch(variant: Variant, seed: number, options: PlayOptions = {}): RandomMatch {
  const random = new Random(seed);
  const initial = newMatch(variant, {
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.breaker === undefined ? {} : { breaker: options.breaker }),
  });
  const cap = options.maxActions ?? 2000 * initial.settings.framesToWin;
  const actions: RecordAction[] = [];
  const rulings: Ruling[] = [];
  const states: MatchState[] = [];
  const rejected: Rejection[] = [];
  let state = initial;
  while (state.turn.kind !== 'match-over') {
    if (actions.length >= cap) {
      throw new Error(
        `playRandomMatch(${variant}, ${seed}): no winner after ${cap} actions (scores ${state.scores.join(':')}, frame ${state.frame})`,
      );
    }
    const action = randomAction(state, random, options);
    const result = apply(state, action);
    if (!result.ok && options.onRejected === 'record' && rejected.length < 1000) {
      rejected.push({ index: actions.length, state, action, error: result.error });
      continue;
    }
    if (!result.ok) {
      throw new Error(
        `playRandomMatch(${variant}, ${seed}): action ${actions.length} ${JSON.stringify(action)} was rejected: ` +
          `${result.error.code} at ${result.error.field}: ${result.error.message}`,
      );
    }
    states.push(state);
    actions.push(action);
    rulings.push(result.value.ruling);
    state = result.value.state;
  }
  return {
    variant,
    seed,
    settings: initial.settings,
    breaker: options.breaker ?? null,
    initial,
    actions,
    rulings,
    states,
    final: state,
    rejected,
  };
}

/** A match record (the versioned JSON format `replayRecord` reads) of a random match. */
export interface MatchRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly variant: Variant;
  readonly settings: Settings;
  readonly start: { readonly from: 'rack'; readonly breaker?: Player };
  readonly actions: readonly RecordAction[];
  readonly meta?: Record<string, unknown>;
}

export function toRecord(match: RandomMatch): MatchRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    variant: match.variant,
    settings: match.settings,
    start: match.breaker === null ? { from: 'rack' } : { from: 'rack', breaker: match.breaker },
    actions: match.actions,
    meta: { generator: '@pyramid/testkit playRandomMatch', seed: match.seed },
  };
}
