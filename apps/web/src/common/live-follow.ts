/**
 * Following a live match from a page that only reads — the stream overlay and the live page: either
 * one live match by id (`live-watch`, its `live` pushes), or the match of a club event called to a
 * table (`event-watch`: the event's snapshot, then each stored action applied to a copy with
 * @pyramid/events, so a call, a re-call or a correction moves the page at once; `event-live` for the
 * score, and the match's live match, once it has one, followed itself for every entry). The follower
 * keeps the live match's header and every entry in seq order (a gap asks for the missing ones), so
 * a page can replay them with the referee and word each ruling in its own language. It decides
 * nothing: every number comes from the server's referee.
 */
import { applyEventAction, type EventAction } from '@pyramid/events';
import type { LiveEntry, LiveHeader, MatchLive, StoredLiveEntry } from '@pyramid/online';
import type { EventsApi } from '../events/api.js';
import { type Shown as EventShown, showEvent } from '../events/model.js';
import { calledMatch, emptyLive, isNewer, type OverlaySource } from '../overlay/model.js';
import type { SocketOptions, SocketStatus } from './socket.js';

/** What a follower shows now. */
export interface Following {
  readonly players: readonly [string, string];
  readonly live: MatchLive;
  /** The table's name: the followed table, or the live match's own. */
  readonly table: string | null;
  /** The live match followed (null: a table's match not scored live yet). */
  readonly liveId: string | null;
  readonly header: LiveHeader | null;
  /** Every entry of the live match, in seq order (entry n is `entries[n - 1]`). */
  readonly entries: readonly LiveEntry[];
  /** The live match has ended (nothing more is written). */
  readonly finished: boolean;
  /** A table's page: the event's match called to it. */
  readonly match: string | null;
}

/** Why nothing is shown: connecting, no such match or event, or no match at the table now. */
export type FollowNote = 'waiting' | 'not-found' | 'no-match';

export interface FollowerOptions {
  readonly source: OverlaySource;
  readonly onChange: (shown: Following | null, note: FollowNote | null) => void;
  readonly onStatus?: (status: SocketStatus) => void;
  /** Opens the socket (LiveSocket in a page; a fake in a unit test). */
  readonly open: (options: Omit<SocketOptions, 'url' | 'token'>) => { send(message: unknown): boolean };
  /** The live match of an event's match, or null (GET /api/events/:id/live). */
  readonly findLive: (eventId: string, match: string) => Promise<string | null>;
}

type Message = { readonly type: string } & Record<string, unknown>;

interface Followed {
  readonly liveId: string;
  entries: LiveEntry[];
  header: LiveHeader | null;
  finished: boolean;
  /** A gap was seen and the missing entries asked for. */
  asking: boolean;
}

/** The key of what a page shows: the same key, nothing to draw again. */
const keyOf = (f: Following) =>
  JSON.stringify([f.players, f.live, f.table, f.liveId, f.header, f.entries.length, f.finished, f.match]);

export class LiveFollower {
  private shown: Following | null = null;
  private note: FollowNote | null = 'waiting';
  private followed: Followed | null;
  /** A table's match: the one called to it now, with its players and race. */
  private tableMatch: { match: string; players: readonly [string, string]; race: number } | null = null;
  /** The event as the server has it (a table's page), kept up to date by its actions. */
  private event: EventShown | null = null;
  private askedSnapshot = false;
  private finding = false;
  private readonly socket: { send(message: unknown): boolean };

  constructor(private readonly options: FollowerOptions) {
    const source = options.source;
    this.followed = source.kind === 'live' ? fresh(source.liveId) : null;
    this.socket = options.open({
      onStatus: (status) => options.onStatus?.(status),
      onWelcome: (send) => {
        if (source.kind === 'table') {
          this.askedSnapshot = true;
          send({ type: 'event-watch', eventId: source.eventId });
        }
        if (this.followed !== null)
          send({ type: 'live-watch', liveId: this.followed.liveId, after: this.followed.entries.length });
      },
      onMessage: (message) => this.receive(message as Message),
    });
  }

  /** What is shown now, and why nothing is when nothing is. */
  get current(): { shown: Following | null; note: FollowNote | null } {
    return { shown: this.shown, note: this.note };
  }

  receive(message: Message): void {
    const source = this.options.source;
    const followed = this.followed;
    if (message.type === 'live' && followed !== null && message.liveId === followed.liveId) {
      this.heard(
        followed,
        message.header as LiveHeader,
        message.live as MatchLive,
        message.entries as readonly StoredLiveEntry[],
        message.finished === true,
      );
      return;
    }
    if (source.kind === 'live') {
      if (message.type === 'error' && this.shown === null) this.set(null, 'not-found');
      return;
    }
    if (message.type === 'event' && message.eventId === source.eventId) {
      const shown = message.shown as EventShown;
      this.askedSnapshot = false;
      if (this.event === null || shown.version >= this.event.version) this.eventChanged(shown);
    } else if (message.type === 'event-action' && message.eventId === source.eventId) {
      const version = Number(message.version);
      const event = this.event;
      if (event !== null && version <= event.version) return;
      const applied =
        event !== null && version === event.version + 1
          ? applyEventAction(event.event, message.action as EventAction)
          : null;
      if (applied === null || !applied.ok) {
        // Missed one (or a copy that is not the server's): ask for the event again, once.
        if (!this.askedSnapshot)
          this.askedSnapshot = this.socket.send({ type: 'event-watch', eventId: source.eventId });
        return;
      }
      this.eventChanged(showEvent(source.eventId, version, applied.value));
    } else if (
      message.type === 'event-live' &&
      message.eventId === source.eventId &&
      this.tableMatch !== null &&
      message.match === this.tableMatch.match &&
      // The live match, once followed, has the say (its entries come with it).
      followed === null
    ) {
      const live = message.live as MatchLive;
      if (this.shown === null || isNewer(this.shown.live, live)) this.show({ ...this.base(), live });
      if (live.source.kind === 'scorer') void this.findTableLive(source.eventId, this.tableMatch.match);
    } else if (message.type === 'error' && this.shown === null) {
      this.set(null, 'not-found');
    }
  }

  /** A table's page: what the event says is at the table now. */
  private eventChanged(event: EventShown): void {
    const source = this.options.source;
    if (source.kind !== 'table') return;
    this.event = event;
    const called = calledMatch(event, source.table);
    if (called === null) {
      // The match just played stays on screen with its final score until the next is called.
      const last = event.matches.find((m) => m.id === this.tableMatch?.match);
      if (last?.state === 'finished' && this.shown !== null) return;
      this.leave();
      this.set(null, 'no-match');
      return;
    }
    if (this.tableMatch?.match !== called.match) {
      // Another match at this table: start from its own score, not the last one's.
      this.leave();
      this.shown = null;
    }
    this.tableMatch = called;
    if (this.followed === null) void this.findTableLive(source.eventId, called.match);
    const shown = this.shown;
    this.show({ ...this.base(), live: shown?.live ?? emptyLive(called.race, source.table) });
  }

  /** Stops following the table's last match. */
  private leave(): void {
    if (this.followed !== null) this.socket.send({ type: 'live-unwatch', liveId: this.followed.liveId });
    this.followed = null;
    this.tableMatch = null;
  }

  private base(): Following {
    const source = this.options.source;
    const followed = this.followed;
    const header = followed?.header ?? null;
    const table = source.kind === 'table' ? source.table : (header?.table ?? null);
    return {
      // A table's page names the players as the event does now (the header follows it a moment later).
      players: this.tableMatch?.players ?? header?.players ?? ['…', '…'],
      live: this.shown?.live ?? emptyLive(header?.framesToWin ?? this.tableMatch?.race ?? 1, table ?? ''),
      table,
      liveId: followed?.liveId ?? null,
      header,
      entries: followed === null ? [] : [...followed.entries],
      finished: followed?.finished ?? false,
      match: this.tableMatch?.match ?? header?.event?.match ?? null,
    };
  }

  /** A `live` push of the followed match: its entries appended in seq order, a gap asked for again. */
  private heard(
    followed: Followed,
    header: LiveHeader,
    live: MatchLive,
    entries: readonly StoredLiveEntry[],
    finished: boolean,
  ): void {
    let gap = false;
    for (const e of entries) {
      if (e.seq === followed.entries.length + 1) followed.entries.push(e.entry);
      else if (e.seq > followed.entries.length + 1) gap = true;
    }
    if (gap) {
      if (!followed.asking)
        followed.asking = this.socket.send({
          type: 'live-watch',
          liveId: followed.liveId,
          after: followed.entries.length,
        });
    } else followed.asking = false;
    followed.header = header;
    followed.finished = followed.finished || finished;
    // A push that changes only the header (a re-call, a correction) carries the same seq: taken too.
    const older = this.shown !== null && live.seq < this.shown.live.seq;
    this.show({ ...this.base(), live: older ? (this.shown as Following).live : live });
  }

  private show(next: Following): void {
    if (this.shown !== null && keyOf(this.shown) === keyOf(next) && this.note === null) return;
    this.set(next, null);
  }

  private set(shown: Following | null, note: FollowNote | null): void {
    this.shown = shown;
    this.note = note;
    this.options.onChange(shown, note);
  }

  /** A table's match scored live: its live match found, and followed from now on. */
  private async findTableLive(eventId: string, match: string): Promise<void> {
    if (this.finding) return;
    this.finding = true;
    const liveId = await this.options.findLive(eventId, match).finally(() => {
      this.finding = false;
    });
    if (liveId === null || this.tableMatch?.match !== match || this.followed?.liveId === liveId) return;
    if (this.followed !== null) this.socket.send({ type: 'live-unwatch', liveId: this.followed.liveId });
    this.followed = fresh(liveId);
    this.socket.send({ type: 'live-watch', liveId, after: 0 });
  }
}

const fresh = (liveId: string): Followed => ({
  liveId,
  entries: [],
  header: null,
  finished: false,
  asking: false,
});

/** The live match of an event's match, from `GET /api/events/:id/live` (null: none yet, or no answer). */
export async function findLive(api: EventsApi, eventId: string, match: string): Promise<string | null> {
  const reply = await api.call<{ matches: { match: string; liveId: string }[] }>(
    'GET',
    `/api/events/${encodeURIComponent(eventId)}/live`,
  );
  return reply.ok ? (reply.value.matches.find((m) => m.match === match)?.liveId ?? null) : null;
}
