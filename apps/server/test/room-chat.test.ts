/** The table's chat on its own (room/chat.ts): stored, then broadcast; refused with nothing said. */
import { describe, expect, it } from 'vitest';
import { chat } from '../src/room/chat.js';
import { emptySeat } from '../src/room/seats.js';
import { FencedError } from '../src/store/types.js';
import { ANNA, BORIS, FakeMember, FakeRoom, fakeStore, Timers } from './room-fake.js';

describe('chat', () => {
  it('a seated player’s line is stored and then broadcast; a stranger is refused', async () => {
    const lines: unknown[] = [];
    const room = new FakeRoom(new Timers(), {}, fakeStore({ addChat: async (line) => lines.push(line) }));
    const anna = new FakeMember(ANNA);
    room.seats[0] = { ...emptySeat(ANNA), member: anna };
    expect(await chat(room, anna, 'hello')).toBeNull();
    expect(lines).toEqual([
      { tableId: 'table-1', playerId: 'anna', role: 'player', text: 'hello', at: room.timers.t },
    ]);
    expect(room.broadcasts).toMatchObject([{ type: 'chat', line: { id: 1, text: 'hello', role: 'player' } }]);
    expect(await chat(room, new FakeMember(BORIS), 'hi')).toMatchObject({ code: 'table/not-joined' });
    expect(lines).toHaveLength(1);
  });

  it('nothing is said when the table moved or the services are cut off', async () => {
    const room = new FakeRoom(
      new Timers(),
      {},
      fakeStore({
        addChat: async () => {
          throw new FencedError('table-1', { owner: 'p', token: 1 });
        },
      }),
    );
    const watcher = new FakeMember(BORIS);
    room.spectators.add(watcher);
    expect(await chat(room, watcher, 'hi')).toMatchObject({ code: 'server/unavailable' });
    room.isCutOff = true;
    expect(await chat(room, watcher, 'hi')).toMatchObject({ code: 'server/unavailable' });
    expect(room.broadcasts).toEqual([]);
  });
});
