/**
 * Shot facts: what a human referee can observe of one shot, and what the simulator will emit.
 * The referee judges a shot from these alone, so it can be fed by a scorer, a test or physics.
 * `factsFromEvents` derives them from an ordered event list with one function.
 */
import type { PocketId, Point } from '@pyramid/table';
import type { BallId } from './balls.js';

/** Faults of the stroke itself that the referee saw (§29.1 items 3–8). */
export const STROKE_FOULS = [
  'early-stroke', // 29.1(3), п.14.2: the next stroke began before the previous shot ended
  'improper-strike', // 29.1(4), п.15: not with the tip, not along the cue, a miscue, a scoop
  'feet-off-floor', // 29.1(5), п.16
  'touched-ball', // 29.1(6), п.17: a ball touched by body, clothing, cue, chalk… during the shot
  'double-hit', // 29.1(7), п.18
  'push', // 29.1(8), п.19.1
] as const;
export type StrokeFoul = (typeof STROKE_FOULS)[number];

export interface Pocketing {
  readonly ball: BallId;
  readonly pocket: PocketId;
}

/**
 * The geometry of the stroke near another ball, for the push rule of п.19.2: the gap between the
 * cue ball and the nearest object ball (mm) and the angle between the stroke and their centres line.
 */
export interface StrokeGeometry {
  readonly nearestBall: BallId;
  readonly gapMm: number;
  readonly angleDeg: number;
}

export interface ShotFacts {
  /** The first object ball the cue ball touched, or null if it touched none. */
  readonly firstContact: BallId | null;
  /** Balls that fell into pockets, in the order they fell. */
  readonly pocketed: readonly Pocketing[];
  /** Balls that jumped off the table and stayed off (п.24). */
  readonly offTable: readonly BallId[];
  /** One entry per cushion contact after the cue ball's first contact, naming the ball (п.20). */
  readonly cushionsAfterContact: readonly BallId[];
  /** On the break: the distinct object balls that reached a cushion (п.12.1). */
  readonly breakCushionBalls: readonly BallId[];
  /** From hand from the house: did the cue ball cross the house line before its first contact (п.21)? */
  readonly cueBallLeftHouseFirst: boolean;
  /** Was the first contacted ball in the house? Derived from known positions when omitted. */
  readonly firstContactInHouse: boolean | null;
  /** Balls that crossed the centre line after the first contact (only one completion setting uses it). */
  readonly centreLineCrossed: readonly BallId[];
  /** Object balls frozen to the cue ball when it was struck (п.5.3 setting). */
  readonly frozenBalls: readonly BallId[];
  readonly strokeFouls: readonly StrokeFoul[];
  readonly stroke: StrokeGeometry | null;
  /** Rest positions (mm) of every ball left on the bed, when known. */
  readonly positions: Readonly<Record<string, Point>> | null;
}

/** An ordered event of a shot, as a referee's notebook or the simulator's bridge records it. */
export type ShotEvent =
  | { readonly type: 'contact'; readonly balls: readonly [BallId, BallId] }
  | { readonly type: 'cushion'; readonly ball: BallId }
  | { readonly type: 'pocket'; readonly ball: BallId; readonly pocket: PocketId }
  | { readonly type: 'off-table'; readonly ball: BallId }
  | { readonly type: 'house-line'; readonly ball: BallId }
  | { readonly type: 'centre-line'; readonly ball: BallId };

export const SHOT_EVENT_TYPES = [
  'contact',
  'cushion',
  'pocket',
  'off-table',
  'house-line',
  'centre-line',
] as const;

export const EMPTY_FACTS: ShotFacts = Object.freeze({
  firstContact: null,
  pocketed: [],
  offTable: [],
  cushionsAfterContact: [],
  breakCushionBalls: [],
  cueBallLeftHouseFirst: false,
  firstContactInHouse: null,
  centreLineCrossed: [],
  frozenBalls: [],
  strokeFouls: [],
  stroke: null,
  positions: null,
});

/**
 * Derives the shot facts from the ordered events of a shot played with `cueBall`. Events are taken
 * as given: the caller (the record validator) has already checked that every ball exists. With
 * `frozenBallCountsAsContact` (a setting of п.5.3) a frozen ball is the first contact.
 */
export function factsFromEvents(
  cueBall: BallId,
  events: readonly ShotEvent[],
  extra: Partial<Pick<ShotFacts, 'strokeFouls' | 'stroke' | 'positions' | 'frozenBalls'>> = {},
  frozenBallCountsAsContact = false,
): ShotFacts {
  // п.5.3 setting: a ball frozen to the cue ball is touched at the stroke, before any event.
  const frozen = extra.frozenBalls ?? [];
  let firstContact: BallId | null = frozenBallCountsAsContact && frozen.length > 0 ? frozen[0]! : null;
  const pocketed: Pocketing[] = [];
  const offTable: BallId[] = [];
  const cushionsAfterContact: BallId[] = [];
  const breakCushionBalls: BallId[] = [];
  const centreLineCrossed: BallId[] = [];
  let cueBallLeftHouseFirst = false;
  for (const event of events) {
    switch (event.type) {
      case 'contact': {
        const [a, b] = event.balls;
        if (firstContact === null && (a === cueBall || b === cueBall)) firstContact = a === cueBall ? b : a;
        break;
      }
      case 'cushion':
        if (firstContact !== null) cushionsAfterContact.push(event.ball);
        if (event.ball !== cueBall && !breakCushionBalls.includes(event.ball))
          breakCushionBalls.push(event.ball);
        break;
      case 'pocket':
        pocketed.push({ ball: event.ball, pocket: event.pocket });
        break;
      case 'off-table':
        offTable.push(event.ball);
        break;
      case 'house-line':
        if (event.ball === cueBall && firstContact === null) cueBallLeftHouseFirst = true;
        break;
      case 'centre-line':
        if (firstContact !== null && !centreLineCrossed.includes(event.ball))
          centreLineCrossed.push(event.ball);
        break;
    }
  }
  return {
    ...EMPTY_FACTS,
    firstContact,
    pocketed,
    offTable,
    cushionsAfterContact,
    breakCushionBalls,
    cueBallLeftHouseFirst,
    centreLineCrossed,
    strokeFouls: extra.strokeFouls ?? [],
    stroke: extra.stroke ?? null,
    positions: extra.positions ?? null,
    frozenBalls: extra.frozenBalls ?? [],
  };
}
