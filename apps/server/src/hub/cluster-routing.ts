/**
 * The hub's routing in a cluster: a table's messages go to the process that plays it. A join
 * finds where the table is played (taking it here when nobody does) and an intent for a table
 * played elsewhere is forwarded to its owner over Redis (cluster/forward.ts); when a table moves
 * (its lease lost here, or its owner gone), each connection joins it again where it is played
 * now. It also answers the cluster: requests for tables held here, messages for this process's
 * connections, lost leases, the services' health and each round's sweep.
 */
import type { ClientMessage, OnlineError, Role, ServerMessage } from '@pyramid/online';
import type { Player } from '@pyramid/rules';
import { type Cluster, type ClusterHandlers, NO_ANSWER } from '../cluster/cluster.js';
import { forward } from '../cluster/forward.js';
import { type ConnectionRef, intent, RemoteMembers, type RemoteRequest } from '../cluster/remote.js';
import type { Tables } from '../tables.js';
import type { Connection } from './connection.js';
import { chatLimited, notJoined, OneProcessRouting, type RoutingHost } from './routing.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const unavailable = (message: string): OnlineError => ({ code: 'server/unavailable', field: '', message });

export class ClusterRouting extends OneProcessRouting implements ClusterHandlers {
  private readonly remote: RemoteMembers;
  private hub: RoutingHost | null = null;

  constructor(
    tables: Tables,
    private readonly cluster: Cluster,
  ) {
    super(tables);
    this.remote = new RemoteMembers(cluster, tables);
  }

  override attach(host: RoutingHost): void {
    this.hub = host;
  }

  private get host(): RoutingHost {
    if (this.hub === null) throw new Error('the cluster routing serves no hub yet');
    return this.hub;
  }

  override playerOnline(playerId: string, online: boolean): void {
    this.cluster.playerOnline(playerId, online);
  }

  override async handle(connection: Connection, message: ClientMessage): Promise<OnlineError | null> {
    const cluster = this.cluster;
    if (message.type !== 'leave' && 'tableId' in message) {
      if (!cluster.available()) return unavailable('the server is cut off from its shared services');
      if (message.type === 'join')
        return this.joinCluster(cluster, connection, message.tableId, message.role);
      if (connection.tableId !== message.tableId) return notJoined;
      if (message.type === 'chat' && !connection.chatBucket.take()) return chatLimited;
      const route = connection.route;
      if (route === null) {
        void this.rejoin(connection);
        return unavailable('the table is moving to another server process');
      }
      if (route !== 'here') return this.forward(cluster, connection, route, message);
      if (!this.tables.rooms.has(message.tableId)) {
        void this.rejoin(connection);
        return unavailable('the table is moving to another server process');
      }
    }
    return super.handle(connection, message);
  }

  override async leave(connection: Connection): Promise<void> {
    const id = connection.tableId;
    if (id === null) return;
    const route = connection.route;
    connection.route = null;
    connection.wantedRole = null;
    if (route !== null && route !== 'here') {
      // The owner need not answer: a dead owner's successor starts with every seat away anyway.
      void this.cluster.request(route.owner, this.remoteBody(connection, id, { op: 'leave' }));
    } else {
      const room = this.tables.rooms.get(id);
      if (room !== undefined) await room.leave(connection);
    }
    connection.bind(null, null, null);
  }

  private ref(connection: Connection): ConnectionRef {
    return { id: connection.id, player: connection.player };
  }

  private remoteBody(
    connection: Connection,
    tableId: string,
    body:
      | { op: 'join'; role: Role; resume?: boolean }
      | { op: 'leave' }
      | { op: 'intent'; message: ClientMessage },
  ): RemoteRequest {
    return { ...body, tableId, conn: this.ref(connection) } as RemoteRequest;
  }

  /**
   * Joins a table wherever it is played: here (taking its lease when nobody holds it), or on the
   * process holding it, through which every later intent goes. The connection listens to the
   * table's topic before the join is sent, so that no broadcast after the join is missed. While
   * the owner does not answer (dead, paused or cut off), the join waits for its lease to expire and
   * then takes the table here — bounded by two lease periods.
   */
  private async joinCluster(
    cluster: Cluster,
    connection: Connection,
    tableId: string,
    role: Role,
    mode: 'join' | 'resume' = 'join',
  ): Promise<OnlineError | null> {
    connection.joining++;
    try {
      return await this.joinWhereHeld(cluster, connection, tableId, role, mode);
    } finally {
      connection.joining--;
    }
  }

  private async joinWhereHeld(
    cluster: Cluster,
    connection: Connection,
    tableId: string,
    role: Role,
    mode: 'join' | 'resume',
  ): Promise<OnlineError | null> {
    if (connection.tableId !== null && connection.tableId !== tableId) await this.leave(connection);
    connection.wantedRole = role;
    connection.bind(tableId, connection.role, connection.seat);
    await cluster.bus.ready();
    const deadline = performance.now() + cluster.leaseMs * 2 + 2000;
    const give = (error: OnlineError | null): OnlineError | null => {
      if (error !== null && error.code !== 'server/unavailable') {
        connection.route = null;
        connection.wantedRole = null;
        connection.bind(null, null, null);
      }
      return error;
    };
    while (performance.now() < deadline && cluster.available()) {
      const place = await this.tables.locate(tableId);
      if (place.at === 'none')
        return give({ code: 'table/not-found', field: 'tableId', message: 'no such table' });
      if (place.at === 'here') {
        connection.route = 'here';
        return give(await place.room.join(connection, role, mode));
      }
      connection.route = { owner: place.owner, token: place.token };
      const answer = await cluster.request(
        place.owner,
        this.remoteBody(connection, tableId, { op: 'join', role, resume: mode === 'resume' }),
      );
      if (answer === NO_ANSWER) {
        await sleep(cluster.leaseMs / 3);
        continue;
      }
      const error = (answer as { error: OnlineError | null | 'not-owner' }).error;
      if (error === 'not-owner') {
        await sleep(20);
        continue;
      }
      return give(error);
    }
    connection.route = null;
    return unavailable('the server holding this table does not answer; it is being moved');
  }

  /** An intent for a table played on another process (cluster/forward.ts says what the client is told). */
  private forward(
    cluster: Cluster,
    connection: Connection,
    route: { readonly owner: string; readonly token: number },
    message: ClientMessage,
  ): Promise<OnlineError | null> {
    const tableId = connection.tableId;
    if (tableId === null) return Promise.resolve(notJoined);
    const body = this.remoteBody(connection, tableId, { op: 'intent', message });
    return forward(
      {
        cluster,
        room: (id) => this.tables.rooms.get(id),
        local: (room) => intent(room, connection, message),
        rejoin: () => void this.rejoin(connection),
        closing: () => this.host.closing(),
      },
      connection,
      route,
      body as RemoteRequest & { op: 'intent' },
    );
  }

  /** Joins the connection's table again where it is played now (the table moved); the answer is `joined`. */
  private async rejoin(connection: Connection): Promise<void> {
    const cluster = this.cluster;
    const tableId = connection.tableId;
    const role = connection.wantedRole;
    if (connection.joining > 0 || tableId === null || role === null) return;
    if (!cluster.available()) return;
    connection.route = null;
    try {
      // A join of its own: it never takes the seat from a newer connection of the same player.
      const error = await this.joinCluster(cluster, connection, tableId, role, 'resume');
      if (error !== null && error.code !== 'server/unavailable') this.host.refuse(connection, error);
    } catch (caught) {
      this.host.log(`connection ${connection.id}: rejoin: ${(caught as Error).message}`);
    }
  }

  /** A request from another process for a table held here. */
  async request(from: string, body: unknown): Promise<unknown> {
    if ((body as { op?: string }).op === 'lobby') return { tables: this.tables.heldInfos() };
    return this.remote.handle(from, body as RemoteRequest);
  }

  /** A one-way message from an owner to one of this process's connections. */
  message(body: unknown): void {
    const m = body as
      | { op: 'send'; conn: number; text: string }
      | { op: 'bind'; conn: number; tableId: string | null; role: Role | null; seat: Player | null };
    const connection = this.host.byId.get(m.conn);
    if (connection === undefined) return;
    if (m.op === 'send') connection.send(m.text);
    // Only a role change within the table: this process subscribes and unsubscribes by itself.
    else if (m.tableId !== null && m.tableId === connection.tableId)
      connection.bind(m.tableId, m.role, m.seat);
  }

  lost(tableId: string): void {
    this.tables.drop(tableId);
    this.remote.forget(tableId);
    for (const c of this.host.connections) {
      if (c.tableId === tableId && c.route === 'here') {
        c.route = null;
        void this.rejoin(c);
      }
    }
  }

  health(available: boolean, why: string): void {
    const text = JSON.stringify({ type: 'service', available, message: why } satisfies ServerMessage);
    for (const c of this.host.connections) if (c.authenticated) c.send(text);
  }

  /** Each round: tables played elsewhere that moved (or whose owner stopped renewing), dead askers. */
  async tick(): Promise<void> {
    const cluster = this.cluster;
    if (!cluster.available()) return;
    await this.remote.sweep();
    const byTable = new Map<string, Connection[]>();
    for (const c of this.host.connections) {
      if (c.tableId === null || c.route === 'here' || c.joining > 0) continue;
      const list = byTable.get(c.tableId) ?? [];
      list.push(c);
      byTable.set(c.tableId, list);
    }
    // One query for every table played elsewhere (not one a table: hundreds of rooms per round).
    const leases = await cluster.store.leases([...byTable.keys()]);
    for (const [tableId, list] of byTable) {
      const lease = leases.get(tableId) ?? null;
      for (const c of list) {
        const route = c.route;
        const moved =
          route === null ||
          route === 'here' ||
          lease === null ||
          lease.token !== route.token ||
          lease.expiresAt <= lease.now;
        if (moved) void this.rejoin(c);
      }
    }
  }
}
