/**
 * The live feed of one club event: the server's WebSocket, `hello` with the session token, then
 * `event-watch`, answered by `event` (a snapshot). After that every stored action arrives as
 * `event-action` with the event's new version: the feed applies it to its copy with
 * `applyEventAction` (the same pure function the server's store ran, so the copy is the server's
 * event) and derives the view again. An action for any version but the next one — missed or out of
 * order — makes it ask for a snapshot again. A dropped socket is opened again, and the watch sent
 * again, after a growing pause. `event-live` carries the running score of a match being played
 * (the page keeps the highest `seq` of each match); a match scored live from a real table is also
 * followed itself (`watchLive`: `live-watch`), for its every entry.
 */
import { applyEventAction, type ClubEvent, type EventAction } from '@pyramid/events';
import { MAX_WATCHED_LIVE, type MatchLive, PROTOCOL_VERSION, type StoredLiveEntry } from '@pyramid/online';
import { type Shown, showEvent } from './model.js';

export interface FeedOptions {
  readonly url: string;
  readonly token: string;
  readonly eventId: string;
  readonly onEvent: (shown: Shown, how: 'snapshot' | 'action') => void;
  /** The running score of a match being played (`event-live`), after each stored action. */
  readonly onLive?: (match: string, live: MatchLive) => void;
  /** Entries of a followed live match (`live`, after `watchLive`): each stored entry, with its seq. */
  readonly onEntries?: (liveId: string, entries: readonly StoredLiveEntry[], live: MatchLive) => void;
  readonly onStatus: (status: 'connecting' | 'live' | 'closed', message?: string) => void;
}

export class EventFeed {
  private ws: WebSocket | null = null;
  private current: Shown | null = null;
  private delay = 500;
  private stopped = false;
  /** A snapshot was asked for and has not come yet: ask once, not once per action. */
  private asked = false;
  /** Live matches followed (`live-watch`), with the last seq heard: watched again after a reconnect. */
  private readonly watched = new Map<string, number>();
  /** The server has welcomed this connection (before that it refuses anything but `hello`). */
  private welcomed = false;

  constructor(private readonly options: FeedOptions) {
    this.open();
  }

  private open(): void {
    const { url, token, onStatus } = this.options;
    onStatus('connecting');
    const ws = new WebSocket(url);
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
    ws.onmessage = (message) => this.receive(ws, JSON.parse(String(message.data)) as Received);
    ws.onclose = () => {
      if (this.stopped) return;
      onStatus('closed');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10_000);
    };
  }

  private watch(ws: WebSocket): void {
    this.asked = true;
    ws.send(JSON.stringify({ type: 'event-watch', eventId: this.options.eventId }));
  }

  private receive(ws: WebSocket, data: Received): void {
    const { eventId, onEvent, onLive, onEntries, onStatus } = this.options;
    if (data.type === 'welcome') {
      this.welcomed = true;
      this.watch(ws);
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
    } else if (
      data.type === 'event-live' &&
      data.eventId === eventId &&
      data.match !== undefined &&
      data.live !== undefined
    )
      onLive?.(data.match, data.live);
    else if (data.type === 'event' && data.eventId === eventId && data.shown !== undefined) {
      this.delay = 500;
      this.asked = false;
      onStatus('live');
      if (this.current !== null && data.shown.version <= this.current.version) return;
      this.current = data.shown;
      onEvent(data.shown, 'snapshot');
    } else if (data.type === 'event-action' && data.eventId === eventId && data.action !== undefined) {
      const version = data.version ?? 0;
      const current = this.current;
      if (current !== null && version <= current.version) return;
      if (current === null || version !== current.version + 1) {
        if (!this.asked) this.watch(ws);
        return;
      }
      const applied = applyEventAction(current.event as ClubEvent, data.action as unknown as EventAction);
      if (!applied.ok) {
        // The copy is not the server's (it cannot be, but never show a guess): start again.
        if (!this.asked) this.watch(ws);
        return;
      }
      this.current = showEvent(current.id, version, applied.value);
      onEvent(this.current, 'action');
    } else if (data.type === 'error') {
      // A refused watch (rate-limited, say): the next gap asks again.
      this.asked = false;
      onStatus('closed', data.message);
    }
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
  seen(shown: Shown): void {
    if (this.current === null || shown.version > this.current.version) this.current = shown;
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

interface Received {
  readonly type: string;
  readonly shown?: Shown;
  readonly eventId?: string;
  readonly version?: number;
  readonly action?: Record<string, unknown>;
  readonly message?: string;
  readonly match?: string;
  readonly live?: MatchLive;
  readonly liveId?: string;
  readonly entries?: StoredLiveEntry[];
}
