/**
 * Everything that can happen in a match, as data. A shot carries what the striker chose (cue ball,
 * call, placement of a ball in hand) and what happened (facts or events); the other actions are
 * the decisions the rules give a player and events outside a shot.
 */
import type { Point } from '@pyramid/table';
import type { BallId } from './balls.js';
import type { ShotEvent, ShotFacts, StrokeFoul, StrokeGeometry } from './facts.js';
import type { Call, Player } from './state.js';

/** What happened in a shot, either as facts or as an ordered event list (with the observations events cannot carry). */
export type ShotOutcome =
  | { readonly facts: ShotFacts }
  | {
      readonly events: readonly ShotEvent[];
      readonly strokeFouls?: readonly StrokeFoul[];
      readonly stroke?: StrokeGeometry | null;
      readonly frozenBalls?: readonly BallId[];
      readonly positions?: Readonly<Record<string, Point>> | null;
    };

/** Whether the referee saw every object ball on the table lying in the house (п.21). */
export const OBJECT_BALLS_IN_HOUSE = ['all', 'not-all'] as const;
export type ObjectBallsInHouse = (typeof OBJECT_BALLS_IN_HOUSE)[number];

/**
 * What the striker chooses before the stroke: the part of a shot the rules can judge before the
 * table has said what happened (`checkShotIntent`).
 */
export interface ShotIntent {
  /** The cue ball used; required in Free (except the break), the coloured ball otherwise. */
  readonly cueBall: BallId;
  readonly call: Call | null;
  /** Where a cue ball in hand was placed (mm), if known. */
  readonly placement: Point | null;
  /**
   * п.21 without positions: on a shot from hand from the house, whether the referee saw every
   * object ball lying in the house ('all': the shot is from the temporary house). Absent: not observed.
   */
  readonly objectBallsInHouse?: ObjectBallsInHouse;
}

export interface ShotAction extends ShotIntent {
  readonly type: 'shot';
  readonly player: Player;
  readonly outcome: ShotOutcome;
}

export interface PenaltyBallAction {
  readonly type: 'penalty-ball';
  readonly player: Player;
  readonly ball: BallId;
}

export interface ExchangeBallAction {
  readonly type: 'exchange-ball';
  readonly player: Player;
  readonly ball: BallId;
}

export interface DynamicOptionAction {
  readonly type: 'dynamic-option';
  readonly player: Player;
  readonly option: 1 | 2;
}

export interface LagAction {
  readonly type: 'lag';
  readonly winner: Player;
  /** Who plays first; the lag winner decides (п.7). Defaults to the winner. */
  readonly first: Player;
}

/** Fouls outside a shot. */
export const EVENT_FOULS = [
  'touch-after-shot', // п.22.3, п.17: the striker touched a ball after his shot ended
  'touch-while-placing', // п.11, п.17: a ball touched while placing the cue ball in hand
  'slow-play', // п.26
  'touch-during-opponent-visit', // п.28
  'out-of-turn-stroke', // п.28
] as const;
export type EventFoul = (typeof EVENT_FOULS)[number];

export interface FoulAction {
  readonly type: 'foul';
  /** The offender. */
  readonly player: Player;
  readonly foul: EventFoul;
}

/** §27: balls set in motion by an outsider or an emergency. */
export interface InterferenceAction {
  readonly type: 'interference';
  readonly restorable: boolean;
}

/** п.26: a player takes one of his time extensions. */
export interface ExtensionAction {
  readonly type: 'extension';
  readonly player: Player;
}

export type Action =
  | ShotAction
  | PenaltyBallAction
  | ExchangeBallAction
  | DynamicOptionAction
  | LagAction
  | FoulAction
  | InterferenceAction
  | ExtensionAction;

export type ActionType = Action['type'];
export const ACTION_TYPES = [
  'shot',
  'penalty-ball',
  'exchange-ball',
  'dynamic-option',
  'lag',
  'foul',
  'interference',
  'extension',
] as const satisfies readonly ActionType[];
