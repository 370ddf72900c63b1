/**
 * Bad input and faults through real WebSocket clients: a rejoin mid-frame, a stale tab, a
 * spectator's intent, 200 malformed messages, the origin check and the rate limits — each refused
 * with a typed error naming the field, and the table's state untouched.
 */
import { Random } from '@pyramid/core';
import type { OnlineClient, ServerMessage } from '@pyramid/online';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  botMove,
  client,
  collect,
  guest,
  type RunningServer,
  removeTempDirs,
  testServer,
  until,
} from './support.js';

let server: RunningServer;

beforeAll(async () => {
  // A generous message rate and abuse limit so that 200 malformed messages meet the validation,
  // not the limiters (the default limiter is tested on its own server below, the abuse limit in
  // hostile.test.ts).
  server = await testServer({
    rateLimit: { burst: 1000, perSecond: 1000 },
    socketLimits: { abuse: { burst: 1000, perSecond: 1000 } },
    graceMs: 60_000,
  });
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});

async function table(seed: number) {
  const anna = await guest(server.url, 'Anna');
  const boris = await guest(server.url, 'Boris');
  const made = await anna.api.createTable({ variant: 'free', start: { from: 'rack', breaker: 0 } });
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  const a = await client(server.url, anna.session.token);
  const b = await client(server.url, boris.session.token);
  await a.join(id, 'player');
  await b.join(id, 'player');
  await until(() => a.lastState !== null && b.lastState !== null);
  const pair = [a, b] as const;
  // A few moves into the frame.
  for (let i = 0; i < 3; i++) await botMove(pair, 'novice', seed);
  await until(() => a.seq === b.seq);
  return { id, a, b, anna, boris };
}

/** The table's state as a fresh spectator is told it. */
async function snapshotOf(id: string) {
  const vera = await guest(server.url, 'Vera');
  const c = await client(server.url, vera.session.token);
  const joined = await c.join(id, 'spectator');
  c.close();
  if (!joined.ok) throw new Error(joined.error.message);
  return { seq: joined.value.table.seq, hash: joined.value.hash, log: joined.value.log.length };
}

const dropSocket = (c: OnlineClient) => (c as unknown as { socket: { close(): void } }).socket.close();

describe('connections', () => {
  it('a player who drops comes back by himself mid-frame, gets the full state, and play goes on', async () => {
    const { id, a, b } = await table(11);
    const presence = collect(a, 'presence');
    const seq = b.seq;
    const statuses = collect(b, 'status');
    dropSocket(b);
    await until(
      () => presence.some((p) => p.seats[1]?.presence === 'away'),
      5000,
      'the opponent to see him away',
    );
    await until(
      () => b.status === 'open' && b.seq === seq && presence.at(-1)?.seats[1]?.presence === 'present',
      10_000,
      'the rejoin',
    );
    expect(statuses.map((s) => s.status)).toContain('reconnecting');
    expect(b.seat).toBe(1);
    expect(b.lastHash).toBe(a.lastHash);
    await botMove([a, b], 'novice', 11);
    await botMove([a, b], 'novice', 11);
    await until(() => a.seq === b.seq && a.seq === seq + 2);
    expect((await snapshotOf(id)).seq).toBe(seq + 2);
    a.close();
    b.close();
  });

  it('a stale tab is told and refused; the newest tab plays', async () => {
    const { id, a, b, anna } = await table(12);
    const toAct = a.lastState?.turn.kind === 'shot' && a.lastState.turn.player === 0;
    const newer = await client(server.url, anna.session.token);
    const superseded = collect(a, 'superseded');
    expect((await newer.join(id, 'player')).ok).toBe(true);
    await until(() => superseded.length === 1);
    expect(a.status).toBe('superseded');
    const before = await snapshotOf(id);
    const refused = await a.stroke({
      cueBall: 0,
      call: null,
      placement: null,
      strike: { speed: 2, angleDeg: 0 },
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('seat/superseded');
    expect(await snapshotOf(id)).toEqual(before);
    // The newest tab can act (if it is Anna's turn) and the table moves on.
    if (toAct) {
      await botMove([newer, b], 'novice', 12);
      await until(() => newer.seq === before.seq + 1);
    }
    a.close();
    b.close();
    newer.close();
  });

  it("a spectator's intents are refused with the state unchanged", async () => {
    const { id, a, b } = await table(13);
    const vera = await guest(server.url, 'Vera');
    const watcher = await client(server.url, vera.session.token);
    await watcher.join(id, 'spectator');
    const before = await snapshotOf(id);
    const stroke = await watcher.stroke({
      cueBall: 1,
      call: null,
      placement: null,
      strike: { speed: 2, angleDeg: 0 },
    });
    const decision = await watcher.decision({ type: 'penalty-ball', player: 0, ball: 1 });
    const extension = await watcher.extension();
    for (const r of [stroke, decision, extension]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('seat/spectator');
    }
    expect(await snapshotOf(id)).toEqual(before);
    a.close();
    b.close();
    watcher.close();
  });

  it('200 malformed messages: each refused with a typed error naming the field; the state is unchanged', async () => {
    const { id, a, b } = await table(14);
    const before = await snapshotOf(id);
    const errors = collect(a, 'error');
    const random = new Random(2026);
    const seq = a.seq;
    const stroke = { cueBall: 0, call: null, placement: null, strike: { speed: 2, angleDeg: 0 } };
    const makers: (() => string)[] = [
      () => '{not json',
      () => 'null',
      () => '[]',
      () => '42',
      () => JSON.stringify({ type: 'shout', tableId: id }),
      () => JSON.stringify({ tableId: id, seq }),
      () => JSON.stringify({ type: 'stroke', tableId: id, seq }),
      () => JSON.stringify({ type: 'stroke', tableId: id, seq: -1, stroke }),
      () => JSON.stringify({ type: 'stroke', tableId: id, seq: 'NaN', stroke }),
      () => JSON.stringify({ type: 'stroke', tableId: 'x', seq, stroke }),
      () =>
        JSON.stringify({
          type: 'stroke',
          tableId: id,
          seq,
          stroke: { ...stroke, cueBall: 16 + random.int(100) },
        }),
      () =>
        JSON.stringify({
          type: 'stroke',
          tableId: id,
          seq,
          stroke: { ...stroke, strike: { speed: -random.float() } },
        }),
      () =>
        JSON.stringify({
          type: 'stroke',
          tableId: id,
          seq,
          stroke: { ...stroke, strike: { speed: 50, angleDeg: 0 } },
        }),
      () =>
        JSON.stringify({
          type: 'stroke',
          tableId: id,
          seq,
          stroke: { ...stroke, strike: { speed: 2, angleDeg: 0, side: 1.5 } },
        }),
      () =>
        JSON.stringify({
          type: 'stroke',
          tableId: id,
          seq,
          stroke: { ...stroke, placement: { x: 'a', y: 1 } },
        }),
      // A client never sends positions or pots.
      () => JSON.stringify({ type: 'stroke', tableId: id, seq, stroke: { ...stroke, pocketed: [1, 2] } }),
      () => JSON.stringify({ type: 'stroke', tableId: id, seq, stroke, positions: { 1: { x: 0, y: 0 } } }),
      () => JSON.stringify({ type: 'decision', tableId: id, seq, action: { type: 'shot', player: 0 } }),
      () =>
        JSON.stringify({
          type: 'decision',
          tableId: id,
          seq,
          action: { type: 'dynamic-option', player: 0, option: 7 },
        }),
      () => JSON.stringify({ type: 'chat', tableId: id, text: 'x'.repeat(281 + random.int(50)) }),
      () => JSON.stringify({ type: 'chat', tableId: id, text: 'a\u0000b' }),
      () => JSON.stringify({ type: 'chat', tableId: id, text: '\u0007' }),
      () => JSON.stringify({ type: 'join', tableId: id, role: 'referee' }),
      () => JSON.stringify({ type: 'hello', protocol: 'one', token: 1 }),
      () => JSON.stringify({ type: 'extension', tableId: id }),
      () => `{"type":"chat","tableId":"${id}","text":"${'y'.repeat(9000)}"}`,
      () => JSON.stringify({ type: 'chat', tableId: id, text: '' }),
      () => JSON.stringify({ type: 'chat', tableId: id, text: ' \u00a0 ' }),
    ];
    for (let i = 0; i < 200; i++) a.sendRaw(makers[i % makers.length]!());
    await until(() => errors.length >= 200, 10_000, '200 errors').catch((e: Error) => {
      throw new Error(
        `${e.message}: got ${errors.length}, ${JSON.stringify(errors.slice(0, 30).map((x) => x.code))}`,
      );
    });
    expect(errors).toHaveLength(200);
    for (const e of errors) {
      expect(e.code).toMatch(/^(protocol|chat)\//);
      expect(typeof e.field).toBe('string');
      expect(e.message.length).toBeGreaterThan(0);
    }
    // Fields named where a field is at fault.
    const byMaker = (k: number) => errors[k]!;
    expect(byMaker(7)).toMatchObject({ code: 'protocol/schema', field: '/seq' });
    expect(byMaker(10)).toMatchObject({ code: 'protocol/schema', field: '/stroke/cueBall' });
    expect(byMaker(15)).toMatchObject({ code: 'protocol/schema', field: '/stroke/pocketed' });
    expect(byMaker(4)).toMatchObject({ code: 'protocol/unknown-type', field: '/type' });
    expect(byMaker(25)).toMatchObject({ code: 'protocol/too-large' });
    // A chat line's text is refused as chat/invalid, with the reason.
    expect(byMaker(19)).toMatchObject({
      code: 'chat/invalid',
      field: '/text',
      message: 'is longer than 280 characters',
    });
    expect(byMaker(20)).toMatchObject({ code: 'chat/invalid', field: '/text' });
    expect(byMaker(20).message).toContain('control characters');
    expect(byMaker(21).message).toContain('control characters');
    expect(byMaker(26)).toMatchObject({ code: 'chat/invalid', field: '/text', message: 'is empty' });
    expect(byMaker(27)).toMatchObject({
      code: 'chat/invalid',
      field: '/text',
      message: 'has no visible character',
    });
    expect(errors.filter((e) => e.code === 'chat/invalid')).toHaveLength(
      [19, 20, 21, 26, 27].reduce((n, k) => n + Math.ceil((200 - k) / makers.length), 0),
    );
    expect(await snapshotOf(id)).toEqual(before);
    expect(a.seq).toBe(seq);
    // The connection still works.
    expect((await a.ping()).ok).toBe(true);
    a.close();
    b.close();
  });
});

describe('the WebSocket upgrade and the limits', () => {
  function upgrade(url: string, origin?: string): Promise<number> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, origin === undefined ? {} : { origin });
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('error', () => {});
    });
  }

  it('takes its own origin (and programs without one), refuses others', async () => {
    expect(await upgrade(server.url)).toBe(101);
    expect(await upgrade(server.url, server.url)).toBe(101);
    expect(await upgrade(server.url, 'http://evil.example')).toBe(403);
    const listed = await testServer({ allowedOrigins: ['https://club.example'] });
    expect(await upgrade(listed.url, 'https://club.example')).toBe(101);
    expect(await upgrade(listed.url, 'https://other.example')).toBe(403);
    await listed.close();
  });

  it('limits the messages and the chat of one connection', async () => {
    const limited = await testServer();
    const anna = await guest(limited.url, 'Anna');
    const c = await client(limited.url, anna.session.token);
    const errors = collect(c, 'error');
    const pongs = collect(c, 'pong');
    for (let i = 0; i < 100; i++) c.sendRaw(JSON.stringify({ type: 'ping', t: i }));
    await until(() => errors.length + pongs.length === 100);
    // The burst is 40 messages; the hello took one.
    expect(pongs.length).toBeGreaterThanOrEqual(39);
    expect(pongs.length).toBeLessThan(100);
    expect(errors.every((e) => e.code === 'rate/limited')).toBe(true);
    await new Promise((r) => setTimeout(r, 2500));
    const made = await anna.api.createTable({ variant: 'free' });
    if (!made.ok) throw new Error(made.error.message);
    await c.join(made.value.table.id, 'player');
    const lines: ServerMessage[] = [];
    c.on('chat', (m) => lines.push(m));
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await c.chat(`line ${i}`));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const last = results.at(-1)!;
    expect(!last.ok && last.error.code).toBe('rate/limited');
    c.close();
    await limited.close();
  });
});
