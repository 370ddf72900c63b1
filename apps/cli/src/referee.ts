/**
 * `pyramid referee FILE|-`: replays a match record and prints the referee's ruling on every action,
 * then the final state. The whole record is validated before anything is printed, so a record that
 * fails produces an error on stderr and nothing on stdout.
 */
import {
  apply,
  describeTurn,
  type MatchState,
  parseMatchStart,
  type RecordError,
  type Replay,
  replayRecord,
  replayRecordText,
  summarise,
  VARIANT_NAMES,
} from '@pyramid/rules';
import {
  type Context,
  describeAction,
  describeRuling,
  describeState,
  noteLines,
  targetText,
  typedAction,
} from './describe.js';
import { type Io, outputWidth, readSource } from './io.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './status.js';
import { fitToWidth, inLanguage, type Lang, style, words, wrap } from './text.js';

export { EXIT_BAD_INPUT, EXIT_OK } from './status.js';

export interface RefereeOptions {
  readonly lang: Lang;
  readonly json: boolean;
}

/** A record error, or a file that could not be read (index null, code `unreadable`). */
export interface CliError {
  readonly index: number | null;
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

export interface Loaded {
  readonly json: Record<string, unknown>;
  readonly replay: Replay;
}

export function parseAndReplay(text: string): { ok: true; value: Loaded } | { ok: false; error: CliError } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The referee's reading of the text names the line and column where it breaks.
    const failed = replayRecordText(text);
    if (!failed.ok) return { ok: false, error: cliError(failed.error) };
    return { ok: false, error: { index: null, field: '', code: 'invalid-setup', message: 'not valid JSON' } };
  }
  const result = replayRecord(json);
  if (!result.ok) return { ok: false, error: cliError(result.error) };
  return { ok: true, value: { json: json as Record<string, unknown>, replay: result.value } };
}

function cliError(error: RecordError): CliError {
  return { index: error.index, field: error.field, code: error.code, message: error.message };
}

/** `error: action #3 (field /facts/pocketed/0/ball): ball-not-on-table: ball 9 is not on the table` (a JSON Pointer) */
export function errorLine(error: CliError): string {
  if (error.code === 'unreadable') return `error: ${error.message}`;
  const where =
    error.index !== null ? `action #${error.index}` : error.field === '' ? 'record' : 'record header';
  const field = error.field === '' ? '' : ` (field ${error.field})`;
  return `error: ${where}${field}: ${error.code}: ${error.message}`;
}

/**
 * For a failed action, what the referee expected at that point: the actions before it are
 * replayed again (they were accepted) and the turn they lead to is described.
 */
function expectedAt(json: unknown, index: number, lang: Lang): string | null {
  if (typeof json !== 'object' || json === null) return null;
  const record = json as Record<string, unknown>;
  const start = parseMatchStart(record);
  if (!start.ok || !Array.isArray(record.actions)) return null;
  let state: MatchState = start.value;
  for (const raw of record.actions.slice(0, index)) {
    const applied = apply(state, raw);
    if (!applied.ok) return null;
    state = applied.value.state;
  }
  return describeTurn(state.turn, lang, state.players);
}

export async function referee(io: Io, file: string, options: RefereeOptions): Promise<number> {
  const source = await readSource(io, file);
  if (!source.ok) {
    return fail(io, options, { index: null, field: '', code: 'unreadable', message: source.message }, null);
  }
  const loaded = parseAndReplay(source.text);
  if (!loaded.ok) {
    let json: unknown = null;
    try {
      json = JSON.parse(source.text);
    } catch {
      // already reported as malformed JSON
    }
    return fail(io, options, loaded.error, json);
  }
  const { json, replay } = loaded.value;
  const actions = json.actions as readonly unknown[];
  if (options.json) {
    const output = {
      rulings: replay.steps.map((step) => ({
        index: step.index,
        action: actions[step.index],
        ruling: step.ruling,
      })),
      final: summarise(replay.final),
    };
    io.out(`${JSON.stringify(output, null, 2)}\n`);
    return EXIT_OK;
  }
  io.out(`${humanReport(io, options.lang, json, replay).join('\n')}\n`);
  return EXIT_OK;
}

function fail(io: Io, options: RefereeOptions, error: CliError, json: unknown): number {
  if (options.json) {
    io.err(`${JSON.stringify({ error })}\n`);
    return EXIT_BAD_INPUT;
  }
  const lines = [errorLine(error)];
  if (error.index !== null) {
    const expected = expectedAt(json, error.index, options.lang);
    if (expected !== null) lines.push(`  ${words(options.lang).atThatPoint}: ${expected}`);
  }
  io.err(`${lines.join('\n')}\n`);
  return EXIT_BAD_INPUT;
}

export function metaOf(
  json: Record<string, unknown>,
  lang: Lang,
): { title: string | null; description: string | null } {
  const meta = json.meta;
  if (typeof meta !== 'object' || meta === null) return { title: null, description: null };
  const { title, description } = meta as Record<string, unknown>;
  return { title: inLanguage(title, lang), description: inLanguage(description, lang) };
}

export function startsFromSituation(json: Record<string, unknown>): boolean {
  const start = json.start;
  return (
    typeof start === 'object' && start !== null && (start as Record<string, unknown>).from === 'situation'
  );
}

function humanReport(io: Io, lang: Lang, json: Record<string, unknown>, replay: Replay): string[] {
  const st = style(io.colour);
  const initial = replay.initial;
  const ctx: Context = { lang, players: initial.players, st, width: outputWidth(io) };
  const w = words(lang);
  const actions = json.actions as readonly unknown[];
  const meta = metaOf(json, lang);
  const lines: string[] = [];
  const header = [
    VARIANT_NAMES[initial.variant][lang],
    `${initial.players[0]} — ${initial.players[1]}`,
    targetText(ctx, initial),
    w.actions(actions.length),
  ];
  lines.push(...fitToWidth([st.bold(header.join(' · '))], ctx.width));
  if (meta.title !== null) lines.push(...wrap(meta.title, ctx.width, '', '  '));
  if (startsFromSituation(json)) lines.push(st.dim(`(${w.startSituation})`));
  lines.push('');
  let before = initial;
  for (const step of replay.steps) {
    const raw = actions[step.index];
    const action = typedAction(before, raw);
    if (action !== null) lines.push(...describeAction(ctx, step.index, before, action));
    lines.push(...noteLines(ctx, raw));
    lines.push(...describeRuling(ctx, step.ruling, { next: true }));
    lines.push('');
    before = step.state;
  }
  lines.push(...describeState(ctx, replay.final));
  return lines;
}
