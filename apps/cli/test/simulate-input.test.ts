/**
 * The shot file of `pyramid simulate`, in-process through `main(argv, io)`: every kind of bad input
 * exits 2 with one error line naming the field and prints nothing on stdout; good files on other
 * tables and with parameter overrides run.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeTable, PRESET_12FT } from '@pyramid/table';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './support.js';

const run = runInProcess;

type Shot = Record<string, unknown> & {
  balls: Record<string, unknown>[];
  strike: Record<string, unknown>;
};

function shot(edit: (shot: Shot) => void = () => {}): string {
  const base: Shot = {
    table: '12ft',
    balls: [
      { id: 0, x: 700, y: 887.5 },
      { id: 1, x: 1500, y: 887.5 },
      { id: 3, x: 2000, y: 400 },
    ],
    strike: { ball: 0, speed: 2, angleDeg: 0 },
  };
  edit(base);
  return JSON.stringify(base);
}

const CASES: [string, string, string][] = [
  ['an unknown top-level field', shot((s) => Object.assign(s, { spin: 1 })), 'spin: unknown field'],
  [
    'an unknown ball field',
    shot((s) => Object.assign(s.balls[1]!, { colour: 'red' })),
    '/balls/1/colour: unknown field',
  ],
  [
    'an unknown strike field',
    shot((s) => Object.assign(s.strike, { power: 3 })),
    '/strike/power: unknown field',
  ],
  [
    'an unknown parameter',
    shot((s) => Object.assign(s, { params: { muRol: 0.01 } })),
    '/params/muRol: unknown field',
  ],
  [
    'ball 16',
    shot((s) => Object.assign(s.balls[2]!, { id: 16 })),
    '/balls/2/id: must be a ball number 0–15, got 16',
  ],
  [
    'a ball id that is not a whole number',
    shot((s) => Object.assign(s.balls[2]!, { id: 2.5 })),
    '/balls/2/id',
  ],
  [
    'a ball listed twice',
    shot((s) => Object.assign(s.balls[2]!, { id: 1 })),
    '/balls/2/id: ball 1 is already balls[1]',
  ],
  [
    'overlapping balls',
    shot((s) => Object.assign(s.balls[2]!, { x: 1550, y: 887.5 })),
    '/balls/2: ball 3 overlaps ball 1 (centres 50 mm apart, less than the 68 mm diameter)',
  ],
  [
    'a ball outside the bed (y)',
    shot((s) => Object.assign(s.balls[0]!, { y: 1760 })),
    '/balls/0/y: ball 0 lies outside the bed',
  ],
  [
    'a position that is not a number',
    shot((s) => Object.assign(s.balls[1]!, { x: '1500' })),
    '/balls/1/x: must be a finite number',
  ],
  [
    'a velocity of one number',
    shot((s) => Object.assign(s.balls[1]!, { v: [1] })),
    '/balls/1/v: must be an array of 2 numbers',
  ],
  ['no balls', shot((s) => Object.assign(s, { balls: [] })), '/balls: must be a non-empty array'],
  [
    'a strike ball not on the table',
    shot((s) => Object.assign(s.strike, { ball: 5 })),
    '/strike/ball: ball 5 is not in balls',
  ],
  ['no strike', shot((s) => Object.assign(s, { strike: undefined })), '/strike: is required'],
  ['a speed of 0', shot((s) => Object.assign(s.strike, { speed: 0 })), '/strike/speed: must be > 0'],
  [
    'a speed above the cue',
    shot((s) => Object.assign(s.strike, { speed: 12.5 })),
    'maxCueSpeed = 12 m/s, got 12.5',
  ],
  [
    'a speed above an overridden maxCueSpeed',
    shot((s) => Object.assign(s, { params: { maxCueSpeed: 6 } }, { strike: { ...s.strike, speed: 7 } })),
    '/strike/speed: must be > 0 and ≤ params.maxCueSpeed = 6 m/s, got 7',
  ],
  [
    'an elevation of 85°',
    shot((s) => Object.assign(s.strike, { elevationDeg: 85 })),
    '/strike/elevationDeg: must be from 0 to 80°',
  ],
  [
    'a negative elevation',
    shot((s) => Object.assign(s.strike, { elevationDeg: -1 })),
    '/strike/elevationDeg',
  ],
  // JSON has no Infinity, but 1e999 parses to it.
  [
    'an infinite tip offset',
    shot((s) => Object.assign(s.strike, { side: 1 })).replace('"side":1', '"side":1e999'),
    '/strike/side: must be a finite number',
  ],
  [
    'a tip offset of a whole radius',
    shot((s) => Object.assign(s.strike, { height: -1 })),
    '/strike/height: must be a tip offset',
  ],
  [
    'no direction',
    shot((s) => Object.assign(s.strike, { angleDeg: undefined })),
    '/strike/angleDeg: is required',
  ],
  [
    'both an angle and a direction',
    shot((s) => Object.assign(s.strike, { direction: { x: 1, y: 0 } })),
    '/strike/direction: give either',
  ],
  [
    'an unknown table',
    shot((s) => Object.assign(s, { table: '13ft' })),
    '/table: unknown table "13ft" (known: 7ft, 8ft',
  ],
  [
    'a custom dimension that is not a number',
    shot((s) => Object.assign(s, { table: { length: 'long' } })),
    '/table/length: must be a finite number',
  ],
  [
    'a custom table whose mouth the ball cannot pass',
    shot((s) => Object.assign(s, { table: { cornerMouth: 60 } })),
    '/table/cornerMouth: 60 mm must exceed the ball (68 mm)',
  ],
  [
    'a custom table on an unknown base',
    shot((s) => Object.assign(s, { table: { base: '6ft' } })),
    '/table/base: unknown table "6ft"',
  ],
  [
    'the ball radius as a parameter',
    shot((s) => Object.assign(s, { params: { R: 0.03 } })),
    '/params/R: is set by the table: give table.ballDiameter instead',
  ],
  [
    'a negative rolling resistance',
    shot((s) => Object.assign(s, { params: { muRoll: -0.01 } })),
    '/params/muRoll: must be a finite number > 0 and ≤ 1000000, got -0.01',
  ],
  [
    'a fractional event cap',
    shot((s) => Object.assign(s, { params: { maxEvents: 2.5 } })),
    '/params/maxEvents: must be a whole number',
  ],
  [
    'a restitution above 1',
    shot((s) => Object.assign(s, { params: { eBall: 1.2 } })),
    '/params/eBall: must be a finite number ≥ 0 and ≤ 1',
  ],
  ['an array instead of a shot', '[1, 2]', 'error: must be an object'],
  [
    'a break flag that is not a boolean',
    shot((s) => Object.assign(s, { break: 'yes' })),
    '/break: must be true or false',
  ],
  ['malformed JSON', '{"balls": [', 'error: not valid JSON'],
];

describe('pyramid simulate: bad shot files exit 2 naming the field', () => {
  it.each(CASES)('%s', async (_name, text, message) => {
    const { status, out, err } = await run(['simulate', '-'], text);
    expect(status, err).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^error: /);
    expect(err).toContain(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('with --json the error is JSON with the field', async () => {
    const text = shot((s) => Object.assign(s.balls[1]!, { x: 5000 }));
    const { status, out, err } = await run(['simulate', '-', '--json'], text);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(JSON.parse(err)).toEqual({
      error: {
        code: 'invalid-shot',
        field: '/balls/1/x',
        message: 'ball 1 lies outside the bed (x must be from 34 to 3516 mm)',
      },
    });
  });

  it.each([
    [['simulate', 'no/such/shot.json'], 'error: cannot read no/such/shot.json: no such file'],
    [['simulate', '-', '--series', '0'], 'Must be a positive number of seconds'],
    [['simulate', '-', '--series', 'often'], 'Must be a positive number of seconds'],
    [['simulate'], "missing required argument 'file'"],
  ])('%j exits 2', async (argv, message) => {
    const { status, out, err } = await run(argv, shot());
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
  });

  it('a series step too fine for the shot exits 2 after simulating, with nothing on stdout', async () => {
    const { status, out, err } = await run(['simulate', '-', '--series', '1e-9'], shot());
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('--series: a step of 1e-9 s');
  });
});

describe('pyramid simulate: good shot files', () => {
  it('on the 7 ft table with its smaller balls and a parameter override', async () => {
    const text = JSON.stringify({
      table: '7ft',
      params: { muRoll: 0.015 },
      balls: [
        { id: 0, x: 300, y: 495 },
        { id: 9, x: 900, y: 495 },
      ],
      strike: { ball: 0, speed: 2, angleDeg: 0 },
    });
    const { status, out, err } = await run(['simulate', '-', '--json'], text);
    expect(status, err).toBe(0);
    const output = JSON.parse(out) as {
      final: { id: number; z: number }[];
      facts: { firstContact: number; cueBallLeftHouseFirst: boolean };
    };
    // The 7 ft ball is 60.3 mm: its centre is 30.15 mm above the slate; the house line is at 495 mm.
    expect(output.final[0]!.z).toBeCloseTo(30.15, 9);
    expect(output.facts.firstContact).toBe(9);
    expect(output.facts.cueBallLeftHouseFirst).toBe(true);
  });

  it('on a custom table, with a ball already moving and a miscue', async () => {
    const text = JSON.stringify({
      description: 'wider corner pockets',
      table: { base: '12ft', name: 'bucket', cornerMouth: 80 },
      balls: [
        { id: 0, x: 700, y: 887.5 },
        { id: 2, x: 2000, y: 500, v: [0, 0.5], w: [0, 0, 5] },
      ],
      strike: { ball: 0, speed: 2, angleDeg: 30, side: 0.7 },
    });
    const { status, out, err } = await run(['simulate', '-'], text);
    expect(status, err).toBe(0);
    expect(out).toMatch(/^bucket · 2 balls · ball 0 struck at 2 m\/s toward 30° \(side 0\.7\)$/m);
    expect(out).toContain('Miscue');
    expect(out).toContain('stroke fouls: improper-strike');
    expect(out).toMatch(/^ +0\.0000 s {2}strike +ball 0, miscue$/m);
  });
});

describe('pyramid simulate --help', () => {
  it('explains the shot file, the output and the exit status, with examples', async () => {
    const { status, out } = await run(['simulate', '--help']);
    expect(status).toBe(0);
    expect(out).toContain('Usage: pyramid simulate [options] <file>');
    expect(out).toContain('--series <step>');
    expect(out).toContain('"strike": { "ball": 0, "speed": 8, "angleDeg": 0,');
    expect(out).toContain('Exit status');
    expect(out).toContain('$ pyramid simulate examples/shots/straight-pot.json');
  });
});

describe('pyramid simulate --table FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pyramid-table-'));
  const write = (name: string, content: string) => {
    const file = join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it("replaces the shot file's table with the description, its missing fields from its base", async () => {
    const file = write('club.json', JSON.stringify({ name: 'Club 10 ft', base: '10ft', cornerMouth: 74 }));
    const { status, out, err } = await run(['simulate', '-', '--table', file], shot());
    expect(status, err).toBe(0);
    expect(out).toMatch(/^Club 10 ft · 3 balls/m);
  });

  it('a built-in preset written out as a description plays exactly as the preset', async () => {
    const file = write('12ft.json', JSON.stringify(describeTable(PRESET_12FT)));
    const described = await run(['simulate', '-', '--json', '--table', file], shot());
    const named = await run(['simulate', '-', '--json'], shot());
    expect(described.status, described.err).toBe(0);
    expect(JSON.parse(described.out).hash).toBe(JSON.parse(named.out).hash);
  });

  it.each([
    ['an unknown field', JSON.stringify({ lenght: 3000 }), '--table lenght: is not a table field'],
    [
      'a mouth the ball cannot pass',
      JSON.stringify({ middleMouth: 50 }),
      '--table middleMouth: 50 mm must exceed the ball',
    ],
    ['malformed JSON', '{"length": ', '--table: '],
  ])('%s exits 2 naming the field', async (_what, content, message) => {
    const file = write('bad.json', content);
    const { status, out, err } = await run(['simulate', '-', '--table', file], shot());
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('a missing file exits 2', async () => {
    const { status, err } = await run(['simulate', '-', '--table', join(dir, 'none.json')], shot());
    expect(status).toBe(2);
    expect(err).toContain('--table: cannot read');
  });
});
