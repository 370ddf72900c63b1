/**
 * The match record the game writes and reads: the format `pyramid referee` replays (docs/
 * match-record.md). The game's record is its history: the start, then every action as the referee
 * took it (`recordAction`). Reading a record replays it through the referee; a record that fails
 * names the action and field and changes nothing.
 */
import {
  type Action,
  DEFAULT_SETTINGS,
  type MatchState,
  parseAction,
  RECORD_FORMAT,
  RECORD_VERSION,
  type RecordError,
  recordAction,
  replayRecord,
  type Settings,
} from '@pyramid/rules';
import type { HistoryEntry } from './types.js';

export interface RecordHeader {
  readonly variant: MatchState['variant'];
  readonly settings: Settings;
  readonly players: readonly [string, string];
  readonly start: Readonly<Record<string, unknown>>;
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** Only the settings that differ from the documented defaults (a record states its departures). */
export function settingsOverrides(settings: Settings): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const base = (DEFAULT_SETTINGS as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(base) !== JSON.stringify(value)) out[key] = value;
  }
  return out as Partial<Settings>;
}

export function recordOf(header: RecordHeader, history: readonly HistoryEntry[]): Record<string, unknown> {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    variant: header.variant,
    settings: settingsOverrides(header.settings),
    players: header.players,
    start: header.start,
    actions: history.map((entry) => recordAction(entry.action)),
    ...(header.meta === undefined ? {} : { meta: header.meta }),
  };
}

export function recordText(header: RecordHeader, history: readonly HistoryEntry[]): string {
  return `${JSON.stringify(recordOf(header, history), null, 2)}\n`;
}

export interface LoadedRecord {
  readonly header: RecordHeader;
  readonly initial: MatchState;
  readonly history: readonly HistoryEntry[];
  readonly final: MatchState;
}

export type LoadError = RecordError;

/** Replays a parsed record into the game's history. */
export function loadRecord(
  json: unknown,
): { ok: true; value: LoadedRecord } | { ok: false; error: LoadError } {
  const replay = replayRecord(json);
  if (!replay.ok) return { ok: false, error: replay.error };
  const input = json as Record<string, unknown>;
  const actions = input.actions as unknown[];
  const history: HistoryEntry[] = [];
  let before = replay.value.initial;
  for (const step of replay.value.steps) {
    const parsed = parseAction(actions[step.index]);
    // The referee accepted the action when replaying it, so it parses; the fallback never applies.
    const action: Action = parsed.ok ? parsed.value : (actions[step.index] as Action);
    history.push({ action, ruling: step.ruling, before, shot: null });
    before = step.state;
  }
  const initial = replay.value.initial;
  const start = (input.start ?? { from: 'rack' }) as Record<string, unknown>;
  const meta = input.meta as Record<string, unknown> | undefined;
  return {
    ok: true,
    value: {
      header: {
        variant: initial.variant,
        settings: initial.settings,
        players: initial.players,
        start,
        ...(meta === undefined ? {} : { meta }),
      },
      initial,
      history,
      final: replay.value.final,
    },
  };
}

/** Reads record text: JSON, then the referee's replay. */
export function loadRecordText(text: string): ReturnType<typeof loadRecord> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (caught) {
    return {
      ok: false,
      error: {
        code: 'malformed-json',
        field: '',
        message: `not valid JSON: ${(caught as Error).message}`,
        index: null,
      },
    };
  }
  return loadRecord(json);
}
