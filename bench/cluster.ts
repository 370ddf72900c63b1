/**
 * `npm run bench cluster`: two server processes on one PostgreSQL and one Redis (services.ts, on
 * loopback), bounded to about two minutes.
 *
 * - `cluster.rooms` / `cluster.strokeP99Ms`: rooms are added in steps; each room's table is held
 *   by one process, its first player connected to that process and the second to the other one.
 *   The player to act sends his next move (chosen by the amateur bot) every 2 s; a stroke's time is
 *   from the striker's send to the broadcast reaching the opponent's client on the other process
 *   (forward over Redis when he strikes, simulate, rule, store in PostgreSQL, broadcast over
 *   Redis). The figure is the most rooms held with a p99 ≤ 50 ms, and that step's p99; when even
 *   the first step misses it, 0 rooms and the first step's p99.
 * - `cluster.failoverMs`: a third process holds a table both players reach through the second;
 *   it is SIGKILLed, and the time from the kill to the first stroke accepted by the new owner (its
 *   broadcast received) is taken; the median of three runs (default lease, 3000 ms). The relaying
 *   process drops the seats with the dead owner, so the clients join again on `table/not-joined`
 *   (as a reconnecting client does); that join makes it take the expired lease.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseAction, LEVELS, mixSeed, withNoise } from '@pyramid/bots';
import { Random } from '@pyramid/core';
import { OnlineApi, OnlineClient, type WebSocketFactory } from '@pyramid/online';
import { WebSocket } from 'ws';
import { startPostgres, startRedis } from '../apps/server/src/services.js';
import { median } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const RESULTS = join(HERE, 'results.json');
const WS = WebSocket as unknown as WebSocketFactory;
const STEPS = process.env.PYRAMID_BENCH_CLUSTER_STEPS?.split(',').map(Number) ?? [10, 20, 40, 80];
const WINDOW_MS = 10_000;
const MOVE_EVERY_MS = 2000;
const P99_LIMIT_MS = 50;
const BUDGET_MS = 80_000;

const dir = mkdtempSync(join(tmpdir(), 'pyramid-bench-cluster-'));
const children = new Set<ChildProcess>();

async function server(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@pyramid/source', '--import', 'tsx', join(ROOT, 'apps', 'server', 'src', 'main.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', PYRAMID_DATA: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  child.on('exit', () => children.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /at (http:\/\/[^/\s]+)\//.exec(out);
      if (found) resolve(found[1]!);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { child, url };
}

async function connect(
  url: string,
  name: string,
  wsUrl = url,
): Promise<{ api: OnlineApi; client: OnlineClient }> {
  const api = new OnlineApi({ baseUrl: url, fetch });
  const session = await api.guest({ name });
  if (!session.ok) throw new Error(session.error.message);
  const client = new OnlineClient({
    url: `${wsUrl.replace(/^http/, 'ws')}/ws`,
    token: session.value.token,
    WebSocket: WS,
    verify: false,
    minDelayMs: 50,
    maxDelayMs: 300,
    timeoutMs: 20_000,
  });
  const hello = await client.connect();
  if (!hello.ok) throw new Error(hello.error.message);
  return { api, client };
}

interface Room {
  readonly id: string;
  readonly pair: readonly [OnlineClient, OnlineClient];
}

async function room(ownerUrl: string, otherUrl: string, n: number): Promise<Room> {
  const a = await connect(ownerUrl, `A${n}`);
  const b = await connect(otherUrl, `B${n}`);
  const made = await a.api.createTable({ variant: 'free', start: { from: 'rack', breaker: 0 } });
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  for (const c of [a.client, b.client]) {
    const joined = await c.join(id, 'player');
    if (!joined.ok) throw new Error(joined.error.message);
  }
  return { id, pair: [a.client, b.client] };
}

/** Sends the next move of whoever is to act; resolves with the stroke-to-opponent time (ms), or null. */
async function move(r: Room, seed: number): Promise<number | null> {
  const [a, b] = r.pair;
  const state = a.lastState;
  if (state === null || a.seq !== b.seq || state.turn.kind !== 'shot') {
    if (state?.turn.kind === 'decision' && a.seq === b.seq) {
      const chosen = chooseAction(state, 'amateur', mixSeed(seed, a.seq));
      const actor = r.pair[state.turn.decision.player];
      if (chosen?.type === 'decision' && chosen.action.type !== 'lag') await actor.decision(chosen.action);
    }
    return null;
  }
  const seat = state.turn.player;
  const striker = r.pair[seat];
  const opponent = r.pair[1 - seat]!;
  const chosen = chooseAction(state, 'amateur', mixSeed(seed, a.seq));
  if (chosen === null || chosen.type !== 'shot') return null;
  const strike = withNoise(chosen.shot.strike, LEVELS.amateur.noise, new Random(mixSeed(seed, a.seq + 7)));
  const seq = striker.seq + 1;
  const start = performance.now();
  const heard = new Promise<number>((resolve) => {
    const stop = opponent.on('stroke', (m) => {
      if (m.seq !== seq) return;
      stop();
      resolve(performance.now() - start);
    });
  });
  const sent = await striker.stroke({ ...chosen.shot, strike });
  if (!sent.ok) return null;
  return heard;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
};

async function loadSteps(urls: readonly [string, string]): Promise<{ rooms: number; p99: number }> {
  const rooms: Room[] = [];
  const began = performance.now();
  let best = { rooms: 0, p99: Number.NaN };
  for (const target of STEPS) {
    if (performance.now() - began > BUDGET_MS) break;
    while (rooms.length < target) {
      const n = rooms.length;
      rooms.push(await room(urls[n % 2]!, urls[(n + 1) % 2]!, n));
    }
    const samples: number[] = [];
    const end = performance.now() + WINDOW_MS;
    await Promise.all(
      rooms.map(async (r, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i * MOVE_EVERY_MS) / rooms.length));
        while (performance.now() < end) {
          const next = performance.now() + MOVE_EVERY_MS;
          const t = await move(r, i + 1).catch(() => null);
          if (t !== null) samples.push(t);
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        }
      }),
    );
    const q = p99(samples);
    console.log(`cluster: ${rooms.length} rooms, ${samples.length} strokes, p99 ${q.toFixed(1)} ms`);
    if (q <= P99_LIMIT_MS) best = { rooms: rooms.length, p99: q };
    else {
      // Even the smallest step misses the limit: report its p99 (with 0 rooms) rather than nothing.
      if (best.rooms === 0) best = { rooms: 0, p99: q };
      break;
    }
  }
  for (const r of rooms) for (const c of r.pair) c.close();
  return best;
}

async function failover(db: string, redis: string, via: string): Promise<number> {
  const owner = await server({ DATABASE_URL: db, REDIS_URL: redis });
  // The table is made on (and held by) the new process; both players play it through `via`.
  const a = await connect(owner.url, 'Anna', via);
  const b = await connect(owner.url, 'Boris', via);
  const made = await a.api.createTable({ variant: 'free', start: { from: 'rack', breaker: 0 } });
  if (!made.ok) throw new Error(made.error.message);
  const pair = [a.client, b.client] as const;
  for (const c of pair) {
    const joined = await c.join(made.value.table.id, 'player');
    if (!joined.ok) throw new Error(joined.error.message);
  }
  const killedAt = performance.now();
  owner.child.kill('SIGKILL');
  try {
    while (performance.now() - killedAt < 30_000) {
      const state = pair[0].lastState;
      if (state !== null && state.turn.kind === 'shot') {
        const chosen = chooseAction(state, 'amateur', 1);
        if (chosen?.type === 'shot') {
          const done = await pair[state.turn.player].stroke(chosen.shot);
          if (done.ok) return performance.now() - killedAt;
          // The relaying process dropped the seats with the dead owner: the clients take them
          // again, as a client does after a reconnect, and that join makes it take the lease.
          if (done.error.code === 'table/not-joined') {
            for (const c of pair) await c.join(made.value.table.id, 'player');
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no stroke accepted within 30 s of the kill');
  } finally {
    for (const c of pair) c.close();
  }
}

const postgres = await startPostgres();
const redis = await startRedis();
try {
  const one = await server({ DATABASE_URL: postgres.url, REDIS_URL: redis.url });
  const two = await server({ DATABASE_URL: postgres.url, REDIS_URL: redis.url });
  const load = await loadSteps([one.url, two.url]);
  const times: number[] = [];
  for (let run = 0; run < 3; run++) times.push(await failover(postgres.url, redis.url, two.url));
  const figures = {
    'cluster.rooms': load.rooms,
    'cluster.strokeP99Ms': Math.round(load.p99 * 10) / 10,
    'cluster.failoverMs': Math.round(median(times)),
  };
  console.log(figures, { failoverRuns: times.map(Math.round) });
  const previous: Record<string, unknown> = existsSync(RESULTS)
    ? JSON.parse(readFileSync(RESULTS, 'utf8'))
    : {};
  writeFileSync(RESULTS, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
} finally {
  for (const child of children) child.kill('SIGKILL');
  await redis.stop();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
