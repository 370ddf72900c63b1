/** The shot clock on its own (room/clock.ts, п.26), on a fake room with hand-driven timers. */
import { newMatch } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import {
  clockExpired,
  clockInfo,
  freshClock,
  pauseClockFor,
  pausedClock,
  RESTART_MIN_CLOCK_MS,
  restartedClock,
  resumeClock,
  setClock,
} from '../src/room/clock.js';
import { emptySeat } from '../src/room/seats.js';
import { ANNA, BORIS, FakeRoom, settingsOf } from './room-fake.js';

const CLOCKED = newMatch('free', {
  breaker: 0,
  settings: { shotClock: { seconds: 30, extensionsPerFrame: 2 } },
});

describe('the shot clock', () => {
  it('starts full for the player to shoot, running only while he is there', () => {
    expect(freshClock(CLOCKED, () => true, 1000, null)).toEqual({
      player: 0,
      deadline: 31_000,
      remainingMs: 30_000,
    });
    expect(freshClock(CLOCKED, () => false, 1000, null)).toEqual({
      player: 0,
      deadline: null,
      remainingMs: 30_000,
    });
    expect(freshClock(newMatch('free', { breaker: 0 }), () => true, 1000, null)).toBeNull();
  });

  it('an extension adds a full period to the clock running or paused', () => {
    const running = { player: 0 as const, deadline: 5000, remainingMs: 0 };
    expect(freshClock(CLOCKED, () => true, 1000, { clock: running, extension: true })).toEqual({
      player: 0,
      deadline: 35_000,
      remainingMs: 0,
    });
    const paused = { player: 0 as const, deadline: null, remainingMs: 4000 };
    expect(freshClock(CLOCKED, () => true, 1000, { clock: paused, extension: true })).toEqual({
      player: 0,
      deadline: null,
      remainingMs: 34_000,
    });
  });

  it('pauses with the time left, and after a restart keeps at least its minimum', () => {
    expect(pausedClock({ player: 1, deadline: 9000, remainingMs: 30_000 }, 4000)).toEqual({
      player: 1,
      deadline: null,
      remainingMs: 5000,
    });
    expect(restartedClock({ player: 1, deadline: 9000, remainingMs: 30_000 }, 8000).remainingMs).toBe(
      RESTART_MIN_CLOCK_MS,
    );
    expect(restartedClock({ player: 1, deadline: null, remainingMs: 25_000 }, 8000).remainingMs).toBe(25_000);
  });

  it('shows the server time, the time left and the extensions left', () => {
    const state = { ...CLOCKED, extensionsUsed: [1, 0] as [number, number] };
    expect(clockInfo({ player: 0, deadline: 10_000, remainingMs: 30_000 }, state, 4000)).toEqual({
      player: 0,
      deadline: 10_000,
      remainingMs: 6000,
      serverNow: 4000,
      paused: false,
      extensionsLeft: 1,
    });
  });

  it('fires at its deadline for the seq it was set at', () => {
    const room = new FakeRoom();
    room.seq = 7;
    setClock(room, { player: 0, deadline: room.timers.t + 30_000, remainingMs: 30_000 });
    room.timers.advance(29_999);
    return Promise.resolve().then(async () => {
      expect(room.expired).toEqual([]);
      room.timers.advance(1);
      await new Promise((r) => setImmediate(r));
      expect(room.expired).toEqual([7]);
    });
  });

  it('pauses for the player who went away and resumes when he is back, stored and announced', async () => {
    const room = new FakeRoom(undefined, {
      settings: settingsOf({ shotClock: { seconds: 30, extensionsPerFrame: 0 } }),
    });
    room.status = 'playing';
    room.state = CLOCKED;
    room.seats[0] = { ...emptySeat(ANNA), presence: 'away' };
    room.seats[1] = { ...emptySeat(BORIS), presence: 'present' };
    setClock(room, { player: 0, deadline: room.timers.t + 30_000, remainingMs: 30_000 });
    room.timers.t += 10_000;
    await pauseClockFor(room, 0);
    expect(room.clock).toEqual({ player: 0, deadline: null, remainingMs: 20_000 });
    expect(room.updates).toEqual([{ clock: room.clock }]);
    expect(room.broadcasts.map((m) => m.type)).toEqual(['clock']);
    room.seats[0]!.presence = 'present';
    await resumeClock(room);
    expect(room.clock).toEqual({ player: 0, deadline: room.timers.t + 20_000, remainingMs: 20_000 });
  });

  it('at expiry has the referee rule slow play, and commits it', async () => {
    const room = new FakeRoom();
    room.status = 'playing';
    room.state = CLOCKED;
    room.clock = { player: 0, deadline: room.timers.t, remainingMs: 0 };
    const committed: unknown[] = [];
    await clockExpired(room, 0, async (action) => {
      committed.push(action);
    });
    expect(committed).toEqual([{ type: 'foul', player: 0, foul: 'slow-play' }]);
    // An early timer (the deadline not reached) is armed again instead.
    room.clock = { player: 0, deadline: room.timers.t + 5000, remainingMs: 5000 };
    await clockExpired(room, 0, async (action) => {
      committed.push(action);
    });
    expect(committed).toHaveLength(1);
    expect(room.clockTimer).not.toBeNull();
  });
});
