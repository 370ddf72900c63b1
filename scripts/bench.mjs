// `npm run bench`: bundles the benchmarks with esbuild the way a production build ships the code
// (no tsx transform in the loop, no kept function names), then runs them with plain Node.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'pyramid-bench');
mkdirSync(outdir, { recursive: true });
const outfile = join(outdir, 'run.mjs');
await build({
  entryPoints: [join(root, 'bench', 'run.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // bench/run.ts finds bench/results.json relative to itself; tell the bundle where that is.
  define: { 'process.env.PYRAMID_BENCH_DIR': JSON.stringify(join(root, 'bench')) },
});
const run = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
