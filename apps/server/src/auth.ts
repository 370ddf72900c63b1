/**
 * Sessions and accounts. A session token is
 * `<player id>.<secret id>.<session id>.<issued at>.<expires at>.<HMAC>` (times in base-36
 * milliseconds, the HMAC-SHA256 over everything before it under the named secret): nobody without
 * a secret can make one, and it ends. The session it names is stored (`sessions`), so that it can
 * be ended before then: a logout revokes it, and a revoked session's tokens are refused — over
 * HTTP after reading its row on every use (a refresh included), on the WebSocket by the revocations
 * every process keeps in memory and reads again every few seconds (`syncRevoked`). A client
 * refreshes its token before it expires (`POST /api/session/refresh`): the same session, a later
 * expiry. Secrets rotate: the newest signs, and a previous one still verifies its tokens for a
 * grace period after it was replaced (by default the token lifetime, so no live session is cut by
 * a rotation). Tokens of the format before sessions were stored (five parts, no session id) are
 * still accepted until they expire, and a refresh turns one into a stored session.
 *
 * Passwords are hashed with scrypt (node:crypto) with a random salt and compared in constant time.
 * A login for a name that has no account costs one scrypt all the same (`checkNoPassword`), so that
 * the time of an answer does not tell which names are accounts.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Store, StoredSecret } from './store/types.js';

const ID_PATTERN = /^[A-Za-z0-9_-]{16,32}$/;
const SECRET_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
const TIME_PATTERN = /^[0-9a-z]{1,12}$/;

/** A new random id: 22 characters of base64url (128 bits), unguessable. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

export interface SessionTimes {
  /** How long a token lives (default 30 days). */
  readonly tokenTtlMs: number;
  /** How often the signing secret is replaced (default 7 days). */
  readonly rotateEveryMs: number;
  /** How long a replaced secret still verifies (default: the token lifetime). */
  readonly graceMs: number;
}

export const DEFAULT_SESSION_TIMES: SessionTimes = {
  tokenTtlMs: 30 * 24 * 3600_000,
  rotateEveryMs: 7 * 24 * 3600_000,
  graceMs: 30 * 24 * 3600_000,
};

export interface IssuedToken {
  readonly token: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export type Verified =
  | {
      readonly ok: true;
      readonly playerId: string;
      /** The stored session the token belongs to (null: a token of the older format, before sessions were stored). */
      readonly sessionId: string | null;
      readonly issuedAt: number;
      readonly expiresAt: number;
    }
  | {
      readonly ok: false;
      readonly code: 'auth/invalid-token' | 'auth/expired-token';
      readonly message: string;
    };

/** How far back each re-read of the revocations reaches before the previous one (clocks of processes differ). */
const REVOKED_OVERLAP_MS = 5 * 60_000;

export class Sessions {
  /** Newest first, as the store keeps them. */
  private secrets: StoredSecret[];
  /** Revoked sessions whose tokens have not expired yet: id → the expiry of its newest token. */
  private readonly revoked = new Map<string, number>();
  /** When the revocations were last read from the store. */
  private revokedReadAt = Number.NEGATIVE_INFINITY;

  private constructor(
    private readonly store: Store,
    secrets: StoredSecret[],
    readonly times: SessionTimes,
  ) {
    this.secrets = secrets;
  }

  /** Loads the secrets and rotates when the newest is due (or makes the first, on a fresh store). */
  static async open(
    store: Store,
    now: number,
    times: SessionTimes = DEFAULT_SESSION_TIMES,
  ): Promise<Sessions> {
    const sessions = new Sessions(store, await store.secrets(), times);
    await sessions.rotateIfDue(now);
    await sessions.syncRevoked(now);
    return sessions;
  }

  /**
   * Reads the sessions revoked since the last read (by any process sharing the store) into the
   * in-memory set the synchronous `verify` checks, and forgets those whose tokens have all expired.
   */
  async syncRevoked(now: number): Promise<void> {
    const since =
      this.revokedReadAt === Number.NEGATIVE_INFINITY ? 0 : this.revokedReadAt - REVOKED_OVERLAP_MS;
    const rows = await this.store.revokedSessions(since, now);
    for (const row of rows) this.revoked.set(row.id, row.expiresAt);
    for (const [id, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(id);
    this.revokedReadAt = now;
  }

  /** A new stored session for a player and its first token (a guest made, a login, a registration). */
  async start(playerId: string, now: number): Promise<IssuedToken & { readonly sessionId: string }> {
    const sessionId = newId();
    const issued = this.token(playerId, sessionId, now);
    await this.store.createSession({
      id: sessionId,
      playerId,
      createdAt: now,
      expiresAt: issued.expiresAt,
      revokedAt: null,
    });
    return { ...issued, sessionId };
  }

  /**
   * A later token of the same session (a refresh), or null when the session was revoked meanwhile.
   * A token of the older format (no session) gets a stored session of its own.
   */
  async renew(verified: Extract<Verified, { ok: true }>, now: number): Promise<IssuedToken | null> {
    if (verified.sessionId === null) return this.start(verified.playerId, now);
    const issued = this.token(verified.playerId, verified.sessionId, now);
    return (await this.store.extendSession(verified.sessionId, issued.expiresAt)) ? issued : null;
  }

  /** Ends a session now: its tokens are refused from now on (in every process within a sync). */
  async revoke(sessionId: string, now: number): Promise<boolean> {
    const session = await this.store.session(sessionId);
    const done = await this.store.revokeSession(sessionId, now);
    if (session !== null) this.revoked.set(sessionId, session.expiresAt);
    return done;
  }

  /** Whether this process knows the session was signed out (the store is read every few seconds). */
  isRevoked(sessionId: string): boolean {
    return this.revoked.has(sessionId);
  }

  /** Ends every session of a player (logout everywhere); how many were live. */
  async revokeAll(playerId: string, now: number): Promise<number> {
    const count = await this.store.revokeSessions(playerId, now);
    await this.syncRevoked(now);
    return count;
  }

  /**
   * `verify` and the stored session: refused when it was revoked (or is unknown, or another
   * player's). What every HTTP request with a token goes through.
   */
  async check(token: string, now: number): Promise<Verified> {
    const verified = this.verify(token, now);
    if (!verified.ok || verified.sessionId === null) return verified;
    const session = await this.store.session(verified.sessionId);
    if (session === null || session.playerId !== verified.playerId)
      return {
        ok: false,
        code: 'auth/invalid-token',
        message: 'no such session on this server: sign in again',
      };
    if (session.revokedAt !== null) {
      this.revoked.set(session.id, session.expiresAt);
      return SIGNED_OUT;
    }
    return verified;
  }

  /** Replaces the signing secret when it is older than `rotateEveryMs`; drops those past grace. */
  async rotateIfDue(now: number): Promise<boolean> {
    const newest = this.secrets[0];
    if (newest !== undefined && now - newest.createdAt < this.times.rotateEveryMs) return false;
    const secret: StoredSecret = {
      id: randomBytes(6).toString('base64url'),
      value: randomBytes(32).toString('base64url'),
      createdAt: now,
    };
    const kept = [secret, ...this.secrets];
    const drop = kept.filter((_, i) => i > 0 && !this.inGrace(kept, i, now)).map((s) => s.id);
    // A compare-and-set: when another process (one started at the same moment on an empty store)
    // rotated first, its secret is read back and signs here too.
    const stored = await this.store.rotateSecret(secret, drop, newest?.id ?? null);
    this.secrets = stored;
    return stored[0]?.id === secret.id;
  }

  /** Reads the secrets again (another process may have rotated them). */
  async reload(): Promise<void> {
    this.secrets = await this.store.secrets();
  }

  /** Secret `i` of `list` (newest first) verifies: it is the newest, or replaced less than grace ago. */
  private inGrace(list: readonly StoredSecret[], i: number, now: number): boolean {
    const successor = list[i - 1];
    return successor === undefined || now < successor.createdAt + this.times.graceMs;
  }

  private mac(secret: StoredSecret, payload: string): string {
    return createHmac('sha256', secret.value).update(`session:${payload}`).digest('base64url');
  }

  /** A signed token of a stored session (see `start` and `renew`, which store it). */
  private token(playerId: string, sessionId: string, now: number): IssuedToken {
    const secret = this.secrets[0];
    if (secret === undefined) throw new Error('no session secret');
    const expiresAt = now + this.times.tokenTtlMs;
    const payload = `${playerId}.${secret.id}.${sessionId}.${now.toString(36)}.${expiresAt.toString(36)}`;
    return { token: `${payload}.${this.mac(secret, payload)}`, issuedAt: now, expiresAt };
  }

  /**
   * The player a token was signed for, or why it is refused (not ours, expired, or of a session
   * revoked as far as this process knows: `check` asks the store).
   */
  verify(token: string, now: number): Verified {
    const invalid = {
      ok: false as const,
      code: 'auth/invalid-token' as const,
      message: 'not a session of this server: sign in again',
    };
    const parts = token.split('.');
    if (parts.length !== 5 && parts.length !== 6) return invalid;
    // Five parts: a token made before sessions were stored (no session id).
    const [id, kid, sid, issued, expires, given] = (
      parts.length === 6 ? parts : [parts[0], parts[1], null, parts[2], parts[3], parts[4]]
    ) as [string, string, string | null, string, string, string];
    if (
      !ID_PATTERN.test(id) ||
      !SECRET_ID_PATTERN.test(kid) ||
      (sid !== null && !ID_PATTERN.test(sid)) ||
      !TIME_PATTERN.test(issued) ||
      !TIME_PATTERN.test(expires)
    )
      return invalid;
    const index = this.secrets.findIndex((s) => s.id === kid);
    if (index < 0) return invalid;
    const secret = this.secrets[index]!;
    const signed =
      sid === null ? `${id}.${kid}.${issued}.${expires}` : `${id}.${kid}.${sid}.${issued}.${expires}`;
    const expected = Buffer.from(this.mac(secret, signed));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return invalid;
    if (!this.inGrace(this.secrets, index, now))
      return {
        ok: false,
        code: 'auth/expired-token',
        message: 'the session was signed by a retired secret: sign in again',
      };
    const issuedAt = Number.parseInt(issued, 36);
    const expiresAt = Number.parseInt(expires, 36);
    if (now >= expiresAt)
      return {
        ok: false,
        code: 'auth/expired-token',
        message: `the session expired at ${new Date(expiresAt).toISOString()}: sign in again (refresh a session before it expires)`,
      };
    if (sid !== null && this.revoked.has(sid)) return SIGNED_OUT;
    return { ok: true, playerId: id, sessionId: sid, issuedAt, expiresAt };
  }
}

const SIGNED_OUT = {
  ok: false as const,
  code: 'auth/expired-token' as const,
  message: 'this session was signed out: sign in again',
};

// scrypt cost: N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds), 32-byte key.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

let derivations = 0;

/** How many scrypt derivations this process has run (what a login costs, counted rather than timed). */
export function scryptCount(): number {
  return derivations;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  derivations += 1;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const key = await derive(password, salt, n, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A stored hash of the current cost that no password derives to (a random key): what `checkNoPassword` compares with. */
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;

/**
 * The work of checking a password against an account that does not exist: one scrypt of the same
 * cost as a real check, whose answer is always "no".
 */
export async function checkNoPassword(password: string): Promise<false> {
  await checkPassword(password, DUMMY_HASH);
  return false;
}
