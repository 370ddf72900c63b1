/**
 * The table's chat: a line from a seated player or a spectator, stored before it is broadcast. In a
 * cluster a line is the table's like an action: stored only under the lease held now (a process
 * that lost the table, frozen past its lease, stores and broadcasts nothing).
 */
import type { OnlineError, Role } from '@pyramid/online';
import { faultPoint } from '../faults.js';
import type { RoomCore } from './core.js';
import { fail, unstored } from './refusals.js';
import type { Member } from './types.js';

export async function chat(room: RoomCore, member: Member, text: string): Promise<OnlineError | null> {
  const seated = room.seats.some((s) => s?.member === member);
  if (!seated && !room.spectators.has(member))
    return fail('table/not-joined', 'tableId', 'join the table first');
  const role: Role = seated ? 'player' : 'spectator';
  const at = room.deps.now();
  if (room.cutOff())
    return fail('server/unavailable', '', 'the server is cut off from its shared services; nothing said');
  faultPoint('before-chat');
  let id: number;
  try {
    id = await room.deps.store.addChat(
      { tableId: room.id, playerId: member.player.id, role, text, at },
      room.fence(),
    );
  } catch (caught) {
    room.deps.log(`table ${room.id}: chat not stored: ${(caught as Error).message}`);
    return unstored(caught, 'the line', 'said');
  }
  room.broadcast({ type: 'chat', tableId: room.id, line: { id, from: member.player, role, text, at } });
  return null;
}
