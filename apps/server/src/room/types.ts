/**
 * What a room is made of and what it is given: the connections it speaks to (`Member`), its
 * services (`RoomDeps`) and its seats. Shared by `room.ts` and the modules of `room/`, which never
 * import the room itself (each takes the part of it it works on: `RoomCore`, room/core.ts).
 */
import type {
  LagInfo,
  LogEntry,
  OnlineError,
  PlayerInfo,
  Role,
  SeatInfo,
  TableEvent,
  TableOptions,
  TableStatus,
} from '@pyramid/online';
import type { MatchState, Player } from '@pyramid/rules';
import type { Bus } from '../bus/bus.js';
import type { Simulator } from '../simulation.js';
import type { Fence, Store } from '../store/types.js';

/** A connection as a room sees it. */
export interface Member {
  readonly id: number;
  readonly player: PlayerInfo;
  send(text: string): void;
  /** Called when the member's table or role changes (the hub subscribes it to the table's topic). */
  bind(tableId: string | null, role: Role | null, seat: Player | null): void;
}

export interface RoomDeps {
  readonly store: Store;
  readonly bus: Bus;
  readonly now: () => number;
  /** Grace period (ms) a dropped player has to come back before the match is adjourned. */
  readonly graceMs: number;
  /** Lots for a lag: 0 or 1, uniformly. */
  readonly lot: () => Player;
  readonly setTimer: (callback: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
  /** A fault to report (never user input: that gets a typed error). */
  readonly log: (message: string) => void;
  /** Where strokes are simulated (default: in-line, on the event loop). */
  readonly simulate?: Simulator;
  /** The table's lease: none on one process, the cluster's when several share the store (places/). */
  readonly lease: TableLease;
  /** How long a seat of a match not yet started waits for its player (room/seats-release.ts). */
  readonly seatReleaseMs?: number;
  /** How long an adjourned match waits before it is forfeited to the player who is back (room/forfeit.ts). */
  readonly forfeitMs?: number;
  /** Told after each action (or forfeit) the room has stored: an event's match follows it (events/online-match.ts). */
  readonly afterStored?: (room: StoredRoom) => void;
  /** Told when the match has started (both players seated, stored): the players' pages show it. */
  readonly afterStarted?: (room: StoredRoom) => void;
  /**
   * Asked before a player takes a seat at an event's table not started yet: null while the event
   * still calls the match to this table, else the refusal (events/online-match.ts `seatable`).
   */
  readonly seatable?: (tableId: string, event: TableEvent) => Promise<OnlineError | null>;
}

/**
 * What a room asks about its table's lease, on one process (nothing is fenced, nothing is stale)
 * or in a cluster (places/local.ts, places/cluster.ts; chosen at start).
 */
export interface TableLease {
  /**
   * The fence every write of the table carries: the lease held now, or a stale one (token 0) that
   * the store refuses when it is not held. Undefined on one process: nothing to fence.
   */
  fence(tableId: string): Fence | undefined;
  /** This process does not hold the table's lease now: its room does nothing for it. */
  stale(tableId: string): boolean;
  /** The shared services do not answer or the lease is not held: nothing may be stored. */
  cutOff(tableId: string): boolean;
}

/** A seat of the table: its player, the connection that holds it and whether he is there. */
export interface Seat {
  player: PlayerInfo;
  member: Member | null;
  presence: SeatInfo['presence'];
  awayUntil: number | null;
  graceTimer: unknown;
}

/**
 * What a room shows of itself after an action is stored (`RoomDeps.afterStored`): read only. The
 * room's modules see more of it (`RoomCore`, room/core.ts, which extends this).
 */
export interface StoredRoom {
  readonly id: string;
  readonly options: TableOptions;
  readonly status: TableStatus;
  readonly updatedAt: number;
  readonly seats: readonly [Seat | null, Seat | null];
  readonly state: MatchState | null;
  readonly seq: number;
  readonly log: readonly LogEntry[];
  readonly lag: LagInfo | null;
  /** Who won the match (null while it goes on). */
  readonly winner: Player | null;
}
