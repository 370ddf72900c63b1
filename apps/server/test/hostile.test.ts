/**
 * What one WebSocket client must not be able to do to the others (issue 23 §1, §3.1, §3.4, §3.5,
 * §3.7, §3.9), against the real server on loopback with its SQLite file and clients writing raw
 * frames: messages of one connection handled in order however they arrive, desync reports that
 * cost the server little, a reader that stops reading cut off, seats given back, sockets that never
 * say hello closed, every frame metered.
 */
import { CLOSE_CODES, PROTOCOL_VERSION } from '@pyramid/online';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { clientFrame, RawSocket } from './raw-ws.js';
import { guest, removeTempDirs, testServer, until } from './support.js';

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
  it('a socket that never says hello is closed after the hello time', async () => {
    const s = await server({ socketLimits: { helloMs: 300 } });
    const idle = await raw(s.url);
    await until(() => idle.closed, 5000, 'the idle socket to be closed');
    expect(idle.closeCode).toBe(CLOSE_CODES.noHello);
    // One that says hello in time stays.
    const anna = await guest(s.url, 'Anna');
    const named = await raw(s.url);
    named.sendTogether(hello(anna.session.token));
    await new Promise((r) => setTimeout(r, 600));
    expect(named.closed).toBe(false);
    expect(named.of('welcome')).toHaveLength(1);
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
    expect(a.of('error').length).toBeLessThanOrEqual(21);
    expect(a.of('pong').length).toBeGreaterThan(0);
  });
});
