/**
 * `events.liveViewers` (part of `npm run bench events`): event-page viewers of one club event on
 * one server process, each a real WebSocket client (`ws`) on loopback, and how fast each result
 * reaches every one of them.
 *
 * The server runs as its own process (`node apps/server/dist/main.js`,
 * the compiled server, its own data folder, SQLite), with `PYRAMID_CLIENT_LIMITS=off`: every
 * viewer comes from 127.0.0.1, so the per-client caps (made for one person's browser) are lifted
 * for this process only; the defaults are untouched. This process holds the viewers: each is a
 * guest session of its own, says `hello`, sends `event-watch` and gets the snapshot; then the
 * director enters one result every UPDATE_EVERY_MS through the HTTP API, and each viewer records
 * when the `event-action` with that version arrived. The latency of an update at a viewer is that
 * arrival minus the moment the director's request was sent (store, commit, publish, one send per
 * viewer, and this process's own event loop, so it is on the safe side). A run counts only if every
 * viewer received every update, in order.
 *
 * Per step (viewers), RUNS runs each on a fresh 64-player double-elimination event; the p99 of a
 * run is over all (viewer, update) pairs; the step's figure is the median of its runs' p99s.
 * `events.liveViewers` is the largest step whose median p99 is ≤ 500 ms; `events.liveP99Ms` is
 * the p99 of the 2,000-viewer step (the target), `events.liveP99Ms.byStep` all of them;
 * `events.liveActionMedianMs` the median round trip of the director's request (stored and
 * answered), and `events.liveFirstViewerMedianMs` the median arrival at the first viewer: the part
 * of the latency that is not the fan-out; `events.liveServerCpuMsPerUpdate` the server's CPU time
 * per update (median over all runs), a figure the machine's load moves little.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@pyramid/online';
import { WebSocket } from 'ws';
import { median, percentile } from './stats.js';

const P99_LIMIT_MS = 500;
const TARGET_VIEWERS = 2000;
const STEPS = process.env.PYRAMID_BENCH_VIEWERS?.split(',').map(Number) ?? [1000, 2000, 3000];
const RUNS = Math.max(1, Number(process.env.PYRAMID_BENCH_LIVE_RUNS ?? 3));
const UPDATES = 20;
const UPDATE_EVERY_MS = 200;
const PLAYERS = 64;
/** Profiling: `PYRAMID_BENCH_PROFILE=dir` runs the server with `--cpu-prof` into that folder. */
const PROFILE = process.env.PYRAMID_BENCH_PROFILE;
/** The whole measurement stops adding steps after this. */
const BUDGET_MS = 150_000;

interface Spawned {
  readonly child: ChildProcess;
  readonly url: string;
}

function spawnServer(root: string, dataDir: string): Promise<Spawned> {
  const child = spawn(
    process.execPath,
    [
      ...(PROFILE === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`]),
      // The compiled server, as `npm start` runs it (scripts/bench.mjs builds it first).
      join(root, 'apps', 'server', 'dist', 'main.js'),
    ],
    {
      cwd: root,
      env: { ...process.env, PORT: '0', PYRAMID_DATA: dataDir, PYRAMID_CLIENT_LIMITS: 'off' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /at (http:\/\/[^/\s]+)\//.exec(out);
      if (found?.[1] !== undefined) resolve({ child, url: found[1] });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

async function stop(server: Spawned): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

/** The server process's CPU time so far (user + system, /proc, 10 ms ticks), or NaN off Linux. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function post<T>(url: string, path: string, token: string | null, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const guestToken = async (url: string, name: string): Promise<string> =>
  (await post<{ token: string }>(url, '/api/guest', null, { name })).token;

/** One viewer: a socket that has said hello, and the arrival time of each version of the event. */
class Viewer {
  eventId = '';
  /** Version → arrival (performance.now()). */
  readonly arrivals = new Map<number, number>();
  version = 0;
  inOrder = true;
  private welcomed: (() => void) | null = null;
  private snapshot: (() => void) | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as {
        type: string;
        eventId?: string;
        version?: number;
        shown?: { version: number };
      };
      if (message.type === 'welcome') this.welcomed?.();
      else if (message.type === 'event' && message.eventId === this.eventId) {
        this.version = message.shown?.version ?? 0;
        this.snapshot?.();
      } else if (message.type === 'event-action' && message.eventId === this.eventId) {
        const v = message.version ?? 0;
        // What a page does: apply it when it is the next version (else ask for a snapshot).
        if (v !== this.version + 1) this.inOrder = false;
        this.version = v;
        this.arrivals.set(v, performance.now());
      }
    });
  }

  static async open(url: string, token: string): Promise<Viewer> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { origin: url });
    const viewer = new Viewer(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await new Promise<void>((resolve) => {
      viewer.welcomed = resolve;
      ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
    });
    return viewer;
  }

  async watch(eventId: string): Promise<void> {
    if (this.eventId !== '') this.ws.send(JSON.stringify({ type: 'event-unwatch', eventId: this.eventId }));
    this.eventId = eventId;
    this.arrivals.clear();
    this.inOrder = true;
    await new Promise<void>((resolve) => {
      this.snapshot = resolve;
      this.ws.send(JSON.stringify({ type: 'event-watch', eventId }));
    });
  }
}

async function inBatches<T>(count: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += batch) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, k) => make(i + k)))),
    );
  }
  return out;
}

interface Shown {
  readonly id: string;
  readonly version: number;
  readonly matches: readonly { id: string; state: string; race: number }[];
}

/** The director's request round trips (stored, answered), for telling the store's time from the fan-out's. */
const actionMs: number[] = [];
/** Per update, its arrival at the first viewer (the rest of the p99 is the fan-out to all). */
const firstMs: number[] = [];
/** Per run, the server's CPU time per update (store, commit, publish, the sends), whatever the load. */
const serverCpuPerUpdate: number[] = [];

/** One run: a fresh event, every viewer watching, UPDATES results; the latencies, or null if one was missed. */
async function run(
  server: Spawned,
  director: string,
  viewers: readonly Viewer[],
  r: number,
): Promise<number[] | null> {
  const url = server.url;
  const created = await post<Shown>(url, '/api/events', director, {
    name: `Live bench ${viewers.length}-${r}`,
    dates: { start: '2026-12-05' },
    variant: 'dynamic',
    races: { default: 3 },
    format: { kind: 'double', reset: true },
    seeding: 'order',
  });
  const act = (body: object) => post<Shown>(url, `/api/events/${created.id}/actions`, director, body);
  await act({
    type: 'add-entries',
    entries: Array.from({ length: PLAYERS }, (_, i) => ({ name: `P${i + 1}` })),
  });
  let shown = await act({ type: 'draw', seed: r + 1 });
  await inBatches(viewers.length, 200, (i) => (viewers[i] as Viewer).watch(created.id));
  const sentAt = new Map<number, number>();
  const cpuBefore = cpuMsOf(server.child.pid);
  for (let u = 0; u < UPDATES; u++) {
    const m = shown.matches.find((x) => x.state === 'ready');
    if (m === undefined) break;
    const at = performance.now();
    shown = await act({ type: 'result', match: m.id, frames: [m.race, u % m.race] });
    sentAt.set(shown.version, at);
    actionMs.push(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, UPDATE_EVERY_MS));
  }
  // Wait (bounded) for the last update to reach everyone.
  const last = shown.version;
  const until = performance.now() + 10_000;
  while (performance.now() < until && !viewers.every((v) => v.arrivals.has(last)))
    await new Promise((resolve) => setTimeout(resolve, 20));
  serverCpuPerUpdate.push((cpuMsOf(server.child.pid) - cpuBefore) / sentAt.size);
  const latencies: number[] = [];
  const firstOf = new Map<number, number>();
  for (const v of viewers) {
    if (!v.inOrder) return null;
    for (const [version, at] of sentAt) {
      const arrived = v.arrivals.get(version);
      if (arrived === undefined) return null;
      latencies.push(arrived - at);
      firstOf.set(version, Math.min(firstOf.get(version) ?? Number.POSITIVE_INFINITY, arrived - at));
    }
  }
  firstMs.push(...firstOf.values());
  return latencies;
}

export interface LiveFigures {
  readonly [key: string]: number | Record<string, number>;
}

export async function measureLiveViewers(root: string): Promise<LiveFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pyramid-bench-live-'));
  const server = await spawnServer(root, dataDir);
  const started = performance.now();
  const viewers: Viewer[] = [];
  const byStep: Record<string, number> = {};
  let best = 0;
  try {
    const director = await guestToken(server.url, 'Director');
    for (const step of STEPS) {
      if (performance.now() - started > BUDGET_MS) break;
      const more = await inBatches(step - viewers.length, 100, async (i) =>
        Viewer.open(server.url, await guestToken(server.url, `Viewer ${viewers.length + i}`)),
      );
      viewers.push(...more);
      const p99s: number[] = [];
      let missed = 0;
      for (let r = 0; r < RUNS; r++) {
        const latencies = await run(server, director, viewers, r);
        if (latencies === null) missed++;
        else p99s.push(percentile(latencies, 0.99));
      }
      const p99 = missed > 0 ? Number.POSITIVE_INFINITY : median(p99s);
      byStep[String(step)] = Number(p99.toFixed(1));
      console.log(
        `${step} viewers (load average ${loadavg()[0]?.toFixed(1)}): p99 ${missed > 0 ? `— (${missed} run(s) missed an update)` : `${p99.toFixed(1)} ms`} (runs: ${p99s.map((x) => x.toFixed(1)).join(', ')}; ${UPDATES} results each)`,
      );
      if (p99 <= P99_LIMIT_MS) best = step;
      else break;
    }
  } finally {
    for (const v of viewers) v.ws.terminate();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    'events.liveViewers': best,
    'events.liveP99Ms': byStep[String(TARGET_VIEWERS)] ?? Number.NaN,
    'events.liveP99Ms.byStep': byStep,
    'events.liveP99Ms.runs': RUNS,
    'events.liveActionMedianMs': Number(median(actionMs).toFixed(1)),
    'events.liveFirstViewerMedianMs': Number(median(firstMs).toFixed(1)),
    'events.liveServerCpuMsPerUpdate': Number(median(serverCpuPerUpdate).toFixed(1)),
  };
}
