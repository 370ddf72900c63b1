/**
 * The HTTP API and the served files: guests and accounts (one identity on another device), tables
 * and the lobby, the quick-match queue, and the web app's files (types, caching, no way out of its
 * folder). A rated match's ratings on the player page and the leaderboard: frames.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  client,
  collect,
  guest,
  type RunningServer,
  removeTempDirs,
  tempDir,
  testServer,
  until,
} from './support.js';

let server: RunningServer;
let web: string;

beforeAll(async () => {
  web = tempDir();
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>game</title>');
  writeFileSync(join(web, 'scorer.html'), '<!doctype html><title>scorer</title>');
  writeFileSync(join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(web, 'assets', 'main-abc123.js'), 'console.log(1);');
  writeFileSync(join(web, 'assets', 'style-abc123.css'), 'body{}');
  writeFileSync(join(web, '.secret'), 'no');
  server = await testServer({ webRoot: web });
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});

describe('players', () => {
  it('a guest gets a signed token; a forged one is refused', async () => {
    const { api: a, session } = await guest(server.url, '  <b>Анна</b>  ');
    expect(session.player).toMatchObject({ name: '<b>Анна</b>', account: false });
    expect((await a.me()).ok).toBe(true);
    const forged = api(server.url);
    forged.setToken(`${session.player.id}.AAAA`);
    const me = await forged.me();
    expect(!me.ok && me.error.code).toBe('auth/invalid-token');
    const bad = await api(server.url).guest({ name: '' });
    expect(!bad.ok && bad.error).toMatchObject({ code: 'request/invalid', field: '/name' });
  });

  it('a guest becomes an account and keeps his identity on another device', async () => {
    const { api: a, session } = await guest(server.url, 'Boris');
    const registered = await a.register({ name: 'Boris K', password: 'correct horse' });
    if (!registered.ok) throw new Error(registered.error.message);
    expect(registered.value.player).toEqual({ id: session.player.id, name: 'Boris K', account: true });
    const other = api(server.url);
    const wrong = await other.login({ name: 'boris k', password: 'wrong password' });
    expect(!wrong.ok && wrong.error.code).toBe('auth/bad-credentials');
    const login = await other.login({ name: 'boris k', password: 'correct horse' });
    expect(login.ok && login.value.player.id).toBe(session.player.id);
    const taken = await api(server.url).register({ name: 'BORIS K', password: 'another one' });
    expect(!taken.ok && taken.error.code).toBe('auth/name-taken');
    const short = await api(server.url).register({ name: 'Vera', password: 'short' });
    expect(!short.ok && short.error).toMatchObject({ code: 'request/invalid', field: '/password' });
  });
});

describe('tables', () => {
  it('are created with the referee checking the settings, listed in the lobby, and found by id', async () => {
    const { api: a, session } = await guest(server.url, 'Gleb');
    const bad = await a.createTable({ variant: 'free', settings: { pushGapThreshold: 9 } });
    expect(!bad.ok && bad.error).toMatchObject({
      code: 'request/invalid',
      field: '/settings/pushGapThreshold',
    });
    const badSize = await a.createTable({ variant: 'free', tableSize: '13ft' as never });
    expect(!badSize.ok && badSize.error.field).toBe('/tableSize');
    const ratedSituation = await a.createTable({
      variant: 'free',
      rated: true,
      start: { from: 'situation', table: [0, 1] },
    });
    expect(!ratedSituation.ok && ratedSituation.error.code).toBe('request/invalid');
    const made = await a.createTable({
      variant: 'classic',
      framesToWin: 3,
      tableSize: '10ft',
      shotClock: { seconds: 45, extensionsPerFrame: 1 },
    });
    if (!made.ok) throw new Error(made.error.message);
    const table = made.value.table;
    expect(table.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(table.options).toMatchObject({
      variant: 'classic',
      tableSize: '10ft',
      rated: false,
      public: true,
    });
    expect(table.options.settings).toMatchObject({
      framesToWin: 3,
      shotClock: { seconds: 45, extensionsPerFrame: 1 },
    });
    expect(table.seats[0]?.player.id).toBe(session.player.id);
    const hidden = await a.createTable({ variant: 'free', public: false });
    if (!hidden.ok) throw new Error(hidden.error.message);
    const c = await client(server.url, session.token);
    await c.join(table.id, 'player');
    const lobby = await guest(server.url, 'Dina');
    const seen = await lobby.api.lobby();
    if (!seen.ok) throw new Error(seen.error.message);
    expect(seen.value.open.map((t) => t.id)).toContain(table.id);
    expect(seen.value.open.map((t) => t.id)).not.toContain(hidden.value.table.id);
    const mine = await a.lobby();
    expect(mine.ok && mine.value.mine.map((t) => t.id)).toEqual(
      expect.arrayContaining([table.id, hidden.value.table.id]),
    );
    const found = await lobby.api.table(hidden.value.table.id);
    expect(found.ok && found.value.table.options.public).toBe(false);
    const missing = await lobby.api.table('A'.repeat(22));
    expect(!missing.ok && missing.status).toBe(404);
    c.close();
  });

  it('quick match pairs two players of a variant; the first is told over the WebSocket', async () => {
    const first = await guest(server.url, 'Egor');
    const second = await guest(server.url, 'Zoya');
    const c = await client(server.url, first.session.token);
    const matched = collect(c, 'matched');
    const waiting = await first.api.quickMatch({ variant: 'dynamic' });
    expect(waiting.ok && waiting.value.status).toBe('waiting');
    const other = await guest(server.url, 'Ilya');
    const elsewhere = await other.api.quickMatch({ variant: 'combined' });
    expect(elsewhere.ok && elsewhere.value.status).toBe('waiting');
    expect((await other.api.cancelQuickMatch()).ok).toBe(true);
    const made = await second.api.quickMatch({ variant: 'dynamic' });
    if (!made.ok || made.value.status !== 'matched') throw new Error('no match');
    await until(() => matched.length === 1);
    expect(matched[0]).toMatchObject({ tableId: made.value.tableId, variant: 'dynamic' });
    const polled = await first.api.quickMatchStatus();
    expect(polled.ok && polled.value).toEqual({ status: 'matched', tableId: made.value.tableId });
    const d = await client(server.url, second.session.token);
    await c.join(made.value.tableId, 'player');
    await d.join(made.value.tableId, 'player');
    await until(() => c.lastState !== null);
    expect(c.table?.status).toBe('playing');
    expect(c.lastState?.variant).toBe('dynamic');
    c.close();
    d.close();
  });
});

describe('the web app', () => {
  const get = (path: string) => fetch(`${server.url}${path}`);

  it('is served with content types and caching: hashed assets for a year, pages revalidated', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('game');
    expect((await get('/scorer.html')).status).toBe(200);
    const sw = await get('/sw.js');
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/assets/main-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/style-abc123.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get('/?table=abc')).status).toBe(200);
  });

  it('never serves a file outside its folder, nor a hidden one', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/.secret',
      '/%00',
      '/nothing.html',
      '/assets/',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
    // Raw paths, as a hostile client sends them (fetch would normalise the dots away).
    writeFileSync(join(web, '..', 'outside.txt'), 'secret');
    for (const path of [
      '/../outside.txt',
      '/..%2foutside.txt',
      '/assets/..%2F..%2Foutside.txt',
      '/%2e%2e/outside.txt',
      '/..\\outside.txt',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(server.url);
        const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, path).toBe(404);
    }
    const api404 = await get('/api/nothing');
    expect(api404.status).toBe(404);
  });
});
