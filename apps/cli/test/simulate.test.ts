/**
 * `pyramid simulate` run as a user runs it: `node apps/cli/bin/pyramid.js simulate …` from the repo
 * root. Spawns are slow (tsx compiles the sources each time), so there are seven; the many kinds of
 * bad input are checked in-process in simulate-input.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pyramid, ROOT } from './support.js';

const SHOTS = join('examples', 'shots');

interface Output {
  events: { type: string; t: number; ball?: number; balls?: number[]; pocket?: string }[];
  final: { id: number; state: string; x: number; y: number; where?: string }[];
  duration: number;
  miscue: boolean;
  hash: string;
  facts: {
    firstContact: number | null;
    pocketed: { ball: number; pocket: string }[];
    breakCushionBalls: number[];
    cueBallLeftHouseFirst: boolean;
    positions: Record<string, { x: number; y: number }> | null;
  };
  series?: { t: number; balls: { id: number; state: string; x: number; y: number }[] }[];
}

const straightPot = join(SHOTS, 'straight-pot.json');

describe('pyramid simulate', () => {
  it('pots the object ball of examples/shots/straight-pot.json and says so', () => {
    const run = pyramid(['simulate', straightPot]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^ +0\.\d{4} s {2}ball-ball +balls 0, 1$/m);
    expect(run.stdout).toMatch(/^ +0\.\d{4} s {2}pocket +ball 1, pocket ML$/m);
    expect(run.stdout).toMatch(/^ {2}ball 1 +pocketed +pocket ML$/m);
    expect(run.stdout).toMatch(/^ {2}ball 0 +stationary +x 1775\.0 mm, y \d+\.\d mm$/m);
    expect(run.stdout).toContain('first contact: ball 1');
    expect(run.stdout).toContain('pocketed: 1 (ML)');
  });

  it('--json parses, is the same on a second run, and reads the shot from stdin with -', () => {
    const first = pyramid(['simulate', straightPot, '--json']);
    expect(first.status, first.stderr).toBe(0);
    const output = JSON.parse(first.stdout) as Output;
    expect(Object.keys(output)).toEqual(['events', 'final', 'duration', 'miscue', 'hash', 'facts']);
    expect(output.events[0]).toEqual({ type: 'strike', t: 0, ball: 0, miscue: false });
    expect(output.final.find((b) => b.id === 1)).toMatchObject({ state: 'pocketed', where: 'ML' });
    expect(output.facts.firstContact).toBe(1);
    expect(output.facts.pocketed).toEqual([{ ball: 1, pocket: 'ML' }]);
    const cue = output.final.find((b) => b.id === 0)!;
    expect(output.facts.positions).toEqual({ 0: { x: cue.x, y: cue.y } });
    expect(output.miscue).toBe(false);
    const again = pyramid(['simulate', '-', '--json'], readFileSync(join(ROOT, straightPot), 'utf8'));
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
  });

  it('--series samples the break at increasing times up to the end', () => {
    const run = pyramid(['simulate', join(SHOTS, 'break.json'), '--json', '--series', '0.05']);
    expect(run.status, run.stderr).toBe(0);
    const output = JSON.parse(run.stdout) as Output;
    const series = output.series!;
    expect(series[0]!.t).toBe(0);
    expect(series.at(-1)!.t).toBe(output.duration);
    for (let i = 1; i < series.length; i++) expect(series[i]!.t).toBeGreaterThan(series[i - 1]!.t);
    expect(series.length).toBe(Math.floor(output.duration / 0.05) + 2);
    for (const sample of series) expect(sample.balls.map((b) => b.id)).toEqual(output.final.map((b) => b.id));
    // The last sample is where the balls came to rest.
    for (const ball of series.at(-1)!.balls) {
      const final = output.final.find((b) => b.id === ball.id)!;
      expect([ball.x, ball.y]).toEqual([final.x, final.y]);
    }
    expect(output.facts.firstContact).toBe(4);
    expect(output.facts.cueBallLeftHouseFirst).toBe(true);
    expect(output.facts.breakCushionBalls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('pyramid simulate rejects bad input', () => {
  it('a ball outside the bed: status 2, the field on stderr, nothing on stdout', () => {
    const shot = {
      balls: [
        { id: 0, x: 700, y: 887.5 },
        { id: 7, x: 3540, y: 500 },
      ],
      strike: { ball: 0, speed: 2, angleDeg: 0 },
    };
    const run = pyramid(['simulate', '-'], JSON.stringify(shot));
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: \/balls\/1\/x: ball 7 lies outside the bed/);
  });

  // An error that quoted the offending value with JSON.stringify overflowed the stack on these.
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  it.each([
    [
      'a ball id nested 10,000 levels deep',
      `{"balls":[{"id":${deep},"x":700,"y":500}],"strike":{}}`,
      '/balls/0/id',
    ],
    [
      'a strike ball nested 10,000 levels deep',
      `{"balls":[{"id":0,"x":700,"y":500}],"strike":{"ball":${deep}}}`,
      '/strike/ball',
    ],
    ['a table nested 10,000 levels deep', `{"table":${deep},"balls":[],"strike":{}}`, '/table'],
    ['a whole file nested 10,000 levels deep', deep, ''],
  ])('%s: status 2 and one clear line', (_label, text, field) => {
    const run = pyramid(['simulate', '-'], text);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
    expect(run.stderr.length).toBeLessThan(400);
    expect(run.stderr).toMatch(field === '' ? /^error: must be an object/ : new RegExp(`^error: ${field}: `));
  });

  it('malformed JSON (as JSON on stderr with --json)', () => {
    const run = pyramid(['simulate', '-', '--json'], '{"balls": [');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const { error } = JSON.parse(run.stderr) as { error: { code: string; field: string; message: string } };
    expect(error.code).toBe('invalid-shot');
    expect(error.message).toContain('not valid JSON');
  });

  it('a shot over the event cap: status 3 and a report on stderr that reproduces it', () => {
    const shot = {
      params: { maxEvents: 3 },
      balls: [{ id: 0, x: 700, y: 500 }],
      strike: { ball: 0, speed: 5, angleDeg: 10 },
    };
    const run = pyramid(['simulate', '-'], JSON.stringify(shot));
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    const { error } = JSON.parse(run.stderr) as {
      error: { code: string; report: { balls: unknown[]; strike: unknown; events: number }; shot: unknown };
    };
    expect(error.code).toBe('event-cap');
    expect(error.report.balls).toEqual([{ id: 0, x: 0.7, y: 0.5 }]);
    expect(error.report.strike).toEqual(shot.strike);
    expect(error.shot).toEqual(shot);
  });
});
