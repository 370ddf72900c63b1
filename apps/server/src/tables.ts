/**
 * The tables a server holds: creating one (checked by the referee's own `resolveSettings` and
 * `parseMatchStart`), finding one, restoring them at start, the lobby and the quick-match queue
 * (one per variant). Where tables are played — this process alone, or the processes of a cluster
 * — is the `Places` chosen at start (places/places.ts); the tables never ask which.
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
import type { HeldTables, Place, Places } from './places/places.js';
import { Room, type RoomDeps } from './room.js';

export { playerInfo } from './player-info.js';

export class Tables implements HeldTables {
  readonly rooms = new Map<string, Room>();

  constructor(
    private readonly deps: RoomDeps,
    private readonly places: Places,
  ) {}

  /** Restores the tables (and the queues) the places restore at start; returns how many tables. */
  restore(): Promise<number> {
    return this.places.restore(this);
  }

  /**
   * The room of a table: held here, or as the places give it (on one process a finished one is
   * loaded from the store; in a cluster a table held elsewhere is read to be looked at only).
   */
  async room(id: string): Promise<Room | null> {
    return this.rooms.get(id) ?? this.places.unheld(this, id);
  }

  /**
   * Closes the table of an uncalled event match if it is played here and has not started (false
   * otherwise: in a cluster its owner closes it when the next player comes, room/seats.ts).
   */
  async retire(id: string): Promise<boolean> {
    const room = this.rooms.get(id);
    if (room === undefined || !this.places.held(id)) return false;
    return room.retire();
  }

  /** Where a table is played: here, on another process, or nowhere (no such table). */
  locate(id: string): Promise<Place> {
    return this.places.locate(this, id);
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

  newRoom(
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

  async make(
    options: TableOptions,
    start: Record<string, unknown>,
    seats: readonly [PlayerInfo | null, PlayerInfo | null],
  ): Promise<Room> {
    const room = this.newRoom(options, start, seats);
    await this.deps.store.createTable(room.toStored());
    await this.hold(room);
    return room;
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

  /** A table just stored: the process that makes it plays it first (another takes it only when this one is gone). */
  async hold(room: Room): Promise<void> {
    await this.places.claim(room.id);
    this.rooms.set(room.id, room);
  }

  /**
   * The lobby as `player` sees it (null: not signed in). In a cluster every process shows the same
   * lobby: the rooms each live process plays, as that process sees them (asked over Redis).
   */
  async lobby(player: string | null): Promise<{ open: TableInfo[]; live: TableInfo[]; mine: TableInfo[] }> {
    const infos = await this.places.lobbyInfos(this, player);
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
    const infos: TableInfo[] = [];
    for (const room of this.rooms.values()) if (this.places.held(room.id)) infos.push(room.info());
    return infos;
  }

  /** Joins the queue of a variant, or matches with the first compatible player waiting. */
  quickMatch(player: PlayerInfo, variant: Variant, rated: boolean): Promise<QuickMatchResponse> {
    return this.places.quickMatch(this, player, variant, rated);
  }

  quickMatchStatus(playerId: string): Promise<QuickMatchResponse> {
    return this.places.quickMatchStatus(playerId);
  }

  cancelQuickMatch(playerId: string): Promise<boolean> {
    return this.places.cancelQuickMatch(playerId);
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
        this.places.release(id);
      }
    }
  }

  dispose(): void {
    for (const room of this.rooms.values()) room.dispose();
  }
}
