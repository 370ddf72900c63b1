/**
 * `npx pyramid …` right after `npm install` in a fresh clone: the root's `prepare` script (which
 * npm runs at the end of `npm install` and `npm ci`) builds the dist/ folders the bin runs; and a
 * bin without its build says what to run instead of printing a module-loader trace.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'pyramid-install-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the pyramid command after npm install', () => {
  it('npm install builds what the bin runs: the root runs the build as its prepare script', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    expect(scripts.prepare).toBe('node scripts/build.mjs');
    // The script as npm runs it: it succeeds, and the bin then runs from its build.
    const prepare = spawnSync('npm', ['run', '--silent', 'prepare'], { cwd: ROOT, encoding: 'utf8' });
    expect(prepare.stderr).toBe('');
    expect(prepare.status).toBe(0);
    const bin = spawnSync(process.execPath, [join(ROOT, 'apps', 'cli', 'bin', 'pyramid.js'), '--version'], {
      encoding: 'utf8',
    });
    expect(bin.stdout.trim()).toBe(
      JSON.parse(readFileSync(join(ROOT, 'apps', 'cli', 'package.json'), 'utf8')).version,
    );
  });

  it('a bin without its build says what to run', () => {
    // The bin as a fresh clone has it before any build: no dist/ beside it.
    mkdirSync(join(scratch, 'cli', 'bin'), { recursive: true });
    cpSync(join(ROOT, 'apps', 'cli', 'bin', 'pyramid.js'), join(scratch, 'cli', 'bin', 'pyramid.js'));
    const run = spawnSync(process.execPath, [join(scratch, 'cli', 'bin', 'pyramid.js'), 'demo'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('npm run build');
    expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|\n\s+at /);
  });
});
