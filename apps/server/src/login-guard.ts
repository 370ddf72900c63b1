/**
 * Password guessing, slowed down per account name and per client (issue 23 §3.5). Failed logins
 * are counted for the name tried (by its confusables skeleton, whether or not it is an account, so
 * that a lockout says nothing about which names exist) and for the client (its address). The
 * failure that makes `freeFailuresPerName` (or `…PerClient`) in a row locks the name (or the
 * client) for `baseLockMs`, each further failure doubles it, up to `maxLockMs`; while locked, a login is refused at once with
 * `rate/limited` and costs no scrypt. A success clears the name's count; failures older than
 * `forgetMs` are forgotten. Memory is bounded: at most `maxEntries` names and clients are tracked
 * (the oldest forgotten first). Kept per process: in a cluster each process counts its own.
 */

export interface LoginGuardOptions {
  /** Failures in a row that lock (default 5 per name, 20 per client): the fifth failure starts a lock. */
  readonly freeFailuresPerName: number;
  readonly freeFailuresPerClient: number;
  /** The first lock (default 30 s), doubling per further failure… */
  readonly baseLockMs: number;
  /** …up to this (default 15 min). */
  readonly maxLockMs: number;
  /** A count with no failure for this long starts over (default 15 min). */
  readonly forgetMs: number;
  /** Names and clients tracked at most (default 10 000 each). */
  readonly maxEntries: number;
}

export const DEFAULT_LOGIN_GUARD: LoginGuardOptions = Object.freeze({
  freeFailuresPerName: 5,
  freeFailuresPerClient: 20,
  baseLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  forgetMs: 15 * 60_000,
  maxEntries: 10_000,
});

interface Count {
  failures: number;
  last: number;
  lockedUntil: number;
}

/** What a lock is on: the name tried, or the client trying. */
export type LockedBy = 'name' | 'client';

export interface Lock {
  readonly by: LockedBy;
  readonly until: number;
}

class Counts {
  private readonly map = new Map<string, Count>();

  constructor(
    private readonly free: number,
    private readonly options: LoginGuardOptions,
  ) {}

  private live(key: string, now: number): Count | null {
    const count = this.map.get(key);
    if (count === undefined) return null;
    if (now - count.last > this.options.forgetMs && now >= count.lockedUntil) {
      this.map.delete(key);
      return null;
    }
    return count;
  }

  lockedUntil(key: string, now: number): number | null {
    const count = this.live(key, now);
    return count !== null && now < count.lockedUntil ? count.lockedUntil : null;
  }

  /** Counts a failure; the end of the lock it starts (or extends), if any. */
  fail(key: string, now: number): number | null {
    const count = this.live(key, now) ?? { failures: 0, last: now, lockedUntil: 0 };
    count.failures += 1;
    count.last = now;
    // Re-inserted so that the map's order is the order of last use: the oldest are dropped first.
    this.map.delete(key);
    this.map.set(key, count);
    while (this.map.size > this.options.maxEntries) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
    // The failure that reaches the allowance starts the lock; each one after it doubles it.
    const over = count.failures - this.free + 1;
    if (over <= 0) return null;
    const lockMs = Math.min(this.options.baseLockMs * 2 ** (over - 1), this.options.maxLockMs);
    count.lockedUntil = now + lockMs;
    return count.lockedUntil;
  }

  clear(key: string): void {
    this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}

export class LoginGuard {
  private readonly names: Counts;
  private readonly clients: Counts;

  constructor(readonly options: LoginGuardOptions = DEFAULT_LOGIN_GUARD) {
    this.names = new Counts(options.freeFailuresPerName, options);
    this.clients = new Counts(options.freeFailuresPerClient, options);
  }

  /** The lock that refuses a login now, if any (the client's first: it says least about the name). */
  locked(name: string, client: string, now: number): Lock | null {
    const byClient = this.clients.lockedUntil(client, now);
    if (byClient !== null) return { by: 'client', until: byClient };
    const byName = this.names.lockedUntil(name, now);
    if (byName !== null) return { by: 'name', until: byName };
    return null;
  }

  /** A failed login; the locks it started or extended (for the security log). */
  failed(name: string, client: string, now: number): Lock[] {
    const locks: Lock[] = [];
    const byName = this.names.fail(name, now);
    if (byName !== null) locks.push({ by: 'name', until: byName });
    const byClient = this.clients.fail(client, now);
    if (byClient !== null) locks.push({ by: 'client', until: byClient });
    return locks;
  }

  /** A successful login clears the name's failures (not the client's: one good password must not unlock guessing). */
  succeeded(name: string): void {
    this.names.clear(name);
  }

  /** How many names and clients are tracked (bounded by maxEntries each). */
  tracked(): { names: number; clients: number } {
    return { names: this.names.size, clients: this.clients.size };
  }
}
