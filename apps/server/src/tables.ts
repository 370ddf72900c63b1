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
import type { Cluster } from './cluster/cluster.js';
import { Room, type RoomDeps } from './room.js';
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

interface Waiting {
  readonly player: PlayerInfo;
  readonly variant: Variant;
  readonly rated: boolean;
  readonly since: number;
  lastSeen: number;
  /** The lastSeen the store holds. */
  storedSeen: number;
}

export class Tables {
  readonly rooms = new Map<string, Room>();
  /**
   * The quick-match queues, one per variant, oldest first: a mirror of the store's queue (every
   * change is written through), rebuilt from it at start so that a waiting player survives a restart.
   */
  private readonly queues = new Map<Variant, Waiting[]>();
  /** Quick matches made, for the waiting player's next poll (also in the store until told). */
  private readonly matched = new Map<string, { tableId: string; entry: StoredQueueEntry }>();

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
    const queued = await this.deps.store.queueEntries();
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
  async locate(
    id: string,
  ): Promise<
    { at: 'here'; room: Room } | { at: 'elsewhere'; owner: string; token: number } | { at: 'none' }
  > {
    const cluster = this.cluster;
    if (cluster === null) {
      const room = await this.room(id);
      return room === null ? { at: 'none' } : { at: 'here', room };
    }
    const held = this.rooms.get(id);
    if (held !== undefined && cluster.fence(id) !== null) return { at: 'here', room: held };
    const lease = await cluster.store.lease(id);
    if (lease !== null && lease.owner !== cluster.id && lease.expiresAt > lease.now) {
      return { at: 'elsewhere', owner: lease.owner, token: lease.token };
    }
    if ((await this.deps.store.table(id)) === null) return { at: 'none' };
    if (!(await cluster.claim(id))) return this.locate(id);
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

  private async make(
    options: TableOptions,
    start: Record<string, unknown>,
    seats: readonly [PlayerInfo | null, PlayerInfo | null],
  ): Promise<Room> {
    const now = this.deps.now();
    const room = new Room(this.deps, {
      id: newId(),
      options,
      start,
      status: 'waiting',
      seats,
      createdAt: now,
      updatedAt: now,
    });
    await this.deps.store.createTable(room.toStored());
    // The process that makes a table plays it first (another takes it only when this one is gone).
    if (this.cluster !== null) await this.cluster.claim(room.id);
    this.rooms.set(room.id, room);
    return room;
  }

  /** The lobby as `player` sees it (null: not signed in). */
  lobby(player: string | null): { open: TableInfo[]; live: TableInfo[]; mine: TableInfo[] } {
    const open: TableInfo[] = [];
    const live: TableInfo[] = [];
    const mine: TableInfo[] = [];
    const rooms = [...this.rooms.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    for (const room of rooms) {
      const mineHere = player !== null && room.seatIndexOf(player) !== null;
      if (mineHere && room.status !== 'finished') mine.push(room.info());
      if (!room.options.public) continue;
      const creator = room.seats[0] ?? room.seats[1];
      if (
        room.status === 'waiting' &&
        (room.seats[0] === null || room.seats[1] === null) &&
        creator?.presence !== 'absent'
      ) {
        if (!mineHere) open.push(room.info());
      } else if (room.status === 'playing') live.push(room.info());
    }
    return { open: open.slice(0, 100), live: live.slice(0, 100), mine: mine.slice(0, 100) };
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

  async quickMatchStatus(playerId: string): Promise<QuickMatchResponse> {
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

  /** Forgets finished tables nobody is connected to (they are in the store). */
  sweep(): void {
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
