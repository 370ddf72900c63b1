// `npm run test:quick`: the quick loop — lint and format check, typecheck and the unit tests
// (Vitest with PYRAMID_QUICK=1: the system tests left out). The typecheck runs beside the tests
// (its output held back until they end): on two cores the tests alone leave room for it, and one
// after the other the loop took some 20 s longer (docs/benchmarks.md, "The feedback loop").
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const lint = spawnSync(bin('biome'), ['check', '.'], { cwd: root, stdio: 'inherit' });
if (lint.status !== 0) {
  console.log('\nQuick loop: lint failed');
  process.exit(1);
}

const held = [];
const typecheck = spawn(process.execPath, [join(root, 'scripts', 'typecheck.mjs')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
typecheck.stdout.on('data', (chunk) => held.push(chunk));
typecheck.stderr.on('data', (chunk) => held.push(chunk));
const typed = new Promise((resolve) => typecheck.on('close', (code) => resolve(code === 0)));

const tests = spawnSync(bin('vitest'), ['run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PYRAMID_QUICK: '1' },
});
const typesOk = await typed;
console.log('\n── typecheck (run beside the tests)');
for (const chunk of held) process.stdout.write(chunk);
const failed = [...(tests.status === 0 ? [] : ['tests']), ...(typesOk ? [] : ['typecheck'])];
console.log(
  `\nQuick loop: ${failed.length === 0 ? 'passed' : `${failed.join(' and ')} failed`} in ${seconds()} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
