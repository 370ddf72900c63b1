/**
 * The match being scored, headless: its record (header + the actions entered so far) and the
 * states the referee derived from it. The record is the single source of truth; every state is
 * replayed from it, so undo is "drop the last action and replay" and nothing but the referee
 * ever decides what an action does.
 */
import { ok, type Result } from '@pyramid/core';
import {
  apply,
  type MatchState,
  parseRecordJson,
  RECORD_FORMAT,
  RECORD_VERSION,
  type RecordError,
  type RefereeError,
  type Ruling,
  replayRecord,
  type Settings,
  type Variant,
} from '@pyramid/rules';

/** A match record as the scorer writes it (docs/match-record.md); `pyramid referee` reads it. */
export interface MatchRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly variant: Variant;
  readonly settings: Partial<Settings>;
  readonly players: readonly [string, string];
  readonly start: { readonly from: 'rack'; readonly breaker?: 0 | 1 } | Readonly<Record<string, unknown>>;
  readonly actions: readonly unknown[];
  readonly meta?: Readonly<Record<string, unknown>>;
}

export interface Step {
  /** The action as entered (record form). */
  readonly action: unknown;
  readonly ruling: Ruling;
  /** The state after this action. */
  readonly state: MatchState;
}

export interface Session {
  readonly record: MatchRecord;
  readonly initial: MatchState;
  readonly steps: readonly Step[];
}

export interface NewRecordOptions {
  readonly variant: Variant;
  readonly players: readonly [string, string];
  readonly settings?: Partial<Settings>;
  /** Who breaks; when omitted the lag (п.7) is entered first. */
  readonly breaker?: 0 | 1;
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** A fresh record at the rack. */
export function newRecord(options: NewRecordOptions): MatchRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    variant: options.variant,
    settings: options.settings ?? {},
    players: options.players,
    start: options.breaker === undefined ? { from: 'rack' } : { from: 'rack', breaker: options.breaker },
    actions: [],
    ...(options.meta === undefined ? {} : { meta: options.meta }),
  };
}

/** Replays a record (parsed JSON, e.g. imported or stored) into a session, or says why it cannot. */
export function openRecord(input: unknown): Result<Session, RecordError> {
  const replay = replayRecord(input);
  if (!replay.ok) return replay;
  // replayRecord has checked the header, so the input has the record's shape.
  const record = input as MatchRecord;
  const steps = replay.value.steps.map((step) => ({
    action: record.actions[step.index],
    ruling: step.ruling,
    state: step.state,
  }));
  return ok({ record, initial: replay.value.initial, steps });
}

/** Parses record text (an imported file) and opens it. */
export function openRecordText(text: string): Result<Session, RecordError> {
  const json = parseRecordJson(text);
  return json.ok ? openRecord(json.value) : json;
}

/** The state now: after the last action, or the start. */
export function currentState(session: Session): MatchState {
  return session.steps.at(-1)?.state ?? session.initial;
}

export function lastRuling(session: Session): Ruling | null {
  return session.steps.at(-1)?.ruling ?? null;
}

/**
 * Asks the referee to rule on one more action. A refusal leaves the session as it was (the
 * caller keeps the old one) and carries the referee's reason.
 */
export function submit(session: Session, action: unknown): Result<Session, RefereeError> {
  const result = apply(currentState(session), action);
  if (!result.ok) return result;
  const { state, ruling } = result.value;
  return ok({
    record: { ...session.record, actions: [...session.record.actions, action] },
    initial: session.initial,
    steps: [...session.steps, { action, ruling, state }],
  });
}

/** Drops the last `count` actions. Earlier states are kept, so nothing needs re-ruling. */
export function undo(session: Session, count = 1): Session {
  const keep = Math.max(0, session.steps.length - count);
  return {
    record: { ...session.record, actions: session.record.actions.slice(0, keep) },
    initial: session.initial,
    steps: session.steps.slice(0, keep),
  };
}

/** The record as text for export: the format `pyramid referee` reads. */
export function recordText(session: Session): string {
  return `${JSON.stringify(session.record, null, 2)}\n`;
}
