/**
 * The HTTP API under `/api/` (see `OnlineApi` in @pyramid/online for the client side): sessions,
 * tables, the lobby, quick match, player pages, the leaderboard and match records. Bodies are
 * checked against the protocol's schemas; every refusal is an `OnlineError` with a 4xx status.
 */

import { fieldPointer } from '@pyramid/core';
import {
  type AccountRequest,
  type CreateTableRequest,
  type GuestRequest,
  type LeaderboardResponse,
  MAX_NAME_LENGTH,
  type MatchSummary,
  type OnlineError,
  type PlayerInfo,
  type PlayerPage,
  type QuickMatchRequest,
  type RatingInfo,
  type Session,
} from '@pyramid/online';
import { isVariant, VARIANTS } from '@pyramid/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkPassword, hashPassword, newId, type Sessions } from './auth.js';
import type { Store, StoredRating } from './store/types.js';
import { playerInfo, type Tables } from './tables.js';
import { checkBody } from './validate.js';

export interface ApiDeps {
  readonly store: Store;
  readonly tables: Tables;
  readonly sessions: Sessions;
  readonly now: () => number;
}

const STATUS: Partial<Record<OnlineError['code'], number>> = {
  'auth/required': 401,
  'auth/invalid-token': 401,
  'auth/expired-token': 401,
  'auth/bad-credentials': 401,
  'auth/name-taken': 409,
  'table/not-found': 404,
  'queue/invalid': 409,
  'server/internal': 500,
};

function refuse(reply: FastifyReply, error: OnlineError): FastifyReply {
  // Fields leave the server as JSON Pointers (RFC 6901), like the referee's own.
  return reply.code(STATUS[error.code] ?? 400).send({ ...error, field: fieldPointer(error.field) });
}

const ratingInfo = (r: StoredRating): RatingInfo => ({
  rating: r.rating,
  rd: r.rd,
  volatility: r.volatility,
  games: r.games,
});

export function registerApi(app: FastifyInstance, deps: ApiDeps): void {
  const { store, tables, sessions } = deps;

  /** The caller's player, or null with the refusal sent. */
  async function caller(
    request: FastifyRequest,
    reply: FastifyReply,
    required = true,
  ): Promise<PlayerInfo | null> {
    const header = request.headers.authorization;
    if (header === undefined) {
      if (required)
        refuse(reply, {
          code: 'auth/required',
          field: 'authorization',
          message: 'send Authorization: Bearer <token>',
        });
      return null;
    }
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const verified = sessions.verify(token, deps.now());
    if (!verified.ok) {
      refuse(reply, { code: verified.code, field: 'authorization', message: verified.message });
      return null;
    }
    const stored = await store.player(verified.playerId);
    if (stored === null) {
      refuse(reply, {
        code: 'auth/invalid-token',
        field: 'authorization',
        message: 'no such player on this server',
      });
      return null;
    }
    return playerInfo(stored);
  }

  const session = (player: PlayerInfo): Session => {
    const issued = sessions.token(player.id, deps.now());
    return { token: issued.token, expiresAt: issued.expiresAt, player };
  };
  const trimmed = (name: string) => name.trim().slice(0, MAX_NAME_LENGTH);

  app.post('/api/guest', async (request, reply) => {
    const bad = checkBody('guest', request.body);
    if (bad !== null) return refuse(reply, bad);
    const { name } = request.body as GuestRequest;
    const player = { id: newId(), name: trimmed(name), passwordHash: null, createdAt: deps.now() };
    await store.createPlayer(player);
    return session(playerInfo(player));
  });

  app.post('/api/register', async (request, reply) => {
    const bad = checkBody('account', request.body);
    if (bad !== null) return refuse(reply, bad);
    const { name, password } = request.body as AccountRequest;
    const clean = trimmed(name);
    if ((await store.accountByName(clean)) !== null) {
      return refuse(reply, { code: 'auth/name-taken', field: 'name', message: 'an account has this name' });
    }
    const hash = await hashPassword(password);
    // With a guest's session the guest becomes the account: same id, same tables and ratings.
    const guest = request.headers.authorization === undefined ? null : await caller(request, reply);
    if (request.headers.authorization !== undefined && guest === null) return reply;
    if (guest?.account) {
      return refuse(reply, {
        code: 'request/invalid',
        field: 'authorization',
        message: 'this session is already an account',
      });
    }
    const id = guest?.id ?? newId();
    if (guest === null)
      await store.createPlayer({ id, name: clean, passwordHash: null, createdAt: deps.now() });
    if (!(await store.makeAccount(id, clean, hash))) {
      return refuse(reply, { code: 'auth/name-taken', field: 'name', message: 'an account has this name' });
    }
    return session({ id, name: clean, account: true });
  });

  app.post('/api/login', async (request, reply) => {
    const bad = checkBody('account', request.body);
    if (bad !== null) return refuse(reply, bad);
    const { name, password } = request.body as AccountRequest;
    const account = await store.accountByName(trimmed(name));
    const good = account?.passwordHash != null && (await checkPassword(password, account.passwordHash));
    if (account === null || !good) {
      return refuse(reply, {
        code: 'auth/bad-credentials',
        field: 'password',
        message: 'no account with this name and password',
      });
    }
    return session(playerInfo(account));
  });

  // A new token for the same player, from one still valid: a client refreshes before it expires.
  app.post('/api/session/refresh', async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    return session(player);
  });

  app.get('/api/me', async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    return { player };
  });

  app.post('/api/tables', async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    const bad = checkBody('createTable', request.body);
    if (bad !== null) return refuse(reply, bad);
    const made = await tables.create(player, request.body as CreateTableRequest);
    if (!made.ok) return refuse(reply, made.error);
    return reply.code(201).send({ table: made.room.info() });
  });

  app.get('/api/tables/:id', async (request, reply) => {
    const room = await tables.room((request.params as { id: string }).id);
    if (room === null)
      return refuse(reply, { code: 'table/not-found', field: 'id', message: 'no such table' });
    return { table: room.info() };
  });

  app.get('/api/lobby', async (request, reply) => {
    const player = request.headers.authorization === undefined ? null : await caller(request, reply);
    if (request.headers.authorization !== undefined && player === null) return reply;
    return await tables.lobby(player?.id ?? null);
  });

  app.post('/api/quick-match', async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    const bad = checkBody('quickMatch', request.body);
    if (bad !== null) return refuse(reply, bad);
    const { variant, rated } = request.body as QuickMatchRequest;
    return tables.quickMatch(player, variant, rated ?? false);
  });

  app.get('/api/quick-match', async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    return await tables.quickMatchStatus(player.id);
  });

  app.delete('/api/quick-match', async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    if (!(await tables.cancelQuickMatch(player.id))) {
      return refuse(reply, { code: 'queue/invalid', field: '', message: 'you are not in the queue' });
    }
    return { status: 'idle' };
  });

  app.get('/api/players/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const stored = await store.player(id);
    if (stored === null)
      return refuse(reply, { code: 'request/invalid', field: 'id', message: 'no such player' });
    const ratings = await store.ratings(id);
    const history = await store.tablesOfPlayer(id, 100);
    const others = history.flatMap((t) => t.seats).filter((s): s is string => s !== null && s !== id);
    const names = new Map((await store.players(others)).map((p) => [p.id, playerInfo(p)]));
    const matches: MatchSummary[] = [];
    for (const t of history) {
      const seat = t.seats[0] === id ? 0 : 1;
      const opponentId = t.seats[1 - seat] ?? null;
      const options = t.options as { variant: MatchSummary['variant']; rated: boolean };
      const change =
        options.rated && t.status === 'finished'
          ? (await store.ratingChanges(t.id)).find((c) => c.playerId === id)
          : undefined;
      matches.push({
        id: t.id,
        variant: options.variant,
        rated: options.rated,
        opponent: opponentId === null ? null : (names.get(opponentId) ?? null),
        seat,
        status: t.status,
        result: t.winner === null ? null : t.winner === seat ? 'won' : 'lost',
        framesWon: t.framesWon,
        ratingBefore: change?.before.rating ?? null,
        ratingAfter: change?.after.rating ?? null,
        updatedAt: t.updatedAt,
      });
    }
    const page: PlayerPage = {
      player: playerInfo(stored),
      ratings: Object.fromEntries(
        Object.entries(ratings).map(([v, r]) => [v, ratingInfo(r as StoredRating)]),
      ),
      matches,
    };
    return page;
  });

  app.get('/api/leaderboard', async (request, reply) => {
    const query = request.query as { variant?: string; limit?: string };
    if (!isVariant(query.variant)) {
      return refuse(reply, {
        code: 'request/invalid',
        field: 'variant',
        message: `must be one of ${VARIANTS.join(', ')}`,
      });
    }
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      return refuse(reply, {
        code: 'request/invalid',
        field: 'limit',
        message: 'must be an integer from 1 to 200',
      });
    }
    const rows = await store.leaderboard(query.variant, limit);
    const players = new Map(
      (await store.players(rows.map((r) => r.playerId))).map((p) => [p.id, playerInfo(p)]),
    );
    const board: LeaderboardResponse = {
      variant: query.variant,
      entries: rows.map((r, i) => ({
        rank: i + 1,
        player: players.get(r.playerId) ?? { id: r.playerId, name: '?', account: false },
        rating: ratingInfo(r.rating),
      })),
    };
    return board;
  });

  app.get('/api/matches/:id/record', async (request, reply) => {
    const room = await tables.room((request.params as { id: string }).id);
    if (room === null)
      return refuse(reply, { code: 'table/not-found', field: 'id', message: 'no such match' });
    reply.header('content-disposition', `attachment; filename="pyramid-${room.id}.json"`);
    return room.record();
  });

  app.get('/api/health', async () => ({ ok: true, tables: tables.rooms.size }));
}
