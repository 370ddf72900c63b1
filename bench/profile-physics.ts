/**
 * Profiling aid (not part of `npm run bench`): the physics benchmark's 300 breaks and 10,000 random
 * shots (bench/physics-shots.ts), four times over, so that `node --cpu-prof` sees only the
 * simulator. `PYRAMID_PROFILE=breaks` or `=shots` runs one of the two; prints the events and the
 * CPU time per event. Bundle it as scripts/bench.mjs does, then `node --cpu-prof bundle.mjs`.
 */
import { Random } from '@pyramid/core';
import { boundaryOf, DEFAULT_PARAMS, simulate } from '@pyramid/physics';
import { buildTableGeometry } from '@pyramid/table';
import { breakShot, randomShot, type Shot } from './physics-shots.js';

const boundary = boundaryOf(buildTableGeometry());
const mode = process.env.PYRAMID_PROFILE ?? 'both';
const breakRandom = new Random(2026);
const breaks = Array.from({ length: 300 }, () => breakShot(breakRandom));
const shotRandom = new Random(11);
const shots = Array.from({ length: 10_000 }, () => randomShot(shotRandom));
const work: Shot[] = [...(mode === 'shots' ? [] : breaks), ...(mode === 'breaks' ? [] : shots)];
let events = 0;
const start = process.cpuUsage();
for (let round = 0; round < 4; round++) {
  for (const shot of work) {
    const result = simulate(shot.balls, shot.strike, boundary, DEFAULT_PARAMS);
    if (!result.ok) throw new Error(result.error.message);
    events += result.value.events.length;
  }
}
const used = process.cpuUsage(start);
console.log(
  `${mode}: ${events} events, ${((used.user + used.system) / events).toFixed(2)} µs of CPU per event`,
);
