// `npm test`: lint and format check, the package build, typecheck, every Vitest suite and the
// consumer test of the packed packages.
// Ends with one plain line `Tests: N passed, N failed` in which each check counts as one test,
// so that a lint or type error is never hidden behind green unit tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const countsFile = join(root, 'node_modules', '.cache', 'pyramid-test-counts.json');
const bin = (name) => join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const failures = [];

const started = performance.now();
/** Each step's wall time, printed at the end: where `npm test`'s minutes go. */
const timings = [];

function step(name, command, args) {
  console.log(`\n── ${name}: ${[command, ...args].join(' ')}`);
  const begun = performance.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  timings.push(`${name} ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  return run.status === 0;
}

function check(name, command, args) {
  if (step(name, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

check('lint and format (biome)', bin('biome'), ['check', '.']);
check('build the packages (tsc)', process.execPath, [join(root, 'scripts', 'build.mjs')]);
check('typecheck (tsc)', process.execPath, [join(root, 'scripts', 'typecheck.mjs')]);

/** Runs one Vitest configuration and adds its counts (each test counts once). */
function vitest(name, args) {
  rmSync(countsFile, { force: true });
  const ok = step(name, bin('vitest'), ['run', ...args]);
  if (existsSync(countsFile)) {
    const counts = JSON.parse(readFileSync(countsFile, 'utf8'));
    passed += counts.passed;
    failed += counts.failed;
    if (counts.failed > 0 || !ok) failures.push(name);
    if (!ok && counts.failed === 0) failed += 1;
  } else {
    failed += 1;
    failures.push(`${name} (no results)`);
  }
}

const extra = process.argv.slice(2);
vitest('tests (vitest)', extra);
// Pack every package, install the tarballs in a scratch project outside the workspace, use them there.
check('consumer test (npm pack + install)', process.execPath, [join(root, 'scripts', 'consumer-test.mjs')]);
// The browser tests build the web app and drive Debian's chromium (apps/web/e2e).
vitest('browser tests (vitest + playwright-core)', ['--config', 'apps/web/e2e/vitest.config.ts', ...extra]);

console.log(`\nTime: ${timings.join(' · ')} · total ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
