// `npm run bench [referee|physics|events …]`: bundles each benchmark with esbuild the way a production
// build ships the code (no tsx transform in the loop), then runs it with plain Node, one after the
// other so they never share a core. Each merges its figures into bench/results.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const BENCHMARKS = ['referee', 'physics', 'cushions', 'bots', 'events', 'cli', 'web', 'server', 'cluster'];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'pyramid-bench');
mkdirSync(outdir, { recursive: true });
// The cli benchmark times the compiled command: build the packages first (a no-op when up to date).
if (spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
const chosen = process.argv.slice(2).filter((name) => BENCHMARKS.includes(name));
let status = 0;
for (const name of chosen.length > 0 ? chosen : BENCHMARKS) {
  if (name === 'web' || name === 'server' || name === 'cluster') {
    // The web figures come from a browser, the server's from the server run as its own process
    // (better-sqlite3 is native): run with tsx (vite, playwright-core and the server stay unbundled).
    const run = spawnSync(
      process.execPath,
      ['--conditions=@pyramid/source', '--import', 'tsx', join(root, 'bench', `${name}.ts`)],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (run.status !== 0) status = run.status ?? 1;
    continue;
  }
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [join(root, 'bench', `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The packages' TypeScript sources (the first entry of each `exports` map).
    conditions: ['@pyramid/source'],
    sourcemap: 'linked',
    logLevel: 'warning',
    // The benchmarks find bench/results.json relative to themselves; tell the bundle where that is.
    define: { 'process.env.PYRAMID_BENCH_DIR': JSON.stringify(join(root, 'bench')) },
  });
  const run = spawnSync(process.execPath, ['--enable-source-maps', '--expose-gc', outfile], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) status = run.status ?? 1;
}
process.exit(status);
