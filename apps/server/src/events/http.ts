/**
 * The HTTP API of club events (issue 27), under `/api/events`:
 *
 * - `POST /api/events` — create an event (the body is its settings; the caller directs it);
 * - `GET /api/events` — public events, newest first (`?mine=1`: the caller's own);
 * - `GET /api/events/:id` — the event, its matches and standings (a private one: directors only);
 * - `GET /api/players/:id/events` — the public events a player entered (by account), with his place;
 * - `POST /api/events/:id/actions` — a director's action (`add-entry`, `add-entries`,
 *   `remove-entry`, `seed-order`, `add-director`, `draw`, `call`, `uncall`, `result`, `correct`);
 *   the server sets who (`by`, the caller) and when (`at`, its clock) and applies it with
 *   `applyEventAction` inside one store transaction, so advancement happens exactly once.
 *
 * A refusal is `{ code: "event/<code>", field, message }` with 400, 401, 403 (not a director) or
 * 404; nothing is stored then. Only what was committed is acknowledged.
 */
import { randomBytes } from 'node:crypto';
import { createEvent, type EventAction, type EventError } from '@pyramid/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Sessions } from '../auth.js';
import type { Store } from '../store/types.js';
import type { OnlineMatches } from './online-match.js';
import { mayFollow, shown } from './shown.js';
import type { EventStore, StoredEvent } from './store.js';
import type { EventWatchers } from './watchers.js';

export interface EventApiDeps {
  readonly store: Store;
  readonly events: EventStore;
  readonly sessions: Sessions;
  readonly now: () => number;
  /** Followers of events over the WebSocket: told of every committed action. */
  readonly watchers?: EventWatchers | null;
  /** Calls to an online table (the server makes the table): events/online-match.ts. */
  readonly online?: OnlineMatches | null;
  /**
   * Told of every stored action, before the answer (the headers of the event's live matches follow a
   * re-call or a correction: live/headers.ts). It never throws.
   */
  readonly stored?: ((stored: StoredEvent) => Promise<void>) | null;
}

/** Unfinished events one account may direct at once (a bound per client on rows and CPU). */
export const MAX_OPEN_EVENTS_PER_DIRECTOR = 20;
const LIST_LIMIT = 100;

const STATUS: Partial<Record<EventError['code'], number>> = {
  'not-director': 403,
  'not-allowed': 403,
  'not-found': 404,
  full: 409,
};

function refuse(
  reply: FastifyReply,
  error: Pick<EventError, 'code' | 'field' | 'message'>,
  status?: number,
): FastifyReply {
  return reply
    .code(status ?? STATUS[error.code] ?? 400)
    .send({ code: `event/${error.code}`, field: error.field, message: error.message });
}

export function registerEventApi(app: FastifyInstance, deps: EventApiDeps): void {
  const { store, events, sessions, now } = deps;
  const watchers = deps.watchers ?? null;

  /** The caller's player id, null when no token was sent, or undefined with the refusal sent. */
  async function who(
    request: FastifyRequest,
    reply: FastifyReply,
    required: boolean,
  ): Promise<string | null | undefined> {
    const header = request.headers.authorization;
    if (header === undefined) {
      if (!required) return null;
      refuse(
        reply,
        { code: 'not-director', field: '/authorization', message: 'send Authorization: Bearer <token>' },
        401,
      );
      return undefined;
    }
    const verified = await sessions.check(header.startsWith('Bearer ') ? header.slice(7) : '', now());
    if (!verified.ok || (await store.player(verified.playerId)) === null) {
      refuse(
        reply,
        {
          code: 'not-director',
          field: '/authorization',
          message: verified.ok ? 'no such player' : verified.message,
        },
        401,
      );
      return undefined;
    }
    return verified.playerId;
  }

  app.post('/api/events', async (request, reply) => {
    const caller = await who(request, reply, true);
    if (caller == null) return reply;
    if ((await events.openBy(caller)) >= MAX_OPEN_EVENTS_PER_DIRECTOR) {
      return refuse(
        reply,
        {
          code: 'invalid',
          field: '/',
          message: `at most ${MAX_OPEN_EVENTS_PER_DIRECTOR} unfinished events per director`,
        },
        429,
      );
    }
    const created = createEvent(request.body, caller, now());
    if (!created.ok) return refuse(reply, created.error);
    const id = randomBytes(9).toString('base64url');
    return reply.code(201).send(shown(await events.create(id, created.value, now())));
  });

  app.get('/api/events', async (request, reply) => {
    const mine = (request.query as Record<string, unknown>).mine === '1';
    if (!mine) return events.list({ limit: LIST_LIMIT });
    const caller = await who(request, reply, true);
    if (caller == null) return reply;
    return events.list({ director: caller, limit: LIST_LIMIT });
  });

  app.get('/api/events/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = await events.get(id);
    if (stored === null) return refuse(reply, { code: 'not-found', field: '/id', message: 'no such event' });
    if (!stored.event.spec.public) {
      const caller = await who(request, reply, false);
      if (caller === undefined) return reply;
      // A private event is not even confirmed to exist to others.
      if (!mayFollow(stored, caller)) {
        return refuse(reply, { code: 'not-found', field: '/id', message: 'no such event' });
      }
    }
    return shown(stored);
  });

  app.get('/api/players/:id/events', async (request) => {
    const { id } = request.params as { id: string };
    return events.ofPlayer(id, LIST_LIMIT);
  });

  app.post('/api/events/:id/actions', async (request, reply) => {
    const caller = await who(request, reply, true);
    if (caller == null) return reply;
    const { id } = request.params as { id: string };
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return refuse(reply, {
        code: 'invalid',
        field: '/',
        message: 'must be an action object with a "type"',
      });
    }
    // Who and when are the server's, never the client's; so are a registering player's name, rating
    // and whether his account is a guest's.
    let action = { ...(body as Record<string, unknown>), by: caller, at: now() } as unknown as EventAction;
    if (action.type === 'register') {
      const player = await store.player(caller);
      const current = await events.get(id);
      const rating =
        player === null || current === null ? null : await store.rating(caller, current.event.spec.variant);
      const { rating: _r, ...rest } = action as unknown as Record<string, unknown>;
      action = {
        ...rest,
        type: 'register',
        by: caller,
        at: action.at,
        name: player?.name ?? '',
        guest: player?.passwordHash == null,
        ...(rating === null ? {} : { rating: Math.round(rating.rating) }),
      } as EventAction;
    }
    // A call to an online table, and an uncall of one: the server chooses and makes the table
    // (events/online-match.ts, which tells the watchers of what it stored).
    const online = deps.online ?? null;
    if (online?.handles(action)) {
      const done = await online.act(id, action, caller);
      if (done === null) return refuse(reply, { code: 'not-found', field: '/id', message: 'no such event' });
      if (!done.ok) return refuse(reply, done.error);
      await deps.stored?.(done.value);
      return shown(done.value);
    }
    const result = await events.act(id, action, now());
    if (result === null) return refuse(reply, { code: 'not-found', field: '/id', message: 'no such event' });
    if (!result.ok) return refuse(reply, result.error);
    // Committed: now (never before) the event's watchers hear of it.
    watchers?.stored(result.value, action);
    await deps.stored?.(result.value);
    return shown(result.value);
  });
}
