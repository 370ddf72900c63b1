/**
 * The HTTP API under `/api/` (see `OnlineApi` in @pyramid/online for the client side): sessions,
 * tables, the lobby, quick match, player pages, the leaderboard and match records. Bodies are
 * checked against the protocol's schemas; every refusal is an `OnlineError` with a 4xx status.
 * Names are normalised and checked (text.ts) and accounts compared by their look (names.ts);
 * sessions are stored and revocable (auth.ts); logins are slowed down per name and per client
 * (login-guard.ts) and cost one scrypt whether or not the name is an account; requests are
 * rate-limited per client (limits.ts).
 */

import { fieldPointer } from '@pyramid/core';
import {
  type AccountRequest,
  type CreateTableRequest,
  type GuestRequest,
  type LeaderboardResponse,
  type LogoutRequest,
  type MatchSummary,
  normaliseName,
  type OnlineError,
  type PlayerInfo,
  type PlayerPage,
  type QuickMatchRequest,
  type RatingInfo,
  type Session,
} from '@pyramid/online';
import { isVariant, VARIANTS } from '@pyramid/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { checkNoPassword, checkPassword, hashPassword, newId, type Sessions, type Verified } from './auth.js';
import { clientOfRequest, MAX_WAITING_TABLES, type RouteLimit } from './limits.js';
import type { LoginGuard } from './login-guard.js';
import { nameSkeleton } from './names.js';
import { LEADERBOARD_RULE } from './ratings/eligibility.js';
import { securityEvent } from './security-log.js';
import type { Store, StoredRating } from './store/types.js';
import { playerInfo, type Tables } from './tables.js';
import { checkBody } from './validate.js';

export interface ApiDeps {
  readonly store: Store;
  readonly tables: Tables;
  readonly sessions: Sessions;
  readonly now: () => number;
  /** Failed logins slowed down per name and client. */
  readonly guard: LoginGuard;
  /** The route options putting a route under a rate limit of its own (limits.ts). */
  readonly limit: (name: RouteLimit) => RouteShorthandOptions;
  readonly log: (message: string) => void;
  /** After a logout: the signed-out session's live sockets are closed. */
  readonly signedOut?: () => void;
}

const STATUS: Partial<Record<OnlineError['code'], number>> = {
  'auth/required': 401,
  'auth/invalid-token': 401,
  'auth/expired-token': 401,
  'auth/bad-credentials': 401,
  'auth/name-taken': 409,
  'rate/limited': 429,
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
  const { store, tables, sessions, guard, limit, log } = deps;

  /** The caller's player and session, or null with the refusal sent. */
  async function authenticated(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ player: PlayerInfo; session: Extract<Verified, { ok: true }> } | null> {
    const header = request.headers.authorization;
    if (header === undefined) {
      refuse(reply, {
        code: 'auth/required',
        field: 'authorization',
        message: 'send Authorization: Bearer <token>',
      });
      return null;
    }
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    // The stored session is read on every use: a signed-out token is refused at once.
    const verified = await sessions.check(token, deps.now());
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
    return { player: playerInfo(stored), session: verified };
  }

  /** The caller's player, or null with the refusal sent. */
  async function caller(request: FastifyRequest, reply: FastifyReply): Promise<PlayerInfo | null> {
    return (await authenticated(request, reply))?.player ?? null;
  }

  /** The caller when a token is sent (refused when it is bad), null for an anonymous request. */
  async function optionalCaller(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ player: PlayerInfo | null } | null> {
    if (request.headers.authorization === undefined) return { player: null };
    const player = await caller(request, reply);
    return player === null ? null : { player };
  }

  /** A new stored session of the player and its token. */
  const session = async (player: PlayerInfo): Promise<Session> => {
    const issued = await sessions.start(player.id, deps.now());
    return { token: issued.token, expiresAt: issued.expiresAt, player };
  };

  /** The name of a body, normalised, or null with the refusal sent (text.ts). */
  const cleanName = (reply: FastifyReply, raw: string): string | null => {
    const checked = normaliseName(raw);
    if (checked.ok) return checked.text;
    refuse(reply, { code: 'request/invalid', field: 'name', message: checked.message });
    return null;
  };
  const nameTaken = (reply: FastifyReply) =>
    refuse(reply, {
      code: 'auth/name-taken',
      field: 'name',
      message: 'an account has this name, or one that looks the same: choose another',
    });

  app.post('/api/guest', limit('guest'), async (request, reply) => {
    const bad = checkBody('guest', request.body);
    if (bad !== null) return refuse(reply, bad);
    const name = cleanName(reply, (request.body as GuestRequest).name);
    if (name === null) return reply;
    // A guest may not pass for an account: not its name, nor one that looks like it.
    if ((await store.accountByName(name)) !== null) return nameTaken(reply);
    const player = { id: newId(), name, passwordHash: null, createdAt: deps.now() };
    await store.createPlayer(player);
    return session(playerInfo(player));
  });

  app.post('/api/register', limit('register'), async (request, reply) => {
    const bad = checkBody('account', request.body);
    if (bad !== null) return refuse(reply, bad);
    const { password } = request.body as AccountRequest;
    const clean = cleanName(reply, (request.body as AccountRequest).name);
    if (clean === null) return reply;
    if ((await store.accountByName(clean)) !== null) return nameTaken(reply);
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
    if (!(await store.makeAccount(id, clean, hash))) return nameTaken(reply);
    securityEvent(log, 'register', { player: id, client: clientOfRequest(request) });
    return session({ id, name: clean, account: true });
  });

  app.post('/api/login', limit('login'), async (request, reply) => {
    const bad = checkBody('account', request.body);
    if (bad !== null) return refuse(reply, bad);
    const { name, password } = request.body as AccountRequest;
    const checked = normaliseName(name);
    // A name no account can have is still a failed login, at the same cost as any other.
    const key = checked.ok ? nameSkeleton(checked.text) : `invalid:${name.length}`;
    const client = clientOfRequest(request);
    const now = deps.now();
    const locked = guard.locked(key, client, now);
    if (locked !== null) {
      const seconds = Math.max(1, Math.ceil((locked.until - now) / 1000));
      reply.header('retry-after', seconds);
      return refuse(reply, {
        code: 'rate/limited',
        field: locked.by === 'name' ? 'name' : '',
        message: `too many failed logins ${locked.by === 'name' ? 'for this name' : 'from this address'}: try again in ${seconds} s`,
      });
    }
    const account = checked.ok ? await store.accountByName(checked.text) : null;
    // One scrypt whether or not the name is an account: the time of the answer tells nothing.
    const good =
      account?.passwordHash != null
        ? await checkPassword(password, account.passwordHash)
        : await checkNoPassword(password);
    if (account === null || !good) {
      const locks = guard.failed(key, client, deps.now());
      securityEvent(log, 'login-failed', { account: account?.id ?? 'none', client });
      for (const lock of locks)
        securityEvent(log, 'login-locked', {
          by: lock.by,
          account: lock.by === 'name' ? (account?.id ?? 'none') : '-',
          client,
          seconds: Math.ceil((lock.until - now) / 1000),
        });
      return refuse(reply, {
        code: 'auth/bad-credentials',
        field: 'password',
        message: 'no account with this name and password',
      });
    }
    guard.succeeded(key);
    securityEvent(log, 'login', { account: account.id, client });
    return session(playerInfo(account));
  });

  // A later token of the same session, from one still valid: a client refreshes before it expires.
  app.post('/api/session/refresh', limit('refresh'), async (request, reply) => {
    const caller = await authenticated(request, reply);
    if (caller === null) return reply;
    const issued = await sessions.renew(caller.session, deps.now());
    if (issued === null)
      return refuse(reply, {
        code: 'auth/expired-token',
        field: 'authorization',
        message: 'this session was signed out: sign in again',
      });
    const answer: Session = { token: issued.token, expiresAt: issued.expiresAt, player: caller.player };
    return answer;
  });

  // Signs out: this session, or every session of the player.
  app.post('/api/logout', async (request, reply) => {
    const body = request.body ?? {};
    const bad = checkBody('logout', body);
    if (bad !== null) return refuse(reply, bad);
    const caller = await authenticated(request, reply);
    if (caller === null) return reply;
    const now = deps.now();
    const everywhere = (body as LogoutRequest).everywhere === true;
    const sessionId = caller.session.sessionId;
    const revoked = everywhere
      ? await sessions.revokeAll(caller.player.id, now)
      : sessionId === null
        ? 0
        : (await sessions.revoke(sessionId, now))
          ? 1
          : 0;
    deps.signedOut?.();
    securityEvent(log, 'logout', {
      player: caller.player.id,
      sessions: revoked,
      everywhere: everywhere ? 'yes' : 'no',
      client: clientOfRequest(request),
    });
    return { revoked };
  });

  app.get('/api/me', async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    return { player };
  });

  app.post('/api/tables', limit('createTable'), async (request, reply) => {
    const player = await caller(request, reply);
    if (player === null) return reply;
    const bad = checkBody('createTable', request.body);
    if (bad !== null) return refuse(reply, bad);
    if ((await store.countWaitingTables(player.id)) >= MAX_WAITING_TABLES)
      return refuse(reply, {
        code: 'rate/limited',
        field: '',
        message: `you have ${MAX_WAITING_TABLES} tables waiting for their match to start: play or leave one of them first`,
      });
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
    const viewer = await optionalCaller(request, reply);
    if (viewer === null) return reply;
    return await tables.lobby(viewer.player?.id ?? null);
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
    const viewer = await optionalCaller(request, reply);
    if (viewer === null) return reply;
    const stored = await store.player(id);
    if (stored === null)
      return refuse(reply, { code: 'request/invalid', field: 'id', message: 'no such player' });
    const ratings = await store.ratings(id);
    // A private table is reached by its invite link alone: only its own players see it listed.
    const history = await store.tablesOfPlayer(id, 100, { viewer: viewer.player?.id ?? null });
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
    // Provisional ratings stay off: too few rated matches, or too few different opponents.
    const rows = await store.leaderboard(query.variant, limit, LEADERBOARD_RULE);
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
