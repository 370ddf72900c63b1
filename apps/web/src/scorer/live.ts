/**
 * A live match on the scorer (issue 28): the match of an event (or a friendly match shared live)
 * scored on this phone and streamed to the server. The header comes from the server (no set-up to
 * type); every action and undo goes through `ScorerSync` (@pyramid/online), whose queue is kept in
 * IndexedDB, so that a scorer that loses the network keeps scoring and a reload keeps what was not
 * sent. The session shown is replayed from the header and the entries (the server's log, then the
 * queue) by the same referee the server runs; which of them the server holds is known at every
 * moment (`pending`).
 */
import {
  type LiveEntry,
  type LiveHeader,
  liveRecord,
  OnlineApi,
  type OnlineError,
  type Session as OnlineSession,
  ScorerSync,
  type ScoringLink,
  type SyncStatus,
} from '@pyramid/online';
import { LiveSocket, type SocketStatus } from '../common/socket.js';
import { type AsyncStore, indexedDbStore, memoryAsyncStore, queueStore } from './queue-store.js';
import { openRecord, type Session } from './session.js';

/** The game's online session (its lobby's key): a player signed in there scores under his name. */
const GAME_SESSION_KEY = 'pyramid:online-session';
/** The scorer's own guest session otherwise. */
const SCORER_SESSION_KEY = 'pyramid-scorer:live-session';
/** This device's id for the lease: made once, kept. */
const DEVICE_KEY = 'pyramid-scorer:device';

function readSession(key: string): OnlineSession | null {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return null;
    const session = JSON.parse(text) as OnlineSession;
    return typeof session.token === 'string' && session.expiresAt > Date.now() ? session : null;
  } catch {
    return null;
  }
}

function randomId(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function deviceId(): string {
  const kept = localStorage.getItem(DEVICE_KEY);
  if (kept !== null && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const made = randomId(16);
  localStorage.setItem(DEVICE_KEY, made);
  return made;
}

/** A signed-in session for the WebSocket and `POST /api/live`: the game's, or a guest of the scorer's own. */
export async function scorerSession(api: OnlineApi, name: string): Promise<OnlineSession | null> {
  const kept = readSession(GAME_SESSION_KEY) ?? readSession(SCORER_SESSION_KEY);
  if (kept !== null) return kept;
  const made = await api.guest({ name });
  if (!made.ok) return null;
  localStorage.setItem(SCORER_SESSION_KEY, JSON.stringify(made.value));
  return made.value;
}

/** What the scorer's screen shows of the live side. */
export interface LiveInfo {
  readonly liveId: string;
  readonly status: SyncStatus;
  readonly socket: SocketStatus;
  /** Entries recorded here the server has not acknowledged. */
  readonly pending: number;
  /** This device may record (it holds the lease, or held it and is offline). */
  readonly canWrite: boolean;
  readonly header: LiveHeader | null;
}

export type LiveNotice =
  /** The server refused an entry the phone's referee had accepted (`undo`: the entry was an undo). */
  | {
      readonly kind: 'refused';
      readonly error: OnlineError;
      readonly count: number;
      readonly undo: boolean;
    }
  | { readonly kind: 'conflict'; readonly count: number }
  | { readonly kind: 'superseded' }
  | { readonly kind: 'finished'; readonly count: number }
  | { readonly kind: 'error'; readonly error: OnlineError };

export interface LiveCallbacks {
  /** The log, the queue or the status changed: draw again. */
  readonly changed: () => void;
  readonly notice: (notice: LiveNotice) => void;
}

export class LiveScoring {
  private socketStatus: SocketStatus = 'connecting';
  private socket: LiveSocket | null = null;
  private readonly onOffline = () => this.socket?.reconnect();
  private readonly onOnline = () => this.socket?.reconnect();

  private constructor(
    readonly liveId: string,
    private readonly sync: ScorerSync,
  ) {}

  static async start(
    liveId: string,
    capability: string,
    guestName: string,
    callbacks: LiveCallbacks,
  ): Promise<LiveScoring> {
    let store: AsyncStore;
    try {
      store = await indexedDbStore();
    } catch {
      // No IndexedDB (a private mode that refuses it): scoring works, the queue lasts until a reload.
      store = memoryAsyncStore();
    }
    const api = new OnlineApi({ baseUrl: location.origin, fetch: (input, init) => fetch(input, init) });
    let socket: LiveSocket | null = null;
    const sync = await ScorerSync.open({
      liveId,
      capability,
      device: deviceId(),
      store: queueStore(store, liveId),
      send: (message) => {
        socket?.send(message);
      },
    });
    const live = new LiveScoring(liveId, sync);
    sync.on((event) => {
      if (event.type === 'superseded') {
        callbacks.notice({ kind: 'superseded' });
      } else if (event.type === 'dropped') {
        if (event.reason === 'refused' && event.error !== undefined)
          callbacks.notice({
            kind: 'refused',
            error: event.error,
            count: event.entries.length,
            undo: event.entries[0]?.entry.kind === 'undo',
          });
        else if (event.reason === 'conflict')
          callbacks.notice({ kind: 'conflict', count: event.entries.length });
        else callbacks.notice({ kind: 'finished', count: event.entries.length });
      } else if (event.type === 'error') {
        callbacks.notice({ kind: 'error', error: event.error });
      }
      callbacks.changed();
    });
    socket = new LiveSocket({
      url: api.wsUrl(),
      token: async () => (await scorerSession(api, guestName))?.token ?? null,
      onWelcome: () => sync.online(),
      onMessage: (message) => sync.receive(message as Parameters<ScorerSync['receive']>[0]),
      onStatus: (status) => {
        live.socketStatus = status;
        if (status !== 'live') sync.offline();
        callbacks.changed();
      },
    });
    live.socket = socket;
    window.addEventListener('offline', live.onOffline);
    window.addEventListener('online', live.onOnline);
    return live;
  }

  get info(): LiveInfo {
    const status = this.sync.status;
    return {
      liveId: this.liveId,
      status,
      socket: this.socketStatus,
      pending: this.sync.pending.length,
      canWrite: this.sync.mayWrite,
      header: this.sync.header,
    };
  }

  /** Entries so far (the server's log, then the queue): the scorer's view of the match. */
  entries(): LiveEntry[] {
    return this.sync.entries();
  }

  /** The match replayed from the header and the entries; null until the header is known. */
  session(): Session | null {
    const header = this.sync.header;
    if (header === null) return null;
    const opened = openRecord(liveRecord(header, this.sync.entries(), this.liveId));
    return opened.ok ? opened.value : null;
  }

  /** Records an action the scorer's referee accepted. */
  record(entry: LiveEntry): void {
    void this.sync.record(entry);
  }

  /**
   * Undoes the last action: a never-sent one leaves the queue, any other becomes a correction on
   * the server (an undo entry). Resolves once the queue reflects it.
   */
  async undo(): Promise<void> {
    await this.sync.undo();
  }

  /** "Score here". */
  take(): void {
    this.sync.take();
  }

  /** Resolves once the queue as it is now is in IndexedDB. */
  saved(): Promise<void> {
    return this.sync.saved();
  }

  close(): void {
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    this.socket?.close();
  }
}

/** The header of a friendly match to share live, from the record being scored. */
export function friendlyHeader(session: Session): {
  variant: LiveHeader['variant'];
  settings: Record<string, unknown>;
  framesToWin: number;
  players: readonly [string, string];
  breaker: 0 | 1 | null;
  tableSize?: string;
} {
  const record = session.record;
  const { framesToWin, ...settings } = record.settings as Record<string, unknown>;
  const start = record.start as { breaker?: 0 | 1; tableSize?: string };
  return {
    variant: record.variant,
    settings,
    framesToWin: typeof framesToWin === 'number' ? framesToWin : session.initial.settings.framesToWin,
    players: record.players,
    breaker: start.breaker ?? null,
    ...(start.tableSize === undefined ? {} : { tableSize: start.tableSize }),
  };
}

/** "Share live": asks the server for a live match of this friendly match. */
export async function shareLive(
  session: Session,
  guestName: string,
): Promise<{ ok: true; link: ScoringLink } | { ok: false; message: string }> {
  const api = new OnlineApi({ baseUrl: location.origin, fetch: (input, init) => fetch(input, init) });
  const signed = await scorerSession(api, guestName);
  if (signed === null) return { ok: false, message: 'no connection to the server' };
  const response = await fetch(`${location.origin}/api/live`, {
    method: 'POST',
    headers: { authorization: `Bearer ${signed.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(friendlyHeader(session)),
  }).catch(() => null);
  if (response === null) return { ok: false, message: 'no connection to the server' };
  const data = (await response.json().catch(() => ({}))) as ScoringLink & {
    message?: string;
    field?: string;
  };
  if (!response.ok)
    return { ok: false, message: `${data.field ? `${data.field}: ` : ''}${data.message ?? response.status}` };
  return { ok: true, link: data };
}
