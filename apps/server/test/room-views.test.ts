/** What a room shows of itself (room/views.ts) and the ratings shown at the end (room/ratings.ts). */
import { describe, expect, it } from 'vitest';
import { ratingChanges } from '../src/room/ratings.js';
import { emptySeat } from '../src/room/seats.js';
import { info, record, seatInfo } from '../src/room/views.js';
import { ANNA, BORIS, FakeRoom } from './room-fake.js';

describe('the room’s views', () => {
  it('the lobby line and the seats as shown', () => {
    const room = new FakeRoom();
    room.seats[0] = { ...emptySeat(ANNA), presence: 'away', awayUntil: 5 };
    expect(seatInfo(room.seats)).toEqual([{ player: ANNA, presence: 'away', awayUntil: 5 }, null]);
    expect(info(room)).toMatchObject({ id: 'table-1', status: 'waiting', scores: [0, 0], spectators: 0 });
  });

  it('the record of a forfeited match says so, with its winner', () => {
    const room = new FakeRoom();
    room.seats[0] = emptySeat(ANNA);
    room.seats[1] = emptySeat(BORIS);
    expect(record(room).meta).toEqual({
      generator: 'pyramid server',
      table: 'table-1',
      rated: false,
      status: 'waiting',
      playerIds: ['anna', 'boris'],
    });
    room.status = 'finished';
    room.winner = 1;
    expect(record(room)).toMatchObject({
      players: ['Anna', 'Boris'],
      meta: { result: 'forfeit', winner: 1 },
    });
  });
});

describe('the ratings at the end', () => {
  it('each seat’s change, before and after, or none for an unrated match', () => {
    const seats = [emptySeat(ANNA), emptySeat(BORIS)] as [
      ReturnType<typeof emptySeat>,
      ReturnType<typeof emptySeat>,
    ];
    const r = (rating: number) => ({ rating, rd: 300, volatility: 0.06, games: 0 });
    const updates = [
      { playerId: 'boris', variant: 'free' as const, before: r(1500), after: r(1400) },
      { playerId: 'anna', variant: 'free' as const, before: r(1500), after: r(1600) },
    ];
    expect(ratingChanges(seats, updates)).toEqual([
      { playerId: 'anna', before: r(1500), after: r(1600) },
      { playerId: 'boris', before: r(1500), after: r(1400) },
    ]);
    expect(ratingChanges(seats, null)).toBeNull();
  });
});
