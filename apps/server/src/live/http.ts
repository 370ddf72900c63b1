/**
 * The HTTP API of live scoring (issue 28):
 *
 * - `POST /api/events/:id/matches/:match/scoring` — a director's scoring link for a match whose
 *   players are known: the match's live match (made once, its header from the event) and a new
 *   capability, shown once (`ScoringLink`);
 * - `DELETE /api/events/:id/matches/:match/scoring` — revokes every capability of that match;
 * - `GET /api/events/:id/live` — the event's live matches (an overlay finds a table's match here);
 * - `POST /api/live` — "share live": a friendly match by any signed-in player (bounded per account);
 * - `GET /api/live/:liveId` — the live match: header, running score, log and match record (public).
 *
 * A capability is 256 random bits; only its SHA-256 is stored.
 */
import { randomBytes } from 'node:crypto';
import { BYE, findMatch, viewEvent } from '@pyramid/events';
import {
  CAPABILITY_LIFETIME_MS,
  type LiveHeader,
  type LiveShown,
  livePageUrl,
  liveRecord,
  MAX_CAPABILITIES_PER_LIVE,
  MAX_OPEN_LIVE_PER_ACCOUNT,
  normaliseName,
  type OnlineError,
  overlayUrl,
  type ScoringLink,
  scorerUrl,
} from '@pyramid/online';
import { isTableSize, type TableSize, type Variant } from '@pyramid/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Sessions } from '../auth.js';
import { mayFollow } from '../events/shown.js';
import type { EventStore } from '../events/store.js';
import type { Store } from '../store/types.js';
import { checkBody } from '../validate.js';
import { matchLive, start } from './ruling.js';
import { type LiveScoringService, secretHash, toStored } from './scoring.js';
import type { LiveRow, LiveStore } from './store.js';

export interface LiveApiDeps {
  readonly store: Store;
  readonly live: LiveStore;
  readonly scoring: LiveScoringService;
  readonly events: EventStore | null;
  readonly sessions: Sessions;
  readonly now: () => number;
}

function refuse(
  reply: FastifyReply,
  status: number,
  error: OnlineError | { code: string; field: string; message: string },
) {
  return reply.code(status).send({ code: error.code, field: error.field, message: error.message });
}

export function registerLiveApi(app: FastifyInstance, deps: LiveApiDeps): void {
  const { store, live, sessions, now } = deps;

  /** The caller's player (id and name), null when no token was sent, or undefined with the refusal sent. */
  async function who(
    request: FastifyRequest,
    reply: FastifyReply,
    required: boolean,
  ): Promise<{ id: string; name: string } | null | undefined> {
    const header = request.headers.authorization;
    if (header === undefined) {
      if (!required) return null;
      refuse(reply, 401, {
        code: 'auth/required',
        field: '/authorization',
        message: 'send Authorization: Bearer <token>',
      });
      return undefined;
    }
    const verified = await sessions.check(header.startsWith('Bearer ') ? header.slice(7) : '', now());
    const player = verified.ok ? await store.player(verified.playerId) : null;
    if (!verified.ok || player === null) {
      refuse(reply, 401, {
        code: verified.ok ? 'auth/invalid-token' : verified.code,
        field: '/authorization',
        message: verified.ok ? 'no such player' : verified.message,
      });
      return undefined;
    }
    return { id: player.id, name: player.name };
  }

  /** A new capability for a live match, or the refusal sent. */
  async function link(reply: FastifyReply, row: LiveRow, by: string): Promise<FastifyReply> {
    if (row.finished)
      return refuse(reply, 400, {
        code: 'auth/capability-expired',
        field: '/match',
        message: 'the match has ended',
      });
    const capability = randomBytes(32).toString('base64url');
    const added = await live.addCapability(
      row.id,
      secretHash(capability),
      by,
      now(),
      now() + CAPABILITY_LIFETIME_MS,
      MAX_CAPABILITIES_PER_LIVE,
    );
    if (!added)
      return refuse(reply, 429, {
        code: 'live/too-many',
        field: '/',
        message: `a match has at most ${MAX_CAPABILITIES_PER_LIVE} scoring links: revoke them first`,
      });
    const answer: ScoringLink = {
      liveId: row.id,
      capability,
      scorerUrl: scorerUrl(row.id, capability),
      overlayUrl: overlayUrl(row.id),
      pageUrl: livePageUrl(row.id),
      header: row.header,
    };
    return reply.code(201).send(answer);
  }

  /** A new live match with its first capability, or the refusal sent (a header the referee cannot start). */
  async function open(reply: FastifyReply, header: LiveHeader, owner: string): Promise<FastifyReply> {
    const valid = start(header);
    if (!valid.ok)
      return refuse(reply, 400, {
        code: 'request/invalid',
        field: valid.error.field,
        message: valid.error.message,
      });
    const row = await live.create({ id: randomBytes(16).toString('base64url'), owner, header }, now());
    return link(reply, row, owner);
  }

  /** The event, if the caller directs it (else the refusal sent). */
  async function directed(request: FastifyRequest, reply: FastifyReply) {
    const caller = await who(request, reply, true);
    if (caller == null) return null;
    const { id } = request.params as { id: string };
    const stored = deps.events === null ? null : await deps.events.get(id);
    if (stored === null || !mayFollow(stored, caller.id)) {
      refuse(reply, 404, { code: 'event/not-found', field: '/id', message: 'no such event' });
      return null;
    }
    if (!stored.event.spec.directors.includes(caller.id)) {
      refuse(reply, 403, {
        code: 'event/not-director',
        field: '/authorization',
        message: 'only a director of the event gives scoring links',
      });
      return null;
    }
    return { caller, stored };
  }

  app.post('/api/events/:id/matches/:match/scoring', async (request, reply) => {
    const found = await directed(request, reply);
    if (found === null) return reply;
    const { caller, stored } = found;
    const { match: matchId } = request.params as { match: string };
    const event = stored.event;
    const match = event.draw === null ? undefined : findMatch(viewEvent(event), matchId);
    if (match === undefined)
      return refuse(reply, 404, {
        code: 'event/not-found',
        field: '/match',
        message: 'no such match in this event',
      });
    if (match.a === null || match.b === null || match.a === BYE || match.b === BYE)
      return refuse(reply, 400, {
        code: 'event/players-unknown',
        field: '/match',
        message: 'both players of the match must be known',
      });
    if (match.result !== null || match.state === 'finished')
      return refuse(reply, 400, {
        code: 'event/state',
        field: '/match',
        message: 'the match has its result',
      });
    const name = (entry: string) => event.entries.find((e) => e.id === entry)?.name ?? entry;
    const { framesToWin: _race, ...settings } = event.spec.settings as Record<string, unknown>;
    const header: LiveHeader = {
      variant: event.spec.variant,
      tableSize: event.spec.tableSize,
      settings,
      framesToWin: match.race,
      players: [name(match.a), name(match.b)],
      // Who breaks the first frame is decided by a lag (п.7) at the table.
      breaker: null,
      table: match.table,
      event: { eventId: stored.id, match: match.id },
    };
    return open(reply, header, caller.id);
  });

  app.delete('/api/events/:id/matches/:match/scoring', async (request, reply) => {
    const found = await directed(request, reply);
    if (found === null) return reply;
    const { match: matchId } = request.params as { match: string };
    const row = (await live.ofEvent(found.stored.id)).find((r) => r.header.event?.match === matchId);
    if (row === undefined)
      return refuse(reply, 404, {
        code: 'live/not-found',
        field: '/match',
        message: 'this match has no scoring link',
      });
    return { liveId: row.id, revoked: await live.revoke(row.id, now()) };
  });

  app.get('/api/events/:id/live', async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = deps.events === null ? null : await deps.events.get(id);
    if (stored === null)
      return refuse(reply, 404, { code: 'event/not-found', field: '/id', message: 'no such event' });
    if (!stored.event.spec.public) {
      const caller = await who(request, reply, false);
      if (caller === undefined) return reply;
      if (!mayFollow(stored, caller?.id ?? null))
        return refuse(reply, 404, { code: 'event/not-found', field: '/id', message: 'no such event' });
    }
    const rows = await live.ofEvent(id);
    return {
      matches: rows.map((r) => ({
        match: r.header.event?.match ?? '',
        liveId: r.id,
        table: r.header.table,
        finished: r.finished,
      })),
    };
  });

  app.post('/api/live', async (request, reply) => {
    const caller = await who(request, reply, true);
    if (caller == null) return reply;
    const bad = checkBody('createLive', request.body);
    if (bad !== null) return refuse(reply, 400, bad);
    const body = request.body as {
      variant: Variant;
      tableSize?: string;
      settings?: Record<string, unknown>;
      framesToWin: number;
      players: [string, string];
      breaker?: 0 | 1 | null;
      table?: string;
    };
    const players: string[] = [];
    for (const [i, raw] of body.players.entries()) {
      const checked = normaliseName(raw);
      if (!checked.ok)
        return refuse(reply, 400, {
          code: 'request/invalid',
          field: `/players/${i}`,
          message: checked.message,
        });
      players.push(checked.text);
    }
    const tableSize = body.tableSize ?? '12ft';
    if (!isTableSize(tableSize))
      return refuse(reply, 400, {
        code: 'request/invalid',
        field: '/tableSize',
        message: 'no such table size',
      });
    if (body.settings !== undefined && 'framesToWin' in body.settings)
      return refuse(reply, 400, {
        code: 'request/invalid',
        field: '/settings/framesToWin',
        message: 'the race goes in framesToWin',
      });
    if ((await live.openFriendly(caller.id)) >= MAX_OPEN_LIVE_PER_ACCOUNT)
      return refuse(reply, 429, {
        code: 'live/too-many',
        field: '/',
        message: `at most ${MAX_OPEN_LIVE_PER_ACCOUNT} unfinished live matches per account`,
      });
    const header: LiveHeader = {
      variant: body.variant,
      tableSize: tableSize as TableSize,
      settings: body.settings ?? {},
      framesToWin: body.framesToWin,
      players: [players[0] as string, players[1] as string],
      breaker: body.breaker ?? null,
      table: body.table ?? null,
      event: null,
    };
    return open(reply, header, caller.id);
  });

  app.get('/api/live/:liveId', async (request, reply) => {
    const { liveId } = request.params as { liveId: string };
    const row = await live.get(liveId);
    if (row === null)
      return refuse(reply, 404, { code: 'live/not-found', field: '/liveId', message: 'no such live match' });
    const r = await deps.scoring.replayed(row);
    if (r === null)
      return refuse(reply, 500, {
        code: 'server/internal',
        field: '',
        message: 'this live match cannot be replayed',
      });
    const entries = await live.entries(liveId);
    const shown: LiveShown = {
      liveId,
      header: row.header,
      live: matchLive(r, row.updatedAt),
      entries: entries.map(toStored),
      record: liveRecord(row.header, r.entries, liveId),
      finished: row.finished,
    };
    return shown;
  });
}
