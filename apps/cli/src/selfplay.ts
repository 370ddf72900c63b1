/**
 * `pyramid selfplay`: frames between two computer players, A and B, with the break alternating
 * (A breaks the odd frames). Frames are shared among worker threads; each frame's seed is derived
 * from the run's seed and the frame's number, so the results do not depend on how many workers
 * played them. The report gives each side's wins with a 95% Wilson interval, the breaker's win
 * rate, shots and visits per frame, pots per visit, fouls per frame by §29.1 item and the length of
 * the frames; `--json` prints it as one object; `--records DIR` writes each frame's match record.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Level } from '@pyramid/bots';
import { FOUL_CODES, type FoulCode, type TableSize, VARIANT_NAMES, type Variant } from '@pyramid/rules';
import type { Io } from './io.js';
import { type FrameResult, type FrameSpec, playFrame } from './selfplay-frame.js';
import type { WorkerReply, WorkerRequest } from './selfplay-worker.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './status.js';
import { type Lang, style } from './text.js';

export interface SelfplayOptions {
  /** The language of the report (default English). */
  readonly lang?: Lang;
  readonly variant: Variant;
  /** The table (default: the 12 ft tournament table). */
  readonly tableSize?: TableSize;
  readonly a: Level;
  readonly b: Level;
  readonly frames: number;
  readonly seed: number;
  /** Worker threads; 1 plays in this thread. */
  readonly workers: number;
  readonly json: boolean;
  /** Directory for the frames' match records, or null. */
  readonly records: string | null;
}

export { DEFAULT_WORKERS } from './status.js';

/** A proportion with its 95% Wilson score interval. */
export interface Proportion {
  readonly count: number;
  readonly of: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

export function wilson(count: number, of: number, z = 1.959964): Proportion {
  if (of === 0) return { count, of, rate: 0, low: 0, high: 1 };
  const p = count / of;
  const z2 = z * z;
  const denominator = 1 + z2 / of;
  const centre = (p + z2 / (2 * of)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / of + z2 / (4 * of * of))) / denominator;
  return { count, of, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Runs the frames: in this thread for one worker, otherwise on `workers` threads. */
export async function runFrames(
  specs: readonly FrameSpec[],
  workers: number,
  onResult: (result: FrameResult, done: number) => void,
): Promise<FrameResult[]> {
  const results: FrameResult[] = new Array(specs.length);
  let done = 0;
  if (workers <= 1 || specs.length <= 1) {
    for (const spec of specs) {
      const result = playFrame(spec);
      results[spec.index] = result;
      onResult(result, ++done);
      // Let a progress line reach the terminal between frames.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return results;
  }
  // Compiled (dist/), the worker is plain JavaScript; run from the TypeScript sources (the
  // workspace's tests), the thread registers tsx before importing them.
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = pathToFileURL(
    join(import.meta.dirname, fromSource ? 'selfplay-worker.ts' : 'selfplay-worker.js'),
  );
  const spawn = (): Worker => {
    if (!fromSource) return new Worker(entry);
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
    return new Worker(bootstrap, { eval: true });
  };
  let next = 0;
  const count = Math.min(workers, specs.length);
  await new Promise<void>((resolve, reject) => {
    let live = count;
    let failed = false;
    const threads: Worker[] = [];
    const feed = (worker: Worker) => {
      const spec = specs[next];
      if (spec === undefined) {
        const stop: WorkerRequest = { type: 'stop' };
        worker.postMessage(stop);
        return;
      }
      next++;
      const request: WorkerRequest = { type: 'frame', spec };
      worker.postMessage(request);
    };
    for (let k = 0; k < count; k++) {
      const worker = spawn();
      threads.push(worker);
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'failed') {
          failed = true;
          for (const t of threads) void t.terminate();
          reject(new Error(`frame ${reply.index + 1} failed in a worker: ${reply.message}`));
          return;
        }
        results[reply.result.index] = reply.result;
        onResult(reply.result, ++done);
        feed(worker);
      });
      worker.on('error', (error) => {
        if (failed) return;
        failed = true;
        for (const t of threads) void t.terminate();
        reject(error);
      });
      worker.on('exit', () => {
        live--;
        if (live === 0 && !failed) resolve();
      });
      // The first frame is sent once the thread is up (the bootstrap imports are asynchronous).
      worker.once('online', () => feed(worker));
    }
  });
  return results;
}

const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const round = (value: number, digits = 3): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export interface SideReport {
  readonly level: Level;
  readonly wins: Proportion;
  readonly shotsPerFrame: number;
  readonly visitsPerFrame: number;
  readonly potsPerVisit: number;
  readonly foulsPerFrame: number;
}

export interface Report {
  readonly variant: Variant;
  readonly tableSize: TableSize;
  readonly frames: number;
  readonly seed: number;
  readonly a: SideReport;
  readonly b: SideReport;
  /** Frames with no winner (action cap or an error). */
  readonly unfinished: number;
  readonly errors: readonly { readonly frame: number; readonly message: string }[];
  /** Strokes replayed with fresh error after the simulator failed on them (event cap). */
  readonly simulatorRetries: number;
  readonly breaker: Proportion;
  readonly perFrame: {
    readonly shots: number;
    readonly visits: number;
    readonly actions: number;
    readonly tableSeconds: number;
  };
  readonly potsPerVisit: number;
  /** Fouls per frame by code (both sides), every code listed. */
  readonly foulsPerFrame: Readonly<Record<FoulCode, number>>;
  readonly frameLength: {
    readonly mean: number;
    readonly median: number;
    readonly min: number;
    readonly max: number;
  };
  readonly results: readonly {
    readonly frame: number;
    readonly breaker: 'a' | 'b';
    readonly winner: 'a' | 'b' | null;
    readonly scores: readonly [number, number];
    readonly shots: number;
    readonly actions: number;
  }[];
}

/** The deterministic part of a run's results (no timings): the same for any number of workers. */
export function report(options: SelfplayOptions, results: readonly FrameResult[]): Report {
  const n = results.length;
  const decided = results.filter((r) => r.winner !== null);
  const side = (key: 'a' | 'b', level: Level): SideReport => {
    const stats = results.map((r) => r.sides[key]);
    const visits = stats.reduce((sum, s) => sum + s.visits, 0);
    const pots = stats.reduce((sum, s) => sum + s.pots, 0);
    return {
      level,
      wins: wilson(decided.filter((r) => r.winner === key).length, decided.length),
      shotsPerFrame: round(mean(stats.map((s) => s.shots))),
      visitsPerFrame: round(mean(stats.map((s) => s.visits))),
      potsPerVisit: round(visits === 0 ? 0 : pots / visits),
      foulsPerFrame: round(mean(stats.map((s) => s.fouls))),
    };
  };
  const fouls = {} as Record<FoulCode, number>;
  for (const code of FOUL_CODES) {
    let total = 0;
    for (const r of results) total += (r.sides.a.foulsByCode[code] ?? 0) + (r.sides.b.foulsByCode[code] ?? 0);
    fouls[code] = round(n === 0 ? 0 : total / n);
  }
  const allVisits = results.reduce((sum, r) => sum + r.sides.a.visits + r.sides.b.visits, 0);
  const allPots = results.reduce((sum, r) => sum + r.sides.a.pots + r.sides.b.pots, 0);
  const lengths = results.map((r) => r.shots);
  return {
    variant: options.variant,
    tableSize: options.tableSize ?? '12ft',
    frames: n,
    seed: options.seed,
    a: side('a', options.a),
    b: side('b', options.b),
    unfinished: n - decided.length,
    errors: results
      .filter((r) => r.error !== null && !r.error.startsWith('no winner'))
      .map((r) => ({ frame: r.index + 1, message: r.error ?? '' })),
    simulatorRetries: results.reduce((sum, r) => sum + r.retries, 0),
    breaker: wilson(decided.filter((r) => r.winner === r.breaker).length, decided.length),
    perFrame: {
      shots: round(mean(lengths)),
      visits: round(mean(results.map((r) => r.sides.a.visits + r.sides.b.visits))),
      actions: round(mean(results.map((r) => r.actions))),
      tableSeconds: round(mean(results.map((r) => r.tableSeconds)), 1),
    },
    potsPerVisit: round(allVisits === 0 ? 0 : allPots / allVisits),
    foulsPerFrame: fouls,
    frameLength: {
      mean: round(mean(lengths)),
      median: median(lengths),
      min: lengths.length === 0 ? 0 : Math.min(...lengths),
      max: lengths.length === 0 ? 0 : Math.max(...lengths),
    },
    results: results.map((r) => ({
      frame: r.index + 1,
      breaker: r.breaker,
      winner: r.winner,
      scores: r.scores,
      shots: r.shots,
      actions: r.actions,
    })),
  };
}

/** Decision times per side (ms): machine-dependent, so apart from the report. */
function timing(results: readonly FrameResult[]) {
  const of = (key: 'a' | 'b') => {
    const all = results.flatMap((r) => r.decisionMs[key]);
    return { decisions: all.length, medianMs: round(median(all), 1), p95Ms: round(quantile(all, 0.95), 1) };
  };
  return { a: of('a'), b: of('b') };
}

const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const interval = (p: Proportion) => `${pct(p.rate)}, 95% CI ${pct(p.low)}–${pct(p.high)}`;

export async function selfplay(io: Io, options: SelfplayOptions): Promise<number> {
  const specs: FrameSpec[] = [];
  for (let index = 0; index < options.frames; index++) {
    specs.push({
      variant: options.variant,
      ...(options.tableSize === undefined ? {} : { tableSize: options.tableSize }),
      a: options.a,
      b: options.b,
      index,
      seed: options.seed,
      record: options.records !== null,
    });
  }
  if (options.records !== null) {
    try {
      await mkdir(options.records, { recursive: true });
    } catch (caught) {
      io.err(`error: cannot create ${options.records}: ${(caught as Error).message}\n`);
      return EXIT_BAD_INPUT;
    }
  }
  const started = performance.now();
  // Progress goes to stderr whenever that is a terminal (also with --json or stdout redirected).
  const progress = io.errIsTTY === true;
  const wins = { a: 0, b: 0 };
  const records: Promise<void>[] = [];
  if (progress) io.err(`  frames 0/${options.frames}`);
  const results = await runFrames(specs, options.workers, (result, done) => {
    if (result.winner !== null) wins[result.winner]++;
    if (options.records !== null && result.record !== null) {
      const file = join(options.records, `frame-${String(result.index + 1).padStart(4, '0')}.json`);
      records.push(writeFile(file, `${JSON.stringify(result.record, null, 1)}\n`));
    }
    if (progress) {
      const rate = done / ((performance.now() - started) / 1000);
      io.err(
        `\r  frames ${done}/${options.frames} · A ${wins.a} · B ${wins.b} · ${rate.toFixed(2)} frames/s   `,
      );
    }
  });
  await Promise.all(records);
  if (progress) io.err('\r\x1b[K');
  const seconds = (performance.now() - started) / 1000;
  const summary = report(options, results);
  if (options.json) {
    const output = {
      ...summary,
      workers: options.workers,
      timing: { ...timing(results), seconds: round(seconds, 2) },
    };
    io.out(`${JSON.stringify(output, null, 2)}\n`);
    return EXIT_OK;
  }
  io.out(`${humanReport(io, options, summary, timing(results), seconds).join('\n')}\n`);
  return EXIT_OK;
}

const REPORT_WORDS = {
  en: {
    table: (size: string) => `${size} table`,
    vs: 'vs',
    frames: (n: number) => `${n} frame${n === 1 ? '' : 's'}`,
    seed: 'seed',
    wins: 'wins',
    unfinished: 'unfinished',
    breakerWon: 'breaker won',
    of: (count: number, of: number) => `${count} of ${of}`,
    perFrame: 'per frame',
    shots: 'shots',
    visits: 'visits',
    potsPerVisit: 'pots / visit',
    foulsPerFrame: 'fouls / frame',
    byItem: 'by item',
    frameLength: 'frame length',
    median: 'median',
    onTable: (s: string) => `${s} s of play on the table`,
    decisionTime: 'decision time',
    onWorkers: (s: string, n: number) => `${s} s on ${n} worker${n === 1 ? '' : 's'}`,
    stopped: (frame: number) => `frame ${frame} stopped`,
    retries: (n: number) => `${n} stroke(s) played again after the simulator gave up on them`,
    records: 'records in',
  },
  ru: {
    table: (size: string) => `стол ${size}`,
    vs: 'против',
    frames: (n: number) => `партий: ${n}`,
    seed: 'зерно',
    wins: 'победы',
    unfinished: 'не доиграны',
    breakerWon: 'победы разбив.',
    of: (count: number, of: number) => `${count} из ${of}`,
    perFrame: 'за партию',
    shots: 'ударов',
    visits: 'подходов',
    potsPerVisit: 'шаров/подход',
    foulsPerFrame: 'штрафов/парт.',
    byItem: 'по пунктам',
    frameLength: 'длина партии',
    median: 'медиана',
    onTable: (s: string) => `${s} с игры на столе`,
    decisionTime: 'время решения',
    onWorkers: (s: string, n: number) => `${s} с, потоков: ${n}`,
    stopped: (frame: number) => `партия ${frame} остановлена`,
    retries: (n: number) => `ударов переиграно после отказа симулятора: ${n}`,
    records: 'записи в',
  },
} as const;

function humanReport(
  io: Io,
  options: SelfplayOptions,
  r: Report,
  times: ReturnType<typeof timing>,
  seconds: number,
): string[] {
  const st = style(io.colour);
  const lang = options.lang ?? 'en';
  const w = REPORT_WORDS[lang];
  // The tournament table goes without saying, as in the records.
  const table = r.tableSize === '12ft' ? '' : ` · ${w.table(r.tableSize)}`;
  const lines = [
    st.bold(
      `${VARIANT_NAMES[r.variant][lang]}${table} · A ${r.a.level} ${w.vs} B ${r.b.level} · ${w.frames(r.frames)} · ${w.seed} ${r.seed}`,
    ),
    '',
    `  ${w.wins.padEnd(13)} A ${r.a.wins.count} (${interval(r.a.wins)})`,
    `  ${''.padEnd(13)} B ${r.b.wins.count} (${interval(r.b.wins)})`,
  ];
  if (r.unfinished > 0) lines.push(`  ${''.padEnd(13)} ${w.unfinished} ${r.unfinished}`);
  lines.push(`  ${w.breakerWon.padEnd(13)} ${w.of(r.breaker.count, r.breaker.of)} (${interval(r.breaker)})`);
  lines.push(
    `  ${w.perFrame.padEnd(13)} ${r.perFrame.shots.toFixed(1)} ${w.shots} (A ${r.a.shotsPerFrame.toFixed(1)}, B ${r.b.shotsPerFrame.toFixed(1)}), ` +
      `${r.perFrame.visits.toFixed(1)} ${w.visits} (A ${r.a.visitsPerFrame.toFixed(1)}, B ${r.b.visitsPerFrame.toFixed(1)})`,
  );
  lines.push(
    `  ${w.potsPerVisit.padEnd(13)} ${r.potsPerVisit.toFixed(2)} (A ${r.a.potsPerVisit.toFixed(2)}, B ${r.b.potsPerVisit.toFixed(2)})`,
  );
  const byCode = (Object.entries(r.foulsPerFrame) as [FoulCode, number][]).filter(([, v]) => v > 0);
  lines.push(
    `  ${w.foulsPerFrame.padEnd(13)} A ${r.a.foulsPerFrame.toFixed(2)}, B ${r.b.foulsPerFrame.toFixed(2)}` +
      (byCode.length === 0
        ? ''
        : `; ${w.byItem}: ${byCode.map(([code, v]) => `${code} ${v.toFixed(2)}`).join(', ')}`),
  );
  lines.push(
    `  ${w.frameLength.padEnd(13)} ${r.frameLength.mean.toFixed(1)} ${w.shots} (${w.median} ${r.frameLength.median}, ${r.frameLength.min}–${r.frameLength.max}), ` +
      w.onTable(r.perFrame.tableSeconds.toFixed(0)),
  );
  lines.push(
    st.dim(
      `  ${w.decisionTime} A ${w.median} ${times.a.medianMs} ms (p95 ${times.a.p95Ms}), B ${w.median} ${times.b.medianMs} ms (p95 ${times.b.p95Ms}); ` +
        w.onWorkers(seconds.toFixed(1), options.workers),
    ),
  );
  for (const e of r.errors) lines.push(st.yellow(`  ${w.stopped(e.frame)}: ${e.message}`));
  if (r.simulatorRetries > 0) lines.push(st.yellow(`  ${w.retries(r.simulatorRetries)}`));
  if (options.records !== null) lines.push(st.dim(`  ${w.records} ${options.records}`));
  return lines;
}
