/**
 * The match record: one versioned JSON format for every program (the scorer, the game, the CLI,
 * self-play). A header (variant, settings, players, start) and the ordered actions. Replaying a
 * record applies every action in turn and stops at the first that cannot be applied, naming it.
 */
import {
  describeJsonSyntaxError,
  describeValue,
  err,
  jsonSyntaxError,
  ok,
  pointerJoin,
  type Result,
} from '@pyramid/core';
import type { Action } from './actions.js';
import { type Applied, apply } from './apply.js';
import { type RefereeError, refereeError } from './errors.js';
import { isRecord } from './parse.js';
import type { Ruling } from './ruling.js';
import { parseMatchStart } from './setup.js';
import type { MatchState } from './state.js';
import { DEFAULT_TABLE_SIZE, type TableSize } from './table-size.js';

export const RECORD_FORMAT = 'pyramid-match-record';
export const RECORD_VERSION = 1;

const HEADER_FIELDS = ['format', 'version', 'variant', 'settings', 'players', 'start', 'actions', 'meta'];

export interface RecordError extends RefereeError {
  /** The index of the action that failed, or null when the header is at fault. */
  readonly index: number | null;
}

export interface ReplayStep {
  readonly index: number;
  readonly ruling: Ruling;
  readonly state: MatchState;
}

export interface Replay {
  readonly initial: MatchState;
  readonly steps: readonly ReplayStep[];
  readonly final: MatchState;
}

function headerError(field: string, message: string): RecordError {
  return { ...refereeError('invalid-setup', field, message), index: null };
}

/** Replays a record given as parsed JSON. */
export function replayRecord(input: unknown): Result<Replay, RecordError> {
  if (!isRecord(input)) return err(headerError('', 'a match record must be a JSON object'));
  if (input.format !== RECORD_FORMAT) return err(headerError('format', `must be "${RECORD_FORMAT}"`));
  if (input.version !== RECORD_VERSION) {
    return err(
      headerError(
        'version',
        `unsupported version ${describeValue(input.version)} (this referee reads ${RECORD_VERSION})`,
      ),
    );
  }
  for (const key of Object.keys(input)) {
    if (!HEADER_FIELDS.includes(key))
      return err(headerError(pointerJoin('', key), `unknown field (allowed: ${HEADER_FIELDS.join(', ')})`));
  }
  if (input.meta !== undefined && !isRecord(input.meta)) return err(headerError('meta', 'must be an object'));
  if (input.meta !== undefined) {
    const deep = tooDeep(input.meta, '/meta');
    if (deep !== null) return err(headerError(deep.field, deep.message));
  }
  const start = parseMatchStart(input);
  if (!start.ok) return err({ ...start.error, index: null });
  if (!Array.isArray(input.actions)) return err(headerError('actions', 'must be an array of actions'));
  const steps: ReplayStep[] = [];
  let state = start.value;
  for (let index = 0; index < input.actions.length; index++) {
    const result: Result<Applied, RefereeError> = apply(state, input.actions[index]);
    if (!result.ok) return err({ ...result.error, index });
    state = result.value.state;
    steps.push({ index, ruling: result.value.ruling, state });
  }
  return ok({ initial: start.value, steps, final: state });
}

/** How deep and how large the free-form `meta` may be: far beyond any note, and safe to write back. */
const META_DEPTH = 32;
const META_VALUES = 10_000;

/**
 * The first place where free-form JSON is nested deeper than META_DEPTH or holds more than
 * META_VALUES values, or null. Walked without recursion: the programs that keep a record write it
 * back with JSON.stringify, which overflows the stack on deep nesting, so such a record is refused
 * here, with the field, instead of failing later.
 */
function tooDeep(value: unknown, field: string): { field: string; message: string } | null {
  const stack: { value: unknown; field: string; depth: number }[] = [{ value, field, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (++values > META_VALUES) return { field, message: `holds more than ${META_VALUES} values` };
    if (typeof top.value !== 'object' || top.value === null) continue;
    if (top.depth >= META_DEPTH)
      return { field: top.field, message: `is nested more than ${META_DEPTH} levels deep` };
    for (const key of Object.keys(top.value)) {
      stack.push({
        value: (top.value as Record<string, unknown>)[key],
        field: pointerJoin(top.field, key),
        depth: top.depth + 1,
      });
    }
  }
  return null;
}

/**
 * An action as a match record stores it (the inverse of `parseAction`): a shot carries its facts,
 * or its events, at the top level, and leaves out a call or placement it does not have.
 */
export function recordAction(action: Action): unknown {
  if (action.type !== 'shot') return action;
  const outcome = action.outcome;
  return {
    type: 'shot',
    player: action.player,
    cueBall: action.cueBall,
    ...(action.call === null ? {} : { call: action.call }),
    ...(action.placement === null ? {} : { placement: action.placement }),
    ...(action.objectBallsInHouse === undefined ? {} : { objectBallsInHouse: action.objectBallsInHouse }),
    ...('facts' in outcome ? { facts: outcome.facts } : outcome),
  };
}

/**
 * The `tableSize` entry of a record's `start`, for a writer to spread into it: nothing on the 12 ft
 * default, which a reader assumes, so that records of tournament-table matches read as they always did.
 */
export function startTableSize(size: TableSize): { readonly tableSize?: TableSize } {
  return size === DEFAULT_TABLE_SIZE ? {} : { tableSize: size };
}

/** Parses record text as JSON, or says why it is not JSON (the first step of reading a record file). */
export function parseRecordJson(text: string): Result<unknown, RecordError> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (caught) {
    // Where the text breaks, as a line and column (the engine's own message varies by version).
    const syntax = jsonSyntaxError(text);
    const where = syntax === null ? (caught as Error).message : describeJsonSyntaxError(syntax);
    return err({ code: 'malformed-json', field: '', message: `not valid JSON: ${where}`, index: null });
  }
}

/** Parses record text (JSON) and replays it. */
export function replayRecordText(text: string): Result<Replay, RecordError> {
  const json = parseRecordJson(text);
  return json.ok ? replayRecord(json.value) : json;
}

/** The part of the state a person or a program needs after a replay. */
export interface StateSummary {
  readonly variant: MatchState['variant'];
  readonly tableSize: TableSize;
  readonly frame: number;
  readonly framesWon: readonly [number, number];
  readonly scores: readonly [number, number];
  readonly shelves: MatchState['shelves'];
  readonly table: MatchState['table'];
  readonly positions: MatchState['positions'];
  readonly turn: MatchState['turn'];
  readonly pending: (MatchState['turn'] & { kind: 'decision' })['decision'] | null;
  readonly winner: 0 | 1 | null;
}

export function summarise(state: MatchState): StateSummary {
  const turn = state.turn;
  return {
    variant: state.variant,
    tableSize: state.tableSize,
    frame: state.frame,
    framesWon: state.framesWon,
    scores: state.scores,
    shelves: state.shelves,
    table: state.table,
    positions: state.positions,
    turn,
    pending: turn.kind === 'decision' ? turn.decision : null,
    winner: turn.kind === 'match-over' ? turn.winner : null,
  };
}
