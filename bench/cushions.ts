/**
 * `node scripts/bench.mjs cushions` (also part of `npm run bench`): the cost of one ball–cushion
 * contact of each cushion model, on one core. 100,000 seeded contacts on the cloth (speeds 0.2–6 m/s,
 * any incidence, spins up to ±150 rad/s), built outside the timed region; the same seed gives the
 * same contacts on every run.
 *
 * The models are timed in the same process, pass after pass in turn (model A, B, C, the reference,
 * then again), so a change in the machine's load falls on all of them alike. Each pass is timed by
 * the process's CPU time (`process.cpuUsage`, which the other work on a shared machine disturbs far
 * less than the wall clock) and by the wall clock; the figure is the median CPU time per contact.
 * "mathavan-2010 (before)" is the Mathavan integrator as first written (kept verbatim for the tests
 * in packages/physics/test/mathavan-reference.ts) behind the same frame change as the shipped one:
 * the same-run baseline of the rearranged integrator, printed, not recorded.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Random } from '@pyramid/core';
import { CUSHION_MODELS, type CushionModel, DEFAULT_PARAMS, type PhysicsParams } from '@pyramid/physics';
import { resolveCushion } from '../packages/physics/src/resolve.js';
import { integrateMathavanReference } from '../packages/physics/test/mathavan-reference.js';
import { median } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results.json');
const params = DEFAULT_PARAMS;
const R = params.R;
const PASSES = 11;

const contactRandom = new Random(7);
const CONTACTS = 100_000;
const contacts = new Float64Array(CONTACTS * 9);
for (let k = 0; k < CONTACTS; k++) {
  const speed = 0.2 + contactRandom.float() * 5.8;
  const toward = 0.05 + contactRandom.float() * 0.95; // cosine of the incidence: always moving in
  const along = Math.sqrt(1 - toward * toward) * (contactRandom.float() < 0.5 ? -1 : 1);
  const spin = () => (contactRandom.float() - 0.5) * 300;
  contacts.set([0, 0, R, -speed * toward, speed * along, 0, spin(), spin(), spin()], k * 9);
}

type Resolver = (
  s: Float64Array,
  i: number,
  nx: number,
  ny: number,
  p: PhysicsParams,
  keepVertical: boolean,
) => boolean;

/** The shipped Mathavan resolver's frame change around the integrator as first written. */
const mathavanBefore: Resolver = (s, i, nx, ny, p, keepVertical) => {
  const o = i * 9;
  const ey = -ny;
  const ex = -nx;
  const vIn = s[o + 3]! * ex + s[o + 4]! * ey;
  if (vIn <= 0) return false;
  const f = {
    vx: s[o + 3]! * ey - s[o + 4]! * ex,
    vy: vIn,
    wx: p.R * (s[o + 6]! * ey - s[o + 7]! * ex),
    wy: p.R * (s[o + 6]! * ex + s[o + 7]! * ey),
    wz: p.R * s[o + 8]!,
  };
  if (!integrateMathavanReference(f, p, 48)) return resolveCushion(s, i, nx, ny, p, keepVertical);
  s[o + 3] = f.vx * ey + f.vy * ex;
  s[o + 4] = -f.vx * ex + f.vy * ey;
  s[o + 6] = (f.wx * ey + f.wy * ex) / p.R;
  s[o + 7] = (-f.wx * ex + f.wy * ey) / p.R;
  s[o + 8] = f.wz / p.R;
  return true;
};

const timed: [string, Resolver][] = [
  ...(Object.keys(CUSHION_MODELS) as CushionModel[]).map((name): [string, Resolver] => [
    name,
    CUSHION_MODELS[name],
  ]),
  ['mathavan-2010 (before)', mathavanBefore],
];
const cpu = new Map<string, number[]>(timed.map(([name]) => [name, []]));
const wall = new Map<string, number[]>(timed.map(([name]) => [name, []]));
const work = new Float64Array(contacts.length);
for (let pass = 0; pass <= PASSES; pass++) {
  for (const [name, resolve] of timed) {
    work.set(contacts);
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (let k = 0; k < CONTACTS; k++) resolve(work, k, 1, 0, params, false);
    const ns = Number(process.hrtime.bigint() - start);
    const used = process.cpuUsage(cpuStart);
    if (pass === 0) continue; // warm-up
    wall.get(name)!.push(ns / CONTACTS);
    cpu.get(name)!.push(((used.user + used.system) * 1000) / CONTACTS);
  }
}

// The floor under any integration of about 88 dependent steps that each need a unit vector: a
// loop of nothing but one square root, two divisions and a multiply-add per step (printed, not
// recorded).
function chain(a0: number, b0: number, steps: number): number {
  let a = a0;
  let b = b0;
  for (let k = 0; k < steps; k++) {
    const d = Math.sqrt(a * a + b * b);
    a = a + 0.3 * (a / d) + 0.01;
    b = b - 0.2 * (b / d) + 0.02;
  }
  return a + b;
}
const floor: number[] = [];
let sink = 0;
for (let pass = 0; pass <= PASSES; pass++) {
  const cpuStart = process.cpuUsage();
  for (let k = 0; k < CONTACTS; k++) sink += chain(1 + k * 1e-6, 2, 88);
  const used = process.cpuUsage(cpuStart);
  if (pass > 0) floor.push(((used.user + used.system) * 1000) / CONTACTS);
}
if (!(sink > 0)) throw new Error('the floor loop was optimised away');

// The floor under any method that needs the unit vectors of the two slips at those 88 steps, even
// one that could compute all of them at once: a unit vector takes at least one square root and one
// division, and here eight independent lanes keep the divider busy, so the loop runs at its
// throughput, not its latency (printed, not recorded).
function lanes(steps: number): number {
  let a0 = 1.1;
  let a1 = 1.2;
  let a2 = 1.3;
  let a3 = 1.4;
  let a4 = 1.5;
  let a5 = 1.6;
  let a6 = 1.7;
  let a7 = 1.8;
  for (let k = 0; k < steps; k++) {
    a0 = 1 / Math.sqrt(a0 + 2);
    a1 = 1 / Math.sqrt(a1 + 2);
    a2 = 1 / Math.sqrt(a2 + 2);
    a3 = 1 / Math.sqrt(a3 + 2);
    a4 = 1 / Math.sqrt(a4 + 2);
    a5 = 1 / Math.sqrt(a5 + 2);
    a6 = 1 / Math.sqrt(a6 + 2);
    a7 = 1 / Math.sqrt(a7 + 2);
  }
  return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
}
const throughput: number[] = [];
for (let pass = 0; pass <= PASSES; pass++) {
  const cpuStart = process.cpuUsage();
  // 88 steps × 2 slips = 176 unit vectors a contact, 8 per iteration: 22 iterations a contact.
  for (let k = 0; k < CONTACTS; k++) sink += lanes(22);
  const used = process.cpuUsage(cpuStart);
  if (pass > 0) throughput.push(((used.user + used.system) * 1000) / CONTACTS);
}
if (!(sink > 0)) throw new Error('the throughput loop was optimised away');

const figures: Record<string, number> = {};
console.log(
  `\nCushion models: one contact, ${CONTACTS.toLocaleString('en-US')} contacts × ${PASSES} passes, one core`,
);
for (const [name] of timed) {
  const c = cpu.get(name)!;
  const w = wall.get(name)!;
  console.log(
    `  ${name.padEnd(24)} CPU ${median(c).toFixed(1)} ns (passes ${Math.min(...c).toFixed(0)}–${Math.max(...c).toFixed(0)}), wall ${median(w).toFixed(1)} ns`,
  );
  if (name in CUSHION_MODELS) figures[`physics.cushionNsPerContact.${name}`] = Number(median(c).toFixed(1));
}
const ratios = cpu.get('mathavan-2010')!.map((ns, k) => ns / cpu.get('mathavan-2010 (before)')![k]!);
console.log(`  floor: 88 dependent steps of one sqrt and two divisions: CPU ${median(floor).toFixed(1)} ns`);
console.log(
  `  floor at the divider's throughput: 176 independent sqrt + division (two slips × 88 steps): CPU ${median(throughput).toFixed(1)} ns`,
);
console.log(
  `  mathavan-2010 / before, pass by pass (CPU): median ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}); target ≤ 500 ns`,
);
const previous: Record<string, unknown> = existsSync(RESULTS)
  ? JSON.parse(readFileSync(RESULTS, 'utf8'))
  : {};
writeFileSync(RESULTS, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
console.log(`written to ${RESULTS}`);
