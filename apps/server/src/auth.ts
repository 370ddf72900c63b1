/**
 * Sessions and accounts. A session token is `<player id>.<HMAC-SHA256 of the id>` under the
 * server's secret (made on first start, kept in the store): the server can check it without
 * storing sessions, and nobody without the secret can make one. Passwords are hashed with scrypt
 * (node:crypto) with a random salt and compared in constant time.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const ID_PATTERN = /^[A-Za-z0-9_-]{16,32}$/;

/** A new random id: 22 characters of base64url (128 bits), unguessable. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

export class Sessions {
  constructor(private readonly secret: string) {}

  private mac(id: string): string {
    return createHmac('sha256', this.secret).update(`session:${id}`).digest('base64url');
  }

  token(playerId: string): string {
    return `${playerId}.${this.mac(playerId)}`;
  }

  /** The player id a token was signed for, or null when it is not one of ours. */
  verify(token: string): string | null {
    const dot = token.indexOf('.');
    if (dot < 0) return null;
    const id = token.slice(0, dot);
    if (!ID_PATTERN.test(id)) return null;
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.mac(id));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return id;
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
