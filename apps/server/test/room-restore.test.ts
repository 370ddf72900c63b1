/** The restore from the store on its own (room/restore.ts): the stored actions replayed by the referee. */
import { describe, expect, it } from 'vitest';
import { type RoomInit, restoreRoom } from '../src/room/restore.js';
import { emptySeat } from '../src/room/seats.js';
import type { StoredAction, StoredTable } from '../src/store/types.js';
import { ANNA, BORIS, FakeRoom, settingsOf, Timers } from './room-fake.js';

const timers = new Timers();
const fresh = () =>
  new FakeRoom(timers, { settings: settingsOf({ shotClock: { seconds: 30, extensionsPerFrame: 0 } }) });
/** The fake room with the seats it is made with. */
const make = (init: RoomInit) => {
  const room = fresh();
  room.status = init.status;
  for (const i of [0, 1] as const) {
    const p = init.seats[i];
    room.seats[i] = p === null ? null : emptySeat(p);
  }
  return room;
};
const players = new Map([
  ['anna', ANNA],
  ['boris', BORIS],
]);
const table = (over: Partial<StoredTable> = {}): StoredTable => ({
  id: 'table-1',
  options: fresh().options,
  start: { from: 'rack' },
  status: 'playing',
  seats: ['anna', 'boris'],
  seq: 0,
  lagWinner: 1,
  clock: { player: 0, deadline: timers.t + 2000, remainingMs: 30_000 },
  winner: null,
  framesWon: [0, 0],
  scores: [0, 0],
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

describe('restoring a room', () => {
  it('replays the stored actions; every seat is away for the grace period', () => {
    const rows: StoredAction[] = [
      { seq: 1, action: { type: 'lag', winner: 1, first: 0 }, stroke: null, by: 1, at: 0 },
    ];
    const room = restoreRoom(make, fresh().deps, table(), rows, players, 'restart');
    expect(room.seq).toBe(1);
    expect(room.log).toHaveLength(1);
    expect(room.seats.map((s) => s?.presence)).toEqual(['away', 'away']);
    expect(room.hash).toMatch(/./);
  });

  it('an action the referee refuses is no table: it throws, naming the table and the action', () => {
    const rows: StoredAction[] = [
      { seq: 1, action: { type: 'extension', player: 1 }, stroke: null, by: 1, at: 0 },
    ];
    expect(() => restoreRoom(make, fresh().deps, table(), rows, players, 'restart')).toThrow(
      /table table-1: stored action 1 does not replay/,
    );
  });

  it('a waiting table is taken as stored, with no match yet', () => {
    const room = restoreRoom(
      make,
      fresh().deps,
      table({ status: 'waiting', clock: null }),
      [],
      players,
      'restart',
    );
    expect(room.state).toBeNull();
    expect(room.seats.map((s) => s?.player.id)).toEqual(['anna', 'boris']);
  });
});
