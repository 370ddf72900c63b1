/**
 * Sessions and accounts. A session token is `<player id>.<secret id>.<issued at>.<expires at>.<HMAC>`
 * (times in base-36 milliseconds, the HMAC-SHA256 over everything before it under the named secret):
 * the server checks it without storing sessions, nobody without a secret can make one, and it ends.
 * A client refreshes its token before it expires (`POST /api/session/refresh`). Secrets rotate:
 * the newest signs, and a previous one still verifies its tokens for a grace period after it was
 * replaced (by default the token lifetime, so no live session is cut by a rotation). Passwords are
 * hashed with scrypt (node:crypto) with a random salt and compared in constant time.
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
  | { readonly ok: true; readonly playerId: string; readonly issuedAt: number; readonly expiresAt: number }
  | {
      readonly ok: false;
      readonly code: 'auth/invalid-token' | 'auth/expired-token';
      readonly message: string;
    };

export class Sessions {
  /** Newest first, as the store keeps them. */
  private secrets: StoredSecret[];

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
    return sessions;
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
    await this.store.rotateSecret(secret, drop);
    this.secrets = kept.filter((s) => !drop.includes(s.id));
    return true;
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

  token(playerId: string, now: number): IssuedToken {
    const secret = this.secrets[0];
    if (secret === undefined) throw new Error('no session secret');
    const expiresAt = now + this.times.tokenTtlMs;
    const payload = `${playerId}.${secret.id}.${now.toString(36)}.${expiresAt.toString(36)}`;
    return { token: `${payload}.${this.mac(secret, payload)}`, issuedAt: now, expiresAt };
  }

  /** The player a token was signed for, or why it is refused (not ours, or expired). */
  verify(token: string, now: number): Verified {
    const invalid = {
      ok: false as const,
      code: 'auth/invalid-token' as const,
      message: 'not a session of this server: sign in again',
    };
    const parts = token.split('.');
    if (parts.length !== 5) return invalid;
    const [id, kid, issued, expires, given] = parts as [string, string, string, string, string];
    if (
      !ID_PATTERN.test(id) ||
      !SECRET_ID_PATTERN.test(kid) ||
      !TIME_PATTERN.test(issued) ||
      !TIME_PATTERN.test(expires)
    )
      return invalid;
    const index = this.secrets.findIndex((s) => s.id === kid);
    if (index < 0) return invalid;
    const secret = this.secrets[index]!;
    const expected = Buffer.from(this.mac(secret, `${id}.${kid}.${issued}.${expires}`));
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
    return { ok: true, playerId: id, issuedAt, expiresAt };
  }
}

// scrypt cost: N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds), 32-byte key.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
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
