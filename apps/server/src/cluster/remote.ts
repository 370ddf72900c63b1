/**
 * The owner's side of connections held by other processes of a cluster: each is a `Member` of the
 * room like a local connection, whose `send` and `bind` travel to its process over Redis. Requests
 * (join, an intent, leave) come from that process; the answer is the room's own (null or a typed
 * refusal), or `'not-owner'` when this process no longer holds the table.
 */
import type { ClientMessage, OnlineError, PlayerInfo, Role } from '@pyramid/online';
import type { Player } from '@pyramid/rules';
import type { Member, Room } from '../room.js';
import type { Cluster } from './cluster.js';

/** A connection as another process names it. */
export interface ConnectionRef {
  readonly id: number;
  readonly player: PlayerInfo;
}

export type RemoteRequest = { readonly tableId: string; readonly conn: ConnectionRef } & (
  | { readonly op: 'join'; readonly role: Role; readonly resume?: boolean }
  | { readonly op: 'leave' }
  | { readonly op: 'intent'; readonly message: ClientMessage }
);

export type RemoteAnswer = { readonly error: OnlineError | null | 'not-owner' };

class RemoteMember implements Member {
  tableId: string | null = null;
  constructor(
    private readonly cluster: Cluster,
    readonly process: string,
    private readonly connection: number,
    readonly id: number,
    readonly player: PlayerInfo,
  ) {}

  send(text: string): void {
    this.cluster.notify(this.process, { op: 'send', conn: this.connection, text });
  }

  bind(tableId: string | null, role: Role | null, seat: Player | null): void {
    this.tableId = tableId;
    this.cluster.notify(this.process, { op: 'bind', conn: this.connection, tableId, role, seat });
  }
}

/** Member ids of remote connections: negative, so they never meet a local connection's. */
let nextRemote = -1;

export class RemoteMembers {
  private readonly members = new Map<string, RemoteMember>();
  /** performance.now() since when a process relaying members here has been seen without its presence. */
  private readonly absentSince = new Map<string, number>();

  constructor(
    private readonly cluster: Cluster,
    /** The rooms this process plays (tables.ts). */
    private readonly tables: { readonly rooms: ReadonlyMap<string, Room> },
  ) {}

  async handle(from: string, request: RemoteRequest): Promise<RemoteAnswer> {
    const room = this.tables.rooms.get(request.tableId);
    if (room === undefined || this.cluster.fence(request.tableId) === null) return { error: 'not-owner' };
    const key = `${from}/${request.conn.id}`;
    let member = this.members.get(key);
    if (request.op === 'leave') {
      if (member !== undefined) {
        this.members.delete(key);
        await room.leave(member);
      }
      return { error: null };
    }
    // An intent from a connection this room does not know (it was dropped here, or joined another
    // owner): its process is told to join again, which seats it — never "not joined" for good.
    if (member === undefined && request.op === 'intent') return { error: 'not-owner' };
    if (member === undefined) {
      member = new RemoteMember(this.cluster, from, request.conn.id, nextRemote--, request.conn.player);
      this.members.set(key, member);
    }
    if (request.op === 'join')
      return { error: await room.join(member, request.role, request.resume === true ? 'resume' : 'join') };
    return { error: await intent(room, member, request.message) };
  }

  /** The table moved away: its remote members are the new owner's business. */
  forget(tableId: string): void {
    for (const [key, member] of this.members) if (member.tableId === tableId) this.members.delete(key);
  }

  /**
   * Members whose process is gone leave their rooms: their seats go away. Gone means its presence
   * was missing through two leases (its presence's lifetime) while this process reached Redis
   * without a break: a live process rewrites its presence each third of a lease, and at once when
   * Redis comes back (a restarted Redis has forgotten every key), so a process merely slower to
   * reconnect is never taken for dead and its players keep their seats.
   */
  async sweep(): Promise<void> {
    const processes = [...new Set([...this.members.values()].map((m) => m.process))];
    for (const known of [...this.absentSince.keys()])
      if (!processes.includes(known)) this.absentSince.delete(known);
    if (processes.length === 0) return;
    const alive = await this.cluster.alive(processes);
    const now = performance.now();
    const gone = new Set<string>();
    for (const process of processes) {
      if (alive.has(process)) {
        this.absentSince.delete(process);
        continue;
      }
      const since = this.absentSince.get(process) ?? now;
      this.absentSince.set(process, since);
      if (now - Math.max(since, this.cluster.availableSince()) >= this.cluster.leaseMs * 2) gone.add(process);
    }
    for (const [key, member] of this.members) {
      if (!gone.has(member.process)) continue;
      this.members.delete(key);
      const room = member.tableId === null ? undefined : this.tables.rooms.get(member.tableId);
      if (room !== undefined) await room.leave(member);
    }
  }
}

/** An intent of a member, to its room. */
export function intent(room: Room, member: Member, message: ClientMessage): Promise<OnlineError | null> {
  switch (message.type) {
    case 'stroke':
      return room.stroke(member, message);
    case 'decision':
      return room.decision(member, message);
    case 'extension':
      return room.extension(member, message);
    case 'chat':
      return room.chat(member, message.text);
    case 'desync':
      return room.desync(member, message.seq, message.hash);
    case 'log':
      return room.logRequest(member, message.after);
    default:
      return Promise.resolve({ code: 'protocol/unknown-type', field: '/type', message: 'not an intent' });
  }
}
