/**
 * Where tables are played, chosen once at start (server.ts): on this process alone
 * (`OneProcess`, places/local.ts), or on the processes of a cluster that share PostgreSQL and
 * Redis (`InCluster`, places/cluster.ts), where a process plays a table only while it holds the
 * table's lease, every write is fenced by the lease's token, and the quick-match queue is
 * PostgreSQL's. The tables (tables.ts), the rooms (room.ts) and the hub's routing (hub/routing.ts)
 * ask this interface and never which of the two it is.
 */
import type { PlayerInfo, QuickMatchResponse, TableInfo, TableOptions } from '@pyramid/online';
import type { Variant } from '@pyramid/rules';
import type { Room } from '../room.js';

export type { TableLease } from '../room/types.js';

/** Where a table is played. */
export type Place =
  | { at: 'here'; room: Room }
  | { at: 'elsewhere'; owner: string; token: number }
  | { at: 'none' };

/** The tables a process holds, as the places use them (tables.ts). */
export interface HeldTables {
  readonly rooms: Map<string, Room>;
  /** A room for a new table, not stored yet. */
  newRoom(
    options: TableOptions,
    start: Record<string, unknown>,
    seats: readonly [PlayerInfo | null, PlayerInfo | null],
  ): Room;
  /** A new table made, stored and held here. */
  make(
    options: TableOptions,
    start: Record<string, unknown>,
    seats: readonly [PlayerInfo | null, PlayerInfo | null],
  ): Promise<Room>;
  /** A table just stored, held here. */
  hold(room: Room): Promise<void>;
  /** The rooms played here now (for the lobby). */
  heldInfos(): TableInfo[];
}

export interface Places {
  /** Restores what is restored at start into `tables`; returns how many tables. */
  restore(tables: HeldTables): Promise<number>;
  /** The room of a table this process does not hold (null: no such table). */
  unheld(tables: HeldTables, id: string): Promise<Room | null>;
  /** Where a table is played (taking it here when nobody plays it). */
  locate(tables: HeldTables, id: string): Promise<Place>;
  /** The table just made here is played here first. */
  claim(id: string): Promise<void>;
  /** The table is no longer played here (finished and forgotten). */
  release(id: string): void;
  /** This process plays the table now. */
  held(id: string): boolean;
  /** The tables the lobby shows `player` (null: not signed in), before they are sorted and cut. */
  lobbyInfos(tables: HeldTables, player: string | null): Promise<TableInfo[]>;
  quickMatch(
    tables: HeldTables,
    player: PlayerInfo,
    variant: Variant,
    rated: boolean,
  ): Promise<QuickMatchResponse>;
  quickMatchStatus(playerId: string): Promise<QuickMatchResponse>;
  cancelQuickMatch(playerId: string): Promise<boolean>;
}

/** A place in the quick-match queue lapses when not polled (nor connected) for this long. */
export const QUEUE_TTL_MS = 60_000;
/** A poll writes its time to the store only when the stored one is older than this (it lapses at 60 s). */
export const SEEN_WRITE_MS = 10_000;
