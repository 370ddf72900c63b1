/**
 * The room as its modules see it (clock.ts, seats.ts, forfeit.ts, ratings.ts, restore.ts, chat.ts,
 * views.ts): its state and the few effects every concern uses — the serial queue, storing part of
 * the table's row under the lease, broadcasting. `Room` (room.ts) is the one implementation; the
 * modules take this interface so that none of them imports the room back.
 */
import type { LagInfo, LogEntry, ServerMessage, TableOptions, TableStatus } from '@pyramid/online';
import type { MatchState, Player } from '@pyramid/rules';
import type { Fence, StoredAction, StoredClock, StoredTable, TablePatch } from '../store/types.js';
import type { SeatRelease } from './seats-release.js';
import type { Member, RoomDeps, Seat, StoredRoom } from './types.js';

export interface RoomCore extends StoredRoom {
  readonly id: string;
  readonly deps: RoomDeps;
  readonly options: TableOptions;
  /** The match record's `start` (without players: they are the seats). */
  readonly start: Record<string, unknown>;
  readonly createdAt: number;
  status: TableStatus;
  updatedAt: number;
  readonly seats: [Seat | null, Seat | null];
  readonly spectators: Set<Member>;
  state: MatchState | null;
  hash: string | null;
  seq: number;
  readonly log: LogEntry[];
  /** The action rows as stored (for the record). */
  readonly actions: StoredAction[];
  lag: LagInfo | null;
  clock: StoredClock | null;
  clockTimer: unknown;
  winner: Player | null;
  /** When the match was adjourned (null: it is not). */
  adjournedAt: number | null;
  forfeitTimer: unknown;
  readonly release: SeatRelease<Seat>;
  /** Runs `task` after every earlier operation on this room. */
  serial<T>(task: () => Promise<T> | T): Promise<T>;
  broadcast(message: ServerMessage): void;
  /** Broadcasts the seats' presence and the spectators' number. */
  presence(): void;
  /** Writes part of the table's row (fenced by this process's lease in a cluster). */
  update(patch: TablePatch, at?: number): Promise<void>;
  fence(): Fence | undefined;
  /** This process does not hold the table's lease now: the room does nothing for its table. */
  stale(): boolean;
  /** The shared services do not answer or the lease is not held: nothing may be stored. */
  cutOff(): boolean;
  touch(): void;
  toStored(): StoredTable;
  /** The clock ran out on the shot at `seq` (the referee rules slow play). */
  clockExpired(seq: number): Promise<void>;
}
