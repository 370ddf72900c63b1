/**
 * A ruling in the making. The referee's steps write to this scratch copy; `finish` freezes it into
 * a new state and a ruling. The input state is never written to: arrays are copied before change.
 */
import type { Point } from '@pyramid/table';
import { classicRack, rackPositions } from '@pyramid/table';
import type { ActionType } from './actions.js';
import { type BallId, COLOURED, sortBalls, WHITE_BALLS } from './balls.js';
import { joinReasons, reasons } from './explain.js';
import { type Positions, respot, withoutBalls } from './position.js';
import type { RulebookFacts } from './rulebook-facts.js';
import type { FoulCode, Reason, Respot, Ruling, Verdict } from './ruling.js';
import { type MatchState, other, type Player, type ShotTurn, type Turn } from './state.js';
import { matchTable } from './table-size.js';

const NONE: readonly never[] = Object.freeze([]);
const NO_POINTS: readonly [number, number] = Object.freeze([0, 0] as const);

/** `pair` with `amount` added to one player's entry, as a new pair. */
function added(pair: readonly [number, number], player: Player, amount: number): [number, number] {
  return player === 0 ? [pair[0] + amount, pair[1]] : [pair[0], pair[1] + amount];
}

export class Draft {
  scores: readonly [number, number];
  shelves: readonly [readonly BallId[], readonly BallId[]];
  table: readonly BallId[];
  positions: Positions | null;
  turn: Turn;
  lastPocketed: BallId | null;
  playOff: boolean;
  extensionsUsed: [number, number];
  shotsInFrame: number;
  frame: number;
  framesWon: [number, number];
  breaker: Player | null;

  verdict: Verdict = 'legal';
  // Most rulings list no fouls, scores, shelvings or re-spots: they share one empty list until written.
  fouls: readonly FoulCode[] = NONE;
  // Replaced, never written in place, like the scores: most rulings share the pair of zeros.
  points: readonly [number, number] = NO_POINTS;
  scored: readonly BallId[] = NONE;
  shelved: readonly { ball: BallId; player: Player }[] = NONE;
  respotted: readonly Respot[] = NONE;
  readonly reasons: Reason[] = [];
  /** Where `sayUnlessFrameEnds` said a reason, and what stands in its place if the frame ends. */
  private provisional: { at: number; instead: Reason | null }[] = [];
  frameWinner: Player | null = null;
  matchWinner: Player | null = null;

  constructor(
    /** The variant's rulebook facts (its hooks are asked through `variants/`). */
    readonly rules: RulebookFacts,
    readonly state: MatchState,
    readonly action: ActionType,
    readonly player: Player | null,
  ) {
    // The scores, the shelves and the table are replaced, never written in place: until a ruling
    // changes them the new state shares them with the input state.
    this.scores = state.scores;
    this.shelves = state.shelves;
    this.table = state.table;
    this.positions = state.positions;
    this.turn = state.turn;
    this.lastPocketed = state.lastPocketed;
    this.playOff = state.playOff;
    // Replaced, never written in place (an extension or a new frame builds a new pair).
    this.extensionsUsed = state.extensionsUsed as [number, number];
    this.shotsInFrame = state.shotsInFrame;
    this.frame = state.frame;
    this.framesWon = state.framesWon as [number, number];
    this.breaker = state.breaker;
  }

  get variant() {
    return this.state.variant;
  }

  get settings() {
    return this.state.settings;
  }

  get tableSize() {
    return this.state.tableSize;
  }

  addScored(balls: readonly BallId[]): void {
    if (balls.length > 0) this.scored = [...this.scored, ...balls];
  }

  /**
   * Says how play goes on after a penalty (the visit continues, the turn passes, the cue ball in
   * hand, the decision still pending), which is untrue if the penalty then ends the frame: nothing
   * stays pending after it (reading 2), so `winFrame` takes the reason back, or says `instead`.
   */
  sayUnlessFrameEnds(reason: Reason, instead: Reason | null = null): void {
    this.provisional.push({ at: this.reasons.length, instead });
    this.reasons.push(reason);
  }

  say(reason: Reason): void {
    this.reasons.push(reason);
  }

  addPoints(player: Player, points: number): void {
    this.scores = added(this.scores, player, points);
    this.points = added(this.points, player, points);
  }

  removeFromTable(balls: readonly BallId[]): void {
    if (balls.length === 0) return;
    this.table = this.table.filter((ball) => !balls.includes(ball));
    this.positions = withoutBalls(this.positions, balls);
  }

  putOnTable(ball: BallId, at: Point | null): void {
    if (!this.table.includes(ball)) this.table = withBall(this.table, ball);
    if (this.positions !== null) {
      if (at === null) this.positions = null;
      else this.positions = { ...this.positions, [ball]: at };
    }
  }

  /** Replaces a player's shelf (shelves are never written in place). */
  setShelf(player: Player, balls: readonly BallId[]): void {
    this.shelves = player === 0 ? [balls, this.shelves[1]] : [this.shelves[0], balls];
  }

  toShelf(player: Player, ball: BallId): void {
    this.table = without(this.table, ball);
    if (this.positions !== null) this.positions = withoutBalls(this.positions, [ball]);
    this.setShelf(player, appended(this.shelves[player], ball));
    this.shelved = [...this.shelved, { ball, player }];
  }

  /** п.25: puts `balls` (currently off the bed) back on the spotting line. */
  respot(balls: readonly BallId[]): void {
    if (balls.length === 0) return;
    const result = respot(this.tableSize, balls, this.positions);
    this.positions = result.positions;
    this.table = sortBalls([...this.table, ...balls]);
    this.respotted = [...this.respotted, ...result.respotted];
    this.say(reasons.respotted(result.respotted.map((entry) => entry.ball)));
  }

  /**
   * Lifts the coloured cue ball off the bed for a ruling that puts it in hand, before anything is
   * re-spotted (Classic 5.7, Dynamic 7(2)): a cue ball about to be picked up never blocks a spot.
   * `respottedEarlier` are balls already re-spotted around it; they are re-spotted again without it.
   */
  liftCueBall(respottedEarlier: readonly BallId[]): void {
    if (!this.table.includes(COLOURED)) return;
    this.removeFromTable([COLOURED]);
    this.respotAgain(respottedEarlier);
  }

  /** п.25 again for `balls` (on the bed, positions known): those whose place changes move and are reported. */
  private respotAgain(balls: readonly BallId[]): void {
    const before = this.positions;
    if (before === null) return;
    const onBed = balls.filter((ball) => this.table.includes(ball));
    if (onBed.length === 0) return;
    const result = respot(this.tableSize, onBed, withoutBalls(before, onBed));
    if (result.positions === null) return;
    const moved = result.respotted.filter(({ ball, at }) => {
      const was = before[ball];
      return at !== null && (was === undefined || was.x !== at.x || was.y !== at.y);
    });
    if (moved.length === 0) return;
    this.positions = result.positions;
    const movedBalls = moved.map((entry) => entry.ball);
    this.respotted = [...this.respotted.filter((entry) => !movedBalls.includes(entry.ball)), ...moved];
    this.say(reasons.respottedWithoutCueBall(movedBalls));
  }

  target(): number {
    return this.rules.targetScore;
  }

  /** Ends the frame: the match too if `framesToWin` is reached, otherwise the next frame is racked. */
  winFrame(winner: Player): void {
    this.frameWinner = winner;
    this.finalScores = this.scores;
    for (const { at, instead } of this.provisional.reverse()) {
      if (instead === null) this.reasons.splice(at, 1);
      else this.reasons[at] = instead;
    }
    this.provisional = [];
    this.say(reasons.frameWon(winner, this.scores));
    this.framesWon =
      winner === 0 ? [this.framesWon[0] + 1, this.framesWon[1]] : [this.framesWon[0], this.framesWon[1] + 1];
    if (this.framesWon[winner] >= this.settings.framesToWin) {
      this.matchWinner = winner;
      this.turn = { kind: 'match-over', winner };
      if (this.settings.framesToWin > 1) this.say(reasons.matchWon(winner, this.framesWon));
      return;
    }
    // п.9 reading: breaks alternate between frames; if the record never said who broke, the loser breaks.
    const breaker = this.breaker === null ? other(winner) : other(this.breaker);
    this.startFrame(this.frame + 1, breaker);
  }

  startFrame(frame: number, breaker: Player): void {
    this.frame = frame;
    this.breaker = breaker;
    this.scores = [0, 0];
    this.shelves = [[], []];
    this.rackWhites(WHITE_BALLS);
    this.lastPocketed = null;
    this.playOff = false;
    this.extensionsUsed = [0, 0];
    this.shotsInFrame = 0;
    this.turn = breakTurn(breaker);
    this.say(reasons.nextFrame(frame, breaker));
  }

  /**
   * Racks `whites` as a full or incomplete pyramid (§27, п.8) with the apex on the back spot; the
   * coloured ball goes in hand. Classic keeps its fixed order while all fifteen balls remain.
   */
  rackWhites(whites: readonly BallId[]): void {
    const sorted = sortBalls(whites);
    const { spec } = matchTable(this.tableSize);
    const rack =
      this.rules.fixedRack && sorted.length === WHITE_BALLS.length
        ? classicRack(spec)
        : rackPositions(spec, sorted);
    const positions: Record<string, Point> = {};
    for (const { ball, at } of rack) positions[ball] = at;
    this.table = sorted;
    this.positions = positions;
  }

  finish(): { state: MatchState; ruling: Ruling } {
    const state: MatchState = {
      variant: this.state.variant,
      settings: this.state.settings,
      tableSize: this.state.tableSize,
      players: this.state.players,
      frame: this.frame,
      framesWon: this.framesWon,
      breaker: this.breaker,
      scores: this.scores,
      shelves: this.shelves,
      table: this.table,
      positions: this.positions,
      turn: this.turn,
      lastPocketed: this.lastPocketed,
      playOff: this.playOff,
      extensionsUsed: this.extensionsUsed,
      shotsInFrame: this.shotsInFrame,
    };
    const ruling: Ruling = {
      action: this.action,
      player: this.player,
      verdict: this.verdict,
      fouls: this.fouls,
      points: this.points,
      scores: this.finalScores ?? this.scores,
      scored: this.scored,
      shelved: this.shelved,
      respotted: this.respotted,
      next: this.turn,
      frameWinner: this.frameWinner,
      matchWinner: this.matchWinner,
      reasons: this.reasons,
      explanation: joinReasons(this.reasons),
    };
    return { state, ruling };
  }

  /** The scores at the moment the frame was won (a new frame resets the live ones). */
  finalScores: readonly [number, number] | null = null;
}

// The helpers below size their result exactly: an array grown by `push` or a spread reserves room
// for sixteen more entries, and these lists end up in the states the referee returns.

/** `balls` without `ball` (itself if `ball` is not among them). */
function without(balls: readonly BallId[], ball: BallId): readonly BallId[] {
  const index = balls.indexOf(ball);
  if (index < 0) return balls;
  const rest: BallId[] = new Array(balls.length - 1);
  for (let i = 0; i < index; i++) rest[i] = balls[i]!;
  for (let i = index + 1; i < balls.length; i++) rest[i - 1] = balls[i]!;
  return rest;
}

/** `balls` with `ball` added at the end. */
function appended(balls: readonly BallId[], ball: BallId): BallId[] {
  const next: BallId[] = new Array(balls.length + 1);
  for (let i = 0; i < balls.length; i++) next[i] = balls[i]!;
  next[balls.length] = ball;
  return next;
}

/** The ascending `table` with `ball` (not on it) added in its place. */
function withBall(table: readonly BallId[], ball: BallId): BallId[] {
  const next: BallId[] = new Array(table.length + 1);
  let i = 0;
  for (; i < table.length && table[i]! < ball; i++) next[i] = table[i]!;
  next[i] = ball;
  for (; i < table.length; i++) next[i + 1] = table[i]!;
  return next;
}

export function breakTurn(player: Player): ShotTurn {
  return {
    kind: 'shot',
    player,
    terms: { kind: 'break', cueBall: COLOURED, inHand: 'house', objectBallsOnly: false, callRequired: false },
  };
}
