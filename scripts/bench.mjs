// `npm run bench [referee|physics|events …]`: bundles each benchmark with esbuild the way a production
// build ships the code (no tsx transform in the loop), then runs it with plain Node, one after the
// other so they never share a core. Each merges its figures into bench/results.json.
//
// `PYRAMID_BENCH_BASE=<checkout of an older commit> npm run bench physics` also bundles that
// checkout's physics, table and core (from their sources, the checkout needs no node_modules) and
// hands the bundle to the physics benchmark, which then times both in the same process, alternating
// (docs/benchmarks.md, "Against an earlier commit").
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const BENCHMARKS = [
  'referee',
  'physics',
  'cushions',
  'bots',
  'events',
  'cli',
  'web',
  'server',
  'cluster',
  'live',
];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'pyramid-bench');
mkdirSync(outdir, { recursive: true });
// The cli benchmark times the compiled command: build the packages first (a no-op when up to date).
if (spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
/** The physics API of an older checkout, bundled on its own: its path and the commit it is. */
async function bundleBase(base) {
  if (!existsSync(join(base, 'packages', 'physics', 'src', 'index.ts'))) {
    console.error(`PYRAMID_BENCH_BASE: ${base} holds no packages/physics/src/index.ts`);
    process.exit(1);
  }
  const commit = execFileSync('git', ['-C', base, 'rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
  }).trim();
  const outfile = join(outdir, 'physics-base.mjs');
  const source = (name) => join(base, 'packages', name, 'src', 'index.ts');
  await build({
    stdin: {
      contents: [
        "export { boundaryOf, DEFAULT_PARAMS, simulate } from '@pyramid/physics';",
        "export { buildTableGeometry } from '@pyramid/table';",
      ].join('\n'),
      resolveDir: base,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    alias: {
      '@pyramid/physics': source('physics'),
      '@pyramid/table': source('table'),
      '@pyramid/core': source('core'),
    },
    logLevel: 'warning',
  });
  return { PYRAMID_BENCH_BASE_MODULE: outfile, PYRAMID_BENCH_BASE_COMMIT: commit };
}

const chosen = process.argv.slice(2).filter((name) => BENCHMARKS.includes(name));
let status = 0;
for (const name of chosen.length > 0 ? chosen : BENCHMARKS) {
  if (name === 'web' || name === 'server' || name === 'cluster' || name === 'live') {
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
    // The live part of the events benchmark holds real WebSocket clients: `ws` from node_modules.
    external: ['ws'],
    // The benchmarks find bench/results.json relative to themselves; tell the bundle where that is.
    define: { 'process.env.PYRAMID_BENCH_DIR': JSON.stringify(join(root, 'bench')) },
  });
  const baseEnv =
    name === 'physics' && process.env.PYRAMID_BENCH_BASE
      ? await bundleBase(process.env.PYRAMID_BENCH_BASE)
      : {};
  const run = spawnSync(process.execPath, ['--enable-source-maps', '--expose-gc', outfile], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...baseEnv },
  });
  if (run.status !== 0) status = run.status ?? 1;
}
process.exit(status);
