/**
 * Where the hub sends a table's messages (join, leave, the intents), chosen once at start
 * (server.ts): to the rooms of this process (`OneProcessRouting`), or, in a cluster, to the
 * process that plays the table (`ClusterRouting`, hub/cluster-routing.ts). The hub checks the
 * connection and the message first (hub.ts) and never asks which routing it has.
 */
import type { ClientMessage, OnlineError } from '@pyramid/online';
import type { Tables } from '../tables.js';
import type { Connection } from './connection.js';

/** What a routing needs of the hub: its connections and how it refuses. */
export interface RoutingHost {
  readonly connections: ReadonlySet<Connection>;
  readonly byId: ReadonlyMap<number, Connection>;
  refuse(connection: Connection, error: OnlineError): void;
  /** The hub is shutting down. */
  closing(): boolean;
  log(message: string): void;
}

export interface TableRouting {
  /** Called once by the hub it serves. */
  attach(host: RoutingHost): void;
  /** A message about a table (not hello, ping nor events) of a signed-in connection. */
  handle(connection: Connection, message: ClientMessage): Promise<OnlineError | null>;
  /** The connection leaves its table (closed, another table, `leave`, another player). */
  leave(connection: Connection): Promise<void>;
  /** A player's connection came or went (a cluster counts them). */
  playerOnline(playerId: string, online: boolean): void;
}

export const notJoined: OnlineError = {
  code: 'table/not-joined',
  field: 'tableId',
  message: 'join this table first',
};

export const chatLimited: OnlineError = {
  code: 'rate/limited',
  field: 'text',
  message: 'too many chat lines: wait a little',
};

/** Every table is played here, by this process's rooms. */
export class OneProcessRouting implements TableRouting {
  constructor(protected readonly tables: Tables) {}

  attach(_host: RoutingHost): void {}

  playerOnline(_playerId: string, _online: boolean): void {}

  async handle(connection: Connection, message: ClientMessage): Promise<OnlineError | null> {
    switch (message.type) {
      case 'join': {
        const room = await this.tables.room(message.tableId);
        if (room === null) return { code: 'table/not-found', field: 'tableId', message: 'no such table' };
        if (connection.tableId !== null && connection.tableId !== message.tableId)
          await this.leave(connection);
        return room.join(connection, message.role);
      }
      case 'leave':
        if (connection.tableId !== message.tableId) return notJoined;
        await this.leave(connection);
        return null;
      case 'chat': {
        const room = this.joined(connection, message.tableId);
        if (room === null) return notJoined;
        if (!connection.chatBucket.take()) return chatLimited;
        return room.chat(connection, message.text);
      }
      case 'stroke':
        return this.joined(connection, message.tableId)?.stroke(connection, message) ?? notJoined;
      case 'decision':
        return this.joined(connection, message.tableId)?.decision(connection, message) ?? notJoined;
      case 'extension':
        return this.joined(connection, message.tableId)?.extension(connection, message) ?? notJoined;
      case 'desync':
        return (
          this.joined(connection, message.tableId)?.desync(connection, message.seq, message.hash) ?? notJoined
        );
      case 'log':
        return this.joined(connection, message.tableId)?.logRequest(connection, message.after) ?? notJoined;
      default:
        return null;
    }
  }

  private joined(connection: Connection, tableId: string) {
    if (connection.tableId !== tableId) return null;
    return this.tables.rooms.get(tableId) ?? null;
  }

  async leave(connection: Connection): Promise<void> {
    const id = connection.tableId;
    if (id === null) return;
    connection.route = null;
    connection.wantedRole = null;
    const room = this.tables.rooms.get(id);
    if (room !== undefined) await room.leave(connection);
    connection.bind(null, null, null);
  }
}
