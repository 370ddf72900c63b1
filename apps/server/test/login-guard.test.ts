import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_GUARD, LoginGuard } from '../src/login-guard.js';

describe('the login guard', () => {
  it('locks a name at its fifth failure for 30 s, doubling per failure up to 15 min; a success clears it', () => {
    const guard = new LoginGuard();
    for (let i = 0; i < 4; i++) expect(guard.failed('anna', `client${i}`, 0)).toEqual([]);
    expect(guard.locked('anna', 'x', 0)).toBeNull();
    expect(guard.failed('anna', 'client9', 0)).toEqual([{ by: 'name', until: 30_000 }]);
    expect(guard.locked('anna', 'x', 29_999)).toEqual({ by: 'name', until: 30_000 });
    expect(guard.locked('anna', 'x', 30_000)).toBeNull();
    let until = 0;
    for (let i = 0; i < 12; i++) until = guard.failed('anna', `c${i}`, 40_000)[0]?.until ?? 0;
    expect(until).toBe(40_000 + DEFAULT_LOGIN_GUARD.maxLockMs);
    guard.succeeded('anna');
    expect(guard.locked('anna', 'x', 40_001)).toBeNull();
  });

  it('locks a client failing on many names, and forgets failures after a quiet while', () => {
    const guard = new LoginGuard({ ...DEFAULT_LOGIN_GUARD, freeFailuresPerClient: 3 });
    guard.failed('a', 'ip', 0);
    guard.failed('b', 'ip', 0);
    expect(guard.failed('c', 'ip', 0)).toEqual([{ by: 'client', until: 30_000 }]);
    expect(guard.locked('fresh', 'ip', 1)).toEqual({ by: 'client', until: 30_000 });
    // A success on some name does not unlock the client.
    guard.succeeded('fresh');
    expect(guard.locked('fresh', 'ip', 1)?.by).toBe('client');
    const quiet = new LoginGuard();
    for (let i = 0; i < 4; i++) quiet.failed('anna', 'ip', 0);
    expect(quiet.failed('anna', 'ip', DEFAULT_LOGIN_GUARD.forgetMs + 1)).toEqual([]);
  });

  it('tracks a bounded number of names and clients', () => {
    const guard = new LoginGuard({ ...DEFAULT_LOGIN_GUARD, maxEntries: 100 });
    for (let i = 0; i < 1000; i++) guard.failed(`name${i}`, `client${i}`, i);
    expect(guard.tracked()).toEqual({ names: 100, clients: 100 });
  });
});
