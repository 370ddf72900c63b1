/** The seats and their presence on their own (room/seats.ts), on a fake room with hand-driven timers. */
import { describe, expect, it } from 'vitest';
import { bothPresent, emptySeat, join, leave, seatIndexOf } from '../src/room/seats.js';
import { ANNA, BORIS, FakeMember, FakeRoom, settle } from './room-fake.js';

describe('the seats', () => {
  it('finds a player’s seat and whether both are there', () => {
    const seats = [emptySeat(ANNA), { ...emptySeat(BORIS), presence: 'present' as const }] as const;
    expect(seatIndexOf([...seats], 'boris')).toBe(1);
    expect(seatIndexOf([...seats], 'vera')).toBeNull();
    expect(bothPresent([...seats])).toBe(false);
  });

  it('two players joining a waiting table start the match, the seats stored', async () => {
    const room = new FakeRoom();
    const anna = new FakeMember(ANNA);
    const boris = new FakeMember(BORIS);
    expect(await join(room, anna, 'player', 'join')).toBeNull();
    expect(anna.bound).toEqual({ tableId: 'table-1', role: 'player', seat: 0 });
    expect(anna.got.map((m) => m.type)).toEqual(['joined']);
    expect(room.status).toBe('waiting');
    expect(await join(room, boris, 'player', 'join')).toBeNull();
    expect(room.status).toBe('playing');
    expect(room.state).not.toBeNull();
    expect(room.updates.at(-1)).toMatchObject({ status: 'playing', seats: ['anna', 'boris'] });
    expect(
      await join(room, new FakeMember({ id: 'vera', name: 'Vera', account: false }), 'player', 'join'),
    ).toMatchObject({
      code: 'table/full',
    });
  });

  it('a newer tab takes the seat; the older one is told and watches', async () => {
    const room = new FakeRoom();
    const first = new FakeMember(ANNA);
    const second = new FakeMember(ANNA);
    await join(room, first, 'player', 'join');
    await join(room, second, 'player', 'join');
    expect(room.seats[0]?.member).toBe(second);
    expect(room.spectators.has(first)).toBe(true);
    expect(first.got.map((m) => m.type)).toContain('superseded');
  });

  it('a player who drops is away for the grace period, then the match is adjourned', async () => {
    const room = new FakeRoom();
    const anna = new FakeMember(ANNA);
    const boris = new FakeMember(BORIS);
    await join(room, anna, 'player', 'join');
    await join(room, boris, 'player', 'join');
    await leave(room, boris);
    expect(room.seats[1]).toMatchObject({ presence: 'away', awayUntil: room.timers.t + 120_000 });
    room.timers.advance(120_000);
    await settle();
    expect(room.seats[1]?.presence).toBe('absent');
    expect(room.status).toBe('adjourned');
    expect(room.updates.at(-1)).toMatchObject({ status: 'adjourned' });
  });

  it('a player who leaves a match not started gives the seat back', async () => {
    const room = new FakeRoom();
    const anna = new FakeMember(ANNA);
    await join(room, anna, 'player', 'join');
    await leave(room, anna);
    expect(room.seats[0]).toBeNull();
    expect(room.updates.at(-1)).toEqual({ seats: [null, null] });
  });
});
