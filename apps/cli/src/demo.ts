/**
 * `pyramid demo`: replays the example frame of each variant (examples/records) as a person would
 * watch it: a header, then every action with its ruling, a one-line scoreboard and a top view of
 * the table whenever the balls moved and their positions are known.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  describeTurn,
  type MatchState,
  matchTable,
  VARIANT_NAMES,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import {
  type Context,
  describeAction,
  describeRuling,
  noteLines,
  scoreText,
  targetText,
  typedAction,
} from './describe.js';
import { EXAMPLES_ROOT } from './examples.js';
import { type Io, outputWidth } from './io.js';
import { errorLine, metaOf, parseAndReplay, startsFromSituation } from './referee.js';
import { drawTable } from './table-art.js';
import { fitToWidth, type Lang, style, words, wrap } from './text.js';

/** The example records (see examples.ts). */
export const EXAMPLES_DIR = join(EXAMPLES_ROOT, 'records');

export interface DemoOptions {
  readonly lang: Lang;
  readonly variant: Variant | null;
  /** Milliseconds between actions; null = 400 on a terminal, 0 otherwise. */
  readonly delay: number | null;
}

function sameTable(a: MatchState, b: MatchState): boolean {
  return JSON.stringify([a.table, a.positions]) === JSON.stringify([b.table, b.positions]);
}

export async function demo(io: Io, options: DemoOptions): Promise<number> {
  const delay = options.delay ?? (io.isTTY ? 400 : 0);
  const st = style(io.colour);
  const w = words(options.lang);
  const variants = options.variant === null ? VARIANTS : [options.variant];
  const say = (lines: readonly string[]) => io.out(`${lines.join('\n')}\n`);
  const pause = async () => {
    if (delay > 0) await io.sleep(delay);
  };
  for (const [n, variant] of variants.entries()) {
    const file = join(EXAMPLES_DIR, `${variant}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      io.err(`error: the example record ${file} is missing\n`);
      return 1;
    }
    const loaded = parseAndReplay(text);
    if (!loaded.ok) {
      io.err(`error: the example record ${file} does not replay\n${errorLine(loaded.error)}\n`);
      return 1;
    }
    const { json, replay } = loaded.value;
    const initial = replay.initial;
    const ctx: Context = { lang: options.lang, players: initial.players, st, width: outputWidth(io) };
    const meta = metaOf(json, options.lang);
    const names = VARIANT_NAMES[variant];
    const rule = '═'.repeat(ctx.width);
    const header = [rule, st.bold(`  ${names.en} · ${names.ru}`)];
    if (meta.title !== null) header.push(...wrap(meta.title, ctx.width, '  ', '    '));
    if (meta.description !== null) header.push(...wrap(meta.description, ctx.width, '  ', '  ').map(st.dim));
    header.push(
      ...fitToWidth(
        [`  ${initial.players[0]} — ${initial.players[1]} · ${targetText(ctx, initial)}`],
        ctx.width,
      ),
    );
    if (startsFromSituation(json)) header.push(st.dim(`  (${w.startSituation})`));
    header.push(rule);
    if (n > 0) say(['']);
    say(header);
    const { spec } = matchTable(initial.tableSize);
    if (initial.positions !== null)
      say(['', ...drawTable(initial.positions, st, '  ', spec), `  ${st.dim(w.legend)}`]);
    say(['', ...fitToWidth([scoreboard(ctx, initial)], ctx.width)]);
    await pause();
    const actions = json.actions as readonly unknown[];
    let before = initial;
    for (const step of replay.steps) {
      const raw = actions[step.index];
      const action = typedAction(before, raw);
      const lines = [''];
      if (action !== null) lines.push(...describeAction(ctx, step.index, before, action));
      lines.push(...noteLines(ctx, raw));
      lines.push(...describeRuling(ctx, step.ruling, { next: false }));
      lines.push(...fitToWidth([scoreboard(ctx, step.state)], ctx.width));
      if (step.state.positions !== null && !sameTable(before, step.state)) {
        lines.push(...drawTable(step.state.positions, st, '  ', spec));
      }
      say(lines);
      before = step.state;
      await pause();
    }
    const final = replay.final;
    const winner = final.turn.kind === 'match-over' ? final.players[final.turn.winner] : null;
    const result = winner === null ? w.none : `${w.winner}: ${st.bold(winner)}`;
    say([
      '',
      ...fitToWidth(
        [
          `  ${st.bold('■')} ${result} · ${scoreText(ctx, finalScores(replay.steps.at(-1)?.ruling.scores, final))}`,
        ],
        ctx.width,
      ),
    ]);
  }
  return 0;
}

function finalScores(
  last: readonly [number, number] | undefined,
  final: MatchState,
): readonly [number, number] {
  return last ?? final.scores;
}

/** "┃ Irina 4 : 2 Pavel ┃ on table 11 ┃ next: Pavel: a shot, from the position, choosing the cue ball" */
function scoreboard(ctx: Context, state: MatchState): string {
  const w = words(ctx.lang);
  const bar = ctx.st.dim('┃');
  const next = describeTurn(state.turn, ctx.lang, ctx.players);
  return `   ${bar} ${scoreText(ctx, state.scores)} ${bar} ${w.onTable} ${state.table.length} ${bar} ${w.next}: ${next}`;
}
