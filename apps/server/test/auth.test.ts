import { describe, expect, it } from 'vitest';
import { Sessions } from '../src/auth.js';
import { SqliteStore } from '../src/store/sqlite.js';

describe('revocable sessions', () => {
  it('a session ended by one process is refused by another sharing the store once it has synced', async () => {
    const store = new SqliteStore(':memory:');
    await store.createPlayer({ id: 'p'.repeat(22), name: 'Anna', passwordHash: null, createdAt: 0 });
    const now = 1_000_000;
    const one = await Sessions.open(store, now);
    const two = await Sessions.open(store, now);
    const issued = await one.start('p'.repeat(22), now);
    expect(two.verify(issued.token, now + 1).ok).toBe(true);
    expect(await one.revoke(issued.sessionId, now + 2)).toBe(true);
    expect(one.verify(issued.token, now + 3)).toMatchObject({ ok: false, code: 'auth/expired-token' });
    // The other process checks its memory synchronously (the WebSocket's hello)…
    expect(two.verify(issued.token, now + 3).ok).toBe(true);
    // …and the store on every HTTP request.
    expect(await two.check(issued.token, now + 3)).toMatchObject({ ok: false, code: 'auth/expired-token' });
    await two.syncRevoked(now + 4);
    expect(two.verify(issued.token, now + 5)).toMatchObject({ ok: false, code: 'auth/expired-token' });
    // A forged session id does not verify; an unknown (signed) one is refused by `check`.
    const [pid, kid, , issuedAt, expires, mac] = issued.token.split('.');
    expect(two.verify(`${pid}.${kid}.${'x'.repeat(22)}.${issuedAt}.${expires}.${mac}`, now).ok).toBe(false);
    await store.close();
  });
});
