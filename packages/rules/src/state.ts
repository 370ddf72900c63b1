/**
 * The referee's state of a match: immutable, JSON-serialisable, and shaped so that illegal states
 * cannot be written down. Whose move it is and what kind of move is one `Turn`, a discriminated
 * union: a shot with its terms, a decision pending for one player, a lag, or the end of the match.
 */
import type { PocketId, Point } from '@pyramid/table';
import type { BallId } from './balls.js';
import type { Settings } from './settings.js';
import type { TableSize } from './table-size.js';
import type { Variant } from './variant.js';

export type Player = 0 | 1;

export const other = (player: Player): Player => (player === 0 ? 1 : 0);

/** Where a cue ball in hand may be placed (п.11, п.21; Dynamic 5.2 and 7). */
export type InHand = 'house' | 'temporary-house' | 'anywhere';

/** The kinds of shot the rules name. */
export type ShotKind = 'break' | 'ordinary' | 'premium' | 'penalty';

/** Classic 5.2: the ball and the pocket the player names before the stroke. */
export interface Call {
  readonly ball: BallId;
  readonly pocket: PocketId;
}

/** The terms of the next shot: what the striker may and must do. */
export interface ShotTerms {
  readonly kind: ShotKind;
  /** Free 5.1: the striker chooses the cue ball; otherwise it is fixed. */
  readonly cueBall: BallId | 'choose';
  /** The cue ball is in hand and must be placed there, or null when it is played where it lies. */
  readonly inHand: InHand | null;
  /** Dynamic 5.2 and 7(2): only object balls may be pocketed; a falling cue ball is not counted. */
  readonly objectBallsOnly: boolean;
  /**
   * Classic 5.2: a call is due (every shot but the break). A shot played without one is still a
   * shot: no ball of it is a called ball correctly pocketed (5.3), so what falls is unordered (5.4).
   */
  readonly callRequired: boolean;
}

export interface ShotTurn {
  readonly kind: 'shot';
  readonly player: Player;
  readonly terms: ShotTerms;
}

/**
 * What follows a decision: the shot it leads to; another decision owed first (an offence while a
 * decision was pending adds its penalty to the decisions still to take, п.28, п.22.3); or the lag of a
 * §27 restart declared while a decision was pending. A chain ends in a shot or a lag.
 */
export type Continuation = ShotTurn | DecisionTurn | LagTurn;

/** A decision the rules give one player; `after` is what follows it. */
export type PendingDecision =
  | {
      /** Free 7, Combined 7, Dynamic 7(1): the opponent of the offender takes any ball to his shelf. */
      readonly kind: 'penalty-ball';
      readonly player: Player;
      readonly after: Continuation;
    }
  | {
      /** Combined 5.2, Dynamic 5.2: an object ball taken in exchange for the legally pocketed cue ball. */
      readonly kind: 'exchange-ball';
      readonly player: Player;
      readonly after: Continuation;
    }
  | {
      /** Dynamic 7: (1) take a ball and play on from the position, or (2) a penalty shot from hand. */
      readonly kind: 'dynamic-option';
      readonly player: Player;
      /**
       * What follows option (1)'s ball: the shot from the position (in hand anywhere if the cue ball
       * is off), or the decisions still owed before it. Option (2) replaces the decider's own next
       * shot in it by the penalty shot.
       */
      readonly option1Then: Continuation;
      /** Whether option (1) still owes the point (setting dynamicOption2AwardsPoint = false). */
      readonly pointWithOption1: boolean;
      /**
       * Balls the foul re-spotted while the cue ball lay on the bed (known positions only): option (2)
       * lifts the cue ball for the penalty shot, and they are re-spotted again without it (п.25).
       */
      readonly respotted?: readonly BallId[];
    };

export interface DecisionTurn {
  readonly kind: 'decision';
  readonly decision: PendingDecision;
}

/** Why a lag (розыгрыш, п.7) is pending. */
export type LagReason = 'match-start' | 'interference' | 'play-off';

export interface LagTurn {
  readonly kind: 'lag';
  readonly reason: LagReason;
}

export interface MatchOverTurn {
  readonly kind: 'match-over';
  readonly winner: Player;
}

export type Turn = ShotTurn | DecisionTurn | LagTurn | MatchOverTurn;

export interface MatchState {
  readonly variant: Variant;
  readonly settings: Settings;
  /** The table the match is played on: every house, spot and re-spot is measured on it. */
  readonly tableSize: TableSize;
  readonly players: readonly [string, string];
  /** 1-based number of the frame being played. */
  readonly frame: number;
  readonly framesWon: readonly [number, number];
  /** Who broke (or is to break) the current frame; breaks alternate between frames (п.9 reading). */
  readonly breaker: Player | null;
  readonly scores: readonly [number, number];
  /** Each player's shelf (полка, п.22.2), in the order the balls arrived. */
  readonly shelves: readonly [readonly BallId[], readonly BallId[]];
  /** Balls on the bed, ascending. The coloured ball is absent while it is in hand or pocketed. */
  readonly table: readonly BallId[];
  /** Where each ball on the bed lies (mm), when known; null when the record does not track positions. */
  readonly positions: Readonly<Record<string, Point>> | null;
  readonly turn: Turn;
  /** Classic 5.7: the last object ball legally pocketed (goes back to the back spot at 70:70). */
  readonly lastPocketed: BallId | null;
  /** Classic 5.7: the frame is in its sudden-death play-off. */
  readonly playOff: boolean;
  /** п.26: time extensions each player has used in this frame. */
  readonly extensionsUsed: readonly [number, number];
  /** Shots played in this frame (the break is shot 1). */
  readonly shotsInFrame: number;
}
