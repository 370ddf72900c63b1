/**
 * `pyramid event draw PLAYERS.csv --format F --seed N`: enters the players of a CSV file, makes the
 * draw and prints it, and writes the event as JSON. `pyramid event standings EVENT.json`: prints
 * the standings and places of an event file (every result in it is checked again).
 */
import { writeFile } from 'node:fs/promises';
import {
  applyEventAction,
  BYE,
  type ClubEvent,
  createEvent,
  type EventError,
  type Format,
  loadEvent,
  type MatchView,
  type Seeding,
  standings,
  viewEvent,
} from '@pyramid/events';
import type { Variant } from '@pyramid/rules';
import { type Io, readSource } from './io.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './status.js';

/** The account the command acts as: the director of events it creates. */
const DIRECTOR = 'cli';

export const FORMAT_HELP = `single, single-3rd, double, double-noreset, double-to-K (K = 2, 4, 8, 16, …),
groups-GxN (G groups, the best N of each to a knockout), swiss-R (R rounds)`;

/** Reads a format name of the command line; null when it names none. */
export function formatFromName(name: string): Format | null {
  if (name === 'single') return { kind: 'single', thirdPlace: false };
  if (name === 'single-3rd') return { kind: 'single', thirdPlace: true };
  if (name === 'double') return { kind: 'double', reset: true };
  if (name === 'double-noreset') return { kind: 'double', reset: false };
  let m = /^double-to-(\d{1,4})$/.exec(name);
  if (m) return { kind: 'double-to', finalStage: Number(m[1]), thirdPlace: false };
  m = /^groups-(\d{1,3})x(\d{1,3})$/.exec(name);
  if (m) return { kind: 'groups', groups: Number(m[1]), advance: Number(m[2]), thirdPlace: false };
  m = /^swiss-(\d{1,2})$/.exec(name);
  if (m) return { kind: 'swiss', rounds: Number(m[1]), tiebreak: 'buchholz' };
  return null;
}

/** One CSV line split into fields (double quotes may hold commas; "" is a quote). */
function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += line[i++];
      }
    } else {
      while (i < line.length && line[i] !== ',') field += line[i++];
    }
    fields.push(field.trim());
    if (i >= line.length) return fields;
    if (line[i] !== ',') return null;
    i++;
  }
}

/**
 * The players of a CSV file: one a line, `name[,rating[,account]]`, or with a header line naming
 * the columns (name, rating, account in any order). Blank lines and lines starting with # are skipped.
 */
export function parsePlayers(
  text: string,
): { ok: true; players: Record<string, unknown>[] } | { ok: false; message: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let columns = ['name', 'rating', 'account'];
  const players: Record<string, unknown>[] = [];
  let header = false;
  for (const [n, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = csvFields(line);
    if (fields === null) return { ok: false, message: `line ${n + 1}: unbalanced quotes` };
    if (!header && players.length === 0 && fields.some((f) => f.toLowerCase() === 'name')) {
      header = true;
      columns = fields.map((f) => f.toLowerCase());
      const unknown = columns.find((c) => !['name', 'rating', 'account'].includes(c));
      if (unknown !== undefined)
        return {
          ok: false,
          message: `line ${n + 1}: unknown column "${unknown}" (known: name, rating, account)`,
        };
      continue;
    }
    const player: Record<string, unknown> = {};
    for (const [k, value] of fields.entries()) {
      const column = columns[k];
      if (column === undefined)
        return { ok: false, message: `line ${n + 1}: more fields than columns (${columns.join(', ')})` };
      if (value === '') continue;
      if (column === 'rating') {
        const rating = Number(value);
        if (!Number.isFinite(rating))
          return { ok: false, message: `line ${n + 1}: the rating "${value}" is not a number` };
        player.rating = rating;
      } else player[column] = value;
    }
    if (player.name === undefined) return { ok: false, message: `line ${n + 1}: no name` };
    players.push(player);
  }
  return { ok: true, players };
}

const describeError = (e: EventError): string => `${e.action}: ${e.field}: ${e.message}`;

const STAGE_TITLES: Record<string, string> = {
  single: 'Round',
  winners: "Winners' bracket, round",
  losers: "Losers' bracket, round",
  'grand-final': 'Grand final',
  'final-stage': 'Final stage, round',
  'third-place': 'Third place',
  knockout: 'Knockout, round',
  swiss: 'Swiss round',
};

function describeDraw(event: ClubEvent): string {
  const view = viewEvent(event);
  const names = new Map(event.entries.map((e) => [e.id, e.name]));
  const seedOf = new Map((event.draw?.order ?? []).map((id, i) => [id, i + 1]));
  const who = (slot: string | null, from: MatchView['from'][number]): string => {
    if (slot === BYE) return '(bye)';
    if (slot !== null) return `${names.get(slot) ?? slot} [${seedOf.get(slot)}]`;
    if (from === null) return '?';
    if ('winner' in from) return `winner of ${from.winner}`;
    if ('loser' in from) return `loser of ${from.loser}`;
    if ('group' in from) return `group ${from.group + 1} #${from.place}`;
    return '?';
  };
  const lines: string[] = [];
  const spec = event.spec;
  lines.push(
    `${spec.name} — ${spec.variant}, ${event.entries.length} players, ${describeFormat(spec.format)}, seed ${event.draw?.seed}`,
  );
  view.groups.forEach((table) => {
    lines.push(
      '',
      `Group ${table.group + 1}: ${table.rows.map((r) => `${names.get(r.entry)} [${seedOf.get(r.entry)}]`).join(', ')}`,
    );
  });
  let heading = '';
  for (const m of view.matches) {
    if (m.stage === 'group') continue;
    const title =
      m.stage === 'grand-final' || m.stage === 'third-place'
        ? STAGE_TITLES[m.stage]
        : `${STAGE_TITLES[m.stage]} ${m.round}`;
    const next = `${title} (race to ${m.race})`;
    if (next !== heading) {
      lines.push('', next);
      heading = next;
    }
    const state = m.state === 'bye' ? '  → walks through' : m.state === 'void' ? '  (no match)' : '';
    lines.push(`  ${m.id.padEnd(7)} ${who(m.a, m.from[0])}  vs  ${who(m.b, m.from[1])}${state}`);
  }
  return `${lines.join('\n')}\n`;
}

function describeFormat(f: Format): string {
  switch (f.kind) {
    case 'single':
      return f.thirdPlace ? 'single elimination with a third-place match' : 'single elimination';
    case 'double':
      return f.reset ? 'double elimination (grand final with a reset)' : 'double elimination (no reset)';
    case 'double-to':
      return `double elimination to a final stage of ${f.finalStage}`;
    case 'groups':
      return `${f.groups} round-robin groups, the best ${f.advance} of each to a knockout`;
    case 'swiss':
      return `Swiss, ${f.rounds} rounds`;
  }
}

export interface DrawOptions {
  readonly format: string;
  readonly seed: number;
  readonly seeding: Seeding;
  readonly race: number;
  readonly name: string;
  readonly variant: Variant;
  readonly out: string;
  readonly json: boolean;
  /** The time of the draw (ms since 1970); the command's clock unless given. */
  readonly at: number;
}

export async function eventDraw(io: Io, file: string, options: DrawOptions): Promise<number> {
  const fail = (message: string): number => {
    io.err(`pyramid event draw: ${message}\n`);
    return EXIT_BAD_INPUT;
  };
  const format = formatFromName(options.format);
  if (format === null)
    return fail(`unknown format "${options.format}" (formats: ${FORMAT_HELP.replace(/\n/g, ' ')})`);
  const source = await readSource(io, file, 'the players (CSV)');
  if (!source.ok) return fail(source.message);
  const players = parsePlayers(source.text);
  if (!players.ok) return fail(`${file}: ${players.message}`);
  const today = new Date(options.at).toISOString().slice(0, 10);
  const created = createEvent(
    {
      name: options.name,
      dates: { start: today },
      variant: options.variant,
      races: { default: options.race },
      format,
      seeding: options.seeding,
    },
    DIRECTOR,
    options.at,
  );
  if (!created.ok) return fail(describeError(created.error));
  const entered = applyEventAction(created.value, {
    type: 'add-entries',
    by: DIRECTOR,
    at: options.at,
    entries: players.players,
  });
  if (!entered.ok) {
    const line = /^\/entries\/(\d+)/.exec(entered.error.field);
    return fail(`${file}${line ? ` (player ${Number(line[1]) + 1})` : ''}: ${describeError(entered.error)}`);
  }
  const drawn = applyEventAction(entered.value, {
    type: 'draw',
    by: DIRECTOR,
    at: options.at,
    seed: options.seed,
  });
  if (!drawn.ok) return fail(describeError(drawn.error));
  const event = drawn.value;
  try {
    await writeFile(options.out, `${JSON.stringify(event, null, 2)}\n`);
  } catch (caught) {
    return fail(`cannot write ${options.out}: ${(caught as Error).message}`);
  }
  if (options.json) io.out(`${JSON.stringify({ event: options.out, matches: viewEvent(event).matches })}\n`);
  else io.out(`${describeDraw(event)}\nWrote the event to ${options.out}\n`);
  return EXIT_OK;
}

export async function eventStandings(
  io: Io,
  file: string,
  options: { readonly json: boolean },
): Promise<number> {
  const fail = (message: string): number => {
    io.err(`pyramid event standings: ${message}\n`);
    return EXIT_BAD_INPUT;
  };
  const source = await readSource(io, file, 'the event (JSON)');
  if (!source.ok) return fail(source.message);
  let parsed: unknown;
  try {
    parsed = JSON.parse(source.text);
  } catch (caught) {
    return fail(`${file} is not JSON: ${(caught as Error).message}`);
  }
  const loaded = loadEvent(parsed);
  if (!loaded.ok) return fail(`${file}: ${describeError(loaded.error)}`);
  const event = loaded.value;
  const table = standings(event);
  if (options.json) {
    io.out(`${JSON.stringify(table)}\n`);
    return EXIT_OK;
  }
  const view = viewEvent(event);
  const played = view.matches.filter((m) => m.state === 'finished').length;
  const playable = view.matches.filter((m) => m.state !== 'bye' && m.state !== 'void').length;
  const lines = [
    `${event.spec.name} — ${describeFormat(event.spec.format)}; ${played} of ${event.spec.format.kind === 'swiss' ? playable : playable} matches played${table.finished ? ', finished' : ''}`,
    '',
  ];
  const swiss = event.spec.format.kind === 'swiss';
  lines.push(
    `${'place'.padEnd(8)}${'player'.padEnd(28)}${'won'.padStart(4)}${'lost'.padStart(5)}${'frames'.padStart(9)}${swiss ? `${'score'.padStart(7)}${'Buchholz'.padStart(10)}` : ''}`,
  );
  for (const row of table.rows) {
    lines.push(
      `${(row.place ?? '—').padEnd(8)}${row.name.slice(0, 27).padEnd(28)}${String(row.won).padStart(4)}${String(row.lost).padStart(5)}${`${row.framesWon}:${row.framesLost}`.padStart(9)}${swiss ? `${String(row.score ?? 0).padStart(7)}${String(row.buchholz ?? 0).padStart(10)}` : ''}`,
    );
  }
  if (table.champion !== null)
    lines.push('', `Champion: ${event.entries.find((e) => e.id === table.champion)?.name}`);
  io.out(`${lines.join('\n')}\n`);
  return EXIT_OK;
}
