/**
 * A ruling in the making. The referee's steps write to this scratch copy; `finish` freezes it into
 * a new state and a ruling. The input state is never written to: arrays are copied before change.
 */
import type { Point } from '@pyramid/table';
import { classicRack, rackPositions } from '@pyramid/table';
import type { ActionType } from './actions.js';
import { type BallId, COLOURED, sortBalls, WHITE_BALLS } from './balls.js';
import { joinReasons, reasons } from './explain.js';
import { type Positions, respot, SPEC, withoutBalls } from './position.js';
import type { FoulCode, Reason, Respot, Ruling, Verdict } from './ruling.js';
import { type MatchState, other, type Player, type ShotTurn, type Turn } from './state.js';
import { targetScore } from './variant.js';

const NONE: readonly never[] = Object.freeze([]);

export class Draft {
  scores: [number, number];
  shelves: [BallId[], BallId[]];
  table: BallId[];
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
  readonly points: [number, number] = [0, 0];
  scored: readonly BallId[] = NONE;
  shelved: readonly { ball: BallId; player: Player }[] = NONE;
  respotted: readonly Respot[] = NONE;
  readonly reasons: Reason[] = [];
  frameWinner: Player | null = null;
  matchWinner: Player | null = null;

  constructor(
    readonly state: MatchState,
    readonly action: ActionType,
    readonly player: Player | null,
  ) {
    this.scores = [state.scores[0], state.scores[1]];
    // Shelves are copied on first write (`shelf`); the table is replaced, never written in place.
    this.shelves = [state.shelves[0] as BallId[], state.shelves[1] as BallId[]];
    this.table = state.table as BallId[];
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

  addScored(balls: readonly BallId[]): void {
    if (balls.length > 0) this.scored = [...this.scored, ...balls];
  }

  say(reason: Reason): void {
    this.reasons.push(reason);
  }

  addPoints(player: Player, points: number): void {
    this.scores[player] += points;
    this.points[player] += points;
  }

  removeFromTable(balls: readonly BallId[]): void {
    if (balls.length === 0) return;
    this.table = this.table.filter((ball) => !balls.includes(ball));
    this.positions = withoutBalls(this.positions, balls);
  }

  putOnTable(ball: BallId, at: Point | null): void {
    if (!this.table.includes(ball)) this.table = sortBalls([...this.table, ball]);
    if (this.positions !== null) {
      if (at === null) this.positions = null;
      else this.positions = { ...this.positions, [ball]: at };
    }
  }

  /** A player's shelf, copied from the input state the first time it is written. */
  shelf(player: Player): BallId[] {
    if (!this.copiedShelves[player]) {
      this.shelves[player] = this.shelves[player].slice();
      this.copiedShelves[player] = true;
    }
    return this.shelves[player];
  }

  private readonly copiedShelves: [boolean, boolean] = [false, false];

  toShelf(player: Player, ball: BallId): void {
    this.removeFromTable([ball]);
    this.shelf(player).push(ball);
    this.shelved = [...this.shelved, { ball, player }];
  }

  /** п.25: puts `balls` (currently off the bed) back on the spotting line. */
  respot(balls: readonly BallId[]): void {
    if (balls.length === 0) return;
    const result = respot(balls, this.positions);
    this.positions = result.positions;
    this.table = sortBalls([...this.table, ...balls]);
    this.respotted = [...this.respotted, ...result.respotted];
    this.say(reasons.respotted(result.respotted.map((entry) => entry.ball)));
  }

  target(): number {
    return targetScore(this.variant);
  }

  /** Ends the frame: the match too if `framesToWin` is reached, otherwise the next frame is racked. */
  winFrame(winner: Player): void {
    this.frameWinner = winner;
    this.finalScores = [this.scores[0], this.scores[1]];
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
    this.copiedShelves[0] = true;
    this.copiedShelves[1] = true;
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
    const rack =
      this.variant === 'classic' && sorted.length === WHITE_BALLS.length
        ? classicRack(SPEC)
        : rackPositions(SPEC, sorted);
    const positions: Record<string, Point> = {};
    for (const { ball, at } of rack) positions[ball] = at;
    this.table = sorted;
    this.positions = positions;
  }

  finish(): { state: MatchState; ruling: Ruling } {
    const state: MatchState = {
      variant: this.state.variant,
      settings: this.state.settings,
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
      scores: this.frameWinner === null ? this.scores : this.finalScores,
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
  finalScores: [number, number] = [0, 0];
}

export function breakTurn(player: Player): ShotTurn {
  return {
    kind: 'shot',
    player,
    terms: { kind: 'break', cueBall: COLOURED, inHand: 'house', objectBallsOnly: false, callRequired: false },
  };
}
