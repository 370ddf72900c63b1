/**
 * A room: one table and its match, held by the server as the authority. Intents come in from the
 * seated players (a stroke, a decision, an extension); the room checks who sent it, that it was made
 * on the current state (`seq`), that it fits `legalActions` (a stroke: the referee's
 * `checkShotIntent`), simulates the stroke with `@pyramid/match`, has the referee rule, appends
 * the action to the store in one transaction and only then broadcasts it. Every operation on a
 * room runs one after another (`serial`), so two intents never interleave.
 *
 * The room keeps the queue, the intents, the commit and the broadcast; each other concern is a
 * module of `room/`: the shot clock (clock.ts, п.26), the seats and their presence (seats.ts), the
 * forfeit of an adjourned match (forfeit.ts), the ratings at commit (ratings.ts), the restore from
 * the store (restore.ts), chat (chat.ts), what it shows (views.ts) and the desync answers
 * (desync.ts). They work on the room through `RoomCore` (room/core.ts).
 */
import { hashJson } from '@pyramid/core';
import type {
  ClientMessage,
  ClockInfo,
  DecisionIntent,
  LagInfo,
  LogEntry,
  OnlineError,
  PlayerInfo,
  Role,
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
  applyAction,
  type MatchState,
  type Player,
  type Ruling,
  recordAction,
} from '@pyramid/rules';
import { tableTopic } from './bus/bus.js';
import { faultPoint } from './faults.js';
import { chat } from './room/chat.js';
import { clockExpired, clockInfo, roomClock, setClock } from './room/clock.js';
import type { RoomCore } from './room/core.js';
import { desyncReports, logPage, resyncMessage } from './room/desync.js';
import { stopForfeit } from './room/forfeit.js';
import {
  actorOf,
  decisionRefusal,
  extensionRefusal,
  simulationRefusal,
  strokeRefusal,
  toAct,
} from './room/intents.js';
import { ratingChanges, ratingUpdates } from './room/ratings.js';
import { fail, unstored } from './room/refusals.js';
import { type RoomInit, restoreRoom } from './room/restore.js';
import { armRelease, closeUncalled, emptySeat, join, leave } from './room/seats.js';
import { DEFAULT_SEAT_RELEASE_MS, SeatRelease } from './room/seats-release.js';
import type { Member, RoomDeps, Seat } from './room/types.js';
import { info, record, seatInfo, snapshot, tableState } from './room/views.js';
import { inlineSimulator } from './simulation.js';
import type { Fence, StoredAction, StoredClock, StoredTable, TablePatch } from './store/types.js';

export type { Member, RoomDeps, TableLease } from './room/types.js';

export class Room implements RoomCore {
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
  // The parts below are the room's modules' (room/core.ts), not its users'.
  clockTimer: unknown = null;
  adjournedAt: number | null = null;
  forfeitTimer: unknown = null;
  readonly deps: RoomDeps;
  readonly release: SeatRelease<Seat>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(deps: RoomDeps, init: RoomInit) {
    this.deps = deps;
    this.id = init.id;
    this.options = init.options;
    this.start = init.start;
    this.status = init.status;
    this.createdAt = init.createdAt;
    this.updatedAt = init.updatedAt;
    this.seats = [
      init.seats[0] === null ? null : emptySeat(init.seats[0]),
      init.seats[1] === null ? null : emptySeat(init.seats[1]),
    ];
    this.release = new SeatRelease(
      deps.setTimer,
      deps.clearTimer,
      deps.seatReleaseMs ?? DEFAULT_SEAT_RELEASE_MS,
    );
    // A seat given to a player who is not here yet (the creator, a quick-match pair) waits a while;
    // an event's table keeps its seats for the two players called to it (issue 27).
    if (this.status === 'waiting' && this.options.event === undefined) {
      for (const seat of this.seats) if (seat !== null) armRelease(this, seat);
    }
  }

  /** Rebuilds a stored table by replaying its stored actions through the referee (room/restore.ts). */
  static restore(
    deps: RoomDeps,
    stored: StoredTable,
    actions: readonly StoredAction[],
    players: ReadonlyMap<string, PlayerInfo>,
    mode: 'restart' | 'takeover' = 'restart',
  ): Room {
    return restoreRoom((init) => new Room(deps, init), deps, stored, actions, players, mode);
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

  /** Closes an event's table whose match was uncalled before it started (room/seats.ts `closeUncalled`). */
  retire(): Promise<boolean> {
    return this.serial(() => closeUncalled(this));
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

  /** Runs `task` after every earlier operation on this room. */
  serial<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  // ── Views (room/views.ts) ──────────────────────────────────────────────────────────────────

  seatInfo() {
    return seatInfo(this.seats);
  }

  info(): TableInfo {
    return info(this);
  }

  clockInfo(): ClockInfo | null {
    return clockInfo(this.clock, this.state, this.deps.now());
  }

  snapshot(): Promise<TableSnapshot> {
    return snapshot(this);
  }

  /** The match record so far (format "pyramid-match-record"), as `pyramid referee` replays it. */
  record(): Record<string, unknown> {
    return record(this);
  }

  // ── Effects ────────────────────────────────────────────────────────────────────────────────

  broadcast(message: ServerMessage): void {
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
  stale(): boolean {
    return this.deps.lease.stale(this.id);
  }

  cutOff(): boolean {
    return this.deps.lease.cutOff(this.id);
  }

  presence(): void {
    this.broadcast({
      type: 'presence',
      tableId: this.id,
      status: this.status,
      seats: this.seatInfo(),
      spectators: this.spectators.size,
    });
  }

  /** Writes part of the table's row (fenced by this process's lease in a cluster). */
  update(patch: TablePatch, at = this.deps.now()): Promise<void> {
    return this.deps.store.updateTable(this.id, patch, at, this.fence());
  }

  /**
   * The lease this process holds on the table, in a cluster; a stale fence (token 0, never granted)
   * when it holds none, so that the store refuses the write. Undefined on one process.
   */
  fence(): Fence | undefined {
    return this.deps.lease.fence(this.id);
  }

  touch(): void {
    this.updatedAt = this.deps.now();
  }

  // ── Joining and leaving (room/seats.ts) ────────────────────────────────────────────────────

  /** Seats or re-seats a player, or adds a spectator; answers the member with `joined`. */
  join(member: Member, role: Role, mode: 'join' | 'resume' = 'join'): Promise<OnlineError | null> {
    return this.serial(() => join(this, member, role, mode));
  }

  /** The member leaves (closed connection, `leave`, another table): a seated player is away. */
  leave(member: Member): Promise<void> {
    return this.serial(() => leave(this, member));
  }

  // ── The shot clock's expiry (room/clock.ts) ────────────────────────────────────────────────

  /** The clock ran out on the shot at `seq`: the referee rules slow play (room/clock.ts). */
  clockExpired(seq: number): Promise<void> {
    return clockExpired(this, seq, async (action, next, ruling) => {
      await this.commit(action, next, ruling, null, null);
    });
  }

  // ── Intents (their checks: room/intents.ts) ────────────────────────────────────────────────

  stroke(member: Member, message: Extract<ClientMessage, { type: 'stroke' }>): Promise<OnlineError | null> {
    return this.serial(async () => {
      const actor = actorOf(this, member, message.seq);
      if ('code' in actor) return actor;
      const { seat, state } = actor;
      const refused = strokeRefusal(state, seat, message.stroke);
      if (refused !== null) return refused;
      const simulated = await (this.deps.simulate ?? inlineSimulator)(state, message.stroke);
      if (!simulated.ok) return simulationRefusal(simulated.error);
      const applied = applyAction(state, simulated.value.action);
      if (!applied.ok) {
        const field = `/stroke${applied.error.field}`;
        return fail('intent/refused', field, applied.error.message, applied.error.code);
      }
      const { action } = simulated.value;
      return this.commit(action, applied.value.state, applied.value.ruling, seat, message.stroke);
    });
  }

  decision(
    member: Member,
    message: Extract<ClientMessage, { type: 'decision' }>,
  ): Promise<OnlineError | null> {
    return this.serial(async () => {
      faultPoint('decision');
      const actor = actorOf(this, member, message.seq);
      if ('code' in actor) return actor;
      const { seat, state } = actor;
      const action: DecisionIntent = message.action;
      const refused = decisionRefusal(state, seat, this.lag, action);
      if (refused !== null) return refused;
      const applied = applyAction(state, action);
      if (!applied.ok) {
        const e = applied.error;
        return fail('intent/refused', `action.${e.field}`, e.message, e.code);
      }
      return this.commit(action, applied.value.state, applied.value.ruling, seat, null);
    });
  }

  extension(
    member: Member,
    message: Extract<ClientMessage, { type: 'extension' }>,
  ): Promise<OnlineError | null> {
    return this.serial(async () => {
      const actor = actorOf(this, member, message.seq);
      if ('code' in actor) return actor;
      const { seat, state } = actor;
      const refused = extensionRefusal(state, seat);
      if (refused !== null) return refused;
      const action: Action = { type: 'extension', player: seat };
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
    if (this.cutOff()) {
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
      : roomClock(this, next, { clock: this.clock, extension: action.type === 'extension' });
    this.status = previousStatus;
    const patch: TablePatch = {
      lagWinner: lag?.winner ?? null,
      clock,
      scores: next.scores,
      framesWon: next.framesWon,
      ...(finished ? { status: 'finished' as const, winner } : {}),
    };
    const ratings =
      finished && winner !== null && this.options.rated
        ? await ratingUpdates(this.deps.store, this.options.variant, this.seats, winner, this.deps.now())
        : null;
    const row: StoredAction = { seq, action: recorded, stroke, by, at: now };
    let stored: boolean;
    faultPoint('before-append');
    try {
      stored = await this.deps.store.appendAction(this.id, row, patch, ratings ?? [], this.fence());
    } catch (caught) {
      this.deps.log(`table ${this.id}: append failed: ${(caught as Error).message}`);
      return unstored(caught, 'the action', 'changed');
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
    setClock(this, clock);
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
      this.broadcast({
        type: 'finished',
        tableId: this.id,
        winner,
        ratings: ratingChanges(this.seats, ratings),
      });
      this.presence();
    }
    this.deps.afterStored?.(this);
    return null;
  }

  // ── Chat and desync reports ────────────────────────────────────────────────────────────────

  chat(member: Member, text: string): Promise<OnlineError | null> {
    return this.serial(() => chat(this, member, text));
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
    return tableState(this);
  }

  /** Whom the next move belongs to (for tests and the lobby). */
  toAct(): Player | null {
    return toAct(this.state, this.lag);
  }

  /** Members connected to this room (seated and watching). */
  members(): number {
    return this.spectators.size + this.seats.filter((s) => s?.member != null).length;
  }

  /** Stops every timer (server shutdown). */
  dispose(): void {
    this.release.dispose();
    stopForfeit(this);
    if (this.clockTimer !== null) this.deps.clearTimer(this.clockTimer);
    this.clockTimer = null;
    for (const s of this.seats) {
      if (s?.graceTimer != null) this.deps.clearTimer(s.graceTimer);
      if (s !== null) s.graceTimer = null;
    }
  }
}
