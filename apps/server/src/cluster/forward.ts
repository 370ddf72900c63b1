/**
 * An intent for a table played on another process: sent to its owner, the answer relayed. What a
 * client is told is only what is known. The owner's answer says it; when the owner does not answer
 * in time (dead, frozen, cut off) the question stays open:
 *
 * - while the owner still holds the lease it may yet store the intent, and its late answer is
 *   relayed (an owner frozen longer than the request timeout but shorter than its lease);
 * - once the table has moved (the route's token changed) the old owner can store nothing more, and
 *   what it did store is in PostgreSQL: an intent found stored there is answered as played; one not
 *   found is sent to the table's new place (safe: it names the seq it was made on, so it is never
 *   applied twice);
 * - when neither happens in time (two leases after the owner's lease stopped being renewed, at
 *   most 20 s), the answer is `server/outcome-unknown` ("take the state"), never
 *   `server/unavailable` ("nothing changed"), which nobody could know.
 */
import { canonicalJson } from '@pyramid/core';
import type { ClientMessage, OnlineError } from '@pyramid/online';
import type { Player } from '@pyramid/rules';
import type { Room } from '../room.js';
import { type Cluster, NO_ANSWER } from './cluster.js';
import type { RemoteAnswer, RemoteRequest } from './remote.js';

/** Where a connection's table is played: here, or on another process under the lease token seen. */
export type Route = 'here' | { readonly owner: string; readonly token: number };

/** The connection as forwarding sees it (read again at each step: the rounds move it). */
export interface Forwarding {
  readonly tableId: string | null;
  readonly route: Route | null;
  /** Joins under way for it (a rejoin after the table moved). */
  readonly joining: number;
  readonly seat: Player | null;
}

export interface ForwardDeps {
  readonly cluster: Cluster;
  /** The room of a table played here now, if any. */
  room(tableId: string): Room | undefined;
  /** The intent to a room played here (the table moved to this process). */
  local(room: Room): Promise<OnlineError | null>;
  /** Joins the connection again where its table is played now. */
  rejoin(): void;
  closing(): boolean;
}

const POLL_MS = 100;
/** How often the owner's lease is read while its answer is awaited. */
const LEASE_READ_MS = 500;
/** The longest a forwarded intent waits for an owner that keeps its lease but does not answer. */
const MAX_WAIT_MS = 20_000;

export async function forward(
  deps: ForwardDeps,
  connection: Forwarding,
  route: { readonly owner: string; readonly token: number },
  body: RemoteRequest & { readonly op: 'intent' },
): Promise<OnlineError | null> {
  const { cluster } = deps;
  const tableId = body.tableId;
  const question = cluster.ask(route.owner, body);
  try {
    const answer = await question.wait(cluster.requestTimeoutMs);
    if (answer !== NO_ANSWER) return relay(deps, answer);
    // Long enough for the owner's lease to run out and another process to take the table; while
    // the owner's lease is still renewed (it is slow, not gone) the wait goes on, up to MAX_WAIT_MS.
    const started = performance.now();
    const grace = () => Math.min(started + MAX_WAIT_MS, performance.now() + cluster.leaseMs * 2 + 2000);
    let deadline = grace();
    let leaseReadAt = started;
    while (performance.now() < deadline && !deps.closing()) {
      const late = await question.wait(POLL_MS);
      if (late !== NO_ANSWER) return relay(deps, late);
      if (performance.now() - leaseReadAt >= LEASE_READ_MS) {
        leaseReadAt = performance.now();
        const lease = await cluster.store.lease(tableId).catch(() => null);
        if (lease !== null && lease.token === route.token && lease.expiresAt > lease.now) deadline = grace();
      }
      if (connection.tableId !== tableId) return notJoined;
      const now = connection.route;
      const moved = now !== null && (now === 'here' || now.token !== route.token);
      if (connection.joining > 0 || !moved) continue;
      question.close();
      if (await storedAlready(cluster, tableId, connection.seat, body.message)) return null;
      if (now !== 'here') return relay(deps, await cluster.request(now.owner, body));
      const room = deps.room(tableId);
      if (room === undefined) break;
      return deps.local(room);
    }
  } finally {
    question.close();
  }
  return {
    code: 'server/outcome-unknown',
    field: '',
    message:
      'the server holding this table did not answer in time: the move may have been played; take the state',
  };
}

function relay(deps: ForwardDeps, answer: unknown): OnlineError | null {
  if (answer === NO_ANSWER)
    return {
      code: 'server/outcome-unknown',
      field: '',
      message: 'the server now holding this table did not answer in time: take the state',
    };
  const error = (answer as RemoteAnswer).error;
  if (error === 'not-owner') {
    // The process asked does not play the table (any more): it did nothing with the intent.
    deps.rejoin();
    return {
      code: 'server/unavailable',
      field: '',
      message: 'the table is moving to another server process',
    };
  }
  return error;
}

/**
 * Whether the old owner stored this very intent before the table moved: the action after the
 * intent's seq is by this seat and is this stroke (or this decision, this extension).
 */
async function storedAlready(
  cluster: Cluster,
  tableId: string,
  seat: Player | null,
  message: ClientMessage,
): Promise<boolean> {
  if (seat === null) return false;
  if (message.type !== 'stroke' && message.type !== 'decision' && message.type !== 'extension') return false;
  const row = await cluster.store.actionAt(tableId, message.seq + 1);
  if (row === null || row.by !== seat) return false;
  const action = row.action as { readonly type?: unknown };
  if (message.type === 'stroke')
    return row.stroke !== null && canonicalJson(row.stroke) === canonicalJson(message.stroke);
  if (message.type === 'extension') return action.type === 'extension';
  return canonicalJson(row.action) === canonicalJson(message.action);
}

const notJoined: OnlineError = {
  code: 'table/not-joined',
  field: 'tableId',
  message: 'join this table first',
};
