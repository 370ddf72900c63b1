/**
 * `npm run bench` (physics part): the simulator on one core, regulation 12 ft table.
 *
 * - Breaks: the Classic rack (balls 0.6 mm apart) with sub-millimetre jitter of every ball, the cue
 *   ball from the house at 6–8 m/s aimed at the apex; median and p95 time per break, most events.
 * - Random shots: 10,000 seeded positions of 2–16 balls anywhere on the bed, a cue ball aimed at
 *   another ball with a random cut, 0.5–6 m/s, random tip offsets; shots and events per second.
 * - Memory: the heap after a full collection, before and after 100,000 shots.
 * (The cost of one ball–cushion contact of each model is bench/cushions.ts.)
 * Inputs are built outside the timed regions; the same seeds give the same inputs on every run.
 *
 * With `PYRAMID_BENCH_BASE` (scripts/bench.mjs bundles an older checkout's physics and passes it in
 * `PYRAMID_BENCH_BASE_MODULE`), the same breaks and random shots are also run through that commit's
 * simulator in this process, the two alternating round by round, and the ratios of their CPU and
 * wall times are written under `physics.vsBase` (docs/benchmarks.md, "Against an earlier commit").
 * `PYRAMID_BENCH_VS_ONLY=1` runs just that comparison.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Random } from '@pyramid/core';
import { boundaryOf, DEFAULT_PARAMS, simulate } from '@pyramid/physics';
import { buildTableGeometry } from '@pyramid/table';
import { breakShot, randomShot, type Shot } from './physics-shots.js';
import { percentile } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results.json');
const boundary = boundaryOf(buildTableGeometry());
const params = DEFAULT_PARAMS;
function run(shot: Shot): number {
  const result = simulate(shot.balls, shot.strike, boundary, params);
  if (!result.ok) throw new Error(`${result.error.message}: ${JSON.stringify(result.error)}`);
  return result.value.events.length;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};

function mainBench(): void {
  // Breaks.
  const breakRandom = new Random(2026);
  const breaks = Array.from({ length: 300 }, () => breakShot(breakRandom));
  for (const shot of breaks.slice(0, 100)) run(shot); // warm-up
  const breakTimes: number[] = [];
  let breakMaxEvents = 0;
  const breakEvents: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const shot of breaks) {
      const start = process.hrtime.bigint();
      const events = run(shot);
      breakTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
      breakMaxEvents = Math.max(breakMaxEvents, events);
      if (round === 0) breakEvents.push(events);
    }
  }

  // Random shots: five timed passes over the same 10,000 shots; the median pass is reported.
  const shotRandom = new Random(11);
  const shots = Array.from({ length: 10_000 }, () => randomShot(shotRandom));
  for (const shot of shots.slice(0, 1000)) run(shot);
  const passes: { shotsPerSecond: number; eventsPerSecond: number }[] = [];
  for (let pass = 0; pass < 5; pass++) {
    let events = 0;
    const start = process.hrtime.bigint();
    for (const shot of shots) events += run(shot);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    passes.push({ shotsPerSecond: shots.length / seconds, eventsPerSecond: events / seconds });
  }
  passes.sort((a, b) => a.shotsPerSecond - b.shotsPerSecond);
  const middle = passes[passes.length >> 1]!;

  // Memory over 100,000 shots.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  for (let k = 0; k < 100_000; k++) run(shots[k % shots.length]!);
  gc?.();
  const heapGrowthMB = (process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024);

  const figures = {
    'physics.breakMedianMs': Number(median(breakTimes).toFixed(3)),
    'physics.breakP95Ms': Number(percentile(breakTimes, 0.95).toFixed(3)),
    'physics.breakMaxEvents': breakMaxEvents,
    'physics.breakMedianEvents': median(breakEvents),
    'physics.randomShotsPerSecond': Math.round(middle.shotsPerSecond),
    'physics.eventsPerSecond': Math.round(middle.eventsPerSecond),
    'physics.heapGrowthMB': Number(heapGrowthMB.toFixed(2)),
  };
  console.log('\nPhysics: the regulation 12 ft table, one core');
  console.log(
    `breaks (${breaks.length} racks × 3): median ${figures['physics.breakMedianMs']} ms, p95 ${figures['physics.breakP95Ms']} ms (target ≤ 1 ms median)`,
  );
  console.log(
    `  events per break: median ${figures['physics.breakMedianEvents']}, most ${breakMaxEvents} (target ≤ 500)`,
  );
  console.log(
    `random shots: ${figures['physics.randomShotsPerSecond'].toLocaleString('en-US')} shots/s (target ≥ 5,000), ${figures['physics.eventsPerSecond'].toLocaleString('en-US')} events/s`,
  );
  console.log(
    `heap growth over 100,000 shots: ${figures['physics.heapGrowthMB']} MB${gc ? '' : ' (no --expose-gc: not comparable)'}`,
  );
  const previous: Record<string, unknown> = existsSync(RESULTS)
    ? JSON.parse(readFileSync(RESULTS, 'utf8'))
    : {};
  writeFileSync(RESULTS, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
  console.log(`written to ${RESULTS}`);
}

/** The part of an older commit's API the comparison calls (the bundle scripts/bench.mjs builds). */
interface BaseApi {
  readonly simulate: typeof simulate;
  readonly boundaryOf: typeof boundaryOf;
  readonly buildTableGeometry: typeof buildTableGeometry;
  readonly DEFAULT_PARAMS: typeof DEFAULT_PARAMS;
}

/** CPU time of this process (user + system), s. The benchmark is one thread; GC helpers add a little. */
const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

interface Round {
  /** Median over the breaks of one break's CPU and wall time, ms. */
  breakCpuMs: number;
  breakWallMs: number;
  /** Events of the random shots per CPU second and per wall second. */
  eventsPerCpuSecond: number;
  eventsPerWallSecond: number;
}

/**
 * The same breaks and random shots through this tree's simulator and the base's, alternating the
 * order round by round; each figure's ratio (this tree / base) is taken within a round, and the
 * median over the rounds is written. CPU time is the figure to trust on a shared machine: waiting
 * for a core adds to wall time, not to CPU time.
 */
async function compareWithBase(module: string): Promise<void> {
  const base = (await import(module)) as BaseApi;
  const commit = process.env.PYRAMID_BENCH_BASE_COMMIT ?? 'base';
  const rounds = Number(process.env.PYRAMID_BENCH_VS_ROUNDS ?? 7);
  const breakRandom = new Random(2026);
  const breaks = Array.from({ length: 300 }, () => breakShot(breakRandom));
  const shotRandom = new Random(11);
  const shots = Array.from({ length: 4000 }, () => randomShot(shotRandom));
  const sides = {
    branch: { simulate, boundary, params },
    base: {
      simulate: base.simulate,
      boundary: base.boundaryOf(base.buildTableGeometry()),
      params: base.DEFAULT_PARAMS,
    },
  };
  type Side = (typeof sides)['branch'];
  const runOn = (side: Side, shot: Shot): number => {
    const result = side.simulate(shot.balls, shot.strike, side.boundary, side.params);
    if (!result.ok) throw new Error(`${result.error.message}: ${JSON.stringify(result.error)}`);
    return result.value.events.length;
  };
  const measure = (side: Side): Round => {
    const cpu: number[] = [];
    const wall: number[] = [];
    for (const shot of breaks) {
      const c0 = cpuSeconds();
      const w0 = process.hrtime.bigint();
      runOn(side, shot);
      wall.push(Number(process.hrtime.bigint() - w0) / 1e6);
      cpu.push((cpuSeconds() - c0) * 1000);
    }
    let events = 0;
    const c0 = cpuSeconds();
    const w0 = process.hrtime.bigint();
    for (const shot of shots) events += runOn(side, shot);
    const wallSeconds = Number(process.hrtime.bigint() - w0) / 1e9;
    const cpuSpent = cpuSeconds() - c0;
    return {
      breakCpuMs: median(cpu),
      breakWallMs: median(wall),
      eventsPerCpuSecond: events / cpuSpent,
      eventsPerWallSecond: events / wallSeconds,
    };
  };
  // Warm-up of both, then the rounds.
  for (const side of [sides.base, sides.branch]) {
    for (const shot of breaks.slice(0, 100)) runOn(side, shot);
    for (const shot of shots.slice(0, 1000)) runOn(side, shot);
  }
  const results: { base: Round; branch: Round }[] = [];
  for (let round = 0; round < rounds; round++) {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    if (round % 2 === 0) {
      const b = measure(sides.base);
      results.push({ base: b, branch: measure(sides.branch) });
    } else {
      const t = measure(sides.branch);
      results.push({ base: measure(sides.base), branch: t });
    }
  }
  const ratio = (key: keyof Round) =>
    Number(median(results.map((r) => r.branch[key] / r.base[key])).toFixed(3));
  const med = (side: 'base' | 'branch', key: keyof Round) => median(results.map((r) => r[side][key]));
  const vs = {
    commit,
    rounds,
    eventsPerSecondRatioCpu: ratio('eventsPerCpuSecond'),
    eventsPerSecondRatioWall: ratio('eventsPerWallSecond'),
    breakMedianMsRatioCpu: ratio('breakCpuMs'),
    breakMedianMsRatioWall: ratio('breakWallMs'),
    base: {
      breakMedianCpuMs: Number(med('base', 'breakCpuMs').toFixed(3)),
      breakMedianWallMs: Number(med('base', 'breakWallMs').toFixed(3)),
      eventsPerCpuSecond: Math.round(med('base', 'eventsPerCpuSecond')),
      eventsPerWallSecond: Math.round(med('base', 'eventsPerWallSecond')),
    },
    branch: {
      breakMedianCpuMs: Number(med('branch', 'breakCpuMs').toFixed(3)),
      breakMedianWallMs: Number(med('branch', 'breakWallMs').toFixed(3)),
      eventsPerCpuSecond: Math.round(med('branch', 'eventsPerCpuSecond')),
      eventsPerWallSecond: Math.round(med('branch', 'eventsPerWallSecond')),
    },
    roundRatios: results.map((r) => ({
      eventsCpu: Number((r.branch.eventsPerCpuSecond / r.base.eventsPerCpuSecond).toFixed(3)),
      breakCpu: Number((r.branch.breakCpuMs / r.base.breakCpuMs).toFixed(3)),
    })),
  };
  console.log(
    `\nPhysics against ${commit}, same process, ${rounds} alternating rounds (this tree / ${commit}):`,
  );
  console.log(
    `  events per second ×${vs.eventsPerSecondRatioCpu} by CPU, ×${vs.eventsPerSecondRatioWall} by wall (target ≥ 1.5)`,
  );
  console.log(
    `  median break ×${vs.breakMedianMsRatioCpu} by CPU, ×${vs.breakMedianMsRatioWall} by wall (target ≤ 0.7); ${commit} ${vs.base.breakMedianCpuMs} ms, this tree ${vs.branch.breakMedianCpuMs} ms of CPU`,
  );
  console.log(`  rounds: ${vs.roundRatios.map((r) => `${r.eventsCpu}/${r.breakCpu}`).join(' ')}`);
  if (process.env.PYRAMID_BENCH_VS_ONLY === '1' && process.env.PYRAMID_BENCH_VS_WRITE !== '1') return;
  const previous: Record<string, unknown> = existsSync(RESULTS)
    ? JSON.parse(readFileSync(RESULTS, 'utf8'))
    : {};
  writeFileSync(RESULTS, `${JSON.stringify({ ...previous, 'physics.vsBase': vs }, null, 2)}\n`);
  console.log(`written to ${RESULTS}`);
}

if (process.env.PYRAMID_BENCH_VS_ONLY !== '1') mainBench();
if (process.env.PYRAMID_BENCH_BASE_MODULE) await compareWithBase(process.env.PYRAMID_BENCH_BASE_MODULE);
