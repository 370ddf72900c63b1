/**
 * Tables played by the processes of a cluster (one PostgreSQL database, one Redis): a table is
 * played by the process that holds its lease, taken (`locate`) when a client asks for it and
 * nobody holds it, so no table is restored at start; every write is fenced by the lease's token;
 * a table held elsewhere is read from the store to be looked at only; the lobby asks every live
 * process for its rooms; the quick-match queue is PostgreSQL's alone.
 */
import type { PlayerInfo, QuickMatchResponse, SeatInfo, TableInfo, TableOptions } from '@pyramid/online';
import { DEFAULT_TABLE_SIZE, resolveSettings, type Variant } from '@pyramid/rules';
import { playerTopic } from '../bus/bus.js';
import { type Cluster, NO_ANSWER } from '../cluster/cluster.js';
import { playerInfo } from '../player-info.js';
import { Room, type RoomDeps } from '../room.js';
import type { Fence, StoredQueueEntry } from '../store/types.js';
import {
  type HeldTables,
  type Place,
  type Places,
  QUEUE_TTL_MS,
  SEEN_WRITE_MS,
  type TableLease,
} from './places.js';

/** How long the lobby waits for another process's tables (one that does not answer is left out). */
const LOBBY_ASK_MS = 500;

/** The table's lease as this process of `cluster` holds it. */
export function clusterLease(cluster: Cluster): TableLease {
  return {
    // The lease held now; a stale fence (token 0, never granted) when none is, so the store refuses the write.
    fence: (tableId): Fence => cluster.fence(tableId) ?? { owner: '', token: 0 },
    stale: (tableId) => cluster.fence(tableId) === null,
    cutOff: (tableId) => !cluster.available() || cluster.fence(tableId) === null,
  };
}

export class InCluster implements Places {
  /** Searches for (and takeovers of) tables under way, by table. */
  private readonly locating = new Map<string, Promise<Place>>();

  constructor(
    private readonly deps: RoomDeps,
    private readonly cluster: Cluster,
  ) {}

  /** No table is restored at start: each is taken when a client asks for it; the queue is PostgreSQL's. */
  async restore(): Promise<number> {
    return 0;
  }

  /** A table as the store holds it now, without timers and not kept: for reading only. */
  async unheld(_tables: HeldTables, id: string): Promise<Room | null> {
    const stored = await this.deps.store.table(id);
    if (stored === null) return null;
    const players = new Map<string, PlayerInfo>();
    const seatIds = stored.seats.filter((s): s is string => s !== null);
    for (const p of await this.deps.store.players(seatIds)) players.set(p.id, playerInfo(p));
    const still: RoomDeps = { ...this.deps, setTimer: () => null, clearTimer: () => {} };
    return Room.restore(still, stored, await this.deps.store.actions(id), players);
  }

  /**
   * Where a table is played. Here (this process holds its lease, taking it first when it is free
   * or expired — then the table is reloaded from the store, the clock running on from its stored
   * deadline), on another process (its id and fencing token), or nowhere (no such table).
   */
  async locate(tables: HeldTables, id: string): Promise<Place> {
    // One search (and takeover) of a table at a time: two connections coming back to it at once
    // (the rounds rejoin each of them) must not take the lease twice and reload the table twice,
    // each seated in a room of its own — the second would replace the first's.
    const pending = this.locating.get(id);
    if (pending !== undefined) {
      await pending.catch(() => {});
      return this.locate(tables, id);
    }
    const held = tables.rooms.get(id);
    if (held !== undefined && this.cluster.fence(id) !== null) return { at: 'here', room: held };
    const search = this.findOrTake(tables, id);
    this.locating.set(id, search);
    try {
      return await search;
    } finally {
      if (this.locating.get(id) === search) this.locating.delete(id);
    }
  }

  private async findOrTake(tables: HeldTables, id: string): Promise<Place> {
    const cluster = this.cluster;
    const lease = await cluster.store.lease(id);
    if (lease !== null && lease.owner !== cluster.id && lease.expiresAt > lease.now) {
      return { at: 'elsewhere', owner: lease.owner, token: lease.token };
    }
    if ((await this.deps.store.table(id)) === null) return { at: 'none' };
    if (!(await cluster.claim(id))) return this.findOrTake(tables, id);
    // Read after the grant: every action the previous owner stored is in, and it can store no more.
    const stored = await this.deps.store.table(id);
    if (stored === null) return { at: 'none' };
    const seatIds = stored.seats.filter((s): s is string => s !== null);
    const players = new Map<string, PlayerInfo>();
    for (const p of await this.deps.store.players(seatIds)) players.set(p.id, playerInfo(p));
    tables.rooms.get(id)?.dispose();
    const room = Room.restore(this.deps, stored, await this.deps.store.actions(id), players, 'takeover');
    tables.rooms.set(id, room);
    return { at: 'here', room };
  }

  /** A table just stored: the process that makes it plays it first (another takes it only when this one is gone). */
  async claim(id: string): Promise<void> {
    await this.cluster.claim(id);
  }

  release(id: string): void {
    void this.cluster.release(id);
  }

  /** While this process surely holds the table's lease. */
  held(id: string): boolean {
    return this.cluster.fence(id) !== null;
  }

  /**
   * Every process shows the same lobby: this process's rooms and every other live process's (a
   * process that does not answer in time is left out), then the player's own unfinished tables
   * that no process plays just now (their owner died and nobody has come back yet), from the
   * store: he must find them to go back to them.
   */
  async lobbyInfos(tables: HeldTables, player: string | null): Promise<TableInfo[]> {
    const cluster = this.cluster;
    const others = (await cluster.processes()).filter((p) => p !== cluster.id);
    const answers = await Promise.all(others.map((p) => cluster.request(p, { op: 'lobby' }, LOBBY_ASK_MS)));
    const byId = new Map<string, TableInfo>();
    for (const answer of answers) {
      if (answer === NO_ANSWER) continue;
      for (const info of (answer as { tables: TableInfo[] }).tables) byId.set(info.id, info);
    }
    for (const info of tables.heldInfos()) byId.set(info.id, info);
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

  /**
   * Quick match: the queue is PostgreSQL's (`matchFromQueue` takes the partner and makes the table
   * in one transaction, one queue at a time), so players on different processes meet, each exactly
   * once. The table is played here, by the process of the player who completed the pair; the
   * waiting one hears `matched` on his player topic, through Redis, wherever he is.
   */
  async quickMatch(
    tables: HeldTables,
    player: PlayerInfo,
    variant: Variant,
    rated: boolean,
  ): Promise<QuickMatchResponse> {
    const store = this.cluster.store;
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
      room = tables.newRoom(
        { variant, tableSize: DEFAULT_TABLE_SIZE, settings: settings.value, rated, public: true },
        { from: 'rack' },
        [playerInfo(found), player],
      );
      return room.toStored();
    });
    if (paired === null || room === null) return { status: 'waiting', variant, since: now };
    const made: Room = room;
    await tables.hold(made);
    this.deps.bus.publish(
      playerTopic(paired.other.playerId),
      JSON.stringify({ type: 'matched', tableId: made.id, variant }),
    );
    return { status: 'matched', tableId: made.id };
  }

  async quickMatchStatus(playerId: string): Promise<QuickMatchResponse> {
    const store = this.cluster.store;
    const mine = await store.queueEntry(playerId);
    const now = this.deps.now();
    if (mine === null) return { status: 'idle' };
    if (mine.tableId !== null) {
      await store.removeQueueEntry(playerId);
      return { status: 'matched', tableId: mine.tableId };
    }
    if (mine.lastSeen < now - QUEUE_TTL_MS) {
      await store.removeQueueEntry(playerId);
      return { status: 'idle' };
    }
    if (now - mine.lastSeen >= SEEN_WRITE_MS) await store.putQueueEntry({ ...mine, lastSeen: now });
    return { status: 'waiting', variant: mine.variant, since: mine.since };
  }

  async cancelQuickMatch(playerId: string): Promise<boolean> {
    const mine = await this.cluster.store.queueEntry(playerId);
    await this.deps.store.removeQueueEntry(playerId);
    return mine !== null && mine.tableId === null;
  }
}
