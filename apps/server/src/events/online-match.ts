/**
 * A match of a club event played on an online table (issue 27): the director calls a ready match
 * to "online"; the server stores the call with the id of a table it chooses, then opens that table
 * for the two players' accounts with the event's variant, settings, table size and the match's race
 * (rated when the event is). Each action the table stores is the match's live score for the event's
 * watchers; its end is the match's result, reported with `reportPlayedMatch` (once: the store
 * refuses a repeat).
 *
 * Faults. The call is stored before the table is made, under the table id it names: a crash in
 * between leaves a call whose table is missing, and it is made when the director calls the match
 * again (a call of a match already called online opens nothing new) or when a process starts
 * (`recover`). Two processes making it at once make one table: the id is the table's primary key.
 * A process killed after its table finished and before the report is repaired the same way: at
 * start, a finished event table whose match has no result is reported again.
 */
import { err, ok, type Result } from '@pyramid/core';
import {
  type ClubEvent,
  type EventAction,
  type EventError,
  type MatchView,
  ONLINE_TABLE,
  type ResultReason,
  viewEvent,
} from '@pyramid/events';
import {
  MAX_EXTENSIONS_PER_FRAME,
  type MatchLive,
  type OnlineError,
  type PlayerInfo,
  SHOT_CLOCK_MAX_SECONDS,
  SHOT_CLOCK_MIN_SECONDS,
  type TableEvent,
  type TableOptions,
} from '@pyramid/online';
import { DEFAULT_TABLE_SIZE, resolveSettings } from '@pyramid/rules';
import { newId } from '../auth.js';
import { toAct } from '../room/intents.js';
import { fail } from '../room/refusals.js';
import type { StoredRoom } from '../room/types.js';
import type { Store } from '../store/types.js';
import { playerInfo, type Tables } from '../tables.js';
import { reportPlayedMatch } from './report.js';
import type { EventStore, StoredEvent } from './store.js';
import type { EventWatchers } from './watchers.js';

export interface OnlineMatchDeps {
  readonly store: Store;
  readonly events: EventStore;
  readonly tables: Tables;
  readonly watchers: EventWatchers | null;
  readonly now: () => number;
  readonly log: (message: string) => void;
}

/**
 * Test-only fault point, in the format of faults.ts: `PYRAMID_TEST_FAULT=event-before-report:<n>:KILL`
 * kills this process the n-th time an event's table has finished and its result is not reported yet.
 */
const fault = /^event-before-report:(\d+):KILL$/.exec(process.env.PYRAMID_TEST_FAULT ?? '');
let faultsLeft = fault === null ? 0 : Number(fault[1]);

const refusal = (field: string, code: EventError['code'], message: string): Result<never, EventError> =>
  err({ action: 'call', field, code, message });

/** The frames, points and player at the table of a room, as the match's sides a and b. */
function sides(room: StoredRoom, aIsSeat0: boolean) {
  const pair = (p: readonly [number, number]): [number, number] => (aIsSeat0 ? [p[0], p[1]] : [p[1], p[0]]);
  const state = room.state;
  const seat = state === null || state.turn.kind === 'match-over' ? null : toAct(state, room.lag);
  const atTable = seat === null ? null : (seat === 0) === aIsSeat0 ? ('a' as const) : ('b' as const);
  return {
    frames: pair(state?.framesWon ?? [0, 0]),
    points: pair(state?.scores ?? [0, 0]),
    atTable,
  };
}

export class OnlineMatches {
  /** Per table being played here: whether seat 0 is the match's side a. */
  private readonly aSeat0 = new Map<string, boolean>();
  /** Reports under way, by table: one at a time per table in this process. */
  private readonly reporting = new Map<string, Promise<void>>();

  constructor(private readonly deps: OnlineMatchDeps) {}

  /** A director's action this module answers (not the store alone): a call online, an uncall. */
  handles(action: EventAction): boolean {
    return (action.type === 'call' && action.table === ONLINE_TABLE) || action.type === 'uncall';
  }

  /** Answers a director's action `handles` took; the watchers hear of what was stored. */
  async act(
    eventId: string,
    action: EventAction,
    by: string,
  ): Promise<Result<StoredEvent, EventError> | null> {
    const match = (action as { match?: unknown }).match;
    if (typeof match !== 'string')
      return err({ action: action.type, field: '/match', code: 'not-found', message: 'must name a match' });
    return action.type === 'uncall' ? this.uncall(eventId, match, by) : this.call(eventId, match, by);
  }

  /** Stores `action` and tells the event's watchers (the action as stored, for their copies). */
  private async store(eventId: string, action: EventAction): Promise<Result<StoredEvent, EventError> | null> {
    const result = await this.deps.events.act(eventId, action, this.deps.now());
    if (result?.ok === true) this.deps.watchers?.stored(result.value, action);
    return result;
  }

  /**
   * A director calls `match` to an online table. A match already called online is not called again:
   * its table is made if it is missing (the repair after a crash), and the event is answered as it is.
   */
  async call(eventId: string, match: string, by: string): Promise<Result<StoredEvent, EventError> | null> {
    const { events, now } = this.deps;
    const stored = await events.get(eventId);
    if (stored === null) return null;
    const event = stored.event;
    if (!event.spec.directors.includes(by))
      return refusal('/by', 'not-director', `${by} is not a director of this event`);
    const view = event.draw === null ? null : viewEvent(event);
    const found = view?.byId.get(match);
    const called = event.calls[match];
    if (found?.state === 'called' && called?.tableId !== undefined) {
      await this.ensureTable(stored, match);
      return ok(stored);
    }
    // An online table's clock has the bounds of every online table (a shorter one makes every
    // shot a slow-play foul before it can be played, and the server's timers a client's to set).
    const clock = (
      event.spec.settings as { shotClock?: { seconds: number; extensionsPerFrame: number } | null }
    ).shotClock;
    if (
      clock != null &&
      (clock.seconds < SHOT_CLOCK_MIN_SECONDS ||
        clock.seconds > SHOT_CLOCK_MAX_SECONDS ||
        clock.extensionsPerFrame > MAX_EXTENSIONS_PER_FRAME)
    )
      return refusal(
        '/spec/settings/shotClock',
        'invalid',
        `an online table's shot clock is ${SHOT_CLOCK_MIN_SECONDS} to ${SHOT_CLOCK_MAX_SECONDS} s a shot with at most ${MAX_EXTENSIONS_PER_FRAME} extensions a frame`,
      );
    if (found !== undefined && found.state === 'ready') {
      const seated = await this.players(event, found);
      if (!seated.ok) return seated;
    }
    // The package checks the rest (the match is ready, both entries have accounts).
    const result = await this.store(eventId, {
      type: 'call',
      by,
      at: now(),
      match,
      table: ONLINE_TABLE,
      tableId: newId(),
    });
    if (result === null || !result.ok) return result;
    await this.ensureTable(result.value, match);
    return result;
  }

  /**
   * A director takes a match off its table. A match being played online (its table started) is
   * not: its players are at it, and its end is the match's result. A table not started yet is
   * closed, and takes no more players (`seatable`).
   */
  async uncall(eventId: string, match: string, by: string): Promise<Result<StoredEvent, EventError> | null> {
    const { events, now } = this.deps;
    const stored = await events.get(eventId);
    if (stored === null) return null;
    const tableId = stored.event.calls[match]?.tableId;
    if (tableId !== undefined && stored.event.spec.directors.includes(by)) {
      const table = await this.deps.store.table(tableId);
      if (table !== null && table.status !== 'waiting')
        return err({
          action: 'uncall',
          field: '/match',
          code: 'state',
          message: `${match} is being played on online table ${tableId}: enter a result instead`,
        });
    }
    const result = await this.store(eventId, { type: 'uncall', by, at: now(), match });
    // Its table, not started, is closed at once where this process plays it; elsewhere its owner
    // closes it when the next player comes (`seatable`). The uncall is stored either way.
    if (result?.ok === true && tableId !== undefined)
      await this.deps.tables.retire(tableId).catch((caught: unknown) => {
        this.deps.log(`table ${tableId}: not closed after the uncall: ${(caught as Error).message}`);
      });
    return result;
  }

  /**
   * Whether a player may take a seat at `tableId`, an event's table not started yet (room/seats.ts):
   * only while the event still calls the match to it. An uncalled match's table is refused, and
   * the room closes it; a match called again gets a new table.
   */
  async seatable(tableId: string, link: TableEvent): Promise<OnlineError | null> {
    const stored = await this.deps.events.get(link.eventId);
    if (stored?.event.calls[link.match]?.tableId === tableId) return null;
    return fail(
      'table/not-found',
      'tableId',
      `match ${link.match} of this event is no longer called to this table: ask the director`,
    );
  }

  /** The two entries' accounts as players of this server, or why they cannot be seated. */
  private async players(
    event: ClubEvent,
    match: MatchView,
  ): Promise<Result<readonly [PlayerInfo, PlayerInfo], EventError>> {
    const entries = [match.a, match.b].map((id) => event.entries.find((e) => e.id === id));
    const accounts = entries.map((e) => e?.account);
    const found = new Map(
      (await this.deps.store.players(accounts.filter((a): a is string => a !== undefined))).map((p) => [
        p.id,
        p,
      ]),
    );
    const seats: PlayerInfo[] = [];
    for (const [i, entry] of entries.entries()) {
      const player = accounts[i] === undefined ? undefined : found.get(accounts[i] as string);
      if (entry === undefined || player === undefined || player.passwordHash === null)
        return refusal(
          '/table',
          'no-account',
          `${entry?.name ?? '?'} (${entry?.id ?? '?'}) has no account here: an online match seats both players' accounts`,
        );
      seats.push(playerInfo(player));
    }
    return ok([seats[0] as PlayerInfo, seats[1] as PlayerInfo]);
  }

  /** Makes the table an online call names, unless it exists (anywhere). */
  private async ensureTable(stored: StoredEvent, matchId: string): Promise<void> {
    const event = stored.event;
    const tableId = event.calls[matchId]?.tableId;
    if (tableId === undefined || event.draw === null) return;
    if ((await this.deps.store.table(tableId)) !== null) return;
    const match = viewEvent(event).byId.get(matchId);
    if (match === undefined) return;
    const seats = await this.players(event, match);
    if (!seats.ok) throw new Error(`event ${stored.id} ${matchId}: ${seats.error.message}`);
    const { spec } = event;
    const settings = resolveSettings({ ...spec.settings, framesToWin: match.race });
    if (!settings.ok) throw new Error(`event ${stored.id}: settings: ${settings.error.message}`);
    const options: TableOptions = {
      variant: spec.variant,
      tableSize: spec.tableSize,
      settings: settings.value,
      rated: spec.rated,
      public: spec.public,
      event: { eventId: stored.id, match: matchId },
    };
    const start =
      spec.tableSize === DEFAULT_TABLE_SIZE ? { from: 'rack' } : { from: 'rack', tableSize: spec.tableSize };
    await this.deps.tables.openWith(tableId, options, start, seats.value);
  }

  /** The room stored an action (room.ts `afterStored`): the live score, and at the end the result. */
  stored(room: StoredRoom): void {
    const link = room.options.event;
    if (link === undefined) return;
    void this.follow(room, link.eventId, link.match).catch((caught: unknown) =>
      this.deps.log(`table ${room.id}: event ${link.eventId}: ${(caught as Error).message}`),
    );
  }

  private async follow(room: StoredRoom, eventId: string, match: string): Promise<void> {
    // Which seat is side a never changes for a table: the event is read once for it, and at the end.
    let aIsSeat0 = this.aSeat0.get(room.id);
    let stored: StoredEvent | null = null;
    if (aIsSeat0 === undefined || room.status === 'finished') {
      stored = await this.deps.events.get(eventId);
      if (stored === null) return;
      const found = this.aIsSeat0(stored.event, match, room);
      if (found === null) return;
      aIsSeat0 = found;
      this.aSeat0.set(room.id, found);
    }
    const live: MatchLive = {
      source: { kind: 'online', tableId: room.id },
      ...sides(room, aIsSeat0),
      race: room.options.settings.framesToWin,
      seq: room.seq,
      lastRuling: room.log[room.log.length - 1]?.ruling.explanation.en ?? null,
      at: room.updatedAt,
    };
    this.deps.watchers?.live(eventId, match, live);
    if (room.status === 'finished' && stored !== null) {
      this.aSeat0.delete(room.id);
      await this.report(room, stored, match, aIsSeat0);
    }
  }

  /** Whether seat 0 is the match's side a (by account); null when the room is not the match's. */
  private aIsSeat0(event: ClubEvent, match: string, room: StoredRoom): boolean | null {
    if (event.draw === null) return null;
    const m = viewEvent(event).byId.get(match);
    const account = (id: string | null) => event.entries.find((e) => e.id === id)?.account;
    const a = account(m?.a ?? null);
    const b = account(m?.b ?? null);
    const seat0 = room.seats[0]?.player.id;
    if (seat0 === a && room.seats[1]?.player.id === b) return true;
    if (seat0 === b && room.seats[1]?.player.id === a) return false;
    return null;
  }

  /** Reports a finished room's result to its event (a repeat is refused by the store and changes nothing). */
  private report(room: StoredRoom, stored: StoredEvent, match: string, aIsSeat0: boolean): Promise<void> {
    const pending = this.reporting.get(room.id);
    if (pending !== undefined) return pending;
    const run = this.send(room, stored, match, aIsSeat0).finally(() => this.reporting.delete(room.id));
    this.reporting.set(room.id, run);
    return run;
  }

  private async send(room: StoredRoom, stored: StoredEvent, match: string, aIsSeat0: boolean): Promise<void> {
    if (room.winner === null) return;
    if (stored.event.calls[match]?.tableId !== room.id) return;
    if (fault !== null && faultsLeft > 0 && --faultsLeft === 0) process.kill(process.pid, 'SIGKILL');
    const { frames } = sides(room, aIsSeat0);
    const winner = (room.winner === 0) === aIsSeat0 ? ('a' as const) : ('b' as const);
    // A forfeit (the opponent never came back, room/forfeit.ts) ends the match short of its race.
    const forfeited = room.state?.turn.kind !== 'match-over';
    const decided: { reason: ResultReason; winner: 'a' | 'b' } | undefined = forfeited
      ? { reason: 'retirement', winner }
      : undefined;
    const result = await reportPlayedMatch(
      { events: this.deps.events, watchers: this.deps.watchers },
      { eventId: stored.id, match, frames, tableId: room.id, ...(decided === undefined ? {} : { decided }) },
      this.deps.now(),
    );
    if (result !== null && !result.ok && result.error.code !== 'state')
      this.deps.log(`table ${room.id}: event ${stored.id} ${match}: result refused: ${result.error.message}`);
  }

  /**
   * At start: every online call of an unfinished event gets its table if it is missing, and a
   * finished table whose match has no result yet is reported. Returns how many of each.
   */
  async recover(): Promise<{ made: number; reported: number }> {
    let made = 0;
    let reported = 0;
    for (const id of await this.deps.events.unfinishedIds()) {
      const stored = await this.deps.events.get(id);
      if (stored === null) continue;
      for (const [match, call] of Object.entries(stored.event.calls)) {
        if (call.tableId === undefined) continue;
        try {
          const table = await this.deps.store.table(call.tableId);
          if (table === null) {
            await this.ensureTable(stored, match);
            made++;
          } else if (table.status === 'finished') {
            const room = await this.deps.tables.room(call.tableId);
            const aIsSeat0 = room === null ? null : this.aIsSeat0(stored.event, match, room);
            if (room === null || aIsSeat0 === null) continue;
            await this.report(room, stored, match, aIsSeat0);
            reported++;
          }
        } catch (caught) {
          this.deps.log(`event ${id} ${match}: not recovered: ${(caught as Error).message}`);
        }
      }
    }
    return { made, reported };
  }
}
