/**
 * `npm run bench`: the referee's throughput on random legal play, on one core.
 *
 * Outside the timed region a corpus of random matches is played for all four variants (product
 * default settings, no positions, testkit default action mix) and every action is kept with the
 * state it was applied to, the action re-read from JSON as a match record would give it. The timed
 * region applies every action to its state with `apply` (parsing included), in a loop of
 * several runs after a warm-up. The figure reported is the median of the runs, in rulings per
 * second; the spread is printed with it. Results are merged into bench/results.json, a flat object
 * of named figures shared with later benchmarks.
 *
 * No collection is forced between runs: a forced full GC shrinks V8's young generation and made every
 * run about a third slower than steady state, which a long replay or self-play session never sees.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apply, type MatchState, VARIANTS, type Variant } from '@pyramid/rules';
import { type PlayOptions, playRandomMatch, viaJson } from '@pyramid/testkit';
import { median } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results.json');
const TARGET = 300_000;

/** Matches per variant in the corpus; seeds 1…N, so the corpus is the same on every run. */
const MATCHES = Number(process.env.BENCH_MATCHES ?? 500);
/** The secondary corpus with rest positions after every shot is slower to build and to judge. */
const MATCHES_WITH_POSITIONS = Math.ceil(MATCHES / 4);
/** Timed runs (after the warm-up); the median is reported. */
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 11));
const WARMUP = 2;

interface Item {
  readonly state: MatchState;
  readonly input: unknown;
}

function corpus(variant: Variant, matches: number, options: PlayOptions): Item[] {
  const items: Item[] = [];
  for (let seed = 1; seed <= matches; seed++) {
    const match = playRandomMatch(variant, seed, options);
    match.actions.forEach((action, i) => {
      items.push({ state: match.states[i]!, input: viaJson(action) });
    });
  }
  return items;
}

/** Applies every item once; returns the elapsed milliseconds. Throws if any action is refused. */
function pass(items: readonly Item[]): number {
  let accepted = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (apply(item.state, item.input).ok) accepted++;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (accepted !== items.length) throw new Error(`${items.length - accepted} corpus actions were refused`);
  return elapsed;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

interface Measured {
  readonly rulings: number;
  /** Rulings per second of each timed run, in run order. */
  readonly perRun: readonly number[];
  readonly byVariant: ReadonlyMap<Variant, readonly number[]>;
}

/** Times the variants' corpora together, run after run, interleaved so drift hits all alike. */
function measure(corpora: ReadonlyMap<Variant, readonly Item[]>): Measured {
  const byVariant = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
  const perRun: number[] = [];
  let rulings = 0;
  for (const items of corpora.values()) rulings += items.length;
  for (let run = -WARMUP; run < RUNS; run++) {
    let total = 0;
    for (const [variant, items] of corpora) {
      const ms = pass(items);
      total += ms;
      if (run >= 0) byVariant.get(variant)!.push(items.length / (ms / 1000));
    }
    if (run >= 0) perRun.push(rulings / (total / 1000));
  }
  return { rulings, perRun, byVariant };
}

function build(matches: number, options: PlayOptions): Map<Variant, Item[]> {
  return new Map(VARIANTS.map((variant) => [variant, corpus(variant, matches, options)]));
}

const started = performance.now();
const plain = build(MATCHES, {});
const withPositions = build(MATCHES_WITH_POSITIONS, { positions: true });
const built = performance.now() - started;

const main = measure(plain);
const positions = measure(withPositions);

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`Referee throughput: apply() on random legal play, one core`);
console.log(`${cpu}, ${availableParallelism()} cores, Node ${process.version}`);
console.log(
  `corpus: ${MATCHES} matches per variant, ${fmt(main.rulings)} rulings (built in ${fmt(built)} ms, with ` +
    `${MATCHES_WITH_POSITIONS} per variant with positions); ` +
    `${WARMUP} warm-up + ${RUNS} timed runs\n`,
);

const rows: string[][] = [['corpus', 'rulings', 'min/s', 'median/s', 'max/s']];
const row = (name: string, rulings: number, values: readonly number[]) =>
  rows.push([name, fmt(rulings), fmt(Math.min(...values)), fmt(median(values)), fmt(Math.max(...values))]);
for (const variant of VARIANTS) row(variant, plain.get(variant)!.length, main.byVariant.get(variant)!);
row('all four', main.rulings, main.perRun);
row('all four, positions', positions.rulings, positions.perRun);
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  if (i === 0) console.log(widths.map((w) => '─'.repeat(w)).join('  '));
}
console.log(`\nper run (all four): ${main.perRun.map(fmt).join(', ')}`);

const figure = Math.round(median(main.perRun));
const verdict = figure > TARGET ? 'meets' : 'is BELOW';
console.log(
  `\nreferee.rulingsPerSecond = ${fmt(figure)} (median), which ${verdict} the target of ${fmt(TARGET)}`,
);

const previous: Record<string, unknown> = existsSync(RESULTS)
  ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>)
  : {};
const results: Record<string, unknown> = {
  ...previous,
  'referee.rulingsPerSecond': figure,
  'referee.rulingsPerSecond.min': Math.round(Math.min(...main.perRun)),
  'referee.rulingsPerSecond.max': Math.round(Math.max(...main.perRun)),
  'referee.rulingsPerSecond.runs': RUNS,
  'referee.rulingsPerSecond.corpusRulings': main.rulings,
  'referee.rulingsPerSecond.withPositions': Math.round(median(positions.perRun)),
  ...Object.fromEntries(
    VARIANTS.map((v) => [`referee.rulingsPerSecond.${v}`, Math.round(median(main.byVariant.get(v)!))]),
  ),
};
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written to ${RESULTS}`);
