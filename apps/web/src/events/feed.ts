/**
 * The live feed of one club event: the server's WebSocket, `hello` with the session token, then
 * `event-watch`. Every `event` message is the event as stored; the highest `version` wins, so a
 * push that crosses the first answer changes nothing. `event-live` carries the running score of a
 * match being played (the page keeps the highest `seq` of each match). A dropped socket is opened again, and the
 * watch sent again, after a growing pause.
 */
import { MAX_WATCHED_LIVE, type MatchLive, PROTOCOL_VERSION, type StoredLiveEntry } from '@pyramid/online';
import type { Shown } from './model.js';

export interface FeedOptions {
  readonly url: string;
  readonly token: string;
  readonly eventId: string;
  readonly onEvent: (shown: Shown) => void;
  /** The running score of a match being played (`event-live`), after each stored action. */
  readonly onLive?: (match: string, live: MatchLive) => void;
  /** Entries of a followed live match (`live`, after `watchLive`): each stored entry, with its seq. */
  readonly onEntries?: (liveId: string, entries: readonly StoredLiveEntry[], live: MatchLive) => void;
  readonly onStatus: (status: 'connecting' | 'live' | 'closed', message?: string) => void;
}

export class EventFeed {
  private ws: WebSocket | null = null;
  private version = 0;
  private delay = 500;
  private stopped = false;
  /** Live matches followed (`live-watch`), with the last seq heard: watched again after a reconnect. */
  private readonly watched = new Map<string, number>();
  /** The server has welcomed this connection (before that it refuses anything but `hello`). */
  private welcomed = false;

  constructor(private readonly options: FeedOptions) {
    this.open();
  }

  private open(): void {
    const { url, token, eventId, onEvent, onLive, onEntries, onStatus } = this.options;
    onStatus('connecting');
    const ws = new WebSocket(url);
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as {
        type: string;
        shown?: Shown;
        eventId?: string;
        message?: string;
        match?: string;
        live?: MatchLive;
        liveId?: string;
        entries?: StoredLiveEntry[];
      };
      if (data.type === 'welcome') {
        this.welcomed = true;
        ws.send(JSON.stringify({ type: 'event-watch', eventId }));
        for (const [liveId, after] of this.watched)
          ws.send(JSON.stringify({ type: 'live-watch', liveId, after }));
      } else if (
        data.type === 'live' &&
        data.liveId !== undefined &&
        this.watched.has(data.liveId) &&
        data.entries !== undefined &&
        data.live !== undefined
      ) {
        const last = data.entries.at(-1)?.seq ?? 0;
        this.watched.set(data.liveId, Math.max(this.watched.get(data.liveId) ?? 0, last));
        onEntries?.(data.liveId, data.entries, data.live);
      } else if (data.type === 'event' && data.eventId === eventId && data.shown !== undefined) {
        this.delay = 500;
        onStatus('live');
        if (data.shown.version <= this.version) return;
        this.version = data.shown.version;
        onEvent(data.shown);
      } else if (
        data.type === 'event-live' &&
        data.eventId === eventId &&
        data.match !== undefined &&
        data.live !== undefined
      )
        onLive?.(data.match, data.live);
      else if (data.type === 'error') onStatus('closed', data.message);
    };
    ws.onclose = () => {
      if (this.stopped) return;
      onStatus('closed');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10_000);
    };
  }

  /**
   * Follows a live match of the event (its entries, each once: the page keeps the highest seq). At
   * most MAX_WATCHED_LIVE at once: the server allows no more on one connection.
   */
  watchLive(liveId: string): void {
    if (this.watched.has(liveId) || this.watched.size >= MAX_WATCHED_LIVE) return;
    this.watched.set(liveId, 0);
    if (this.welcomed && this.ws?.readyState === WebSocket.OPEN)
      this.ws.send(JSON.stringify({ type: 'live-watch', liveId, after: 0 }));
  }

  /** Stops following a live match (it has ended). */
  unwatchLive(liveId: string): void {
    if (!this.watched.delete(liveId)) return;
    if (this.welcomed && this.ws?.readyState === WebSocket.OPEN)
      this.ws.send(JSON.stringify({ type: 'live-unwatch', liveId }));
  }

  /** A newer state came another way (the answer to a director's action). */
  seen(version: number): void {
    this.version = Math.max(this.version, version);
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
