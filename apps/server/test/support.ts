/**
 * Shared by the server tests: a server on a free loopback port with a temporary data folder,
 * guests, clients of `@pyramid/online` over the `ws` package, and bot players that choose every
 * move with `@pyramid/bots` and send it through the client as a person's browser would.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseAction, LEVELS, type Level, mixSeed, withNoise } from '@pyramid/bots';
import { Random } from '@pyramid/core';
import {
  type ClientEvent,
  OnlineApi,
  OnlineClient,
  type Session,
  type WebSocketFactory,
} from '@pyramid/online';
import type { MatchState, Player, Variant } from '@pyramid/rules';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { type RunningServer, type ServerOptions, startServer } from '../src/server.js';
import { PostgresStore } from '../src/store/postgres.js';
import type { LocalPostgres } from '../test-support/services.js';
import { databaseOf, withDatabase } from './shared-postgres.js';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const WS = WebSocket as unknown as WebSocketFactory;

const dirs: string[] = [];
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pyramid-server-'));
  dirs.push(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A new, empty database beside the one of `postgres.url`, named after it and `name` (so that files
 * sharing the run's server, shared-postgres.ts, never meet, and its `stop()` drops it); returns its URL.
 */
export async function freshDatabase(postgres: LocalPostgres, name: string): Promise<string> {
  const database = `${databaseOf(postgres.url)}_${name}`;
  const admin = await PostgresStore.open(postgres.url, { poolSize: 1 });
  await admin.pool.query(`CREATE DATABASE ${database}`);
  await admin.close();
  return withDatabase(postgres.url, database);
}

export async function testServer(
  options: Partial<ServerOptions> = {},
): Promise<RunningServer & { dataDir: string }> {
  const dataDir = options.dataDir ?? tempDir();
  const server = await startServer({ port: 0, webRoot: null, log: () => {}, ...options, dataDir });
  return Object.assign(server, { dataDir });
}

export const api = (url: string) => new OnlineApi({ baseUrl: url, fetch });

export async function guest(url: string, name: string): Promise<{ api: OnlineApi; session: Session }> {
  const a = api(url);
  const session = await a.guest({ name });
  if (!session.ok) throw new Error(`guest: ${session.error.message}`);
  return { api: a, session: session.value };
}

/** A connected client (authenticated). */
export async function client(
  url: string,
  token: string,
  options: { verify?: boolean; reconnect?: boolean } = {},
): Promise<OnlineClient> {
  const c = new OnlineClient({
    url: `${url.replace(/^http/, 'ws')}/ws`,
    token,
    WebSocket: WS,
    minDelayMs: 50,
    maxDelayMs: 500,
    timeoutMs: 20_000,
    ...options,
  });
  const hello = await c.connect();
  if (!hello.ok) throw new Error(`connect: ${hello.error.message}`);
  return c;
}

/** Collects every event of some types a client receives. */
export function collect<K extends ClientEvent['type']>(
  c: OnlineClient,
  ...types: K[]
): Extract<ClientEvent, { type: K }>[] {
  const out: Extract<ClientEvent, { type: K }>[] = [];
  for (const type of types) c.on(type, (event) => out.push(event as Extract<ClientEvent, { type: K }>));
  return out;
}

export function until(predicate: () => boolean, timeoutMs = 10_000, what = 'a condition'): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (predicate()) resolve();
      else if (Date.now() - start > timeoutMs) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

/** Who is to act in `state` (the lag's winner for a lag). */
export function actorOf(state: MatchState, lagWinner: Player | null): Player | null {
  const turn = state.turn;
  if (turn.kind === 'shot') return turn.player;
  if (turn.kind === 'decision') return turn.decision.player;
  if (turn.kind === 'lag') return lagWinner;
  return null;
}

/**
 * Plays one move for whichever of `clients` (indexed by seat) is to act: the bot chooses with its
 * level and a seed derived from `seed` and `seq`, a stroke is struck with the level's error.
 * Returns false when the match is over.
 */
export async function botMove(
  clients: readonly [OnlineClient, OnlineClient],
  level: Level,
  seed: number,
): Promise<boolean> {
  // Both players must have heard of the last action before the next is chosen.
  await until(
    () => clients[0].seq === clients[1].seq && clients[0].lastState !== null,
    10_000,
    'both players to agree',
  );
  const reference = clients[0];
  const state = reference.lastState;
  if (state === null) throw new Error('no state yet');
  if (state.turn.kind === 'match-over') return false;
  const seat = actorOf(state, reference.lag?.winner ?? null);
  if (seat === null) throw new Error(`nobody to act in a ${state.turn.kind}`);
  const c = clients[seat];
  await until(() => c.seq === reference.seq, 10_000, `seat ${seat} to catch up`);
  const actionSeed = mixSeed(seed, c.seq);
  if (state.turn.kind === 'lag') {
    const done = await c.decision({ type: 'lag', winner: seat, first: seat });
    if (!done.ok)
      throw new Error(`lag refused: ${done.error.code} ${done.error.field} ${done.error.message}`);
    return true;
  }
  const move = chooseAction(state, level, actionSeed);
  if (move === null) return false;
  if (move.type === 'decision') {
    const done = await c.decision(move.action);
    if (!done.ok)
      throw new Error(`decision refused: ${done.error.code} ${done.error.field} ${done.error.message}`);
    return true;
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const strike = withNoise(
      move.shot.strike,
      LEVELS[level].noise,
      new Random(mixSeed(actionSeed, 0x5354 + attempt)),
    );
    const done = await c.stroke({ ...move.shot, strike });
    if (done.ok) return true;
    // The simulator's event cap: nothing happened, strike again with a fresh error (as self-play does).
    if (done.error.code !== 'intent/simulation') {
      throw new Error(`stroke refused: ${done.error.code} ${done.error.field} ${done.error.message}`);
    }
  }
  throw new Error('the simulator failed five times on one move');
}

/**
 * The seed of a brisk frame of each variant, for the tests that play one whole (any seed plays a
 * whole frame; these keep the suite brisk). Played from the rack with the seed's parity breaking
 * (`breaker: seed % 2`) by two amateurs through `botMove`, they last free 10 actions, combined 18,
 * dynamic 23 and classic 48 (a frame is deterministic: the same every run). The combined and
 * dynamic frames include decisions (the ruling broadcast), as the longer frames of the seeds
 * before these did (free 3: 19 actions, combined 9: 83, dynamic 5: 49, classic 2: 143).
 */
export const FRAME_SEEDS: Readonly<Record<Variant, number>> = {
  free: 12,
  combined: 20,
  dynamic: 25,
  classic: 10,
};

/** Plays until the match is over (or `limit` moves). Returns the moves made. */
export async function playOut(
  clients: readonly [OnlineClient, OnlineClient],
  level: Level,
  seed: number,
  limit = 3000,
): Promise<number> {
  let moves = 0;
  while (moves < limit && (await botMove(clients, level, seed))) moves++;
  return moves;
}

/**
 * The compiled server a user runs (`npm start`, a deployment): scripts/build.mjs writes it (Vitest's
 * global setup runs that build, a no-op when dist/ is newer than the sources).
 */
export const SERVER_MAIN = join(ROOT, 'apps', 'server', 'dist', 'main.js');

/** The real server as a separate process (`node apps/server/dist/main.js`). */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', PYRAMID_DATA: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /at (http:\/\/[^/\s]+)\//.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${out}`));
    });
  });
  return { child, url };
}

const children = new Set<ChildProcess>();
export function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

/** What `pyramid referee --json` (the compiled command a user runs) says of a stored match record. */
export interface RefereeReplay {
  readonly final: { winner: number | null; scores: number[]; framesWon: number[] };
}

/** Writes `record` to `file` and replays it with the real `pyramid referee --json`; throws on a failure. */
export function refereeReplay(record: unknown, file: string): RefereeReplay {
  writeFileSync(file, JSON.stringify(record));
  const run = spawnSync(
    process.execPath,
    [join('apps', 'cli', 'bin', 'pyramid.js'), 'referee', file, '--json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  if (run.status !== 0) throw new Error(`pyramid referee exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout) as RefereeReplay;
}

/**
 * The record of `tableId` as `api` serves it replays through `pyramid referee` to the winner and
 * scores of `final` (the clients' last state). Returns the record.
 */
export async function expectRecordReplays(
  api: OnlineApi,
  tableId: string,
  final: MatchState,
  file = join(tempDir(), 'record.json'),
): Promise<Record<string, unknown>> {
  const record = await api.matchRecord(tableId);
  if (!record.ok) throw new Error(record.error.message);
  const replay = refereeReplay(record.value, file);
  expect(replay.final.winner).toBe(final.turn.kind === 'match-over' ? final.turn.winner : null);
  expect(replay.final.scores).toEqual([...final.scores]);
  return record.value;
}

export type { RunningServer };
