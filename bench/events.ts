/**
 * `npm run bench events`: a club event from the draw to the champion, one core.
 *
 * `events.draw256Ms`: 256 entries, double elimination to a final stage of 16; the timed work is
 * the event's creation, the entries, the draw, and every match played to the end with a random
 * result through `applyEventAction` (each result checked against the race and the match's players,
 * advancement derived), choosing each next match among the ready ones as a director would. The
 * median of the runs (after warm-ups) is reported; each run uses its own seed, fixed across runs of
 * the benchmark. Target ≤ 50 ms.
 *
 * `events.liveViewers` and `events.liveP99Ms`: see events-live.ts (target ≥ 2,000 viewers within
 * 500 ms at p99). `PYRAMID_BENCH_EVENTS=draw` or `=live` runs only one of the two parts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Random } from '@pyramid/core';
import { applyEventAction, type ClubEvent, createEvent, viewEvent } from '@pyramid/events';
import { measureLiveViewers } from './events-live.js';
import { median } from './stats.js';

const HERE = process.env.PYRAMID_BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results.json');
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 15));
const WARMUP = 3;
const PLAYERS = 256;
const TARGET_MS = 50;

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** One event from creation to champion; returns the milliseconds and the matches played. */
function run(seed: number): { ms: number; cpuMs: number; played: number } {
  const rng = new Random(seed);
  const start = performance.now();
  const cpu = process.cpuUsage();
  let event: ClubEvent = must(
    createEvent(
      {
        name: 'Bench open',
        dates: { start: '2026-12-05' },
        variant: 'dynamic',
        races: {
          default: 3,
          rules: [
            { stage: 'final-stage', race: 4 },
            { stage: 'final-stage', fromPlayersLeft: 2, race: 5 },
          ],
        },
        format: { kind: 'double-to', finalStage: 16 },
        seeding: 'random',
      },
      'director',
      0,
    ),
  );
  const entries = Array.from({ length: PLAYERS }, (_, i) => ({
    name: `Player ${i + 1}`,
    rating: 1500 + ((i * 37) % 400),
  }));
  event = must(applyEventAction(event, { type: 'add-entries', by: 'director', at: 1, entries }));
  event = must(applyEventAction(event, { type: 'draw', by: 'director', at: 2, seed }));
  let clock = 3;
  let played = 0;
  for (;;) {
    const matches = viewEvent(event).matches;
    // A ready match from a random place in the running order (no list is built).
    const from = rng.int(matches.length);
    let chosen = -1;
    for (let k = 0; k < matches.length; k++) {
      const i = (from + k) % matches.length;
      if (matches[i]?.state === 'ready') {
        chosen = i;
        break;
      }
    }
    if (chosen < 0) break;
    const m = matches[chosen] as (typeof matches)[number];
    const other = rng.int(m.race);
    const frames: [number, number] = rng.chance(0.5) ? [m.race, other] : [other, m.race];
    event = must(
      applyEventAction(event, { type: 'result', by: 'director', at: clock++, match: m.id, frames }),
    );
    played++;
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const view = viewEvent(event);
  if (!view.finished || view.champion === null) throw new Error('the event did not finish');
  return { ms, cpuMs, played };
}

const PART = process.env.PYRAMID_BENCH_EVENTS ?? 'all';

function drawPart(): Record<string, number> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let played = 0;
  for (let r = -WARMUP; r < RUNS; r++) {
    const result = run(1000 + r);
    if (r >= 0) {
      times.push(result.ms);
      cpuTimes.push(result.cpuMs);
      played = result.played;
    }
  }
  const figures = {
    'events.draw256Ms': Number(median(times).toFixed(1)),
    'events.draw256Ms.min': Number(Math.min(...times).toFixed(1)),
    'events.draw256Ms.max': Number(Math.max(...times).toFixed(1)),
    'events.draw256Ms.runs': RUNS,
    /** The CPU time of the same runs (the machine is shared: wall time includes waiting for a core). */
    'events.draw256CpuMs': Number(median(cpuTimes).toFixed(1)),
    'events.draw256Ms.matches': played,
  };
  console.log(
    `\nEvents: ${PLAYERS} players, double elimination to a final stage of 16, drawn and played to the end`,
  );
  console.log(
    `median ${figures['events.draw256Ms']} ms (runs ${figures['events.draw256Ms.min']}–${figures['events.draw256Ms.max']} ms, ${RUNS} runs, ${played} matches each; target ≤ ${TARGET_MS} ms); CPU time median ${figures['events.draw256CpuMs']} ms`,
  );
  return figures;
}

let figures: Record<string, unknown> = {};
if (PART !== 'live') figures = { ...figures, ...drawPart() };
if (PART !== 'draw') {
  console.log('\nEvents live: event-page viewers on one server process (loopback, real WebSocket clients)');
  const live = await measureLiveViewers(join(HERE, '..'));
  console.log(
    `events.liveViewers ${live['events.liveViewers']} (p99 ≤ 500 ms); p99 at 2,000 viewers ${live['events.liveP99Ms']} ms (median of ${live['events.liveP99Ms.runs']} runs)`,
  );
  figures = { ...figures, ...live };
}
const previous: Record<string, unknown> = existsSync(RESULTS)
  ? JSON.parse(readFileSync(RESULTS, 'utf8'))
  : {};
writeFileSync(RESULTS, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
console.log(`written to ${RESULTS}`);
