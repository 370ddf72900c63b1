/**
 * `pyramid selfplay`: the report in-process (one worker), its independence from the number of
 * workers, and, as a user runs it (three spawns), two frames on two worker threads whose match
 * records replay through `pyramid referee` to the same winners and scores.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { report, wilson } from '../src/selfplay.js';
import { playFrame } from '../src/selfplay-frame.js';
import { pyramid, runInProcess } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'pyramid-selfplay-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Report {
  frames: number;
  a: { level: string; wins: { count: number; of: number; low: number; high: number }; potsPerVisit: number };
  b: { level: string; wins: { count: number } };
  unfinished: number;
  errors: unknown[];
  breaker: { count: number; of: number };
  foulsPerFrame: Record<string, number>;
  results: {
    frame: number;
    breaker: string;
    winner: 'a' | 'b' | null;
    scores: [number, number];
    actions: number;
  }[];
  timing: unknown;
}

describe('wilson', () => {
  it('gives the score interval', () => {
    const p = wilson(15, 20);
    expect(p.rate).toBe(0.75);
    expect(p.low).toBeCloseTo(0.5313, 3);
    expect(p.high).toBeCloseTo(0.8881, 3);
    expect(wilson(0, 0)).toMatchObject({ low: 0, high: 1 });
  });
});

describe('pyramid selfplay (in-process)', () => {
  it('reports wins, the breaker, pots per visit and fouls by item (--json)', async () => {
    const run = await runInProcess([
      'selfplay',
      '--variant',
      'combined',
      '--a',
      'novice',
      '--b',
      'novice',
      '--frames',
      '2',
      '--seed',
      '5',
      '--workers',
      '1',
      '--json',
    ]);
    expect(run.status, run.err).toBe(0);
    const out = JSON.parse(run.out) as Report;
    expect(out.frames).toBe(2);
    expect(out.a.level).toBe('novice');
    expect(out.results.map((r) => r.breaker)).toEqual(['a', 'b']);
    expect(out.a.wins.count + out.b.wins.count + out.unfinished).toBe(2);
    expect(out.errors).toEqual([]);
    expect(Object.keys(out.foulsPerFrame)).toContain('29.1(9)');
    expect(out.timing).toBeDefined();
  });

  it('plays the same frames whoever plays them', () => {
    const spec = { variant: 'free', a: 'novice', b: 'novice', seed: 9, record: false } as const;
    const options = {
      variant: 'free',
      a: 'novice',
      b: 'novice',
      frames: 2,
      seed: 9,
      workers: 1,
      json: true,
      records: null,
    } as const;
    const first = [playFrame({ ...spec, index: 0 }), playFrame({ ...spec, index: 1 })];
    const again = [playFrame({ ...spec, index: 1 }), playFrame({ ...spec, index: 0 })].reverse();
    expect(report(options, again)).toEqual(report(options, first));
  });

  it('plays on the table --table names, and writes it into the records that pyramid referee replays', async () => {
    const dir = join(scratch, 'records-7ft');
    const run = await runInProcess([
      'selfplay',
      '--variant',
      'dynamic',
      '--table',
      '7ft',
      '--a',
      'novice',
      '--b',
      'novice',
      '--frames',
      '1',
      '--seed',
      '4',
      '--workers',
      '1',
      '--records',
      dir,
      '--json',
    ]);
    expect(run.status, run.err).toBe(0);
    const out = JSON.parse(run.out) as Report & { tableSize: string };
    expect(out.tableSize).toBe('7ft');
    expect(out.errors).toEqual([]);
    const file = join(dir, 'frame-0001.json');
    const record = JSON.parse(readFileSync(file, 'utf8')) as { start: Record<string, unknown> };
    expect(record.start).toEqual({ from: 'rack', breaker: 0, tableSize: '7ft' });
    const replay = await runInProcess(['referee', file, '--json']);
    expect(replay.status, replay.err).toBe(0);
    const json = JSON.parse(replay.out) as { rulings: unknown[]; final: { tableSize: string } };
    expect(json.rulings.length).toBe(out.results[0]!.actions);
    expect(json.final.tableSize).toBe('7ft');
    const text = await runInProcess(['referee', file]);
    expect(text.out).toContain('7 ft table');
    const bad = await runInProcess(['selfplay', '--table', '13ft']);
    expect(bad.status).toBe(2);
    expect(bad.err).toMatch(/7ft, 8ft, 9ft, 10ft, 11ft, 12ft/);
  });

  it('rejects an unknown level and a bad frame count', async () => {
    const level = await runInProcess(['selfplay', '--a', 'grandmaster']);
    expect(level.status).toBe(2);
    expect(level.err).toMatch(/novice, amateur, master/);
    const frames = await runInProcess(['selfplay', '--frames', '0']);
    expect(frames.status).toBe(2);
    expect(frames.err).toMatch(/whole number/);
  });
});

describe('pyramid selfplay (spawned)', () => {
  it('writes records on two workers that pyramid referee replays to the same results', () => {
    const dir = join(scratch, 'records');
    const run = pyramid([
      'selfplay',
      '--variant',
      'free',
      '--a',
      'novice',
      '--b',
      'novice',
      '--frames',
      '2',
      '--seed',
      '3',
      '--workers',
      '2',
      '--records',
      dir,
      '--json',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as Report;
    expect(readdirSync(dir).sort()).toEqual(['frame-0001.json', 'frame-0002.json']);
    for (const frame of out.results) {
      const file = join(dir, `frame-${String(frame.frame).padStart(4, '0')}.json`);
      const replay = pyramid(['referee', file, '--json']);
      expect(replay.status, replay.stderr).toBe(0);
      const json = JSON.parse(replay.stdout) as {
        rulings: { ruling: { scores: [number, number]; frameWinner: 0 | 1 | null } }[];
        final: { winner: 0 | 1 | null };
      };
      expect(json.rulings.length).toBe(frame.actions);
      const last = json.rulings.at(-1)!.ruling;
      expect(last.scores).toEqual(frame.scores);
      const winner = json.final.winner === null ? null : json.final.winner === 0 ? 'a' : 'b';
      expect(winner).toBe(frame.winner);
    }
  });
});
