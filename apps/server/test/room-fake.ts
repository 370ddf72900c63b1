/**
 * A fake room for the unit tests of one module of `room/` (clock, seats, forfeit, chat, …): the
 * room's state as `RoomCore` holds it, a hand-driven clock with its timers, and the effects it
 * records instead of storing and broadcasting. The whole room, with a real store, is room.test.ts.
 */
import type { PlayerInfo, Role, ServerMessage, TableOptions } from '@pyramid/online';
import { type MatchState, type Player, resolveSettings, type Settings } from '@pyramid/rules';
import type { Bus } from '../src/bus/bus.js';
import { ONE_PROCESS } from '../src/places/local.js';
import type { RoomCore } from '../src/room/core.js';
import { SeatRelease } from '../src/room/seats-release.js';
import type { Member, RoomDeps, Seat } from '../src/room/types.js';
import type { Store, TablePatch } from '../src/store/types.js';

export const ANNA: PlayerInfo = { id: 'anna', name: 'Anna', account: true };
export const BORIS: PlayerInfo = { id: 'boris', name: 'Boris', account: true };

export function settingsOf(partial: Partial<Settings> = {}): Settings {
  const s = resolveSettings(partial);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

export class Timers {
  t = 1_000_000;
  private id = 0;
  timers: { id: number; at: number; fn: () => void }[] = [];
  set = (fn: () => void, ms: number): unknown => {
    const id = ++this.id;
    this.timers.push({ id, at: this.t + ms, fn });
    return id;
  };
  clear = (handle: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  /** Runs the timers due by `ms` from now, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.t = due.at;
      due.fn();
    }
    this.t = end;
  }
}

export class FakeMember implements Member {
  static next = 1;
  readonly id = FakeMember.next++;
  readonly got: ServerMessage[] = [];
  bound: { tableId: string | null; role: Role | null; seat: Player | null } | null = null;
  constructor(readonly player: PlayerInfo) {}
  send(text: string): void {
    this.got.push(JSON.parse(text) as ServerMessage);
  }
  bind(tableId: string | null, role: Role | null, seat: Player | null): void {
    this.bound = { tableId, role, seat };
  }
}

/** A store that answers what a room's modules read (no chat, the players as given). */
export function fakeStore(overrides: Partial<Store> = {}): Store {
  const base: Partial<Store> = {
    chat: async () => [],
    players: async () => [],
    ...overrides,
  };
  return base as Store;
}

export class FakeRoom implements RoomCore {
  readonly id = 'table-1';
  readonly deps: RoomDeps;
  readonly options: TableOptions;
  readonly start: Record<string, unknown> = { from: 'rack' };
  readonly createdAt = 0;
  status: RoomCore['status'] = 'waiting';
  updatedAt = 0;
  readonly seats: [Seat | null, Seat | null] = [null, null];
  readonly spectators = new Set<Member>();
  state: MatchState | null = null;
  hash: string | null = null;
  seq = 0;
  readonly log: RoomCore['log'] = [];
  readonly actions: RoomCore['actions'] = [];
  lag: RoomCore['lag'] = null;
  clock: RoomCore['clock'] = null;
  clockTimer: unknown = null;
  winner: Player | null = null;
  adjournedAt: number | null = null;
  forfeitTimer: unknown = null;
  readonly release: SeatRelease<Seat>;
  /** What the room was made to do. */
  readonly updates: TablePatch[] = [];
  readonly broadcasts: ServerMessage[] = [];
  readonly expired: number[] = [];
  isStale = false;
  isCutOff = false;

  constructor(
    readonly timers = new Timers(),
    options: Partial<TableOptions> = {},
    store: Store = fakeStore(),
  ) {
    this.deps = {
      store,
      bus: {} as Bus,
      now: () => timers.t,
      graceMs: 120_000,
      lot: () => 1,
      setTimer: timers.set,
      clearTimer: timers.clear,
      log: () => {},
      lease: ONE_PROCESS,
    };
    this.options = {
      variant: 'free',
      tableSize: 12,
      settings: settingsOf(),
      rated: false,
      public: true,
      ...options,
    } as TableOptions;
    this.release = new SeatRelease(timers.set, timers.clear, 60_000);
  }

  serial<T>(task: () => Promise<T> | T): Promise<T> {
    return Promise.resolve().then(task);
  }
  broadcast(message: ServerMessage): void {
    this.broadcasts.push(message);
  }
  presence(): void {
    this.broadcasts.push({
      type: 'presence',
      tableId: this.id,
      status: this.status,
      seats: [null, null],
      spectators: this.spectators.size,
    });
  }
  async update(patch: TablePatch): Promise<void> {
    this.updates.push(patch);
  }
  fence() {
    return undefined;
  }
  stale(): boolean {
    return this.isStale;
  }
  cutOff(): boolean {
    return this.isCutOff;
  }
  touch(): void {
    this.updatedAt = this.deps.now();
  }
  toStored() {
    return {
      id: this.id,
      options: this.options,
      start: this.start,
      status: this.status,
      seats: [this.seats[0]?.player.id ?? null, this.seats[1]?.player.id ?? null] as [
        string | null,
        string | null,
      ],
      seq: this.seq,
      lagWinner: null,
      clock: this.clock,
      winner: this.winner,
      framesWon: [0, 0] as [number, number],
      scores: [0, 0] as [number, number],
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
    };
  }
  async clockExpired(seq: number): Promise<void> {
    this.expired.push(seq);
  }
}

/** Lets the promise chains the fake's timers started run out. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};
