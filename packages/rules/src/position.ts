/**
 * The referee's view of where balls are: the house test for a first contact, the temporary house
 * (п.21), and re-spotting (п.25) when positions are known. Positions are optional throughout: a
 * scorer at a real table may record none, and then re-spots are reported without coordinates.
 * Every measure is taken on the match's own table (`TableSize`), looked up in the shared cache.
 */
import {
  isInHouse,
  isInTemporaryHouse,
  isOnBed,
  type PlacedBall,
  type Point,
  respotPositions,
  restsOnTable as restsOnTableOf,
} from '@pyramid/table';
import { type BallId, COLOURED, respotOrder } from './balls.js';
import type { RulebookFacts } from './rulebook-facts.js';
import type { Respot } from './ruling.js';
import type { InHand } from './state.js';
import { matchTable, type TableSize } from './table-size.js';

export type Positions = Readonly<Record<string, Point>>;

/** The object balls of a variant: every ball but the coloured cue ball, except where any may be either (Free 5.1). */
export function objectBalls(rules: RulebookFacts, table: readonly BallId[]): readonly BallId[] {
  return rules.anyBallIsCueBall ? table : table.filter((ball) => ball !== COLOURED);
}

/** The object balls among `balls` (all but the coloured ball); `balls` itself when it holds no coloured ball. */
export function withoutColoured(balls: readonly BallId[]): readonly BallId[] {
  return balls.includes(COLOURED) ? balls.filter((ball) => ball !== COLOURED) : balls;
}

/**
 * п.21 reading: from hand from the house, but from the temporary house when every object ball on
 * the table lies in the house. Needs positions; without them the house is assumed.
 */
export function houseArea(
  size: TableSize,
  rules: RulebookFacts,
  table: readonly BallId[],
  positions: Positions | null,
): InHand {
  if (positions === null) return 'house';
  const objects = objectBalls(rules, table);
  if (objects.length === 0) return 'house';
  const { spec } = matchTable(size);
  for (const ball of objects) {
    const at = positions[ball];
    if (at === undefined || !isInHouse(spec, at)) return 'house';
  }
  return 'temporary-house';
}

/** Whether a cue ball in hand may be put at `at`: wholly on the bed and inside its area. */
export function placementAllowed(size: TableSize, area: InHand, at: Point): boolean {
  const { spec } = matchTable(size);
  if (!isOnBed(spec, at)) return false;
  switch (area) {
    case 'house':
      return isInHouse(spec, at);
    case 'temporary-house':
      return isInTemporaryHouse(spec, at);
    case 'anywhere':
      return true;
  }
}

/** Whether the centre `at` lies in the house of the match's table (п.2: the line is not in it). */
export function inHouse(size: TableSize, at: Point): boolean {
  return isInHouse(matchTable(size).spec, at);
}

/** Where a ball may come to rest: on the bed or hanging in a pocket's mouth (the table's one rule). */
export function restsOnTable(size: TableSize, at: Point): boolean {
  return restsOnTableOf(matchTable(size).geometry, at);
}

/** Balls closer than a diameter less this (mm) overlap: an allowance for measurement. */
const OVERLAP_ALLOWANCE = 0.5;

function overlapSquared(size: TableSize): number {
  const limit = matchTable(size).spec.ballDiameter - OVERLAP_ALLOWANCE;
  return limit * limit;
}

/** Balls overlapping `at` (closer than a diameter, with a small allowance for measurement). */
export function overlapping(
  size: TableSize,
  positions: Positions,
  at: Point,
  except: BallId | null,
): BallId | null {
  const limit = overlapSquared(size);
  for (const key in positions) {
    const other = positions[key]!;
    const dx = other.x - at.x;
    const dy = other.y - at.y;
    if (dx * dx + dy * dy < limit) {
      const ball = Number(key);
      if (ball !== except) return ball;
    }
  }
  return null;
}

/**
 * `overlapping` over a list of placed balls, in the order the list gives: for checking every ball
 * of a position against the others, where reading the keys of the position for each ball was slow.
 */
export function firstOverlap(
  size: TableSize,
  placed: readonly PlacedBall[],
  at: Point,
  except: BallId | null,
): BallId | null {
  const limit = overlapSquared(size);
  for (const other of placed) {
    const dx = other.at.x - at.x;
    const dy = other.at.y - at.y;
    if (dx * dx + dy * dy < limit && other.ball !== except) return other.ball;
  }
  return null;
}

export function withoutBalls(positions: Positions | null, balls: readonly BallId[]): Positions | null {
  if (positions === null || balls.length === 0) return positions;
  const next: Record<string, Point> = { ...positions };
  for (const ball of balls) delete next[ball];
  return next;
}

/**
 * Re-spots `balls` (п.25) in the product order: ascending number, the coloured ball last. With
 * known positions the places are computed; otherwise they are reported without coordinates.
 */
export function respot(
  size: TableSize,
  balls: readonly BallId[],
  positions: Positions | null,
): { respotted: Respot[]; positions: Positions | null } {
  const order = respotOrder(balls);
  if (positions === null) return { respotted: order.map((ball) => ({ ball, at: null })), positions: null };
  const others: PlacedBall[] = Object.entries(positions).map(([key, at]) => ({ ball: Number(key), at }));
  const placed = respotPositions(matchTable(size).spec, order, others);
  if (placed === null) {
    // No room on the long axis at all: cannot happen with 16 balls, but never invent a position.
    return { respotted: order.map((ball) => ({ ball, at: null })), positions: null };
  }
  const next: Record<string, Point> = { ...positions };
  for (const { ball, at } of placed) next[ball] = at;
  return { respotted: placed.map(({ ball, at }) => ({ ball, at })), positions: next };
}
