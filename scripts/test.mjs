// `npm test`: lint and format check, the package build, typecheck, every Vitest suite and the
// consumer test of the packed packages.
// Ends with one plain line `Tests: N passed, N failed` in which each check counts as one test,
// so that a lint or type error is never hidden behind green unit tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
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

/**
 * Runs one step in the foreground (its output live) and answers whether it passed. It does not
 * block: the steps started beside it go on meanwhile.
 */
function step(name, command, args, env = {}) {
  console.log(`\n── ${name}: ${[command, ...args].join(' ')}`);
  const begun = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      timings.push(`${name} ${((performance.now() - begun) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    }),
  );
}

function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

async function check(name, command, args) {
  count(name, await step(name, command, args));
}

await check('lint and format (biome)', bin('biome'), ['check', '.']);
await check('build the packages (tsc)', process.execPath, [join(root, 'scripts', 'build.mjs')]);
await check('typecheck (tsc)', process.execPath, [join(root, 'scripts', 'typecheck.mjs')]);

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

/** Runs one Vitest configuration in the foreground, the steps beside it going on, and adds its counts. */
async function vitest(name, key, args) {
  const file = countsOf(key);
  rmSync(file, { force: true });
  tally(name, file, await step(name, bin('vitest'), ['run', ...args], { PYRAMID_TEST_COUNTS: file }));
}

/**
 * Starts a step beside the foreground ones. Its output is held back while they print (two runs'
 * lines interleaved would be unreadable) and shown whole by `report`, then live to its end. Its
 * time is its own, from its start to its exit.
 */
function beside(name, command, args, env = {}, niceness = 0) {
  const begun = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Set before the child starts its own processes (they inherit it).
  if (niceness !== 0 && child.pid !== undefined) setPriority(child.pid, niceness);
  const held = [];
  let live = false;
  const take = (out) => (chunk) => (live ? out.write(chunk) : held.push([out, chunk]));
  child.stdout.on('data', take(process.stdout));
  child.stderr.on('data', take(process.stderr));
  const exited = new Promise((resolve) =>
    child.on('close', (code) => {
      timings.push(`${name} ${((performance.now() - begun) / 1000).toFixed(1)} s (beside)`);
      resolve(code === 0);
    }),
  );
  return {
    exited,
    async report() {
      console.log(`\n── ${name} (run beside the steps above): ${[command, ...args].join(' ')}`);
      for (const [out, chunk] of held) out.write(chunk);
      live = true;
      return exited;
    },
  };
}

/** One Vitest configuration beside the foreground steps; `report` adds its counts. */
function vitestBeside(name, key, args) {
  const file = countsOf(key);
  rmSync(file, { force: true });
  const run = beside(name, bin('vitest'), ['run', ...args], { PYRAMID_TEST_COUNTS: file }, BESIDE_NICENESS);
  return { exited: run.exited, report: async () => tally(name, file, await run.report()) };
}

/** A check beside the foreground steps; `report` counts it. */
function checkBeside(name, command, args) {
  const run = beside(name, command, args);
  return { report: async () => count(name, await run.report()) };
}

const extra = process.argv.slice(2);
const BESIDE_NICENESS = Number(process.env.PYRAMID_TEST_NICE ?? 10);
// The browser tests (they build the web app and drive Debian's chromium: apps/web/e2e) spend much of
// their time where the unit and system tests do not (chromium's software WebGL against server
// processes waiting on leases and timers), so by default both run at once: on two cores that cut
// the wall time of the two (docs/benchmarks.md, "The feedback loop"). The browser suite runs at a
// lower priority (niceness PYRAMID_TEST_NICE, default 10): the system tests' processes, which wait
// on leases and timers, then wake on time instead of queueing behind chromium, and chromium takes
// the CPU they leave. The consumer test starts when either suite ends, beside the other.
// PYRAMID_TEST_SERIAL=1 runs each step alone, one after the other.
const BROWSER = [
  'browser tests (vitest + playwright-core)',
  'browser',
  ['--config', 'apps/web/e2e/vitest.config.ts', ...extra],
];
// Pack every package, install the tarballs in a scratch project outside the workspace, use them there.
const CONSUMER = [
  'consumer test (npm pack + install)',
  process.execPath,
  [join(root, 'scripts', 'consumer-test.mjs')],
];
if (process.env.PYRAMID_TEST_SERIAL === '1') {
  await vitest('tests (vitest)', 'main', extra);
  await check(...CONSUMER);
  await vitest(...BROWSER);
} else {
  const browser = vitestBeside(...BROWSER);
  const main = vitest('tests (vitest)', 'main', extra);
  // The consumer test starts once either suite is done, beside the other.
  const consumer = Promise.race([browser.exited, main]).then(() => checkBeside(...CONSUMER));
  await main;
  await browser.report();
  await (await consumer).report();
}

console.log(`\nTime: ${timings.join(' · ')} · total ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
for (const test of failedTests) console.log(`  ✗ ${test}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
