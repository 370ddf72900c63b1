/**
 * The summary reporter: its counts (each test once; a file that failed outside its tests, and an
 * unhandled error, count as one failure each) and the FAILED lines it prints last, where the tail
 * of a CI log shows them. The modules are plain objects with the few methods the reporter reads.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import SummaryReporter from '../summary-reporter.js';

const dir = mkdtempSync(join(tmpdir(), 'pyramid-reporter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface FakeTest {
  readonly fullName: string;
  readonly state: 'passed' | 'failed' | 'skipped';
  readonly error?: string;
}

function fakeModule(id: string, tests: FakeTest[], fileError?: string): TestModule {
  const module = {
    relativeModuleId: id,
    children: {
      allTests: () =>
        tests.map((t) => ({
          fullName: t.fullName,
          result: () => ({
            state: t.state,
            errors: t.error === undefined ? undefined : [{ message: `${t.error}\n    at somewhere` }],
          }),
        })),
    },
    state: () => (fileError !== undefined || tests.some((t) => t.state === 'failed') ? 'failed' : 'passed'),
    errors: () => (fileError === undefined ? [] : [{ message: fileError }]),
    diagnostic: () => ({ collectDuration: 100, duration: 900 }),
  };
  return module as unknown as TestModule;
}

function run(modules: TestModule[], unhandled: unknown[] = []) {
  const lines: string[] = [];
  const countsFile = join(dir, `counts-${Math.random().toString(36).slice(2)}.json`);
  new SummaryReporter({ print: (line) => lines.push(line), countsFile }).onTestRunEnd(modules, unhandled);
  return { lines, counts: JSON.parse(readFileSync(countsFile, 'utf8')) };
}

describe('the summary reporter', () => {
  it('counts each test once and prints no FAILED line when all pass', () => {
    const { lines, counts } = run([
      fakeModule('a.test.ts', [
        { fullName: 'one', state: 'passed' },
        { fullName: 'two', state: 'skipped' },
      ]),
    ]);
    expect(counts).toEqual({ passed: 1, failed: 0, skipped: 1, failures: [] });
    expect(lines.filter((l) => l.startsWith('FAILED'))).toEqual([]);
    expect(lines.at(-1)).toBe('Vitest: 1 passed, 0 failed, 1 skipped');
  });

  it('names a failed test, a file that failed outside its tests and an unhandled error, last', () => {
    const { lines, counts } = run(
      [
        fakeModule('b.test.ts', [
          { fullName: 'plays > a frame', state: 'failed', error: 'expected 1 to be 2' },
          { fullName: 'plays > another', state: 'passed' },
        ]),
        fakeModule('c.test.ts', [{ fullName: 'fine', state: 'passed' }], 'afterAll hook timed out'),
      ],
      [new Error('terminating connection due to administrator command\nat the parser')],
    );
    expect(counts.passed).toBe(2);
    expect(counts.failed).toBe(3);
    expect(counts.failures).toEqual([
      'unhandled error: terminating connection due to administrator command',
      'b.test.ts › plays > a frame: expected 1 to be 2',
      'c.test.ts: afterAll hook timed out',
    ]);
    expect(lines.slice(-4)).toEqual([
      'FAILED unhandled error: terminating connection due to administrator command',
      'FAILED b.test.ts › plays > a frame: expected 1 to be 2',
      'FAILED c.test.ts: afterAll hook timed out',
      'Vitest: 2 passed, 3 failed, 0 skipped',
    ]);
  });
});
