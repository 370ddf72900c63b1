/**
 * A room: one table and its match, held by the server as the authority. Intents come in from the
 * seated players (a stroke, a decision, an extension); the room checks who sent it, that it was made
 * on the current state (`seq`), that it fits `legalActions` (a stroke: the referee's
 * `checkShotIntent`), simulates the stroke with `@pyramid/match`, has the referee rule, appends
 * the action to the store in one transaction and only then broadcasts it. Every operation on a
 * room runs one after another (`serial`), so two intents never interleave.
 *
 * It also runs the shot clock (п.26: expiry is the referee's slow-play foul event, extensions as
 * the settings allow), the seats' presence (a dropped player is away for the grace period, then the
 * match is adjourned, and resumes when both are back), spectators and chat.
 */
import { fieldPointer, hashJson } from '@pyramid/core';
import type {
  ClientMessage,
  ClockInfo,
  DecisionIntent,
  LagInfo,
  LogEntry,
  OnlineError,
  PlayerInfo,
  RatingChange,
  Role,
  SeatInfo,
  ServerMessage,
  StrokeIntent,
  TableInfo,
  TableOptions,
  TableSnapshot,
  TableState,
  TableStatus,
} from '@pyramid/online';
import {
  type Action,
  apply,
  applyAction,
  checkShotIntent,
  legalActions,
  type MatchState,
  type Player,
  parseMatchStart,
  RECORD_FORMAT,
  RECORD_VERSION,
  type Ruling,
  recordAction,
} from '@pyramid/rules';
import { type Bus, tableTopic } from './bus.js';
import { faultPoint } from './faults.js';
import { matchRatings } from './ratings/match-rating.js';
import { desyncReports, logPage, resyncMessage } from './room/desync.js';
import { DEFAULT_FORFEIT_MS, forfeitIn } from './room/forfeit.js';
import { DEFAULT_SEAT_RELEASE_MS, SeatRelease } from './room/seats-release.js';
import { inlineSimulator, type Simulator } from './simulation.js';
import {
  type Fence,
  FencedError,
  type RatingUpdate,
  type Store,
  type StoredAction,
  type StoredClock,
  type StoredTable,
  type TablePatch,
} from './store/types.js';
import { unreachable } from './store/unreachable.js';

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
  /** Set when several processes share the table's store: the lease and whether the services are up. */
  readonly cluster?: RoomCluster;
  /** How long a seat of a match not yet started waits for its player (room/seats-release.ts). */
  readonly seatReleaseMs?: number;
  /** How long an adjourned match waits before it is forfeited to the player who is back (room/forfeit.ts). */
  readonly forfeitMs?: number;
  /** Told after each action (or forfeit) the room has stored: an event's match follows it (events/online-match.ts). */
  readonly afterStored?: (room: Room) => void;
}

/** What a room asks the cluster: its lease on the table, and whether PostgreSQL and Redis are reachable. */
export interface RoomCluster {
  /** The lease this process holds on the table, or null when it holds none. */
  fence(tableId: string): Fence | null;
  /** Both shared services answer: an action may be stored and broadcast. */
  available(): boolean;
}

interface Seat {
  player: PlayerInfo;
  member: Member | null;
  presence: SeatInfo['presence'];
  awayUntil: number | null;
  graceTimer: unknown;
}

/** After a restart the clock of the player to act keeps at least this much (the restart is not his fault). */
const RESTART_MIN_CLOCK_MS = 10_000;
const CHAT_IN_SNAPSHOT = 50;
/** How soon a timer that fell due while the room was stale (no lease held) looks again. */
const STALE_RETRY_MS = 250;

/** A refusal; `field` is written as a dotted path or a JSON Pointer and always leaves as a pointer. */
const fail = (code: OnlineError['code'], dotted: string, message: string, detail?: string): OnlineError => {
  const field = fieldPointer(dotted);
  return detail === undefined ? { code, field, message } : { code, field, message, detail };
};

const seatOf = (state: MatchState): Player | null => {
  const turn = state.turn;
  if (turn.kind === 'shot') return turn.player;
  if (turn.kind === 'decision') return turn.decision.player;
  return null;
};

/** Deep equality of two plain JSON values (small actions only). */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class Room {
  readonly id: string;
  readonly options: TableOptions;
  /** The match record's `start` (without players: they are the seats). */
  readonly start: Record<string, unknown>;
  readonly createdAt: number;
  status: TableStatus;
  updatedAt: number;
  readonly seats: [Seat | null, Seat | null];
  readonly spectators = new Set<Member>();
  state: MatchState | null = null;
  hash: string | null = null;
  seq = 0;
  readonly log: LogEntry[] = [];
  /** The action rows as stored (for the record). */
  readonly actions: StoredAction[] = [];
  lag: LagInfo | null = null;
  clock: StoredClock | null = null;
  winner: Player | null = null;
  private clockTimer: unknown = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly deps: RoomDeps;
  private readonly release: SeatRelease<Seat>;
  /** When the match was adjourned (null: it is not). */
  private adjournedAt: number | null = null;
  private forfeitTimer: unknown = null;

  constructor(
    deps: RoomDeps,
    init: {
      id: string;
      options: TableOptions;
      start: Record<string, unknown>;
      status: TableStatus;
      seats: readonly [PlayerInfo | null, PlayerInfo | null];
      createdAt: number;
      updatedAt: number;
    },
  ) {
    this.deps = deps;
    this.id = init.id;
    this.options = init.options;
    this.start = init.start;
    this.status = init.status;
    this.createdAt = init.createdAt;
    this.updatedAt = init.updatedAt;
    this.seats = [
      init.seats[0] === null ? null : this.emptySeat(init.seats[0]),
      init.seats[1] === null ? null : this.emptySeat(init.seats[1]),
    ];
    this.release = new SeatRelease(
      deps.setTimer,
      deps.clearTimer,
      deps.seatReleaseMs ?? DEFAULT_SEAT_RELEASE_MS,
    );
    // A seat given to a player who is not here yet (the creator, a quick-match pair) waits a while.
    // An event's table keeps its seats for the two players called to it (issue 27).
    if (this.status === 'waiting' && this.options.event === undefined) {
      for (const seat of this.seats) if (seat !== null) this.armRelease(seat);
    }
  }

  private armRelease(seat: Seat): void {
    this.release.arm(seat, () => {
      void this.serial(async () => {
        const index = this.seats.indexOf(seat);
        if (this.status === 'waiting' && index >= 0 && seat.member === null)
          await this.giveBack(index as Player);
      });
    });
  }

  /** A seat of a match not yet started is free again. */
  private async giveBack(index: Player): Promise<void> {
    const seat = this.seats[index];
    if (seat == null) return;
    this.release.stop(seat);
    if (seat.graceTimer !== null) this.deps.clearTimer(seat.graceTimer);
    this.seats[index] = null;
    this.touch();
    await this.update({ seats: this.toStored().seats });
    this.presence();
  }

  /** Waiting for a second player with no seat held: nobody will start this match. */
  abandoned(): boolean {
    return this.status === 'waiting' && this.seats[0] === null && this.seats[1] === null;
  }

  /** Closes an abandoned table (the tables' sweep): finished without a match, forgotten. */
  close(): Promise<boolean> {
    return this.serial(async () => {
      if (!this.abandoned() || this.members() > 0) return false;
      await this.update({ status: 'finished' });
      this.status = 'finished';
      return true;
    });
  }

  private emptySeat(player: PlayerInfo): Seat {
    return { player, member: null, presence: 'absent', awayUntil: null, graceTimer: null };
  }

  /** The row a new table is stored as. */
  toStored(): StoredTable {
    return {
      id: this.id,
      options: this.options,
      start: this.start,
      status: this.status,
      seats: [this.seats[0]?.player.id ?? null, this.seats[1]?.player.id ?? null],
      seq: this.seq,
      lagWinner: this.lag?.winner ?? null,
      clock: this.clock,
      winner: this.winner,
      framesWon: this.state?.framesWon ?? [0, 0],
      scores: this.state?.scores ?? [0, 0],
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
    };
  }

  /**
   * Rebuilds a stored table by replaying its stored actions through the referee (the same way
   * `pyramid referee` replays its record), then restores the lag lots and the clock as stored.
   * Every seat starts away: its player has the grace period to come back.
   */
  static restore(
    deps: RoomDeps,
    stored: StoredTable,
    actions: readonly StoredAction[],
    players: ReadonlyMap<string, PlayerInfo>,
    mode: 'restart' | 'takeover' = 'restart',
  ): Room {
    const seat = (i: 0 | 1): PlayerInfo | null => {
      const id = stored.seats[i];
      return id === null ? null : (players.get(id) ?? { id, name: '?', account: false });
    };
    const room = new Room(deps, {
      id: stored.id,
      options: stored.options as TableOptions,
      start: stored.start as Record<string, unknown>,
      status: stored.status,
      seats: [seat(0), seat(1)],
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    });
    room.winner = stored.winner;
    if (stored.status === 'waiting') return room;
    if (stored.status === 'adjourned') room.adjournedAt = stored.updatedAt;
    const initial = room.initialState();
    if (!initial.ok) throw new Error(`table ${stored.id}: cannot start: ${initial.error.message}`);
    let state = initial.value;
    for (const row of actions) {
      const applied = apply(state, row.action);
      if (!applied.ok) {
        throw new Error(
          `table ${stored.id}: stored action ${row.seq} does not replay: ${applied.error.message}`,
        );
      }
      state = applied.value.state;
      room.log.push({ seq: row.seq, action: row.action, ruling: applied.value.ruling });
      room.actions.push(row);
    }
    room.state = state;
    room.hash = hashJson(state);
    room.seq = actions.length === 0 ? 0 : actions[actions.length - 1]!.seq;
    room.lag = state.turn.kind === 'lag' && stored.lagWinner !== null ? { winner: stored.lagWinner } : null;
    if (
      mode === 'takeover' &&
      stored.clock !== null &&
      state.settings.shotClock !== null &&
      state.turn.kind === 'shot'
    ) {
      // Another process of the cluster died: the clock runs on from the deadline it stored (the
      // players were not cut off from the table, only moved), paused or running as it was.
      room.setClock(stored.clock);
    } else if (stored.clock !== null && state.settings.shotClock !== null && state.turn.kind === 'shot') {
      const left =
        stored.clock.deadline === null ? stored.clock.remainingMs : stored.clock.deadline - deps.now();
      room.clock = {
        player: stored.clock.player,
        deadline: null,
        remainingMs: Math.max(RESTART_MIN_CLOCK_MS, left),
      };
    }
    if (room.status === 'playing') {
      const until = deps.now() + deps.graceMs;
      for (const s of room.seats) {
        if (s === null) continue;
        s.presence = 'away';
        s.awayUntil = until;
        s.graceTimer = deps.setTimer(() => void room.serial(() => room.graceOver(s)), deps.graceMs);
      }
    }
    return room;
  }

  private initialState() {
    return parseMatchStart({
      variant: this.options.variant,
      settings: this.options.settings,
      players: [this.seats[0]?.player.name ?? 'A', this.seats[1]?.player.name ?? 'B'],
      start: this.start,
    });
  }

  /** Runs `task` after every earlier operation on this room. */
  serial<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  // ── Views ──────────────────────────────────────────────────────────────────────────────────

  seatInfo(): [SeatInfo | null, SeatInfo | null] {
    const view = (s: Seat | null): SeatInfo | null =>
      s === null ? null : { player: s.player, presence: s.presence, awayUntil: s.awayUntil };
    return [view(this.seats[0]), view(this.seats[1])];
  }

  info(): TableInfo {
    return {
      id: this.id,
      options: this.options,
      status: this.status,
      seats: this.seatInfo(),
      spectators: this.spectators.size,
      framesWon: this.state?.framesWon ?? [0, 0],
      scores: this.state?.scores ?? [0, 0],
      winner: this.winner,
      seq: this.seq,
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
    };
  }

  clockInfo(): ClockInfo | null {
    const clock = this.clock;
    const state = this.state;
    if (clock === null || state === null) return null;
    const now = this.deps.now();
    const total = state.settings.shotClock?.extensionsPerFrame ?? 0;
    return {
      player: clock.player,
      deadline: clock.deadline,
      remainingMs: clock.deadline === null ? clock.remainingMs : Math.max(0, clock.deadline - now),
      serverNow: now,
      paused: clock.deadline === null,
      extensionsLeft: Math.max(0, total - state.extensionsUsed[clock.player]),
    };
  }

  async snapshot(): Promise<TableSnapshot> {
    const chat = await this.deps.store.chat(this.id, CHAT_IN_SNAPSHOT);
    const players = new Map<string, PlayerInfo>();
    for (const s of this.seats) if (s !== null) players.set(s.player.id, s.player);
    const unknown = chat.map((c) => c.playerId).filter((id) => !players.has(id));
    for (const p of await this.deps.store.players(unknown)) {
      players.set(p.id, { id: p.id, name: p.name, account: p.passwordHash !== null });
    }
    return {
      table: this.info(),
      state: this.state,
      hash: this.hash,
      clock: this.clockInfo(),
      lag: this.lag,
      log: [...this.log],
      chat: chat.map((c) => ({
        id: c.id,
        from: players.get(c.playerId) ?? { id: c.playerId, name: '?', account: false },
        role: c.role,
        text: c.text,
        at: c.at,
      })),
    };
  }

  /** The match record so far (format "pyramid-match-record"), as `pyramid referee` replays it. */
  record(): Record<string, unknown> {
    return {
      format: RECORD_FORMAT,
      version: RECORD_VERSION,
      variant: this.options.variant,
      settings: this.options.settings,
      players: [this.seats[0]?.player.name ?? 'A', this.seats[1]?.player.name ?? 'B'],
      start: this.start,
      actions: this.actions.map((a) => a.action),
      meta: {
        generator: 'pyramid server',
        table: this.id,
        rated: this.options.rated,
        status: this.status,
        ...(this.forfeited() ? { result: 'forfeit', winner: this.winner } : {}),
        playerIds: [this.seats[0]?.player.id ?? null, this.seats[1]?.player.id ?? null],
      },
    };
  }

  private broadcast(message: ServerMessage): void {
    // A process that lost the table's lease says nothing of it: the new owner speaks for it now.
    if (this.stale()) return;
    this.deps.bus.publish(tableTopic(this.id), JSON.stringify(message));
  }

  /**
   * In a cluster: this process does not hold the table's lease now (it froze past it, or another
   * process took the table). A stale room does nothing for its table — no seat, no presence, no
   * clock, no broadcast — until it is dropped or the lease is held again (issue of the fence: every
   * effect, not only the stored ones).
   */
  private stale(): boolean {
    const cluster = this.deps.cluster;
    return cluster !== undefined && cluster.fence(this.id) === null;
  }

  private presence(): void {
    this.broadcast({
      type: 'presence',
      tableId: this.id,
      status: this.status,
      seats: this.seatInfo(),
      spectators: this.spectators.size,
    });
  }

  /** Writes part of the table's row (fenced by this process's lease in a cluster). */
  private update(patch: TablePatch, at = this.deps.now()): Promise<void> {
    return this.deps.store.updateTable(this.id, patch, at, this.fence());
  }

  /**
   * The lease this process holds on the table, in a cluster; a stale fence (token 0, never granted)
   * when it holds none, so that the store refuses the write. Undefined on one process.
   */
  private fence(): Fence | undefined {
    const cluster = this.deps.cluster;
    if (cluster === undefined) return undefined;
    return cluster.fence(this.id) ?? { owner: '', token: 0 };
  }

  private touch(): void {
    this.updatedAt = this.deps.now();
  }

  // ── Joining and leaving ────────────────────────────────────────────────────────────────────

  seatIndexOf(playerId: string): Player | null {
    if (this.seats[0]?.player.id === playerId) return 0;
    if (this.seats[1]?.player.id === playerId) return 1;
    return null;
  }

  /**
   * Seats or re-seats a player, or adds a spectator; answers the member with `joined` (the full
   * state). `resume`: the member's process joins it again by itself (the table moved); that never
   * takes the seat from a newer connection of the same player — the member watches instead.
   */
  join(member: Member, role: Role, mode: 'join' | 'resume' = 'join'): Promise<OnlineError | null> {
    return this.serial(async () => {
      if (this.stale())
        return fail('server/unavailable', '', 'the table is moving to another server process');
      if (role === 'spectator') {
        this.detach(member);
        this.spectators.add(member);
        member.bind(this.id, 'spectator', null);
        await this.sendJoined(member, 'spectator', null);
        this.presence();
        return null;
      }
      let index = this.seatIndexOf(member.player.id);
      if (index === null) {
        if (this.status !== 'waiting') return fail('table/full', 'tableId', 'both seats are taken');
        index = this.seats[0] === null ? 0 : this.seats[1] === null ? 1 : null;
        if (index === null) return fail('table/full', 'tableId', 'both seats are taken');
        this.seats[index] = this.emptySeat(member.player);
        await this.update({ seats: this.toStored().seats });
      }
      const seat = this.seats[index]!;
      const previous = seat.member;
      if (mode === 'resume' && previous !== null && previous !== member) {
        this.spectators.add(member);
        member.bind(this.id, 'spectator', null);
        await this.sendJoined(member, 'spectator', null);
        member.send(JSON.stringify({ type: 'superseded', tableId: this.id } satisfies ServerMessage));
        this.presence();
        return null;
      }
      if (previous !== null && previous !== member) {
        // Several tabs of one player: the newest takes the seat, the older one is told and only watches.
        seat.member = null;
        this.spectators.add(previous);
        previous.bind(this.id, 'spectator', null);
        previous.send(JSON.stringify({ type: 'superseded', tableId: this.id } satisfies ServerMessage));
      }
      this.spectators.delete(member);
      seat.member = member;
      seat.presence = 'present';
      seat.awayUntil = null;
      if (seat.graceTimer !== null) this.deps.clearTimer(seat.graceTimer);
      seat.graceTimer = null;
      this.release.stop(seat);
      member.bind(this.id, 'player', index);
      this.touch();
      if (
        this.status === 'waiting' &&
        this.seats[0]?.presence === 'present' &&
        this.seats[1]?.presence === 'present'
      ) {
        const started = await this.startMatch();
        if (started !== null) return started;
        await this.sendJoined(member, 'player', index);
        const snap = await this.snapshot();
        this.broadcast({ type: 'state', tableId: this.id, ...snap });
        this.presence();
        return null;
      }
      if (this.status === 'adjourned' && this.bothPresent()) {
        this.status = 'playing';
        this.adjournedAt = null;
        this.stopForfeit();
        await this.update({ status: 'playing' });
      } else if (this.status === 'adjourned') {
        const forfeited = await this.claimForfeit(index);
        if (forfeited !== null) return forfeited;
      }
      await this.resumeClock();
      await this.sendJoined(member, 'player', index);
      this.presence();
      return null;
    });
  }

  private bothPresent(): boolean {
    return this.seats[0]?.presence === 'present' && this.seats[1]?.presence === 'present';
  }

  private async sendJoined(member: Member, role: Role, seat: Player | null): Promise<void> {
    const snap = await this.snapshot();
    member.send(
      JSON.stringify({ type: 'joined', tableId: this.id, role, seat, ...snap } satisfies ServerMessage),
    );
  }

  /** The match starts once both seats are taken and present. */
  private async startMatch(): Promise<OnlineError | null> {
    const initial = this.initialState();
    if (!initial.ok) return fail('request/invalid', 'start', initial.error.message);
    const state = initial.value;
    const lag: LagInfo | null = state.turn.kind === 'lag' ? { winner: this.deps.lot() } : null;
    // The clock is computed for the table in play (both players are present now).
    this.status = 'playing';
    const clock = this.freshClock(state, null);
    this.status = 'waiting';
    const now = this.deps.now();
    await this.update(
      {
        status: 'playing',
        seats: [this.seats[0]!.player.id, this.seats[1]!.player.id],
        lagWinner: lag?.winner ?? null,
        clock,
      },
      now,
    );
    this.status = 'playing';
    this.state = state;
    this.hash = hashJson(state);
    this.lag = lag;
    this.setClock(clock);
    this.updatedAt = now;
    return null;
  }

  /** The member leaves (closed connection, `leave`, another table): a seated player is away. */
  leave(member: Member): Promise<void> {
    return this.serial(async () => {
      if (this.spectators.delete(member)) {
        member.bind(null, null, null);
        this.presence();
        return;
      }
      const index = this.seats.findIndex((s) => s?.member === member);
      if (index < 0) return;
      const seat = this.seats[index]!;
      seat.member = null;
      member.bind(null, null, null);
      // A match not started: the seat is given back (§3.3), not kept for a grace period.
      if (this.status === 'waiting' && this.options.event === undefined) {
        await this.giveBack(index as Player);
        return;
      }
      if (this.status === 'waiting') {
        seat.presence = 'absent';
        this.presence();
        return;
      }
      if (this.status === 'finished') {
        seat.presence = 'absent';
        this.presence();
        return;
      }
      seat.presence = 'away';
      seat.awayUntil = this.deps.now() + this.deps.graceMs;
      seat.graceTimer = this.deps.setTimer(
        () => void this.serial(() => this.graceOver(seat)),
        this.deps.graceMs,
      );
      await this.pauseClockFor(index as Player);
      this.presence();
    });
  }

  /** A member that joined another table: drop it here without answering. */
  private detach(member: Member): void {
    this.spectators.delete(member);
  }

  /** The grace period ended: the player is absent and a match in play is adjourned (not lost). */
  private async graceOver(seat: Seat): Promise<void> {
    seat.graceTimer = null;
    if (this.stale()) {
      // Looked at again shortly: the lease may be renewed (a slow round), or the room dropped.
      seat.graceTimer = this.deps.setTimer(
        () => void this.serial(() => this.graceOver(seat)),
        STALE_RETRY_MS,
      );
      return;
    }
    if (seat.presence !== 'away') return;
    seat.presence = 'absent';
    seat.awayUntil = null;
    if (this.status === 'playing') {
      this.status = 'adjourned';
      this.adjournedAt = this.deps.now();
      const clock = this.pausedClock();
      this.setClock(clock);
      await this.update({ status: 'adjourned', clock });
      this.broadcast({ type: 'clock', tableId: this.id, seq: this.seq, clock: this.clockInfo() });
      // The player who stayed has the claim to a forfeit, once the time is up.
      const stayed = this.seats.findIndex((s) => s?.presence === 'present');
      if (stayed >= 0) await this.claimForfeit(stayed as Player);
    }
    this.touch();
    this.presence();
  }

  // ── Forfeit of an adjourned match (room/forfeit.ts) ────────────────────────────────────

  /**
   * `seat` is here at an adjourned match, his opponent is not: the match is his now if it has been
   * adjourned for the forfeit time, else when that time comes and he is still here alone.
   * Returns a refusal only when the forfeit could not be stored.
   */
  private async claimForfeit(seat: Player): Promise<OnlineError | null> {
    if (this.adjournedAt === null) return null;
    const left = forfeitIn(this.adjournedAt, this.deps.now(), this.deps.forfeitMs ?? DEFAULT_FORFEIT_MS);
    if (left === 0) return this.forfeit(seat);
    this.stopForfeit();
    this.forfeitTimer = this.deps.setTimer(() => {
      this.forfeitTimer = null;
      void this.serial(() => this.claimForfeit(seat));
    }, left);
    return null;
  }

  private stopForfeit(): void {
    if (this.forfeitTimer !== null) this.deps.clearTimer(this.forfeitTimer);
    this.forfeitTimer = null;
  }

  /** The match is forfeited to `winner`: finished (and rated as his win) without an action. */
  private async forfeit(winner: Player): Promise<OnlineError | null> {
    const other = this.seats[1 - winner];
    if (
      this.status !== 'adjourned' ||
      this.seats[winner]?.presence !== 'present' ||
      other?.presence === 'present'
    )
      return null;
    const cluster = this.deps.cluster;
    if (cluster !== undefined && (!cluster.available() || cluster.fence(this.id) === null))
      return fail(
        'server/unavailable',
        '',
        'the server is cut off from its shared services; nothing changed',
      );
    const now = this.deps.now();
    const ratings = this.options.rated ? await this.ratingUpdates(winner) : null;
    try {
      await this.deps.store.finishTable(
        this.id,
        { status: 'finished', winner, clock: null },
        ratings ?? [],
        now,
        this.fence(),
      );
    } catch (caught) {
      this.deps.log(`table ${this.id}: forfeit not stored: ${(caught as Error).message}`);
      return fail('server/internal', '', 'the forfeit could not be stored; nothing changed');
    }
    this.stopForfeit();
    this.status = 'finished';
    this.winner = winner;
    this.adjournedAt = null;
    this.updatedAt = now;
    this.setClock(null);
    const changes: [RatingChange, RatingChange] | null =
      ratings === null ? null : [this.ratingChange(ratings, 0), this.ratingChange(ratings, 1)];
    this.broadcast({ type: 'finished', tableId: this.id, winner, ratings: changes });
    this.presence();
    this.deps.afterStored?.(this);
    return null;
  }

  /** Finished without the referee ending the match: forfeited. */
  forfeited(): boolean {
    return this.status === 'finished' && this.winner !== null && this.state?.turn.kind !== 'match-over';
  }

  // ── The shot clock (п.26) ──────────────────────────────────────────────────────────────────

  /** The clock of the shot due in `state`: a fresh one, or `previous` carried on (an extension adds its time). */
  private freshClock(
    state: MatchState,
    previous: { clock: StoredClock | null; extension: boolean } | null,
  ): StoredClock | null {
    const settings = state.settings.shotClock;
    const turn = state.turn;
    if (settings === null || turn.kind !== 'shot' || state.turn.kind === 'match-over') return null;
    const full = settings.seconds * 1000;
    const running = this.status === 'playing' && this.seats[turn.player]?.presence === 'present';
    const now = this.deps.now();
    const prior = previous?.clock ?? null;
    if (previous?.extension === true && prior !== null && prior.player === turn.player) {
      if (prior.deadline !== null)
        return { player: turn.player, deadline: prior.deadline + full, remainingMs: 0 };
      return { player: turn.player, deadline: null, remainingMs: prior.remainingMs + full };
    }
    return running
      ? { player: turn.player, deadline: now + full, remainingMs: full }
      : { player: turn.player, deadline: null, remainingMs: full };
  }

  private pausedClock(): StoredClock | null {
    const clock = this.clock;
    if (clock === null || clock.deadline === null) return clock;
    return {
      player: clock.player,
      deadline: null,
      remainingMs: Math.max(0, clock.deadline - this.deps.now()),
    };
  }

  /** Takes `clock` as the room's and arms its timer. */
  private setClock(clock: StoredClock | null): void {
    if (this.clockTimer !== null) this.deps.clearTimer(this.clockTimer);
    this.clockTimer = null;
    this.clock = clock;
    if (clock !== null && clock.deadline !== null) {
      const seq = this.seq;
      const delay = Math.max(0, clock.deadline - this.deps.now());
      this.clockTimer = this.deps.setTimer(() => {
        this.clockTimer = null;
        void this.serial(() => this.clockExpired(seq));
      }, delay);
    }
  }

  private async pauseClockFor(seat: Player): Promise<void> {
    if (this.stale()) return;
    if (this.clock === null || this.clock.player !== seat || this.clock.deadline === null) return;
    const clock = this.pausedClock();
    this.setClock(clock);
    await this.update({ clock });
    this.broadcast({ type: 'clock', tableId: this.id, seq: this.seq, clock: this.clockInfo() });
  }

  private async resumeClock(): Promise<void> {
    if (this.stale()) return;
    const clock = this.clock;
    if (clock === null || clock.deadline !== null || this.status !== 'playing') return;
    if (this.seats[clock.player]?.presence !== 'present') return;
    const running: StoredClock = {
      player: clock.player,
      deadline: this.deps.now() + clock.remainingMs,
      remainingMs: clock.remainingMs,
    };
    await this.update({ clock: running });
    this.setClock(running);
    this.broadcast({ type: 'clock', tableId: this.id, seq: this.seq, clock: this.clockInfo() });
  }

  /** The clock ran out on the shot at `seq`: the referee rules slow play (п.26, §29.1(11)). */
  private async clockExpired(seq: number): Promise<void> {
    if (this.stale()) {
      this.clockTimer = this.deps.setTimer(() => {
        this.clockTimer = null;
        void this.serial(() => this.clockExpired(seq));
      }, STALE_RETRY_MS);
      return;
    }
    const clock = this.clock;
    const state = this.state;
    if (clock === null || clock.deadline === null || state === null || seq !== this.seq) return;
    if (this.status !== 'playing') return;
    const early = clock.deadline - this.deps.now();
    if (early > 0) {
      this.setClock(clock);
      return;
    }
    const action: Action = { type: 'foul', player: clock.player, foul: 'slow-play' };
    const applied = applyAction(state, action);
    if (!applied.ok) {
      this.deps.log(`table ${this.id}: slow play refused by the referee: ${applied.error.message}`);
      this.setClock(null);
      return;
    }
    await this.commit(action, applied.value.state, applied.value.ruling, null, null);
  }

  // ── Intents ────────────────────────────────────────────────────────────────────────────────

  /** Who may act for `member` now, or why not. */
  private actor(member: Member, seq: number): { seat: Player; state: MatchState } | OnlineError {
    if (this.spectators.has(member)) {
      const index = this.seatIndexOf(member.player.id);
      return index !== null
        ? fail('seat/superseded', 'type', 'a newer tab of yours holds the seat: act there')
        : fail('seat/spectator', 'type', 'a spectator cannot act');
    }
    const index = this.seats.findIndex((s) => s?.member === member);
    if (index < 0) return fail('table/not-joined', 'tableId', 'join the table first');
    if (this.status !== 'playing' || this.state === null) {
      return fail('table/not-playing', 'tableId', `the table is ${this.status}`);
    }
    if (seq !== this.seq) {
      return fail('state/stale', 'seq', `the table is at seq ${this.seq}, not ${seq}: take the new state`);
    }
    return { seat: index as Player, state: this.state };
  }

  stroke(member: Member, message: Extract<ClientMessage, { type: 'stroke' }>): Promise<OnlineError | null> {
    return this.serial(async () => {
      const actor = this.actor(member, message.seq);
      if ('code' in actor) return actor;
      const { seat, state } = actor;
      const turn = state.turn;
      if (turn.kind !== 'shot') {
        return turn.kind === 'match-over'
          ? fail('table/not-playing', 'type', 'the match is over')
          : fail(
              'intent/illegal',
              'type',
              `no stroke is due: a ${turn.kind === 'lag' ? 'lag' : turn.decision.kind} is`,
            );
      }
      if (turn.player !== seat) return fail('seat/not-your-turn', 'type', 'it is your opponent’s shot');
      // The referee judges the cue ball, the call and the placement; the server holds no rule.
      const intent = checkShotIntent(state, message.stroke);
      if (!intent.ok) {
        const e = intent.error;
        return fail('intent/refused', `/stroke${e.field}`, e.message, e.code);
      }
      const simulated = await (this.deps.simulate ?? inlineSimulator)(state, message.stroke);
      if (!simulated.ok) {
        const e = simulated.error;
        if (e.kind === 'setup') return fail('intent/illegal', `/stroke${e.field}`, e.message);
        if (e.kind === 'referee') {
          return fail('intent/refused', `/stroke${e.error.field}`, e.error.message, e.error.code);
        }
        if (e.error.code === 'event-cap') {
          return fail(
            'intent/simulation',
            'stroke',
            `the simulator gave up on this stroke: ${e.error.message}`,
          );
        }
        return fail('intent/illegal', `/stroke${simulatorField(e.error.field)}`, e.error.message);
      }
      const applied = applyAction(state, simulated.value.action);
      if (!applied.ok) {
        const field = `/stroke${applied.error.field}`;
        return fail('intent/refused', field, applied.error.message, applied.error.code);
      }
      return this.commit(
        simulated.value.action,
        applied.value.state,
        applied.value.ruling,
        seat,
        message.stroke,
      );
    });
  }

  decision(
    member: Member,
    message: Extract<ClientMessage, { type: 'decision' }>,
  ): Promise<OnlineError | null> {
    return this.serial(async () => {
      faultPoint('decision');
      const actor = this.actor(member, message.seq);
      if ('code' in actor) return actor;
      const { seat, state } = actor;
      const action: DecisionIntent = message.action;
      const turn = state.turn;
      if (action.type === 'lag') {
        if (turn.kind !== 'lag' || this.lag === null)
          return fail('intent/illegal', 'action.type', 'no lag is due');
        if (seat !== this.lag.winner)
          return fail('seat/not-your-turn', 'action', 'your opponent won the lots: he chooses');
        if (action.winner !== this.lag.winner) {
          return fail('intent/illegal', 'action.winner', `the lots were won by seat ${this.lag.winner}`);
        }
      } else {
        if (turn.kind !== 'decision')
          return fail('intent/illegal', 'action.type', `no decision is due (the turn is a ${turn.kind})`);
        if (turn.decision.player !== seat)
          return fail('seat/not-your-turn', 'action', 'the decision is your opponent’s');
        if (action.player !== seat) return fail('intent/illegal', 'action.player', `you are seat ${seat}`);
        if (action.type !== turn.decision.kind) {
          return fail('intent/illegal', 'action.type', `the decision due is ${turn.decision.kind}`);
        }
        const legal = legalActions(state).some((a) => sameJson(a, action));
        if (!legal) {
          const field = action.type === 'dynamic-option' ? 'action.option' : 'action.ball';
          return fail('intent/illegal', field, 'not one of the choices the rules give now');
        }
      }
      const applied = applyAction(state, action);
      if (!applied.ok)
        return fail(
          'intent/refused',
          `action.${applied.error.field}`,
          applied.error.message,
          applied.error.code,
        );
      return this.commit(action, applied.value.state, applied.value.ruling, seat, null);
    });
  }

  extension(
    member: Member,
    message: Extract<ClientMessage, { type: 'extension' }>,
  ): Promise<OnlineError | null> {
    return this.serial(async () => {
      const actor = this.actor(member, message.seq);
      if ('code' in actor) return actor;
      const { seat, state } = actor;
      if (state.settings.shotClock === null)
        return fail('clock/unavailable', 'type', 'no shot clock is used at this table');
      const turn = state.turn;
      if (turn.kind !== 'shot' || turn.player !== seat)
        return fail('seat/not-your-turn', 'type', 'only the player to shoot takes an extension');
      const action: Action = { type: 'extension', player: seat };
      if (!legalActions(state).some((a) => sameJson(a, action))) {
        return fail('clock/unavailable', 'type', 'no time extension is left in this frame');
      }
      const applied = applyAction(state, action);
      if (!applied.ok)
        return fail('intent/refused', applied.error.field, applied.error.message, applied.error.code);
      return this.commit(action, applied.value.state, applied.value.ruling, seat, null);
    });
  }

  /**
   * Stores the action with the table's new row in one transaction, and only then takes the new
   * state and broadcasts it. A store failure leaves the room as it was.
   */
  private async commit(
    action: Action,
    next: MatchState,
    ruling: Ruling,
    by: Player | null,
    stroke: StrokeIntent | null,
  ): Promise<OnlineError | null> {
    const cluster = this.deps.cluster;
    if (cluster !== undefined && (!cluster.available() || cluster.fence(this.id) === null)) {
      return fail(
        'server/unavailable',
        '',
        'the server is cut off from its shared services; nothing changed',
      );
    }
    const now = this.deps.now();
    const seq = this.seq + 1;
    const recorded = recordAction(action);
    const lag: LagInfo | null = next.turn.kind === 'lag' ? { winner: this.deps.lot() } : null;
    const finished = next.turn.kind === 'match-over';
    const winner = next.turn.kind === 'match-over' ? next.turn.winner : null;
    const previousStatus = this.status;
    if (finished) this.status = 'finished';
    const clock = finished
      ? null
      : this.freshClock(next, { clock: this.clock, extension: action.type === 'extension' });
    this.status = previousStatus;
    const patch: TablePatch = {
      lagWinner: lag?.winner ?? null,
      clock,
      scores: next.scores,
      framesWon: next.framesWon,
      ...(finished ? { status: 'finished' as const, winner } : {}),
    };
    const ratings =
      finished && winner !== null && this.options.rated ? await this.ratingUpdates(winner) : null;
    const row: StoredAction = { seq, action: recorded, stroke, by, at: now };
    let stored: boolean;
    faultPoint('before-append');
    try {
      stored = await this.deps.store.appendAction(this.id, row, patch, ratings ?? [], this.fence());
    } catch (caught) {
      this.deps.log(`table ${this.id}: append failed: ${(caught as Error).message}`);
      if (caught instanceof FencedError) {
        return fail('server/unavailable', '', 'the table moved to another server process; nothing changed');
      }
      return (
        storeDown(caught, 'changed') ??
        fail('server/internal', '', 'the action could not be stored; nothing changed')
      );
    }
    if (!stored) return fail('server/internal', 'seq', 'the action could not be stored; nothing changed');
    faultPoint('after-append');
    this.state = next;
    this.hash = hashJson(next);
    this.seq = seq;
    this.lag = lag;
    this.log.push({ seq, action: recorded, ruling });
    this.actions.push(row);
    this.updatedAt = now;
    if (finished) {
      this.status = 'finished';
      this.winner = winner;
    }
    this.setClock(clock);
    const common = {
      tableId: this.id,
      seq,
      action: recorded,
      ruling,
      state: next,
      hash: this.hash,
      clock: this.clockInfo(),
      lag,
    };
    if (stroke !== null && by !== null) this.broadcast({ type: 'stroke', player: by, stroke, ...common });
    else this.broadcast({ type: 'ruling', by, ...common });
    if (finished && winner !== null) {
      const changes: [RatingChange, RatingChange] | null =
        ratings === null ? null : [this.ratingChange(ratings, 0), this.ratingChange(ratings, 1)];
      this.broadcast({ type: 'finished', tableId: this.id, winner, ratings: changes });
      this.presence();
    }
    this.deps.afterStored?.(this);
    return null;
  }

  private ratingChange(updates: readonly RatingUpdate[], seat: Player): RatingChange {
    const id = this.seats[seat]!.player.id;
    const u = updates.find((x) => x.playerId === id)!;
    return { playerId: id, before: u.before, after: u.after };
  }

  /**
   * Glicko-2: each seat's rating after this one match (one rating period), per variant; null when
   * the match may not be rated (a guest, or one player in both seats) and is recorded unrated.
   */
  private ratingUpdates(winner: Player): Promise<RatingUpdate[] | null> {
    const seats = [this.seats[0]!.player, this.seats[1]!.player] as const;
    return matchRatings(this.deps.store, this.options.variant, seats, winner, this.deps.now());
  }

  // ── Chat and desync reports ────────────────────────────────────────────────────────────────

  chat(member: Member, text: string): Promise<OnlineError | null> {
    return this.serial(async () => {
      const seated = this.seats.some((s) => s?.member === member);
      if (!seated && !this.spectators.has(member))
        return fail('table/not-joined', 'tableId', 'join the table first');
      const role: Role = seated ? 'player' : 'spectator';
      const at = this.deps.now();
      // In a cluster a line is the table's like an action: stored only under the lease held now
      // (a process that lost the table, frozen past its lease, stores and broadcasts nothing).
      const cluster = this.deps.cluster;
      if (cluster !== undefined && (!cluster.available() || cluster.fence(this.id) === null))
        return fail('server/unavailable', '', 'the server is cut off from its shared services; nothing said');
      faultPoint('before-chat');
      let id: number;
      try {
        id = await this.deps.store.addChat(
          { tableId: this.id, playerId: member.player.id, role, text, at },
          this.fence(),
        );
      } catch (caught) {
        this.deps.log(`table ${this.id}: chat not stored: ${(caught as Error).message}`);
        if (caught instanceof FencedError)
          return fail('server/unavailable', '', 'the table moved to another server process; nothing said');
        return (
          storeDown(caught, 'said') ??
          fail('server/internal', '', 'the line could not be stored; nothing said')
        );
      }
      this.broadcast({ type: 'chat', tableId: this.id, line: { id, from: member.player, role, text, at } });
      return null;
    });
  }

  /** A client's re-simulation disagreed: it gets the state again, not the log (room/desync.ts). */
  desync(member: Member, seq: number, hash: string): Promise<OnlineError | null> {
    return this.serial(async () => {
      desyncReports(this.deps.log, this.deps.now).report(this, member.player.id, seq, hash);
      member.send(JSON.stringify(resyncMessage(this)));
      return null;
    });
  }

  /** A page of the rulings log, after seq `after`. */
  logRequest(member: Member, after: number): Promise<OnlineError | null> {
    return this.serial(async () => {
      member.send(JSON.stringify(logPage(this, after)));
      return null;
    });
  }

  /** The table without its history (the answer to a desync). */
  tableState(): TableState {
    return { table: this.info(), state: this.state, hash: this.hash, clock: this.clockInfo(), lag: this.lag };
  }

  /** Whom the next move belongs to (for tests and the lobby). */
  toAct(): Player | null {
    return this.state === null
      ? null
      : this.state.turn.kind === 'lag'
        ? (this.lag?.winner ?? null)
        : seatOf(this.state);
  }

  /** Members connected to this room (seated and watching). */
  members(): number {
    return this.spectators.size + this.seats.filter((s) => s?.member != null).length;
  }

  /** Stops every timer (server shutdown). */
  dispose(): void {
    this.release.dispose();
    this.stopForfeit();
    if (this.clockTimer !== null) this.deps.clearTimer(this.clockTimer);
    this.clockTimer = null;
    for (const s of this.seats) {
      if (s?.graceTimer != null) this.deps.clearTimer(s.graceTimer);
      if (s !== null) s.graceTimer = null;
    }
  }
}

/** A write the database did not answer: unavailable (never sent), or of unknown outcome (the connection went down under it). */
function storeDown(caught: unknown, nothing: 'changed' | 'said'): OnlineError | null {
  const down = unreachable(caught);
  if (down === 'never-sent')
    return fail('server/unavailable', '', `the database does not answer; nothing ${nothing}`);
  if (down === 'maybe-stored')
    return fail(
      'server/outcome-unknown',
      '',
      'the database stopped answering while this was stored: take the state again',
    );
  return null;
}

/** Maps a simulator field (`balls[3]`, `strike.speed`) to the stroke's own. */
function simulatorField(field: string): string {
  if (field.startsWith('/strike')) return field;
  return '/placement';
}
