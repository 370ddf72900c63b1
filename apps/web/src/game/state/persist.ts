/**
 * The saved game: the match in progress as its match record, plus the options the record does not
 * carry (who is the computer and at which level, the seed, the language, the view). A reload
 * replays the record through the referee; anything damaged is refused with a reason, and the
 * caller keeps its current state.
 */
import { isLevel } from '@pyramid/bots';
import { isTableSize, resolveSettings } from '@pyramid/rules';
import { isLang } from '../../common/lang.js';
import { loadRecord, recordOf } from './record.js';
import { initialGame } from './reduce.js';
import { shotTemplate } from './rules.js';
import { EMPTY_SELECTION, freshSelection } from './selection.js';
import { isVariantName } from './setup.js';
import type { GameState, PlayerSetup, Setup } from './types.js';

export const SAVE_FORMAT = 'pyramid-web-game';
export const SAVE_VERSION = 1;

/** The header of the game's record (start, players, settings) with the seed in its meta. */
export function headerOf(game: GameState) {
  return {
    variant: game.match.variant,
    settings: game.setup.settings,
    players: game.match.players,
    start: game.start,
    meta: {
      generator: 'pyramid web',
      seed: game.setup.seed,
      computer: game.setup.players.map((p) => (p.kind === 'computer' ? p.level : null)),
    },
  };
}

export function serializeGame(game: GameState): string {
  return JSON.stringify({
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    mode: game.mode,
    lang: game.lang,
    aid: game.aid,
    camera: game.camera,
    setup: game.setup,
    record: recordOf(headerOf(game), game.history),
  });
}

function readPlayer(value: unknown): PlayerSetup | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  if (typeof p.name !== 'string' || (p.kind !== 'person' && p.kind !== 'computer') || !isLevel(p.level))
    return null;
  return { name: p.name, kind: p.kind, level: p.level };
}

function readSetup(value: unknown): Setup | string {
  if (typeof value !== 'object' || value === null) return 'the set-up is missing';
  const s = value as Record<string, unknown>;
  if (typeof s.variant !== 'string' || !isVariantName(s.variant)) return 'setup.variant is not a variant';
  const list = Array.isArray(s.players) ? s.players.map(readPlayer) : [];
  const a = list[0];
  const b = list[1];
  if (list.length !== 2 || a === null || a === undefined || b === null || b === undefined)
    return 'setup.players must be two players';
  const settings = resolveSettings(s.settings);
  if (!settings.ok) return `${settings.error.field}: ${settings.error.message}`;
  if (typeof s.seed !== 'number' || !Number.isInteger(s.seed)) return 'setup.seed must be an integer';
  if (s.computerSpeed !== 'normal' && s.computerSpeed !== 'fastest') return 'setup.computerSpeed is unknown';
  if (s.breaker !== 0 && s.breaker !== 1) return 'setup.breaker must be 0 or 1';
  if (!isTableSize(s.tableSize)) return 'setup.tableSize is not a table size';
  return {
    variant: s.variant,
    players: [a, b],
    tableSize: s.tableSize,
    settings: settings.value,
    seed: s.seed >>> 0,
    computerSpeed: s.computerSpeed,
    breaker: s.breaker,
  };
}

/** Reads a saved game; an error names what is wrong, and nothing else changes. */
export function parseSavedGame(text: string): { ok: true; game: GameState } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'the saved game is not valid JSON' };
  }
  if (typeof json !== 'object' || json === null)
    return { ok: false, message: 'the saved game is not an object' };
  const saved = json as Record<string, unknown>;
  if (saved.format !== SAVE_FORMAT || saved.version !== SAVE_VERSION)
    return { ok: false, message: 'the saved game has an unknown format' };
  if (saved.mode !== 'play' && saved.mode !== 'practice') return { ok: false, message: 'nothing to resume' };
  if (!isLang(saved.lang)) return { ok: false, message: 'the saved language is unknown' };
  const setup = readSetup(saved.setup);
  if (typeof setup === 'string') return { ok: false, message: setup };
  const loaded = loadRecord(saved.record);
  if (!loaded.ok) {
    const where = loaded.error.index === null ? '' : `action ${loaded.error.index}: `;
    return { ok: false, message: `${where}${loaded.error.field}: ${loaded.error.message}` };
  }
  if (loaded.value.initial.variant !== setup.variant)
    return { ok: false, message: 'the record and the set-up name different variants' };
  // The record's start names the table the referee replayed on; the set-up follows it.
  if (loaded.value.initial.tableSize !== setup.tableSize)
    return { ok: false, message: 'the record and the set-up name different tables' };
  const base = initialGame(setup, saved.lang);
  const match = loaded.value.final;
  return {
    ok: true,
    game: {
      ...base,
      mode: saved.mode,
      start: loaded.value.header.start,
      match,
      history: loaded.value.history,
      selection: freshSelection(match, shotTemplate(match), EMPTY_SELECTION),
      aid: saved.aid !== false,
      camera: saved.camera === '3d' || saved.camera === 'eye' ? saved.camera : 'top',
    },
  };
}
