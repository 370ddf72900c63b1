/**
 * The `pyramid` command run as a user runs it: `node apps/cli/bin/pyramid.js …` from the repo root.
 * Each spawn costs about half a second (tsx compiles the sources), so the assertions are grouped:
 * fourteen spawns in all.
 */
import type { SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pyramid, ROOT } from './support.js';

const RECORDS = join('examples', 'records');
const VARIANTS = ['free', 'combined', 'dynamic', 'classic'] as const;

interface JsonOutput {
  rulings: { index: number; action: unknown; ruling: { verdict: string; explanation: { en: string } } }[];
  final: { winner: 0 | 1 | null; scores: [number, number]; variant: string };
}

function recordText(variant: string): string {
  return readFileSync(join(ROOT, RECORDS, `${variant}.json`), 'utf8');
}

const scratch = mkdtempSync(join(tmpdir(), 'pyramid-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a copy of the Free example with `edit` applied and returns its path. */
function brokenRecord(
  name: string,
  edit: (record: { [key: string]: unknown; actions: Record<string, unknown>[] }) => void,
): string {
  const record = JSON.parse(recordText('free'));
  edit(record);
  const file = join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify(record));
  return file;
}

/** A bad record: status 2, nothing on stdout, and stderr naming the action's index and the field. */
function expectRejected(
  run: SpawnSyncReturns<string>,
  where: string,
  field: string | null,
  code: string,
): void {
  expect(run.status, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain(`error: ${where}`);
  if (field !== null) expect(run.stderr).toContain(`(field ${field})`);
  expect(run.stderr).toContain(code);
}

describe('pyramid referee', () => {
  const outputs = new Map<string, string>();

  it.each(VARIANTS)('replays examples/records/%s.json to a winner (--json)', (variant) => {
    const run = pyramid(['referee', join(RECORDS, `${variant}.json`), '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const output = JSON.parse(run.stdout) as JsonOutput;
    const actions = (JSON.parse(recordText(variant)) as { actions: unknown[] }).actions;
    expect(output.rulings.map((entry) => entry.index)).toEqual(actions.map((_, i) => i));
    expect(output.rulings.map((entry) => entry.action)).toEqual(actions);
    expect(output.final.variant).toBe(variant);
    expect(output.final.winner).not.toBeNull();
    const verdicts = new Set(output.rulings.map((entry) => entry.ruling.verdict));
    expect(verdicts.has('foul'), 'every example shows a foul').toBe(true);
    outputs.set(variant, run.stdout);
  });

  it('prints the same JSON on a second run, and reads the record from stdin with -', () => {
    const json = (variant: string) =>
      outputs.get(variant) ?? pyramid(['referee', join(RECORDS, `${variant}.json`), '--json']).stdout;
    const again = pyramid(['referee', join(RECORDS, 'free.json'), '--json']);
    expect(again.stdout).toBe(json('free'));
    const piped = pyramid(['referee', '-', '--json'], recordText('combined'));
    expect(piped.status, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(json('combined'));
  });

  it('explains in Russian with --lang ru, with the players named and the final state', () => {
    const run = pyramid(['referee', join(RECORDS, 'classic.json'), '--lang', 'ru']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Классическая пирамида');
    expect(run.stdout).toMatch(/· Заказанный шар .* сыгран правильно/);
    expect(run.stdout).toContain('Yelena выигрывает партию');
    expect(run.stdout).toContain('ШТРАФ classic-5.5');
    expect(run.stdout).toMatch(/^#0 разбой — Nikolai/m);
    expect(run.stdout).toMatch(/^Итог — Классическая пирамида/m);
    expect(run.stdout).toMatch(/победитель Yelena/);
    expect(run.stdout).not.toMatch(/Игрок [AB]/);
  });
});

describe('pyramid referee rejects a bad record with status 2 and prints no ruling', () => {
  it('a file that does not exist', () => {
    expectRejected(pyramid(['referee', join(scratch, 'missing.json')]), 'cannot read', null, 'no such file');
  });

  it('malformed JSON (reported as JSON on stderr with --json)', () => {
    const file = join(scratch, 'malformed.json');
    writeFileSync(file, '{"format": "pyramid-match-record", "version": 1,');
    const run = pyramid(['referee', file, '--json']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const { error } = JSON.parse(run.stderr) as { error: { index: number | null; message: string } };
    expect(error.index).toBeNull();
    expect(error.message).toContain('not valid JSON');
  });

  it('a header that breaks the schema: an unknown variant', () => {
    const file = brokenRecord('variant', (record) => {
      record.variant = 'snooker';
    });
    expectRejected(pyramid(['referee', file]), 'record header', '/variant', 'invalid-setup');
  });

  it('an action out of turn, saying whose turn it was', () => {
    const file = brokenRecord('turn', (record) => {
      record.actions[2]!.player = 0;
    });
    const run = pyramid(['referee', file]);
    expectRejected(run, 'action #2', '/player', 'action-out-of-turn');
    expect(run.stderr).toContain('at that point: Pavel: a shot');
  });

  it('a ball pocketed twice in one shot', () => {
    const file = brokenRecord('twice', (record) => {
      const facts = record.actions[2]!.facts as { pocketed: unknown[] };
      facts.pocketed.push({ ball: 6, pocket: 'BL' });
    });
    expectRejected(pyramid(['referee', file]), 'action #2', '/facts/pocketed/1/ball', 'ball-pocketed-twice');
  });

  it('an unknown ball 16', () => {
    const file = brokenRecord('ball16', (record) => {
      (record.actions[3]!.facts as { firstContact: number }).firstContact = 16;
    });
    expectRejected(pyramid(['referee', file]), 'action #3', '/facts/firstContact', 'unknown-ball');
  });

  // An error message that quoted the value with JSON.stringify overflowed the stack on these.
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  const header = '"format":"pyramid-match-record","version":1';
  it.each([
    [
      'a fact',
      `{${header},"variant":"free","start":{"from":"rack","breaker":0},"actions":[{"type":"shot","player":0,"facts":{"firstContact":${deep}}}]}`,
      'action #0',
      '/facts/firstContact',
      'malformed-action',
    ],
    [
      'the version',
      `{${header.replace('1', deep)},"variant":"free","actions":[]}`,
      'record header',
      '/version',
      'invalid-setup',
    ],
    [
      'an unknown key',
      `{${header},"variant":"free","actions":[],"":${deep}}`,
      'record header',
      '/',
      'invalid-setup',
    ],
    [
      'a situation',
      `{${header},"variant":"free","start":{"from":"situation","table":${deep}},"actions":[]}`,
      'record header',
      '/start/table/0',
      'malformed-action',
    ],
    ['the whole record', deep, 'record', null, 'invalid-setup'],
  ])('%s nested 10,000 levels deep: status 2 and a clear error', (_label, text, where, field, code) => {
    const file = join(scratch, 'deep.json');
    writeFileSync(file, text);
    const run = pyramid(['referee', file]);
    expectRejected(run, where, field, code);
    expect(run.stderr.length).toBeLessThan(600);
  });

  it('a key that is a path, escaped in the JSON Pointer (~1 for /, ~0 for ~)', () => {
    const file = brokenRecord('pointer', (record) => {
      (record.actions[2]!.facts as Record<string, unknown>)['a/b~c'] = 1;
    });
    expectRejected(pyramid(['referee', file]), 'action #2', '/facts/a~1b~0c', 'malformed-action');
  });
});

describe('pyramid demo', () => {
  it('shows every variant, bilingual headers, rulings, scoreboards and table pictures, and exits 0', () => {
    const run = pyramid(['demo', '--delay', '0']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    for (const name of [
      'Free pyramid · Свободная пирамида',
      'Combined pyramid · Комбинированная пирамида',
      'Dynamic pyramid · Динамичная пирамида',
      'Classic pyramid · Классическая пирамида',
    ]) {
      expect(run.stdout).toContain(name);
    }
    expect(run.stdout).toContain('FOUL 29.1(7)');
    expect(run.stdout).toMatch(/┃ Irina \d+ : \d+ Pavel ┃/);
    expect(run.stdout).toContain('FL o──');
    expect(run.stdout.match(/■ winner: /g)).toHaveLength(4);
  });
});
