/**
 * Where a live match's queue lives on the phone (issue 28: "a reload of the page while offline keeps
 * the queue"): IndexedDB, one record per live match keyed by its id. The logic is kept apart from
 * IndexedDB (`queueStore` over any async key-value store: IndexedDB in the browser, a Map in the unit
 * tests): a stored value is checked before it is trusted — a damaged or foreign one is not loaded
 * (the server's log is the authority, and the scorer takes it on the next connection) — and saves
 * are written in the order they were made, the last one winning.
 */
import type { LiveEntry, PendingEntry, QueueStore, ScorerQueue } from '@pyramid/online';

/** The part of an async key-value store the queue needs. */
export interface AsyncStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isEntry(v: unknown): v is LiveEntry {
  return isObject(v) && (v.kind === 'undo' || (v.kind === 'action' && 'action' in v));
}

/**
 * The stored value as a queue of `liveId`, or null when it is not one: another match's, or a shape
 * this version cannot read (a pending entry's seq must follow the stored log without a hole).
 */
export function decodeQueue(value: unknown, liveId: string): ScorerQueue | null {
  if (!isObject(value) || value.liveId !== liveId) return null;
  const { device, header, epoch, stored, pending, sent } = value;
  if (typeof device !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(device)) return null;
  if (header !== null && !(isObject(header) && Array.isArray(header.players))) return null;
  if (epoch !== null && !(typeof epoch === 'number' && Number.isInteger(epoch) && epoch >= 0)) return null;
  if (!Array.isArray(stored) || !stored.every(isEntry)) return null;
  if (!Array.isArray(pending)) return null;
  for (const [i, p] of pending.entries()) {
    if (!isObject(p) || p.seq !== stored.length + i + 1 || !isEntry(p.entry)) return null;
  }
  return {
    liveId,
    device,
    header: header as ScorerQueue['header'],
    epoch: epoch as number | null,
    stored: stored as LiveEntry[],
    pending: pending as PendingEntry[],
    // A queue saved before the mark was kept: every entry in it may have been sent.
    sent:
      typeof sent === 'number' && Number.isInteger(sent) && sent >= 0 ? sent : stored.length + pending.length,
  };
}

/** The queue of one live match in `store`. */
export function queueStore(store: AsyncStore, liveId: string): QueueStore {
  const key = `live:${liveId}`;
  let writing: Promise<void> = Promise.resolve();
  return {
    load: async () => decodeQueue(await store.get(key), liveId),
    save: (queue) => {
      // A structured clone of plain data: IndexedDB keeps it as is (no JSON round trip needed).
      const value = JSON.parse(JSON.stringify(queue)) as unknown;
      writing = writing.then(
        () => store.put(key, value),
        () => store.put(key, value),
      );
      return writing;
    },
  };
}

const DB_NAME = 'pyramid-scorer';
const DB_VERSION = 1;
const QUEUES = 'live-queues';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The browser's IndexedDB as an AsyncStore (one object store, out-of-line keys). */
export async function indexedDbStore(factory: IDBFactory = indexedDB): Promise<AsyncStore> {
  const open = factory.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(QUEUES)) open.result.createObjectStore(QUEUES);
  };
  const db = await request(open);
  return {
    get: (key) => request(db.transaction(QUEUES, 'readonly').objectStore(QUEUES).get(key)),
    put: (key, value) =>
      new Promise<void>((resolve, reject) => {
        const tx = db.transaction(QUEUES, 'readwrite');
        tx.objectStore(QUEUES).put(value, key);
        // Resolved once the transaction is committed: the entry survives a reload from then on.
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  };
}

/** A Map as an AsyncStore (tests; and the fallback when the browser has no IndexedDB). */
export function memoryAsyncStore(): AsyncStore & { readonly map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => map.get(key),
    put: async (key, value) => {
      map.set(key, value);
    },
  };
}
