/**
 * The tables a server holds: creating one (checked by the referee's own `resolveSettings` and
 * `parseMatchStart`), finding one, restoring them all at start by replaying their stored actions,
 * the lobby and the quick-match queue (one per variant).
 */
import type {
  CreateTableRequest,
  OnlineError,
  PlayerInfo,
  QuickMatchResponse,
  SeatInfo,
  TableInfo,
  TableOptions,
} from '@pyramid/online';
import {
  DEFAULT_TABLE_SIZE,
  isTableSize,
  parseMatchStart,
  resolveSettings,
  TABLE_SIZES,
  type Variant,
} from '@pyramid/rules';
import { newId } from './auth.js';
import { playerTopic } from './bus.js';
import { type Cluster, NO_ANSWER } from './cluster/cluster.js';
import { Room, type RoomDeps } from './room.js';
import type { PostgresStore } from './store/postgres.js';
import type { StoredPlayer, StoredQueueEntry } from './store/types.js';

export const playerInfo = (p: StoredPlayer): PlayerInfo => ({
  id: p.id,
  name: p.name,
  account: p.passwordHash !== null,
});

/** A place in the quick-match queue lapses when not polled (nor connected) for this long. */
const QUEUE_TTL_MS = 60_000;
/** A poll writes its time to the store only when the stored one is older than this (it lapses at 60 s). */
const SEEN_WRITE_MS = 10_000;
/** How long the lobby waits for another process's tables (one that does not answer is left out). */
const LOBBY_ASK_MS = 500;

interface Waiting {
  readonly player: PlayerInfo;
  readonly variant: Variant;
  readonly rated: boolean;
  readonly since: number;
  lastSeen: number;
  /** The lastSeen the store holds. */
  storedSeen: number;
}

/** Where a table is played, in a cluster. */
type Place = { at: 'here'; room: Room } | { at: 'elsewhere'; owner: string; token: number } | { at: 'none' };

export class Tables {
  readonly rooms = new Map<string, Room>();
  /**
   * The quick-match queues, one per variant, oldest first: a mirror of the store's queue (every
   * change is written through), rebuilt from it at start so that a waiting player survives a restart.
   */
  private readonly queues = new Map<Variant, Waiting[]>();
  /** Quick matches made, for the waiting player's next poll (also in the store until told). */
  private readonly matched = new Map<string, { tableId: string; entry: StoredQueueEntry }>();
  /** Searches for (and takeovers of) tables under way in a cluster, by table. */
  private readonly locating = new Map<string, Promise<Place>>();

  /**
   * `cluster`: several processes share the store; a table is held here only while this process
   * holds its lease, and taken (`locate`) when a client asks for it and nobody holds it.
   */
  constructor(
    private readonly deps: RoomDeps,
    private readonly cluster: Cluster | null = null,
  ) {}

  /**
   * Restores every unfinished table and the quick-match queues from the store; returns how many
   * tables. In a cluster no table is restored at start: each is taken when a client asks for it.
   */
  async restore(): Promise<number> {
    const stored = this.cluster === null ? await this.deps.store.unfinishedTables() : [];
    // A cluster's queue lives in PostgreSQL alone (shared by every process), never mirrored here.
    const queued = this.cluster === null ? await this.deps.store.queueEntries() : [];
    const ids = new Set<string>(queued.map((q) => q.playerId));
    for (const t of stored) for (const s of t.seats) if (s !== null) ids.add(s);
    const players = new Map<string, PlayerInfo>();
    for (const p of await this.deps.store.players([...ids])) players.set(p.id, playerInfo(p));
    for (const entry of queued) {
      const player = players.get(entry.playerId);
      if (player === undefined) continue;
      if (entry.tableId !== null) {
        this.matched.set(entry.playerId, { tableId: entry.tableId, entry });
        continue;
      }
      const queue = this.queues.get(entry.variant) ?? [];
      this.queues.set(entry.variant, queue);
      queue.push({ player, ...entry, storedSeen: entry.lastSeen });
    }
    for (const table of stored) {
      const actions = await this.deps.store.actions(table.id);
      try {
        this.rooms.set(table.id, Room.restore(this.deps, table, actions, players));
      } catch (caught) {
        this.deps.log((caught as Error).message);
      }
    }
    return this.rooms.size;
  }

  /**
   * The room of a table, loading a finished one from the store on demand. In a cluster a table
   * held elsewhere is read from the store as it is now, to be looked at only (not kept).
   */
  async room(id: string): Promise<Room | null> {
    const held = this.rooms.get(id);
    if (held !== undefined) return held;
    if (this.cluster !== null) return this.view(id);
    const stored = await this.deps.store.table(id);
    if (stored === null) return null;
    const seatIds = stored.seats.filter((s): s is string => s !== null);
    const players = new Map<string, PlayerInfo>();
    for (const p of await this.deps.store.players(seatIds)) players.set(p.id, playerInfo(p));
    const room = Room.restore(this.deps, stored, await this.deps.store.actions(id), players);
    this.rooms.set(id, room);
    return room;
  }

  /** A table as the store holds it now, without timers and not kept: for reading only. */
  private async view(id: string): Promise<Room | null> {
    const stored = await this.deps.store.table(id);
    if (stored === null) return null;
    const players = new Map<string, PlayerInfo>();
    const seatIds = stored.seats.filter((s): s is string => s !== null);
    for (const p of await this.deps.store.players(seatIds)) players.set(p.id, playerInfo(p));
    const still: RoomDeps = { ...this.deps, setTimer: () => null, clearTimer: () => {} };
    return Room.restore(still, stored, await this.deps.store.actions(id), players);
  }

  /**
   * In a cluster: where a table is played. Here (this process holds its lease, taking it first
   * when it is free or expired — then the table is reloaded from the store, the clock running on
   * from its stored deadline), on another process (its id and fencing token), or nowhere (no
   * such table).
   */
  async locate(id: string): Promise<Place> {
    const cluster = this.cluster;
    if (cluster === null) {
      const room = await this.room(id);
      return room === null ? { at: 'none' } : { at: 'here', room };
    }
    // One search (and takeover) of a table at a time: two connections coming back to it at once
    // (the rounds rejoin each of them) must not take the lease twice and reload the table twice,
    // each seated in a room of its own — the second would replace the first's.
    const pending = this.locating.get(id);
    if (pending !== undefined) {
      await pending.catch(() => {});
      return this.locate(id);
    }
    const held = this.rooms.get(id);
    if (held !== undefined && cluster.fence(id) !== null) return { at: 'here', room: held };
    const search = this.findOrTake(cluster, id);
    this.locating.set(id, search);
    try {
      return await search;
    } finally {
      if (this.locating.get(id) === search) this.locating.delete(id);
    }
  }

  private async findOrTake(cluster: Cluster, id: string): Promise<Place> {
    const lease = await cluster.store.lease(id);
    if (lease !== null && lease.owner !== cluster.id && lease.expiresAt > lease.now) {
      return { at: 'elsewhere', owner: lease.owner, token: lease.token };
    }
    if ((await this.deps.store.table(id)) === null) return { at: 'none' };
    if (!(await cluster.claim(id))) return this.findOrTake(cluster, id);
    // Read after the grant: every action the previous owner stored is in, and it can store no more.
    const stored = await this.deps.store.table(id);
    if (stored === null) return { at: 'none' };
    const seatIds = stored.seats.filter((s): s is string => s !== null);
    const players = new Map<string, PlayerInfo>();
    for (const p of await this.deps.store.players(seatIds)) players.set(p.id, playerInfo(p));
    this.rooms.get(id)?.dispose();
    const room = Room.restore(this.deps, stored, await this.deps.store.actions(id), players, 'takeover');
    this.rooms.set(id, room);
    return { at: 'here', room };
  }

  /** The lease of a table was lost: forget its room (the new owner reloads it from the store). */
  drop(id: string): Room | null {
    const room = this.rooms.get(id);
    if (room === undefined) return null;
    room.dispose();
    this.rooms.delete(id);
    return room;
  }

  /** Checks a request with the referee's own readers and makes the table, the creator in seat 0. */
  async create(
    creator: PlayerInfo,
    request: CreateTableRequest,
  ): Promise<{ ok: true; room: Room } | { ok: false; error: OnlineError }> {
    const invalid = (field: string, message: string) => ({
      ok: false as const,
      error: { code: 'request/invalid' as const, field, message },
    });
    const tableSize = request.tableSize ?? DEFAULT_TABLE_SIZE;
    if (!isTableSize(tableSize)) return invalid('tableSize', `must be one of ${TABLE_SIZES.join(', ')}`);
    const partial: Record<string, unknown> = { ...(request.settings ?? {}) };
    if (request.framesToWin !== undefined) partial.framesToWin = request.framesToWin;
    if (request.shotClock !== undefined) partial.shotClock = request.shotClock;
    const settings = resolveSettings(partial);
    if (!settings.ok) return invalid(settings.error.field, settings.error.message);
    const given = request.start ?? { from: 'rack' };
    const start: Record<string, unknown> = {
      ...given,
      ...(tableSize === DEFAULT_TABLE_SIZE ? {} : { tableSize }),
    };
    if ('tableSize' in given && given.tableSize !== tableSize)
      return invalid('start.tableSize', 'give the table size as tableSize');
    const checked = parseMatchStart({
      variant: request.variant,
      settings: settings.value,
      players: ['A', 'B'],
      start,
    });
    if (!checked.ok) return invalid(checked.error.field, checked.error.message);
    const rated = request.rated ?? false;
    if (rated && start.from !== 'rack') return invalid('rated', 'a match from a situation is never rated');
    const options: TableOptions = {
      variant: request.variant,
      tableSize,
      settings: settings.value,
      rated,
      public: request.public ?? true,
    };
    return { ok: true, room: await this.make(options, start, [creator, null]) };
  }

  /**
   * A table with both seats given, under an id chosen before (a club event's match, issue 27:
   * events/online-match.ts). Null when a table of that id exists already — here, on another
   * process, or made by an earlier attempt — so that a repeat never opens a second table.
   */
  async openWith(
    id: string,
    options: TableOptions,
    start: Record<string, unknown>,
    seats: readonly [PlayerInfo, PlayerInfo],
  ): Promise<Room | null> {
    if ((await this.deps.store.table(id)) !== null) return null;
    const now = this.deps.now();
    const room = new Room(this.deps, {
      id,
      options,
      start,
      status: 'waiting',
      seats,
      createdAt: now,
      updatedAt: now,
    });
    try {
      await this.deps.store.createTable(room.toStored());
    } catch (caught) {
      room.dispose();
      if ((await this.deps.store.table(id)) !== null) return null;
      throw caught;
    }
    await this.hold(room);
    return room;
  }

  private newRoom(
    options: TableOptions,
    start: Record<string, unknown>,
    seats: readonly [PlayerInfo | null, PlayerInfo | null],
  ): Room {
    const now = this.deps.now();
    return new Room(this.deps, {
      id: newId(),
      options,
      start,
      status: 'waiting',
      seats,
      createdAt: now,
      updatedAt: now,
    });
  }

  private async make(
    options: TableOptions,
    start: Record<string, unknown>,
    seats: readonly [PlayerInfo | null, PlayerInfo | null],
  ): Promise<Room> {
    const room = this.newRoom(options, start, seats);
    await this.deps.store.createTable(room.toStored());
    await this.hold(room);
    return room;
  }

  /** A table just stored: the process that makes it plays it first (another takes it only when this one is gone). */
  private async hold(room: Room): Promise<void> {
    if (this.cluster !== null) await this.cluster.claim(room.id);
    this.rooms.set(room.id, room);
  }

  /**
   * The lobby as `player` sees it (null: not signed in). In a cluster every process shows the same
   * lobby: the rooms each live process plays, as that process sees them (asked over Redis).
   */
  async lobby(player: string | null): Promise<{ open: TableInfo[]; live: TableInfo[]; mine: TableInfo[] }> {
    const infos = this.cluster === null ? this.heldInfos() : await this.sharedInfos(this.cluster, player);
    const open: TableInfo[] = [];
    const live: TableInfo[] = [];
    const mine: TableInfo[] = [];
    infos.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : 1));
    for (const info of infos) {
      const mineHere = player !== null && info.seats.some((s) => s?.player.id === player);
      if (mineHere && info.status !== 'finished') mine.push(info);
      if (!info.options.public) continue;
      const creator = info.seats[0] ?? info.seats[1];
      if (
        info.status === 'waiting' &&
        (info.seats[0] === null || info.seats[1] === null) &&
        creator?.presence !== 'absent'
      ) {
        if (!mineHere) open.push(info);
      } else if (info.status === 'playing') live.push(info);
    }
    return { open: open.slice(0, 100), live: live.slice(0, 100), mine: mine.slice(0, 100) };
  }

  /** The rooms played here (in a cluster: while this process surely holds their lease). */
  heldInfos(): TableInfo[] {
    const cluster = this.cluster;
    const infos: TableInfo[] = [];
    for (const room of this.rooms.values()) {
      if (cluster === null || cluster.fence(room.id) !== null) infos.push(room.info());
    }
    return infos;
  }

  /**
   * The lobby's tables in a cluster: this process's rooms and every other live process's (a
   * process that does not answer in time is left out), then the player's own unfinished tables
   * that no process plays just now (their owner died and nobody has come back yet), from the
   * store: he must find them to go back to them.
   */
  private async sharedInfos(cluster: Cluster, player: string | null): Promise<TableInfo[]> {
    const others = (await cluster.processes()).filter((p) => p !== cluster.id);
    const answers = await Promise.all(others.map((p) => cluster.request(p, { op: 'lobby' }, LOBBY_ASK_MS)));
    const byId = new Map<string, TableInfo>();
    for (const answer of answers) {
      if (answer === NO_ANSWER) continue;
      for (const info of (answer as { tables: TableInfo[] }).tables) byId.set(info.id, info);
    }
    for (const info of this.heldInfos()) byId.set(info.id, info);
    if (player === null) return [...byId.values()];
    const own = (await this.deps.store.tablesOfPlayer(player, 100)).filter(
      (row) => row.status !== 'finished' && !byId.has(row.id),
    );
    const ids = [...new Set(own.flatMap((row) => row.seats.filter((s): s is string => s !== null)))];
    const names = new Map((await this.deps.store.players(ids)).map((p) => [p.id, playerInfo(p)]));
    const seat = (id: string | null): SeatInfo | null => {
      const info = id === null ? undefined : names.get(id);
      return info === undefined ? null : { player: info, presence: 'away', awayUntil: null };
    };
    for (const row of own) {
      byId.set(row.id, {
        id: row.id,
        options: row.options as TableOptions,
        status: row.status,
        seats: [seat(row.seats[0]), seat(row.seats[1])],
        spectators: 0,
        framesWon: row.framesWon,
        scores: row.scores,
        winner: row.winner,
        seq: row.seq,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      });
    }
    return [...byId.values()];
  }

  private entry(w: Waiting, tableId: string | null = null): StoredQueueEntry {
    return {
      playerId: w.player.id,
      variant: w.variant,
      rated: w.rated,
      since: w.since,
      lastSeen: w.lastSeen,
      tableId,
    };
  }

  /** The player's place in a queue, taken out of it (the store is left to the caller). */
  private takeWaiting(playerId: string): Waiting | null {
    for (const queue of this.queues.values()) {
      const index = queue.findIndex((w) => w.player.id === playerId);
      if (index >= 0) return queue.splice(index, 1)[0] ?? null;
    }
    return null;
  }

  private findWaiting(playerId: string): Waiting | null {
    for (const queue of this.queues.values()) {
      const found = queue.find((w) => w.player.id === playerId);
      if (found !== undefined) return found;
    }
    return null;
  }

  /** Marks a waiting player seen now, writing it to the store when the stored time is getting old. */
  private async seen(w: Waiting): Promise<void> {
    w.lastSeen = this.deps.now();
    if (w.lastSeen - w.storedSeen < SEEN_WRITE_MS) return;
    w.storedSeen = w.lastSeen;
    await this.deps.store.putQueueEntry(this.entry(w));
  }

  /** Joins the queue of a variant, or matches with the first compatible player waiting. */
  async quickMatch(player: PlayerInfo, variant: Variant, rated: boolean): Promise<QuickMatchResponse> {
    if (this.cluster !== null) return this.sharedQuickMatch(this.cluster.store, player, variant, rated);
    await this.expire();
    const already = this.matched.get(player.id);
    if (already !== undefined) return { status: 'matched', tableId: already.tableId };
    const mine = this.findWaiting(player.id);
    if (mine !== null && mine.variant === variant && mine.rated === rated) {
      await this.seen(mine);
      return { status: 'waiting', variant, since: mine.since };
    }
    if (mine !== null) this.takeWaiting(player.id);
    const queue = this.queues.get(variant) ?? [];
    this.queues.set(variant, queue);
    const index = queue.findIndex((w) => w.rated === rated);
    if (index < 0) {
      const now = this.deps.now();
      const waiting: Waiting = { player, variant, rated, since: now, lastSeen: now, storedSeen: now };
      queue.push(waiting);
      await this.deps.store.putQueueEntry(this.entry(waiting));
      return { status: 'waiting', variant, since: now };
    }
    const [other] = queue.splice(index, 1) as [Waiting];
    if (mine !== null) await this.deps.store.removeQueueEntry(player.id);
    const settings = resolveSettings({});
    if (!settings.ok) throw new Error('default settings do not resolve');
    const room = await this.make(
      { variant, tableSize: DEFAULT_TABLE_SIZE, settings: settings.value, rated, public: true },
      { from: 'rack' },
      [other.player, player],
    );
    const told = this.entry(other, room.id);
    this.matched.set(other.player.id, { tableId: room.id, entry: told });
    await this.deps.store.putQueueEntry(told);
    this.deps.bus.publish(
      playerTopic(other.player.id),
      JSON.stringify({ type: 'matched', tableId: room.id, variant }),
    );
    return { status: 'matched', tableId: room.id };
  }

  /**
   * Quick match in a cluster: the queue is PostgreSQL's (`matchFromQueue` takes the partner and
   * makes the table in one transaction, one queue at a time), so players on different processes
   * meet, each exactly once. The table is played here, by the process of the player who completed
   * the pair; the waiting one hears `matched` on his player topic, through Redis, wherever he is.
   */
  private async sharedQuickMatch(
    store: PostgresStore,
    player: PlayerInfo,
    variant: Variant,
    rated: boolean,
  ): Promise<QuickMatchResponse> {
    const now = this.deps.now();
    const mine = await store.queueEntry(player.id);
    if (mine !== null && mine.tableId !== null) return { status: 'matched', tableId: mine.tableId };
    if (
      mine !== null &&
      mine.variant === variant &&
      mine.rated === rated &&
      mine.lastSeen >= now - QUEUE_TTL_MS
    ) {
      if (now - mine.lastSeen >= SEEN_WRITE_MS) await store.putQueueEntry({ ...mine, lastSeen: now });
      return { status: 'waiting', variant, since: mine.since };
    }
    const settings = resolveSettings({});
    if (!settings.ok) throw new Error('default settings do not resolve');
    let room: Room | null = null;
    const entry: StoredQueueEntry = {
      playerId: player.id,
      variant,
      rated,
      since: now,
      lastSeen: now,
      tableId: null,
    };
    const paired = await store.matchFromQueue(entry, now - QUEUE_TTL_MS, async (other) => {
      const [found] = await store.players([other.playerId]);
      if (found === undefined) throw new Error(`queued player ${other.playerId} is not stored`);
      room = this.newRoom(
        { variant, tableSize: DEFAULT_TABLE_SIZE, settings: settings.value, rated, public: true },
        { from: 'rack' },
        [playerInfo(found), player],
      );
      return room.toStored();
    });
    if (paired === null || room === null) return { status: 'waiting', variant, since: now };
    const made: Room = room;
    await this.hold(made);
    this.deps.bus.publish(
      playerTopic(paired.other.playerId),
      JSON.stringify({ type: 'matched', tableId: made.id, variant }),
    );
    return { status: 'matched', tableId: made.id };
  }

  async quickMatchStatus(playerId: string): Promise<QuickMatchResponse> {
    const cluster = this.cluster;
    if (cluster !== null) {
      const mine = await cluster.store.queueEntry(playerId);
      const now = this.deps.now();
      if (mine === null) return { status: 'idle' };
      if (mine.tableId !== null) {
        await cluster.store.removeQueueEntry(playerId);
        return { status: 'matched', tableId: mine.tableId };
      }
      if (mine.lastSeen < now - QUEUE_TTL_MS) {
        await cluster.store.removeQueueEntry(playerId);
        return { status: 'idle' };
      }
      if (now - mine.lastSeen >= SEEN_WRITE_MS) await cluster.store.putQueueEntry({ ...mine, lastSeen: now });
      return { status: 'waiting', variant: mine.variant, since: mine.since };
    }
    await this.expire();
    const matched = this.matched.get(playerId);
    if (matched !== undefined) {
      this.matched.delete(playerId);
      await this.deps.store.removeQueueEntry(playerId);
      return { status: 'matched', tableId: matched.tableId };
    }
    const mine = this.findWaiting(playerId);
    if (mine !== null) {
      await this.seen(mine);
      return { status: 'waiting', variant: mine.variant, since: mine.since };
    }
    return { status: 'idle' };
  }

  async cancelQuickMatch(playerId: string): Promise<boolean> {
    if (this.cluster !== null) {
      const mine = await this.cluster.store.queueEntry(playerId);
      await this.deps.store.removeQueueEntry(playerId);
      return mine !== null && mine.tableId === null;
    }
    const found = this.takeWaiting(playerId) !== null;
    this.matched.delete(playerId);
    await this.deps.store.removeQueueEntry(playerId);
    return found;
  }

  private async expire(): Promise<void> {
    const cutoff = this.deps.now() - QUEUE_TTL_MS;
    const lapsed: string[] = [];
    for (const queue of this.queues.values()) {
      for (let i = queue.length - 1; i >= 0; i--) {
        if (queue[i]!.lastSeen < cutoff) lapsed.push(...queue.splice(i, 1).map((w) => w.player.id));
      }
    }
    for (const id of lapsed) await this.deps.store.removeQueueEntry(id);
  }

  /**
   * Closes abandoned waiting tables (no seat held: seats-release.ts) and forgets finished tables
   * nobody is connected to (they are in the store).
   */
  async sweep(): Promise<void> {
    for (const room of [...this.rooms.values()]) {
      if (!room.abandoned()) continue;
      try {
        await room.close();
      } catch (caught) {
        this.deps.log(`table ${room.id}: not closed: ${(caught as Error).message}`);
      }
    }
    for (const [id, room] of this.rooms) {
      if (room.status === 'finished' && room.members() === 0) {
        room.dispose();
        this.rooms.delete(id);
        void this.cluster?.release(id);
      }
    }
  }

  dispose(): void {
    for (const room of this.rooms.values()) room.dispose();
  }
}
