/** The checks of an intent on their own (room/intents.ts): the refusals, each naming its field. */
import { newMatch } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import { actorOf, decisionRefusal, extensionRefusal, strokeRefusal, toAct } from '../src/room/intents.js';
import { emptySeat } from '../src/room/seats.js';
import { ANNA, BORIS, FakeMember, FakeRoom } from './room-fake.js';

const STATE = newMatch('free', { breaker: 0 });
const CLOCKED = newMatch('free', {
  breaker: 0,
  settings: { shotClock: { seconds: 30, extensionsPerFrame: 1 } },
});

describe('who may act', () => {
  it('a seated member on the current seq; a spectator, a stranger or a stale seq is refused', () => {
    const room = new FakeRoom();
    const anna = new FakeMember(ANNA);
    const watcher = new FakeMember(BORIS);
    room.seats[0] = { ...emptySeat(ANNA), member: anna };
    expect(actorOf(room, anna, 0)).toMatchObject({ code: 'table/not-playing' });
    room.status = 'playing';
    room.state = STATE;
    room.seq = 3;
    expect(actorOf(room, anna, 3)).toEqual({ seat: 0, state: STATE });
    expect(actorOf(room, anna, 2)).toMatchObject({ code: 'state/stale', field: '/seq' });
    expect(actorOf(room, watcher, 3)).toMatchObject({ code: 'table/not-joined', field: '/tableId' });
    room.spectators.add(watcher);
    expect(actorOf(room, watcher, 3)).toMatchObject({ code: 'seat/spectator' });
    const olderTab = new FakeMember(ANNA);
    room.spectators.add(olderTab);
    expect(actorOf(room, olderTab, 3)).toMatchObject({ code: 'seat/superseded' });
  });
});

describe('the intent checks', () => {
  it('a stroke only from the player to shoot, checked by the referee', () => {
    const stroke = { cueBall: 0, strike: { speed: 2, direction: 0 } } as never;
    expect(strokeRefusal(STATE, 1, stroke)).toMatchObject({ code: 'seat/not-your-turn', field: '/type' });
    const refused = strokeRefusal(STATE, 0, { cueBall: 99, strike: { speed: 2, direction: 0 } } as never);
    expect(refused).toMatchObject({ code: 'intent/refused' });
    expect(refused?.field.startsWith('/stroke')).toBe(true);
  });

  it('a decision only when one is due, and a lag only from the lots winner', () => {
    expect(decisionRefusal(STATE, 0, null, { type: 'lag', winner: 0, first: 0 })).toMatchObject({
      code: 'intent/illegal',
      field: '/action/type',
    });
    expect(decisionRefusal(STATE, 0, null, { type: 'respot', player: 0, ball: 1 } as never)).toMatchObject({
      code: 'intent/illegal',
      field: '/action/type',
    });
  });

  it('an extension only with a shot clock, by the player to shoot, while one is left', () => {
    expect(extensionRefusal(STATE, 0)).toMatchObject({ code: 'clock/unavailable' });
    expect(extensionRefusal(CLOCKED, 1)).toMatchObject({ code: 'seat/not-your-turn' });
    expect(extensionRefusal(CLOCKED, 0)).toBeNull();
    const used = { ...CLOCKED, extensionsUsed: [1, 0] as [number, number] };
    expect(extensionRefusal(used, 0)).toMatchObject({ code: 'clock/unavailable' });
  });

  it('names whom the next move belongs to', () => {
    expect(toAct(null, null)).toBeNull();
    expect(toAct(STATE, null)).toBe(0);
  });
});
