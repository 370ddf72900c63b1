/**
 * The conventions of a command-line program: output wrapped at the terminal's width, progress on
 * stderr when that is a terminal, the language from LANG/LC_ALL when --lang is absent, JSON syntax
 * errors with line and column, and `-` on a terminal saying that it waits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputWidth } from '../src/io.js';
import { langFromEnv } from '../src/text.js';
import { pyramid, ROOT, runInProcess } from './support.js';

const RECORD = join(ROOT, 'examples', 'records', 'free.json');
/** Lines of the table drawing are as wide as the table, whatever the terminal. */
const isDrawing = (line: string) => /[─│┊]/.test(line);

describe('width', () => {
  it('wraps at the terminal width, and at 80 columns when not a terminal', async () => {
    for (const columns of [50, 72, 120]) {
      const { status, out } = await runInProcess(['referee', RECORD], '', { columns });
      expect(status).toBe(0);
      const lines = out.split('\n').filter((line) => !isDrawing(line));
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(columns);
      // Long reasons do use the width they are given.
      if (columns === 120) expect(lines.some((line) => line.length > 100)).toBe(true);
    }
    const piped = pyramid(['referee', RECORD]);
    expect(piped.status).toBe(0);
    const lines = piped.stdout.split('\n').filter((line) => !isDrawing(line));
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(80);
    expect(Math.max(...lines.map((line) => line.length))).toBeGreaterThan(70);
  });

  it('takes 80 columns when there is no terminal or it is absurdly narrow', () => {
    const io = {
      out: () => {},
      err: () => {},
      isTTY: false,
      colour: false,
      readStdin: async () => '',
      sleep: async () => {},
    };
    expect(outputWidth(io)).toBe(80);
    expect(outputWidth({ ...io, columns: 132 })).toBe(132);
    expect(outputWidth({ ...io, columns: 10 })).toBe(80);
  });
});

describe('progress of selfplay', () => {
  it('goes to stderr when stderr is a terminal, even with --json, and never into stdout', async () => {
    const argv = ['selfplay', '--frames', '2', '--workers', '1', '--a', 'novice', '--b', 'novice', '--json'];
    const tty = await runInProcess(argv, '', { errIsTTY: true });
    expect(tty.status).toBe(0);
    expect(tty.err).toContain('frames 1/2');
    expect(tty.err).toContain('frames 2/2');
    expect(JSON.parse(tty.out).frames).toBe(2);
    const quiet = await runInProcess(argv, '', { errIsTTY: false });
    expect(quiet.err).toBe('');
    // The same report either way (the decision times and seconds depend on the machine).
    const report = (text: string) => {
      const { timing: _timing, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return rest;
    };
    expect(report(quiet.out)).toEqual(report(tty.out));
  });

  it('reaches a real terminal on stderr while stdout goes to a file (a pseudo-terminal through script)', () => {
    if (!existsSync('/usr/bin/script')) throw new Error('the test needs script(1) from util-linux');
    const dir = mkdtempSync(join(tmpdir(), 'pyramid-pty-'));
    try {
      const out = join(dir, 'report.json');
      const bin = join(ROOT, 'apps', 'cli', 'bin', 'pyramid.js');
      const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} selfplay --frames 2 --workers 1 --a novice --b novice --json > ${JSON.stringify(out)}`;
      const run = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('frames 2/2');
      expect(run.stdout).not.toContain('"variant"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('language', () => {
  it('follows LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(langFromEnv({ LANG: 'ru_RU.UTF-8' })).toBe('ru');
    expect(langFromEnv({ LANG: 'ru' })).toBe('ru');
    expect(langFromEnv({ LC_ALL: 'en_GB.UTF-8', LANG: 'ru_RU.UTF-8' })).toBe('en');
    expect(langFromEnv({ LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'en_US.UTF-8' })).toBe('ru');
    expect(langFromEnv({ LC_ALL: '', LANG: 'ru_UA.UTF-8' })).toBe('ru');
    expect(langFromEnv({ LANG: 'rue_SK' })).toBe('en');
    expect(langFromEnv({})).toBe('en');
  });

  it('every command speaks the language of LANG, and --lang overrides it', () => {
    const ru = { LANG: 'ru_RU.UTF-8' };
    expect(pyramid(['referee', RECORD], undefined, ru).stdout).toContain('Итог');
    expect(pyramid(['referee', RECORD, '--lang', 'en'], undefined, ru).stdout).toContain('Final state');
    expect(
      pyramid(['referee', RECORD], undefined, { LANG: 'ru_RU.UTF-8', LC_ALL: 'C' }).stdout,
    ).not.toContain('Итог');
    const shot = join(ROOT, 'examples', 'shots', 'straight-pot.json');
    expect(pyramid(['simulate', shot], undefined, ru).stdout).toContain('Для судьи');
    expect(pyramid(['simulate', shot, '--lang', 'en'], undefined, ru).stdout).toContain('For the referee');
    expect(pyramid(['demo', '--variant', 'free', '--delay', '0'], undefined, ru).stdout).toContain(
      'Свободная',
    );
    const selfplay = pyramid(
      ['selfplay', '--frames', '1', '--workers', '1', '--a', 'novice', '--b', 'novice'],
      undefined,
      ru,
    );
    expect(selfplay.status).toBe(0);
    expect(selfplay.stdout).toContain('победы');
  });
});

describe('the example records', () => {
  it('give the title, the description and every note in English and Russian, and the CLI shows the one asked for', () => {
    for (const variant of ['free', 'combined', 'dynamic', 'classic']) {
      const file = join(ROOT, 'examples', 'records', `${variant}.json`);
      const record = JSON.parse(readFileSync(file, 'utf8')) as {
        meta: Record<string, Record<string, string>>;
        actions: { note: Record<string, string> }[];
      };
      for (const text of [record.meta.title, record.meta.description, ...record.actions.map((a) => a.note)]) {
        expect(Object.keys(text ?? {}).sort()).toEqual(['en', 'ru']);
        expect(text?.ru).toMatch(/[а-яё]/i);
        expect(text?.en).not.toBe(text?.ru);
      }
    }
    const ru = pyramid(['referee', RECORD, '--lang', 'ru']).stdout;
    expect(ru).toContain('Свободная пирамида: партия до 8 очков');
    expect(ru).toContain('Оба игрока посылают шар к заднему борту');
    const en = pyramid(['referee', RECORD]).stdout;
    expect(en).toContain('Both players send a ball to the back cushion');
    expect(en).not.toContain('Оба игрока');
  });
});

describe('JSON syntax errors', () => {
  it('name the line and column, for a record and for a shot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pyramid-json-'));
    try {
      const file = join(dir, 'bad.json');
      writeFileSync(file, '{\n  "format": "pyramid-match-record",\n  "version": 1\n  "variant": "free"\n}\n');
      const referee = pyramid(['referee', file]);
      expect(referee.status).toBe(2);
      expect(referee.stderr).toContain("line 4, column 3: expected ',' or '}'");
      expect(referee.stdout).toBe('');
      const simulate = pyramid(['simulate', file]);
      expect(simulate.status).toBe(2);
      expect(simulate.stderr).toContain("line 4, column 3: expected ',' or '}'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('standard input', () => {
  it('says that it waits when standard input is a terminal, and stays quiet when it is a pipe', async () => {
    const record = readFileSync(RECORD, 'utf8');
    const tty = await runInProcess(['referee', '-'], record, { stdinIsTTY: true });
    expect(tty.status).toBe(0);
    expect(tty.err).toContain('Reading the match record from standard input');
    const pipe = await runInProcess(['referee', '-'], record, { stdinIsTTY: false });
    expect(pipe.err).toBe('');
    expect(pipe.out).toBe(tty.out);
  });
});
