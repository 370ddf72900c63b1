/**
 * `npm run soak [-- --inputs N --shots M --seed S]`: the long fuzz run for before a release.
 * N fuzzed inputs (default 1,000,000: actions, records, situations, shot files and strikes in
 * turn) through the referee, the simulator's input check and the shot-file reader, then M shots
 * (default 100,000: random breaks, jump shots and elevated strikes into clusters in turn) through
 * the simulator. Prints the seed of every part, the counts per input kind — throws, mutations,
 * unclear errors, contradictions accepted, event-cap hits — and the first few faults with the seed
 * that reproduces each. Bounded: it does exactly N + M runs. Exit status 1 if any fault was found.
 */
import { Random } from '@pyramid/core';
import { boundaryOf, CLUSTER_ROUNDS, DEFAULT_PARAMS, type SimEvent, simulate } from '@pyramid/physics';
import { buildTableGeometry } from '@pyramid/table';
import {
  elevatedClusterStrike,
  fuzzAction,
  fuzzRecord,
  fuzzRecords,
  fuzzShotFile,
  fuzzSituation,
  fuzzStates,
  fuzzStrike,
  INPUT_KINDS,
  type InputKind,
  type Outcome,
  type RandomShot,
  randomBreak,
  randomJumpShot,
} from '@pyramid/testkit';
import { parseShot } from '../apps/cli/src/simulate-input.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got ${process.argv[i + 1]}`);
    process.exit(2);
  }
  return value;
}

const inputs = option('inputs', 1_000_000);
const shots = option('shots', 100_000);
const seed = option('seed', 1);

const COLUMNS = ['runs', 'fine', 'throw', 'mutation', 'unclear', 'accepted-contradiction'] as const;
const seconds = new Map<InputKind, number>(INPUT_KINDS.map((kind) => [kind, 0]));
type Counts = Record<(typeof COLUMNS)[number], number>;
const counts = new Map<InputKind, Counts>(
  INPUT_KINDS.map((kind) => [kind, Object.fromEntries(COLUMNS.map((c) => [c, 0])) as Counts]),
);
const faults: string[] = [];

console.log(`soak: ${inputs} fuzzed inputs (seed ${seed}), ${shots} shots (seed ${seed + 1})`);
const setup = new Random(seed);
const states = fuzzStates(setup);
const records = fuzzRecords(setup);
const layouts: RandomShot[] = [];
for (let k = 0; k < 60; k++)
  layouts.push([randomBreak, randomJumpShot, elevatedClusterStrike][k % 3]!(setup));
const read = (text: string) => parseShot(text);

const startInputs = performance.now();
for (let i = 0; i < inputs; i++) {
  // Every input has its own seed, so each fault is reproduced alone.
  const random = new Random((seed * 0x9e3779b1 + i) >>> 0);
  const kind = INPUT_KINDS[i % INPUT_KINDS.length]!;
  let outcome: Outcome;
  const t0 = performance.now();
  switch (kind) {
    case 'action':
      outcome = fuzzAction(random, states);
      break;
    case 'record':
      outcome = fuzzRecord(random, records);
      break;
    case 'situation':
      outcome = fuzzSituation(random);
      break;
    case 'strike':
      outcome = fuzzStrike(random, layouts);
      break;
    default:
      outcome = fuzzShotFile(random, layouts, read);
  }
  seconds.set(kind, seconds.get(kind)! + (performance.now() - t0) / 1000);
  const row = counts.get(kind)!;
  row.runs += 1;
  row[outcome.verdict] += 1;
  if (outcome.verdict !== 'fine' && faults.length < 20)
    faults.push(
      `input ${i} (${kind}): ${outcome.verdict}${outcome.detail ? `: ${outcome.detail.slice(0, 300)}` : ''}`,
    );
}
const inputSeconds = (performance.now() - startInputs) / 1000;

const boundary = boundaryOf(buildTableGeometry());
const SHOT_KINDS = ['break', 'jump', 'cluster'] as const;
const shotCounts = new Map(
  SHOT_KINDS.map((k) => [
    k,
    { runs: 0, ended: 0, eventCap: 0, invalid: 0, throw: 0, overfullInstant: 0, maxEvents: 0 },
  ]),
);
/** The most ball–ball collisions at one instant of a shot. */
function busiestInstant(events: readonly SimEvent[]): number {
  const count = new Map<number, number>();
  let most = 0;
  for (const e of events) {
    if (e.type !== 'ball-ball') continue;
    const c = (count.get(e.t) ?? 0) + 1;
    count.set(e.t, c);
    if (c > most) most = c;
  }
  return most;
}
const fault = (text: string) => {
  if (faults.length < 20) faults.push(text);
};
const startShots = performance.now();
for (let i = 0; i < shots; i++) {
  const random = new Random(((seed + 1) * 0x9e3779b1 + i) >>> 0);
  const kind = SHOT_KINDS[i % SHOT_KINDS.length]!;
  const shot =
    kind === 'break'
      ? randomBreak(random)
      : kind === 'jump'
        ? randomJumpShot(random)
        : elevatedClusterStrike(random);
  const row = shotCounts.get(kind)!;
  row.runs += 1;
  try {
    const result = simulate(shot.balls, shot.strike, boundary, DEFAULT_PARAMS);
    if (result.ok) {
      row.ended += 1;
      row.maxEvents = Math.max(row.maxEvents, result.value.events.length);
      // The instant guard's bound (docs/physics.md, "Every shot ends").
      if (busiestInstant(result.value.events) > 4 * CLUSTER_ROUNDS * shot.balls.length + 4) {
        row.overfullInstant += 1;
        fault(`shot ${i} (${kind}): more than 4·${CLUSTER_ROUNDS}·n + 4 collisions at one instant`);
      }
    } else if (result.error.code === 'event-cap') row.eventCap += 1;
    else row.invalid += 1;
    if (!result.ok)
      fault(
        `shot ${i} (${kind}, seed ${((seed + 1) * 0x9e3779b1 + i) >>> 0}): ${result.error.code}: ${result.error.message}`,
      );
  } catch (caught) {
    row.throw += 1;
    fault(`shot ${i} (${kind}): threw ${(caught as Error).message}`);
  }
}
const shotSeconds = (performance.now() - startShots) / 1000;

console.log(
  `\nfuzzed inputs: ${inputs} in ${inputSeconds.toFixed(1)} s (${Math.round(inputs / Math.max(inputSeconds, 1e-9))}/s)`,
);
console.log(
  [...['kind'.padEnd(10), ...COLUMNS.map((c) => c.padStart(c.length + 2))], '   per second'].join(''),
);
for (const [kind, row] of counts) {
  const rate = Math.round(row.runs / Math.max(seconds.get(kind)!, 1e-9));
  console.log(
    [
      kind.padEnd(10),
      ...COLUMNS.map((c) => String(row[c]).padStart(c.length + 2)),
      String(rate).padStart(14),
    ].join(''),
  );
}
console.log(
  `\nshots: ${shots} in ${shotSeconds.toFixed(1)} s (${Math.round(shots / Math.max(shotSeconds, 1e-9))}/s)`,
);
console.log('kind       runs    ended  event-cap  invalid  throw  overfull-instant  max events');
for (const [kind, row] of shotCounts) {
  console.log(
    `${kind.padEnd(8)}${String(row.runs).padStart(7)}${String(row.ended).padStart(9)}${String(row.eventCap).padStart(11)}${String(row.invalid).padStart(9)}${String(row.throw).padStart(7)}${String(row.overfullInstant).padStart(18)}${String(row.maxEvents).padStart(12)}`,
  );
}
if (faults.length > 0) {
  console.log(`\nfirst faults (at most 20; the counts above are complete):`);
  for (const fault of faults) console.log(`  ${fault}`);
  process.exit(1);
}
console.log('\nno faults');
