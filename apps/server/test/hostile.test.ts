/**
 * What one WebSocket client must not be able to do to the others (issue 23 §1, §3.1, §3.4, §3.5,
 * §3.7, §3.9), against the real server on loopback with its SQLite file and clients writing raw
 * frames: messages of one connection handled in order however they arrive, desync reports that
 * cost the server little, a reader that stops reading cut off, seats given back, sockets that never
 * say hello closed, every frame metered.
 */
import { CLOSE_CODES, LOG_PAGE_SIZE, PROTOCOL_VERSION } from '@pyramid/online';
import {
  type Action,
  applyAction,
  legalActions,
  parseMatchStart,
  recordAction,
  resolveSettings,
} from '@pyramid/rules';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SqliteStore } from '../src/store/sqlite.js';
import { clientFrame, RawSocket } from './raw-ws.js';
import { api, guest, removeTempDirs, tempDir, testServer, until } from './support.js';

afterAll(() => removeTempDirs());

const servers: { close(): Promise<void> }[] = [];
const sockets: RawSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) await s.close();
});

async function server(options: Parameters<typeof testServer>[0] = {}) {
  const lines: string[] = [];
  const running = await testServer({ log: (line) => lines.push(line), ...options });
  servers.push(running);
  return Object.assign(running, { lines });
}

async function raw(url: string): Promise<RawSocket> {
  const socket = await RawSocket.open(`${url.replace(/^http/, 'ws')}/ws`);
  sockets.push(socket);
  return socket;
}

const hello = (token: string) => ({ type: 'hello', protocol: PROTOCOL_VERSION, token });

describe('one connection’s messages are handled in order (§1)', () => {
  it('hello and join in one TCP write: welcome, then joined', async () => {
    const s = await server();
    const anna = await guest(s.url, 'Anna');
    const boris = await guest(s.url, 'Boris');
    const made = await anna.api.createTable({ variant: 'free' });
    if (!made.ok) throw new Error(made.error.message);
    const socket = await raw(s.url);
    socket.sendTogether(hello(boris.session.token), {
      type: 'join',
      tableId: made.value.table.id,
      role: 'spectator',
      ref: 'j',
    });
    await until(() => socket.messages.length >= 2, 5000, 'two answers');
    expect(socket.messages.slice(0, 2).map((m) => m.type)).toEqual(['welcome', 'joined']);
    expect(socket.of('error')).toEqual([]);
  });

  it('join and a stroke in one write: the stroke is played, and the opponent sees it', async () => {
    const s = await server();
    const anna = await guest(s.url, 'Anna');
    const boris = await guest(s.url, 'Boris');
    const made = await anna.api.createTable({ variant: 'free', start: { from: 'rack', breaker: 1 } });
    if (!made.ok) throw new Error(made.error.message);
    const tableId = made.value.table.id;
    const a = await raw(s.url);
    a.sendTogether(hello(anna.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => a.of('joined').length === 1, 5000, 'Anna seated');
    // Boris sits down (the match starts with him to break: breaker 1) and breaks, in one write.
    const b = await raw(s.url);
    b.sendTogether(
      hello(boris.session.token),
      { type: 'join', tableId, role: 'player' },
      {
        type: 'stroke',
        tableId,
        seq: 0,
        stroke: {
          cueBall: 0,
          call: null,
          placement: { x: 500, y: 887.5 },
          strike: { speed: 6, angleDeg: 0 },
        },
        ref: 's',
      },
    );
    await until(() => a.of('stroke').length === 1, 10_000, 'the stroke reaching Anna');
    expect(b.of('error')).toEqual([]);
    expect(b.messages.map((m) => m.type).filter((t) => t !== 'presence' && t !== 'clock')).toEqual([
      'welcome',
      'joined',
      'state',
      'stroke',
    ]);
  });

  it('two joins in one write leave the player seated at the second table only', async () => {
    const s = await server();
    const anna = await guest(s.url, 'Anna');
    const first = await anna.api.createTable({ variant: 'free' });
    const second = await anna.api.createTable({ variant: 'free' });
    if (!first.ok || !second.ok) throw new Error('tables not made');
    const a = await raw(s.url);
    a.sendTogether(
      hello(anna.session.token),
      { type: 'join', tableId: first.value.table.id, role: 'player' },
      { type: 'join', tableId: second.value.table.id, role: 'player' },
    );
    await until(() => a.of('joined').length === 2, 5000, 'two joins answered');
    expect(a.of('joined').map((m) => m.tableId)).toEqual([first.value.table.id, second.value.table.id]);
    const one = await anna.api.table(first.value.table.id);
    const two = await anna.api.table(second.value.table.id);
    if (!one.ok || !two.ok) throw new Error('tables not read');
    expect(two.value.table.seats[0]?.presence).toBe('present');
    expect(one.value.table.seats[0]?.presence).not.toBe('present');
  });
});

describe('sockets (§3.7)', () => {
  it('messages merely waiting their turn are bounded: a connection with 256 waiting is dropped', async () => {
    const s = await server({
      rateLimit: { burst: 10_000, perSecond: 10_000 },
      socketLimits: { abuse: { burst: 10_000, perSecond: 10_000 } },
    });
    const anna = await guest(s.url, 'Anna');
    const a = await raw(s.url);
    // Each hello waits for the store: the rest queue up behind it.
    a.sendTogether(...Array.from({ length: 400 }, () => hello(anna.session.token)));
    await until(() => a.closed, 5000, 'the flooding connection to be dropped');
    expect(a.closeCode).toBe(CLOSE_CODES.abuse);
    expect(a.of('welcome').length).toBeLessThan(400);
  });

  it('a socket that never says hello is closed after the hello time', async () => {
    const s = await server({ socketLimits: { helloMs: 300 } });
    const idle = await raw(s.url);
    const another = await raw(s.url);
    await until(() => idle.closed && another.closed, 5000, 'the idle sockets to be closed');
    expect(idle.closeCode).toBe(CLOSE_CODES.noHello);
    // Logged once for the client, not once a socket (their number is the client's to choose).
    expect(s.lines.filter((l) => l.startsWith('security: socket-no-hello '))).toEqual([
      'security: socket-no-hello client=127.0.0.1',
    ]);
    // One that says hello in time stays.
    const anna = await guest(s.url, 'Anna');
    const named = await raw(s.url);
    named.sendTogether(hello(anna.session.token));
    await new Promise((r) => setTimeout(r, 600));
    expect(named.closed).toBe(false);
    expect(named.of('welcome')).toHaveLength(1);
  });

  it('behind a trusted proxy a client is the address the proxy reports, on HTTP and WebSocket alike; a peer not trusted names none', async () => {
    const FORWARDED = { 'x-forwarded-for': '203.0.113.7' };
    // The test's own sockets come from 127.0.0.1: as the proxy, or as a client that forges the header.
    for (const [trustProxy, client] of [
      ['127.0.0.1', '203.0.113.7'],
      [true, '203.0.113.7'],
      ['10.0.0.0/8, 192.168.0.0/16', '127.0.0.1'],
      [false, '127.0.0.1'],
    ] as const) {
      const s = await server({ trustProxy, socketLimits: { helloMs: 200 } });
      const registered = await fetch(`${s.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...FORWARDED },
        body: JSON.stringify({ name: 'Anna', password: 'a long enough password' }),
      });
      expect(registered.status).toBe(200);
      const socket = new WebSocket(`${s.url.replace(/^http/, 'ws')}/ws`, { headers: FORWARDED });
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      expect(await closed).toBe(CLOSE_CODES.noHello);
      const lines = s.lines.filter((l) => /^security: (register|socket-no-hello) /.test(l));
      expect(lines.map((l) => /client=(\S+)/.exec(l)?.[1])).toEqual([client, client]);
      expect(lines.map((l) => l.split(' ')[1])).toEqual(['register', 'socket-no-hello']);
    }
  });

  it('binary frames are metered like text ones', async () => {
    const s = await server({ rateLimit: { burst: 5, perSecond: 1 } });
    const flood = await raw(s.url);
    flood.write(...Array.from({ length: 30 }, () => clientFrame(Buffer.from([1, 2, 3]), 2)));
    await until(() => flood.of('error').length >= 30 || flood.closed, 5000, 'thirty answers');
    const codes = flood.of('error').map((m) => m.code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('protocol/malformed-json'));
    expect(codes.slice(5)).toEqual(Array(codes.length - 5).fill('rate/limited'));
  });

  it('refusals are counted in a window, not in a row: good messages between them do not reset it', async () => {
    const s = await server({
      rateLimit: { burst: 1000, perSecond: 1000 },
      socketLimits: { abuse: { burst: 20, perSecond: 1 } },
    });
    const anna = await guest(s.url, 'Anna');
    const a = await raw(s.url);
    a.sendTogether(hello(anna.session.token));
    await until(() => a.of('welcome').length === 1, 5000, 'welcome');
    const frames: Buffer[] = [];
    for (let i = 0; i < 40; i++)
      frames.push(clientFrame('not json'), clientFrame(JSON.stringify({ type: 'ping', t: i })));
    a.write(...frames);
    await until(() => a.closed, 5000, 'the abusive connection to be dropped');
    expect(a.closeCode).toBe(CLOSE_CODES.abuse);
    expect(s.lines.filter((l) => l.startsWith('security: socket-abuse '))).toHaveLength(1);
    expect(a.of('error').length).toBeLessThanOrEqual(21);
    expect(a.of('pong').length).toBeGreaterThan(0);
  });
});

/** A started match between Anna and Boris, then `actions` rulings appended in the store (slow-play fouls, lags, decisions). */
const LONG_SETTINGS = { framesToWin: 99, shotClock: { seconds: 60, extensionsPerFrame: 0 } };
async function longMatch(actions: number) {
  const dataDir = tempDir();
  const first = await testServer({ dataDir });
  const anna = await guest(first.url, 'Anna');
  const boris = await guest(first.url, 'Boris');
  const made = await anna.api.createTable({
    variant: 'free',
    settings: LONG_SETTINGS,
    start: { from: 'rack', breaker: 0 },
  });
  if (!made.ok) throw new Error(made.error.message);
  const tableId = made.value.table.id;
  const seated: RawSocket[] = [];
  for (const who of [anna, boris]) {
    const socket = await RawSocket.open(`${first.url.replace(/^http/, 'ws')}/ws`);
    socket.sendTogether(hello(who.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => socket.of('joined').length === 1, 5000, 'seated');
    seated.push(socket);
  }
  await until(() => seated[0]?.of('state').length === 1, 5000, 'the match to start');
  for (const socket of seated) socket.destroy();
  await first.close();
  const settings = resolveSettings(LONG_SETTINGS);
  if (!settings.ok) throw new Error(settings.error.message);
  const start = parseMatchStart({
    variant: 'free',
    settings: settings.value,
    players: ['Anna', 'Boris'],
    start: { from: 'rack', breaker: 0 },
  });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value;
  const store = new SqliteStore(dataDir);
  let seq = 1;
  for (; seq <= actions || state.turn.kind !== 'shot'; seq++) {
    const turn = state.turn;
    const action = (
      turn.kind === 'shot'
        ? { type: 'foul', player: turn.player, foul: 'slow-play' }
        : turn.kind === 'lag'
          ? { type: 'lag', winner: 0, first: 0 }
          : legalActions(state).find((a) => a.type !== 'shot')
    ) as Action;
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
    await store.appendAction(
      tableId,
      { seq, action: recordAction(action), stroke: null, by: null, at: Date.now() },
      { lagWinner: null, clock: null, scores: state.scores, framesWon: state.framesWon },
    );
  }
  await store.close();
  return { dataDir, anna, boris, tableId, seq: seq - 1 };
}

describe('desync reports and slow readers (§3.1, §3.9)', () => {
  it('a desync flood is answered with the state only, limited, logged once; another client’s pings stay quick', async () => {
    const { dataDir, boris, tableId, seq } = await longMatch(1500);
    const s = await server({ dataDir });
    const vera = await guest(s.url, 'Vera');
    const spectator = await raw(s.url);
    spectator.sendTogether(hello(vera.session.token), { type: 'join', tableId, role: 'spectator' });
    await until(() => spectator.of('joined').length === 1, 10_000, 'Vera watching');
    const joinedBytes = spectator.received;
    // Boris measures his round trips meanwhile.
    const b = await raw(s.url);
    b.sendTogether(hello(boris.session.token));
    await until(() => b.of('welcome').length === 1, 5000, 'welcome');
    const logLinesBefore = s.lines.filter((l) => l.includes('desync')).length;
    const hash = '0123456789abcdef';
    const rtts: number[] = [];
    for (let round = 0; round < 10; round++) {
      const before = spectator.received;
      spectator.sendTogether(
        ...Array.from({ length: 4 }, (_, i) => ({
          type: 'desync',
          tableId,
          seq: 1500,
          hash,
          ref: `d${round}.${i}`,
        })),
      );
      const t = performance.now();
      const pongs = b.of('pong').length;
      b.sendTogether({ type: 'ping', t: round });
      await until(() => b.of('pong').length > pongs, 5000, 'pong');
      rtts.push(performance.now() - t);
      await until(() => spectator.received > before, 5000, 'an answer to the flood');
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300));
    const resyncs = spectator.of('resync');
    const refused = spectator.of('error').filter((m) => m.code === 'rate/limited');
    // A burst of 10 (the join took one), then one a second: about 12 of the 40 in these two seconds.
    expect(resyncs.length).toBeGreaterThanOrEqual(9);
    expect(resyncs.length).toBeLessThanOrEqual(14);
    expect(resyncs.length + refused.length).toBe(40);
    for (const r of resyncs) {
      expect(r).not.toHaveProperty('log');
      expect((r.table as { seq: number }).seq).toBe(seq);
    }
    // The state alone is a small fraction of the snapshot with its 1500 rulings.
    const resyncBytes = JSON.stringify(resyncs[0]).length;
    expect(joinedBytes).toBeGreaterThan(1_000_000);
    expect(resyncBytes).toBeLessThan(joinedBytes / 50);
    expect(s.lines.filter((l) => l.includes('desync')).length - logLinesBefore).toBe(1);
    expect(Math.max(...rtts)).toBeLessThan(1000);
    // The rulings come on request, a page at a time.
    await new Promise((r) => setTimeout(r, 1100));
    spectator.sendTogether({ type: 'log', tableId, after: 0 });
    await until(() => spectator.of('log').length === 1, 5000, 'the first page');
    const page = spectator.of('log')[0] as { entries: { seq: number }[]; more: boolean; seq: number };
    expect(page.entries.map((e) => e.seq)).toEqual(Array.from({ length: LOG_PAGE_SIZE }, (_, i) => i + 1));
    expect(page.more).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    spectator.sendTogether({ type: 'log', tableId, after: seq - 50 });
    await until(() => spectator.of('log').length === 2, 5000, 'the last page');
    const last = spectator.of('log')[1] as { entries: { seq: number }[]; more: boolean };
    expect(last.entries.map((e) => e.seq)).toEqual(Array.from({ length: 50 }, (_, i) => seq - 49 + i));
    expect(last.more).toBe(false);
  });

  it('a spectator that stops reading is cut off once its send buffer passes the bound', async () => {
    const { dataDir, tableId } = await longMatch(1500);
    const s = await server({ dataDir, diagnostics: true, socketLimits: { sendBufferBytes: 256 * 1024 } });
    const vera = await guest(s.url, 'Vera');
    const spectator = await raw(s.url);
    spectator.sendTogether(hello(vera.session.token));
    await until(() => spectator.of('welcome').length === 1, 5000, 'welcome');
    spectator.stopReading();
    // Each answer is the whole snapshot (about 1.5 MB): five of them pass any kernel buffer.
    spectator.sendTogether(
      ...Array.from({ length: 5 }, () => ({ type: 'join', tableId, role: 'spectator' })),
    );
    const open = async () =>
      ((await (await fetch(`${s.url}/api/diagnostics`)).json()) as { connections: number }).connections;
    const deadline = Date.now() + 10_000;
    let connections = await open();
    while (connections > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      connections = await open();
    }
    expect(connections).toBe(0);
    expect(s.lines.filter((l) => l.startsWith('security: socket-slow-reader '))).toHaveLength(1);
  });
});

describe('sessions (§3.5)', () => {
  it('a logout closes the live sockets of that session, and only those', async () => {
    const s = await server();
    const anna = await guest(s.url, 'Anna');
    const other = await guest(s.url, 'Boris');
    const mine = await raw(s.url);
    mine.sendTogether(hello(anna.session.token));
    const theirs = await raw(s.url);
    theirs.sendTogether(hello(other.session.token));
    await until(() => mine.of('welcome').length === 1 && theirs.of('welcome').length === 1, 5000, 'welcomes');
    expect((await anna.api.logout()).ok).toBe(true);
    await until(() => mine.closed, 3000, 'the signed-out socket to close');
    expect(mine.closeCode).toBe(CLOSE_CODES.signedOut);
    expect(s.lines.filter((l) => l.startsWith('security: logout '))).toHaveLength(1);
    expect(s.lines.filter((l) => l.startsWith('security: socket-signed-out '))).toEqual([
      'security: socket-signed-out sockets=1',
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.closed).toBe(false);
  });
});

describe('seats of a match not started (§3.3, §3.4)', () => {
  const seatIds = async (a: Awaited<ReturnType<typeof guest>>['api'], tableId: string) => {
    const read = await a.table(tableId);
    if (!read.ok) throw new Error(read.error.message);
    return {
      status: read.value.table.status,
      seats: read.value.table.seats.map((s) => s?.player.id ?? null),
    };
  };

  it('a stranger who takes the invited friend’s seat and leaves gives it back', async () => {
    const s = await server();
    const anna = await guest(s.url, 'Anna');
    const friend = await guest(s.url, 'Friend');
    const stranger = await guest(s.url, 'Stranger');
    const made = await anna.api.createTable({ variant: 'free', public: false });
    if (!made.ok) throw new Error(made.error.message);
    const tableId = made.value.table.id;
    const m = await raw(s.url);
    m.sendTogether(hello(stranger.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => m.of('joined').length === 1, 5000, 'the stranger seated');
    m.sendTogether({ type: 'leave', tableId });
    const f = await raw(s.url);
    await new Promise((r) => setTimeout(r, 200));
    f.sendTogether(hello(friend.session.token), { type: 'join', tableId, role: 'player', ref: 'f' });
    await until(() => f.of('joined').length + f.of('error').length > 0, 5000, 'the friend’s answer');
    expect(f.of('error')).toEqual([]);
    expect((await seatIds(anna.api, tableId)).seats).toEqual([
      anna.session.player.id,
      friend.session.player.id,
    ]);
  });

  it('a quick-match partner who never comes: his seat is given back, the other is at an open table', async () => {
    const s = await server({ seatReleaseMs: 300 });
    const anna = await guest(s.url, 'Anna');
    const boris = await guest(s.url, 'Boris');
    const vera = await guest(s.url, 'Vera');
    expect((await anna.api.quickMatch({ variant: 'free', rated: false })).ok).toBe(true);
    const matched = await boris.api.quickMatch({ variant: 'free', rated: false });
    if (!matched.ok || matched.value.status !== 'matched') throw new Error('not matched');
    const tableId = matched.value.tableId;
    const b = await raw(s.url);
    b.sendTogether(hello(boris.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => b.of('joined').length === 1, 5000, 'Boris seated');
    // Anna never joins.
    await new Promise((r) => setTimeout(r, 800));
    expect((await seatIds(boris.api, tableId)).seats).toEqual([null, boris.session.player.id]);
    const lobby = await vera.api.lobby();
    if (!lobby.ok) throw new Error(lobby.error.message);
    expect(lobby.value.open.map((t) => t.id)).toContain(tableId);
  });

  it('a table whose creator never comes is given back its seat and closed by the sweep', async () => {
    const s = await server({ seatReleaseMs: 200, sweepMs: 200 });
    const anna = await guest(s.url, 'Anna');
    const made = await anna.api.createTable({ variant: 'free' });
    if (!made.ok) throw new Error(made.error.message);
    const tableId = made.value.table.id;
    await new Promise((r) => setTimeout(r, 1000));
    expect(await seatIds(anna.api, tableId)).toEqual({ status: 'finished', seats: [null, null] });
  });
});

describe('an adjourned match ends (§3.4)', () => {
  async function accountOf(url: string, name: string) {
    const a = api(url);
    const made = await a.register({ name, password: 'a long password' });
    if (!made.ok) throw new Error(made.error.message);
    return { api: a, session: made.value };
  }

  async function adjournedRated(s: Awaited<ReturnType<typeof server>>) {
    const anna = await accountOf(s.url, 'Anna');
    const boris = await accountOf(s.url, 'Boris');
    const made = await anna.api.createTable({ variant: 'free', rated: true });
    if (!made.ok) throw new Error(made.error.message);
    const tableId = made.value.table.id;
    const a = await raw(s.url);
    a.sendTogether(hello(anna.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => a.of('joined').length === 1, 5000, 'Anna seated');
    const b = await raw(s.url);
    b.sendTogether(hello(boris.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => a.of('state').length === 1, 5000, 'the match to start');
    return { anna, boris, tableId, a, b };
  }

  it('the player who stayed wins by forfeit once the stated time is up, rated as a win', async () => {
    const s = await server({ graceMs: 200, forfeitMs: 800 });
    const { anna, boris, tableId, a, b } = await adjournedRated(s);
    // Boris, losing, walks away and never comes back.
    b.destroy();
    await until(() => a.of('finished').length === 1, 10_000, 'the forfeit');
    const finished = a.of('finished')[0] as {
      winner: number;
      ratings: { playerId: string; after: { rating: number } }[];
    };
    expect(finished.winner).toBe(0);
    const table = await anna.api.table(tableId);
    expect(table.ok && table.value.table.status).toBe('finished');
    const byId = new Map(finished.ratings.map((r) => [r.playerId, r.after.rating]));
    expect(byId.get(anna.session.player.id)).toBeGreaterThan(1500);
    expect(byId.get(boris.session.player.id)).toBeLessThan(1500);
    const record = await anna.api.matchRecord(tableId);
    expect(record.ok && record.value.meta).toMatchObject({ result: 'forfeit', winner: 0 });
  });

  it('two accounts of one person farming forfeits: each repeat of the pair counts half the last', async () => {
    const s = await server({ graceMs: 100, forfeitMs: 200 });
    const farmer = await accountOf(s.url, 'Farmer');
    const shill = await accountOf(s.url, 'Shill');
    const gains: number[] = [];
    for (let i = 0; i < 6; i++) {
      const made = await farmer.api.createTable({ variant: 'free', rated: true });
      if (!made.ok) throw new Error(made.error.message);
      const tableId = made.value.table.id;
      const f = await raw(s.url);
      f.sendTogether(hello(farmer.session.token), { type: 'join', tableId, role: 'player' });
      await until(() => f.of('joined').length === 1, 5000, 'the farmer seated');
      const sh = await raw(s.url);
      sh.sendTogether(hello(shill.session.token), { type: 'join', tableId, role: 'player' });
      await until(() => f.of('state').length === 1, 5000, 'the match to start');
      sh.destroy();
      await until(() => f.of('finished').length === 1, 5000, 'the forfeit');
      const finished = f.of('finished')[0] as {
        ratings: { playerId: string; before: { rating: number }; after: { rating: number } }[];
      };
      const mine = finished.ratings.find((r) => r.playerId === farmer.session.player.id)!;
      gains.push(mine.after.rating - mine.before.rating);
      f.destroy();
    }
    expect(gains[0]).toBeGreaterThan(100);
    // Each match of the pair counts half the one before (and Glicko-2 moves less as the deviation shrinks).
    for (let i = 1; i < gains.length; i++) expect(gains[i]).toBeLessThan((gains[i - 1] as number) / 2);
    const total = gains.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(1.5 * (gains[0] as number));
  });

  it('a rated table with a guest seated is played unrated: the forfeit moves no rating', async () => {
    const s = await server({ graceMs: 100, forfeitMs: 200 });
    const anna = await accountOf(s.url, 'Anna');
    const visitor = await guest(s.url, 'Visitor');
    const made = await visitor.api.createTable({ variant: 'free', rated: true });
    if (!made.ok) throw new Error(made.error.message);
    const tableId = made.value.table.id;
    const v = await raw(s.url);
    v.sendTogether(hello(visitor.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => v.of('joined').length === 1, 5000, 'the guest seated');
    const a = await raw(s.url);
    a.sendTogether(hello(anna.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => v.of('state').length === 1, 5000, 'the match to start');
    a.destroy();
    await until(() => v.of('finished').length === 1, 5000, 'the forfeit');
    expect(v.of('finished')[0]).toMatchObject({ winner: 0, ratings: null });
    const page = await anna.api.player(anna.session.player.id);
    expect(page.ok && page.value.ratings).toEqual({});
  });

  it('a player who comes back after the stated time wins it at once; before it, the match waits', async () => {
    const s = await server({ graceMs: 200, forfeitMs: 1500 });
    const { anna, tableId, a, b } = await adjournedRated(s);
    a.destroy();
    b.destroy();
    await new Promise((r) => setTimeout(r, 700));
    const early = await raw(s.url);
    early.sendTogether(hello(anna.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => early.of('joined').length === 1, 5000, 'Anna back early');
    expect(early.of('joined')[0]).toMatchObject({ table: { status: 'adjourned' } });
    early.destroy();
    await new Promise((r) => setTimeout(r, 1300));
    const table = await anna.api.table(tableId);
    expect(table.ok && table.value.table.status).toBe('adjourned');
    const late = await raw(s.url);
    late.sendTogether(hello(anna.session.token), { type: 'join', tableId, role: 'player' });
    await until(() => late.of('finished').length === 1, 5000, 'the forfeit on her return');
    expect(late.of('finished')[0]).toMatchObject({ winner: 0 });
  });
});
