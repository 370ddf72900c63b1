/**
 * Starting a match: from the rack, or from a given situation (like a chess FEN) so that a scorer
 * can take over a frame in progress and a test can start anywhere. A situation is validated like
 * any input: every ball accounted for exactly once, scores that agree with the shelves, terms of
 * the next shot that the variant allows.
 */
import { fieldPointer, type Result } from '@pyramid/core';
import type { Point } from '@pyramid/table';
import { type BallId, COLOURED, sortBalls } from './balls.js';
import { nextOf } from './continuation.js';
import { breakTurn, Draft } from './draft.js';
import type { RefereeError } from './errors.js';
import { array, ball, balls, bool, fail, isRecord, parsing, player, positions, record } from './parse.js';
import { overlapping, restsOnTable } from './position.js';
import { resolveSettings, type Settings } from './settings.js';
import type {
  InHand,
  LagReason,
  LagTurn,
  MatchState,
  PendingDecision,
  Player,
  ShotKind,
  ShotTerms,
  ShotTurn,
  Turn,
} from './state.js';
import { DEFAULT_TABLE_SIZE, isTableSize, TABLE_SIZES, type TableSize } from './table-size.js';
import { isVariant, VARIANT_NAMES, VARIANTS, type Variant } from './variant.js';
import { type Rulebook, rulebookOf } from './variants/index.js';

export interface RackStart {
  readonly from: 'rack';
  /** Who breaks; when omitted a lag (п.7) is pending first. */
  readonly breaker?: Player;
  /** The table; when omitted the 12 ft tournament table. */
  readonly tableSize?: TableSize;
}

export interface NewMatch {
  readonly variant: Variant;
  readonly settings?: Partial<Settings>;
  readonly players?: readonly [string, string];
  readonly start?: RackStart | Record<string, unknown>;
}

/** A fresh match at the rack. Input is trusted only as far as the types go; use `parseMatchStart` for JSON. */
export function newMatch(
  variant: Variant,
  options: {
    settings?: Partial<Settings>;
    breaker?: Player;
    players?: readonly [string, string];
    /** Default: the 12 ft tournament table. */
    tableSize?: TableSize;
  } = {},
): MatchState {
  const result = parseMatchStart({
    variant,
    settings: options.settings ?? {},
    players: options.players,
    start: { from: 'rack', breaker: options.breaker, tableSize: options.tableSize },
  });
  if (!result.ok) throw new Error(`newMatch: ${result.error.field}: ${result.error.message}`);
  return result.value;
}

function emptyState(
  variant: Variant,
  settings: Settings,
  tableSize: TableSize,
  players: readonly [string, string],
): MatchState {
  return {
    variant,
    settings,
    tableSize,
    players,
    frame: 1,
    framesWon: [0, 0],
    breaker: null,
    scores: [0, 0],
    shelves: [[], []],
    table: [],
    positions: null,
    turn: { kind: 'lag', reason: 'match-start' },
    lastPocketed: null,
    playOff: false,
    extensionsUsed: [0, 0],
    shotsInFrame: 0,
  };
}

/** Reads the header of a match record (variant, settings, players, start) into the starting state. */
export function parseMatchStart(input: unknown): Result<MatchState, RefereeError> {
  return parsing(() => {
    if (!isRecord(input)) fail('', 'must be an object', 'invalid-setup');
    const variant = input.variant;
    if (!isVariant(variant)) fail('variant', `must be one of ${VARIANTS.join(', ')}`, 'invalid-setup');
    const settings = resolveSettings(input.settings);
    if (!settings.ok) fail(settings.error.field, settings.error.message, 'invalid-setup');
    let players: readonly [string, string] = ['A', 'B'];
    if (input.players !== undefined) {
      const list = array(input.players, 'players');
      if (
        list.length !== 2 ||
        !list.every((name) => typeof name === 'string' && name.length > 0 && name.length <= 80)
      ) {
        fail('players', 'must be two non-empty names', 'invalid-setup');
      }
      players = [list[0] as string, list[1] as string];
    }
    const start = input.start ?? { from: 'rack' };
    if (!isRecord(start)) fail('start', 'must be an object', 'invalid-setup');
    const base = emptyState(variant, settings.value, tableSizeOf(start.tableSize), players);
    if (start.from === 'rack') {
      const s = record(start, 'start', ['from', 'breaker', 'tableSize']);
      const draft = new Draft(rulebookOf(base), base, 'lag', null);
      draft.startFrame(1, 0);
      const state = draft.finish().state;
      if (s.breaker === undefined)
        return { ...state, breaker: null, turn: { kind: 'lag', reason: 'match-start' } };
      const breaker = player(s.breaker, 'start.breaker');
      return { ...state, breaker, turn: breakTurn(breaker) };
    }
    if (start.from === 'situation') return situation(base, start);
    return fail('start.from', 'must be "rack" or "situation"', 'invalid-setup');
  });
}

/** `start.tableSize`: a preset key, the 12 ft tournament table when omitted. */
function tableSizeOf(value: unknown): TableSize {
  if (value === undefined) return DEFAULT_TABLE_SIZE;
  if (!isTableSize(value)) invalid('start.tableSize', `must be one of ${TABLE_SIZES.join(', ')}`);
  return value;
}

const SITUATION_FIELDS = [
  'from',
  'tableSize',
  'scores',
  'shelves',
  'table',
  'positions',
  'turn',
  'lastPocketed',
  'playOff',
  'frame',
  'framesWon',
  'breaker',
  'extensionsUsed',
  'shotsInFrame',
];

function invalid(field: string, message: string): never {
  return fail(field, message, 'invalid-setup');
}

function integer(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    invalid(field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function pair<T>(value: unknown, field: string, read: (v: unknown, f: string) => T): [T, T] {
  const list = array(value, field);
  if (list.length !== 2) invalid(field, 'must have one entry per player');
  return [read(list[0], `${field}[0]`), read(list[1], `${field}[1]`)];
}

function situation(base: MatchState, s0: Record<string, unknown>): MatchState {
  const s = record(s0, 'start', SITUATION_FIELDS);
  const { settings } = base;
  const rules = rulebookOf(base);
  const target = rules.targetScore;
  const low = rules.lowestScore(settings);
  const scores = pair(s.scores ?? [0, 0], 'start.scores', (v, f) => integer(v, f, low, target - 1));
  // Omitted scores are 0:0; an error about them names the missing field itself.
  const scoreField = (p: Player) => (s.scores === undefined ? 'start.scores' : `start.scores[${p}]`);
  const shelves = pair(s.shelves ?? [[], []], 'start.shelves', (v, f) => balls(v, f));
  if (s.table === undefined) invalid('start.table', 'list the balls on the bed');
  const table = balls(s.table, 'start.table');
  const seen = new Map<BallId, string>();
  const note = (b: BallId, where: string) => {
    const before = seen.get(b);
    if (before !== undefined)
      fail(where, `ball ${b} is also at ${fieldPointer(before)}`, 'ball-pocketed-twice');
    seen.set(b, where);
  };
  for (const [i, b] of table.entries()) note(b, `start.table[${i}]`);
  for (const [p, shelf] of shelves.entries()) {
    for (const [i, b] of shelf.entries()) note(b, `start.shelves[${p}][${i}]`);
  }
  if (!rules.anyBallIsCueBall) {
    shelves.forEach((shelf, p) => {
      if (shelf.includes(COLOURED))
        invalid(`start.shelves[${p}]`, 'only in Free pyramid can the coloured ball be on a shelf');
    });
  }
  const turn = parseTurn(s.turn, 'start.turn', rules);
  // The situation as a whole: every ball in exactly one place — on the bed, on one shelf, or in
  // hand (a ball in hand may also be listed on the bed, where it is taken up) — and never in hand
  // while it is on a shelf, where it was scored.
  const hand = handBall(turn);
  const cueInHand = hand === null ? null : hand.ball;
  if (hand !== null) {
    const scored = seen.get(hand.ball);
    if (scored?.startsWith('start.shelves'))
      invalid(hand.field, `ball ${hand.ball} is in hand but is also on a shelf (${fieldPointer(scored)})`);
  }
  for (let b = 1; b <= 15; b++) {
    if (!seen.has(b) && cueInHand !== b)
      invalid('start.table', `white ball ${b} is neither on the table, nor on a shelf, nor in hand`);
  }
  if (!seen.has(COLOURED) && cueInHand !== COLOURED) {
    invalid(
      'start.table',
      'the coloured ball is missing: put it on the table, on a shelf (Free), or give the next shot with the cue ball in hand',
    );
  }
  const onBed = cueInHand === null ? table : table.filter((b) => b !== cueInHand);
  if (onBed.filter((b) => b !== COLOURED).length === 0 && !rules.anyBallIsCueBall)
    invalid('start.table', 'no object ball is left on the table');
  if (rules.anyBallIsCueBall && onBed.length + (cueInHand === null ? 0 : 1) < 2)
    invalid('start.table', 'at least two balls are needed to play');
  // Scores against shelves: Free and Combined score one point per shelf ball (a pending ball is owed);
  // Dynamic's option (2) point can run ahead of the shelf; Classic scores by value, unrelated to count.
  for (const p of [0, 1] as const) {
    const owed =
      turn.kind === 'decision' && turn.decision.player === p && turn.decision.kind !== 'dynamic-option'
        ? 1
        : 0;
    const wrong = rules.scoreAgainstShelf(scores[p], shelves[p].length, owed);
    if (wrong !== null) invalid(scoreField(p), wrong);
  }
  if (
    turn.kind === 'shot' &&
    turn.terms.cueBall !== 'choose' &&
    turn.terms.inHand === null &&
    !onBed.includes(turn.terms.cueBall)
  ) {
    invalid('start.turn.terms.cueBall', `ball ${turn.terms.cueBall} is not on the table`);
  }
  if (turn.kind === 'decision') {
    const eligible = onBed.filter((b) => rules.anyBallIsCueBall || b !== COLOURED);
    if (eligible.length === 0) invalid('start.turn.decision', 'no ball on the table can be taken');
  }
  const pos = positions(s.positions, 'start.positions');
  if (pos !== null) {
    for (const b of onBed)
      if (pos[b] === undefined)
        invalid(`start.positions.${b}`, `ball ${b} is on the table but has no position`);
    for (const [key, at] of Object.entries(pos) as [string, Point][]) {
      if (!onBed.includes(Number(key))) invalid(`start.positions.${key}`, `ball ${key} is not on the table`);
      if (!restsOnTable(base.tableSize, at))
        invalid(`start.positions.${key}`, `ball ${key} lies outside the bed`);
      const hit = overlapping(base.tableSize, pos, at, Number(key));
      if (hit !== null) invalid(`start.positions.${key}`, `ball ${key} overlaps ball ${hit}`);
    }
  }
  if (turn.kind === 'decision' && turn.decision.kind === 'dynamic-option' && turn.decision.respotted)
    checkRespotted(turn.decision.respotted, 'start.turn.decision.respotted', onBed, pos);
  const framesToWin = settings.framesToWin;
  const framesWon = pair(s.framesWon ?? [0, 0], 'start.framesWon', (v, f) =>
    integer(v, f, 0, framesToWin - 1),
  );
  const breaker = s.breaker === undefined || s.breaker === null ? null : player(s.breaker, 'start.breaker');
  const lastPocketed =
    s.lastPocketed === undefined || s.lastPocketed === null
      ? null
      : ball(s.lastPocketed, 'start.lastPocketed');
  const playOff = s.playOff === undefined ? false : bool(s.playOff, 'start.playOff');
  if (playOff && !rules.playOff) invalid('start.playOff', 'only Classic pyramid has a 70:70 play-off');
  const extensionsUsed = pair(s.extensionsUsed ?? [0, 0], 'start.extensionsUsed', (v, f) =>
    integer(v, f, 0, 99),
  );
  return {
    ...base,
    frame: s.frame === undefined ? 1 : integer(s.frame, 'start.frame', 1, 999),
    framesWon,
    breaker,
    scores,
    shelves,
    table: sortBalls(onBed),
    positions: pos,
    turn,
    lastPocketed,
    playOff,
    extensionsUsed,
    // Shots played in this frame: 0 before its first break (a touch after a shot then concerns the
    // previous frame, п.22.3); a situation is taken over mid-frame unless it says so.
    shotsInFrame: s.shotsInFrame === undefined ? 1 : integer(s.shotsInFrame, 'start.shotsInFrame', 0, 99999),
  };
}

/**
 * Dynamic 7(2), п.25: balls re-spotted around the cue ball lying on the bed are object balls on the
 * bed, each named once, and re-spotting them again needs the positions and the cue ball on the bed.
 */
function checkRespotted(
  respotted: readonly BallId[],
  field: string,
  onBed: readonly BallId[],
  pos: Readonly<Record<string, Point>> | null,
): void {
  if (pos === null) invalid(field, 'balls re-spotted around the cue ball need start.positions');
  if (!onBed.includes(COLOURED))
    invalid(field, 'balls are re-spotted around the cue ball only while it lies on the table');
  respotted.forEach((b, i) => {
    if (b === COLOURED) invalid(`${field}[${i}]`, 'only object balls are re-spotted (Dynamic 8)');
    if (!onBed.includes(b)) invalid(`${field}[${i}]`, `ball ${b} is not on the table`);
    if (respotted.indexOf(b) !== i) invalid(`${field}[${i}]`, `ball ${b} is listed twice`);
  });
}

/**
 * The ball in hand for the next shot, and the field that puts it there; null when none is. A lag
 * leads to a stroke from hand from the house with the coloured ball (the break, п.12, or the 70:70
 * play-off, Classic 5.7), so while it is pending the coloured ball is in hand.
 */
function handBall(turn: Turn): { ball: BallId; field: string } | null {
  // A situation may start with a decision; the shot its chain ends in holds the ball in hand.
  let field = 'start.turn';
  let at: Turn = turn;
  while (at.kind === 'decision') {
    const option = at.decision.kind === 'dynamic-option';
    field += `.decision.${option ? 'option1Then' : 'after'}`;
    at = nextOf(at.decision);
  }
  if (at.kind === 'lag') return { ball: COLOURED, field };
  const shot: ShotTurn | null = at.kind === 'shot' ? at : null;
  field += '.terms.cueBall';
  if (shot === null || shot.terms.inHand === null || shot.terms.cueBall === 'choose') return null;
  return { ball: shot.terms.cueBall, field };
}

const SHOT_KINDS: readonly ShotKind[] = ['break', 'ordinary', 'premium', 'penalty'];
const IN_HAND: readonly InHand[] = ['house', 'temporary-house', 'anywhere'];

function parseTerms(value: unknown, field: string, rules: Rulebook): ShotTerms {
  const t = record(value ?? {}, field, ['kind', 'cueBall', 'inHand', 'objectBallsOnly', 'callRequired']);
  const kind = (t.kind ?? 'ordinary') as ShotKind;
  if (!SHOT_KINDS.includes(kind)) invalid(`${field}.kind`, `must be one of ${SHOT_KINDS.join(', ')}`);
  const inHand = (t.inHand ?? (kind === 'break' ? 'house' : null)) as InHand | null;
  if (inHand !== null && !IN_HAND.includes(inHand))
    invalid(`${field}.inHand`, `must be null or one of ${IN_HAND.join(', ')}`);
  let cueBall: BallId | 'choose';
  if (t.cueBall === 'choose') cueBall = 'choose';
  else if (t.cueBall === undefined)
    cueBall = rules.anyBallIsCueBall && kind !== 'break' && inHand === null ? 'choose' : COLOURED;
  else cueBall = ball(t.cueBall, `${field}.cueBall`);
  if (!rules.anyBallIsCueBall && cueBall !== COLOURED)
    invalid(`${field}.cueBall`, 'only the coloured ball is the cue ball in this variant');
  if (rules.anyBallIsCueBall && kind !== 'break' && inHand === null && cueBall !== 'choose') {
    invalid(`${field}.cueBall`, 'Free 5.1: the striker chooses the cue ball ("choose")');
  }
  if (cueBall === 'choose' && inHand !== null)
    invalid(`${field}.inHand`, 'a chosen cue ball is played where it lies');
  if (kind === 'break' && (inHand !== 'house' || cueBall !== COLOURED))
    invalid(field, 'the break is played with the coloured ball from hand from the house');
  const objectBallsOnly =
    t.objectBallsOnly === undefined ? false : bool(t.objectBallsOnly, `${field}.objectBallsOnly`);
  if (objectBallsOnly && !rules.objectBallsOnlyShots)
    invalid(`${field}.objectBallsOnly`, 'only Dynamic pyramid has object-balls-only shots');
  const callRequired =
    t.callRequired === undefined
      ? rules.calls && kind !== 'break'
      : bool(t.callRequired, `${field}.callRequired`);
  if (callRequired !== (rules.calls && kind !== 'break')) {
    invalid(
      `${field}.callRequired`,
      'a call is required on every Classic shot but the break, and nowhere else',
    );
  }
  return { kind, cueBall, inHand, objectBallsOnly, callRequired };
}

function parseShotTurn(value: unknown, field: string, rules: Rulebook): ShotTurn {
  const t = record(value, field, ['kind', 'player', 'terms']);
  if (t.kind !== undefined && t.kind !== 'shot') invalid(`${field}.kind`, 'must be "shot"');
  return {
    kind: 'shot',
    player: player(t.player, `${field}.player`),
    terms: parseTerms(t.terms, `${field}.terms`, rules),
  };
}

function parseTurn(value: unknown, field: string, rules: Rulebook): Turn {
  if (!isRecord(value))
    return invalid(field, 'say whose turn it is: { kind: "shot" | "decision" | "lag", … }');
  switch (value.kind) {
    case 'shot':
      return parseShotTurn(value, field, rules);
    case 'lag': {
      const t = record(value, field, ['kind', 'reason']);
      const reason = (t.reason ?? 'match-start') as LagReason;
      if (!['match-start', 'interference', 'play-off'].includes(reason))
        invalid(`${field}.reason`, 'must be match-start, interference or play-off');
      if (reason === 'play-off' && !rules.playOff)
        invalid(`${field}.reason`, 'only Classic pyramid has a 70:70 play-off');
      return { kind: 'lag', reason };
    }
    case 'decision': {
      const t = record(value, field, ['kind', 'decision']);
      return { kind: 'decision', decision: parseDecision(t.decision, `${field}.decision`, rules) };
    }
    default:
      return invalid(`${field}.kind`, 'must be "shot", "decision" or "lag"');
  }
}

/**
 * What follows a situation's decision: the shot it leads to, or the lag of a §27 restart declared
 * while it was pending (reading 18). A decision owed after another arises only in play.
 */
function parseAfter(value: unknown, field: string, rules: Rulebook): ShotTurn | LagTurn {
  if (isRecord(value) && value.kind === 'lag') {
    const t = record(value, field, ['kind', 'reason']);
    if (t.reason !== 'interference')
      invalid(`${field}.reason`, 'a decision is followed by a lag only after §27: "interference"');
    return { kind: 'lag', reason: 'interference' };
  }
  return parseShotTurn(value, field, rules);
}

function parseDecision(value: unknown, field: string, rules: Rulebook): PendingDecision {
  if (!isRecord(value)) return invalid(field, 'must be an object');
  switch (value.kind) {
    case 'penalty-ball':
    case 'exchange-ball': {
      const d = record(value, field, ['kind', 'player', 'after']);
      if (value.kind === 'exchange-ball' && !rules.exchangeBalls) {
        invalid(`${field}.kind`, 'only Combined and Dynamic pyramid exchange a ball for the cue ball');
      }
      if (value.kind === 'penalty-ball' && !rules.penaltyBalls)
        invalid(`${field}.kind`, `${VARIANT_NAMES[rules.variant].en} has no penalty ball`);
      return {
        kind: value.kind,
        player: player(d.player, `${field}.player`),
        after: parseAfter(d.after, `${field}.after`, rules),
      };
    }
    case 'dynamic-option': {
      if (!rules.dynamicOption) invalid(`${field}.kind`, 'only Dynamic pyramid has the penalty option');
      const d = record(value, field, ['kind', 'player', 'option1Then', 'pointWithOption1', 'respotted']);
      // Dynamic 7(2), п.25: the balls the foul re-spotted around the cue ball on the bed, which
      // option (2) re-spots again once the cue ball is in hand (checked against the bed below).
      const respotted =
        d.respotted === undefined ? {} : { respotted: balls(d.respotted, `${field}.respotted`) };
      return {
        kind: 'dynamic-option',
        player: player(d.player, `${field}.player`),
        option1Then: parseAfter(d.option1Then, `${field}.option1Then`, rules),
        pointWithOption1:
          d.pointWithOption1 === undefined ? false : bool(d.pointWithOption1, `${field}.pointWithOption1`),
        ...respotted,
      };
    }
    default:
      return invalid(`${field}.kind`, 'must be penalty-ball, exchange-ball or dynamic-option');
  }
}
