/**
 * What the server decides about a scorer's entries, purely: the live match's log replayed through
 * the referee (`apply`, the same as every online table), and a batch of entries judged against it —
 * resends of stored entries recognised, a different entry at a stored seq a conflict, a seq past
 * the end a gap, every new action applied by the referee (a refusal names its field), every undo
 * checked (it withdraws the last action standing, written under the same lease). Nothing here
 * writes; the caller stores what was accepted, in a transaction that checks the count it was
 * judged on.
 */
import { err, fieldPointer, ok, type Result } from '@pyramid/core';
import {
  type LiveEntry,
  type LiveHeader,
  liveRecord,
  MAX_LIVE_ENTRIES,
  type MatchLive,
  type OnlineError,
  sameEntry,
} from '@pyramid/online';
import { apply, type MatchState, namePlayers, type Ruling, replayRecord } from '@pyramid/rules';
import type { EntryRow } from './store.js';

/** An action that stands, with the state after it. */
interface Step {
  readonly action: unknown;
  readonly epoch: number;
  readonly state: MatchState;
  readonly ruling: Ruling;
}

export interface Replayed {
  readonly header: LiveHeader;
  /** Every stored entry, in seq order (entry n is `entries[n - 1]`). */
  readonly entries: readonly LiveEntry[];
  readonly initial: MatchState;
  readonly steps: readonly Step[];
  /** The last entry was an undo. */
  readonly undone: boolean;
}

/** The match's first state from its header (the referee checks the header as a record's). */
export function start(header: LiveHeader): Result<Replayed, OnlineError> {
  const replay = replayRecord(liveRecord(header, []));
  if (!replay.ok)
    return err({ code: 'request/invalid', field: replay.error.field, message: replay.error.message });
  return ok({ header, entries: [], initial: replay.value.initial, steps: [], undone: false });
}

export const stateOf = (r: Replayed): MatchState => r.steps.at(-1)?.state ?? r.initial;

export const finishedOf = (r: Replayed): boolean => stateOf(r).turn.kind === 'match-over';

/** The stored log replayed (every entry was judged when it was stored, so none is refused now). */
export function replay(header: LiveHeader, rows: readonly EntryRow[]): Result<Replayed, OnlineError> {
  const first = start(header);
  if (!first.ok) return first;
  let r = first.value;
  for (const row of rows) {
    const next = step(r, row.entry, row.epoch, 0);
    if (!next.ok) return next;
    r = next.value;
  }
  return ok(r);
}

/** One more entry, or why not (`field` under `/entries/<index>`). */
function step(r: Replayed, entry: LiveEntry, epoch: number, index: number): Result<Replayed, OnlineError> {
  if (r.entries.length >= MAX_LIVE_ENTRIES)
    return err({
      code: 'score/invalid',
      field: `/entries/${index}`,
      message: `a live match holds at most ${MAX_LIVE_ENTRIES} entries`,
    });
  if (entry.kind === 'undo') {
    const last = r.steps.at(-1);
    if (last === undefined || last.epoch !== epoch)
      return err({
        code: 'score/invalid',
        field: `/entries/${index}/kind`,
        message:
          last === undefined
            ? 'nothing to undo: no action stands'
            : 'an undo withdraws only an action this device wrote while it holds the lease',
      });
    return ok({ ...r, entries: [...r.entries, entry], steps: r.steps.slice(0, -1), undone: true });
  }
  const applied = apply(stateOf(r), entry.action);
  if (!applied.ok)
    return err({
      code: 'score/refused',
      field: `/entries/${index}/action${fieldPointer(applied.error.field)}`,
      message: applied.error.message,
      detail: applied.error.code,
    });
  return ok({
    ...r,
    entries: [...r.entries, entry],
    steps: [...r.steps, { action: entry.action, epoch, ...applied.value }],
    undone: false,
  });
}

export type Judgement =
  /** `accepted` are the new entries to store (maybe none: all were resends), `after` the log with them. */
  | {
      readonly kind: 'ok';
      readonly accepted: readonly LiveEntry[];
      readonly after: Replayed;
      /** Set when an entry after the accepted ones was refused: store those, then refuse. */
      readonly refusal: OnlineError | null;
    }
  | { readonly kind: 'conflict'; readonly error: OnlineError }
  | { readonly kind: 'gap'; readonly error: OnlineError };

/** Judges entries `seq`, `seq` + 1, … sent under the lease of `epoch` against the stored log. */
export function judge(r: Replayed, seq: number, entries: readonly LiveEntry[], epoch: number): Judgement {
  const stored = r.entries.length;
  if (seq > stored + 1)
    return {
      kind: 'gap',
      error: {
        code: 'score/gap',
        field: '/seq',
        message: `${stored} entries are stored: send seq ${stored + 1}`,
      },
    };
  const accepted: LiveEntry[] = [];
  let after = r;
  for (const [index, entry] of entries.entries()) {
    const at = seq + index;
    if (at <= stored) {
      if (!sameEntry(r.entries[at - 1] as LiveEntry, entry))
        return {
          kind: 'conflict',
          error: {
            code: 'score/conflict',
            field: `/entries/${index}`,
            message: `another entry is stored at seq ${at}: take the server's log`,
          },
        };
      continue;
    }
    if (finishedOf(after))
      return {
        kind: 'ok',
        accepted,
        after,
        refusal: {
          code: 'auth/capability-expired',
          field: `/entries/${index}`,
          message: 'the match has ended: nothing more is written',
        },
      };
    const next = step(after, entry, epoch, index);
    if (!next.ok) return { kind: 'ok', accepted, after, refusal: next.error };
    after = next.value;
    accepted.push(entry);
  }
  return { kind: 'ok', accepted, after, refusal: null };
}

const AT_TABLE = ['a', 'b'] as const;

/** The running score of a live match, as `event-live` and `live` carry it. */
export function matchLive(r: Replayed, at: number): MatchLive {
  const state = stateOf(r);
  const turn = state.turn;
  const player = turn.kind === 'shot' ? turn.player : turn.kind === 'decision' ? turn.decision.player : null;
  const last = r.steps.at(-1);
  return {
    source: { kind: 'scorer', table: r.header.table ?? '' },
    frames: [state.framesWon[0], state.framesWon[1]],
    points: [state.scores[0], state.scores[1]],
    race: r.header.framesToWin,
    atTable: player === null ? null : AT_TABLE[player],
    seq: r.entries.length,
    lastRuling: r.undone
      ? 'The last action was withdrawn (a correction).'
      : last === undefined
        ? null
        : namePlayers(last.ruling.explanation.en, r.header.players),
    at,
  };
}
