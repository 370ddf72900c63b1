/**
 * Most test files share their worker's modules (`isolate: false` in vitest.config.ts). A file that
 * mocks a module or stubs a global must run alone (ISOLATED_TESTS), or its mock would leak into the
 * files after it, or find the real module already loaded and mock nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TESTS } from '../../vitest.config.js';
import { needsIsolation } from '../test-isolation.js';

const ROOT = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(path));
    else if (entry.name.endsWith('.test.ts')) out.push(relative(ROOT, path));
  }
  return out;
}

function allTestFiles(): string[] {
  const dirs = [join(ROOT, 'scripts', 'test')];
  for (const group of ['packages', 'apps'])
    for (const name of readdirSync(join(ROOT, group))) {
      const test = join(ROOT, group, name, 'test');
      try {
        readdirSync(test);
        dirs.push(test);
      } catch {}
    }
  return dirs.flatMap(testFiles);
}

describe('test isolation', () => {
  it('sees a mock, a stubbed global or fake timers, and not a plain test', () => {
    const vi = 'vi';
    expect(needsIsolation(`${vi}.mock('../src/variants/free.js', async () => ({}));`)).toBe(true);
    expect(needsIsolation(`${vi}.stubGlobal('fetch', f);`)).toBe(true);
    expect(needsIsolation(`${vi}.useFakeTimers();`)).toBe(true);
    expect(needsIsolation(`import { it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));`)).toBe(
      false,
    );
  });

  it('every test file that needs its own modules runs isolated', () => {
    const files = allTestFiles();
    expect(files.length).toBeGreaterThan(50);
    const shared = files.filter((f) => !ISOLATED_TESTS.includes(f));
    expect(shared.filter((f) => needsIsolation(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
