/**
 * One self-play frame between two levels: side A is player 0, side B player 1; who breaks is given.
 * Every move comes from `@pyramid/bots` with a seed derived from the frame's seed and the action's
 * index, so a frame depends only on (variant, table, levels, seed, breaker) — not on which worker
 * plays it.
 * The frame's statistics and, on request, its match record (every action as the referee took it)
 * come back as plain data that crosses a worker boundary.
 */
import { chooseAction, execute, type Level, mixSeed } from '@pyramid/bots';
import { rackedMatch } from '@pyramid/match';
import {
  type FoulCode,
  type MatchState,
  type Player,
  RECORD_FORMAT,
  RECORD_VERSION,
  RULEBOOKS,
  recordAction,
  startTableSize,
  type TableSize,
  type Variant,
} from '@pyramid/rules';

export interface FrameSpec {
  readonly variant: Variant;
  /** The table (default: the 12 ft tournament table). */
  readonly tableSize?: TableSize;
  readonly a: Level;
  readonly b: Level;
  /** 0-based index of the frame in the run. */
  readonly index: number;
  /** The run's seed; the frame's own seed is derived from it and the index. */
  readonly seed: number;
  readonly record: boolean;
}

export interface SideStats {
  readonly shots: number;
  readonly visits: number;
  /** Balls that scored (the cue ball in a свояк included; penalty and exchange balls not). */
  readonly pots: number;
  readonly fouls: number;
  /** Fouls by code (§29.1 items and the two outside it). */
  readonly foulsByCode: Readonly<Partial<Record<FoulCode, number>>>;
  /** Milliseconds spent choosing shots (not deterministic: reported apart). */
  readonly thinkMs: number;
}

export interface FrameResult {
  readonly index: number;
  readonly seed: number;
  /** Who broke: 'a' or 'b'. */
  readonly breaker: 'a' | 'b';
  /** Null when the frame hit the action cap, or could not go on (see `error`). */
  readonly winner: 'a' | 'b' | null;
  readonly scores: readonly [number, number];
  readonly actions: number;
  readonly shots: number;
  /** Seconds of simulated play (from each stroke until the balls stopped). */
  readonly tableSeconds: number;
  readonly sides: { readonly a: SideStats; readonly b: SideStats };
  /** Why the frame stopped early, if it did. */
  readonly error: string | null;
  /** Strokes played again with fresh error because the simulator failed on them (its event cap). */
  readonly retries: number;
  /** Milliseconds each shot decision took, per side (not deterministic). */
  readonly decisionMs: { readonly a: readonly number[]; readonly b: readonly number[] };
  readonly record: Record<string, unknown> | null;
}

/** Actions after which a frame is abandoned as unfinished: more where balls score their values (a frame to 71, Classic 1). */
export function actionCap(variant: Variant): number {
  return RULEBOOKS[variant].scoresByValue ? 2500 : 1000;
}

/** Tries with fresh execution noise when a stroke fails in the simulator (the event cap). */
const RETRIES = 4;

/** The seed of frame `index` of a run seeded with `seed`. */
export function frameSeed(seed: number, index: number): number {
  return mixSeed(seed, 0x46524d00 + index);
}

interface MutableSide {
  shots: number;
  visits: number;
  pots: number;
  fouls: number;
  foulsByCode: Partial<Record<FoulCode, number>>;
  thinkMs: number;
}

const emptySide = (): MutableSide => ({
  shots: 0,
  visits: 0,
  pots: 0,
  fouls: 0,
  foulsByCode: {},
  thinkMs: 0,
});

export function playFrame(spec: FrameSpec, now: () => number = () => performance.now()): FrameResult {
  const seed = frameSeed(spec.seed, spec.index);
  const breaker: Player = (spec.index % 2) as Player;
  const players: [string, string] = [`A (${spec.a})`, `B (${spec.b})`];
  const tableSize = spec.tableSize ?? '12ft';
  let state: MatchState = rackedMatch(spec.variant, { breaker, players, tableSize });
  const levels: readonly [Level, Level] = [spec.a, spec.b];
  const sides: [MutableSide, MutableSide] = [emptySide(), emptySide()];
  const decisionMs: [number[], number[]] = [[], []];
  const actions: unknown[] = [];
  let shots = 0;
  let tableSeconds = 0;
  let lastShooter: Player | null = null;
  let error: string | null = null;
  let retries = 0;
  let winner: Player | null = null;
  let finalScores: readonly [number, number] = [0, 0];
  const cap = actionCap(spec.variant);
  while (state.turn.kind !== 'match-over') {
    if (actions.length >= cap) {
      error = `no winner after ${cap} actions`;
      break;
    }
    const turn = state.turn;
    const who: Player =
      turn.kind === 'shot' ? turn.player : turn.kind === 'decision' ? turn.decision.player : 0;
    const level = levels[who];
    const actionSeed = mixSeed(seed, actions.length);
    const t0 = now();
    const move = chooseAction(state, level, actionSeed);
    const thought = now() - t0;
    if (move === null) break;
    let done = execute(state, move, level, actionSeed);
    for (let retry = 1; !done.ok && done.error.kind === 'simulation' && retry <= RETRIES; retry++) {
      retries++;
      done = execute(state, move, level, mixSeed(actionSeed, retry));
    }
    if (!done.ok) {
      const e = done.error;
      error =
        e.kind === 'setup'
          ? `action ${actions.length}: ${e.message}`
          : e.kind === 'referee'
            ? `action ${actions.length}: the referee rejected the bot's ${move.type}: ${e.error.code}: ${e.error.message}`
            : `action ${actions.length}: the simulator failed ${RETRIES + 1} times: ${e.error.message}`;
      break;
    }
    const { ruling } = done.value;
    actions.push(recordAction(done.value.action));
    if (move.type === 'shot') {
      const side = sides[who];
      shots++;
      side.shots++;
      side.thinkMs += thought;
      decisionMs[who].push(thought);
      if (lastShooter !== who) side.visits++;
      lastShooter = who;
      side.pots += ruling.scored.length;
      tableSeconds += done.value.simulation?.duration ?? 0;
      if (ruling.verdict === 'foul') {
        side.fouls++;
        for (const code of ruling.fouls) side.foulsByCode[code] = (side.foulsByCode[code] ?? 0) + 1;
      }
    }
    if (ruling.frameWinner !== null) {
      winner = ruling.frameWinner;
      finalScores = ruling.scores;
    }
    state = done.value.state;
  }
  if (winner === null) finalScores = state.scores;
  const side = (p: Player): 'a' | 'b' => (p === 0 ? 'a' : 'b');
  const record = spec.record
    ? {
        format: RECORD_FORMAT,
        version: RECORD_VERSION,
        variant: spec.variant,
        players,
        start: { from: 'rack', breaker, ...startTableSize(tableSize) },
        actions,
        meta: {
          generator: 'pyramid selfplay',
          title: `Self-play: ${players[0]} against ${players[1]}, frame ${spec.index + 1}`,
          seed: spec.seed,
          frame: spec.index + 1,
          frameSeed: seed,
        },
      }
    : null;
  return {
    index: spec.index,
    seed,
    breaker: side(breaker),
    winner: winner === null ? null : side(winner),
    scores: finalScores,
    actions: actions.length,
    shots,
    tableSeconds,
    sides: { a: sides[0], b: sides[1] },
    error,
    retries,
    decisionMs: { a: decisionMs[0], b: decisionMs[1] },
    record,
  };
}
