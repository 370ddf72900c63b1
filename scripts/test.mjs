// `npm test`: lint and format check, the package build, typecheck, every Vitest suite and the
// consumer test of the packed packages.
// Ends with one plain line `Tests: N passed, N failed` in which each check counts as one test,
// so that a lint or type error is never hidden behind green unit tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const failures = [];
/** The failed tests the Vitest runs named, repeated at the very end where a log's tail shows them. */
const failedTests = [];

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

/** The counts a Vitest run left in `file` (each test counts once), added to the totals. */
function tally(name, file, ok) {
  if (existsSync(file)) {
    const counts = JSON.parse(readFileSync(file, 'utf8'));
    passed += counts.passed;
    failed += counts.failed;
    failedTests.push(...(counts.failures ?? []));
    if (counts.failed > 0 || !ok) failures.push(name);
    if (!ok && counts.failed === 0) failed += 1;
  } else {
    failed += 1;
    failures.push(`${name} (no results)`);
  }
}

const cache = join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const countsOf = (key) => join(cache, `pyramid-test-counts-${key}.json`);

/** Runs one Vitest configuration in the foreground and adds its counts. */
function vitest(name, key, args) {
  const file = countsOf(key);
  rmSync(file, { force: true });
  process.env.PYRAMID_TEST_COUNTS = file;
  const ok = step(name, bin('vitest'), ['run', ...args]);
  delete process.env.PYRAMID_TEST_COUNTS;
  tally(name, file, ok);
}

/**
 * Starts one Vitest configuration beside the foreground steps. Its output is held back while they
 * print (two runs' lines interleaved would be unreadable) and shown whole once they are done, then
 * live to its end.
 */
function vitestBeside(name, key, args) {
  const file = countsOf(key);
  rmSync(file, { force: true });
  const begun = performance.now();
  const child = spawn(bin('vitest'), ['run', ...args], {
    cwd: root,
    env: { ...process.env, PYRAMID_TEST_COUNTS: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const held = [];
  let live = false;
  const take = (out) => (chunk) => (live ? out.write(chunk) : held.push([out, chunk]));
  child.stdout.on('data', take(process.stdout));
  child.stderr.on('data', take(process.stderr));
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
  return async () => {
    console.log(`\n── ${name} (run beside the steps above): ${[bin('vitest'), 'run', ...args].join(' ')}`);
    for (const [out, chunk] of held) out.write(chunk);
    live = true;
    const ok = await exited;
    timings.push(`${name} ${((performance.now() - begun) / 1000).toFixed(1)} s (beside)`);
    tally(name, file, ok);
  };
}

const extra = process.argv.slice(2);
// The browser tests (they build the web app and drive Debian's chromium: apps/web/e2e) spend much of
// their time where the unit and system tests do not (chromium's software WebGL against server
// processes waiting on leases and timers), so by default both run at once: on two cores that cut
// the wall time of the two (docs/benchmarks.md, "The feedback loop"). PYRAMID_TEST_SERIAL=1 runs
// them one after the other, each alone on the machine.
const BROWSER = [
  'browser tests (vitest + playwright-core)',
  'browser',
  ['--config', 'apps/web/e2e/vitest.config.ts', ...extra],
];
const serial = process.env.PYRAMID_TEST_SERIAL === '1';
const browserDone = serial ? null : vitestBeside(...BROWSER);
vitest('tests (vitest)', 'main', extra);
// Pack every package, install the tarballs in a scratch project outside the workspace, use them there.
check('consumer test (npm pack + install)', process.execPath, [join(root, 'scripts', 'consumer-test.mjs')]);
if (browserDone === null) vitest(...BROWSER);
else await browserDone();

console.log(`\nTime: ${timings.join(' · ')} · total ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
for (const test of failedTests) console.log(`  ✗ ${test}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
