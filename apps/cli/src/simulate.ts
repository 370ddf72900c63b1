/**
 * `pyramid simulate FILE|-`: runs one shot through the physics simulator and prints what happened —
 * every event, where the balls came to rest, and the facts a referee would rule on. The shot file
 * is checked completely before the simulator runs (see simulate-input.ts), so a bad file produces
 * one error naming the field on stderr and nothing on stdout.
 */
import { factsFromSimulation, linesOf, MM_PER_M, timedShotEventsFromSimulation } from '@pyramid/match';
import {
  type BallState,
  boundaryOf,
  simulate as run,
  type SimEvent,
  type Simulation,
} from '@pyramid/physics';
import type { ShotFacts } from '@pyramid/rules';
import { type TablePreset, tableFromDescription } from '@pyramid/table';
import { type Io, readSource } from './io.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './referee.js';
import { parseShot, type Shot, type ShotError } from './simulate-input.js';
import { type Lang, style } from './text.js';

/** The simulator gave up (its event cap): the report that reproduces it is on stderr. */
export const EXIT_EVENT_CAP = 3;

/** `--series` may not ask for more samples than this. */
export const MAX_SERIES_SAMPLES = 100_000;

export interface SimulateOptions {
  readonly lang: Lang;
  readonly json: boolean;
  /** `--table FILE`: a table description that replaces the shot file's table; null for none. */
  readonly tableFile?: string | null;
  /** Sampling step of the time series, s; null for none. */
  readonly series: number | null;
}

/** A ball's state with its position in mm, as the product's records give positions. */
interface BallOut {
  readonly id: number;
  readonly state: BallState['state'];
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly v?: readonly number[];
  readonly w?: readonly number[];
  readonly where?: string;
}

function ballOut(ball: BallState, full: boolean): BallOut {
  const out = {
    id: ball.id,
    state: ball.state,
    x: ball.r[0] * MM_PER_M,
    y: ball.r[1] * MM_PER_M,
    z: ball.r[2] * MM_PER_M,
  };
  if (!full) return out;
  return { ...out, v: ball.v, w: ball.w, ...(ball.where === undefined ? {} : { where: ball.where }) };
}

interface Sample {
  readonly t: number;
  readonly balls: readonly BallOut[];
}

/** Samples at 0, step, 2·step, … and at the end: strictly increasing times. */
function seriesOf(sim: Simulation, step: number): Sample[] {
  const out: Sample[] = [];
  for (let k = 0; k * step < sim.duration; k++) {
    const t = k * step;
    out.push({ t, balls: sim.trajectory.sample(t).map((b) => ballOut(b, false)) });
  }
  out.push({ t: sim.duration, balls: sim.trajectory.sample(sim.duration).map((b) => ballOut(b, false)) });
  return out;
}

export async function simulate(io: Io, file: string, options: SimulateOptions): Promise<number> {
  const source = await readSource(io, file, 'the shot');
  if (!source.ok) return fail(io, options, { field: '', message: source.message }, 'unreadable');
  let table: TablePreset | undefined;
  if (options.tableFile != null) {
    const described = await tableOfFile(io, options.tableFile);
    if (!described.ok) return fail(io, options, described.error, described.code);
    table = described.value;
  }
  const parsed = parseShot(source.text, table);
  if (!parsed.ok) return fail(io, options, parsed.error, 'invalid-shot');
  const shot = parsed.value;
  const result = run(shot.setups, shot.strike, boundaryOf(shot.geometry), shot.params);
  if (!result.ok) {
    const failure = result.error;
    // The simulator checks its input too (in metres); what passes parseShot should pass it.
    if (failure.code === 'invalid-input') return fail(io, options, failure, failure.code);
    const { code, message, report } = failure;
    io.err(`${JSON.stringify({ error: { code, message, report, shot: shot.source } }, null, 2)}\n`);
    return EXIT_EVENT_CAP;
  }
  const sim = result.value;
  if (options.series !== null && sim.duration / options.series > MAX_SERIES_SAMPLES) {
    const message = `a step of ${options.series} s over ${sim.duration.toFixed(4)} s gives more than ${MAX_SERIES_SAMPLES} samples`;
    return fail(io, options, { field: '--series', message }, 'usage');
  }
  const facts = factsFromSimulation(sim, {
    cueBall: shot.strike.ball,
    isBreak: shot.isBreak,
    table: shot.spec,
    strike: shot.strike,
  });
  const series = options.series === null ? null : seriesOf(sim, options.series);
  if (options.json) {
    const output = {
      events: sim.events,
      final: sim.final.map((b) => ballOut(b, true)),
      duration: sim.duration,
      miscue: sim.miscue,
      hash: sim.hash,
      facts,
      ...(series === null ? {} : { series }),
    };
    io.out(`${JSON.stringify(output, null, 2)}\n`);
    return EXIT_OK;
  }
  io.out(`${humanReport(io, options.lang, shot, sim, facts, series).join('\n')}\n`);
  return EXIT_OK;
}

/** Reads `--table FILE`: JSON, then a table description (its errors name `--table` and the field). */
async function tableOfFile(
  io: Io,
  file: string,
): Promise<{ ok: true; value: TablePreset } | { ok: false; error: ShotError; code: string }> {
  const source = await readSource(io, file);
  if (!source.ok)
    return { ok: false, error: { field: '--table', message: source.message }, code: 'unreadable' };
  let json: unknown;
  try {
    json = JSON.parse(source.text);
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    return {
      ok: false,
      error: { field: '--table', message: `${file}: not valid JSON (${reason})` },
      code: 'invalid-table',
    };
  }
  const described = tableFromDescription(json);
  if (described.ok) return described;
  const { field, message } = described.error;
  return {
    ok: false,
    error: { field: field === '' ? '--table' : `--table ${field}`, message: `${message} (in ${file})` },
    code: 'invalid-table',
  };
}

/** `error: balls[3].x: ball 7 lies outside the bed …`; with --json, `{ "error": { code, field, message } }`. */
function fail(io: Io, options: SimulateOptions, error: ShotError, code: string): number {
  if (options.json)
    io.err(`${JSON.stringify({ error: { code, field: error.field, message: error.message } })}\n`);
  else io.err(`error: ${error.field === '' ? '' : `${error.field}: `}${error.message}\n`);
  return EXIT_BAD_INPUT;
}

const TYPE_WIDTH = 12;

function seconds(t: number): string {
  return `${t.toFixed(4)} s`;
}

function mm(value: number): string {
  return value.toFixed(1);
}

/** The words of the report; event types, states and pocket ids stay as the JSON writes them. */
const WORDS = {
  en: {
    ball: (id: number | undefined) => `ball ${id}`,
    balls: (a: number, b: number) => `balls ${a}, ${b}`,
    ballCount: (n: number) => `${n} ball${n === 1 ? '' : 's'}`,
    miscue: 'miscue',
    cushion: (c: string) => `cushion ${c}`,
    jaw: (jaw: string, pocket: string) => `jaw ${jaw} of pocket ${pocket}`,
    pocket: (p: string) => `pocket ${p}`,
    airborne: 'airborne',
    lands: 'lands',
    over: (c: string) => `over the ${c} cushion`,
    offTableOver: (c: string) => `off the table over the ${c} cushion`,
    struck: (ball: number, speed: number, aim: string) => `ball ${ball} struck at ${speed} m/s toward ${aim}`,
    side: 'side',
    height: 'height',
    elevation: 'elevation',
    miscueNote: 'Miscue: the tip offset exceeded the limit and was clamped.',
    events: (sim: number, lines: number) =>
      `Events (${sim} from the simulator, ${lines} line crossing${lines === 1 ? '' : 's'})`,
    final: (t: string) => `Final, after ${t}`,
    forReferee: 'For the referee',
    none: 'none',
    yes: 'yes',
    no: 'no',
    firstContact: 'first contact',
    pocketed: 'pocketed',
    offTable: 'off the table',
    cushionsAfter: 'cushions after the first contact',
    breakCushions: 'object balls to a cushion on the break',
    leftHouse: 'cue ball left the house before the first contact',
    centreLine: 'crossed the centre line after the first contact',
    frozen: 'frozen to the cue ball',
    strokeFouls: 'stroke fouls',
    series: (n: number) => `Positions over time (mm; ${n} samples)`,
    crosses: (x: string) => `crosses x = ${x} mm`,
  },
  ru: {
    ball: (id: number | undefined) => `шар ${id}`,
    balls: (a: number, b: number) => `шары ${a}, ${b}`,
    ballCount: (n: number) => `шаров: ${n}`,
    miscue: 'кикс',
    cushion: (c: string) => `борт ${c}`,
    jaw: (jaw: string, pocket: string) => `губка ${jaw} лузы ${pocket}`,
    pocket: (p: string) => `луза ${p}`,
    airborne: 'в воздухе',
    lands: 'приземляется',
    over: (c: string) => `через борт ${c}`,
    offTableOver: (c: string) => `за столом, через борт ${c}`,
    struck: (ball: number, speed: number, aim: string) =>
      `удар по шару ${ball}: ${speed} м/с, направление ${aim}`,
    side: 'боковой винт',
    height: 'высота',
    elevation: 'наклон кия',
    miscueNote: 'Кикс: смещение точки удара больше предела, оно ограничено.',
    events: (sim: number, lines: number) => `События (симулятор: ${sim}, пересечения линий: ${lines})`,
    final: (t: string) => `Итог через ${t}`,
    forReferee: 'Для судьи',
    none: 'нет',
    yes: 'да',
    no: 'нет',
    firstContact: 'первое касание',
    pocketed: 'забиты',
    offTable: 'за столом',
    cushionsAfter: 'борт после первого касания',
    breakCushions: 'прицельные шары у борта при разбое',
    leftHouse: 'биток вышел из дома до первого касания',
    centreLine: 'пересекли среднюю линию после первого касания',
    frozen: 'вплотную к битку',
    strokeFouls: 'нарушения при ударе',
    series: (n: number) => `Положения во времени (мм; отсчётов: ${n})`,
    crosses: (x: string) => `пересекает x = ${x} мм`,
  },
} as const;

type Words = (typeof WORDS)[Lang];

function eventText(event: SimEvent, w: Words): string {
  switch (event.type) {
    case 'strike':
      return `${w.ball(event.ball)}${event.miscue ? `, ${w.miscue}` : ''}`;
    case 'ball-ball':
      return w.balls(event.balls[0], event.balls[1]);
    case 'cushion':
      return `${w.ball(event.ball)}, ${w.cushion(event.cushion)}`;
    case 'jaw':
      return `${w.ball(event.ball)}, ${w.jaw(String(event.jaw), event.pocket)}`;
    case 'pocket':
      return `${w.ball(event.ball)}, ${w.pocket(event.pocket)}`;
    case 'bounce':
      return `${w.ball(event.ball)}, ${event.airborne ? w.airborne : w.lands}`;
    case 'off-table':
      return `${w.ball(event.ball)}, ${w.over(event.cushion)}`;
    case 'transition':
      return `${w.ball(event.ball)}, ${event.from} → ${event.to}`;
  }
}

function line(t: number, type: string, text: string): string {
  return `  ${seconds(t).padStart(11)}  ${type.padEnd(TYPE_WIDTH)} ${text}`;
}

function humanReport(
  io: Io,
  lang: Lang,
  shot: Shot,
  sim: Simulation,
  facts: ShotFacts,
  series: readonly Sample[] | null,
): string[] {
  const st = style(io.colour);
  const w = WORDS[lang];
  const ballList = (balls: readonly number[]) => (balls.length === 0 ? w.none : balls.join(', '));
  const s = shot.strike;
  const aim = s.direction === undefined ? `${s.angleDeg ?? 0}°` : `(${s.direction.x}, ${s.direction.y})`;
  const tip = [
    s.side === undefined ? null : `${w.side} ${s.side}`,
    s.height === undefined ? null : `${w.height} ${s.height}`,
    s.elevationDeg === undefined ? null : `${w.elevation} ${s.elevationDeg}°`,
  ].filter((part) => part !== null);
  const lines = [
    st.bold(
      [
        shot.table.name,
        w.ballCount(shot.balls.length),
        `${w.struck(s.ball, s.speed, aim)}${tip.length === 0 ? '' : ` (${tip.join(', ')})`}`,
      ].join(' · '),
    ),
  ];
  if (sim.miscue) lines.push(st.yellow(w.miscueNote));
  // The simulator's events, with the referee's line crossings between them.
  const marks = linesOf({ cueBall: s.ball, table: shot.spec });
  const crossings = timedShotEventsFromSimulation(sim, {
    cueBall: s.ball,
    table: shot.spec,
  }).filter((entry) => entry.event.type === 'house-line' || entry.event.type === 'centre-line');
  lines.push('', st.bold(w.events(sim.events.length, crossings.length)));
  let next = 0;
  for (const event of sim.events) {
    while (next < crossings.length && crossings[next]!.t <= event.t) {
      lines.push(crossingLine(crossings[next]!, marks, w));
      next++;
    }
    lines.push(line(event.t, event.type, eventText(event, w)));
  }
  for (; next < crossings.length; next++) lines.push(crossingLine(crossings[next]!, marks, w));

  lines.push('', st.bold(w.final(seconds(sim.duration))));
  for (const ball of sim.final) {
    const where =
      ball.state === 'pocketed'
        ? w.pocket(ball.where ?? '?')
        : ball.state === 'off-table'
          ? w.offTableOver(ball.where ?? '?')
          : `x ${mm(ball.r[0] * MM_PER_M)} mm, y ${mm(ball.r[1] * MM_PER_M)} mm`;
    lines.push(`  ${w.ball(ball.id).padEnd(lang === 'ru' ? 6 : 7)} ${ball.state.padEnd(11)} ${where}`);
  }

  lines.push('', st.bold(w.forReferee));
  lines.push(`  ${w.firstContact}: ${facts.firstContact === null ? w.none : w.ball(facts.firstContact)}`);
  const pocketed = facts.pocketed.map((p) => `${p.ball} (${p.pocket})`);
  lines.push(`  ${w.pocketed}: ${pocketed.length === 0 ? w.none : pocketed.join(', ')}`);
  if (facts.offTable.length > 0) lines.push(`  ${w.offTable}: ${ballList(facts.offTable)}`);
  lines.push(`  ${w.cushionsAfter}: ${ballList(facts.cushionsAfterContact)}`);
  if (shot.isBreak) lines.push(`  ${w.breakCushions}: ${ballList(facts.breakCushionBalls)}`);
  lines.push(`  ${w.leftHouse}: ${facts.cueBallLeftHouseFirst ? w.yes : w.no}`);
  lines.push(`  ${w.centreLine}: ${ballList(facts.centreLineCrossed)}`);
  if (facts.frozenBalls.length > 0) lines.push(`  ${w.frozen}: ${ballList(facts.frozenBalls)}`);
  if (facts.strokeFouls.length > 0) lines.push(`  ${w.strokeFouls}: ${facts.strokeFouls.join(', ')}`);

  if (series !== null) {
    lines.push('', st.bold(w.series(series.length)));
    for (const sample of series) {
      const balls = sample.balls.map((b) =>
        b.state === 'pocketed' || b.state === 'off-table'
          ? `${b.id} ${b.state}`
          : `${b.id} (${mm(b.x)}, ${mm(b.y)})`,
      );
      lines.push(`  ${seconds(sample.t).padStart(11)}  ${balls.join('  ')}`);
    }
  }
  lines.push('', st.dim(`hash ${sim.hash}`));
  return lines;
}

function crossingLine(
  entry: { t: number; event: { type: string; ball?: number } },
  lines: { houseLineX: number; centreLineX: number },
  w: Words,
): string {
  const house = entry.event.type === 'house-line';
  const x = house ? lines.houseLineX : lines.centreLineX;
  return line(entry.t, entry.event.type, `${w.ball(entry.event.ball)}, ${w.crosses(mm(x))}`);
}
