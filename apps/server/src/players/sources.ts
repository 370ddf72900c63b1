/**
 * Where the news of the players' pages come from (issue 28): the start of an online table's match
 * and each action it stores (room.ts `afterStarted`, `afterStored`) and each entry a scorer's live match of a club event stores
 * (live/scoring.ts), turned into a `PlayerLiveNews` and published on the bus, so that every
 * process's index hears it; and, when a process starts, the matches in progress rebuilt from the
 * stores (unfinished tables, unfinished live matches).
 *
 * Cost per action: no database read. A table's players and names are the room's own; what a live
 * match needs of its event (the entries' accounts, the event's name, whether it is public) is read
 * once per match and kept (a bounded number of them), and so is an event table's event name.
 */
import { viewEvent } from '@pyramid/events';
import {
  eventPageUrl,
  type MatchLive,
  overlayUrl,
  type PlayerLiveMatch,
  type PlayerLiveSide,
  type TableOptions,
  tableWatchUrl,
} from '@pyramid/online';
import type { Bus } from '../bus/bus.js';
import type { EventStore, StoredEvent } from '../events/store.js';
import type { LiveRow, LiveStore } from '../live/store.js';
import { toAct } from '../room/intents.js';
import type { StoredRoom } from '../room/types.js';
import type { Store } from '../store/types.js';
import type { PlayerLiveIndex, PlayerLiveNews } from './live-index.js';
import { PLAYERS_LIVE_TOPIC } from './watchers.js';

/** What is kept of an event for its matches' news (a few hundred of them at most). */
interface EventFacts {
  readonly name: string;
  readonly public: boolean;
}

interface LiveSides {
  readonly accounts: readonly [string | null, string | null];
  readonly event: EventFacts;
}

const KEPT = 256;

function keep<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEPT) map.delete(map.keys().next().value as string);
  return value;
}

export interface PlayerSourcesDeps {
  readonly bus: Bus;
  readonly store: Pick<Store, 'unfinishedTables' | 'players'>;
  readonly events: EventStore | null;
  readonly live: LiveStore | null;
  /** The running score of a stored live match (its log replayed), for the rebuild at start. */
  readonly liveNow: ((row: LiveRow) => Promise<MatchLive | null>) | null;
  /** This process's index (every process holds the same): which matches of an event are shown. */
  readonly index: PlayerLiveIndex;
  readonly log: (message: string) => void;
}

/** What a page's news of an online table is made from. */
type SeenRoom = Pick<
  StoredRoom,
  'id' | 'options' | 'status' | 'updatedAt' | 'seats' | 'state' | 'seq' | 'lag'
>;

export class PlayerLiveSources {
  private readonly events = new Map<string, EventFacts | null>();
  private readonly liveSides = new Map<string, LiveSides | null>();
  /** The news of each match still being made, in the order its actions were stored. */
  private readonly making = new Map<string, Promise<void>>();

  constructor(private readonly deps: PlayerSourcesDeps) {}

  private publish(news: PlayerLiveNews): void {
    this.deps.bus.publish(PLAYERS_LIVE_TOPIC, JSON.stringify(news));
  }

  /**
   * Makes and publishes one match's news after the news of its earlier actions: making it may wait
   * for a store (the event's name, the entries' accounts, read once), and news published out of
   * order would lose the earlier one (the pages keep the highest seq).
   */
  private inOrder(key: string, make: () => Promise<void>, what: string): void {
    const made = (this.making.get(key) ?? Promise.resolve())
      .then(make)
      .catch((caught: unknown) => this.deps.log(`${what}: players' pages: ${(caught as Error).message}`));
    this.making.set(key, made);
    void made.then(() => {
      if (this.making.get(key) === made) this.making.delete(key);
    });
  }

  private async eventFacts(eventId: string): Promise<EventFacts | null> {
    if (this.events.has(eventId)) return this.events.get(eventId) ?? null;
    const stored = await this.deps.events?.get(eventId);
    const facts = stored == null ? null : { name: stored.event.spec.name, public: stored.event.spec.public };
    return keep(this.events, eventId, facts);
  }

  // ── Online tables ──────────────────────────────────────────────────────────────────────────

  /** A room's match started, or it stored an action (room.ts `afterStarted`, `afterStored`). */
  tableStored(room: StoredRoom): void {
    // What the room shows now, taken before any wait: the room is the live one, its next action changes it.
    const seen: SeenRoom = {
      id: room.id,
      options: room.options,
      status: room.status,
      updatedAt: room.updatedAt,
      seats: [room.seats[0], room.seats[1]],
      state: room.state,
      seq: room.seq,
      lag: room.lag,
    };
    this.inOrder(`table:${room.id}`, () => this.table(seen), `table ${room.id}`);
  }

  private async table(room: SeenRoom): Promise<void> {
    const [s0, s1] = room.seats;
    if (s0 === null || s1 === null) return;
    const players: [PlayerLiveSide, PlayerLiveSide] = [
      { id: s0.player.id, name: s0.player.name },
      { id: s1.player.id, name: s1.player.name },
    ];
    const key = `table:${room.id}`;
    const accounts = [s0.player.id, s1.player.id];
    if (room.status === 'finished') {
      this.publish({ key, accounts, public: room.options.public, seq: room.seq, match: null });
      return;
    }
    const state = room.state;
    const toShoot = state === null || state.turn.kind === 'match-over' ? null : toAct(state, room.lag);
    const match = await this.tableMatch(room.id, room.options, players, {
      frames: state?.framesWon ?? [0, 0],
      points: state?.scores ?? [0, 0],
      atTable: toShoot,
      seq: room.seq,
      at: room.updatedAt,
    });
    this.publish({ key, accounts, public: room.options.public, seq: room.seq, match });
  }

  private async tableMatch(
    tableId: string,
    options: TableOptions,
    players: readonly [PlayerLiveSide, PlayerLiveSide],
    now: Pick<PlayerLiveMatch, 'frames' | 'points' | 'atTable' | 'seq' | 'at'>,
  ): Promise<PlayerLiveMatch> {
    const link = options.event;
    const facts = link === undefined ? null : await this.eventFacts(link.eventId);
    return {
      key: `table:${tableId}`,
      source: { kind: 'online', tableId },
      players,
      frames: [now.frames[0], now.frames[1]],
      points: [now.points[0], now.points[1]],
      race: options.settings.framesToWin,
      atTable: now.atTable,
      event: link === undefined ? null : { ...link, name: facts?.name ?? '' },
      watchUrl: tableWatchUrl(tableId),
      eventUrl: link === undefined ? null : eventPageUrl(link.eventId),
      seq: now.seq,
      at: now.at,
    };
  }

  // ── Live matches of events, scored at real tables ──────────────────────────────────────────

  /**
   * The entries' accounts of a live match's event match (players a and b), read once per match and
   * header players: a correction that changes who plays retitles the live match (live/headers.ts),
   * and its next entry reads the new players' accounts.
   */
  private async sides(row: LiveRow): Promise<LiveSides | null> {
    const kept = `${row.id}\n${row.header.players[0]}\n${row.header.players[1]}`;
    if (this.liveSides.has(kept)) return this.liveSides.get(kept) ?? null;
    const link = row.header.event;
    const stored = link === null ? null : await this.deps.events?.get(link.eventId);
    let sides: LiveSides | null = null;
    if (link !== null && stored != null && stored.event.draw !== null) {
      const event = stored.event;
      const m = viewEvent(event).byId.get(link.match);
      const account = (id: string | null | undefined) =>
        event.entries.find((e) => e.id === id)?.account ?? null;
      const accounts = [account(m?.a), account(m?.b)] as const;
      if (accounts[0] !== null || accounts[1] !== null)
        sides = { accounts, event: { name: event.spec.name, public: event.spec.public } };
    }
    return keep(this.liveSides, kept, sides);
  }

  /** A scorer's entries were stored (after the event heard of the end, when it is one). */
  liveStored(row: LiveRow, live: MatchLive, finished: boolean): void {
    this.inOrder(
      `live:${row.id}`,
      async () => {
        const news = await this.liveMatch(row, live, finished);
        if (news !== null) this.publish(news);
      },
      `live ${row.id}`,
    );
  }

  private async liveMatch(row: LiveRow, live: MatchLive, finished: boolean): Promise<PlayerLiveNews | null> {
    const link = row.header.event;
    if (link === null) return null;
    const sides = await this.sides(row);
    if (sides === null) return null;
    const key = `live:${row.id}`;
    const accounts = sides.accounts.filter((a): a is string => a !== null);
    const base = { key, accounts, public: sides.event.public, seq: live.seq };
    if (finished) return { ...base, match: null };
    return {
      ...base,
      match: {
        key,
        source: { kind: 'scorer', liveId: row.id, table: row.header.table },
        players: [
          { id: sides.accounts[0], name: row.header.players[0] },
          { id: sides.accounts[1], name: row.header.players[1] },
        ],
        frames: [live.frames[0], live.frames[1]],
        points: [live.points[0], live.points[1]],
        race: live.race,
        atTable: live.atTable === null ? null : live.atTable === 'a' ? 0 : 1,
        event: { ...link, name: sides.event.name },
        watchUrl: overlayUrl(row.id),
        eventUrl: eventPageUrl(link.eventId),
        seq: live.seq,
        at: live.at,
      },
    };
  }

  /**
   * An action of an event was stored (on this process). A match scored at a real table whose event
   * match is no longer at its table — the director entered its result, a walkover, an uncall — is
   * played no more: it leaves the pages (its live match may never finish). Read from memory: the
   * event as stored, the index's matches of that event.
   */
  eventStored(stored: StoredEvent): void {
    const held = [...this.deps.index.ofEvent(stored.id)].filter(([key]) => key.startsWith('live:'));
    if (held.length === 0 || stored.event.draw === null) return;
    const view = viewEvent(stored.event);
    for (const [key, match] of held) {
      if (view.byId.get(match)?.state === 'called') continue;
      this.publish({ key, accounts: [], public: false, seq: 0, match: null });
    }
  }

  // ── At start ───────────────────────────────────────────────────────────────────────────────

  /**
   * The matches in progress as the stores hold them: every unfinished table whose match started, every unfinished live match of an event with an entry. Read once, at start.
   */
  async rebuild(): Promise<PlayerLiveNews[]> {
    const news: PlayerLiveNews[] = [];
    const tables = (await this.deps.store.unfinishedTables()).filter(
      (t) => t.seats[0] !== null && t.seats[1] !== null && t.status !== 'waiting',
    );
    const ids = [...new Set(tables.flatMap((t) => t.seats as readonly string[]))];
    const names = new Map((await this.deps.store.players(ids)).map((p) => [p.id, p.name]));
    for (const t of tables) {
      const options = t.options as TableOptions;
      const [a, b] = t.seats as readonly [string, string];
      const players = [
        { id: a, name: names.get(a) ?? '' },
        { id: b, name: names.get(b) ?? '' },
      ] as const;
      const match = await this.tableMatch(t.id, options, players, {
        frames: t.framesWon,
        points: t.scores,
        atTable: null,
        seq: t.seq,
        at: t.updatedAt,
      });
      news.push({ key: match.key, accounts: [a, b], public: options.public, seq: t.seq, match });
    }
    if (this.deps.live !== null && this.deps.liveNow !== null) {
      const called = new Map<string, ReadonlySet<string>>();
      for (const row of await this.deps.live.unfinished()) {
        const link = row.header.event;
        if (link === null || row.count === 0) continue;
        // A match whose result was entered by hand (its live match never finished) is not shown.
        if (!called.has(link.eventId)) called.set(link.eventId, await this.calledMatches(link.eventId));
        if (!called.get(link.eventId)?.has(link.match)) continue;
        const live = await this.deps.liveNow(row);
        const made = live === null ? null : await this.liveMatch(row, live, false);
        if (made !== null) news.push(made);
      }
    }
    return news;
  }

  private async calledMatches(eventId: string): Promise<ReadonlySet<string>> {
    const stored = await this.deps.events?.get(eventId);
    if (stored == null || stored.event.draw === null) return new Set();
    return new Set(
      viewEvent(stored.event)
        .matches.filter((m) => m.state === 'called')
        .map((m) => m.id),
    );
  }
}
