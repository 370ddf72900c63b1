/**
 * Profiling aid (not part of `npm run bench`): many pyramid breaks with sub-millimetre jitter, so
 * `node --cpu-prof` sees only the simulator.
 */
import { Random } from '@pyramid/core';
import { boundaryOf, DEFAULT_PARAMS, simulate } from '@pyramid/physics';
import { buildTableGeometry, classicRack, REGULATION_12FT } from '@pyramid/table';

const boundary = boundaryOf(buildTableGeometry());
const rack = classicRack(REGULATION_12FT, 0.05);
const random = new Random(7);
const racks = Array.from({ length: 300 }, () => [
  { id: 0, x: 0.6, y: 0.8875 + (random.float() - 0.5) * 0.002 },
  ...rack.map(({ ball, at }) => ({
    id: ball,
    x: (at.x + (random.float() - 0.5) * 0.02) / 1000,
    y: (at.y + (random.float() - 0.5) * 0.02) / 1000,
  })),
]);
const times: number[] = [];
let maxEvents = 0;
let pots = 0;
for (let round = 0; round < 3; round++) {
  for (const balls of racks) {
    const t0 = performance.now();
    const result = simulate(balls, { ball: 0, speed: 7, angleDeg: 0 }, boundary, DEFAULT_PARAMS);
    times.push(performance.now() - t0);
    if (!result.ok) throw new Error(result.error.message);
    maxEvents = Math.max(maxEvents, result.value.events.length);
    if (round === 0) pots += result.value.events.filter((e) => e.type === 'pocket').length;
  }
}
const last = times.slice(-racks.length).sort((a, b) => a - b);
console.log(
  `break median ${last[last.length >> 1]!.toFixed(3)} ms, p95 ${last[Math.floor(last.length * 0.95)]!.toFixed(3)} ms, max events ${maxEvents}, pots/break ${(pots / racks.length).toFixed(2)}`,
);
