/**
 * What one client must not be able to do over HTTP (issue 23 §3.2, 3.3, 3.5–3.8), against the real
 * server on loopback with its SQLite file: sessions that end on logout, logins that cost the same
 * for every name and slow down under guessing, requests and guests limited per client, names that
 * cannot pass for others, private tables kept off other players' pages, the shot clock bounded,
 * the security headers, no symbolic link served, slow bodies cut and sockets capped per client.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { OnlineClient } from '@pyramid/online';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scryptCount } from '../src/auth.js';
import { DEFAULT_HTTP_LIMITS, MAX_WAITING_TABLES } from '../src/limits.js';
import {
  api,
  client,
  guest,
  type RunningServer,
  removeTempDirs,
  tempDir,
  testServer,
  WS,
} from './support.js';

afterAll(() => removeTempDirs());

/** A server whose log lines are kept, with a clock the test moves. */
async function loggedServer(options: Parameters<typeof testServer>[0] = {}) {
  const lines: string[] = [];
  let offset = 0;
  const server = await testServer({
    log: (line) => lines.push(line),
    now: () => Date.now() + offset,
    ...options,
  });
  return Object.assign(server, {
    lines,
    security: (event: string) => lines.filter((l) => l.startsWith(`security: ${event} `)),
    advance: (ms: number) => {
      offset += ms;
    },
  });
}

async function post(url: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function account(url: string, name: string, password = 'a long password') {
  const a = api(url);
  const made = await a.register({ name, password });
  if (!made.ok) throw new Error(`register ${name}: ${made.error.message}`);
  return { api: a, session: made.value };
}

describe('sessions', () => {
  let server: Awaited<ReturnType<typeof loggedServer>>;
  beforeAll(async () => {
    server = await loggedServer();
  });
  afterAll(async () => server.close());

  it('a logout ends the session: its token and every refresh of it are refused, over HTTP and the WebSocket', async () => {
    const { api: a, session } = await guest(server.url, 'Leaving');
    const token = session.token;
    const refreshed = await a.refresh();
    if (!refreshed.ok) throw new Error(refreshed.error.message);
    const later = refreshed.value.token;
    expect(later).not.toBe(token);
    // Signing out with the refreshed token ends the session both tokens belong to.
    expect(await a.logout()).toEqual({ ok: true, value: { revoked: 1 } });
    expect(a.token).toBeNull();
    for (const t of [token, later]) {
      const stale = api(server.url);
      stale.setToken(t);
      const me = await stale.me();
      expect(!me.ok && me.error).toMatchObject({ code: 'auth/expired-token', field: '/authorization' });
      const again = await stale.refresh();
      expect(!again.ok && again.error.code).toBe('auth/expired-token');
      const ws = new OnlineClient({
        url: api(server.url).wsUrl(),
        token: t,
        WebSocket: WS,
        reconnect: false,
      });
      const hello = await ws.connect();
      expect(!hello.ok && hello.error.code).toBe('auth/expired-token');
      ws.close();
    }
    expect(server.security('logout')).toHaveLength(1);
    expect(server.security('logout')[0]).toContain(`player=${session.player.id} sessions=1 everywhere=no`);
  });

  it('a logout everywhere ends every session of the player, on every device', async () => {
    const first = await account(server.url, 'Everywhere');
    const second = api(server.url);
    const login = await second.login({ name: 'Everywhere', password: 'a long password' });
    if (!login.ok) throw new Error(login.error.message);
    const other = await guest(server.url, 'Bystander');
    expect(await first.api.logout({ everywhere: true })).toEqual({ ok: true, value: { revoked: 2 } });
    const me = await second.me();
    expect(!me.ok && me.error.code).toBe('auth/expired-token');
    // Another player's session is untouched.
    expect((await other.api.me()).ok).toBe(true);
  });

  it('a token made before sessions were stored still works until it expires, and a refresh makes it a session', async () => {
    const { session } = await guest(server.url, 'Old timer');
    const db = new Database(join(server.dataDir, 'pyramid.sqlite'), { readonly: true });
    const secret = db.prepare('SELECT id, value FROM secrets ORDER BY created_at DESC LIMIT 1').get() as {
      id: string;
      value: string;
    };
    db.close();
    const now = Date.now();
    const payload = `${session.player.id}.${secret.id}.${now.toString(36)}.${(now + 3600_000).toString(36)}`;
    const mac = createHmac('sha256', secret.value).update(`session:${payload}`).digest('base64url');
    const legacy = api(server.url);
    legacy.setToken(`${payload}.${mac}`);
    expect((await legacy.me()).ok).toBe(true);
    const refreshed = await legacy.refresh();
    if (!refreshed.ok) throw new Error(refreshed.error.message);
    expect(refreshed.value.token.split('.')).toHaveLength(6);
    expect(await legacy.logout()).toEqual({ ok: true, value: { revoked: 1 } });
  });
});

describe('logins', () => {
  it('cost one scrypt whether or not the name is an account', async () => {
    const server = await loggedServer();
    try {
      await account(server.url, 'Known');
      const costOf = async (name: string) => {
        const before = scryptCount();
        const r = await api(server.url).login({ name, password: 'wrong password' });
        expect(!r.ok && r.error.code).toBe('auth/bad-credentials');
        return scryptCount() - before;
      };
      for (let i = 0; i < 3; i++) {
        expect(await costOf('Known')).toBe(1);
        expect(await costOf(`Nobody ${i}`)).toBe(1);
      }
    } finally {
      await server.close();
    }
  });

  it('are locked per name after five failures, with a growing wait, whether or not the name is an account', async () => {
    const server = await loggedServer();
    try {
      const known = await account(server.url, 'Guessed');
      const attempt = (name: string, password: string) => post(server.url, '/api/login', { name, password });
      for (const name of ['Guessed', 'Nobody here']) {
        for (let i = 0; i < 5; i++) expect((await attempt(name, `wrong ${i} guess`)).status).toBe(401);
        const locked = await attempt(name, 'a long password');
        expect(locked.status).toBe(429);
        expect(locked.body).toMatchObject({ code: 'rate/limited', field: '/name' });
        expect(Number(locked.headers.get('retry-after'))).toBe(30);
      }
      // Locked, even the right password costs nothing and is refused; after the wait it works.
      const before = scryptCount();
      expect((await attempt('Guessed', 'a long password')).status).toBe(429);
      expect(scryptCount()).toBe(before);
      server.advance(31_000);
      expect((await attempt('Guessed', 'wrong again')).status).toBe(401);
      // The next failure locks it again, twice as long.
      const longer = await attempt('Guessed', 'a long password');
      expect(longer.status).toBe(429);
      expect(Number(longer.headers.get('retry-after'))).toBe(60);
      server.advance(61_000);
      const ok = await attempt('Guessed', 'a long password');
      expect(ok.status).toBe(200);
      expect((ok.body.player as { id: string }).id).toBe(known.session.player.id);
      // Each failure, lock and login is one line of the log, naming ids and addresses, never names.
      expect(server.security('login-failed')).toHaveLength(11);
      expect(server.security('login-locked')).toHaveLength(3);
      expect(server.security('login')).toEqual([
        `security: login account=${known.session.player.id} client=127.0.0.1`,
      ]);
      expect(server.lines.join('\n')).not.toContain('Guessed');
    } finally {
      await server.close();
    }
  });

  it('are locked per client that fails on many names', async () => {
    const server = await loggedServer({ loginGuard: { freeFailuresPerClient: 3 } });
    try {
      for (let i = 0; i < 3; i++)
        expect(
          (await post(server.url, '/api/login', { name: `Name ${i}`, password: 'whatever1' })).status,
        ).toBe(401);
      const locked = await post(server.url, '/api/login', { name: 'Fresh name', password: 'whatever1' });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ code: 'rate/limited', field: '' });
      expect(String(locked.body.message)).toContain('from this address');
    } finally {
      await server.close();
    }
  });
});

describe('limits per client', () => {
  it('guests: 30 an hour from one address, then 429 with the OnlineError and Retry-After, logged once', async () => {
    const server = await loggedServer();
    try {
      const max = DEFAULT_HTTP_LIMITS.guest.max;
      for (let i = 0; i < max; i++)
        expect((await post(server.url, '/api/guest', { name: `G${i}` })).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const refused = await post(server.url, '/api/guest', { name: 'One more' });
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ code: 'rate/limited', field: '' });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      }
      expect(server.security('rate-limited')).toEqual([
        'security: rate-limited route=POST:/api/guest client=127.0.0.1',
      ]);
    } finally {
      await server.close();
    }
  });

  it('every API request: a burst past the window is refused; the web app is not counted', async () => {
    const web = tempDir();
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>game</title>');
    const server = await testServer({ webRoot: web, httpLimits: { api: { max: 5, windowMs: 60_000 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await fetch(`${server.url}/api/health`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      for (let i = 0; i < 7; i++) expect((await fetch(`${server.url}/index.html`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it(`tables: at most ${MAX_WAITING_TABLES} waiting for their match to start`, async () => {
    const server = await testServer();
    try {
      const { api: a } = await guest(server.url, 'Table hoarder');
      for (let i = 0; i < MAX_WAITING_TABLES; i++)
        expect((await a.createTable({ variant: 'free' })).ok).toBe(true);
      const refused = await a.createTable({ variant: 'free' });
      expect(!refused.ok && refused.status).toBe(429);
      expect(!refused.ok && refused.error.code).toBe('rate/limited');
    } finally {
      await server.close();
    }
  });
});

describe('names', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => server.close());

  it('are normalised (NFC, plain single spaces) and counted in characters, never cut into halves', async () => {
    const { session } = await guest(server.url, '  Е\u0308лка\u00a0\u00a0Мила ');
    expect(session.player.name).toBe('Ёлка Мила');
    // 24 characters outside the BMP (48 UTF-16 units) are a name; 25 are not.
    const emoji = '🎱'.repeat(24);
    expect((await guest(server.url, emoji)).session.player.name).toBe(emoji);
    const long = await post(server.url, '/api/guest', { name: `${emoji}🎱` });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'request/invalid', field: '/name' });
    // A lone surrogate, as JSON may carry it, is refused.
    const lone = await post(server.url, '/api/guest', '{"name":"Anna\\ud83c"}');
    expect(lone.body).toMatchObject({ code: 'request/invalid', field: '/name' });
  });

  it('with invisible, bidi-control or filler characters are refused', async () => {
    for (const name of [
      'A\u200bnna',
      'An\u00adna',
      '\u202eanna',
      'anna\u2066',
      '\u200b',
      '\u3164',
      '\u3164\u3164',
      '\u2800',
      'An\ufeffna',
      'Anna\u200d',
    ]) {
      const refused = await post(server.url, '/api/guest', { name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'request/invalid', field: '/name' });
    }
  });

  it('of accounts cannot be taken by a look-alike account, nor by a guest; accounts are marked', async () => {
    const anna = await account(server.url, 'Anna Karenina');
    expect(anna.session.player.account).toBe(true);
    for (const twin of [
      'Аnna Karenina' /* Cyrillic А */,
      'ＡＮＮＡ ＫＡＲＥＮＩＮＡ',
      'anna karenina',
      'Anna  Karenina',
    ]) {
      const taken = await api(server.url).register({ name: twin, password: 'another password' });
      expect(!taken.ok && taken.error.code, twin).toBe('auth/name-taken');
      const asGuest = await post(server.url, '/api/guest', { name: twin });
      expect(asGuest.status, twin).toBe(409);
      expect(asGuest.body).toMatchObject({ code: 'auth/name-taken', field: '/name' });
    }
    const g = await guest(server.url, 'Anna K');
    expect(g.session.player.account).toBe(false);
  });
});

describe('player pages', () => {
  it('list a private table only to the players at it; strangers and anonymous readers do not see its id', async () => {
    const server = await testServer();
    try {
      const anna = await guest(server.url, 'Anna');
      const friend = await guest(server.url, 'Friend');
      const stranger = await guest(server.url, 'Stranger');
      const open = await anna.api.createTable({ variant: 'free' });
      const secret = await anna.api.createTable({ variant: 'free', public: false });
      if (!open.ok || !secret.ok) throw new Error('tables');
      const privateId = secret.value.table.id;
      const a = await client(server.url, anna.session.token);
      const f = await client(server.url, friend.session.token);
      expect((await a.join(privateId, 'player')).ok).toBe(true);
      expect((await f.join(privateId, 'player')).ok).toBe(true);
      const listed = async (reader: ReturnType<typeof api>) => {
        const page = await reader.player(anna.session.player.id);
        if (!page.ok) throw new Error(page.error.message);
        return page.value.matches.map((m) => m.id).sort();
      };
      const both = [open.value.table.id, privateId].sort();
      expect(await listed(anna.api)).toEqual(both);
      expect(await listed(friend.api)).toEqual(both);
      expect(await listed(stranger.api)).toEqual([open.value.table.id]);
      expect(await listed(api(server.url))).toEqual([open.value.table.id]);
      a.close();
      f.close();
    } finally {
      await server.close();
    }
  });
});

describe('the shot clock of a new table', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => server.close());

  it('is 10 to 600 s with at most 10 extensions, at the top level and in settings alike', async () => {
    const { api: a, session } = await guest(server.url, 'Clocked');
    const refused = [
      [{ shotClock: { seconds: 0.05, extensionsPerFrame: 0 } }, '/shotClock/seconds'],
      [{ shotClock: { seconds: 9.9, extensionsPerFrame: 0 } }, '/shotClock/seconds'],
      [{ shotClock: { seconds: 601, extensionsPerFrame: 0 } }, '/shotClock/seconds'],
      [{ shotClock: { seconds: 30, extensionsPerFrame: 11 } }, '/shotClock/extensionsPerFrame'],
      [{ settings: { shotClock: { seconds: 1e-9, extensionsPerFrame: 0 } } }, '/settings/shotClock/seconds'],
      [
        { settings: { shotClock: { seconds: 30, extensionsPerFrame: 1e15 } } },
        '/settings/shotClock/extensionsPerFrame',
      ],
      [{ settings: { framesToWin: 1e9 } }, '/settings/framesToWin'],
    ] as const;
    for (const [body, field] of refused) {
      const made = await a.createTable({ variant: 'free', ...(body as object) });
      expect(!made.ok && made.error, field).toMatchObject({ code: 'request/invalid', field });
    }
    const made = await a.createTable({ variant: 'free', shotClock: { seconds: 10, extensionsPerFrame: 10 } });
    expect(made.ok && made.value.table.options.settings.shotClock).toEqual({
      seconds: 10,
      extensionsPerFrame: 10,
    });
    // The lobby lists the clock of an open table (its creator sitting at it).
    if (!made.ok) throw new Error(made.error.message);
    const c = await client(server.url, session.token);
    expect((await c.join(made.value.table.id, 'player')).ok).toBe(true);
    const lobby = await api(server.url).lobby();
    c.close();
    if (!lobby.ok) throw new Error(lobby.error.message);
    const listed = lobby.value.open.find((t) => t.id === made.value.table.id);
    expect(listed?.options.settings.shotClock).toEqual({ seconds: 10, extensionsPerFrame: 10 });
  });
});

describe('chat', () => {
  it('refuses a bidi override or isolate and a line of only invisible characters', async () => {
    const server = await testServer();
    try {
      const anna = await guest(server.url, 'Chatty');
      const made = await anna.api.createTable({ variant: 'free' });
      if (!made.ok) throw new Error(made.error.message);
      const c = await client(server.url, anna.session.token);
      expect((await c.join(made.value.table.id, 'player')).ok).toBe(true);
      for (const text of ['\u202egg', 'gg \u2067', '\u200b\u200b', '\u3164', '\u200d ']) {
        const said = await c.chat(text);
        expect(!said.ok && said.error, JSON.stringify(text)).toMatchObject({
          code: 'chat/invalid',
          field: '/text',
        });
      }
      // Marks for mixed-direction text and joiners inside real text stay allowed.
      expect((await c.chat('שלום\u200f ok')).ok).toBe(true);
      expect((await c.chat('👨\u200d👩\u200d👧')).ok).toBe(true);
      c.close();
    } finally {
      await server.close();
    }
  });
});

describe('headers and files', () => {
  let server: RunningServer;
  let web: string;
  beforeAll(async () => {
    web = tempDir();
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>game</title>');
    writeFileSync(join(web, 'assets', 'main-abc.js'), 'console.log(1);');
    const outside = join(tempDir(), 'secret.txt');
    writeFileSync(outside, 'not for the web');
    symlinkSync(outside, join(web, 'leak.txt'));
    symlinkSync(join(web, 'assets', 'main-abc.js'), join(web, 'assets', 'alias.js'));
    symlinkSync(join(web, 'assets'), join(web, 'linked'));
    server = await testServer({ webRoot: web });
  });
  afterAll(async () => server.close());

  it('pages and API answers carry the CSP, no framing, no referrer and nosniff', async () => {
    for (const path of ['/', '/api/health', '/api/nothing-here']) {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('never follows a symbolic link, out of the web root or inside it', async () => {
    expect((await fetch(`${server.url}/assets/main-abc.js`)).status).toBe(200);
    for (const path of ['/leak.txt', '/assets/alias.js', '/linked/main-abc.js'])
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
  });

  it('a body past 64 KiB is refused with an OnlineError', async () => {
    const big = await post(server.url, '/api/guest', { name: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'request/invalid', field: '' });
    const broken = await post(server.url, '/api/guest', '{"name":');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'request/invalid', field: '' });
  });
});

/** A raw TCP connection from `localAddress` (another loopback address is another client). */
function socketTo(url: string, localAddress = '127.0.0.1'): Promise<Socket> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress }, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves when the server closes the socket (or rejects after `ms`). */
function closedWithin(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on('error', () => {});
  });
}

describe('connections', () => {
  it('a body sent slowly is cut once the request timeout has passed', async () => {
    const server = await testServer({ httpTimeouts: { requestMs: 1500, headersMs: 1000 } });
    try {
      const socket = await socketTo(server.url);
      socket.write(
        'POST /api/guest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      const drip = setInterval(() => socket.writable && socket.write(' '), 200);
      try {
        const answer = await closedWithin(socket, 8_000);
        expect(answer).toMatch(/^HTTP\/1\.1 408/);
      } finally {
        clearInterval(drip);
      }
    } finally {
      await server.close();
    }
  });

  it('one client holds at most its cap of sockets; others still get in; a freed socket can be reused', async () => {
    const server = await testServer({ connectionLimits: { perClient: 4 } });
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 4; i++) held.push(await socketTo(server.url));
      const extra = await socketTo(server.url);
      await closedWithin(extra, 5_000);
      // Another loopback address is another client: it is served.
      const other = await socketTo(server.url, '127.0.0.2');
      other.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(await closedWithin(other, 5_000)).toMatch(/^HTTP\/1\.1 200/);
      // Once one is closed (and the server has seen it close), the client gets a socket again.
      held.pop()?.destroy();
      const served = async () => {
        const again = await socketTo(server.url);
        again.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        return /^HTTP\/1\.1 200/.test(await closedWithin(again, 5_000));
      };
      let ok = false;
      const deadline = Date.now() + 5_000;
      while (!ok && Date.now() < deadline) ok = await served();
      expect(ok).toBe(true);
    } finally {
      for (const s of held) s.destroy();
      await server.close();
    }
  });
});
