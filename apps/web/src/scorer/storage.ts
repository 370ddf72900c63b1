/**
 * Every match kept across reloads, in a key-value store (localStorage in the browser, a map in
 * tests). Each match is saved as its record plus a name and dates; states are never stored, they
 * are replayed. A stored match that no longer replays is listed as damaged with the referee's
 * reason, and never stops the list (or the page) from loading.
 */
import type { RecordError } from '@pyramid/rules';
import { type MatchRecord, openRecord, type Session } from './session.js';

/** The part of the Web Storage API the scorer uses. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'pyramid-scorer';
const INDEX_KEY = `${PREFIX}:index`;
const CURRENT_KEY = `${PREFIX}:current`;
const matchKey = (id: string) => `${PREFIX}:match:${id}`;

export interface StoredMatch {
  readonly id: string;
  readonly name: string;
  /** ISO dates. */
  readonly created: string;
  readonly updated: string;
  readonly record: MatchRecord;
}

export type ListedMatch =
  | { readonly id: string; readonly status: 'ok'; readonly stored: StoredMatch; readonly session: Session }
  | { readonly id: string; readonly status: 'damaged'; readonly name: string; readonly reason: string };

function readIndex(store: KeyValueStore): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(INDEX_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // A mangled index loses the order, not the matches: it is rebuilt as matches are saved.
    return [];
  }
}

function writeIndex(store: KeyValueStore, ids: readonly string[]): void {
  store.setItem(INDEX_KEY, JSON.stringify(ids));
}

/** A new id, unique enough for one device's list of matches. */
export function newMatchId(now: Date = new Date()): string {
  return `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Saves (or overwrites) a match and puts it first in the list. */
export function saveMatch(store: KeyValueStore, match: StoredMatch): void {
  store.setItem(matchKey(match.id), JSON.stringify(match));
  writeIndex(store, [match.id, ...readIndex(store).filter((id) => id !== match.id)]);
}

export function deleteMatch(store: KeyValueStore, id: string): void {
  store.removeItem(matchKey(id));
  writeIndex(
    store,
    readIndex(store).filter((other) => other !== id),
  );
  if (store.getItem(CURRENT_KEY) === id) store.removeItem(CURRENT_KEY);
}

function describeError(error: RecordError): string {
  const where = error.index === null ? '' : `action ${error.index + 1}: `;
  return `${where}${error.field ? `${error.field}: ` : ''}${error.message}`;
}

/** Reads one stored match and replays it. */
export function loadMatch(store: KeyValueStore, id: string): ListedMatch {
  const text = store.getItem(matchKey(id));
  if (text === null) return { id, status: 'damaged', name: id, reason: 'missing from storage' };
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch (caught) {
    return { id, status: 'damaged', name: id, reason: `not valid JSON: ${(caught as Error).message}` };
  }
  if (typeof stored !== 'object' || stored === null || !('record' in stored)) {
    return { id, status: 'damaged', name: id, reason: 'not a stored match' };
  }
  const entry = stored as Partial<StoredMatch>;
  const name = typeof entry.name === 'string' ? entry.name : id;
  const session = openRecord(entry.record);
  if (!session.ok) return { id, status: 'damaged', name, reason: describeError(session.error) };
  const created = typeof entry.created === 'string' ? entry.created : '';
  const updated = typeof entry.updated === 'string' ? entry.updated : created;
  return {
    id,
    status: 'ok',
    stored: { id, name, created, updated, record: session.value.record },
    session: session.value,
  };
}

/** Every stored match, most recently saved first. */
export function listMatches(store: KeyValueStore): ListedMatch[] {
  return readIndex(store).map((id) => loadMatch(store, id));
}

export function currentMatchId(store: KeyValueStore): string | null {
  return store.getItem(CURRENT_KEY);
}

export function setCurrentMatchId(store: KeyValueStore, id: string | null): void {
  if (id === null) store.removeItem(CURRENT_KEY);
  else store.setItem(CURRENT_KEY, id);
}

/** An in-memory store (tests, and a fallback when the browser refuses localStorage). */
export function memoryStore(): KeyValueStore & { readonly size: number } {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
    get size() {
      return map.size;
    },
  };
}

export { describeError };
