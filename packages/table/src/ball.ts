/**
 * Ball identities. Numbers rather than strings so that Classic scoring can use the id as the value
 * and so that ascending order (the п.25 spotting order) is plain numeric order.
 */
import type { Point } from './point.js';

/** 0 is the coloured (yellow) ball, 1..15 the numbered white balls. */
export type BallId = number;

export const COLOURED_BALL: BallId = 0;

/** The highest white ball number; a full pyramid holds exactly this many balls. */
export const WHITE_BALL_COUNT = 15;

export function isBallId(value: number): value is BallId {
  return Number.isInteger(value) && value >= 0 && value <= WHITE_BALL_COUNT;
}

export interface PlacedBall {
  readonly ball: BallId;
  readonly at: Point;
}
