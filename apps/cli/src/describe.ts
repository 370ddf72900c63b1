/**
 * Rulings and states in words for a person: one block per action (what was done, the verdict,
 * points and score, the balls moved, the reasons with the paragraphs they cite, what comes next)
 * and the state at the end. Used by `pyramid referee` and `pyramid demo`.
 */
import {
  type Action,
  type BallId,
  citeIn,
  describeTurn,
  factsFromEvents,
  type MatchState,
  matchTable,
  namePlayers,
  parseAction,
  type Ruling,
  type ShotAction,
  type ShotFacts,
  type StateSummary,
  summarise,
  targetScore,
  VARIANT_NAMES,
} from '@pyramid/rules';
import { drawTable } from './table-art.js';
import { at, ballList, fitToWidth, inLanguage, type Lang, type Style, signed, words, wrap } from './text.js';

export interface Context {
  readonly lang: Lang;
  readonly players: readonly [string, string];
  readonly st: Style;
  /** Columns to wrap at: the terminal's width, 80 when the output is not a terminal. */
  readonly width: number;
}

/** The typed form of a raw action that the referee accepted in `before`. */
export function typedAction(before: MatchState, raw: unknown): Action | null {
  const turn = before.turn;
  const defaultCueBall = turn.kind === 'shot' && turn.terms.cueBall === 'choose' ? null : 0;
  const parsed = parseAction(raw, defaultCueBall);
  return parsed.ok ? parsed.value : null;
}

function shotFacts(action: ShotAction): ShotFacts {
  const outcome = action.outcome;
  if ('facts' in outcome) return outcome.facts;
  return factsFromEvents(action.cueBall, outcome.events, {
    strokeFouls: outcome.strokeFouls ?? [],
    stroke: outcome.stroke ?? null,
    positions: outcome.positions ?? null,
    frozenBalls: outcome.frozenBalls ?? [],
  });
}

/** "#3 shot by Irina (cue ball 0, call 5→BL)" and, on the next line, what happened in the shot. */
export function describeAction(ctx: Context, index: number, before: MatchState, action: Action): string[] {
  return fitToWidth(actionLines(ctx, index, before, action), ctx.width);
}

function actionLines(ctx: Context, index: number, before: MatchState, action: Action): string[] {
  const w = words(ctx.lang);
  const name = (player: 0 | 1) => ctx.players[player];
  const head = (text: string) => `${ctx.st.bold(`#${index}`)} ${text}`;
  switch (action.type) {
    case 'shot': {
      const turn = before.turn;
      const kind = turn.kind === 'shot' ? turn.terms.kind : 'ordinary';
      const inHand = turn.kind === 'shot' && turn.terms.inHand !== null;
      const details = [`${w.cueBall} ${action.cueBall}`];
      if (action.placement !== null) details.push(`${w.fromHandAt} ${at(action.placement)}`);
      else if (inHand) details.push(w.fromHand);
      if (action.call !== null) details.push(`${w.call} ${action.call.ball}→${action.call.pocket}`);
      const lines = [head(`${w.shotKind[kind]} ${w.by} ${name(action.player)} (${details.join(', ')})`)];
      lines.push(`   ${describeFacts(ctx, kind === 'break', shotFacts(action))}`);
      return lines;
    }
    case 'penalty-ball':
      return [head(w.penaltyBall(name(action.player), String(action.ball)))];
    case 'exchange-ball':
      return [head(w.exchangeBall(name(action.player), String(action.ball)))];
    case 'dynamic-option':
      return [head(w.dynamicOption(name(action.player), action.option))];
    case 'lag':
      return [head(w.lag(name(action.winner), name(action.first)))];
    case 'foul':
      return [head(w.foulBy(name(action.player), w.eventFouls[action.foul]))];
    case 'interference':
      return [head(w.interference(action.restorable))];
    case 'extension':
      return [head(w.extension(name(action.player)))];
  }
}

function describeFacts(ctx: Context, isBreak: boolean, facts: ShotFacts): string {
  const w = words(ctx.lang);
  const parts: string[] = [];
  parts.push(facts.firstContact === null ? w.noContact : `${w.firstContact} ${facts.firstContact}`);
  if (facts.pocketed.length > 0)
    parts.push(`${w.pocketed} ${facts.pocketed.map((p) => `${p.ball}→${p.pocket}`).join(', ')}`);
  if (facts.offTable.length > 0) parts.push(`${w.offTable} ${ballList(facts.offTable)}`);
  if (isBreak) {
    if (facts.breakCushionBalls.length > 0) parts.push(`${w.toCushion} ${ballList(facts.breakCushionBalls)}`);
  } else if (facts.pocketed.length === 0 && facts.firstContact !== null) {
    parts.push(
      facts.cushionsAfterContact.length > 0
        ? `${w.cushions(facts.cushionsAfterContact.length)} (${ballList(facts.cushionsAfterContact)})`
        : w.noCushion,
    );
  }
  if (facts.cueBallLeftHouseFirst) parts.push(w.leftHouseFirst);
  if (facts.frozenBalls.length > 0) parts.push(`${w.frozen} ${ballList(facts.frozenBalls)}`);
  for (const foul of facts.strokeFouls) parts.push(`${w.strokeFoul}: ${w.strokeFouls[foul]}`);
  if (facts.stroke !== null)
    parts.push(w.stroke(Math.round(facts.stroke.gapMm), Math.round(facts.stroke.angleDeg)));
  return ctx.st.dim(parts.join(' · '));
}

export function scoreText(ctx: Context, scores: readonly [number, number]): string {
  return `${ctx.players[0]} ${ctx.st.bold(String(scores[0]))} : ${ctx.st.bold(String(scores[1]))} ${ctx.players[1]}`;
}

function verdictText(ctx: Context, ruling: Ruling): string {
  const w = words(ctx.lang);
  switch (ruling.verdict) {
    case 'foul':
      return ctx.st.red(ctx.st.bold(`${w.foul} ${ruling.fouls.join(', ')}`));
    case 'no-penalty':
      return ctx.st.yellow(w.noPenalty);
    case 'legal':
      return ruling.action === 'shot' ? ctx.st.green(w.legal) : ctx.st.cyan(w.done);
  }
}

function pointsText(ctx: Context, ruling: Ruling): string | null {
  const parts: string[] = [];
  for (const player of [0, 1] as const) {
    const points = ruling.points[player];
    if (points !== 0) parts.push(`${ctx.players[player]} ${signed(points)}`);
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The verdict line, the balls, the reasons and (unless `compact`) the next turn. */
export function describeRuling(ctx: Context, ruling: Ruling, options: { readonly next: boolean }): string[] {
  const w = words(ctx.lang);
  const say = (text: string) => namePlayers(text, ctx.players);
  const lines: string[] = [];
  const head = [verdictText(ctx, ruling)];
  const points = pointsText(ctx, ruling);
  if (points !== null) head.push(points);
  head.push(`${w.score} ${scoreText(ctx, ruling.scores)}`);
  lines.push(`   ${head.join('   ')}`);
  if (ruling.scored.length > 0) lines.push(`   ${w.scored}: ${ballList(ruling.scored)}`);
  const shelvedOnly = ruling.shelved.filter((entry) => !ruling.scored.includes(entry.ball));
  if (shelvedOnly.length > 0) {
    lines.push(
      `   ${w.toShelf}: ${shelvedOnly.map((entry) => `${entry.ball} → ${ctx.players[entry.player]}`).join(', ')}`,
    );
  }
  if (ruling.respotted.length > 0) {
    const spots = ruling.respotted.map((spot) =>
      spot.at === null ? `${spot.ball}` : `${spot.ball} ${at(spot.at)}`,
    );
    lines.push(`   ${w.respotted}: ${spots.join(', ')}`);
  }
  for (const reason of ruling.reasons) {
    const text = `${say(reason[ctx.lang])} ${ctx.st.dim(`[${citeIn(reason.cite, ctx.lang)}]`)}`;
    lines.push(...wrap(text, ctx.width, '   · ', '     '));
  }
  if (ruling.frameWinner !== null) {
    const scores = `${ruling.scores[0]}:${ruling.scores[1]}`;
    lines.push(
      `   ${ctx.st.bold(ctx.st.yellow(`★ ${w.frameWon(ctx.players[ruling.frameWinner], scores)}`))}`,
    );
  }
  if (ruling.matchWinner !== null && ruling.frameWinner === null) {
    lines.push(`   ${ctx.st.bold(ctx.st.yellow(`★ ${w.matchWon(ctx.players[ruling.matchWinner])}`))}`);
  }
  if (options.next)
    lines.push(...wrap(`${w.next}: ${say(describeTurn(ruling.next, ctx.lang))}`, ctx.width, '   ', '     '));
  return fitToWidth(lines, ctx.width);
}

export function noteLines(ctx: Context, raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null || !('note' in raw)) return [];
  const note = inLanguage((raw as { note?: unknown }).note, ctx.lang);
  if (note === null || note.length === 0) return [];
  return wrap(`“${note}”`, ctx.width, '   ', '    ').map((line) => ctx.st.cyan(line));
}

function shelfLine(ctx: Context, balls: readonly BallId[]): string {
  return balls.length === 0 ? words(ctx.lang).nothing : `${balls.join(' ')}  (${balls.length})`;
}

/** The state after the last action: frame, scores, shelves, the balls on the table, the turn, the winner. */
export function describeState(ctx: Context, state: MatchState): string[] {
  const w = words(ctx.lang);
  const summary: StateSummary = summarise(state);
  const label = (text: string) => `  ${text.padEnd(11)}`;
  const nameWidth = Math.max(ctx.players[0].length, ctx.players[1].length);
  const { spec, preset } = matchTable(summary.tableSize);
  // The tournament table goes without saying, as in the records.
  const table = summary.tableSize === '12ft' ? '' : `, ${w.table(preset.sizeFeet)}`;
  const lines = [
    ctx.st.bold(
      `${w.finalState} — ${VARIANT_NAMES[summary.variant][ctx.lang]}${table}, ${w.frame} ${summary.frame}`,
    ),
    `${label(w.score)}${scoreText(ctx, summary.scores)}`,
  ];
  if (state.settings.framesToWin > 1)
    lines.push(`${label(w.frames)}${summary.framesWon[0]} : ${summary.framesWon[1]}`);
  lines.push(`${label(w.shelves)}${ctx.players[0].padEnd(nameWidth)}  ${shelfLine(ctx, summary.shelves[0])}`);
  lines.push(`${label('')}${ctx.players[1].padEnd(nameWidth)}  ${shelfLine(ctx, summary.shelves[1])}`);
  lines.push(`${label(w.onTable)}${summary.table.length === 0 ? w.nothing : summary.table.join(' ')}`);
  lines.push(`${label(w.next)}${describeTurn(summary.turn, ctx.lang, ctx.players)}`);
  lines.push(
    `${label(w.winner)}${summary.winner === null ? w.none : ctx.st.bold(ctx.players[summary.winner])}`,
  );
  const text = fitToWidth(lines, ctx.width);
  // The drawing is as wide as the table, whatever the terminal.
  if (summary.positions !== null) text.push(...drawTable(summary.positions, ctx.st, '  ', spec));
  return text;
}

export function targetText(ctx: Context, state: MatchState): string {
  return words(ctx.lang).firstTo(targetScore(state.variant));
}
