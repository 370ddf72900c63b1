/**
 * `npm run bench cli`: how long the installed `pyramid` command takes, as a user sees it — a new
 * Node process each time, running the compiled JavaScript (apps/cli/bin/pyramid.js → dist/).
 *   cli.startupMs        `pyramid --version` (Node's own start plus ours)
 *   cli.refereeExampleMs `pyramid referee examples/records/combined.json`, output to a pipe
 *   cli.nodeStartupMs    `node -e 0`, the floor both stand on, for comparison
 * Medians of 15 runs after 2 warm-up runs (the file cache). Merged into bench/results.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const RESULTS = join(HERE, 'results.json');
const BIN = join(ROOT, 'apps', 'cli', 'bin', 'pyramid.js');
const RUNS = 15;

function time(args: readonly string[]): { median: number; min: number; max: number } {
  const samples: number[] = [];
  for (let run = -2; run < RUNS; run++) {
    const start = performance.now();
    const child = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
    const ms = performance.now() - start;
    if (child.status !== 0) throw new Error(`${args.join(' ')} failed: ${child.stderr}`);
    if (run >= 0) samples.push(ms);
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    median: round(median(samples)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}

const node = time(['-e', '0']);
const startup = time([BIN, '--version']);
const referee = time([BIN, 'referee', join(ROOT, 'examples', 'records', 'combined.json')]);
console.log(`node -e 0:                 ${node.median} ms (min ${node.min}, max ${node.max})`);
console.log(`pyramid --version:         ${startup.median} ms (min ${startup.min}, max ${startup.max})`);
console.log(`pyramid referee (example): ${referee.median} ms (min ${referee.min}, max ${referee.max})`);

const results = existsSync(RESULTS)
  ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, number>)
  : {};
Object.assign(results, {
  'cli.startupMs': startup.median,
  'cli.startupMs.max': startup.max,
  'cli.refereeExampleMs': referee.median,
  'cli.refereeExampleMs.max': referee.max,
  'cli.nodeStartupMs': node.median,
});
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
