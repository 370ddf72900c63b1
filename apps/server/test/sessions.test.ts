/**
 * What outlives a restart of the server besides its tables: the quick-match queues, and sessions
 * whose tokens expire, can be refreshed, and stay valid across a rotation of the signing secret for
 * its grace period. The server's clock is given, so that days pass without waiting.
 */
import { OnlineClient } from '@pyramid/online';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/store/sqlite.js';
import { api, guest, removeTempDirs, tempDir, testServer, WS } from './support.js';

afterAll(() => removeTempDirs());

/** The API of a server with a session kept from before (on another server instance). */
function as(url: string, token: string) {
  const a = api(url);
  a.setToken(token);
  return a;
}

const wsUrl = (url: string) => `${url.replace(/^http/, 'ws')}/ws`;

/** The hello of a token on a fresh connection: welcomed, or the refusal's code and message. */
async function hello(url: string, token: string) {
  const c = new OnlineClient({ url: wsUrl(url), token, WebSocket: WS, reconnect: false, timeoutMs: 5000 });
  const result = await c.connect();
  c.close();
  return result.ok ? 'welcome' : { code: result.error.code, message: result.error.message };
}

describe('quick-match queue across a restart', () => {
  it('a player waiting before the restart is matched after it, and a match made just before it is still told', async () => {
    const dataDir = tempDir();
    const first = await testServer({ dataDir });
    const anna = await guest(first.url, 'Anna');
    const waiting = await anna.api.quickMatch({ variant: 'dynamic', rated: true });
    if (!waiting.ok || waiting.value.status !== 'waiting') throw new Error('not queued');
    await first.close();

    const second = await testServer({ dataDir });
    const anna2 = as(second.url, anna.session.token);
    const still = await anna2.quickMatchStatus();
    expect(still.ok && still.value).toEqual({
      status: 'waiting',
      variant: 'dynamic',
      since: waiting.value.since,
    });
    // Another variant and an unrated place do not match her; a rated dynamic one does.
    const boris = await guest(second.url, 'Boris');
    const unrated = await boris.api.quickMatch({ variant: 'dynamic', rated: false });
    expect(unrated.ok && unrated.value.status).toBe('waiting');
    const vera = await guest(second.url, 'Vera');
    const made = await vera.api.quickMatch({ variant: 'dynamic', rated: true });
    if (!made.ok || made.value.status !== 'matched') throw new Error('no match after the restart');
    await second.close();

    // Anna had not polled yet: the match is told after another restart.
    const third = await testServer({ dataDir });
    const anna3 = as(third.url, anna.session.token);
    const told = await anna3.quickMatchStatus();
    expect(told.ok && told.value).toEqual({ status: 'matched', tableId: made.value.tableId });
    const table = await anna3.table(made.value.tableId);
    expect(table.ok && table.value.table.seats.map((s) => s?.player.name)).toEqual(['Anna', 'Vera']);
    const after = await anna3.quickMatchStatus();
    expect(after.ok && after.value).toEqual({ status: 'idle' });
    const borisStill = await as(third.url, boris.session.token).quickMatchStatus();
    expect(borisStill.ok && borisStill.value.status).toBe('waiting');
    await third.close();
  });
});

describe('session tokens', () => {
  const DAY = 24 * 3600_000;
  const times = { tokenTtlMs: 30 * DAY, rotateEveryMs: 7 * DAY, graceMs: 30 * DAY };

  it('expire with a clear error over HTTP and the WebSocket; a refreshed token lives on', async () => {
    let clock = Date.UTC(2026, 11, 1);
    const server = await testServer({ now: () => clock, sessionTimes: times });
    const { api: a, session } = await guest(server.url, 'Gleb');
    expect(session.expiresAt).toBe(clock + 30 * DAY);
    expect(await hello(server.url, session.token)).toBe('welcome');

    clock += 20 * DAY;
    const refreshed = await a.refresh();
    if (!refreshed.ok) throw new Error(refreshed.error.message);
    expect(refreshed.value.player.id).toBe(session.player.id);
    expect(refreshed.value.expiresAt).toBe(clock + 30 * DAY);
    expect(refreshed.value.token).not.toBe(session.token);

    clock += 11 * DAY; // the first token is 31 days old, the refreshed one 11
    const old = api(server.url);
    old.setToken(session.token);
    const refused = await old.me();
    expect(!refused.ok && refused.status).toBe(401);
    expect(!refused.ok && refused.error).toMatchObject({
      code: 'auth/expired-token',
      field: '/authorization',
    });
    expect(!refused.ok && refused.error.message).toContain('expired');
    expect(await hello(server.url, session.token)).toMatchObject({ code: 'auth/expired-token' });
    expect((await old.refresh()).ok).toBe(false);
    const me = await a.me();
    expect(me.ok && me.value.player.id).toBe(session.player.id);

    const forged = `${refreshed.value.token.slice(0, -2)}AA`;
    old.setToken(forged);
    const bad = await old.me();
    expect(!bad.ok && bad.error.code).toBe('auth/invalid-token');
    await server.close();
  });

  it('a token signed by the previous secret is accepted during the grace period after a rotation, not after', async () => {
    const dataDir = tempDir();
    let clock = Date.UTC(2026, 11, 1);
    const long = { ...times, tokenTtlMs: 90 * DAY };
    const first = await testServer({ dataDir, now: () => clock, sessionTimes: long });
    const early = await guest(first.url, 'Dina');
    await first.close();

    clock += 8 * DAY; // the secret is due: the restarted server rotates it
    const second = await testServer({ dataDir, now: () => clock, sessionTimes: long });
    const store = new SqliteStore(dataDir);
    expect((await store.secrets()).length).toBe(2);
    await store.close();
    const late = await guest(second.url, 'Egor');
    expect(late.session.token.split('.')[1]).not.toBe(early.session.token.split('.')[1]);
    const earlyApi = as(second.url, early.session.token);
    const during = await earlyApi.me();
    expect(during.ok && during.value.player.name).toBe('Dina');
    expect(await hello(second.url, early.session.token)).toBe('welcome');

    clock += 31 * DAY; // the previous secret's grace (30 days after it was replaced) is over
    const after = await earlyApi.me();
    expect(!after.ok && after.error.code).toBe('auth/expired-token');
    expect(!after.ok && after.error.message).toContain('retired');
    const lateMe = await late.api.me();
    expect(lateMe.ok && lateMe.value.player.name).toBe('Egor');
    await second.close();
  });
});
