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
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Random } from '@pyramid/core';
import { type BallSetup, boundaryOf, DEFAULT_PARAMS, type Strike, simulate } from '@pyramid/physics';
import { buildTableGeometry, classicRack, REGULATION_12FT } from '@pyramid/table';
import { percentile } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results.json');
const boundary = boundaryOf(buildTableGeometry());
const params = DEFAULT_PARAMS;
const R = params.R;
const L = 3.55;
const W = 1.775;

interface Shot {
  readonly balls: BallSetup[];
  readonly strike: Strike;
}

function breakShot(random: Random): Shot {
  // Balls 0.6 mm apart, each moved up to ±0.2 mm in x and y: never overlapping (2·0.2·√2 < 0.6).
  const rack = classicRack(REGULATION_12FT, 0.6);
  const jitter = () => (random.float() - 0.5) * 0.0004;
  const cue = { id: 0, x: 0.3 + random.float() * 0.5, y: W / 2 + (random.float() - 0.5) * 0.6 };
  const apex = rack[0]!.at;
  return {
    balls: [
      cue,
      ...rack.map(({ ball, at }) => ({ id: ball, x: at.x / 1000 + jitter(), y: at.y / 1000 + jitter() })),
    ],
    strike: {
      ball: 0,
      speed: 6 + random.float() * 2,
      direction: { x: apex.x / 1000 - cue.x, y: apex.y / 1000 - cue.y },
    },
  };
}

function randomShot(random: Random): Shot {
  const count = 2 + random.int(15);
  const balls: BallSetup[] = [];
  const ids = Array.from({ length: 16 }, (_, k) => k);
  for (let k = 0; k < count; k++) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const x = R + 0.002 + random.float() * (L - 2 * R - 0.004);
      const y = R + 0.002 + random.float() * (W - 2 * R - 0.004);
      if (balls.every((b) => (b.x - x) ** 2 + (b.y - y) ** 2 > (2 * R + 0.001) ** 2)) {
        balls.push({ id: ids[k]!, x, y });
        break;
      }
    }
  }
  const cue = balls[0]!;
  const target = balls[1 + random.int(balls.length - 1)] ?? balls[0]!;
  // Aim at the target with a random cut: up to a full ball either side.
  const dx = target.x - cue.x;
  const dy = target.y - cue.y;
  const len = Math.sqrt(dx * dx + dy * dy) || 1;
  const offset = (random.float() - 0.5) * 4 * R;
  return {
    balls,
    strike: {
      ball: cue.id,
      speed: 0.5 + random.float() * 5.5,
      direction: { x: dx / len - (dy / len) * (offset / len), y: dy / len + (dx / len) * (offset / len) },
      side: (random.float() - 0.5) * 0.6,
      height: (random.float() - 0.5) * 0.8,
    },
  };
}

function run(shot: Shot): number {
  const result = simulate(shot.balls, shot.strike, boundary, params);
  if (!result.ok) throw new Error(`${result.error.message}: ${JSON.stringify(result.error)}`);
  return result.value.events.length;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};

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
