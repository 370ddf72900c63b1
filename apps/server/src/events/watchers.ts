/**
 * Live club events over the WebSocket (issue 27, "Live"): a connection follows an event with
 * `event-watch` and is sent `event` — the event as stored, the same as `GET /api/events/:id` —
 * at once, then `event-action` — the action as applied and the new version — after every action
 * the store has committed; the client applies it with @pyramid/events to its copy. The push goes
 * through the bus (a topic per event), so a watcher on another server process hears an action
 * stored here; each message is serialised once, not once per watcher.
 *
 * Bounds: MAX_WATCHED_EVENTS events per connection, MAX_WATCHERS_PER_EVENT connections per event
 * and process. A private event is followed by its directors only (checked when the watch starts;
 * directors are never removed, and an event never turns private).
 */
import type { EventAction } from '@pyramid/events';
import {
  type EventActionShown,
  MAX_WATCHED_EVENTS,
  type MatchLive,
  type OnlineError,
  type ServerMessage,
} from '@pyramid/online';
import type { Bus } from '../bus/bus.js';
import { mayFollow, shown } from './shown.js';
import type { EventStore, StoredEvent } from './store.js';

/** Connections of one process that follow one event at most (each push is one send per watcher). */
export const MAX_WATCHERS_PER_EVENT = 5_000;

export const eventTopic = (id: string): string => `event:${id}`;

/** Snapshots kept for reuse: a few events' worth (each up to a few hundred kilobytes). */
const SNAPSHOTS_KEPT = 16;

/** What the watchers need of a connection. */
export interface EventWatcher {
  readonly id: number;
  readonly player: { readonly id: string };
  send(text: string): void;
}

const notFound: OnlineError = {
  code: 'event/not-found',
  field: 'eventId',
  message: 'no such event (or a private one you do not direct)',
};

export class EventWatchers {
  /** Connection id → event id → the function that ends its subscription. */
  private readonly watching = new Map<number, Map<string, () => void>>();
  /** Event id → watchers in this process. */
  private readonly counts = new Map<string, number>();
  /** Event id → its last snapshot message (the most recently used SNAPSHOTS_KEPT events). */
  private readonly snapshots = new Map<string, { readonly version: number; readonly text: string }>();

  constructor(
    private readonly bus: Bus,
    private readonly events: EventStore,
  ) {}

  /** Told of each action stored, after its push (the players' pages: players/sources.ts). */
  afterStored: ((stored: StoredEvent) => void) | null = null;

  /** Watchers of `eventId` on this process. */
  watchers(eventId: string): number {
    return this.counts.get(eventId) ?? 0;
  }

  async watch(connection: EventWatcher, eventId: string): Promise<OnlineError | null> {
    const mine = this.watching.get(connection.id) ?? new Map<string, () => void>();
    if (!mine.has(eventId) && mine.size >= MAX_WATCHED_EVENTS)
      return {
        code: 'event/too-many',
        field: 'eventId',
        message: `a connection follows at most ${MAX_WATCHED_EVENTS} events: unwatch one first`,
      };
    if (!mine.has(eventId) && this.watchers(eventId) >= MAX_WATCHERS_PER_EVENT)
      return { code: 'event/too-many', field: 'eventId', message: 'this event has too many watchers here' };
    const stored = await this.events.get(eventId);
    if (stored === null || !mayFollow(stored, connection.player.id)) return notFound;
    if (!mine.has(eventId)) {
      // Subscribed before the snapshot is sent: an action committed meanwhile is pushed too, and the
      // client keeps the highest version.
      mine.set(
        eventId,
        this.bus.subscribe(eventTopic(eventId), (payload) => connection.send(payload)),
      );
      this.watching.set(connection.id, mine);
      this.counts.set(eventId, this.watchers(eventId) + 1);
    }
    connection.send(this.snapshot(stored));
    return null;
  }

  /**
   * The `event` message of a stored version, made once per version however many ask for it (a
   * page opened by many at once, or every viewer asking again after a restart): the view is
   * derived and serialised once.
   */
  private snapshot(stored: StoredEvent): string {
    const kept = this.snapshots.get(stored.id);
    if (kept !== undefined && kept.version === stored.version) return kept.text;
    const text = JSON.stringify(message(stored));
    this.snapshots.delete(stored.id);
    this.snapshots.set(stored.id, { version: stored.version, text });
    if (this.snapshots.size > SNAPSHOTS_KEPT)
      this.snapshots.delete(this.snapshots.keys().next().value as string);
    return text;
  }

  unwatch(connection: EventWatcher, eventId: string): void {
    const mine = this.watching.get(connection.id);
    const end = mine?.get(eventId);
    if (mine === undefined || end === undefined) return;
    end();
    mine.delete(eventId);
    if (mine.size === 0) this.watching.delete(connection.id);
    const left = this.watchers(eventId) - 1;
    if (left <= 0) this.counts.delete(eventId);
    else this.counts.set(eventId, left);
  }

  /** The connection closed: all its watches end. */
  forget(connection: EventWatcher): void {
    for (const eventId of [...(this.watching.get(connection.id)?.keys() ?? [])])
      this.unwatch(connection, eventId);
  }

  /**
   * An action on the event was committed: every watcher (on every process) gets the action as
   * applied and the new version (`event-action`, a few hundred bytes), and applies it to its copy;
   * a copy that missed one asks for a snapshot. Serialised once per action, not once per watcher.
   */
  stored(stored: StoredEvent, action: EventAction): void {
    const pushed: ServerMessage = {
      type: 'event-action',
      eventId: stored.id,
      version: stored.version,
      action: storedAction(action),
    };
    this.bus.publish(eventTopic(stored.id), JSON.stringify(pushed));
    this.afterStored?.(stored);
  }

  /**
   * An action of a match of the event was stored (on an online table or by a scorer): every watcher
   * gets the match's running score. Call it only after the action is stored.
   */
  live(eventId: string, match: string, live: MatchLive): void {
    const pushed: ServerMessage = { type: 'event-live', eventId, match, live };
    this.bus.publish(eventTopic(eventId), JSON.stringify(pushed));
  }
}

function message(stored: StoredEvent): ServerMessage {
  return { type: 'event', eventId: stored.id, shown: shown(stored) };
}

/** The fields an action of @pyramid/events reads: the rest of what a client sent is not pushed on. */
const ACTION_FIELDS = [
  'type',
  'by',
  'at',
  'entry',
  'entries',
  'order',
  'account',
  'seed',
  'checkedInOnly',
  'match',
  'table',
  'tableId',
  'frames',
  'reason',
  'winner',
  'why',
  'name',
  'guest',
  'rating',
] as const;

function storedAction(action: EventAction): EventActionShown {
  const source = action as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ACTION_FIELDS) if (source[key] !== undefined) out[key] = source[key];
  return out as unknown as EventActionShown;
}
