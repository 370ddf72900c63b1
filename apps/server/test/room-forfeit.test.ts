/** The forfeit of an adjourned match on its own (room/forfeit.ts), on a fake room with hand-driven timers. */
import { describe, expect, it } from 'vitest';
import { claimForfeit, DEFAULT_FORFEIT_MS, forfeitIn } from '../src/room/forfeit.js';
import { emptySeat } from '../src/room/seats.js';
import { ANNA, BORIS, FakeRoom, fakeStore, settle, Timers } from './room-fake.js';

function adjourned(finished: unknown[]) {
  const room = new FakeRoom(
    new Timers(),
    {},
    fakeStore({
      finishTable: async (...args: unknown[]) => {
        finished.push(args.slice(0, 2));
      },
    }),
  );
  room.status = 'adjourned';
  room.seats[0] = { ...emptySeat(ANNA), presence: 'present' };
  room.seats[1] = { ...emptySeat(BORIS), presence: 'absent' };
  return room;
}

describe('the forfeit of an adjourned match', () => {
  it('counts the time left from the adjournment', () => {
    expect(forfeitIn(1000, 1000 + DEFAULT_FORFEIT_MS - 5, DEFAULT_FORFEIT_MS)).toBe(5);
    expect(forfeitIn(1000, 1000 + DEFAULT_FORFEIT_MS + 5, DEFAULT_FORFEIT_MS)).toBe(0);
  });

  it('goes to the player who is there once the time is up, stored, then announced', async () => {
    const finished: unknown[] = [];
    const room = adjourned(finished);
    room.adjournedAt = room.timers.t;
    expect(await claimForfeit(room, 0)).toBeNull();
    expect(room.status).toBe('adjourned');
    room.timers.advance(DEFAULT_FORFEIT_MS);
    await settle();
    expect(finished).toEqual([['table-1', { status: 'finished', winner: 0, clock: null }]]);
    expect(room.status).toBe('finished');
    expect(room.winner).toBe(0);
    expect(room.broadcasts.map((m) => m.type)).toEqual(['finished', 'presence']);
  });

  it('is nobody’s while his opponent is back too, and nothing is stored when cut off', async () => {
    const finished: unknown[] = [];
    const room = adjourned(finished);
    room.adjournedAt = room.timers.t - DEFAULT_FORFEIT_MS;
    room.seats[1]!.presence = 'present';
    expect(await claimForfeit(room, 0)).toBeNull();
    room.seats[1]!.presence = 'absent';
    room.isCutOff = true;
    expect(await claimForfeit(room, 0)).toMatchObject({ code: 'server/unavailable' });
    expect(finished).toEqual([]);
    expect(room.status).toBe('adjourned');
  });
});
