/**
 * Tables played on this process alone: every unfinished table is restored at start (its actions
 * replayed), a finished one is loaded when asked for, nothing is fenced, the lobby is this
 * process's rooms, and the quick-match queues (one per variant) are held here, written through to
 * the store so that a waiting player survives a restart.
 */
import type { PlayerInfo, QuickMatchResponse, TableInfo } from '@pyramid/online';
import { DEFAULT_TABLE_SIZE, resolveSettings, type Variant } from '@pyramid/rules';
import { playerTopic } from '../bus/bus.js';
import { playerInfo } from '../player-info.js';
import { Room, type RoomDeps } from '../room.js';
import type { StoredQueueEntry } from '../store/types.js';
import {
  type HeldTables,
  type Place,
  type Places,
  QUEUE_TTL_MS,
  SEEN_WRITE_MS,
  type TableLease,
} from './places.js';

interface Waiting {
  readonly player: PlayerInfo;
  readonly variant: Variant;
  readonly rated: boolean;
  readonly since: number;
  lastSeen: number;
  /** The lastSeen the store holds. */
  storedSeen: number;
}

/** One process: nothing to fence, never stale, never cut off from a shared service. */
export const ONE_PROCESS: TableLease = {
  fence: () => undefined,
  stale: () => false,
  cutOff: () => false,
};

export class OneProcess implements Places {
  /**
   * The quick-match queues, one per variant, oldest first: a mirror of the store's queue (every
   * change is written through), rebuilt from it at start so that a waiting player survives a restart.
   */
  private readonly queues = new Map<Variant, Waiting[]>();
  /** Quick matches made, for the waiting player's next poll (also in the store until told). */
  private readonly matched = new Map<string, { tableId: string; entry: StoredQueueEntry }>();

  constructor(private readonly deps: RoomDeps) {}

  /** Restores every unfinished table and the quick-match queues from the store. */
  async restore(tables: HeldTables): Promise<number> {
    const stored = await this.deps.store.unfinishedTables();
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
        tables.rooms.set(table.id, Room.restore(this.deps, table, actions, players));
      } catch (caught) {
        this.deps.log((caught as Error).message);
      }
    }
    return tables.rooms.size;
  }

  /** A finished table, loaded from the store and kept (the sweep forgets it). */
  async unheld(tables: HeldTables, id: string): Promise<Room | null> {
    const stored = await this.deps.store.table(id);
    if (stored === null) return null;
    const seatIds = stored.seats.filter((s): s is string => s !== null);
    const players = new Map<string, PlayerInfo>();
    for (const p of await this.deps.store.players(seatIds)) players.set(p.id, playerInfo(p));
    const room = Room.restore(this.deps, stored, await this.deps.store.actions(id), players);
    tables.rooms.set(id, room);
    return room;
  }

  async locate(tables: HeldTables, id: string): Promise<Place> {
    const room = tables.rooms.get(id) ?? (await this.unheld(tables, id));
    return room === null ? { at: 'none' } : { at: 'here', room };
  }

  async claim(): Promise<void> {}

  release(): void {}

  held(): boolean {
    return true;
  }

  async lobbyInfos(tables: HeldTables): Promise<TableInfo[]> {
    return tables.heldInfos();
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
  async quickMatch(
    tables: HeldTables,
    player: PlayerInfo,
    variant: Variant,
    rated: boolean,
  ): Promise<QuickMatchResponse> {
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
    const room = await tables.make(
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
}
