/**
 * The command line in-process, through `main(argv, io)` with a recording Io: help, version, usage
 * errors, and the pieces of the human output (names in the referee's sentences, the table picture).
 */

import { namePlayers } from '@pyramid/rules';
import { describe, expect, it } from 'vitest';
import { drawTable } from '../src/table-art.js';
import { style } from '../src/text.js';
import { runInProcess } from './support.js';

const run = (argv: string[]) => runInProcess(argv);

describe('pyramid (in-process)', () => {
  it('--help lists the commands and examples, and exits 0', async () => {
    const { status, out } = await run(['--help']);
    expect(status).toBe(0);
    expect(out).toMatch(/Usage: pyramid/);
    expect(out).toContain('referee [options] <file>');
    expect(out).toContain('demo [options]');
    expect(out).toContain('simulate [options] <file>');
    expect(out).toContain('Examples:');
    expect(out).toContain('$ pyramid simulate examples/shots/break.json');
    expect(out).toContain('selfplay [options]');
  });

  it('referee --help explains the output and exit status, with examples', async () => {
    const { status, out } = await run(['referee', '--help']);
    expect(status).toBe(0);
    expect(out).toContain('--lang <lang>');
    expect(out).toContain('--json');
    expect(out).toContain('Exit status');
    expect(out).toContain('$ pyramid referee examples/records/combined.json');
  });

  it('--version prints the package version', async () => {
    const { status, out } = await run(['--version']);
    expect(status).toBe(0);
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([
    [['referee'], "missing required argument 'file'"],
    [['referee', 'x.json', '--bogus'], "unknown option '--bogus'"],
    [['referee', 'x.json', '--lang', 'de'], 'Allowed choices are en, ru'],
    [['demo', '--delay', 'soon'], 'whole number of milliseconds'],
    [['selfplay', '--workers', '0'], 'whole number from 1 to 256'],
  ])('%j is a usage error: status 2 and a usage message on stderr', async (argv, message) => {
    const { status, out, err } = await run(argv);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
    expect(err).toMatch(/Usage: pyramid|--help/);
  });

  it('with no command prints the help on stderr with status 2', async () => {
    const { status, err } = await run([]);
    expect(status).toBe(2);
    expect(err).toContain('Usage: pyramid');
  });
});

describe('human output helpers', () => {
  it("puts the players' names into the referee's sentences", () => {
    const players = ['Irina', 'Pavel'] as const;
    expect(namePlayers('Player B: choose the penalty ball', players)).toBe('Pavel: choose the penalty ball');
    expect(namePlayers('К счёту соперника нарушителя (Игрок A) прибавляется', players)).toBe(
      'К счёту соперника нарушителя (Irina) прибавляется',
    );
    expect(namePlayers('Player A wins', ['A', 'B'])).toBe('Player A wins');
    expect(namePlayers('Players Alice', players)).toBe('Players Alice');
  });

  it('draws every ball once, even in the tight rack', () => {
    const positions: Record<string, { x: number; y: number }> = { 0: { x: 700, y: 900 } };
    for (let ball = 1; ball <= 15; ball++)
      positions[ball] = { x: 2662 + (ball % 5) * 59, y: 750 + (ball % 3) * 68 };
    const lines = drawTable(positions, style(false), '');
    expect(lines).toHaveLength(17);
    const body = lines.slice(1, -1).join('\n');
    for (const glyph of ['●', '1', '9', 'a', 'f']) expect(body.split(glyph)).toHaveLength(2);
    expect(lines[0]).toMatch(/^FL o─+o─+o BL$/);
  });
});
